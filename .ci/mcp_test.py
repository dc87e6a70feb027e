"""beagle-mock's MCP server, driven by the official MCP Python SDK over both transports.

    mcp_test.py BEAGLE_MOCK_BINARY

Copies the sample app to a scratch folder, then:
- over standard input and output (`beagle-mock mcp DIR`): lists the tools and calls each one on
  its happy path, reads the screens as resources, and sees bad arguments, an unknown tool and a
  write outside the folder refused while the server stays up;
- over Streamable HTTP (`serve`, then POST /__admin/mcp): the same session on loopback; bound off
  loopback, refused without the admin token and answered with it;
- hostile input over HTTP: malformed JSON-RPC, a body over the limit, a client that leaves
  mid-call; the server keeps serving screens throughout.
Exits 1 on the first failure, naming it.
"""

import asyncio
import contextlib
import json
import os
import pathlib
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
try:  # renamed MCPError in the SDK's 2.x
    from mcp.shared.exceptions import McpError
except ImportError:
    from mcp.shared.exceptions import MCPError as McpError

try:  # the SDK's 1.x name; 2.x takes an HTTP client for the headers, and yields two streams
    from mcp.client.streamable_http import streamablehttp_client

    @contextlib.asynccontextmanager
    async def http_streams(url, headers=None):
        async with streamablehttp_client(url, headers=headers) as (read, write, _):
            yield read, write
except ImportError:
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client

    @contextlib.asynccontextmanager
    async def http_streams(url, headers=None):
        async with create_mcp_http_client(headers=headers) as client:
            async with streamable_http_client(url, http_client=client) as streams:
                yield streams[0], streams[1]

def is_error(result):
    """A tool result's error flag: isError in the SDK's 1.x, is_error in 2.x."""
    return result.is_error if hasattr(result, "is_error") else result.isError


def structured(result):
    return result.structured_content if hasattr(result, "structured_content") else result.structuredContent


def input_schema(tool):
    return tool.input_schema if hasattr(tool, "input_schema") else tool.inputSchema


TOOLS = {
    "list_routes", "get_screen", "outline_screen", "validate", "write_screen", "set_network",
    "clear_network", "read_journal", "export_har", "wait_for_request", "reset", "show_on_devices", "start_timeline",
    "stop_timeline", "get_timelines",
}


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    print(f"  ok: {what}")


def get(url, headers=None):
    request = urllib.request.Request(url, headers=headers or {})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return answer.status, answer.read()


def post(url, body, headers):
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


