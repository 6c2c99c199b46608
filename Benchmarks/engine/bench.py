#!/usr/bin/env python3
"""Runs the engine benchmark (see run.sh): CPU time per request from /proc, requests per
second from wrk, RSS after start and with 10,000 idle keep-alive connections."""
import argparse, glob, os, re, signal, statistics, subprocess, sys, time

SERVER_CPU, CLIENT_CPU = "1", "0"
OURS_PORT, NGINX_PORT, SPEC_PORT = 18181, 18182, 18183

def cpu_ns(pids):
    """On-CPU time of every thread of these processes, in ns (/proc/PID/task/TID/schedstat)."""
    total = 0
    for pid in pids:
        for path in glob.glob(f"/proc/{pid}/task/*/schedstat"):
            try:
                total += int(open(path).read().split()[0])
            except (OSError, ValueError):
                pass
    return total

def rss_kib(pids):
    total = 0
    for pid in pids:
        for line in open(f"/proc/{pid}/status"):
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total

def wait_port(port, timeout=10):
    import socket
    end = time.time() + timeout
    while time.time() < end:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    sys.exit(f"nothing listens on {port}")

def wrk(url, seconds, close, gzip=False):
    command = ["taskset", "-c", CLIENT_CPU, "wrk", "-t1", "-c50", f"-d{seconds}s", url]
    if close:
        command[5:5] = ["-H", "Connection: close"]
    if gzip:
        command[5:5] = ["-H", "Accept-Encoding: gzip"]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    requests = int(re.search(r"(\d+) requests in", out).group(1))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket_errors = re.search(r"Socket errors: (.*)", out)
    return requests, (int(errors.group(1)) if errors else 0), (socket_errors.group(1) if socket_errors else "")

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--spec-server", help="also measure this spec-server binary (started with --port P --threads 1)")
    parser.add_argument("--spec-small", default="/healthz", help="spec-server path for the small scenarios")
    parser.add_argument("--spec-large", help="spec-server path for the large scenario (about 30 KB)")
    parser.add_argument("--spec-filtered", help="spec-server path with a filter query (spec-server only)")
    parser.add_argument("--spec-table", help="spec-server path of a table of about 75 KB")
    parser.add_argument("--spec-page", help="spec-server path of a page of about 300 KB")
    parser.add_argument("--spec-export", help="spec-server path of the export")
    args = parser.parse_args()

    docroot = os.path.join(args.work, "www")
    os.makedirs(docroot, exist_ok=True)
    small = b'{"status":"ok","version":1}\n'  # 28 bytes
    body = (b'{"rows":[' + b",".join(b'{"n":%05d,"v":"xxxxxxxxxxxxxxxxxxxx"}' % i for i in range(1000)))[:30710] + b"]}\n"
    body = body[:30720].ljust(30720, b" ")
    open(os.path.join(docroot, "small.json"), "wb").write(small)
    open(os.path.join(docroot, "30k.json"), "wb").write(body)

    conf = os.path.join(args.work, "nginx.conf")
    open(conf, "w").write(f"""
daemon off;
master_process on;
worker_processes 1;
worker_cpu_affinity {1 << int(SERVER_CPU):b};
worker_rlimit_nofile 30000;
pid {args.work}/nginx.pid;
error_log {args.work}/nginx-error.log warn;
events {{ worker_connections 20000; }}
http {{
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 10000;
    keepalive_timeout 75s;
    open_file_cache max=100 inactive=60s;
    types {{ application/json json; }}
    server {{
        listen 127.0.0.1:{NGINX_PORT} reuseport;
        root {docroot};
    }}
}}
""")
    processes = []
    try:
        ours = subprocess.Popen(["taskset", "-c", SERVER_CPU, args.server, "--port", str(OURS_PORT),
                                 "--threads", "1", "--idle-timeout", "120", "--root", docroot])
        processes.append(ours)
        nginx = subprocess.Popen(["taskset", "-c", SERVER_CPU, "nginx", "-c", conf, "-p", args.work],
                                 stderr=subprocess.DEVNULL)
        processes.append(nginx)
        wait_port(OURS_PORT)
        wait_port(NGINX_PORT)
        spec_paths = {}
        if args.spec_server:
            spec = subprocess.Popen(["taskset", "-c", SERVER_CPU, args.spec_server, "--port", str(SPEC_PORT),
                                     "--threads", "1", "--log", "off"], stderr=subprocess.DEVNULL)
            processes.append(spec)
            wait_port(SPEC_PORT)
            import urllib.request
            # nginx serves the very bytes spec-server sends, from files named after the scenario.
            for key, path in (("small", args.spec_small), ("large", args.spec_large),
                              ("filtered", args.spec_filtered), ("table", args.spec_table),
                              ("page", args.spec_page), ("export", args.spec_export)):
                if path:
                    data = urllib.request.urlopen(f"http://127.0.0.1:{SPEC_PORT}{path}").read()
                    open(os.path.join(docroot, f"spec-{key}.json"), "wb").write(data)
                    spec_paths[key] = path
                    if key in ("table", "page", "export"):
                        # The gzip form, which nginx serves as a file of the very same bytes.
                        asked = urllib.request.Request(f"http://127.0.0.1:{SPEC_PORT}{path}",
                                                       headers={"Accept-Encoding": "gzip"})
                        data = urllib.request.urlopen(asked).read()
                        open(os.path.join(docroot, f"spec-{key}-gz.json"), "wb").write(data)
                        spec_paths[key + "-gz"] = path
        time.sleep(0.5)
        nginx_pids = [nginx.pid] + [int(p) for p in subprocess.run(["pgrep", "-P", str(nginx.pid)],
                                                                    capture_output=True, text=True).stdout.split()]
        pids = {"httpcore": [ours.pid], "nginx": nginx_pids}
        ports = {"httpcore": OURS_PORT, "nginx": NGINX_PORT}
        # Which path each server answers for each scenario size; None skips the pair.
        large_keys = ("table", "table-gz", "page", "page-gz", "export", "export-gz")
        paths = {"httpcore": {"small": "/small.json", "large": "/30k.json", "filtered": None,
                              **{key: None for key in large_keys}},
                 "nginx": {"small": "/small.json", "large": "/30k.json", "filtered": None,
                           **{key: None for key in large_keys}}}
        if args.spec_server:
            pids["spec-server"] = [processes[-1].pid]
            ports["spec-server"] = SPEC_PORT
            paths["spec-server"] = {key: spec_paths.get(key)
                                    for key in ("small", "large", "filtered") + large_keys}
            pids["nginx (same bytes)"] = nginx_pids
            ports["nginx (same bytes)"] = NGINX_PORT
            paths["nginx (same bytes)"] = {k: f"/spec-{k}.json" if v else None for k, v in paths["spec-server"].items()}
        rss_start = {name: rss_kib(p) for name, p in pids.items()}

        scenarios = [("small keep-alive", "small", False),
                     ("filtered query keep-alive", "filtered", False),
                     ("30 KB keep-alive", "large", False),
                     ("small Connection: close", "small", True),
                     ("filtered query close", "filtered", True)]
        # The large answers, spec-server against nginx on the same bytes: identity and gzip,
        # keep-alive and Connection: close.
        for key, name in (("table", "75 KB table"), ("page", "300 KB page"), ("export", "export")):
            for gzip in (False, True):
                for close in (False, True):
                    scenarios.append((f"{name}{' gzip' if gzip else ''} {'close' if close else 'keep-alive'}",
                                      key + ("-gz" if gzip else ""), close))
        results = {(s[0], n): [] for s in scenarios for n in pids}
        for name in pids:  # warm-up
            if paths[name]["small"]:
                wrk(f"http://127.0.0.1:{ports[name]}{paths[name]['small']}", 1, False)
        for round_index in range(args.rounds):
            order = list(pids) if round_index % 2 == 0 else list(reversed(list(pids)))
            for label, size, close in scenarios:
                for name in order:
                    path = paths[name][size]
                    if not path:
                        continue
                    before = cpu_ns(pids[name])
                    gzip = size.endswith("-gz") and name == "spec-server"
                    requests, bad, socket_errors = wrk(f"http://127.0.0.1:{ports[name]}{path}", args.seconds, close,
                                                       gzip)
                    used = cpu_ns(pids[name]) - before
                    results[(label, name)].append((requests / args.seconds, used / 1000 / requests, bad, socket_errors))

        print(f"engine benchmark: {args.rounds} rounds x {args.seconds} s, wrk -t1 -c50 on CPU {CLIENT_CPU}, "
              f"one server worker on CPU {SERVER_CPU} (median of rounds)")
        print(f"{'scenario':26} {'server':18} {'req/s':>9} {'CPU us/req':>11} {'ratio to nginx':>15} "
              f"{'req/s ratio':>12}")
        baseline = {"httpcore": "nginx", "nginx": "nginx", "spec-server": "nginx (same bytes)",
                    "nginx (same bytes)": "nginx (same bytes)"}
        for label, _, _ in scenarios:
            medians = {n: (statistics.median(r[0] for r in results[(label, n)]),
                           statistics.median(r[1] for r in results[(label, n)])) for n in pids if results[(label, n)]}
            for name in pids:
                if name not in medians:
                    continue
                rate, cost = medians[name]
                ratio = cost / medians[baseline[name]][1]
                rate_ratio = rate / medians[baseline[name]][0] if baseline[name] in medians else float("nan")
                bad = sum(r[2] for r in results[(label, name)])
                errors = "; ".join(sorted(set(r[3] for r in results[(label, name)] if r[3])))
                note = (f"  non-2xx={bad}" if bad else "") + (f"  socket errors: {errors}" if errors else "")
                print(f"{label:26} {name:18} {rate:9.0f} {cost:11.2f} {ratio:14.2f}x {rate_ratio:11.2f}x{note}")

        healthz_rounds = results[("small keep-alive", "spec-server")] if args.spec_server else []
        filtered_rounds = results[("filtered query keep-alive", "spec-server")] if args.spec_server else []
        if healthz_rounds and filtered_rounds:
            # Each round measures both a few seconds apart, so the round's difference is
            # less moved by the VM's drift than the difference of the two medians.
            differences = [f[1] - h[1] for h, f in zip(healthz_rounds, filtered_rounds)]
            medians = (statistics.median(r[1] for r in filtered_rounds)
                       - statistics.median(r[1] for r in healthz_rounds))
            print(f"filtered query over /healthz (spec-server): {medians:+.2f} us between the medians, "
                  f"{statistics.median(differences):+.2f} us as the median of the rounds' differences "
                  f"({', '.join(f'{d:+.1f}' for d in differences)})")

        print()
        print(f"{'memory':26} {'server':18} {'RSS after start':>16} {'with 10k idle':>14} {'per idle conn':>14}")
        for name in pids:
            if name == "nginx (same bytes)":
                continue
            # Idle connections' cost is measured from just before they open, so memory the
            # scenarios above left (buffers kept for reuse) is not counted as theirs.
            before = rss_kib(pids[name])
            holder = subprocess.Popen(["taskset", "-c", CLIENT_CPU, "python3",
                                       os.path.join(os.path.dirname(__file__), "idle_connections.py"),
                                       str(ports[name]), "10000", paths[name]["small"], "60"],
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            line = holder.stdout.readline().strip()
            if not line.startswith("ready"):
                holder.kill()
                print(f"{'':26} {name:18} could not hold 10,000 connections: {line!r}")
                continue
            time.sleep(1)
            loaded = rss_kib(pids[name])
            holder.stdin.close()
            holder.wait(timeout=60)
            per = (loaded - before) * 1024 / 10000
            print(f"{'':26} {name:18} {rss_start[name] / 1024:13.1f} MiB {loaded / 1024:10.1f} MiB {per:10.0f} B")
    finally:
        for process in processes:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()

if __name__ == "__main__":
    main()
