"""Parses spec-server's /metrics with prometheus-client's own parser and checks the figures.

usage: python Tests/api/metrics.py path/to/spec-server

Starts the server on a free loopback port with a data file, answers a few requests, reloads it
once successfully and once with a broken file (SIGHUP), then reads /metrics: the text must parse,
and the families operators rely on must be there with the right types, labels and values.
"""

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from prometheus_client.parser import text_string_to_metric_families

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "Tests", "SpecStoreTests", "Fixtures", "store")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(base, path):
    try:
        with urllib.request.urlopen(base + path, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()
    except urllib.error.URLError as error:
        return None, str(error.reason)


def wait_until(what, condition, seconds=20):
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            sys.exit(f"metrics: timed out waiting until {what}")
        time.sleep(0.05)


def families(base):
    status, text = get(base, "/metrics")
    assert status == 200, status
    return {family.name: family for family in text_string_to_metric_families(text)}


def sample(family, name, **labels):
    for s in family.samples:
        if s.name == name and all(s.labels.get(k) == v for k, v in labels.items()):
            return s
    raise AssertionError(f"no sample {name} {labels} in {family.name}")


def main():
    binary = sys.argv[1]
    work = tempfile.mkdtemp(prefix="spec-server-metrics.")
    data = os.path.join(work, "specs.json")
    shutil.copy(os.path.join(FIXTURES, "minimal.json"), data)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [binary, "--host", "127.0.0.1", "--port", str(port), "--threads", "1", "--log", "off", "--data", data],
        stderr=subprocess.DEVNULL,
    )
    started = time.time()
    try:
        wait_until("the server is ready", lambda: get(base, "/readyz")[0] == 200 if server.poll() is None else True)
        assert server.poll() is None, "spec-server exited"
        for path in ["/v1/devices", "/v1/devices", "/healthz", "/no-such-route"]:
            get(base, path)

        server.send_signal(signal.SIGHUP)
        wait_until(
            "a reload succeeds",
            lambda: sample(families(base)["spec_server_reloads"], "spec_server_reloads_total", result="success").value
            == 1,
        )
        shutil.copy(os.path.join(FIXTURES, "broken", "syntax-truncated.json"), data + ".new")
        os.rename(data + ".new", data)
        server.send_signal(signal.SIGHUP)
        wait_until(
            "a reload is refused",
            lambda: sample(families(base)["spec_server_reloads"], "spec_server_reloads_total", result="failure").value
            == 1,
        )

        metrics = families(base)
        expected_types = {
            "spec_server_requests": "counter",
            "spec_server_request_duration_seconds": "histogram",
            "spec_server_reloads": "counter",
            "spec_server_last_reload_success_timestamp_seconds": "gauge",
            "spec_server_build_info": "gauge",
            "spec_server_store_info": "gauge",
            "spec_server_open_connections": "gauge",
            "spec_server_buffered_body_bytes": "gauge",
            "spec_server_buffered_body_limit_bytes": "gauge",
            "spec_server_unread_answer_bytes": "gauge",
            "spec_server_unread_answer_limit_bytes": "gauge",
            "process_resident_memory_bytes": "gauge",
            "process_open_fds": "gauge",
            "process_start_time_seconds": "gauge",
            "process_cpu_seconds": "counter",
        }
        for name, kind in expected_types.items():
            assert name in metrics, f"no {name} family; have {sorted(metrics)}"
            assert metrics[name].type == kind, f"{name} is a {metrics[name].type}, not a {kind}"

        assert sample(metrics["spec_server_unread_answer_limit_bytes"], "spec_server_unread_answer_limit_bytes").value == 32 << 20
        assert sample(metrics["spec_server_unread_answer_bytes"], "spec_server_unread_answer_bytes").value == 0
        assert sample(metrics["spec_server_buffered_body_bytes"], "spec_server_buffered_body_bytes").value == 0

        requests = metrics["spec_server_requests"]
        assert sample(requests, "spec_server_requests_total", route="/v1/devices", status="200").value == 2
        assert sample(requests, "spec_server_requests_total", route="unmatched", status="404").value == 1
        latency = metrics["spec_server_request_duration_seconds"]
        assert sample(latency, "spec_server_request_duration_seconds_count", route="/v1/devices").value == 2
        assert sample(latency, "spec_server_request_duration_seconds_bucket", route="/v1/devices", le="+Inf").value == 2
        assert sample(latency, "spec_server_request_duration_seconds_count", route="/healthz").value == 1

        last_reload = sample(
            metrics["spec_server_last_reload_success_timestamp_seconds"],
            "spec_server_last_reload_success_timestamp_seconds",
        ).value
        assert started - 1 <= last_reload <= time.time() + 1, last_reload
        build = sample(metrics["spec_server_build_info"], "spec_server_build_info")
        assert build.labels["store_version"] == "2025-03-07", build.labels
        assert build.labels["version"], build.labels
        assert build.value == 1

        resident = sample(metrics["process_resident_memory_bytes"], "process_resident_memory_bytes").value
        assert 1 << 20 < resident < 1 << 30, resident
        assert sample(metrics["process_open_fds"], "process_open_fds").value >= 3
        start_time = sample(metrics["process_start_time_seconds"], "process_start_time_seconds").value
        assert started - 5 <= start_time <= time.time(), (started, start_time)
        print(f"metrics: {len(metrics)} families parsed; reloads, build info, route latency and process figures as expected")
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
