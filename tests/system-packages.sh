#!/usr/bin/env bash
# Installs the Debian packages the tests use that a machine with only a
# Rust toolchain may lack: a C and C++ compiler (the grading tests build
# small programs; the autograder tests, C++), Chromium (the browser tests),
# Node.js with npm and Python's venv (the platforms' own checkers, see
# tests/platforms/install.sh). Installs only what is missing; run by .ci/run
# up front and by the tests on first use (tests/integration/common.rs).
set -euo pipefail
missing=()
command -v cc >/dev/null 2>&1 || missing+=(gcc)
command -v g++ >/dev/null 2>&1 || missing+=(g++)
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v npm >/dev/null 2>&1 || missing+=(nodejs npm)
python3 -m venv --help >/dev/null 2>&1 || missing+=(python3-venv)
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing ${missing[*]} (tests/system-packages.sh)" >&2
sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo -n)
if ! command -v apt-get >/dev/null 2>&1; then
    echo "the tests need ${missing[*]}; install them with your package manager" >&2
    exit 1
fi
# One installer at a time: apt's own lock refuses a second one outright.
exec 9>"${TMPDIR:-/tmp}/upcard-system-packages.lock"
flock 9
"${sudo[@]}" apt-get update -q
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q "${missing[@]}"
