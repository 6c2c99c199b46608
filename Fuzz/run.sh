#!/usr/bin/env bash
# Builds the libFuzzer harnesses with AddressSanitizer, then fuzzes each for a share of a
# bounded time, starting from the checked-in seed corpora in Fuzz/corpus/:
#
#   http      HTTPCore's request parser and connection state machine  (FuzzRequestParsing.swift)
#   query     the query-string decoder                                  (FuzzSpecServer.swift)
#   check     the POST /v1/check body decoder
#   loader    the data-file loader
#   escaping  the HTML and Markdown escapes' invariants
#   mcp       a JSON-RPC message to the MCP responder (as stdio reads it)
#   pages     a HIG page's DocC render JSON to the source watch's reader and comparison
#   gzip      the gzip encoder's round trip through an inflater written for the check
#
#   Fuzz/run.sh [TOTAL_SECONDS]      (default 320: 40 s per harness)
#
# Crashes and hangs are written to fuzz-artifacts/; the exit status is non-zero if any.
set -euo pipefail

total="${1:-320}"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$root/.build/fuzz"
artifacts="$root/fuzz-artifacts"
mkdir -p "$work/modules" "$artifacts"
per=$((total / 8))
[ "$per" -ge 1 ] || per=1

# A module map for the C shim, as SwiftPM would generate it.
cat > "$work/module.modulemap" <<MAP
module CLinuxSupport {
    header "$root/Sources/CLinuxSupport/include/CLinuxSupport.h"
    export *
}
MAP

clang -c -O1 -g -fsanitize=address -I "$root/Sources/CLinuxSupport/include" \
    "$root/Sources/CLinuxSupport/shim.c" -o "$work/shim.o"

flags=(-sanitize=fuzzer,address -parse-as-library -package-name hig_spec_service -O -g -swift-version 6 -enable-experimental-feature Lifetimes -Xcc -fmodule-map-file="$work/module.modulemap")
# SystemSupport first, as its own module, as SwiftPM builds it (HTTPCore and SpecStore import it).
mapfile -t system < <(find "$root/Sources/SystemSupport" -name '*.swift' | sort)
swiftc "${flags[@]}" -wmo -c -module-name SystemSupport \
    -emit-module -emit-module-path "$work/modules/SystemSupport.swiftmodule" "${system[@]}" -o "$work/SystemSupport.o"
mapfile -t httpcore < <(find "$root/Sources/HTTPCore" -name '*.swift' | sort)
mapfile -t specserver < <(find "$root/Sources/SpecServer" -name '*.swift' ! -name main.swift | sort)

# module NAME: compiles Sources/NAME as one optimised, sanitized module (object and interface).
module() {
    local sources=()
    mapfile -t sources < <(find "$root/Sources/$1" -name '*.swift' | sort)
    swiftc "${flags[@]}" -wmo -c -module-name "$1" -enable-testing \
        -emit-module -emit-module-path "$work/modules/$1.swiftmodule" \
        -I "$work/modules" "${sources[@]}" -o "$work/$1.o"
}
# in_parallel COMMAND...: each command (a word, run as it is) at once; fails if any failed.
# A whole-module compile keeps one core busy, so the modules that do not need each other are
# built side by side: on 2 cores `Fuzz/run.sh 8` took 385 s where one module at a time took 501 s
# (measured 7 December 2026).
in_parallel() {
    local pids=() command failed=0
    for command in "$@"; do
        $command &
        pids+=($!)
    done
    for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
    return "$failed"
}
# The HTTP harness is compiled with HTTPCore's sources as one module, to reach its internals.
http_harness() {
    swiftc "${flags[@]}" -module-name HTTPCore -I "$work/modules" "${httpcore[@]}" "$root/Fuzz/FuzzRequestParsing.swift" \
        "$work/SystemSupport.o" "$work/shim.o" -o "$work/fuzz-http"
}
json_then_store() { module JSON && module SpecStore; }
http_core() { http_harness && module HTTPCore; }
in_parallel json_then_store http_core
in_parallel "module SourceWatch" "module SpecFormats"
module SpecAPI
module SpecMCP
objects=()
for name in JSON HTTPCore SpecStore SourceWatch SpecFormats SpecAPI SpecMCP; do objects+=("$work/$name.o"); done
printf 'enum EmbeddedSpecData {\n    static let json = ""\n}\n' > "$work/EmbeddedSpecData.swift"
swiftc "${flags[@]}" -module-name SpecServer -I "$work/modules" \
    "${specserver[@]}" "$work/EmbeddedSpecData.swift" "$root/Fuzz/FuzzSpecServer.swift" \
    "${objects[@]}" "$work/SystemSupport.o" "$work/shim.o" -o "$work/fuzz-spec"

status=0
fuzz() {
    local name=$1 binary=$2 max_len=$3
    echo "== fuzz $name for $per s"
    # New inputs go to the scratch corpus, never into the checked-in seeds.
    mkdir -p "$work/corpus-$name"
    # Globals built once under swift_once are not leaks (scripts/sanitizers/lsan.supp).
    # The Swift backtracer is off: libFuzzer and ASan print the stack, and the backtracer can
    # stall on a sanitized process.
    SWIFT_BACKTRACE=enable=no LSAN_OPTIONS="suppressions=$root/scripts/sanitizers/lsan.supp" \
        FUZZ_TARGET=$name FUZZ_DATA="$root/Data/specs.json" "$binary" "$work/corpus-$name" "$root/Fuzz/corpus/$name" \
        -max_total_time="$per" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$artifacts/$name-" -print_final_stats=1 2>&1 | tail -n 12 || status=1
}
fuzz http "$work/fuzz-http" 16384
fuzz query "$work/fuzz-spec" 4096
fuzz check "$work/fuzz-spec" 8192
fuzz loader "$work/fuzz-spec" 65536
fuzz escaping "$work/fuzz-spec" 4096
fuzz mcp "$work/fuzz-spec" 16384
fuzz pages "$work/fuzz-spec" 65536
fuzz gzip "$work/fuzz-spec" 16384
exit "$status"
