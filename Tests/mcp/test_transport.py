"""The transport rules of POST /mcp, with raw HTTP (the standard library only): each rule's status,
JSON-RPC error code and headers, in both protocol eras."""

import base64
import http.client
import json
import os
import socket
import urllib.parse

import pytest

BASE = urllib.parse.urlsplit(os.environ["SPEC_MCP_BASE"])
MODERN = "2026-07-28"
META = {"io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientCapabilities": {}}


def send(method="POST", body=None, headers=None, raw=None):
    """One request on a fresh connection: (status, headers as a dict of lists, parsed body or None)."""
    connection = http.client.HTTPConnection(BASE.hostname, BASE.port, timeout=10)
    fields = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
    fields.update(headers or {})
    fields = {name: value for name, value in fields.items() if value is not None}
    payload = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    connection.request(method, "/mcp", body=payload, headers=fields)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    received = {}
    for name, value in response.getheaders():
        received.setdefault(name.lower(), []).append(value)
    parsed = json.loads(data) if data else None
    return response.status, received, parsed


def modern(method, params=None, rpc_id=1, extra_headers=None, meta=META):
    params = dict(params or {})
    if meta is not None:
        params["_meta"] = meta
    headers = {"MCP-Protocol-Version": MODERN, "Mcp-Method": method}
    name = params.get("name") or params.get("uri")
    if name:
        headers["Mcp-Name"] = name
    headers.update(extra_headers or {})
    return send(body={"jsonrpc": "2.0", "id": rpc_id, "method": method, "params": params}, headers=headers)


def legacy(method, params=None, rpc_id=1, version=None):
    headers = {"MCP-Protocol-Version": version} if version else {}
    body = {"jsonrpc": "2.0", "id": rpc_id, "method": method}
    if params is not None:
        body["params"] = params
    return send(body=body, headers=headers)


# --- HTTP-level rules --------------------------------------------------------------------------


@pytest.mark.parametrize("method", ["GET", "DELETE", "PUT"])
def test_methods_other_than_post_are_405(method):
    status, headers, _ = send(method=method, body=None)
    assert status == 405
    assert headers["allow"] == ["POST, OPTIONS"]


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "https://localhost.evil.example"])
def test_a_foreign_origin_is_403(origin):
    status, headers, body = modern("tools/list", extra_headers={"Origin": origin})
    assert status == 403
    assert "access-control-allow-origin" not in headers
    assert body["error"]["code"] == -32600


def test_a_loopback_origin_is_served_without_a_wildcard():
    status, headers, _ = modern("tools/list", extra_headers={"Origin": "http://localhost:5173"})
    assert status == 200
    assert headers["access-control-allow-origin"] == ["http://localhost:5173"]
    assert "Origin" in headers["vary"][0]


def test_no_wildcard_cors_on_mcp_even_without_origin():
    status, headers, _ = modern("tools/list")
    assert status == 200
    assert "access-control-allow-origin" not in headers
    assert "mcp-session-id" not in headers


def test_preflight_for_a_loopback_origin_and_refused_for_a_foreign_one():
    status, headers, _ = send(
        method="OPTIONS", headers={"Origin": "http://127.0.0.1:3000", "Access-Control-Request-Method": "POST"}
    )
    assert status == 204
    assert headers["access-control-allow-origin"] == ["http://127.0.0.1:3000"]
    assert "Mcp-Method" in headers["access-control-allow-headers"][0]
    status, _, _ = send(method="OPTIONS", headers={"Origin": "http://evil.example"})
    assert status == 403


def test_a_foreign_host_is_refused():
    status, _, body = modern("tools/list", extra_headers={"Host": "evil.example.com", "Origin": "http://evil.example.com"})
    assert 400 <= status < 500
    status, _, body = modern("tools/list", extra_headers={"Host": "evil.example.com"})
    assert status == 421
    assert "--mcp-allowed-hosts" in body["error"]["message"]


def test_a_body_that_is_not_json_content_is_415():
    status, _, _ = send(body={"jsonrpc": "2.0"}, headers={"Content-Type": "text/plain"})
    assert status == 415


def test_an_accept_without_json_is_406():
    status, _, _ = send(body={"jsonrpc": "2.0", "id": 1, "method": "ping"}, headers={"Accept": "text/event-stream"})
    assert status == 406
    status, _, _ = send(body={"jsonrpc": "2.0", "id": 1, "method": "ping"}, headers={"Accept": "text/html"})
    assert status == 406
    # curl's default, and no Accept at all, are served.
    status, _, _ = send(body={"jsonrpc": "2.0", "id": 1, "method": "ping"}, headers={"Accept": "*/*"})
    assert status == 200
    status, _, _ = send(body={"jsonrpc": "2.0", "id": 1, "method": "ping"}, headers={"Accept": None})
    assert status == 200


