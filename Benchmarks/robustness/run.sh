#!/usr/bin/env bash
# Reproduces, on loopback and in bounded time (about a minute), each fault a hostile client or a
# careless operator can cause, against a release spec-server, and prints one table: load held,
# slow clients, slow readers, partial bodies, requests queued at SIGTERM, reload faults, the memory the
# answer cache really holds against --cache-bytes, and memory before and after.
#
#   Benchmarks/robustness/run.sh [path/to/spec-server]    (default: builds it with -c release)
#
# FAULTS=cache_accounting,load_held runs only the named faults (the function names in faults.py).
#
# Needs python3 and wrk (apt-get install -y wrk). Everything it starts is stopped when it exits.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
server="${1:-}"
if [ -z "$server" ]; then
    swift build -c release --product spec-server --package-path "$root" >/dev/null
    server="$(swift build -c release --show-bin-path --package-path "$root")/spec-server"
fi
command -v wrk >/dev/null || { echo "missing wrk (apt-get install -y wrk)" >&2; exit 1; }
python3 "$root/Benchmarks/robustness/faults.py" "$server" "$root/Data/specs.json"
