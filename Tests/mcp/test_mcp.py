"""MCP against a running spec-server, with the official MCP Python SDK as the client.

Over Streamable HTTP (SPEC_MCP_BASE, the server's http://127.0.0.1:PORT) and over stdio
(SPEC_SERVER_BINARY, started as `spec-server mcp`), in both protocol eras: the tools are listed,
every tool is called with a real query (the SDK checks structuredContent against outputSchema),
resources are read, and a bad argument comes back as a tool error. The transport rules are
checked with raw HTTP in test_transport.py.
"""

import json
import os
import subprocess
import urllib.parse
import urllib.request

import anyio
import pytest
from mcp import StdioServerParameters
from mcp.client import Client
from mcp.shared.exceptions import MCPError

BASE = os.environ["SPEC_MCP_BASE"]
BINARY = os.environ["SPEC_SERVER_BINARY"]

MODES = ["2026-07-28", "legacy"]
TRANSPORTS = ["http", "stdio"]

# A real query for every tool, and the REST request whose JSON the tool must return. A tool the
# server lists that has no row here fails test_every_tool_is_called.
CALLS = {
    "list_devices": ({"detail": True, "family": "iphone", "limit": 3}, "/v1/devices?family=iphone&limit=3"),
    "device_profile": ({"id": "device.iphone-16-pro"}, "/v1/devices/device.iphone-16-pro/profile"),
    "list_size_classes": ({"detail": True, "device": "device.iphone-16-pro"}, "/v1/size-classes?device=device.iphone-16-pro"),
    "list_widgets": ({"detail": True, "screen": "430x932"}, "/v1/widgets?screen=430x932"),
    "list_widget_families": ({"detail": True, "platform": "ios", "family": "small"}, "/v1/widget-families?platform=ios&family=small"),
    "list_dynamic_type": (
        {"detail": True, "platform": "ios", "category": "large", "style": "body"},
        "/v1/dynamic-type?platform=ios&category=large&style=body",
    ),
    "list_text_styles": ({"detail": True, "platform": "macos"}, "/v1/text-styles?platform=macos"),
    "list_tracking": ({"detail": True, "font": "sf pro", "size": 17}, "/v1/tracking?font=sf%20pro&size=17"),
    "list_metrics": (
        {"topic": "controls", "platform": "ios", "fields": ["id", "value", "status"]},
        "/v1/metrics?topic=controls&platform=ios&fields=id,value,status",
    ),
    "list_rules": ({"detail": True, "kind": "requirement", "limit": 5, "sort": "-id"}, "/v1/rules?kind=requirement&limit=5&sort=-id"),
    "list_myths": ({"detail": True}, "/v1/myths"),
    "list_colors": ({"detail": True, "name": "indigo"}, "/v1/colors?name=indigo"),
    "list_complications": (
        {"detail": True, "family": "circular", "case": "45 mm"},
        "/v1/complications?family=circular&case=45mm",
    ),
    "list_asset_sizes": ({"detail": True, "asset": "sticker"}, "/v1/asset-sizes?asset=sticker"),
    "get_record": ({"id": "metric.controls.ios.minimum-size"}, "/v1/metrics/metric.controls.ios.minimum-size"),
    "search": ({"q": "hit target", "limit": 5}, "/v1/search?q=hit%20target&limit=5"),
    "check_measurements": (
        {
            "items": [
                {"id": "12:34", "figure": "metric.controls.ios.minimum-size", "width": 20, "height": 20},
                {"id": "12:35", "figure": "metric.controls.ios.minimum-size", "heigth": 20, "width": 20},
                {"id": "12:36", "foreground": "#767676", "background": "#FFFFFF", "textSize": 12},
            ]
        },
        None,
    ),
    "list_versions": ({}, "/v1/versions"),
    "hig_coverage": ({}, "/v1/coverage"),
    "diff_versions": ({"from": "2023", "to": "2025-03-07"}, "/v1/diff?from=2023&to=2025-03-07"),
}


