#!/usr/bin/env bash
# What a data file costs by its size: the store repeated 1, 10 and 100 times
# (Benchmarks/store/scale.py), each checked (`spec-server check-data`: parse and validate) and
# served (start until /readyz answers; then a SIGHUP reload until /metrics counts it), with
# wall time and peak resident memory (/usr/bin/time for the check, VmHWM for the server).
#
#   Benchmarks/store/scale.sh [BINARY] [FACTOR...]
#
# BINARY defaults to a release build of spec-server. The "Data file size" figures of Docs/performance.md come
# from this script.
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=${1:-}
if [ -z "$binary" ]; then
    swift build -c release --product spec-server >&2
    binary="$(swift build -c release --show-bin-path)/spec-server"
fi
shift $(($# > 0 ? 1 : 0))
factors=("$@")
[ ${#factors[@]} -gt 0 ] || factors=(1 10 100)
work=$(mktemp -d "${TMPDIR:-/tmp}/spec-scale.XXXXXX")
server=""
cleanup() {
    if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

printf '%-7s %8s %8s %8s %10s %8s %9s %10s\n' factor "file MB" records "check s" "check MiB" "start s" "reload s" "peak MiB"
for factor in "${factors[@]}"; do
    file="$work/x$factor.json"
    python3 Benchmarks/store/scale.py Data/specs.json "$factor" "$file"
    megabytes=$(awk -v b="$(stat -c %s "$file")" 'BEGIN { printf "%.1f", b / 1048576 }')
    records=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(sum(len(v) for k, v in d.items() if isinstance(v, list) and k not in ('versions', 'sources', 'subjects', 'elements', 'searchSynonyms')))" "$file")
    /usr/bin/time -f '%e %M' -o "$work/check.time" "$binary" check-data "$file" >/dev/null
    read -r check_seconds check_kb <"$work/check.time"

    # Served: from exec until /readyz answers, then the resident set at that moment.
    started=$(date +%s%N)
    "$binary" --host 127.0.0.1 --port 0 --log off --data "$file" >"$work/server.out" 2>&1 &
    server=$!
    port=""
    for _ in $(seq 6000); do
        port=$(sed -n 's|.*http://127.0.0.1:\([0-9]*\).*|\1|p' "$work/server.out" | head -1)
        if [ -n "$port" ] && curl -sf "http://127.0.0.1:$port/readyz" >/dev/null; then break; fi
        if ! kill -0 "$server" 2>/dev/null; then cat "$work/server.out" >&2; exit 1; fi
        sleep 0.05 # a poll interval; the loop ends on readiness, on exit, or after 300 s
    done
    ready=$(date +%s%N)
    kill -HUP "$server"
    for _ in $(seq 6000); do
        if curl -s "http://127.0.0.1:$port/metrics" | grep -q '^spec_server_reloads_total{result="success"} 1$'; then break; fi
        sleep 0.05 # a poll interval; the loop ends when the reload is counted, or after 300 s
    done
    reloaded=$(date +%s%N)
    serve_kb=$(awk '/VmHWM/ { print $2 }' "/proc/$server/status")
    kill "$server"
    wait "$server" 2>/dev/null || true
    server=""
    printf '%-7s %8s %8s %8s %10s %8s %9s %10s\n' "$factor" "$megabytes" "$records" "$check_seconds" \
        "$((check_kb / 1024))" "$(awk -v n="$((ready - started))" 'BEGIN { printf "%.2f", n / 1e9 }')" \
        "$(awk -v n="$((reloaded - ready))" 'BEGIN { printf "%.2f", n / 1e9 }')" "$((serve_kb / 1024))"
done
