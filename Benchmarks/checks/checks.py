#!/usr/bin/env python3
"""The measurements of Benchmarks/checks/run.sh; prints one line per figure."""
import os, re, socket, statistics, subprocess, sys, tempfile, threading, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from spec_process import check_body  # noqa: E402
import spec_process  # noqa: E402

SERVER = sys.argv[1]
PORT = 18391
RATE = float(os.environ.get("RATE", "60"))
CONNECTIONS = int(os.environ.get("CONNECTIONS", "6"))
SECONDS = int(os.environ.get("SECONDS", "10"))
EXTRA = os.environ.get("EXTRA", "").split()


def start():
    return spec_process.start(SERVER, PORT, EXTRA, stderr=subprocess.DEVNULL)


def stop(process):
    process.terminate()
    process.wait(timeout=20)


def status_kib(pid, field):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def read_response(client):
    """Reads one response with Content-Length; returns (status, body length)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = client.recv(65536)
        if not chunk:
            return 0, 0
        data += chunk
    head, rest = data.split(b"\r\n\r\n", 1)
    status = int(head.split(b" ", 2)[1])
    length = int(re.search(rb"(?i)content-length: *(\d+)", head).group(1))
    while len(rest) < length:
        chunk = client.recv(1 << 20)
        if not chunk:
            break
        rest += chunk
    return status, len(rest)


def post(client, body, query):
    client.sendall(f"POST /v1/check{query} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                   f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
    return read_response(client)


def curl_post(path, query):
    """One POST with curl (a new connection); returns (status, seconds, answer bytes)."""
    output = subprocess.run(
        ["curl", "-s", "-o", "/dev/null", "-w", "%{http_code} %{time_total} %{size_download}",
         "-H", "Content-Type: application/json", "--data-binary", "@" + path,
         f"http://127.0.0.1:{PORT}/v1/check{query}"], capture_output=True, text=True).stdout.split()
    return int(output[0]), float(output[1]), int(output[2])


def single_batch_times(path, size):
    process = start()
    try:
        for query in ("", "?embed=figure", "?embed=figure&format=html"):
            curl_post(path, query)  # warm
            runs = [curl_post(path, query) for _ in range(7)]
            status, _, length = runs[-1]
            median = statistics.median(seconds for _, seconds, _ in runs) * 1000
            print(f"one batch of {size} B, POST /v1/check{query}: {median:.1f} ms median of 7 "
                  f"(curl, status {status}, {length / 1000:.0f} KB answer)")
    finally:
        stop(process)


def memory_per_body_byte():
    """Peak resident memory (VmHWM) a fresh server adds judging one batch, per body byte; the
    kernel updates the peak lazily, so a run may print nonsense (a negative growth): rerun."""
    for count, pad, query in ((760, 0, "?embed=figure&format=html"), (1000, 955, "?embed=figure&format=html"),
                              (1000, 955, "")):
        body = check_body(count, pad)
        process = start()
        try:
            with socket.create_connection(("127.0.0.1", PORT)) as client:
                # A small batch first, so the code paths' own first-use memory is not counted.
                post(client, check_body(20), query)
                before = status_kib(process.pid, "VmHWM")
                status, _ = post(client, body, query)
                after = status_kib(process.pid, "VmHWM")
            grown = (after - before) * 1024
            print(f"peak memory judging {len(body)} B ({count} measurements, POST /v1/check{query}): "
                  f"+{grown / 2**20:.1f} MiB, {grown / len(body):.1f}x the body (status {status})")
        finally:
            stop(process)


def wrk_healthz(seconds):
    output = subprocess.run(["wrk", "-t1", "-c4", f"-d{seconds}s", "--latency", f"http://127.0.0.1:{PORT}/healthz"],
                            capture_output=True, text=True).stdout
    def latency(label):
        match = re.search(rf"^\s*{label}%\s+([\d.]+)(us|ms|s)\s*$", output, re.M)
        if not match:
            return float("nan")
        value, unit = float(match.group(1)), match.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value
    requests = re.search(r"Requests/sec:\s+([\d.]+)", output)
    timeouts = re.search(r"timeout (\d+)", output)
    return latency("50"), latency("99"), float(requests.group(1)) if requests else 0, \
        int(timeouts.group(1)) if timeouts else 0


def pour(body, query, stop_at, counts, lock):
    """One keep-alive connection posting batches at RATE / CONNECTIONS a second until `stop_at`."""
    interval = CONNECTIONS / RATE
    client = None
    next_at = time.time()
    while time.time() < stop_at:
        try:
            if client is None:
                client = socket.create_connection(("127.0.0.1", PORT), timeout=10)
            began = time.perf_counter()
            status, _ = post(client, body, query)
            elapsed = time.perf_counter() - began
        except OSError:
            status, elapsed = 0, 0
        with lock:
            counts[status] = counts.get(status, 0) + 1
            if status == 200:
                counts["latency"].append(elapsed * 1000)
        if status != 200 and client is not None:
            client.close()  # a 503 closes the connection, as does an error
            client = None
        next_at += interval
        time.sleep(max(0, next_at - time.time()))
    if client:
        client.close()


def healthz_under_batches(path, size):
    query = "?embed=figure&format=html"
    process = start()
    try:
        p50, p99, rate, timeouts = wrk_healthz(SECONDS)
        print(f"/healthz alone (wrk, 4 connections, {SECONDS} s): p50 {p50:.2f} ms, p99 {p99:.2f} ms, "
              f"{rate:,.0f} req/s, {timeouts} timeouts")
        counts, lock = {"latency": []}, threading.Lock()
        stop_at = time.time() + SECONDS + 1
        threads = [threading.Thread(target=pour, args=(check_body(760), query, stop_at, counts, lock))
                   for _ in range(CONNECTIONS)]
        for thread in threads:
            thread.start()
        time.sleep(0.5)  # the batches are flowing before wrk starts
        p50, p99, rate, timeouts = wrk_healthz(SECONDS)
        for thread in threads:
            thread.join()
        served = counts.get(200, 0)
        refused = counts.get(503, 0)
        other = sum(v for k, v in counts.items() if k not in (200, 503, "latency"))
        latencies = sorted(counts["latency"]) or [float("nan")]
        print(f"/healthz while {CONNECTIONS} connections post {size} B {query} batches at {RATE:.0f}/s: "
              f"p50 {p50:.2f} ms, p99 {p99:.2f} ms, {rate:,.0f} req/s, {timeouts} timeouts")
        print(f"batches: {served} answered 200 ({served / (SECONDS + 1):.1f}/s, median "
              f"{latencies[len(latencies) // 2]:.0f} ms, p99 {latencies[int(len(latencies) * 0.99)]:.0f} ms), "
              f"{refused} refused with 503, {other} other")
    finally:
        stop(process)


print(f"spec-server {SERVER} --threads 1 {' '.join(EXTRA)}".rstrip())
with tempfile.NamedTemporaryFile(suffix=".json") as batch:
    batch.write(check_body(760))
    batch.flush()
    size = os.path.getsize(batch.name)
    single_batch_times(batch.name, size)
    memory_per_body_byte()
    healthz_under_batches(batch.name, size)
