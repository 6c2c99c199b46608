#!/usr/bin/env python3
"""Writes Linking/spec-server.order: the functions spec-server runs while it starts, then those it
runs while it answers scripts/answer-digests.py's requests (every route in every format, errors,
MCP), one `.text.SYMBOL` line each. The Dockerfile's build compiles every function into its own
section (`-Xfrontend -function-sections`) and hands this file to gold
(`--section-ordering-file`), which places those sections first and together. A server holds
only the code pages it touches, and the kernel maps a file's pages in 64 KB runs around each
fault: clustered, the code a started server has touched takes a few such runs instead of one in
every few hundred KB of the 10 MB of code.

    scripts/text-order.py            # about 10 minutes: a build, then two runs under callgrind

A name the code no longer has matches no section and is ignored, so an old list costs only
memory; run this again after large changes. Needs: apt-get install -y valgrind.
"""

import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRATCH = os.path.join(ROOT, ".build", "static-text-order")
OUTPUT = os.path.join(ROOT, "Linking", "spec-server.order")
PORT = 18231


def build():
    """The static build the Dockerfile makes, with function sections, without an order."""
    command = [
        "swift", "build", "-c", "release", "--static-swift-stdlib", "--traits", "UpstreamFetch",
        "--product", "spec-server",
        "--scratch-path", SCRATCH, "-Xswiftc", "-Xfrontend", "-Xswiftc", "-function-sections",
    ]
    subprocess.run(command, cwd=ROOT, check=True, stdout=sys.stderr)
    return os.path.join(SCRATCH, "release", "spec-server")


def executed(profile):
    """The names of the functions callgrind saw run (it writes a name once, then its number)."""
    names, ran = {}, set()
    with open(profile, errors="replace") as text:
        for line in text:
            match = re.match(r"(c?fn)=\((\d+)\)(?: (.*))?", line)
            if match:
                if match.group(3):
                    names[match.group(2)] = match.group(3)
                if match.group(1) == "fn":
                    ran.add(match.group(2))
    return {names[number] for number in ran if number in names}


def start_only(binary, directory):
    """Functions run from the launch until /readyz answers, and by the drain on SIGTERM."""
    profile = os.path.join(directory, "start.out")
    server = subprocess.Popen(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={profile}", binary,
         "--port", str(PORT), "--threads", "1", "--log", "off"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 300
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{PORT}/readyz", timeout=5).read()
            break
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                sys.exit("spec-server under callgrind did not get ready")
            time.sleep(0.2)
    server.terminate()
    server.wait(timeout=120)
    return executed(profile)


def answering(binary, directory):
    """Functions run while answering answer-digests.py's requests."""
    profile = os.path.join(directory, "answers.out")
    wrapper = os.path.join(directory, "spec-server")
    with open(wrapper, "w") as script:
        script.write(f'#!/bin/sh\nexec valgrind --tool=callgrind --callgrind-out-file={profile} {binary} "$@"\n')
    os.chmod(wrapper, 0o755)
    subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "answer-digests.py"), wrapper],
                   check=True, stdout=subprocess.DEVNULL)
    return executed(profile)


def main():
    built = build()
    symbols = set(subprocess.run(["nm", "--defined-only", "--format=just-symbols", built],
                                 capture_output=True, text=True, check=True).stdout.split())
    with tempfile.TemporaryDirectory() as directory:
        # callgrind names functions from the symbol table; valgrind gives up on this build's
        # debugging information ("possibly corrupted"), so it runs a copy without it.
        binary = os.path.join(directory, "spec-server.bin")
        subprocess.run(["objcopy", "--strip-debug", built, binary], check=True)
        first = start_only(binary, directory)
        then = answering(binary, directory) - first
    # Only names the binary defines: callgrind also names libc's functions.
    lines = [f".text.{name}" for group in (first, then) for name in sorted(group & symbols)]
    os.makedirs(os.path.dirname(OUTPUT), exist_ok=True)
    with open(OUTPUT, "w") as order:
        order.write("\n".join(lines) + "\n")
    print(f"{OUTPUT}: {len(first & symbols)} functions run at start, then {len(then & symbols)} run answering")


if __name__ == "__main__":
    main()
