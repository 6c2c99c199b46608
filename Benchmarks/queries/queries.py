#!/usr/bin/env python3
"""The never-seen-query benchmark (see run.sh): server CPU per request for queries that differ
from every earlier one, against a repeated (cached) query, measured in the same run on one
server pinned to one core, wrk on the other."""
import argparse, json, os, re, statistics, subprocess, sys, time, urllib.error, urllib.request

SERVER_CPU, CLIENT_CPU = "1", "0"
HERE = os.path.dirname(os.path.abspath(__file__))
# Server CPU time and RSS are read from /proc as the engine benchmark reads them.
sys.path.insert(0, os.path.join(HERE, "..", "engine"))
from bench import cpu_ns, rss_kib  # noqa: E402

MCP_HEADERS = (
    "Content-Type: application/json\nAccept: application/json\nMCP-Protocol-Version: 2026-07-28\n"
    "Mcp-Method: tools/call\nMcp-Name: {tool}"
)
MCP_META = '"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}'


def mcp_call(tool, arguments):
    """A tools/call body; arguments is JSON text that may hold {N}."""
    body = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"%s","arguments":%s,%s}}' % (
        tool, arguments, MCP_META)
    return "POST", "/mcp", body, MCP_HEADERS.format(tool=tool)


def check_body(count):
    """A batch of `count` measurements, each against a published figure."""
    items = [
        {"id": str(i), "figure": "metric.controls.ios.minimum-size", "width": 20 + i % 30, "height": 20 + i % 25}
        for i in range(count)
    ]
    return json.dumps(items, separators=(",", ":"))


# (name, method, path, body, headers). A never-seen case's URL differs from every earlier one:
# "{COMBO}" is the next combination of its axes (AXES, below), "{=name}" one axis's value in it,
# "{ID}" and "{FIELDS}" a record and a set of its fields (request.lua).
TRACKING_SF_PRO = "/v1/tracking?font=sf%20pro"
CASES = [
    ("repeated: /v1/tracking?font=sf%20pro&size=17", "GET", "/v1/tracking?font=sf%20pro&size=17", "", ""),
    ("filtered, paged", "GET", TRACKING_SF_PRO + "&{COMBO}", "", ""),
    ("sorted descending (tracking)", "GET", TRACKING_SF_PRO + "&sort=-size&{COMBO}", "", ""),
    ("sorted ascending (tracking)", "GET", "/v1/tracking?sort=size&{COMBO}", "", ""),
    ("sorted by a nested field (devices)", "GET", "/v1/devices?{COMBO}", "", ""),
    ("fields= on a collection (metrics)", "GET", "/v1/metrics?fields=id,value&{COMBO}", "", ""),
    ("fields= on a record", "GET", "/v1/devices/{ID}?fields={FIELDS}", "", ""),
    ("search", "GET", "/v1/search?q=button&{COMBO}", "", ""),
    ("search, filtered", "GET", "/v1/search?q=button&platform=ios&{COMBO}", "", ""),
    ("q= on a collection (metrics)", "GET", "/v1/metrics?q=button&{COMBO}", "", ""),
    ("pretty, array shape", "GET", TRACKING_SF_PRO + "&{COMBO}&pretty=true&shape=array", "", ""),
    ("csv, filtered, paged", "GET", TRACKING_SF_PRO + "&{COMBO}&format=csv", "", ""),
    ("markdown, filtered, paged", "GET", TRACKING_SF_PRO + "&{COMBO}&format=md", "", ""),
    ("swift, paged (metrics)", "GET", "/v1/metrics?{COMBO}&format=swift", "", ""),
    ("css, paged (colors)", "GET", "/v1/colors?{COMBO}&format=css", "", ""),
    ("svg of a record (devices)", "GET", "/v1/devices/{ID}?fields={FIELDS}&format=svg", "", ""),
    ("tokens, filter combinations (metrics)", "GET", "/v1/tokens/metrics?{COMBO}", "", ""),
    ("html page, filtered, paged", "GET", TRACKING_SF_PRO + "&{COMBO}&format=html", "", ""),
    ("html page, filter form (metrics)", "GET", "/v1/metrics?{COMBO}&format=html", "", ""),
    ("html record page", "GET", "/v1/devices/{ID}?fields={FIELDS}&format=html", "", ""),
    ("html search page", "GET", "/v1/search?q=button&{COMBO}&format=html", "", ""),
    ("gzip json, paged (metrics)", "GET", "/v1/metrics?{COMBO}", "", "Accept-Encoding: gzip"),
    ("gzip html page, filtered, paged", "GET", TRACKING_SF_PRO + "&{COMBO}&format=html", "",
     "Accept-Encoding: gzip"),
    # A POST's answer is never cached, so the same batch is a never-seen query every time.
    ("POST /v1/check, 1,000 items", "POST", "/v1/check", check_body(1000), "Content-Type: application/json"),
    ("MCP tools/call, repeated", *mcp_call("list_tracking", '{"font":"sf pro","size":17}')),
    ("MCP tools/call, never seen", *mcp_call(
        "list_tracking", '{"font":"sf pro","offset":{=offset},"limit":{=limit},"version":"{=version}"}')),
]


