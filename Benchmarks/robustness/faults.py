#!/usr/bin/env python3
"""The faults of Benchmarks/robustness/run.sh, one function each; prints a table."""
import os, re, selectors, signal, socket, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from spec_process import check_body  # noqa: E402
import spec_process  # noqa: E402

PORT = 18291
SERVER, DATA = sys.argv[1], sys.argv[2]
rows = []


def rss_mib(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def tcp_mem_mib():
    for line in open("/proc/net/sockstat"):
        if line.startswith("TCP:"):
            return int(line.split("mem")[1].split()[0]) * 4096 / 2**20
    return 0.0


def start(*extra, data=None):
    return spec_process.start(SERVER, PORT, extra, data)


def stop(process, timeout=15):
    began = time.time()
    process.send_signal(signal.SIGTERM)
    try:
        status = process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        return None, time.time() - began
    return status, time.time() - began


def get(path, headers=""):
    with socket.create_connection(("127.0.0.1", PORT), timeout=5) as client:
        client.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{headers}\r\n".encode())
        data = b""
        while chunk := client.recv(65536):
            data += chunk
        return int(data.split(b" ", 2)[1]) if data else 0


def connect_many(count):
    clients = []
    for _ in range(count):
        client = socket.socket()
        client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        client.connect(("127.0.0.1", PORT))
        clients.append(client)
    return clients


def load_held():
    process = start()
    out = subprocess.run(["wrk", "-t1", "-c100", "-d5s", f"http://127.0.0.1:{PORT}/v1/dynamic-type?category=large&style=body"],
                         capture_output=True, text=True).stdout
    rate = re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    rows.append(("load held", "wrk 100 connections x 5 s, filtered query",
                 f"{float(rate):,.0f} req/s, {bad.group(1) if bad else 0} errors"))
    stop(process)


def close_counting(clients, marker, seconds, per_client):
    """Reads what each client was sent (waiting at most `per_client` seconds each, `seconds` in
    all), closes it, and returns how many answers contained `marker`."""
    count = 0
    deadline = time.time() + seconds
    for client in clients:
        client.settimeout(max(0.001, min(per_client, deadline - time.time())))
        try:
            count += marker in client.recv(4096)
        except OSError:
            pass
        client.close()
    return count


def slow_clients():
    process = start("--request-timeout", "2")
    clients = connect_many(1000)
    for client in clients:
        client.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")  # never finished
    served = sum(get("/healthz") == 200 for _ in range(50))
    time.sleep(3)  # past the request timeout
    timed_out = close_counting(clients, b" 408 ", seconds=5, per_client=2)
    rows.append(("slow clients", "1,000 heads never finished, --request-timeout 2",
                 f"{served}/50 other requests served meanwhile; {timed_out}/1000 got 408 after 2 s"))
    stop(process)


def slow_readers():
    process = start("--write-timeout", "2")
    before, tcp_before = rss_mib(process.pid), tcp_mem_mib()
    clients = connect_many(1000)
    for client in clients:
        client.sendall(b"GET /v1/export HTTP/1.1\r\nHost: x\r\n\r\n")  # never read
    time.sleep(1)
    during, tcp_during = rss_mib(process.pid), tcp_mem_mib()
    time.sleep(3)  # past the write timeout: the connections are reset
    for client in clients:
        client.close()
    time.sleep(2)  # a sweep or two: memory handed back
    after, tcp_after = rss_mib(process.pid), tcp_mem_mib()
    rows.append(("slow readers", "1,000 never read /v1/export, --write-timeout 2",
                 f"RSS {before:.1f} -> {during:.1f} -> {after:.1f} MiB; "
                 f"TCP memory {tcp_before:.1f} -> {tcp_during:.1f} -> {tcp_after:.1f} MiB"))
    stop(process)


def partial_bodies():
    process = start()
    before = rss_mib(process.pid)
    clients = connect_many(500)
    for client in clients:
        client.sendall(b"POST /v1/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                       b"Content-Length: 1048576\r\n\r\n" + b"[" * 1024)
    time.sleep(1)
    during = rss_mib(process.pid)
    refused = close_counting(clients, b" 503 ", seconds=5, per_client=0.05)
    time.sleep(2)
    after = rss_mib(process.pid)
    rows.append(("partial bodies", "500 x 1 MiB bodies announced, 1 KiB sent",
                 f"RSS {before:.1f} -> {during:.1f} -> {after:.1f} MiB; {refused} refused with 503 "
                 "(each holds 1 KiB + a 64 KiB window; one client's share is 8 MiB of the 32 MiB budget)"))
    stop(process)


def post_check(body, query=""):
    with socket.create_connection(("127.0.0.1", PORT), timeout=5) as client:
        client.sendall(f"POST /v1/check{query} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                       f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
        data = b""
        while chunk := client.recv(65536):
            data += chunk
        return int(data.split(b" ", 2)[1]) if data else 0


def cornered_budget():
    """32 connections announce 1 MiB and send one byte; others keep posting checks."""
    process = start()
    clients = connect_many(32)
    began = time.time()
    for client in clients:
        client.sendall(b"POST /v1/check HTTP/1.1\r\nHost: x\r\nContent-Length: 1048576\r\n\r\n[")
    time.sleep(0.5)
    body = check_body(30)
    statuses = [post_check(body) for _ in range(20)]
    dropped = close_counting(clients, b" 408 ", seconds=10, per_client=5)
    rows.append(("cornered budget", "32 x 1 MiB announced, 1 byte sent; 20 other checks",
                 f"{statuses.count(200)}/20 other checks 200; {dropped}/32 senders dropped with 408 "
                 f"within {time.time() - began:.1f} s (request timeout 10 s)"))
    stop(process)


def slow_reader_checks():
    """1,000 clients with a 1,400-byte segment size post check bodies (embed=figure) and never read."""
    process = start(*os.environ.get("EXTRA", "").split())
    before, tcp_before = rss_mib(process.pid), tcp_mem_mib()
    body = check_body(36)
    request = (f"POST /v1/check?embed=figure HTTP/1.1\r\nHost: x\r\nContent-Length: {len(body)}\r\n\r\n"
               .encode() + body)
    clients = []
    for _ in range(1000):
        client = socket.socket()
        client.setsockopt(socket.IPPROTO_TCP, socket.TCP_MAXSEG, 1400)
        client.connect(("127.0.0.1", PORT))
        client.sendall(request * 4)
        clients.append(client)
    time.sleep(3)
    during, tcp_during = rss_mib(process.pid), tcp_mem_mib()
    probe = time.time()
    health = get("/healthz")
    probe = time.time() - probe
    statuses = statuses_seen(clients, seconds=10)
    rows.append(("slow reader checks", f"1,000 x 4 check bodies of {len(body)} B, embed=figure, MSS 1400, never read",
                 f"RSS {before:.1f} -> {during:.1f} MiB; kernel TCP memory {tcp_before:.1f} -> {tcp_during:.1f} MiB; "
                 f"/healthz {health} in {probe * 1000:.0f} ms; first answers "
                 + ", ".join(f"{count} x {status}" for status, count in sorted(statuses.items()))))
    stop(process)


def statuses_seen(clients, seconds):
    """The status each client was sent first (reading what already arrived), then closes it."""
    statuses = {}
    deadline = time.time() + seconds
    for client in clients:
        client.settimeout(max(0.001, min(1, deadline - time.time())))
        try:
            head = client.recv(4096)
            status = head.split(b" ", 2)[1].decode() if head.startswith(b"HTTP/") else "none"
        except OSError:
            status = "none"
        statuses[status] = statuses.get(status, 0) + 1
        client.close()
    return statuses


def slow_reader_pages():
    """1,000 clients with a 1,400-byte segment size each ask a distinct large page and never read."""
    process = start()
    before, tcp_before = rss_mib(process.pid), tcp_mem_mib()
    clients, peak, peak_tcp = [], before, tcp_before
    for index in range(1000):
        client = socket.socket()
        client.setsockopt(socket.IPPROTO_TCP, socket.TCP_MAXSEG, 1400)
        client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        client.connect(("127.0.0.1", PORT))
        # About 70-140 KB each, every one a page no other client asked for.
        client.sendall(f"GET /v1/metrics?limit={100 + index % 100}&offset={index // 100} HTTP/1.1\r\n"
                       "Host: x\r\n\r\n".encode())
        clients.append(client)
        if index % 100 == 99:
            peak, peak_tcp = max(peak, rss_mib(process.pid)), max(peak_tcp, tcp_mem_mib())
    time.sleep(2)
    peak, peak_tcp = max(peak, rss_mib(process.pid)), max(peak_tcp, tcp_mem_mib())
    probe = time.time()
    health = get("/healthz")
    probe = time.time() - probe
    statuses = statuses_seen(clients, seconds=10)
    rows.append(("slow reader pages", "1,000 distinct /v1/metrics pages of 70-140 KB, MSS 1400, never read",
                 f"RSS {before:.1f} -> {peak:.1f} MiB at most; kernel TCP memory {tcp_before:.1f} -> {peak_tcp:.1f} MiB; "
                 f"/healthz {health} in {probe * 1000:.0f} ms; answers "
                 + ", ".join(f"{count} x {status}" for status, count in sorted(statuses.items()))))
    stop(process)


def queued_at_sigterm():
    process = start()
    os.kill(process.pid, signal.SIGSTOP)  # the loop cannot accept: connections queue
    clients = []
    for index in range(300):
        client = socket.create_connection(("127.0.0.1", PORT))
        client.sendall(f"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        clients.append(client)
    os.kill(process.pid, signal.SIGTERM)
    os.kill(process.pid, signal.SIGCONT)
    answered = reset = 0
    deadline = time.time() + 10
    for client in clients:
        client.settimeout(max(0.01, min(5, deadline - time.time())))
        try:
            data = client.recv(4096)
            answered += data.startswith(b"HTTP/1.1 200")
        except ConnectionResetError:
            reset += 1
        except OSError:
            pass
        client.close()
    status = process.wait(timeout=15)
    rows.append(("queued at SIGTERM", "300 requests in the accept queue, --threads 1",
                 f"{answered} answered, {reset} reset; exit {status}"))


def reload_faults():
    results = []
    with tempfile.TemporaryDirectory() as directory:
        data = os.path.join(directory, "specs.json")
        for name, make in (("FIFO", lambda p: os.mkfifo(p)), ("/dev/zero", lambda p: os.symlink("/dev/zero", p)),
                           ("directory", lambda p: os.symlink(directory, p))):
            if os.path.lexists(data):
                os.remove(data)  # the last fault left a FIFO or a link there
            with open(DATA, "rb") as source, open(data, "wb") as target:
                target.write(source.read())
            process = start(data=data)
            staged = os.path.join(directory, "staged")
            make(staged)
            os.rename(staged, data)
            process.send_signal(signal.SIGHUP)
            time.sleep(0.5)
            serving = get("/healthz") == 200
            status, seconds = stop(process)
            log = process.stderr.read()
            refused = "reload refused" in log
            results.append(f"{name}: {'refused' if refused else 'NOT refused'}, "
                           f"{'serving' if serving else 'NOT serving'}, SIGTERM exit {status} in {seconds:.2f} s")
    rows.append(("reload faults", "--data replaced, then SIGHUP, then SIGTERM", "; ".join(results)))


def cache_filled(budget):
    """RSS growth of a server whose answer cache (of `budget` bytes) is filled far past its budget
    by distinct filtered queries, large pages and small searches mixed."""
    import http.client
    process = start("--cache-bytes", str(budget))
    client = http.client.HTTPConnection("127.0.0.1", PORT, timeout=10)

    def ask(path):
        # Twice: the cache keeps an answer from its second request.
        for _ in range(2):
            client.request("GET", path)
            response = client.getresponse()
            response.read()
        return response.status

    # Warm-up: the search index, the renderers and the loop's buffers exist before the baseline.
    for path in ("/v1/search?q=iphone", "/v1/devices?limit=67", "/v1/devices?limit=67&format=csv"):
        ask(path)
    time.sleep(1)
    before = rss_mib(process.pid)
    statuses = {}
    for limit in range(1, 68):
        for offset in range(0, 67, 2):
            status = ask(f"/v1/devices?limit={limit}&offset={offset}")
            statuses[status] = statuses.get(status, 0) + 1
    for index in range(6000):
        status = ask(f"/v1/search?q=w{index}x")
        statuses[status] = statuses.get(status, 0) + 1
    client.close()
    time.sleep(1)
    after = rss_mib(process.pid)
    stop(process)
    return before, after, statuses


def cache_accounting():
    budget = 16 << 20
    base_before, base_after, _ = cache_filled(0)
    before, after, statuses = cache_filled(budget)
    held = (after - before) - (base_after - base_before)
    rows.append(("cache held", "--cache-bytes 16 MiB vs 0, 2,278 pages + 6,000 searches, distinct",
                 f"RSS grew {after - before:.1f} MiB vs {base_after - base_before:.1f} MiB without a cache: "
                 f"the cache holds {held:.1f} MiB = {held * 2**20 / budget:.2f}x --cache-bytes "
                 f"({', '.join(f'{k}: {v}' for k, v in sorted(statuses.items()))})"))


for fault in (load_held, slow_clients, slow_readers, partial_bodies, cornered_budget, slow_reader_pages, slow_reader_checks,
              queued_at_sigterm, reload_faults, cache_accounting):
    if os.environ.get("FAULTS") and fault.__name__ not in os.environ["FAULTS"].split(","):
        continue
    began = time.time()
    fault()
    print(f"# {fault.__name__}: {time.time() - began:.1f} s", file=sys.stderr, flush=True)

width = max(len(r[0]) for r in rows)
setup = max(len(r[1]) for r in rows)
print(f"{'fault':{width}}  {'set-up':{setup}}  outcome")
for name, how, outcome in rows:
    print(f"{name:{width}}  {how:{setup}}  {outcome}")
