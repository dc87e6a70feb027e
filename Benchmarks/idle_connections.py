"""Opens N idle TCP connections to 127.0.0.1:PORT, reports when they are all open, holds them
until stdin closes. Used by Benchmarks/memory.sh."""
import resource
import socket
import sys

port, count = int(sys.argv[1]), int(sys.argv[2])
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
connections = []
for _ in range(count):
    connection = socket.create_connection(("127.0.0.1", port))
    connections.append(connection)
print(f"open {len(connections)}", flush=True)
sys.stdin.read()
