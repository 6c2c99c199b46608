# shellcheck shell=bash
# A loopback stand-in for Apple's pages, for a server built with the UpstreamFetch trait.
#
#   . Tests/lib/server.sh
#   . Tests/lib/pages.sh
#   pages_start NAME BINARY        # sets pages_options when BINARY has the UpstreamFetch trait
#   server_start NAME BINARY "${pages_options[@]}"
#   pages_wait_report              # waits until /v1/sources serves the first check
#
# Tests/upstream/page-fixture-server.py serves an empty directory (every page 404), so the
# server's source watch (--watch-sources) reports a finding per cited page and /v1/sources serves
# that report. Without the trait pages_options stays empty and
# /v1/sources answers 404. server_stop is extended to stop the fixture server too, so a server
# that fails to start leaves nothing running either.

pages_options=()
pages_pid=""
pages_dir=""

pages_start() {
    local name=$1 candidate=${2:-} line=""
    # A build with the trait names the libcurl it opens when a fetch is asked for.
    if [ -z "$candidate" ] || ! grep -qaF libcurl.so.4 "$candidate"; then return 0; fi
    pages_dir=$(mktemp -d "${TMPDIR:-/tmp}/spec-server-pages.XXXXXX")
    mkfifo "$pages_dir/out"
    python3 Tests/upstream/page-fixture-server.py "$pages_dir" >"$pages_dir/out" &
    pages_pid=$!
    exec {pages_fd}<"$pages_dir/out"
    IFS= read -r -t 30 -u "$pages_fd" line || true
    if [[ ! $line =~ ^listening\ ([0-9]+)$ ]]; then
        echo "$name: the page fixture server did not start" >&2
        kill "$pages_pid" 2>/dev/null || true
        exit 1
    fi
    pages_options=(--watch-sources 3600 --sources-base "http://127.0.0.1:${BASH_REMATCH[1]}")
    eval "server_stop_only() $(declare -f server_stop | tail -n +2)"
    server_stop() {
        server_stop_only
        if [ -n "$pages_pid" ]; then
            kill "$pages_pid" 2>/dev/null || true
            wait "$pages_pid" 2>/dev/null || true
            pages_pid=""
        fi
        if [ -n "$pages_dir" ]; then rm -rf "$pages_dir"; fi
    }
}

# The first check runs at start; waits for its report, with a deadline. Does nothing without
# the fixture server.
pages_wait_report() {
    [ -n "$pages_pid" ] || return 0
    local deadline=$((SECONDS + 60))
    until [ "$(curl -s -o /dev/null -w '%{http_code}' "$base/v1/sources")" = 200 ]; do
        if [ "$SECONDS" -ge "$deadline" ]; then
            echo "/v1/sources did not serve the first source check within 60 s" >&2
            exit 1
        fi
        sleep 0.2 # a poll interval; the loop ends on the condition or the deadline
    done
    echo "== /v1/sources serves the first check of the page fixture server"
}