async def exercise(session, base):
    """Every tool's happy path, bad input and resources, on one session; `base` is the HTTP URL."""
    await session.initialize()
    tools = await session.list_tools()
    check({tool.name for tool in tools.tools} == TOOLS, f"the fourteen tools are listed ({len(tools.tools)})")
    check(all(input_schema(tool).get("type") == "object" for tool in tools.tools), "each has a JSON Schema for its input")

    routes = await session.call_tool("list_routes", {})
    check(not is_error(routes) and any(r["path"] == "/home" for r in structured(routes)["routes"]),
          "list_routes names /home")
    screen = await session.call_tool("get_screen", {"route": "/home", "platform": "IOS"})
    check(not is_error(screen) and structured(screen)["file"] == "home.ios.json"
          and structured(screen)["etag"].startswith('"'), "get_screen: home.ios.json for IOS, with its ETag")
    status, body = get(base + "/home", {"beagle-platform": "IOS"})
    check(json.loads(body) == json.loads(structured(screen)["body"]), "get_screen's body is what IOS gets")
    outline = await session.call_tool("outline_screen", {"route": "/home"})
    check(not is_error(outline) and structured(outline)["outline"].startswith("beagle:screenComponent"),
          "outline_screen starts with the screen component")
    report = await session.call_tool("validate", {})
    check(not is_error(report) and structured(report)["summary"]["errors"] == 0, "validate: the folder is clean")
    one = await session.call_tool("validate", {"file": "home.json"})
    check(structured(one)["summary"]["files"] == 1, "validate one file")

    screen_json = {"_beagleComponent_": "beagle:screenComponent",
                   "child": {"_beagleComponent_": "beagle:text", "text": "Written by an agent"}}
    written = await session.call_tool("write_screen", {"path": "agents/new.json", "json": screen_json})
    check(not is_error(written) and structured(written)["file"] == "agents/new.json", "write_screen writes")
    status, body = get(base + "/agents/new")
    check(status == 200 and b"Written by an agent" in body, "the written screen is served at once")
    invalid = await session.call_tool(
        "write_screen", {"path": "agents/bad.json", "json": {"_beagleComponent_": "beagle:text"}})
    check(is_error(invalid) and "needs text" in invalid.content[0].text, "an invalid screen is refused with validate's error")
    for path in ["../outside.json", "agents/../../outside.json", ".hidden/x.json", "beagle-mock.yml", "/etc/x.json"]:
        refused = await session.call_tool("write_screen", {"path": path, "json": screen_json})
        check(is_error(refused), f"write_screen refuses {path}")

    settings = await session.call_tool("set_network", {"latency": "30ms", "seed": 7})
    check(not is_error(settings) and structured(settings)["latency"] == "30ms"
          and structured(settings)["seed"] == 7, "set_network sets latency and seed")
    bad = await session.call_tool("set_network", {"latency": "fast"})
    check(is_error(bad) and "latency" in bad.content[0].text, "a bad latency is refused, naming the field")
    cleared = await session.call_tool("clear_network", {})
    check(not is_error(cleared) and structured(cleared)["latency"] is None, "clear_network clears")

    get(base + "/catalog")
    journal = await session.call_tool("read_journal", {"path": "/catalog", "method": "GET", "limit": 1})
    entries = structured(journal)["requests"]
    check(len(entries) == 1 and entries[0]["path"] == "/catalog", "read_journal finds GET /catalog")
    har = await session.call_tool("export_har", {"path": "/catalog", "limit": 1})
    archive = structured(har)
    check(not is_error(har) and archive["log"]["version"] == "1.2"
          and archive["log"]["entries"][0]["request"]["url"].endswith("/catalog")
          and json.loads(har.content[0].text) == archive, "export_har gives GET /catalog as HAR 1.2, as text too")
    refused = await session.call_tool("export_har", {"from": "yesterday"})
    check(is_error(refused) and "from must be an ISO 8601 time" in refused.content[0].text, "export_har refuses a bad time")
    waiting = asyncio.ensure_future(
        session.call_tool("wait_for_request", {"path": "/cart", "method": "GET", "timeoutSeconds": 20}))
    while not waiting.done():
        await asyncio.to_thread(get, base + "/cart")
        await asyncio.wait([waiting], timeout=0.2)
    arrived = waiting.result()
    check(not is_error(arrived) and structured(arrived)["path"] == "/cart", "wait_for_request returns GET /cart")
    after = await session.call_tool(
        "wait_for_request", {"path": "/catalog", "afterId": entries[0]["id"] - 1, "timeoutSeconds": 1})
    check(not is_error(after) and structured(after)["id"] == entries[0]["id"], "afterId finds one already there")
    timed = await session.call_tool("wait_for_request", {"path": "/never", "timeoutSeconds": 0.3})
    check(is_error(timed) and "within" in timed.content[0].text, "wait_for_request times out with an error")
    reset = await session.call_tool("reset", {})
    check(not is_error(reset) and "journalCleared" in structured(reset), "reset")
    off = await session.call_tool("show_on_devices", {"route": "/home"})
    check(is_error(off) and "Live Preview is off" in off.content[0].text,
          "show_on_devices says Live Preview is off when the server does not serve it")

    started = await session.call_tool("start_timeline", {
        "timeline": {"stages": [{"for": "30s", "faults": ["status:503"]}]}, "ttl": "1m"})
    check(not is_error(started) and structured(started)["running"][0]["stage"] == 0,
          "start_timeline runs stages given whole")
    try:
        status = get(f"{base}/home")[0]
    except urllib.error.HTTPError as error:
        status = error.code
    check(status == 503, f"a request meets the timeline's stage ({status})")
    listed = await session.call_tool("get_timelines", {})
    check(structured(listed)["running"][0]["timeline"] == "inline", "get_timelines shows the clock")
    wrong = await session.call_tool("start_timeline", {"timeline": {"stages": [{"for": "0s"}]}})
    check(is_error(wrong) and "timeline.stages[0].for" in wrong.content[0].text,
          "start_timeline names the place of a mistake")
    stopped = await session.call_tool("stop_timeline", {})
    check(not is_error(stopped) and structured(stopped)["stopped"] == "inline", "stop_timeline")

    resources = await session.list_resources()
    uris = {str(resource.uri) for resource in resources.resources}
    check("beagle-mock://screens/home.json" in uris, "the screens are resources")
    content = await session.read_resource("beagle-mock://screens/home.json")
    check("_beagleComponent_" in content.contents[0].text, "a resource reads as the file")

    missing = await session.call_tool("get_screen", {})
    check(is_error(missing) and "route is required" in missing.content[0].text, "a missing argument is a tool error")
    extra = await session.call_tool("get_screen", {"route": "/home", "colour": "red"})
    check(is_error(extra) and "unknown argument" in extra.content[0].text, "an unknown argument is a tool error")
    try:
        await session.call_tool("delete_everything", {})
        check(False, "an unknown tool is a protocol error")
    except McpError as error:
        check("unknown tool" in str(error), "an unknown tool is a protocol error")
    check(len((await session.list_tools()).tools) == len(TOOLS), "the server answers after the refusals")


