#!/usr/bin/env bash
# Whether a liveness probe is answered while many clients ask for large pages never asked before:
# /healthz latency (p50, p90, p99, max, and probes over 50 ms or 1 s) alone and while CLIENTS
# keep-alive connections each ask for distinct 441-row HTML pages (about 300 KB each), one after
# another, against a release spec-server on loopback with its default loops and answer threads.
#
#   Benchmarks/probe/run.sh [path/to/spec-server ...]    (default: builds it with -c release)
#
# Give two binaries (e.g. one built from an older commit) to measure both in one run, one after
# the other. CLIENTS (default 1000), SECONDS (default 10) and EXTRA (more server flags, e.g.
# "--answer-threads 0") adjust it. Needs python3 only.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
servers=("$@")
if [ ${#servers[@]} -eq 0 ]; then
    swift build -c release --product spec-server --package-path "$root" >/dev/null
    servers=("$(swift build -c release --show-bin-path --package-path "$root")/spec-server")
fi
for server in "${servers[@]}"; do
    python3 "$root/Benchmarks/probe/probe.py" "$server"
done