def wait_ready(port, timeout=60):
    end = time.time() + timeout
    while time.time() < end:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=1).read()
            return
        except OSError:
            time.sleep(0.05)
    sys.exit(f"spec-server on {port} did not get ready")


PLATFORMS = ",ios,ipados,macos,tvos,watchos,visionos,web,carplay"
# A case whose path holds "{COMBO}": its axes (request.lua), one value per axis per request, "" leaving
# the axis out; the product of their sizes is far more than a run asks.
# A paged case's axes: every offset whose page is full in every store version, limits of 3–7
# rows, and the store versions (each version's rows are its own answer), so no page is empty and
# each case has thousands of pages to ask once each.
def paged(base, nested_sorts=False):
    def axes(port):
        versions = version_ids(port)
        sorts = ["-points.width", "points.width", "-points.height", "points.height"] if nested_sorts else [""]
        least = min(total(port, base, version, sort) for version in versions for sort in sorts)
        offsets = ",".join(str(offset) for offset in range(0, least - 7 + 1))
        parts = [f"offset:{offsets}", "limit:3,4,5,6,7", "version:" + ",".join(versions)]
        if nested_sorts:
            parts.append("sort:" + ",".join(sorts))
        return ";".join(parts)
    return axes


def version_ids(port):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/versions", timeout=10) as response:
        return [item["id"] for item in json.load(response)["items"]]


def total(port, base, version, sort=""):
    """How many rows `base` (a path and query) gives in `version`."""
    separator = "&" if "?" in base else "?"
    url = f"http://127.0.0.1:{port}{base}{separator}limit=1&version={version}" + (f"&sort={sort}" if sort else "")
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.load(response)["total"]


AXES = {
    "filtered, paged": paged(TRACKING_SF_PRO),
    "sorted descending (tracking)": paged(TRACKING_SF_PRO),
    "sorted ascending (tracking)": paged("/v1/tracking"),
    "sorted by a nested field (devices)": paged("/v1/devices", nested_sorts=True),
    "fields= on a collection (metrics)": paged("/v1/metrics"),
    "search": paged("/v1/search?q=button"),
    "search, filtered": paged("/v1/search?q=button&platform=ios"),
    "q= on a collection (metrics)": paged("/v1/metrics?q=button"),
    "pretty, array shape": paged(TRACKING_SF_PRO),
    "csv, filtered, paged": paged(TRACKING_SF_PRO),
    "markdown, filtered, paged": paged(TRACKING_SF_PRO),
    "swift, paged (metrics)": paged("/v1/metrics"),
    "css, paged (colors)": paged("/v1/colors"),
    "html page, filtered, paged": paged(TRACKING_SF_PRO),
    "html search page": paged("/v1/search?q=button"),
    "gzip json, paged (metrics)": paged("/v1/metrics"),
    "gzip html page, filtered, paged": paged(TRACKING_SF_PRO),
    "MCP tools/call, never seen": paged(TRACKING_SF_PRO),
    "tokens, filter combinations (metrics)": lambda port: ";".join([
        "topic:," + ",".join(topics(port)), "platform:" + PLATFORMS, "status:,published,convention",
        "case:,38mm,40mm,41mm,42mm,44mm,45mm,46mm,49mm", "flat:,true", "pretty:,true"]),
    "html page, filter form (metrics)": lambda port: ";".join([
        "topic:," + ",".join(topics(port)), "platform:" + PLATFORMS, "status:,published,convention",
        "offset:" + ",".join(str(5 * i) for i in range(20)), "limit:5"]),
}