def test_a_body_over_the_limit_is_413():
    # The server refuses on the announced length, before the body, and closes: a client still
    # sending would meet a reset, so this one sends the head alone and reads the answer.
    with socket.create_connection((BASE.hostname, BASE.port), timeout=10) as connection:
        connection.sendall(
            b"POST /mcp HTTP/1.1\r\nHost: %s:%d\r\nContent-Type: application/json\r\n"
            b"Accept: application/json\r\nContent-Length: %d\r\n\r\n"
            % (BASE.hostname.encode(), BASE.port, (1 << 20) + 64)
        )
        answer = b""
        while b"\r\n" not in answer:
            chunk = connection.recv(4096)
            if not chunk:
                break
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 413 "), answer[:200]


def test_text_that_is_not_json_is_a_parse_error():
    status, _, body = send(raw=b'{"jsonrpc": "2.0", "id": 1,')
    assert status == 400
    assert body == {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "Parse error"}}


@pytest.mark.parametrize(
    "payload",
    [
        [{"jsonrpc": "2.0", "id": 1, "method": "ping"}],
        {"jsonrpc": "2.0", "id": 1, "result": {}},
        {"jsonrpc": "2.0", "id": None, "method": "ping"},
        {"jsonrpc": "2.0", "id": {"a": 1}, "method": "ping"},
        {"jsonrpc": "1.0", "id": 1, "method": "ping"},
        {"jsonrpc": "2.0", "id": 1, "method": 7},
        {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": [1]},
    ],
)
def test_malformed_envelopes_and_batches_are_invalid_requests(payload):
    status, _, body = send(body=payload)
    assert status == 400
    assert body["error"]["code"] == -32600


@pytest.mark.parametrize("version", [None, MODERN, "2025-06-18"])
def test_a_notification_is_202_with_no_body(version):
    headers = {"MCP-Protocol-Version": version, "Mcp-Method": "notifications/initialized"}
    status, _, body = send(body={"jsonrpc": "2.0", "method": "notifications/initialized"}, headers=headers)
    assert status == 202
    assert body is None


# --- 2026-07-28 ---------------------------------------------------------------------------------


def test_discover_names_both_eras_and_caching_hints():
    status, headers, body = modern("server/discover")
    assert status == 200
    result = body["result"]
    assert result["resultType"] == "complete"
    assert result["supportedVersions"][0] == MODERN and "2025-11-25" in result["supportedVersions"]
    assert result["capabilities"] == {"tools": {}, "resources": {}}
    assert result["ttlMs"] == 300000 and result["cacheScope"] == "public"
    assert result["_meta"]["io.modelcontextprotocol/serverInfo"]["name"] == "hig-spec-service"
    assert headers["content-type"] == ["application/json"]


@pytest.mark.parametrize(
    "meta, missing",
    [
        (None, "_meta"),
        ({"io.modelcontextprotocol/protocolVersion": MODERN}, "clientCapabilities"),
        ({"io.modelcontextprotocol/clientCapabilities": {}}, "protocolVersion"),
    ],
)
def test_a_missing_envelope_is_invalid_params(meta, missing):
    status, _, body = modern("tools/list", meta=meta)
    assert status == 400
    assert body["error"]["code"] == -32602 and missing in body["error"]["message"]


def test_client_info_is_optional():
    status, _, _ = modern("tools/list")
    assert status == 200


@pytest.mark.parametrize(
    "method, params, headers",
    [
        ("tools/list", {}, {"Mcp-Method": "tools/call"}),
        ("tools/list", {}, {"Mcp-Method": None}),
        ("tools/list", {}, {"MCP-Protocol-Version": None}),
        ("tools/call", {"name": "list_devices", "arguments": {}}, {"Mcp-Name": "list_metrics"}),
        ("tools/call", {"name": "list_devices", "arguments": {}}, {"Mcp-Name": None}),
        ("resources/read", {"uri": "hig://v1/myths"}, {"Mcp-Name": "hig://v1/rules"}),
    ],
)
def test_headers_that_disagree_with_the_body_are_a_header_mismatch(method, params, headers):
    status, _, body = modern(method, params, extra_headers=headers)
    if headers.get("MCP-Protocol-Version", "") is None:
        # Without the header the request is a handshake-era one, which carries no Mcp-* rules.
        assert status == 200
        return
    assert status == 400
    assert body["error"]["code"] == -32020


def test_a_repeated_routing_header_is_a_header_mismatch():
    connection = http.client.HTTPConnection(BASE.hostname, BASE.port, timeout=10)
    payload = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"_meta": META}}).encode()
    connection.putrequest("POST", "/mcp")
    for name, value in [
        ("Content-Type", "application/json"),
        ("Accept", "application/json"),
        ("MCP-Protocol-Version", MODERN),
        ("Mcp-Method", "tools/list"),
        ("Mcp-Method", "tools/list"),
        ("Content-Length", str(len(payload))),
    ]:
        connection.putheader(name, value)
    connection.endheaders(payload)
    response = connection.getresponse()
    body = json.loads(response.read())
    assert response.status == 400 and body["error"]["code"] == -32020


