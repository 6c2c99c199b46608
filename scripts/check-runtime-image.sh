#!/usr/bin/env bash
# Proves that the binary the Dockerfile builds runs with nothing but what its runtime image has,
# without a Docker engine: it builds spec-server the way the Dockerfile does (static Swift
# runtime), bootstraps a minimal Debian 12 root file system (what debian:bookworm-slim is made
# from), and runs the binary inside it with chroot as the image's unprivileged user.
#
#   scripts/check-runtime-image.sh [ROOTFS_DIR]      (needs root and debootstrap; Debian mirrors)
set -euo pipefail
cd "$(dirname "$0")/.."

rootfs=${1:-.build/runtime-rootfs}
port=${PORT:-18099}

command -v debootstrap >/dev/null || { apt-get update -qq && apt-get install -y -qq debootstrap; }
swift build -c release --static-swift-stdlib --product spec-server --scratch-path .build/static
binary=.build/static/release/spec-server

echo "== shared libraries the binary needs"
ldd "$binary"

if [ ! -x "$rootfs/bin/sh" ]; then
    debootstrap --variant=minbase bookworm "$rootfs" >/dev/null
fi
install -D "$binary" "$rootfs/usr/local/bin/spec-server"

# A container always has /proc mounted; the Swift runtime reads the command line from it.
mountpoint -q "$rootfs/proc" || mount -t proc proc "$rootfs/proc"
pid=""
cleanup() {
    if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
    umount "$rootfs/proc" 2>/dev/null || true
}
trap cleanup EXIT

chroot --userspec=65532:65532 "$rootfs" /usr/local/bin/spec-server --host 127.0.0.1 --port "$port" --log off &
pid=$!
for _ in $(seq 1 300); do
    curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
    kill -0 "$pid" 2>/dev/null || { echo "spec-server exited inside the runtime root" >&2; exit 1; }
    sleep 0.1
done
curl -fsS "http://127.0.0.1:$port/v1/dynamic-type?category=ax5&style=body" | head -c 300
echo
kill -TERM "$pid"
wait "$pid"
status=$?
pid=""
echo "runtime image check: spec-server served from a bare Debian 12 root and exited $status on SIGTERM"
[ "$status" -eq 0 ]
