#!/usr/bin/env bash
# Counts heap allocations per request in the bench server (built by run.sh) for each
# benchmark scenario, with an LD_PRELOAD malloc counter. Prints allocations per request.
#
#   Benchmarks/engine/allocations.sh        (run Benchmarks/engine/run.sh once first)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$root/.build/engine-bench"
port=18196
[ -x "$work/bench-server" ] || { echo "run Benchmarks/engine/run.sh first" >&2; exit 1; }
gcc -O2 -shared -fPIC "$root/Benchmarks/engine/malloc_counter.c" -o "$work/malloc_counter.so"

LD_PRELOAD="$work/malloc_counter.so" taskset -c 1 "$work/bench-server" --port "$port" --threads 1 \
    --root "$work/www" 2>"$work/allocations.log" &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
sleep 0.5

count() {
    kill -USR1 "$server"
    sleep 0.2
    tail -1 "$work/allocations.log" | sed 's/mallocs=//'
}
measure() {  # label, wrk arguments...
    local label="$1"; shift
    local before after requests
    before=$(count)
    requests=$(taskset -c 0 wrk -t1 -c10 -d2s "$@" | awk '/requests in/ {print $1}')
    sleep 0.2
    after=$(count)
    awk -v l="$label" -v a="$((after - before))" -v r="$requests" \
        'BEGIN { printf "%-26s %8d requests %8d allocations  %.4f per request\n", l, r, a, a / r }'
}
# Warm up: buffers reach their steady sizes.
taskset -c 0 wrk -t1 -c10 -d1s "http://127.0.0.1:$port/30k.json" >/dev/null
taskset -c 0 wrk -t1 -c10 -d1s "http://127.0.0.1:$port/small.json" >/dev/null
measure "small keep-alive" "http://127.0.0.1:$port/small.json"
measure "30 KB keep-alive" "http://127.0.0.1:$port/30k.json"
measure "small Connection: close" -H "Connection: close" "http://127.0.0.1:$port/small.json"
