#!/usr/bin/env python3
"""Instructions per never-seen request, counted by callgrind: a measure that does not move with
the VM's load, for telling two builds apart where the timed benchmark (run.sh) spreads ±40 %.
It counts the server's own instructions (every thread, no kernel time), so its ratios are larger
than run.sh's, which include the kernel's share every request pays alike. Every case repeats
within about 1 % between runs of one binary.

    Benchmarks/queries/instructions.py BINARY [BINARY...]      (CASES=html,json to choose)

Each case is 320 distinct URLs made from a fixed seed (pages of the benchmark's shapes: offset,
limit and store version, or filter combinations). The first 20, and the first that asks each
other store version, warm the server up uninstrumented: a version's columns and vocabulary are
built on its first request, once per server. The others are counted.
Needs: apt-get install -y valgrind.
"""
import glob, http.client, os, random, subprocess, sys, tempfile
from urllib.parse import parse_qs, urlsplit

from queries import version_ids, wait_ready


def cases(versions):
    """Each case's URLs, from fixed seeds, given the store's versions."""
    rng = random.Random(7)
    pages = set()
    while len(pages) < 320:
        pages.add((rng.randint(0, 90), rng.randint(3, 7), rng.choice(versions)))
    # Sorted before shuffling: a set's order of strings changes with each process's hash seed.
    pages = sorted(pages)
    rng.shuffle(pages)
    tracking = "/v1/tracking?font=sf%20pro&offset={}&limit={}&version={}"
    rng = random.Random(5)
    metrics = set()
    while len(metrics) < 320:
        metrics.add((rng.randint(0, 60), rng.randint(3, 7), rng.choice(versions)))
    colors = set()
    newer = versions[len(versions) * 3 // 5:]
    while len(colors) < 320:
        colors.add((rng.randint(0, 20), rng.randint(3, 7), rng.choice(newer)))
    tokens = set()
    topics = ["buttons", "layout", "typography", "controls", "widgets", ""]
    platforms = ["", "ios", "ipados", "macos", "tvos", "watchos", "visionos"]
    while len(tokens) < 320:
        tokens.add((rng.choice(topics), rng.choice(platforms), rng.choice(["", "published", "convention"]),
                    rng.choice(["", "true"]), rng.choice(["", "true"])))

    def token_url(topic, platform, status, flat, pretty):
        pairs = [("topic", topic), ("platform", platform), ("status", status), ("flat", flat), ("pretty", pretty)]
        return "/v1/tokens/metrics?" + "&".join(f"{name}={value}" for name, value in pairs if value)

    return {
        "repeated": ["/v1/tracking?font=sf%20pro&size=17"] * 320,
        "json": [tracking.format(*page) for page in pages],
        "markdown": [tracking.format(*page) + "&format=md" for page in pages],
        "html": [tracking.format(*page) + "&format=html" for page in pages],
        "swift": [f"/v1/metrics?offset={o}&limit={l}&version={v}&format=swift" for o, l, v in sorted(metrics)],
        "css": [f"/v1/colors?offset={o}&limit={l}&version={v}&format=css" for o, l, v in sorted(colors)],
        "tokens": [token_url(*combination) for combination in sorted(tokens)],
    }


def warm_and_counted(urls):
    """The first 20 URLs, and the first of every other store version, to warm the server up
    uninstrumented (a version's columns are built on its first request, once per server); the
    rest, to count."""
    warm, counted = urls[:20], []
    versions = {parse_qs(urlsplit(url).query).get("version", [""])[0] for url in warm}
    for url in urls[20:]:
        version = parse_qs(urlsplit(url).query).get("version", [""])[0]
        if version in versions:
            counted.append(url)
        else:
            versions.add(version)
            warm.append(url)
    return warm, counted


def measure(binary, urls, port):
    warm, counted = warm_and_counted(urls)
    out = tempfile.mktemp(prefix="callgrind.")
    server = subprocess.Popen(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--instr-atstart=no",
         binary, "--port", str(port), "--log", "off", "--threads", "1"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_ready(port, timeout=120)
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        for url in warm:
            connection.request("GET", url)
            connection.getresponse().read()
        subprocess.run(["callgrind_control", "-i", "on", str(server.pid)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        for url in counted:
            connection.request("GET", url)
            response = connection.getresponse()
            response.read()
            if response.status >= 500:
                sys.exit(f"{url}: {response.status}")
        subprocess.run(["callgrind_control", "-d", str(server.pid)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    finally:
        server.terminate()
        server.wait()
    # `callgrind_control -d` wrote OUT.1: what ran from instrumentation on to that dump, the
    # counted requests alone. OUT, written as the server exits, holds its shutdown: not counted.
    instructions = None
    for path in glob.glob(out + "*"):
        if path == out + ".1":
            with open(path) as dump:
                for line in dump:
                    if line.startswith("totals:"):
                        instructions = int(line.split()[1])
        os.remove(path)
    if instructions is None:
        sys.exit(f"callgrind wrote no dump for the counted requests ({out}.1)")
    return instructions / len(counted)


def versions_of(binary, port):
    server = subprocess.Popen([binary, "--port", str(port), "--log", "off"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_ready(port)
        return version_ids(port)
    finally:
        server.terminate()
        server.wait()


def main():
    binaries = sys.argv[1:]
    if not binaries:
        sys.exit(__doc__)
    port = 18700 + os.getpid() % 200
    urls = cases(versions_of(binaries[0], port))
    chosen = os.environ.get("CASES", "").split(",") if os.environ.get("CASES") else list(urls)
    print("| case | " + " | ".join(binaries) + " |")
    print("|---|" + "---|" * len(binaries))
    repeated = {binary: measure(binary, urls["repeated"], port) for binary in binaries}
    print("| repeated query, thousand instructions | "
          + " | ".join(f"{repeated[b] / 1000:.1f}" for b in binaries) + " |")
    for case in chosen:
        if case == "repeated":
            continue
        counts = [measure(binary, urls[case], port) for binary in binaries]
        print(f"| {case} | " + " | ".join(
            f"{count / 1000:.1f} ({count / repeated[binary]:.1f}×)" for binary, count in zip(binaries, counts)) + " |")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
