#!/usr/bin/env bash
# What large check batches cost a loop, and whether /healthz keeps its latency while they pour
# in: against a release spec-server with one loop thread, on loopback, in about a minute.
#
#   Benchmarks/checks/run.sh [path/to/spec-server]    (default: builds it with -c release)
#
# Prints: one 69 KB batch of 760 measurements timed alone (JSON, embed=figure,
# embed=figure&format=html; median of 7); the peak resident memory judging one batch adds, per
# body byte; then /healthz latency (wrk --latency, p50 and p99) alone and while clients post
# embed=figure&format=html batches at RATE a second over CONNECTIONS keep-alive connections, with the
# batches' throughput and how many got 503.
#
# RATE (default 60), CONNECTIONS (default 6), SECONDS (default 10) and EXTRA (more server flags,
# e.g. "--answer-threads 0") adjust it. Needs python3, curl and wrk (apt-get install -y wrk).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
server="${1:-}"
if [ -z "$server" ]; then
    swift build -c release --product spec-server --package-path "$root" >/dev/null
    server="$(swift build -c release --show-bin-path --package-path "$root")/spec-server"
fi
command -v wrk >/dev/null || { echo "missing wrk (apt-get install -y wrk)" >&2; exit 1; }
command -v curl >/dev/null || { echo "missing curl (apt-get install -y curl)" >&2; exit 1; }
python3 "$root/Benchmarks/checks/checks.py" "$server"
