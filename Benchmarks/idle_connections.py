"""Opens N idle connections to 127.0.0.1:PORT, reports when they are all open, holds them until
stdin closes. With a third argument, a CA file, each connection completes a TLS handshake that
trusts that CA (host name localhost) before it idles. Used by Benchmarks/memory.sh and tls.sh."""
import resource
import socket
import ssl
import sys

port, count = int(sys.argv[1]), int(sys.argv[2])
context = None
if len(sys.argv) > 3:
    context = ssl.create_default_context(cafile=sys.argv[3])
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
connections = []
for _ in range(count):
    connection = socket.create_connection(("127.0.0.1", port))
    if context is not None:
        connection = context.wrap_socket(connection, server_hostname="localhost")
    connections.append(connection)
kind = "TLS" if context is not None else "TCP"
print(f"open {len(connections)} {kind}", flush=True)
sys.stdin.read()
