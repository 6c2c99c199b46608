#!/usr/bin/env python3
"""Resident memory at start: each binary started STARTS times (default 3), alternating, with one
loop thread and the log off; after /readyz answers, the resident set from /proc/PID/status and
where it is from /proc/PID/smaps (the heap, the executable's code, its other pages, the shared
libraries, other anonymous memory). Prints one row per start and the median per binary.

    Benchmarks/memory/run.py BINARY [BINARY...]       (STARTS=5 for more)

The Dockerfile's build is the one to measure (`scripts/check-runtime-image.sh` makes it the same
way): a static Swift runtime, one section per function, placed by Linking/spec-server.order.
"""
import os, re, statistics, subprocess, sys, time, urllib.request

PORT = 18233


def breakdown(pid, binary):
    parts = {"heap": 0, "code": 0, "executable, other": 0, "libraries": 0, "anonymous": 0}
    name = os.path.realpath(binary)
    current = None
    with open(f"/proc/{pid}/smaps") as smaps:
        for line in smaps:
            if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
                fields = line.split()
                path = fields[5] if len(fields) > 5 else ""
                if path == "[heap]":
                    current = "heap"
                elif os.path.realpath(path) == name if path.startswith("/") else False:
                    current = "code" if "x" in fields[1] else "executable, other"
                elif path.startswith("/"):
                    current = "libraries"
                else:
                    current = "anonymous"
            elif line.startswith("Rss:"):
                parts[current] += int(line.split()[1])
    return parts


def start(binary):
    server = subprocess.Popen([binary, "--port", str(PORT), "--threads", "1", "--log", "off"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{PORT}/readyz", timeout=2).read()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    sys.exit(f"{binary} did not get ready")
                time.sleep(0.05)
        with open(f"/proc/{server.pid}/status") as status:
            rss = int(re.search(r"VmRSS:\s+(\d+)", status.read()).group(1))
        return rss, breakdown(server.pid, binary)
    finally:
        server.terminate()
        server.wait(timeout=30)


def main():
    binaries = sys.argv[1:]
    if not binaries:
        sys.exit(__doc__)
    starts = int(os.environ.get("STARTS", "3"))
    results = {binary: [] for binary in binaries}
    columns = ["heap", "code", "executable, other", "libraries", "anonymous"]
    print("| binary | VmRSS MiB | " + " | ".join(columns) + " |")
    print("|---" * (len(columns) + 2) + "|")
    for _ in range(starts):
        for binary in binaries:
            rss, parts = start(binary)
            results[binary].append(rss)
            print(f"| {binary} | {rss / 1024:.1f} | " + " | ".join(f"{parts[c] / 1024:.2f}" for c in columns) + " |")
    for binary in binaries:
        print(f"{binary}: median {statistics.median(results[binary]) / 1024:.1f} MiB after /readyz")


if __name__ == "__main__":
    main()
