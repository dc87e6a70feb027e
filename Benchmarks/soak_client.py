"""Load for Benchmarks/soak.sh: many concurrent clients on mixed routes, each exchange classified.

Prints one JSON object when done: counts by outcome, by status, and the client-side errors.
Python's standard library only, so it runs on any machine with python3.
"""
import asyncio
import json
import random
import sys
import time

ROUTES = [
    ("GET", "/home", {}), ("GET", "/home", {"beagle-platform": "IOS"}), ("GET", "/home", {"beagle-platform": "ANDROID"}),
    ("GET", "/home", {"beagle-platform": "WEB"}), ("GET", "/catalog", {}), ("GET", "/catalog/item-1", {}),
    ("GET", "/catalog/item-2", {}), ("GET", "/checkout/step-1", {}), ("GET", "/profile", {"beagle-platform": "IOS"}),
    ("GET", "/images/logo.png", {}), ("GET", "/images/hero/banner.png", {}), ("GET", "/images/products/mug.png", {}),
    ("GET", "/nothing-here", {}), ("HEAD", "/home", {}), ("POST", "/cart", {}), ("POST", "/checkout/order", {}),
    ("DELETE", "/home", {}), ("GET", "/home", {"X-Mock-Latency": "5ms..30ms"}), ("GET", "/home", {"If-None-Match": "*"}),
]


async def exchange(port, method, path, headers):
    """One request on a fresh connection; returns (status or None, error or None)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        body = b'{"item":1}' if method == "POST" else b""
        head = f"{method} {path} HTTP/1.1\r\nHost: soak\r\nConnection: close\r\n"
        head += "".join(f"{name}: {value}\r\n" for name, value in headers.items())
        head += f"Content-Length: {len(body)}\r\n\r\n" if body else "\r\n"
        writer.write(head.encode() + body)
        await writer.drain()
        data = await asyncio.wait_for(reader.read(), timeout=30)
        if not data:
            return None, "empty"
        if not data.startswith(b"HTTP/1.1 "):
            return None, "garbage"
        status = int(data[9:12])
        head_end = data.find(b"\r\n\r\n")
        if head_end < 0:
            return status, "truncated-head"
        fields = {}
        for line in data[:head_end].split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            fields[name.strip().lower()] = value.strip()
        received = len(data) - head_end - 4
        if method != "HEAD" and b"content-length" in fields and received != int(fields[b"content-length"]):
            return status, "truncated-body"
        if b"transfer-encoding" in fields and not data.endswith(b"0\r\n\r\n"):
            return status, "bad-chunking"
        return status, None
    except (ConnectionResetError, BrokenPipeError):
        return None, "reset"
    except asyncio.TimeoutError:
        return None, "timeout"
    finally:
        writer.close()
        try:
            await writer.wait_closed()
        except (ConnectionResetError, BrokenPipeError):
            pass


async def worker(port, deadline, counts, seed):
    rng = random.Random(seed)
    while time.monotonic() < deadline:
        method, path, headers = rng.choice(ROUTES)
        try:
            status, error = await exchange(port, method, path, headers)
        except OSError as failure:
            status, error = None, f"connect:{failure.errno}"
        key = error or f"status:{status}"
        counts[key] = counts.get(key, 0) + 1


async def main():
    port, seconds, concurrency = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
    deadline = time.monotonic() + seconds
    counts = {}
    await asyncio.gather(*(worker(port, deadline, counts, seed) for seed in range(concurrency)))
    print(json.dumps({"requests": sum(counts.values()), "outcomes": dict(sorted(counts.items()))}))


asyncio.run(main())
