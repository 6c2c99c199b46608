# shellcheck shell=bash
# Starts a spec-server for a test script and stops it when the script exits.
#
#   . Tests/lib/server.sh
#   server_start NAME [BINARY [SERVER OPTION...]]
#
# server_start makes a scratch directory ($work, "spec-server-NAME.XXXXXX", removed on exit),
# builds the release binary when no BINARY is given ($binary), and starts it on loopback with
# --port 0: the kernel picks a free port as it binds, so no other process can take the port
# between choosing and binding. It reads the server's output until the line that says where it
# serves (with --log off the server prints only that line and its errors), then asks /readyz,
# and returns with $base set to http://127.0.0.1:PORT and the output in $work/server.log. It
# waits on that line, not a fixed time, and gives up after SPEC_SERVER_READY_SECONDS (default
# 120): a server that exits or never gets ready fails the script with its output. An EXIT trap
# (server_stop) stops the server and removes $work; a script with more to clean calls server_stop
# from its own trap.

work=""
binary=""
base=""
server_pid=""
server_reader_pid=""

server_stop() {
    if [ -n "$server_pid" ]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
        server_pid=""
    fi
    # The copier ends when the server's end of the pipe closes.
    if [ -n "$server_reader_pid" ]; then
        wait "$server_reader_pid" 2>/dev/null || true
        server_reader_pid=""
    fi
    if [ -n "$work" ]; then rm -rf "$work"; fi
}

server_fail() {
    echo "$1: $2" >&2
    if [ -f "$work/server.log" ]; then sed 's/^/  server: /' "$work/server.log" >&2; fi
    exit 1
}

server_start() {
    local name=$1
    binary=${2:-}
    shift $(($# < 2 ? $# : 2))
    work=$(mktemp -d "${TMPDIR:-/tmp}/spec-server-$name.XXXXXX")
    trap server_stop EXIT
    if [ -z "$binary" ]; then
        swift build -c release --product spec-server >&2
        binary="$(swift build -c release --show-bin-path)/spec-server"
    fi

    # The server writes into a FIFO that this shell reads line by line with a timeout, so the
    # wait ends the moment the line arrives, or the server exits (end of file), or time is up.
    mkfifo "$work/server.out"
    "$binary" --host 127.0.0.1 --port 0 --log off "$@" >"$work/server.out" 2>&1 &
    server_pid=$!
    local fd line port="" left
    exec {fd}<"$work/server.out"
    local deadline=$((SECONDS + ${SPEC_SERVER_READY_SECONDS:-120}))
    : >"$work/server.log"
    while left=$((deadline - SECONDS)) && [ "$left" -gt 0 ] && IFS= read -r -t "$left" -u "$fd" line; do
        printf '%s\n' "$line" >>"$work/server.log"
        if [[ $line =~ ^spec-server:\ serving\ .*\ on\ http://127\.0\.0\.1:([0-9]+)\  ]]; then
            port=${BASH_REMATCH[1]}
            break
        fi
    done
    # The rest of the output goes on to the log (the server must never block on a full pipe).
    cat <&"$fd" >>"$work/server.log" &
    server_reader_pid=$!
    exec {fd}<&-
    if [ -z "$port" ]; then
        if kill -0 "$server_pid" 2>/dev/null; then
            server_fail "$name" "the server did not start serving within ${SPEC_SERVER_READY_SECONDS:-120} s"
        fi
        server_fail "$name" "the server exited"
    fi
    base="http://127.0.0.1:$port"
    curl -fsS --max-time 10 "$base/readyz" >/dev/null || server_fail "$name" "$base/readyz is not 200"
}
