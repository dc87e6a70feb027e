"""What .ci/reload_test.py and .ci/live_preview_test.py share: a sample app served in a scratch
folder with a push listener, and the checks' failure."""

import asyncio
import contextlib
import pathlib
import shutil
import socket
import subprocess
import sys
import tempfile


def fail(message):
    print(f"FAIL: {message}")
    sys.exit(1)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def frame(client, what, seconds=5):
    """The next frame `client` gets, or the check fails."""
    try:
        return await asyncio.wait_for(client.recv(), seconds)
    except Exception as error:  # noqa: BLE001 - any failure is the check's failure
        fail(f"{what}: no frame ({error!r})")


async def nothing(client, seconds, what):
    """No frame reaches `client` for `seconds`, or the check fails."""
    try:
        got = await asyncio.wait_for(client.recv(), seconds)
    except asyncio.TimeoutError:
        return
    fail(f"{what}: a frame arrived ({got[:80]!r})")


@contextlib.asynccontextmanager
async def sample_server(binary, flag):
    """The sample app copied to a scratch folder and served with `flag PORT`; yields the folder,
    the HTTP port and the push listener's port once it accepts connections."""
    work = pathlib.Path(tempfile.mkdtemp())
    repository = pathlib.Path(__file__).resolve().parent.parent
    shutil.copytree(repository / "screens", work / "screens")
    shutil.copytree(repository / "images", work / "images")
    http_port, push_port = free_port(), free_port()
    server = subprocess.Popen(
        [binary, "serve", "screens", "--port", str(http_port), flag, str(push_port), "--quiet"],
        cwd=work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        for _ in range(100):
            try:
                with socket.create_connection(("127.0.0.1", push_port), timeout=1):
                    break
            except OSError:
                await asyncio.sleep(0.1)
        yield server, work, http_port, push_port
    finally:
        if server.poll() is None:
            server.kill()
        shutil.rmtree(work, ignore_errors=True)


def stalled_client(port):
    """A client that upgrades and then never reads, with a small receive buffer."""
    stalled = socket.socket()
    stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    stalled.connect(("127.0.0.1", port))
    stalled.sendall(
        b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
    return stalled


async def expect_going_away(server, client, websockets):
    """SIGTERM to `server`: `client` gets a close frame with 1001 and the server exits 0."""
    import signal
    server.send_signal(signal.SIGTERM)
    try:
        while True:
            await asyncio.wait_for(client.recv(), 10)
    except websockets.ConnectionClosed as closed:
        if closed.rcvd is None or closed.rcvd.code != 1001:
            fail(f"SIGTERM: closed with {closed.rcvd!r}, not a close frame with 1001")
    if server.wait(timeout=15) != 0:
        fail(f"SIGTERM: the server exited with {server.returncode}")
    print("ok: SIGTERM closes clients with 1001 and the server exits 0")
