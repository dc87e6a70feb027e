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
# server can do, a process that resets as many accepted sockets one after the other (SO_LINGER 0,
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
# The client on one core, the server (and the reference) on the other: a client that shares a
# core with the resets sees its own wake-ups late, not the server's work.
client_cpu=() server_cpu=
if command -v taskset >/dev/null && [ "$(nproc)" -ge 2 ]; then
  taskset -apc 1 "$mock_pid" >/dev/null
  client_cpu=(taskset -c 0) server_cpu=1
fi
echo "beagle-mock $("$binary" --version), $connections connections, $boundaries boundaries${server_cpu:+, server on CPU 1, client on CPU 0}"

"${client_cpu[@]}" python3 - "$port" "$connections" "$boundaries" "$server_cpu" <<'PY'
import json, os, select, socket, struct, sys, time, urllib.request

port, count, boundaries = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
server_cpu = {int(sys.argv[4])} if sys.argv[4] else None
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

# One report a connection, and none to undo: a connection reported is not watched again.
READY = select.EPOLLIN | select.EPOLLRDHUP | select.EPOLLERR | select.EPOLLHUP | select.EPOLLONESHOT

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
        late += [(now - due) * 1000] * len(events)
    poller.close()
    for connection in connections:
        connection.close()
    return late, timer

server_late, client_late, server_first = [], [], []
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
    server_first.append(min(late))

# The reference: the least a server can do, a process that ends its accepted sockets as
# beagle-mock does, one after the other (shutdown, which sends the FIN, then close with SO_LINGER 0,
# which resets), at the boundary's moment, on the server's core, in the same run.
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
    resetter = os.fork()
    if resetter == 0:
        if server_cpu:
            os.sched_setaffinity(0, server_cpu)
        for peer in accepted:
            peer.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        time.sleep(max(0.0, due - time.monotonic()))
        for peer in accepted:
            peer.shutdown(socket.SHUT_RDWR)
        for peer in accepted:
            peer.close()
        os._exit(0)
    for peer in accepted:
        peer.close()
    late, _ = ends(clients, due)
    os.waitpid(resetter, 0)
    reference_late += late
listener.close()

def pick(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]

print(f"connection ends after the boundary ({len(client_late)} boundaries, {len(server_late)} connections):")
print(f"  boundary       p50 {pick(server_first, .5):6.2f} ms   p95 {pick(server_first, .95):6.2f} ms   "
      f"max {max(server_first):6.2f} ms   (the first connection beagle-mock ends; target: p95 <= 5 ms)")
print(f"  beagle-mock    p50 {pick(server_late, .5):6.2f} ms   p95 {pick(server_late, .95):6.2f} ms   "
      f"p99 {pick(server_late, .99):6.2f} ms   max {max(server_late):6.2f} ms   (every connection)")
print(f"  reference      p50 {pick(reference_late, .5):6.2f} ms   p95 {pick(reference_late, .95):6.2f} ms   "
      f"p99 {pick(reference_late, .99):6.2f} ms   max {max(reference_late):6.2f} ms   (a process ending {count} sockets in a loop)")
print(f"  client timer   p50 {pick(client_late, .5):6.2f} ms   max {max(client_late):6.2f} ms   (epoll's timeout at the boundary)")
PY
