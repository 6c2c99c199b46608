#!/usr/bin/env bash
# Proves that the binary the Dockerfile builds runs with nothing but what its runtime image has,
# without a Docker engine: it builds spec-server the way the Dockerfile does (static Swift
# runtime, the UpstreamFetch trait), bootstraps a minimal Debian 12 root file system with the
# runtime stage's packages (what debian:bookworm-slim plus `apt-get install libcurl4
# ca-certificates` is made from), and inside it, as the image's unprivileged user and with only
# the image's environment variables:
#   1. serves, configured by SPEC_SERVER_HOST/SPEC_SERVER_PORT alone, as the image's ENV does;
#   2. `spec-server health-check` (the image's HEALTHCHECK) exits 0 against it;
#   3. a second instance mirrors the first through libcurl (--upstream);
#   4. SIGTERM exits 0, after which the health check exits 1;
#   5. with libcurl hidden (an empty file mounted over it), it still serves, and `--upstream` is
#      refused with a sentence naming libcurl: libcurl is opened for a fetch, never linked.
#
#   scripts/check-runtime-image.sh [ROOTFS_DIR]   (root, debootstrap, Debian mirrors; the first
#                                                 run bootstraps the root, later runs reuse it)
#   scripts/check-runtime-image.sh --prepare [ROOTFS_DIR]
#                                                 only bootstraps the root (scripts/test does it in
#                                                 the background while it builds)
# SPEC_SERVER_BINARY=PATH checks a binary already built that way (scripts/test's runtime image
# stage passes the one its live checks ran).
set -euo pipefail
cd "$(dirname "$0")/.."

prepare=""
if [ "${1:-}" = "--prepare" ]; then
    prepare=1
    shift
fi
rootfs=${1:-.build/runtime-rootfs}
port=${PORT:-18099}
mirror_port=$((port + 1))
# The runtime stage's packages, as the Dockerfile installs them.
runtime_packages=libcurl4,ca-certificates

command -v debootstrap >/dev/null || { apt-get update -qq && apt-get install -y -qq debootstrap; }
if [ ! -x "$rootfs/bin/sh" ] || [ ! -e "$rootfs/usr/lib/x86_64-linux-gnu/libcurl.so.4" ]; then
    rm -rf "$rootfs"
    debootstrap --variant=minbase --include="$runtime_packages" bookworm "$rootfs" >/dev/null
fi
[ -z "$prepare" ] || exit 0
binary=${SPEC_SERVER_BINARY:-}
if [ -z "$binary" ]; then
    binary=$(scripts/build-release --traits UpstreamFetch --scratch-path .build/static-upstream)
fi

echo "== shared libraries the binary needs"
ldd "$binary"

install -D "$binary" "$rootfs/usr/local/bin/spec-server"

# A container always has /proc mounted; the Swift runtime reads the command line from it.
mountpoint -q "$rootfs/proc" || mount -t proc proc "$rootfs/proc"
pids=()
hidden=""
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    [ -z "$hidden" ] || umount "$hidden" 2>/dev/null || true
    umount "$rootfs/proc" 2>/dev/null || true
}
trap cleanup EXIT

# The image's user and nothing but the image's environment (its ENV lines), plus VAR=value
# assignments before `--`; spec-server's arguments after it.
image_env=(PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin SPEC_SERVER_HOST=0.0.0.0 "SPEC_SERVER_PORT=$port")
image_command() {
    local vars=()
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do vars+=("$1"); shift; done
    [ $# -gt 0 ] && shift
    command_line=(env -i "${image_env[@]}" "${vars[@]}" chroot --userspec=65532:65532 "$rootfs"
        /usr/local/bin/spec-server "$@")
}
in_image() {
    image_command "$@"
    "${command_line[@]}"
}
# The same in the background; its process id (the server's, through env's and chroot's exec) in $started.
start_in_image() {
    image_command "$@"
    "${command_line[@]}" &
    started=$!
    pids+=("$started")
}
wait_for() {
    local what=$1 pid=$2
    shift 2
    for _ in $(seq 1 300); do
        "$@" >/dev/null 2>&1 && return 0
        kill -0 "$pid" 2>/dev/null || { echo "spec-server exited inside the runtime root ($what)" >&2; return 1; }
        sleep 0.1
    done
    echo "timed out waiting for $what" >&2
    return 1
}

start_in_image SPEC_SERVER_LOG=off
server=$started
wait_for "the server" "$server" curl -fsS "http://127.0.0.1:$port/readyz"
curl -fsS "http://127.0.0.1:$port/v1/dynamic-type?category=ax5&style=body" | head -c 200
echo

echo "== health check inside the runtime root"
in_image -- health-check
echo "health-check: exit 0 while serving"

echo "== mirror through libcurl inside the runtime root"
start_in_image SPEC_SERVER_HOST=127.0.0.1 "SPEC_SERVER_PORT=$mirror_port" SPEC_SERVER_LOG=off \
    "SPEC_SERVER_UPSTREAM=http://127.0.0.1:$port/v1/export"
mirror=$started
mirrored() {
    curl -fsS "http://127.0.0.1:$mirror_port/metrics" | grep -q '^spec_server_upstream_fetches_total{result="\(updated\|unchanged\)"} [1-9]'
}
wait_for "the mirror's first fetch" "$mirror" mirrored
curl -fsS "http://127.0.0.1:$mirror_port/readyz"
kill -TERM "$mirror"
wait "$mirror"

kill -TERM "$server"
status=0
wait "$server" || status=$?
pids=()
if in_image -- health-check 2>/dev/null; then
    echo "health-check exited 0 with no server" >&2
    exit 1
fi
echo "health-check: exit 1 once stopped"

echo "== libcurl hidden inside the runtime root"
hidden=$(realpath "$rootfs/usr/lib/x86_64-linux-gnu/libcurl.so.4")
mount --bind /dev/null "$hidden"
if ldd "$binary" | grep -q libcurl; then
    echo "the binary links libcurl; it must open it only for a fetch" >&2
    exit 1
fi
start_in_image SPEC_SERVER_LOG=off
server=$started
wait_for "the server without libcurl" "$server" curl -fsS "http://127.0.0.1:$port/readyz"
kill -TERM "$server"
wait "$server"
pids=()
# Bounded: were libcurl opened after all, the server would start and serve.
image_command "SPEC_SERVER_UPSTREAM=http://127.0.0.1:$port/v1/export"
refusal=$(timeout 20 "${command_line[@]}" 2>&1) && {
    echo "--upstream started without libcurl" >&2
    exit 1
}
grep -q "needs libcurl at run time" <<<"$refusal" || { echo "unexpected refusal: $refusal" >&2; exit 1; }
echo "without libcurl: served /readyz; --upstream refused: $refusal"
umount "$hidden"
hidden=""
echo "runtime image check: spec-server, its health check and its libcurl mirror ran in a bare Debian 12 root;" \
    "the server exited $status on SIGTERM, and served with libcurl hidden"
[ "$status" -eq 0 ]
