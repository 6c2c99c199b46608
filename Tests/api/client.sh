#!/usr/bin/env bash
# Typed-client check: generates a Python client from the served /openapi.json with
# openapi-python-client, refuses any generator warning (a schema it could not type), then runs
# Tests/api/typed_client.py, which reads devices, widgets, Dynamic Type, a check, a batch check
# and a diff through the generated typed models.
#
# usage: Tests/api/client.sh [path/to/spec-server]
#
# SPEC_API_VENV names a venv that already has openapi-python-client (no network needed).
set -euo pipefail

cd "$(dirname "$0")/../.."
root=$(pwd)
. Tests/lib/server.sh
server_start client "${1:-}"

venv=${SPEC_API_VENV:-$work/venv}
if [ ! -x "$venv/bin/openapi-python-client" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check openapi-python-client
fi

curl -fsS "$base/openapi.json" >"$work/openapi.json"

echo "== openapi-python-client"
# The generator's post-generation hook runs ruff, which the venv provides.
if ! (cd "$work" && PATH="$venv/bin:$PATH" "$venv/bin/openapi-python-client" generate \
    --path "$work/openapi.json" --meta none --output-path "$work/hig_client" >"$work/generate.log" 2>&1); then
    cat "$work/generate.log"
    echo "client: generation failed" >&2
    exit 1
fi
cat "$work/generate.log"
if grep -qiE "warning|unable to|could not|skipping" "$work/generate.log"; then
    echo "client: the generator reported warnings (above)" >&2
    exit 1
fi

echo "== typed client"
PYTHONPATH="$work" "$venv/bin/python" "$root/Tests/api/typed_client.py" "$base"
