#!/usr/bin/env bash
# MCP with a real client: the official MCP Python SDK over Streamable HTTP and over stdio, in both
# protocol eras (test_mcp.py), the transport rules of POST /mcp with raw HTTP (test_transport.py), and
# the README's MCP configurations, --help and health-check run as printed (test_readme.py).
#
# usage: Tests/mcp/run.sh [path/to/spec-server]
#
# SPEC_MCP_VENV names a venv that has mcp 2.3.0 and pytest (scripts/test installs them);
# without it one is made in the scratch directory.
set -euo pipefail

cd "$(dirname "$0")/../.."
. Tests/lib/server.sh
server_start mcp "${1:-}"
shift $(($# > 0 ? 1 : 0))

venv=${SPEC_MCP_VENV:-$work/venv}
if [ ! -x "$venv/bin/pytest" ] || ! "$venv/bin/python" -c 'import mcp' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check 'mcp==2.3.0' pytest
fi

SPEC_MCP_BASE="$base" SPEC_SERVER_BINARY="$binary" \
    "$venv/bin/python" -m pytest -q -p no:cacheprovider Tests/mcp "$@"
