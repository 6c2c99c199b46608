#!/usr/bin/env python3
"""What a server keeps as it answers: resident memory after start, after every row of every
collection in every store version is asked as CSV and as Markdown (the rows' kept lines), and after
400 distinct searches (their kept rankings), for each binary given, one after the other.

    Benchmarks/memory/kept.py BINARY...
"""
import json, subprocess, sys, time, urllib.error, urllib.request

PORT = 18391
WORDS = ["button", "size", "tab", "bar", "widget", "font", "color", "icon", "text", "pt", "a", "the",
         "ipad", "iphone", "watch", "mac", "tv", "vision", "width", "height"]


def measure(binary):
    server = subprocess.Popen([binary, "--port", str(PORT), "--log", "off"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def get(path):
        for _ in range(200):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{PORT}{path}", timeout=10) as answer:
                    return answer.read()
            except urllib.error.HTTPError as error:
                return error.read()
            except OSError:
                time.sleep(0.05)
        sys.exit(f"{binary} did not answer {path}")

    def rss_kib():
        with open(f"/proc/{server.pid}/status") as status:
            return int(next(line for line in status if line.startswith("VmRSS")).split()[1])

    try:
        get("/readyz")
        start = rss_kib()
        versions = [item["id"] for item in json.loads(get("/v1/versions"))["items"]]
        spec = json.loads(get("/openapi.json"))
        collections = [path for path in spec["paths"] if path.count("/") == 2 and "{" not in path
                       and "limit" in json.dumps(spec["paths"][path])]
        for version in versions:
            for path in collections:
                for form in ("csv", "md"):
                    for offset in range(0, 3000, 1000):
                        get(f"{path}?limit=1000&offset={offset}&version={version}&format={form}")
        lines = rss_kib()
        for version in versions:
            for word in WORDS:
                get(f"/v1/search?q={word}&version={version}")
                get(f"/v1/search?q={word}&version={version}&offset=10&history=true")
        searches = rss_kib()
    finally:
        server.kill()
        server.wait()
    print(f"{binary}: {start / 1024:.1f} MiB after start; +{(lines - start) / 1024:.1f} MiB after every row "
          f"of {len(collections)} collections in {len(versions)} versions as CSV and Markdown; "
          f"+{(searches - lines) / 1024:.1f} MiB after {2 * len(WORDS) * len(versions)} distinct searches")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for binary in sys.argv[1:]:
        measure(binary)