def banner_port(stream):
    """The port in the banner line `stream` carries (read line by line until it comes)."""
    for line in iter(stream.readline, ""):
        found = re.search(r"listening on http://[^:]+:(\d+)", line)
        if found:
            return int(found.group(1))
    raise AssertionError("the server ended before its banner")


async def over_stdio(binary, folder):
    print("over standard input and output")
    # The banner goes to standard error: a pipe read line by line until it names the port.
    read_end, write_end = os.pipe()
    errlog = os.fdopen(write_end, "w")
    banner = os.fdopen(read_end, "r")
    parameters = StdioServerParameters(command=binary, args=["mcp", folder, "--port", "0", "--quiet"])
    async with stdio_client(parameters, errlog=errlog) as (read, write):
        async with ClientSession(read, write) as session:
            port = await asyncio.to_thread(banner_port, banner)
            await exercise(session, f"http://127.0.0.1:{port}")
    errlog.close()
    banner.close()


def start_serve(binary, folder, *flags):
    # --quiet: the banner alone, one line, and no line a request to fill the pipe.
    process = subprocess.Popen(
        [binary, "serve", folder, "--port", "0", "--quiet", *flags], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True)
    return process, banner_port(process.stdout)


@contextlib.contextmanager
def serving(binary, folder, *flags):
    """A `serve` of `folder` for the block, on a free port (yielded), stopped after it."""
    process, port = start_serve(binary, folder, *flags)
    try:
        yield port
    finally:
        process.terminate()
        process.wait(timeout=10)


