#!/usr/bin/env bash
# API conformance: schemathesis against /openapi.json, then REDbot against representative URLs.
#
# usage: Tests/api/run.sh [path/to/spec-server]
#
# Starts the server (Tests/lib/server.sh: built if no binary is given, on a free loopback port),
# installs schemathesis and redbot into a throwaway venv, and exits non-zero if either tool finds
# a failure.
# REDbot exits 0 even when it reports BAD notes, so its HAR output is parsed instead.
set -euo pipefail

cd "$(dirname "$0")/../.."
root=$(pwd)
. Tests/lib/server.sh

# With a binary built with the UpstreamFetch trait, the server watches a loopback stand-in for
# Apple's pages (Tests/lib/pages.sh), so /v1/sources serves a report with findings and
# schemathesis checks it against its schema. Without the trait, /v1/sources answers 404, as the
# document says too.
. Tests/lib/pages.sh
pages_start api "${1:-}"
server_start api "${1:-}" "${pages_options[@]}"
pages_wait_report

# SPEC_API_VENV reuses a venv that already has both tools (no network needed).
venv=${SPEC_API_VENV:-$work/venv}
if [ ! -x "$venv/bin/st" ] || [ ! -x "$venv/bin/redbot" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check schemathesis redbot
fi

failures=0

echo "== schemathesis"
# Every check runs: Tests/api/schemathesis.toml enables them all and holds the one per-operation
# exception, with its reason (naming checks here with --checks would override that exception).
# One worker: with two, Python 3.11's ast module (which Hypothesis uses to describe its filters)
# races between threads and aborts an operation with "AST constructor recursion depth mismatch".
# From the scratch directory: schemathesis keeps a cache in its working directory, which must not
# land in the repository.
if (cd "$work" && "$venv/bin/st" --config-file "$root/Tests/api/schemathesis.toml" run "$base/openapi.json" \
    --max-examples "${SPEC_API_EXAMPLES:-20}" \
    --seed 1 \
    --request-timeout 10 \
    --workers 1 \
    --phases examples,coverage,fuzzing \
    --report junit --report-dir "$work/reports" \
    --no-color); then
    schemathesis="passed"
else
    schemathesis="FAILED"
    failures=$((failures + 1))
fi

echo "== redbot"
urls=(
    "/"
    "/v1/devices"
    "/v1/devices?format=csv"
    "/v1/devices?format=md"
    "/v1/devices?format=html"
    "/v1/devices?format=html&fragment=true"
    "/v1/devices?version=2023"
    "/v1/devices/device.iphone-16-pro"
    "/v1/rules/rule.tab-bars.navigation-not-actions"
    "/v1/metrics/metric.controls.ios.minimum-size?format=html"
    "/v1/tracking?sort=-size&limit=5&offset=5&fields=id,size"
    "/v1/size-classes"
    "/v1/widgets?screen=430x932"
    "/v1/tracking?size=18.5&format=csv"
    "/v1/dynamic-type?platform=visionos&format=md"
    "/v1/dynamic-type?category=ax5&style=body"
    "/v1/text-styles?platform=macos"
    "/v1/metrics?topic=controls"
    "/v1/rules?kind=requirement"
    "/v1/myths"
    "/v1/search?q=tap%20target"
    "/v1/check?figure=metric.controls.ios.minimum-size&width=30&height=30"
    "/v1/versions"
    "/v1/diff?from=2023&to=2025-03-07"
    "/v1/export"
    "/v1/tokens/dynamic-type/large"
    "/v1/tokens/metrics?flat=true"
    "/openapi.json"
    "/healthz"
    "/readyz"
    "/metrics"
    "/v1/sources"
    "/v1/sources?format=html"
    "/v1/devices?colour=red"
    "/nowhere"
)
bad_urls=0
for path in "${urls[@]}"; do
    har="$work/redbot.har"
    "$venv/bin/redbot" -o har "$base$path" >"$har" 2>"$work/redbot.err" || true
    verdict=$(python3 - "$har" <<'PY'
import json, sys
try:
    log = json.load(open(sys.argv[1]))
    entries = log["log"]["entries"]
except Exception as error:
    print(f"UNREADABLE {error}")
    sys.exit()
bad = [m for e in entries for m in e.get("_red_messages", []) if m.get("level") == "BAD"]
if not entries:
    print("UNREADABLE no entries")
for m in bad:
    print(f"BAD {m.get('note_id')}: {m.get('summary')}")
PY
)
    if [ -n "$verdict" ]; then
        echo "  $path"
        echo "$verdict" | sed 's/^/    /'
        bad_urls=$((bad_urls + 1))
    else
        echo "  $path: no BAD notes"
    fi
done
if [ "$bad_urls" -gt 0 ]; then failures=$((failures + 1)); fi

echo "api: schemathesis $schemathesis; redbot ${#urls[@]} URLs, $bad_urls with BAD notes; $failures failed"
[ "$failures" -eq 0 ]
