#!/usr/bin/env bash
# Counts heap allocations per request in the bench server (built by run.sh) for each
# benchmark scenario, with an LD_PRELOAD malloc counter. Prints allocations per request.
#
#   Benchmarks/engine/allocations.sh        (run Benchmarks/engine/run.sh once first)
#
# With SPEC_SERVER=path/to/spec-server it then counts spec-server's allocations too: a fixed
# answer, a repeated filtered query (answered from the cache by its raw bytes), the 27 KB CSV,
# and a closing connection.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$root/.build/engine-bench"
port=18196
[ -x "$work/bench-server" ] || { echo "run Benchmarks/engine/run.sh first" >&2; exit 1; }
gcc -O2 -shared -fPIC "$root/Benchmarks/engine/malloc_counter.c" -o "$work/malloc_counter.so"

server=
trap '[ -z "$server" ] || kill $server 2>/dev/null || true' EXIT
start() {  # command...
    LD_PRELOAD="$work/malloc_counter.so" taskset -c 1 "$@" 2>"$work/allocations.log" &
    server=$!
    for _ in $(seq 100); do
        curl -s -o /dev/null "http://127.0.0.1:$port/" && return
        sleep 0.05
    done
    echo "the server did not start" >&2
    exit 1
}
stop() {
    kill "$server"
    wait "$server" 2>/dev/null || true
    server=
}

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
echo "httpcore"
start "$work/bench-server" --port "$port" --threads 1 --root "$work/www"
# Warm up: buffers reach their steady sizes.
taskset -c 0 wrk -t1 -c10 -d1s "http://127.0.0.1:$port/30k.json" >/dev/null
taskset -c 0 wrk -t1 -c10 -d1s "http://127.0.0.1:$port/small.json" >/dev/null
measure "small keep-alive" "http://127.0.0.1:$port/small.json"
measure "30 KB keep-alive" "http://127.0.0.1:$port/30k.json"
measure "small Connection: close" -H "Connection: close" "http://127.0.0.1:$port/small.json"
stop

[ -n "${SPEC_SERVER:-}" ] || exit 0
echo "spec-server"
start "$SPEC_SERVER" --port "$port" --threads 1 --log off
filtered="http://127.0.0.1:$port/v1/dynamic-type?category=large&style=body"
large="http://127.0.0.1:$port/v1/devices?format=csv"
for url in "$filtered" "$large" "http://127.0.0.1:$port/healthz"; do
    taskset -c 0 wrk -t1 -c10 -d1s "$url" >/dev/null
done
measure "small keep-alive" "http://127.0.0.1:$port/healthz"
measure "filtered query keep-alive" "$filtered"
measure "27 KB keep-alive" "$large"
measure "small Connection: close" -H "Connection: close" "http://127.0.0.1:$port/healthz"