def rest_json(path):
    with urllib.request.urlopen(BASE + path, timeout=10) as response:
        return json.loads(response.read())


def rest_check(items):
    request = urllib.request.Request(
        BASE + "/v1/check", data=json.dumps(items).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def client(transport, mode):
    if transport == "http":
        return Client(BASE + "/mcp", mode=mode, cache=None, read_timeout_seconds=30)
    return Client(StdioServerParameters(command=BINARY, args=["mcp"]), mode=mode, cache=None, read_timeout_seconds=30)


def run(body):
    return anyio.run(body)


@pytest.mark.parametrize("transport", TRANSPORTS)
@pytest.mark.parametrize("mode", MODES)
def test_tools_are_listed_with_schemas(transport, mode):
    async def body():
        async with client(transport, mode) as session:
            expected = "2026-07-28" if mode != "legacy" else "2025-11-25"
            assert session.protocol_version == expected
            tools = (await session.list_tools()).tools
            names = [tool.name for tool in tools]
            assert names == list(CALLS), names
            for tool in tools:
                assert tool.input_schema["type"] == "object"
                assert tool.output_schema["type"] == "object"
                assert tool.annotations.read_only_hint is True
                assert tool.annotations.idempotent_hint is True
                assert tool.annotations.open_world_hint is False
                assert "version" in tool.input_schema["properties"], tool.name
            return tools

    tools = run(body)
    # The input schemas carry the canonical values of the OpenAPI parameters' enumerations (the
    # route takes the aliases OpenAPI lists as well).
    openapi = rest_json("/openapi.json")
    dynamic_type = next(tool for tool in tools if tool.name == "list_dynamic_type")
    parameters = {p["name"]: p["schema"] for p in openapi["paths"]["/v1/dynamic-type"]["get"]["parameters"]}
    category = dynamic_type.input_schema["properties"]["category"]["enum"]
    assert "accessibility5" in category and set(category) <= set(parameters["category"]["enum"])
    assert "format" not in dynamic_type.input_schema["properties"]
    # The check tool names its elements and measures, so a first call need not guess them.
    check = next(tool for tool in tools if tool.name == "check_measurements")
    item = check.input_schema["properties"]["items"]["items"]["properties"]
    assert "button" in item["element"]["enum"] and "grabber-size" in item["measure"]["enum"]


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_the_tool_list_is_small_enough_for_an_agent(transport):
    async def body():
        async with client(transport, "2026-07-28") as session:
            return (await session.list_tools()).tools

    tools = run(body)
    compact = {"separators": (",", ":"), "ensure_ascii": False}
    read = sum(
        len(tool.name.encode()) + len(tool.description.encode()) + len(json.dumps(tool.input_schema, **compact).encode())
        for tool in tools
    )
    whole = len(json.dumps([tool.model_dump(by_alias=True, exclude_none=True) for tool in tools], **compact).encode())
    assert read <= 16 * 1024, read
    assert whole <= 32 * 1024, whole
    for tool in tools:
        # Each description says when to use the tool.
        assert len(tool.description) > 60, tool.name


@pytest.mark.parametrize("transport", TRANSPORTS)
@pytest.mark.parametrize("mode", MODES)
def test_every_tool_is_called(transport, mode):
    async def body():
        async with client(transport, mode) as session:
            listed = [tool.name for tool in (await session.list_tools()).tools]
            missing = [name for name in listed if name not in CALLS]
            assert not missing, f"no query for tools {missing}"
            results = {}
            for name in listed:
                arguments, _ = CALLS[name]
                result = await session.call_tool(name, arguments)
                assert not result.is_error, (name, result.content)
                # The same JSON as text, for clients that show nothing else.
                assert json.loads(result.content[0].text) == result.structured_content
                results[name] = result.structured_content
            return results

    results = run(body)
    for name, (arguments, path) in CALLS.items():
        expected = rest_check(arguments["items"]) if path is None else rest_json(path)
        assert results[name] == expected, name
    assert results["list_dynamic_type"]["items"][0]["size"] == 17
    checks = results["check_measurements"]["items"]
    assert checks[0]["result"] == "below-published" and "error" in checks[1]
    assert checks[2]["contrast"]["ratio"] == 4.54 and checks[2]["result"] == "ok"


# Queries that reach each shape a tool's answer can take, and what marks that shape: the SDK
# checks every structuredContent against the tool's outputSchema, so an answer shape the schema
# does not admit fails here (a check item with no applicable figure once lost the whole batch).
def no_applicable(answer):
    item = answer["items"][0]
    return item["result"] == "no-applicable-figure" and item["status"] is None and item["figure"] is None


def empty_with_notes(answer):
    return answer["count"] == 0 and answer["items"] == [] and answer["notes"]


SHAPES = [
    ("list_devices", {"family": "watch", "limit": 2}, lambda a: a["count"] == 2 and a["total"] > 2),
    ("list_devices", {"width": 1, "height": 1}, lambda a: a["count"] == 0),
    ("list_devices", {"fields": "id,name", "limit": 2}, lambda a: set(a["items"][0]) == {"id", "name"}),
    ("list_devices", {"q": "zzzzqqq"}, lambda a: a["count"] == 0),
    ("device_profile", {"id": "device.iphone-16-plus"}, lambda a: a["item"]["widgets"]["count"] > 0),
    (
        # A watch's case size Apple's widget table lacks: the nearest case size's rows, so marked.
        "device_profile",
        {"id": "device.apple-watch-series-10-11-46mm"},
        lambda a: a["item"]["widgets"]["nearest"] == "45mm" and a["item"]["widgets"]["notes"],
    ),
    (
        "device_profile",
        {"id": "device.iphone-16-pro"},
        lambda a: a["item"]["widgets"]["nearest"] == "393x852" and a["item"]["widgets"]["items"][0]["width"] == 158,
    ),
    ("list_size_classes", {"orientation": "landscape", "limit": 2}, lambda a: a["count"] == 2),
    ("list_widgets", {"screen": "1x1"}, empty_with_notes),
    ("list_widgets", {"device": "device.iphone-16-plus"}, lambda a: a["count"] > 0),
    ("list_widget_families", {"platform": "macos"}, lambda a: a["count"] > 0),
    ("list_dynamic_type", {"platform": "ios", "category": "ax5", "style": "caption2"}, lambda a: a["count"] == 1),
    ("list_text_styles", {"platform": "tvos"}, lambda a: a["count"] > 0),
    ("list_tracking", {"size": 999}, lambda a: a["count"] == 0),
    ("list_metrics", {"status": "convention", "limit": 3}, lambda a: a["items"][0]["status"] == "convention"),
    ("list_metrics", {"q": "live activity", "platform": "ios"}, lambda a: a["count"] > 0),
    ("list_rules", {"status": "reading", "limit": 2}, lambda a: a["items"][0]["status"] == "reading"),
    ("list_myths", {"topic": "typography"}, lambda a: a["count"] > 0),
    ("list_colors", {"name": "indgo"}, empty_with_notes),
    # 12 system colors, 6 grays, and the 3 Activity ring colors, whose one value holds in every appearance.
    ("list_colors", {"appearance": "dark", "platform": "ios"}, lambda a: a["count"] == 21),
    ("list_complications", {"family": "circular", "case": "46mm"}, empty_with_notes),
    ("hig_coverage", {"version": "2023"}, lambda a: a["count"] > 0),
    ("list_asset_sizes", {"table": "wallet", "fields": "id,sizePt"}, lambda a: a["count"] > 0),
    ("list_asset_sizes", {"asset": "sticker", "scale": "3x"}, lambda a: a["count"] > 0),
    ("get_record", {"id": "asset.imessage.sticker.large"}, lambda a: "item" in a),
    ("list_complications", {"kind": "text", "case": "45"}, lambda a: a["count"] > 0),
    ("list_widgets", {"case": "45mm"}, lambda a: a["count"] > 0),
    ("get_record", {"id": "complication.circular.image.45mm-49mm"}, lambda a: "item" in a),
    ("get_record", {"id": "device.iphone-16-pro"}, lambda a: a["item"]["id"] == "device.iphone-16-pro"),
    ("get_record", {"id": "rule.tab-bars.navigation-not-actions"}, lambda a: "item" in a),
    ("get_record", {"id": "myth.text-literal-not-localized"}, lambda a: "item" in a),
    ("get_record", {"id": "size-class.ipad-pro-12-9-inch.portrait"}, lambda a: "item" in a),
    ("get_record", {"id": "widget.ios.430x932.system-small"}, lambda a: "item" in a),
    ("get_record", {"id": "type.ios.xsmall.large-title"}, lambda a: "item" in a),
    ("get_record", {"id": "text-style.macos.large-title"}, lambda a: "item" in a),
    ("get_record", {"id": "tracking.ios.sf-pro.6"}, lambda a: "item" in a),
    ("get_record", {"id": "widget-family.ios.system-small"}, lambda a: "item" in a),
    ("get_record", {"id": "device.iphone-16-pro", "fields": ["id", "name"]}, lambda a: set(a["item"]) == {"id", "name"}),
    ("search", {"q": "zzzzqqq"}, empty_with_notes),
    ("search", {"q": "tab bar", "type": "rule", "limit": 3}, lambda a: a["items"][0]["type"] == "rule"),
    (
        "search",
        {"q": "hit region", "limit": 3},
        lambda a: a["items"][0]["citation"]["url"].startswith("https://developer.apple.com/"),
    ),
    (
        # A figure Apple removed is found in every version's search, with the versions that held it.
        "search",
        {"q": "180x180 app icon", "history": True, "limit": 3},
        lambda a: a["items"][0]["id"] == "metric.app-icons.ios.home-screen-iphone.3x"
        and a["items"][0]["until"] == "2025-06-09"
        and "2023" in a["items"][0]["versions"],
    ),
    ("search", {"q": "180x180 app icon", "limit": 3}, lambda a: "metric.app-icons.ios.home-screen-iphone.3x" not in str(a)),
    ("check_measurements", {"items": [{"element": "button", "platform": "web", "width": 10, "height": 10}]}, no_applicable),
    ("check_measurements", {"items": [{"element": "popover", "platform": "ipados", "width": 300}]}, no_applicable),
    (
        "check_measurements",
        {"items": [{"element": "button", "platform": "ios", "width": 30, "height": 30}]},
        lambda a: a["items"][0]["verdicts"],
    ),
    (
        "check_measurements",
        {"items": [{"figure": "metric.controls.ios.minimum-size", "width": 20, "height": 20}], "embed": "figure"},
        lambda a: a["items"][0]["metric"]["id"] == "metric.controls.ios.minimum-size",
    ),
    (
        "check_measurements",
        {
            "items": [
                {"figure": "metric.nope", "value": 3},
                {"bogus": 1},
                {},
                {"element": "button", "platform": "web", "width": 1, "height": 1},
                {"figure": "metric.controls.ios.minimum-size", "width": 50, "height": 50},
            ]
        },
        lambda a: all("error" in item for item in a["items"][:3])
        and a["items"][3]["status"] is None
        and a["items"][4]["result"] == "ok",
    ),
    (
        # Contrast items: a judged pair, a named color, and each kind of error the GET gives.
        "check_measurements",
        {
            "items": [
                {"foreground": "#FFFFFF", "background": "indigo", "appearance": "light", "textSize": 17},
                {"foreground": "#777777", "background": "#FFFFFF", "bold": True},
                {"foreground": "#FFFFFF"},
                {"foreground": "#FFFFFF", "background": "#000000", "value": 3},
                {"foreground": "#FFFFFF", "background": "#000000", "appearance": "sepia"},
            ]
        },
        lambda a: a["items"][0]["contrast"]["minimumIs"] == "published"
        and a["items"][1]["figure"] == "metric.accessibility.all.contrast-bold-text"
        and [item["error"]["parameter"] for item in a["items"][2:]] == ["background", "value", "appearance"],
    ),
    ("check_measurements", {"items": []}, lambda a: a["count"] == 0),
    (
        # A complication image and a Wallet strip, each judged against its published size.
        "check_measurements",
        {
            "items": [
                {"family": "circular", "case": "45mm", "width": 50, "height": 50},
                {"asset": "wallet strip", "variant": "event ticket", "width": 750, "height": 196},
                {"family": "circular", "case": "47mm", "width": 50, "height": 50},
            ]
        },
        lambda a: a["count"] == 3 and a["items"][0].get("result") and a["items"][1].get("result") and a["items"][2].get("error"),
    ),
    ("diff_versions", {"from": "2023", "to": "2023"}, lambda a: a["counts"]["added"] == 0 and a["notes"]),
    ("diff_versions", {"from": "2023", "kind": "changed", "type": "metric"}, lambda a: a["added"] == []),
    (
        "diff_versions",
        {"from": "2023", "kind": "changes", "type": "rule"},
        lambda a: a["firstSeen"] == [] and a["counts"]["firstSeen"] == 0,
    ),
]


def test_a_collection_tool_leads_with_what_answers():
    async def body():
        async with client("http", "2026-07-28") as session:
            lean = await session.call_tool("list_metrics", {"topic": "live-activities", "platform": "ios"})
            whole = await session.call_tool("list_metrics", {"topic": "live-activities", "platform": "ios", "detail": True})
            return lean.structured_content, whole.structured_content

    lean, whole = run(body)
    assert lean["count"] == whole["count"] > 0
    assert [row["id"] for row in lean["items"]] == [row["id"] for row in whole["items"]]
    assert all("status" in row and "unit" in row for row in lean["items"])
    assert len(json.dumps(lean)) < len(json.dumps(whole))
    assert "since" in whole["items"][0] and "since" not in lean["items"][0]


def test_every_tool_has_shapes():
    assert {name for name, _, _ in SHAPES} >= set(CALLS) - {"list_versions"}


@pytest.mark.parametrize("transport", TRANSPORTS)
@pytest.mark.parametrize("mode", MODES)
def test_every_answer_shape_conforms(transport, mode):
    async def body():
        answers = []
        async with client(transport, mode) as session:
            for name, arguments, _ in SHAPES:
                # call_tool raises when structuredContent does not validate against outputSchema.
                result = await session.call_tool(name, arguments)
                assert not result.is_error, (name, arguments, result.content)
                answers.append(result.structured_content)
        return answers

    for (name, arguments, reached), answer in zip(SHAPES, run(body)):
        assert reached(answer), (name, arguments, answer)


@pytest.mark.parametrize("transport", TRANSPORTS)
@pytest.mark.parametrize("mode", MODES)
def test_bad_arguments_are_tool_errors(transport, mode):
    async def body():
        async with client(transport, mode) as session:
            bad_value = await session.call_tool("list_dynamic_type", {"category": "huge"})
            unknown = await session.call_tool("list_devices", {"colour": "red"})
            bad_type = await session.call_tool("list_devices", {"family": {"nested": True}})
            with pytest.raises(MCPError) as unknown_tool:
                await session.call_tool("list_colours", {})
            return bad_value, unknown, bad_type, unknown_tool.value

    bad_value, unknown, bad_type, unknown_tool = run(body)
    for result, parameter in [(bad_value, "category"), (unknown, "colour"), (bad_type, "family")]:
        assert result.is_error
        error = json.loads(result.content[0].text)["error"]
        assert error["parameter"] == parameter, error
        assert error["status"] == 400 and error["hint"]
    assert "xxxLarge" in json.loads(bad_value.content[0].text)["error"]["hint"]
    assert unknown_tool.error.code == -32602
    # The error lists the tools, so the next call is right.
    assert "list_devices" in unknown_tool.error.data["tools"] and "list_devices" in unknown_tool.error.message


@pytest.mark.parametrize("transport", TRANSPORTS)
@pytest.mark.parametrize("mode", MODES)
def test_resources_are_the_routes_bytes(transport, mode):
    async def body():
        async with client(transport, mode) as session:
            resources = (await session.list_resources()).resources
            templates = (await session.list_resource_templates()).resource_templates
            read = {}
            for resource in resources:
                read[str(resource.uri)] = (await session.read_resource(str(resource.uri))).contents[0]
            device = (await session.read_resource("hig://v1/devices/device.iphone-16-pro")).contents[0]
            pinned = (await session.read_resource("hig://v1/devices?version=2023&family=ipad")).contents[0]
            with pytest.raises(MCPError) as missing:
                await session.read_resource("hig://v1/devices/device.nope")
            return resources, templates, read, device, pinned, missing.value

    resources, templates, read, device, pinned, missing = run(body)
    uris = [str(resource.uri) for resource in resources]
    assert "hig://v1/devices" in uris and "hig://v1/versions" in uris
    assert "hig://v1/devices/{id}" in [template.uri_template for template in templates]
    for uri, content in read.items():
        path = uri.removeprefix("hig:/")
        with urllib.request.urlopen(BASE + path, timeout=10) as response:
            assert content.text.encode() == response.read(), uri
        assert content.mime_type == "application/json"
    assert json.loads(device.text) == rest_json("/v1/devices/device.iphone-16-pro")
    assert json.loads(pinned.text)["version"] == "2023"
    assert missing.error.code == (-32602 if mode != "legacy" else -32002)
    assert missing.error.data == {"uri": "hig://v1/devices/device.nope"}


# `spec-server mcp` as a client's process: whichever end the client closes, the server ends on
# its own with status 0 and says why on standard error (it once trapped with "write failed").
def stdio_process():
    return subprocess.Popen([BINARY, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


PING = b'{"jsonrpc":"2.0","id":1,"method":"ping"}\n'


def ended(process, reason):
    # wait() has its own deadline: a server that does not end fails the test, it does not hang it.
    status = process.wait(timeout=60)
    log = process.stderr.read().decode()
    assert status == 0, (status, log)
    assert f"spec-server mcp: {reason}; ending" in log, log
    assert "Fatal error" not in log, log


def test_stdio_ends_when_the_client_closes_its_reading_end():
    process = stdio_process()
    process.stdin.write(PING)
    process.stdin.flush()
    assert json.loads(process.stdout.readline())["id"] == 1
    process.stdout.close()
    # The next answer has nowhere to go; the server ends (before or at that write).
    try:
        process.stdin.write(PING)
        process.stdin.flush()
    except BrokenPipeError:
        pass
    ended(process, "standard output closed")
    process.stdin.close()


def test_stdio_ends_when_the_client_closes_its_writing_end():
    process = stdio_process()
    process.stdin.write(PING)
    process.stdin.close()
    assert json.loads(process.stdout.readline())["id"] == 1
    ended(process, "end of input")
    process.stdout.close()


def test_stdio_ends_when_started_with_standard_output_closed():
    process = subprocess.Popen([BINARY, "mcp"], stdin=subprocess.PIPE, stderr=subprocess.PIPE, close_fds=True,
                               preexec_fn=lambda: os.close(1))
    # The server may find its output closed and end before the ping is written: then the write or
    # the close meets a closed pipe, which is the behaviour under test, not a fault of it.
    try:
        process.stdin.write(PING)
        process.stdin.close()
    except BrokenPipeError:
        pass
    ended(process, "standard output closed")
