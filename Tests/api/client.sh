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
work=$(mktemp -d "${TMPDIR:-/tmp}/spec-server-client.XXXXXX")
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

binary=${1:-}
if [ -z "$binary" ]; then
    swift build -c release --product spec-server >&2
    binary="$(swift build -c release --show-bin-path)/spec-server"
fi

venv=${SPEC_API_VENV:-$work/venv}
if [ ! -x "$venv/bin/openapi-python-client" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check openapi-python-client
fi

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
base="http://127.0.0.1:$port"
"$binary" --port "$port" --log off >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 100); do
    if curl -fsS "$base/readyz" >/dev/null 2>&1; then break; fi
    if ! kill -0 "$server_pid" 2>/dev/null; then cat "$work/server.log" >&2; echo "client: server exited" >&2; exit 1; fi
    sleep 0.1
done
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
