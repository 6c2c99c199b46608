#!/usr/bin/env bash
# Builds the libFuzzer harness over HTTPCore's parser and connection state machine with
# AddressSanitizer, then fuzzes for a bounded time.
#
#   Fuzz/run.sh [SECONDS]      (default 60)
#
# Crashes and hangs are written to fuzz-artifacts/; the exit status is non-zero if any.
set -euo pipefail

seconds="${1:-60}"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$root/.build/fuzz"
artifacts="$root/fuzz-artifacts"
mkdir -p "$work" "$artifacts" "$work/corpus"

# A module map for the C shim, as SwiftPM would generate it.
cat > "$work/module.modulemap" <<MAP
module CLinuxSupport {
    header "$root/Sources/CLinuxSupport/include/CLinuxSupport.h"
    export *
}
MAP

clang -c -O1 -g -fsanitize=address -I "$root/Sources/CLinuxSupport/include" \
    "$root/Sources/CLinuxSupport/shim.c" -o "$work/shim.o"

mapfile -t sources < <(find "$root/Sources/HTTPCore" -name '*.swift' | sort)
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
    -swift-version 6 -module-name HTTPCore \
    -Xcc -fmodule-map-file="$work/module.modulemap" \
    "${sources[@]}" "$root/Fuzz/FuzzRequestParsing.swift" "$work/shim.o" \
    -o "$work/fuzz-http"

# Seed the corpus with a few well-formed requests (the first byte chooses the read size).
printf '\x00GET /a?b=c HTTP/1.1\r\nHost: x\r\nAccept: */*\r\n\r\n' > "$work/corpus/get"
printf '\x05POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3;a="b"\r\nabc\r\n0\r\nT: 1\r\n\r\n' > "$work/corpus/chunked"
printf '\x00POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nExpect: 100-continue\r\n\r\nabcGET / HTTP/1.0\r\n\r\n' > "$work/corpus/pipelined"
printf '\x01OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n' > "$work/corpus/options"

"$work/fuzz-http" "$work/corpus" -max_total_time="$seconds" -max_len=16384 -timeout=10 \
    -rss_limit_mb=2048 -artifact_prefix="$artifacts/" -print_final_stats=1