def topics(port):
    """The metrics' topics, as the 400 for an unknown one lists them."""
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/metrics?topic=-", timeout=10)
    except urllib.error.HTTPError as error:
        hint = json.load(error)["error"]["hint"]
        return [t.strip() for t in hint.split(":", 1)[1].rstrip(".").split(",")]
    sys.exit("/v1/metrics?topic=- did not list the topics")


DEVICE_FIELDS = "name,family,platforms,points,scale,pixels,sizeClasses,asPublished,status,unit,citations,notes,since"


def device_ids(port):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/devices?fields=id", timeout=10) as response:
        return ",".join(item["id"] for item in json.load(response)["items"])


def repeated_twin(case, port):
    """The case's first URL, fixed: the same shape of answer asked again and again, so answered
    from the cache after its first request. `None` for a case that is repeated already, or whose
    answer is never kept (a POST)."""
    name, method, path, body, headers = case
    if method != "GET" or "{" not in path:
        return None
    fixed = path.replace("{N}", "1")
    if "{ID}" in fixed:
        fixed = fixed.replace("{ID}", device_ids(port).split(",")[0]).replace("{FIELDS}", "id," + DEVICE_FIELDS)
    if "{COMBO}" in fixed:
        # The first value of every axis, as request.lua's combination 0 ("" leaves an axis out).
        pairs = []
        for axis in AXES[name](port).split(";"):
            axis_name, values = axis.split(":", 1)
            first = values.split(",")[0]
            if first:
                pairs.append(f"{axis_name}={first}")
        fixed = fixed.replace("{COMBO}", "&".join(pairs))
    return (f"{name}, repeated", method, fixed, body, headers)


def warm(port, case, axes):
    """Asks the case once in each store version, with a limit no combination has: what the
    server makes once per version (an old snapshot's indexes and kept texts) is made before the
    case is measured, so a round measures answers, not the first visit to a version."""
    name, method, path, body, headers = case
    fields = dict(line.split(": ", 1) for line in headers.split("\n") if line)
    values = dict(axis.split(":", 1) for axis in axes.split(";"))
    for version in values.get("version", "").split(","):
        if not version:
            continue
        chosen = {"offset": "0", "limit": "8", "version": version}
        for axis, listed in values.items():
            chosen.setdefault(axis, listed.split(",")[0])
        query = "&".join(f"{axis}={value}" for axis, value in chosen.items() if value)
        url = path.replace("{COMBO}", query)
        data = body
        for axis, value in chosen.items():
            url, data = url.replace("{=%s}" % axis, value), data.replace("{=%s}" % axis, value)
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}{url}", data=data.encode() if method == "POST" else None, headers=fields,
            method=method)
        with urllib.request.urlopen(request, timeout=30) as response:
            response.read()


def combinations(axes):
    """How many combinations an axes string (request.lua's QUERY_AXES) has."""
    count = 1
    for axis in axes.split(";"):
        count *= len(axis.split(":", 1)[1].split(","))
    return count


