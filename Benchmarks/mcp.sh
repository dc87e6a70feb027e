#!/usr/bin/env bash
# What an MCP tool call costs over HTTP: the median time of `list_routes` and `get_screen`
# (`/home` for IOS) through POST /__admin/mcp, beside the same operations through the admin API
# (GET /__admin/routes, GET /__admin/screen) in the same run; then the same calls over standard
# input and output (`beagle-mock mcp`), one JSON-RPC message a line.
#
#   Benchmarks/mcp.sh [CALLS]     (default 500 of each)
#
# Serves the sample app (release build, --quiet); one keep-alive connection a series, the calls
# one after the other, each timed from its request's first byte to its answer's last; after 50
# calls of warm-up. Prints each series' median and 90th percentile in milliseconds and the ratio
# of the medians. Needs: python3, curl.
set -euo pipefail
cd "$(dirname "$0")/.."
calls=${1:-500}
port=${MOCK_PORT:-18093}

source Benchmarks/common.sh
require curl python3
build_release
work=$(mktemp -d)
trap 'stop_mock; rm -rf "$work"' EXIT
start_mock "$port"

python3 - "$port" "$calls" "$binary" <<'PY'
import http.client, json, statistics, subprocess, sys, time

port, calls, binary = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
           "MCP-Protocol-Version": "2025-06-18"}

def timed(send, connection=None):
    """The median and 90th percentile of `calls` calls of send(connection), after 50 of warm-up."""
    for _ in range(50):
        send(connection)
    times = []
    for _ in range(calls):
        start = time.perf_counter()
        send(connection)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.9)]

def series(send):
    connection = http.client.HTTPConnection("127.0.0.1", port)
    result = timed(send, connection)
    connection.close()
    return result

def tool(name, arguments):
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                       "params": {"name": name, "arguments": arguments}})
    def send(connection):
        connection.request("POST", "/__admin/mcp", body, headers)
        answer = connection.getresponse()
        data = answer.read()
        assert answer.status == 200 and b'"isError":true' not in data, data[:200]
    return send

def admin(path):
    def send(connection):
        connection.request("GET", path)
        answer = connection.getresponse()
        answer.read()
        assert answer.status == 200
    return send

rows = [
    ("list_routes", tool("list_routes", {}), admin("/__admin/routes")),
    ("get_screen /home IOS", tool("get_screen", {"route": "/home", "platform": "IOS"}),
     admin("/__admin/screen?route=/home&platform=IOS")),
]
print(f"{'operation':<22} {'MCP p50':>9} {'p90':>8} {'admin p50':>10} {'p90':>8} {'MCP/admin':>10}")
for name, mcp, direct in rows:
    m50, m90 = series(mcp)
    a50, a90 = series(direct)
    print(f"{name:<22} {m50:8.3f}ms {m90:7.3f}ms {a50:9.3f}ms {a90:7.3f}ms {m50 / a50:10.2f}")
print(f"({calls} calls each after 50 of warm-up, one keep-alive connection; target: MCP p50 under 5 ms)")

# Standard input and output: a second server, `beagle-mock mcp`, on a free port.
agent = subprocess.Popen([binary, "mcp", "screens", "--port", "0", "--quiet"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
def exchange(message):
    agent.stdin.write((json.dumps(message) + "\n").encode())
    agent.stdin.flush()
    if "id" in message:
        return json.loads(agent.stdout.readline())
exchange({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "mcp.sh", "version": "1"}}})
exchange({"jsonrpc": "2.0", "method": "notifications/initialized"})
def stdio_tool(name, arguments):
    def send(_):
        answer = exchange({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                           "params": {"name": name, "arguments": arguments}})
        assert "result" in answer and not answer["result"].get("isError"), str(answer)[:200]
    return send
print(f"\n{'over standard I/O':<22} {'MCP p50':>9} {'p90':>8}")
for name, send in [("list_routes", stdio_tool("list_routes", {})),
                   ("get_screen /home IOS", stdio_tool("get_screen", {"route": "/home", "platform": "IOS"}))]:
    m50, m90 = timed(send)
    print(f"{name:<22} {m50:8.3f}ms {m90:7.3f}ms")
agent.stdin.close()
agent.wait(timeout=10)
PY
