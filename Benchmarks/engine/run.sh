#!/usr/bin/env bash
# The engine benchmark: the same bytes from a minimal HTTPCore server and from nginx, one
# worker each pinned to CPU 1, wrk pinned to CPU 0, rounds alternating.
#
#   Benchmarks/engine/run.sh [ROUNDS] [SECONDS_PER_RUN]      (defaults: 3 rounds, 5 s)
#
# With SPEC_SERVER=path/to/spec-server it also measures spec-server against nginx serving the
# very bytes spec-server sends: SPEC_SMALL (default /healthz) for the small scenarios and
# SPEC_LARGE (a route answering about 30 KB; skipped when unset) for the large one, and
# SPEC_FILTERED (default /v1/dynamic-type?category=large&style=body) for a filtered query, which
# nginx answers from a file holding the same bytes; and the large answers, each in identity and
# gzip, keep-alive and Connection: close: SPEC_TABLE (default /v1/dynamic-type?platform=ios,
# 75 KB), SPEC_PAGE (default /v1/tracking?format=html&limit=1000, 300 KB) and SPEC_EXPORT
# (default /v1/export), nginx serving the very bytes (the gzip ones as a file of those bytes).
#
# Needs: apt-get install -y nginx-light wrk  (and python3). Loopback only; everything it
# starts is stopped when it exits. Results go to stdout and Benchmarks/results/.
set -euo pipefail

rounds="${1:-3}"
seconds="${2:-5}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$root/.build/engine-bench"
mkdir -p "$work" "$root/Benchmarks/results"

for tool in wrk nginx taskset python3 swiftc clang; do
    command -v "$tool" >/dev/null || { echo "missing $tool (apt-get install -y nginx-light wrk)" >&2; exit 1; }
done

# Build the bench server from the HTTPCore sources as one optimised module, over SystemSupport.
cat > "$work/module.modulemap" <<MAP
module CLinuxSupport {
    header "$root/Sources/CLinuxSupport/include/CLinuxSupport.h"
    export *
}
MAP
clang -c -O2 -I "$root/Sources/CLinuxSupport/include" "$root/Sources/CLinuxSupport/shim.c" -o "$work/shim.o"
# SystemSupport first, as its own module, as SwiftPM builds it (HTTPCore imports it).
mapfile -t system < <(find "$root/Sources/SystemSupport" -name '*.swift' | sort)
swiftc -O -wmo -parse-as-library -swift-version 6 -package-name hig_spec_service -module-name SystemSupport \
    -Xcc -fmodule-map-file="$work/module.modulemap" \
    -emit-module -emit-module-path "$work/SystemSupport.swiftmodule" -emit-library -static \
    "${system[@]}" -o "$work/libSystemSupport.a"
mapfile -t sources < <(find "$root/Sources/HTTPCore" -name '*.swift' | sort)
swiftc -O -wmo -parse-as-library -swift-version 6 -package-name hig_spec_service -enable-experimental-feature Lifetimes \
    -module-name HTTPCore \
    -Xcc -fmodule-map-file="$work/module.modulemap" -I "$work" -L "$work" -lSystemSupport \
    "${sources[@]}" "$root/Benchmarks/engine/BenchServer.swift" "$work/shim.o" \
    -o "$work/bench-server"

python3 "$root/Benchmarks/engine/bench.py" \
    --server "$work/bench-server" --work "$work" --rounds "$rounds" --seconds "$seconds" \
    ${SPEC_SERVER:+--spec-server "$SPEC_SERVER" --spec-small "${SPEC_SMALL:-/healthz}"} \
    ${SPEC_SERVER:+${SPEC_LARGE:+--spec-large "$SPEC_LARGE"}} \
    ${SPEC_SERVER:+--spec-filtered "${SPEC_FILTERED:-/v1/dynamic-type?category=large&style=body}"} \
    ${SPEC_SERVER:+--spec-table "${SPEC_TABLE:-/v1/dynamic-type?platform=ios}"} \
    ${SPEC_SERVER:+--spec-page "${SPEC_PAGE:-/v1/tracking?format=html&limit=1000}"} \
    ${SPEC_SERVER:+--spec-export "${SPEC_EXPORT:-/v1/export}"} \
    | tee "$root/Benchmarks/results/engine-$(date -u +%Y%m%dT%H%M%SZ).txt"