async def over_http(binary, folder):
    print("over Streamable HTTP, on loopback")
    with serving(binary, folder) as port:
        async with http_streams(f"http://127.0.0.1:{port}/__admin/mcp") as (read, write):
            async with ClientSession(read, write) as session:
                await exercise(session, f"http://127.0.0.1:{port}")
        # Stateless: a second client (or the same one, reconnecting) initializes again.
        async with http_streams(f"http://127.0.0.1:{port}/__admin/mcp") as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                check(len((await session.list_tools()).tools) == len(TOOLS), "a second client initializes and is answered")
        hostile(port)

    print("over Streamable HTTP, bound off loopback")
    with serving(binary, folder, "--host", "0.0.0.0", "--admin-token", "s3cret") as port:
        initialize = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "ci", "version": "1"}}}).encode()
        status, _ = post(f"http://127.0.0.1:{port}/__admin/mcp", initialize,
                         {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"})
        check(status == 401, "without the token: 401")
        async with http_streams(
                f"http://127.0.0.1:{port}/__admin/mcp", headers={"Authorization": "Bearer s3cret"}) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                routes = await session.call_tool("list_routes", {})
                check(not is_error(routes), "with the token: the tools answer")


def hostile(port):
    print("hostile input over HTTP")
    url = f"http://127.0.0.1:{port}/__admin/mcp"
    headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
    for body in [b"{not json", b"[]", b'{"jsonrpc": "2.0", "id": 1}', b'{"method": "tools/list", "id": 3}',
                 b'{"jsonrpc": "2.0", "id": 4, "method": "tools/list", "params": 7}',
                 b'{"jsonrpc": "2.0", "id": 2, "method": "nope"}']:
        status, answer = post(url, body, headers)
        check(status < 500 and (not answer or b"error" in answer), f"malformed JSON-RPC {body[:20]!r}: {status}")
        check(get(f"http://127.0.0.1:{port}/home")[0] == 200, "the server still serves /home")
    # Announced over the limit: answered at once, before a byte of the body is read.
    with socket.create_connection(("127.0.0.1", port)) as large:
        large.sendall(b"POST /__admin/mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                      + f"Content-Length: {5 << 20}\r\n\r\n".encode())
        check(large.recv(64).startswith(b"HTTP/1.1 413"), "a body over the limit: 413")
    call = json.dumps({"jsonrpc": "2.0", "id": 9, "method": "tools/call", "params": {
        "name": "wait_for_request", "arguments": {"path": "/never", "timeoutSeconds": 30}}}).encode()
    with socket.create_connection(("127.0.0.1", port)) as leaving:
        leaving.sendall(b"POST /__admin/mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                        b"Accept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2025-06-18\r\n"
                        + f"Content-Length: {len(call)}\r\n\r\n".encode() + call)
    check(get(f"http://127.0.0.1:{port}/home")[0] == 200, "a client that left mid-call: the server still serves")
    # Ids the SDK cannot read, and a batch: each answered at once with id null (the stop that
    # follows, in over_http's finally, must still end the server within its 10 s).
    for raw, code in UNREADABLE_IDS:
        started = time.monotonic()
        status, answer = post(url, raw, headers)
        reply = json.loads(answer)
        check(status == 400 and reply["id"] is None and reply["error"]["code"] == code
              and time.monotonic() - started < 1, f"{raw[:40]!r}: 400, id null, {code}")


# Messages no request id of which the SDK can read: (line, the error code that answers it).
UNREADABLE_IDS = [
    (b'{"jsonrpc":"2.0","id":-9223372036854775809,"method":"ping"}', -32600),
    (b'{"jsonrpc":"2.0","id":9223372036854775808,"method":"ping"}', -32600),
    (b'{"jsonrpc":"2.0","id":18446744073709551616,"method":"ping"}', -32600),
    (b'{"jsonrpc":"2.0","id":1e308,"method":"ping"}', -32600),
    (b'{"jsonrpc":"2.0","id":1.5,"method":"ping"}', -32600),
    (b'[{"jsonrpc":"2.0","id":1,"method":"ping"}]', -32600),
    (b"[" * 600 + b"]" * 600, -32700),
    (b"{not json", -32700),
]


def unreadable_over_stdio(binary, folder):
    print("unreadable ids over standard input")
    process = subprocess.Popen([binary, "mcp", folder, "--port", "0", "--quiet"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        for raw, code in UNREADABLE_IDS:
            process.stdin.write(raw + b"\n")
            process.stdin.flush()
            reply = json.loads(process.stdout.readline())
            check(reply["id"] is None and reply["error"]["code"] == code, f"{raw[:40]!r}: a line, id null, {code}")
        process.stdin.write(b'{"jsonrpc":"2.0","id":9223372036854775807,"method":"ping"}\n')
        process.stdin.flush()
        check(json.loads(process.stdout.readline())["id"] == 9223372036854775807, "the largest id comes back")
    finally:
        process.stdin.close()
        process.wait(timeout=10)


async def attached(binary, folder):
    print("over standard input and output, attached to a running serve")
    with serving(binary, folder) as port:
        base = f"http://127.0.0.1:{port}"
        # --attach: the tools are that server's, so the exercise's requests to it are in their journal.
        parameters = StdioServerParameters(command=binary, args=["mcp", "--attach", base])
        async with stdio_client(parameters) as (read, write):
            async with ClientSession(read, write) as session:
                await exercise(session, base)
        # Without --attach, on the port a serve holds: mcp relays to it rather than fail on the port.
        read_end, write_end = os.pipe()
        errlog = os.fdopen(write_end, "w")
        notes = os.fdopen(read_end, "r")
        parameters = StdioServerParameters(command=binary, args=["mcp", folder, "--port", str(port)])
        async with stdio_client(parameters, errlog=errlog) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                get(f"{base}/home?from=the-app")
                journal = await session.call_tool("read_journal", {"path": "/home"})
                check("from=the-app" in json.dumps(structured(journal)), "a second mcp relays to the serve: it sees the app's request")
        errlog.close()
        note = notes.readline()
        notes.close()
        check("relaying MCP to it" in note, f"the relay says so on standard error: {note!r}")

    print("attached to a serve with an admin token")
    with serving(binary, folder, "--host", "0.0.0.0", "--admin-token", "s3cret-token") as port:
        base = f"http://127.0.0.1:{port}"
        parameters = StdioServerParameters(command=binary, args=["mcp", "--attach", base, "--admin-token", "s3cret-token"])
        async with stdio_client(parameters) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                check(not is_error(await session.call_tool("list_routes", {})), "with the token: the tools answer")
        parameters = StdioServerParameters(command=binary, args=["mcp", "--attach", base])
        async with stdio_client(parameters) as (read, write):
            async with ClientSession(read, write) as session:
                try:
                    await session.initialize()
                    refused = None
                except Exception as error:  # the SDK raises the JSON-RPC error the relay answers
                    refused = str(error)
                check(refused is not None and "401" in refused, f"without the token, the relay says the server answered 401: {refused}")


async def main():
    binary = sys.argv[1]
    scratch = tempfile.mkdtemp()
    try:
        folder = str(pathlib.Path(scratch) / "screens")
        shutil.copytree(pathlib.Path(__file__).resolve().parent.parent / "screens", folder)
        shutil.copytree(pathlib.Path(__file__).resolve().parent.parent / "images", pathlib.Path(scratch) / "images")
        await over_stdio(binary, folder)
        unreadable_over_stdio(binary, folder)
        await over_http(binary, folder)
        await attached(binary, folder)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print("MCP: every check passed")


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except AssertionError as failure:
        print(f"FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
