#!/usr/bin/env bash
# One large answer, spec-server against nginx on the very same bytes, alternating round by round:
# a closer look at a case engine/run.sh measured near 1x. Uses the nginx configuration and the
# files engine/run.sh left in .build/engine-bench (run it first, with SPEC_SERVER set).
#
#   Benchmarks/engine/pair.sh BINARY ROUNDS SECONDS "SPEC_PATH|NGINX_FILE"...
#   CLOSE=1 asks with Connection: close; GZIP=1 with Accept-Encoding: gzip.
#   e.g. Benchmarks/engine/pair.sh .build/release/spec-server 4 3 \
#        "/v1/dynamic-type?platform=ios|/spec-table.json" "/v1/export|/spec-export.json"
#
# One server worker each on CPU 1, wrk -t1 -c50 on CPU 0; each line is one round's requests per
# second and their ratio. Needs: apt-get install -y nginx-light wrk.
set -euo pipefail
binary="$1" rounds="$2" seconds="$3"
shift 3
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$root/.build/engine-bench"
[ -f "$work/nginx.conf" ] || { echo "run Benchmarks/engine/run.sh with SPEC_SERVER first" >&2; exit 1; }
headers=()
[ "${CLOSE:-0}" = 1 ] && headers+=(-H "Connection: close")
[ "${GZIP:-0}" = 1 ] && headers+=(-H "Accept-Encoding: gzip")
nginx_port=$(sed -n 's/.*listen 127.0.0.1:\([0-9]*\).*/\1/p' "$work/nginx.conf")
spec_port=18190
taskset -c 1 nginx -c "$work/nginx.conf" -p "$work" 2>/dev/null &
nginx_pid=$!
taskset -c 1 "$binary" --port "$spec_port" --threads 1 --log off 2>/dev/null &
spec_pid=$!
trap 'kill "$spec_pid" 2>/dev/null; kill -QUIT "$nginx_pid" 2>/dev/null; wait 2>/dev/null' EXIT
for _ in $(seq 100); do
    curl -sf "http://127.0.0.1:$spec_port/readyz" >/dev/null && curl -sf "http://127.0.0.1:$nginx_port/small.json" >/dev/null && break
    sleep 0.1
done
rate() { taskset -c 0 wrk -t1 -c50 "-d${seconds}s" "${headers[@]}" "$1" | awk '/Requests\/sec/ {print $2}'; }
for pair in "$@"; do
    spec_path="${pair%%|*}" nginx_file="${pair##*|}"
    for round in $(seq "$rounds"); do
        ours=$(rate "http://127.0.0.1:$spec_port$spec_path")
        theirs=$(rate "http://127.0.0.1:$nginx_port$nginx_file")
        echo "$spec_path round $round: spec-server $ours/s, nginx $theirs/s, $(python3 -c "print(f'{$ours / $theirs:.2f}x')")"
    done
done
