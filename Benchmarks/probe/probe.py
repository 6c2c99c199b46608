#!/usr/bin/env python3
"""See run.sh: /healthz latency while clients ask for large never-seen pages."""
import asyncio, os, resource, signal, socket, statistics, subprocess, sys, time

PORT = 18391
CLIENTS = int(os.environ.get("CLIENTS", "1000"))
SECONDS = float(os.environ.get("SECONDS", "10"))
EXTRA = os.environ.get("EXTRA", "").split()
# Distinct targets that each build a 441-row HTML page (limit above the 441 rows, a sort or none).
SORTS = ["", "&sort=size", "&sort=-size", "&sort=font", "&sort=-font", "&sort=id", "&sort=-id"]
PAGES = [f"/v1/tracking?format=html&limit={limit}{sort}" for sort in SORTS for limit in range(441, 1001)]


async def read_answer(reader):
    """Reads one answer; returns its status."""
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    length = 0
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    await reader.readexactly(length)
    return status


async def client(index, stop, counts):
    """Asks for distinct pages on one keep-alive connection until `stop`."""
    position = index * 7
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", PORT)
        while not stop.is_set():
            target = PAGES[position % len(PAGES)]
            position += CLIENTS * 7 + 1
            writer.write(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
            status = await read_answer(reader)
            counts[status] = counts.get(status, 0) + 1
        writer.close()
    except (OSError, asyncio.IncompleteReadError) as error:
        counts[type(error).__name__] = counts.get(type(error).__name__, 0) + 1


def probe_once(timeout=1.0):
    """One /healthz on a new connection, as a liveness probe asks; seconds taken, or None past
    `timeout`."""
    started = time.perf_counter()
    try:
        with socket.create_connection(("127.0.0.1", PORT), timeout=timeout) as connection:
            connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            data = b""
            while True:
                chunk = connection.recv(4096)
                if not chunk:
                    break
                data += chunk
        if not data.startswith(b"HTTP/1.1 200"):
            return None
        return time.perf_counter() - started
    except OSError:
        return None


def probes(seconds, interval=0.02):
    """Probes every `interval` for `seconds`, from a thread of its own; the latencies (None: failed)."""
    results = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        results.append(probe_once())
        time.sleep(interval)
    return results


def summary(label, results):
    ok = sorted(r * 1000 for r in results if r is not None)
    failed = sum(1 for r in results if r is None)
    if not ok:
        return f"{label}: {len(results)} probes, all failed"
    def pct(p):
        return ok[min(len(ok) - 1, int(len(ok) * p))]
    over50 = sum(1 for r in ok if r > 50)
    return (f"{label}: {len(results)} probes, p50 {pct(0.5):.2f} ms, p90 {pct(0.9):.2f} ms, "
            f"p99 {pct(0.99):.2f} ms, max {ok[-1]:.2f} ms; over 50 ms {over50}, failed or over 1 s {failed}")


async def loaded(seconds):
    stop = asyncio.Event()
    counts = {}
    tasks = [asyncio.create_task(client(i, stop, counts)) for i in range(CLIENTS)]
    await asyncio.sleep(1)  # every client has asked
    results = await asyncio.get_running_loop().run_in_executor(None, probes, seconds)
    stop.set()
    await asyncio.wait(tasks, timeout=30)
    return results, counts


def main():
    server = sys.argv[1]
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    process = subprocess.Popen([server, "--port", str(PORT), "--log", "off"] + EXTRA,
                               stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 20
        while probe_once() is None:
            if time.time() > deadline:
                sys.exit("spec-server did not start")
            time.sleep(0.05)
        print(f"{server} {' '.join(EXTRA)}".strip())
        print("  " + summary("alone", probes(3)))
        started = time.perf_counter()
        results, counts = asyncio.run(loaded(SECONDS))
        elapsed = time.perf_counter() - started
        pages = counts.get(200, 0)
        print("  " + summary(f"with {CLIENTS} clients asking for distinct 441-row HTML pages", results))
        print(f"  pages answered: {pages} ({pages / elapsed:.0f} a second); other outcomes: "
              f"{ {k: v for k, v in counts.items() if k != 200} }")
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()


if __name__ == "__main__":
    main()