def run_case(pid, port, case, seconds, start, axes=None, stop=None):
    name, method, path, body, headers = case
    env = dict(os.environ, QUERY_METHOD=method, QUERY_PATH=path, QUERY_BODY=body, QUERY_HEADERS=headers,
               QUERY_START=str(start))
    if "{ID}" in path:
        env.update(QUERY_IDS=device_ids(port), QUERY_FIELDS=DEVICE_FIELDS)
    if axes:
        env.update(QUERY_AXES=axes)
    if stop is not None:
        env.update(QUERY_STOP=str(stop))
    command = ["taskset", "-c", CLIENT_CPU, "wrk", "-t1", "-c4", f"-d{seconds}s", "-s",
               os.path.join(HERE, "request.lua"), f"http://127.0.0.1:{port}"]
    before = cpu_ns([pid])
    out = subprocess.run(command, capture_output=True, text=True, check=True, env=env).stdout
    used = cpu_ns([pid]) - before
    requests = int(re.search(r"(\d+) requests in", out).group(1))
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if bad:
        sys.exit(f"{name}: {bad.group(1)} of {requests} answers were not 2xx\n{out}")
    return used / max(requests, 1) / 1000.0, requests


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=3)
    parser.add_argument("--port", type=int, default=18191)
    parser.add_argument("--data", help="a data file to serve instead of the embedded one")
    parser.add_argument("--only", help="comma-separated: measure only the cases whose name contains one of these (and the repeated one)")
    args = parser.parse_args()

    wanted = args.only.split(",") if args.only else None
    cases = [case for case in CASES if case is CASES[0] or not wanted or any(w in case[0] for w in wanted)]
    command = ["taskset", "-c", SERVER_CPU, args.server, "--port", str(args.port), "--threads", "1", "--log", "off"]
    if args.data:
        command += ["--data", args.data]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_ready(args.port)
        print(f"spec-server RSS after start: {rss_kib([server.pid]) / 1024:.1f} MiB")
        # Each never-seen case beside its own answer repeated (a MCP call beside the repeated call).
        twins = {case[0]: repeated_twin(case, args.port) for case in cases[1:]}
        mcp_repeated = next((case for case in CASES if case[0] == "MCP tools/call, repeated"), None)
        if any(case[0] == "MCP tools/call, never seen" for case in cases):
            twins["MCP tools/call, never seen"] = mcp_repeated
        same = {case[0]: [] for case in cases}
        per_case = {case[0]: [] for case in cases}
        ratios = {case[0]: [] for case in cases}
        counts = {case[0]: 0 for case in cases}
        # A counter per case: a URL need only differ from the case's own earlier ones, and an
        # offset stays within the API's limit (1,000,000) for longer than one shared counter would.
        starts = {case[0]: 0 for case in cases}

        # A case with axes asks each combination once in the whole run: its rounds take
        # consecutive slices of them (a few short of each slice's end, for the requests in flight
        # when a run stops), so none is asked twice and none is cached.
        axes = {case[0]: AXES[case[0]](args.port) for case in cases if case[0] in AXES}
        slices = {name: combinations(text) // args.rounds for name, text in axes.items()}
        rounds_done = {case[0]: 0 for case in cases}

        def measure(case):
            name = case[0]
            if name in axes and "{" in case[2] + case[3]:
                if rounds_done[name] == 0:
                    warm(args.port, case, axes[name])
                start = rounds_done[name] * slices[name]
                rounds_done[name] += 1
                micros, requests = run_case(
                    server.pid, args.port, case, args.seconds, start, axes[name], start + slices[name] - 8)
            else:
                micros, requests = run_case(
                    server.pid, args.port, case, args.seconds, starts[name], axes.get(name))
                starts[name] += requests + 1000
            per_case[case[0]].append(micros)
            counts[case[0]] += requests
            return micros

        # The repeated query runs before the first case and after each one, and each case is
        # divided by the mean of the repeated runs either side of it: the VM's speed drifts over
        # minutes, and a ratio to a baseline measured seconds away follows it.
        baseline = cases[0]
        for _ in range(args.rounds):
            before = measure(baseline)
            for case in cases[1:]:
                micros = measure(case)
                twin = twins.get(case[0])
                if twin is not None:
                    starts.setdefault(twin[0], 0)
                    per_case.setdefault(twin[0], [])
                    counts.setdefault(twin[0], 0)
                    same[case[0]].append(micros / measure(twin))
                after = measure(baseline)
                ratios[case[0]].append(micros / ((before + after) / 2))
                before = after
        print(f"spec-server RSS after the run: {rss_kib([server.pid]) / 1024:.1f} MiB")
        for name, text in axes.items():
            print(f"{name}: {combinations(text)} combinations, {slices[name]} a round")
        print(f"{args.rounds} rounds of {args.seconds} s per case, the repeated query between cases; server CPU per"
              " request, median of rounds; × the repeated query: median of the rounds' ratios to the repeated runs"
              " either side; × the same answer repeated: the case's first URL asked again and again (answered"
              " from the cache), measured right after it, median of the rounds' ratios")
        print(f"| case | µs per request | × the repeated query | × the same answer repeated | requests |")
        print(f"|---|---|---|---|---|")
        for case in cases:
            median = statistics.median(per_case[case[0]])
            ratio = statistics.median(ratios[case[0]]) if case is not baseline else 1.0
            twin = twins.get(case[0]) if case is not baseline else None
            if twin is not None and same[case[0]]:
                own = f"{statistics.median(same[case[0]]):.1f}× ({statistics.median(per_case[twin[0]]):.1f} µs)"
            else:
                own = "—"
            print(f"| {case[0]} | {median:.1f} | {ratio:.1f}× | {own} | {counts[case[0]]} |")
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