def test_a_base64_name_header_is_decoded():
    encoded = "=?base64?" + base64.b64encode(b"list_devices").decode() + "?="
    status, _, body = modern("tools/call", {"name": "list_devices", "arguments": {"limit": 1}}, extra_headers={"Mcp-Name": encoded})
    assert status == 200 and body["result"]["structuredContent"]["count"] == 1


def test_an_unsupported_version_names_the_supported_ones():
    meta = dict(META, **{"io.modelcontextprotocol/protocolVersion": "1900-01-01"})
    status, _, body = modern("tools/list", meta=meta, extra_headers={"MCP-Protocol-Version": "1900-01-01"})
    assert status == 400
    assert body["error"]["code"] == -32022
    assert body["error"]["data"]["requested"] == "1900-01-01"
    assert MODERN in body["error"]["data"]["supported"]


@pytest.mark.parametrize("method", ["initialize", "ping", "logging/setLevel", "resources/subscribe", "prompts/list"])
def test_methods_the_modern_era_lacks_are_404(method):
    status, _, body = modern(method, rpc_id="abc")
    assert status == 404
    assert body["error"]["code"] == -32601 and body["id"] == "abc"


def test_an_unknown_tool_is_invalid_params():
    status, _, body = modern("tools/call", {"name": "list_colours", "arguments": {}})
    assert status == 400 and body["error"]["code"] == -32602


def test_a_bad_argument_is_a_tool_error_naming_the_parameter():
    status, _, body = modern("tools/call", {"name": "list_devices", "arguments": {"family": "toaster"}})
    assert status == 200
    result = body["result"]
    assert result["isError"] is True and "structuredContent" not in result
    error = json.loads(result["content"][0]["text"])["error"]
    assert error["parameter"] == "family" and "iphone" in error["hint"]


def test_a_missing_resource_is_invalid_params_with_its_uri():
    status, _, body = modern("resources/read", {"uri": "hig://v1/devices/device.nope"})
    assert status == 400
    assert body["error"]["code"] == -32602 and body["error"]["data"] == {"uri": "hig://v1/devices/device.nope"}


def test_a_cursor_is_refused_since_nothing_is_paged():
    status, _, body = modern("tools/list", {"cursor": "abc"})
    assert status == 400 and body["error"]["code"] == -32602


# --- 2024-11-05 … 2025-11-25 --------------------------------------------------------------------


@pytest.mark.parametrize("asked, answered", [("2025-06-18", "2025-06-18"), ("2024-11-05", "2024-11-05"), ("1999-01-01", "2025-11-25")])
def test_initialize_echoes_a_known_version_and_opens_no_session(asked, answered):
    status, headers, body = legacy(
        "initialize", {"protocolVersion": asked, "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
    )
    assert status == 200
    assert body["result"]["protocolVersion"] == answered
    assert body["result"]["capabilities"] == {"tools": {}, "resources": {}}
    assert "mcp-session-id" not in headers


def test_ping_and_a_request_without_initialize_are_served():
    assert legacy("ping", rpc_id=7)[2]["result"] == {"resultType": "complete", "_meta": legacy("ping")[2]["result"]["_meta"]}
    status, _, body = legacy("tools/list", version="2025-11-25")
    assert status == 200 and len(body["result"]["tools"]) >= 15


def test_legacy_errors_are_200_and_a_missing_resource_is_32002():
    status, _, body = legacy("logging/setLevel", {"level": "info"})
    assert status == 200 and body["error"]["code"] == -32601
    status, _, body = legacy("resources/read", {"uri": "hig://v1/rules/rule.nope"}, version="2025-11-25")
    assert status == 200 and body["error"]["code"] == -32002
