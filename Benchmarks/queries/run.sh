#!/usr/bin/env bash
# The never-seen-query benchmark: spec-server CPU per request for queries it has never seen
# (a counter makes every URL or tools/call unique) against a repeated, cached query, all in one
# run on one server. One loop thread pinned to CPU 1, wrk pinned to CPU 0; server CPU time from
# /proc/PID/task/*/schedstat, divided by the requests wrk completed. The repeated query runs
# between cases, and each case's ratio is to the repeated runs either side of it, so the VM's
# drift over the run does not tilt the ratios of the cases measured last.
#
#   Benchmarks/queries/run.sh [ROUNDS] [SECONDS_PER_CASE]      (defaults: 3 rounds, 3 s)
#
# SPEC_SERVER names the binary (default: a release build made here); SPEC_DATA a data file to
# serve instead of the embedded one; QUERY_ONLY=A,B measures only the cases whose names hold A or B
# (and the repeated query, the baseline). Needs: apt-get install -y wrk (and python3). Loopback only;
# the server it starts is stopped when it exits. Results go to stdout and Benchmarks/results/.
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
for tool in wrk taskset python3; do
    command -v "$tool" >/dev/null || { echo "missing $tool (apt-get install -y wrk)" >&2; exit 1; }
done
binary=${SPEC_SERVER:-}
if [ -z "$binary" ]; then
    swift build -c release --product spec-server --package-path "$root" >&2
    binary="$(swift build -c release --show-bin-path --package-path "$root")/spec-server"
fi
mkdir -p "$root/Benchmarks/results"
python3 "$root/Benchmarks/queries/queries.py" --server "$binary" --rounds "${1:-3}" --seconds "${2:-3}" \
    ${SPEC_DATA:+--data "$SPEC_DATA"} ${QUERY_ONLY:+--only "$QUERY_ONLY"} | tee "$root/Benchmarks/results/queries-$(date -u +%Y%m%dT%H%M%SZ).txt"
