"""The README's first ten minutes, as a newcomer pastes them.

The MCP configurations are read out of README.md (every ```json block with "mcpServers"), not
copied here, so a change to the README that breaks them fails this test. The stdio configuration
runs exactly as printed: its "command" is looked up on PATH, where the README's install line puts
the binary; here that line's `install` copies the binary under test into a scratch directory put
first on PATH. The HTTP configuration runs with the README's address replaced by the test
server's. `spec-server --help` and `spec-server health-check` run the same way.
"""

import json
import os
import re
import subprocess
import urllib.parse
from pathlib import Path

import anyio
import pytest
from mcp import StdioServerParameters
from mcp.client import Client

BASE = os.environ["SPEC_MCP_BASE"]
BINARY = os.environ["SPEC_SERVER_BINARY"]
README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def configurations():
    """Every mcpServers server in the README's JSON blocks."""
    servers = []
    for block in re.findall(r"```json\n(.*?)```", README, flags=re.S):
        if '"mcpServers"' in block:
            servers.extend(json.loads(block)["mcpServers"].values())
    return servers


def install_line():
    """The tour's command that puts the binary on PATH."""
    match = re.search(r"^scripts/build-release && (?:sudo )?install (\S+) (\S+)", README, flags=re.M)
    assert match, "the README's first ten minutes have no install line"
    return match.group(1), match.group(2)


@pytest.fixture
def on_path(tmp_path, monkeypatch):
    source, destination = install_line()
    # What scripts/build-release leaves and what the README installs.
    assert source == ".build/release/spec-server", source
    assert destination.endswith("/bin/"), destination
    subprocess.run(["install", BINARY, str(tmp_path)], check=True)
    assert (tmp_path / "spec-server").exists()
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    return tmp_path


def list_and_call(client):
    async def body():
        async with client as session:
            names = [tool.name for tool in (await session.list_tools()).tools]
            result = await session.call_tool("list_dynamic_type", {"platform": "ios", "category": "large", "style": "body"})
            return names, result

    return anyio.run(body)


def test_the_stdio_configuration_runs_as_printed(on_path):
    stdio = [server for server in configurations() if "command" in server]
    assert stdio, "the README prints no stdio configuration"
    for server in stdio:
        assert server["command"] == "spec-server", server
        parameters = StdioServerParameters(
            command=server["command"], args=server.get("args", []), env={**server.get("env", {}), "PATH": os.environ["PATH"]}
        )
        names, result = list_and_call(Client(parameters, cache=None, read_timeout_seconds=30))
        assert "list_dynamic_type" in names
        assert not result.is_error and result.structured_content["items"][0]["size"] == 17


def test_the_http_configuration_runs_against_the_server():
    http = [server for server in configurations() if server.get("type") == "http"]
    assert http, "the README prints no HTTP configuration"
    for server in http:
        printed = urllib.parse.urlsplit(server["url"])
        assert (printed.hostname, printed.port, printed.path) == ("127.0.0.1", 8080, "/mcp"), server
        url = BASE + printed.path
        names, result = list_and_call(Client(url, cache=None, read_timeout_seconds=30))
        assert "list_dynamic_type" in names and not result.is_error


def test_help_and_health_check_run_as_pasted(on_path):
    assert "spec-server --help" in README and "spec-server health-check" in README
    help_run = subprocess.run(["spec-server", "--help"], capture_output=True, text=True, timeout=30)
    assert help_run.returncode == 0 and "SPEC_SERVER_PORT" in help_run.stdout, help_run
    port = str(urllib.parse.urlsplit(BASE).port)
    environment = {**os.environ, "SPEC_SERVER_HOST": "127.0.0.1", "SPEC_SERVER_PORT": port}
    health = subprocess.run(["spec-server", "health-check"], env=environment, capture_output=True, timeout=30)
    assert health.returncode == 0, health
    # Against a port nobody serves it fails, so the zero above is the server's answer.
    environment["SPEC_SERVER_PORT"] = "1"
    refused = subprocess.run(["spec-server", "health-check"], env=environment, capture_output=True, timeout=30)
    assert refused.returncode != 0
