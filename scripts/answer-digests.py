#!/usr/bin/env python3
"""Prints a digest of the server's answer to a wide list of requests, one line each, so two builds
can be compared: a change meant to keep behaviour byte-identical shows no differing line.

    scripts/answer-digests.py [BINARY] > before.txt     # default .build/debug/spec-server
    ... change, build ...
    scripts/answer-digests.py [BINARY] > after.txt
    diff before.txt after.txt

The requests, drawn from the server's own /openapi.json so a new route or parameter is covered
without editing this list: every path (a templated one with the first value its schema lists)
in every format it offers; each route parameter with its first accepted value, that value in
capitals, a value no vocabulary holds, a number spelled two ways and a word where a number
belongs; every pair of wrong values (which error comes first); an unknown parameter; notes that carry
URLs; POST /v1/check bodies; and MCP tools/list plus tools/call for every tool, with and
without arguments. A digest covers the status, the Content-Type, Link and Spec-Note fields and
the body. With --bodies DIR each answer is also written to DIR, to read what a differing line
changed.
"""

import hashlib
import http.client
import json
import os
import socket
import subprocess
import sys
import time
import urllib.parse

COMMON = {"version", "format", "shape", "pretty", "fragment", "flat", "limit", "offset", "sort", "fields"}
NOTE_URLS = [
    "/v1/tracking?size=1000",
    "/v1/tracking?platform=ios&font=SF%20Pro&size=17",
    "/v1/tracking?platform=watchos&size=17",
    "/v1/text-styles?platform=visionos",
    "/v1/text-styles?platform=visionos&style=zzz",
    "/v1/text-styles?platform=watchos&style=Title%201",
    "/v1/dynamic-type?platform=macos",
    "/v1/dynamic-type?platform=watchos&category=xxxl&style=body",
    "/v1/dynamic-type?platform=tvos&style=headline",
    "/v1/widgets?device=iphone-16-pro",
    "/v1/widgets?platform=watchos&screen=1x1",
    "/v1/widgets?platform=macos&family=accessoryCircular",
    "/v1/widgets?device=apple-watch-series-10-46mm",
    "/v1/widgets?screen=9999x9999",
    "/v1/size-classes?device=iphone-se",
    "/v1/size-classes?device=zzz",
    "/v1/size-classes?device=apple-watch-ultra",
    "/v1/metrics?topic=typography&platform=ios",
    "/v1/metrics?topic=zzz",
    "/v1/metrics?platform=watchos&status=published",
    "/v1/devices?width=430&height=932",
    "/v1/devices?width=430.0&sizeClass=Regular-Width-Landscape",
    "/v1/devices?platform=watchos&case=45",
    "/v1/devices/iphone-16-pro/profile",
    "/v1/search?q=tap&history=true",
    "/v1/search?q=font&history=TRUE&type=metric",
    "/v1/search?q=44x44&history=maybe",
    "/v1/search?history=maybe",
    "/v1/search?history=",
    "/v1/search?q=",
    "/v1/search",
    "/v1/widgets?screen=abc&family=zzz",
    "/v1/widgets?family=zzz&platform=zzz",
    "/v1/devices?width=abc&family=zzz",
    "/v1/devices?sizeClass=zzz&case=zzz",
    "/v1/complications?kind=zzz&family=zzz",
    "/v1/complications?kind=IMAGE",
    "/v1/check?figure=metric.accessibility.ios.minimum-control-size&value=44",
    "/v1/check?figure=metric.accessibility.ios.minimum-control-size&value=4.40e1",
    "/v1/check?element=button&platform=ios&value=30",
    "/v1/check?element=button&platform=zzz&value=abc",
    "/v1/check?value=abc&category=zzz",
    "/v1/check?foreground=%23000000&background=%23ffffff",
    "/v1/check?foreground=label&background=systemBackground&appearance=dark&platform=ios&size=17&bold=true",
    "/v1/check?family=circular&case=45&width=32&height=32",
    "/v1/check?asset=sticker&variant=large&width=618&height=618",
    "/v1/check?unit=0",
    "/v1/check",
    "/v1/asset-sizes?scale=@2x&table=stickers",
]
CHECK_BODIES = [
    '[{"figure":"metric.accessibility.ios.minimum-control-size","value":44}]',
    '[{"figure":"metric.accessibility.ios.minimum-control-size","value":"44"}]',
    '[{"figure":3,"value":44}]',
    '[{"element":"button","platform":"ios","width":30,"height":30}]',
    '[{"figure":"x","zzz":1}]',
    '[{"foreground":"#000","background":"#fff"}]',
    "{}",
    "not json",
]


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def request(port, method, target, body=None, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request(method, target, body=body, headers=headers or {})
    response = connection.getresponse()
    data = response.read()
    kept = [
        f"{name.lower()}: {value}"
        for name, value in response.getheaders()
        if name.lower() in ("content-type", "link", "spec-note")
    ]
    connection.close()
    return response.status, kept, data


def digest(status, headers, body):
    hasher = hashlib.sha256()
    hasher.update(f"{status}\n".encode())
    for header in headers:
        hasher.update(header.encode() + b"\n")
    hasher.update(b"\n" + body)
    return hasher.hexdigest()[:16]


def sample_values(parameter):
    schema = parameter.get("schema", {})
    values = schema.get("enum") or [item.get("const") for item in schema.get("oneOf", []) if "const" in item]
    kind = schema.get("type")
    if values:
        first = str(values[0])
        return [first, first.upper(), "zzz", " " + first + " "]
    if kind in ("number", "integer"):
        return ["17", "17.0", "1.7e1", "abc", "0x10", "nan", ""]
    if kind == "boolean":
        return ["true", "FALSE", "maybe", ""]
    return ["ios", "SF Pro", "44x44", "zzz", ""]


def main():
    arguments = sys.argv[1:]
    bodies = None
    if "--bodies" in arguments:
        index = arguments.index("--bodies")
        bodies = arguments[index + 1]
        del arguments[index : index + 2]
        os.makedirs(bodies, exist_ok=True)
    binary = arguments[0] if arguments else ".build/debug/spec-server"
    port = free_port()
    server = subprocess.Popen(
        [binary, "--port", str(port), "--log", "off", "--threads", "1"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                status, _, _ = request(port, "GET", "/readyz")
                if status == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                sys.exit("the server did not become ready")
            time.sleep(0.1)
        lines = []

        def record(label, method, target, body=None, headers=None):
            status, kept, data = request(port, method, target, body, headers)
            lines.append(f"{digest(status, kept, data)} {status} {label}")
            if bodies is not None:
                name = hashlib.sha256(label.encode()).hexdigest()[:16]
                with open(os.path.join(bodies, name), "wb") as file:
                    file.write(f"{label}\n{status}\n".encode() + "\n".join(kept).encode() + b"\n\n" + data)

        def get(target):
            record("GET " + target, "GET", target)

        _, _, document = request(port, "GET", "/openapi.json")
        get("/openapi.json")
        get("/")
        spec = json.loads(document)
        for path, item in sorted(spec["paths"].items()):
            operation = item.get("get")
            # The metrics count the requests themselves, so they differ from run to run.
            if operation is None or path == "/metrics":
                continue
            parameters = operation.get("parameters", [])
            target = path
            for parameter in parameters:
                if parameter.get("in") == "path":
                    schema = parameter.get("schema", {})
                    values = schema.get("enum") or schema.get("examples") or ["zzz"]
                    target = target.replace("{" + parameter["name"] + "}", urllib.parse.quote(str(values[0])))
            if "{" in target:
                continue
            formats = ["json"]
            for parameter in parameters:
                if parameter["name"] == "format":
                    formats = parameter.get("schema", {}).get("enum", formats)
            for format_ in formats:
                get(f"{target}?format={format_}")
            get(target)
            own = [p for p in parameters if p.get("in") == "query" and p["name"] not in COMMON]
            for parameter in own:
                for value in sample_values(parameter):
                    get(f"{target}?{urllib.parse.urlencode({parameter['name']: value})}")
                first = sample_values(parameter)[0]
                for format_ in formats:
                    query = urllib.parse.urlencode({parameter["name"]: first, "format": format_})
                    get(f"{target}?{query}")
            # Every pair of wrong values: which error a route reports first.
            for index, left in enumerate(own):
                for right in own[index + 1 :]:
                    get(f"{target}?{urllib.parse.urlencode({left['name']: 'zzz', right['name']: 'zzz'})}")
            for left, right in zip(own, own[1:]):
                get(f"{target}?{urllib.parse.urlencode({right['name']: 'zzz', left['name']: 'zzz'})}")
            get(f"{target}?screne=1")
            get(f"{target}?{'&'.join(p['name'] + '=' + urllib.parse.quote(sample_values(p)[0]) for p in own)}")
        for target in NOTE_URLS:
            get(target)
            get(target + ("&" if "?" in target else "?") + "format=md")
        for body in CHECK_BODIES:
            record("POST /v1/check " + body, "POST", "/v1/check", body.encode(), {"Content-Type": "application/json"})

        def mcp(method, params, label):
            body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}).encode()
            record(f"MCP {method} {label}", "POST", "/mcp", body, {"Content-Type": "application/json"})
            return request(port, "POST", "/mcp", body, {"Content-Type": "application/json"})[2]

        tools = json.loads(mcp("tools/list", {}, ""))["result"]["tools"]
        for tool in tools:
            name = tool["name"]
            mcp("tools/call", {"name": name, "arguments": {}}, f"{name} {{}}")
            properties = tool.get("inputSchema", {}).get("properties", {})
            for argument, schema in sorted(properties.items()):
                values = schema.get("enum")
                kind = schema.get("type")
                samples = []
                if values:
                    samples = [values[0], "zzz", 1]
                elif kind in ("number", "integer"):
                    samples = [17, "17", "abc", True]
                elif kind == "boolean":
                    samples = [True, "true"]
                elif kind == "array":
                    samples = [[], ["zzz"]]
                else:
                    samples = ["ios", "SF Pro", 44]
                for sample in samples:
                    arguments_ = {argument: sample}
                    mcp("tools/call", {"name": name, "arguments": arguments_}, f"{name} {json.dumps(arguments_)}")
        print("\n".join(lines))
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
