#!/usr/bin/env bash
# How close to schedule a network timeline's stage boundary lands (Docs/Timelines.md), with 1,000
# connections open: the moment `offline` begins, each of them is reset by the server, and the
# client notes when it sees its connection end.
#
#   Benchmarks/timeline.sh [CONNECTIONS] [BOUNDARIES]   (defaults: 1000 5)
#
# The timeline loops: 2 s `calm`, then 1 s `offline` (which drops connections). Before each
# boundary the client opens CONNECTIONS keep-alive connections and sends one request on each
# (so that they belong to a client of the timeline), reads `GET /__admin/timeline` for the time
# left in `calm`, and waits. A connection's lateness is the moment the client saw it end minus the
# boundary's moment (the time of the read, half its round trip, plus the time left).
#
# The client watches the connections with one epoll set and notes the moment each epoll_wait
# returns, for every connection it reports. Two references, measured in the same run: the least a
# server can do, a thread that resets as many accepted sockets one after the other (SO_LINGER 0,
# close) at a moment it knows, watched the same way; and the client's own timer, an empty epoll
# set's timeout at the boundary, what the client adds to any moment it sees.
#
# Target: p95 lateness within 5 ms. Needs: python3, curl.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/common.sh
connections=${1:-1000}
boundaries=${2:-5}
port=${MOCK_PORT:-18091}

require python3 curl
build_release
work=$(mktemp -d)
cleanup() {
  stop_mock
  rm -rf "$work"
}
trap cleanup EXIT

cat >"$work/timeline.yml" <<'YAML'
timeline:
  bench:
    loop: true
    stages:
      - {for: 2s, name: calm}
      - {for: 1s, profile: offline}
YAML
start_mock "$port" --config "$work/timeline.yml" --timeline bench
echo "beagle-mock $("$binary" --version), $connections connections, $boundaries boundaries"

python3 - "$port" "$connections" "$boundaries" <<'PY'
import json, select, socket, struct, sys, threading, time, urllib.request

port, count, boundaries = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
request = f"GET /home HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()

def status():
    """The timeline's clock, and the client's monotonic moment it stood there (mid round trip)."""
    before = time.monotonic()
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/__admin/timeline", timeout=5) as answer:
        report = json.load(answer)
    after = time.monotonic()
    return report["running"][0], (before + after) / 2

def opened():
    """A keep-alive connection that has had one whole answer."""
    connection = socket.create_connection(("127.0.0.1", port))
    connection.sendall(request)
    data = b""
    while b"\r\n\r\n" not in data:
        data += connection.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    length = int([line for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")][0].split(b":")[1])
    while len(body) < length:
        body += connection.recv(65536)
    connection.setblocking(False)
    return connection

READY = select.EPOLLIN | select.EPOLLRDHUP | select.EPOLLERR | select.EPOLLHUP

def ends(connections, due):
    """How long after `due` each connection was seen to end, in ms, as one epoll_wait reports it
    (a batch shares its moment); and the client's own timer's lateness at `due` (an empty epoll
    set's timeout), the floor under any figure the client gives."""
    poller = select.epoll()
    for connection in connections:
        poller.register(connection.fileno(), READY)
    idle = select.epoll()
    idle.poll(max(0.0, due - time.monotonic()))
    timer = (time.monotonic() - due) * 1000
    idle.close()
    late = []
    while len(late) < len(connections):
        events = poller.poll(5)
        now = time.monotonic()
        if not events:
            print(f"{len(connections) - len(late)} connections still open 5 s after the boundary")
            break
        for fd, _ in events:
            late.append((now - due) * 1000)
            poller.unregister(fd)
    poller.close()
    for connection in connections:
        connection.close()
    return late, timer

server_late, client_late = [], []
for boundary in range(boundaries):
    # The start of a calm stage, with time to open the connections in it.
    while True:
        run, at = status()
        if run["stage"] == 0 and run["stageLeftMs"] > 1500:
            break
        time.sleep(0.05)
    connections = [opened() for _ in range(count)]
    run, at = status()
    if run["stage"] != 0:
        print(f"boundary {boundary}: the connections took too long to open; skipped")
        continue
    late, timer = ends(connections, at + run["stageLeftMs"] / 1000)
    server_late += late
    client_late.append(timer)

# The reference: the least a server can do, a thread that resets its accepted sockets one after
# the other (SO_LINGER 0, close) at the boundary's moment, on the same machine in the same run.
reference_late = []
listener = socket.create_server(("127.0.0.1", 0), backlog=4096)
for boundary in range(boundaries):
    clients, accepted = [], []
    for _ in range(count):
        clients.append(socket.create_connection(listener.getsockname()))
        accepted.append(listener.accept()[0])
    for client in clients:
        client.setblocking(False)
    due = time.monotonic() + 0.5
    def reset_all():
        time.sleep(max(0.0, due - time.monotonic()))
        for peer in accepted:
            peer.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            peer.close()
    resetter = threading.Thread(target=reset_all)
    resetter.start()
    late, _ = ends(clients, due)
    resetter.join()
    reference_late += late
listener.close()

def pick(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]

print(f"connection ends after the boundary ({len(server_late)} connections, {len(client_late)} boundaries):")
print(f"  beagle-mock    p50 {pick(server_late, .5):6.2f} ms   p95 {pick(server_late, .95):6.2f} ms   "
      f"p99 {pick(server_late, .99):6.2f} ms   max {max(server_late):6.2f} ms   (target: p95 <= 5 ms)")
print(f"  reference      p50 {pick(reference_late, .5):6.2f} ms   p95 {pick(reference_late, .95):6.2f} ms   "
      f"p99 {pick(reference_late, .99):6.2f} ms   max {max(reference_late):6.2f} ms   (a thread resetting {count} sockets in a loop)")
print(f"  client timer   p50 {pick(client_late, .5):6.2f} ms   max {max(client_late):6.2f} ms   (epoll's timeout at the boundary)")
PY
