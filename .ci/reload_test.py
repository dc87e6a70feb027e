"""Hot reload (`serve --reload-port`) driven by PyPI's `websockets`, as Beagle Flutter uses it.

    reload_test.py BEAGLE_MOCK_BINARY

Copies the sample app to a scratch folder, serves it with a reload port, then checks that:
- a client that says `{"platform":"Flutter"}`, as Beagle Flutter does, gets `reload` after a save;
- a burst of saves is one frame;
- 100 clients all get every save while one more client never reads;
- pings are answered; a binary frame and an oversized one do not stop the server;
- SIGTERM closes every client with a close frame, code 1001.
Exits 1 on the first failure, naming it.
"""

import asyncio
import os
import pathlib
import shutil
import signal
import socket
import subprocess
import sys
import tempfile

import websockets


def fail(message):
    print(f"FAIL: {message}")
    sys.exit(1)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def expect_reload(client, what):
    try:
        frame = await asyncio.wait_for(client.recv(), 5)
    except Exception as error:  # noqa: BLE001 - any failure is the check's failure
        fail(f"{what}: no frame ({error!r})")
    if frame != "reload":
        fail(f"{what}: got {frame!r}, not 'reload'")


async def no_frame(client, seconds, what):
    try:
        frame = await asyncio.wait_for(client.recv(), seconds)
    except asyncio.TimeoutError:
        return
    fail(f"{what}: an extra frame {frame!r}")


async def main(binary):
    work = pathlib.Path(tempfile.mkdtemp())
    repository = pathlib.Path(__file__).resolve().parent.parent
    shutil.copytree(repository / "screens", work / "screens")
    shutil.copytree(repository / "images", work / "images")
    http_port, reload_port = free_port(), free_port()
    server = subprocess.Popen(
        [binary, "serve", "screens", "--port", str(http_port), "--reload-port", str(reload_port), "--quiet"],
        cwd=work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"ws://127.0.0.1:{reload_port}"
    try:
        for _ in range(100):
            try:
                with socket.create_connection(("127.0.0.1", reload_port), timeout=1):
                    break
            except OSError:
                await asyncio.sleep(0.1)
        home = work / "screens" / "home.json"

        flutter = await websockets.connect(url)
        await flutter.send('{"platform":"Flutter"}')
        await asyncio.sleep(0.3)
        home.write_text(home.read_text())
        await expect_reload(flutter, "a save")
        print("ok: a save reaches a Flutter client as reload")

        for _ in range(3):
            home.write_text(home.read_text())
        await expect_reload(flutter, "a burst of saves")
        await no_frame(flutter, 0.5, "a burst of saves")
        print("ok: a burst of saves is one frame")

        pong = await flutter.ping(b"beagle")
        await asyncio.wait_for(pong, 5)
        print("ok: pings are answered")
        await flutter.close()

        # One client that never reads: a raw socket with a small receive buffer that upgrades and
        # then reads nothing, while frames for it pile up.
        stalled = socket.socket()
        stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        stalled.connect(("127.0.0.1", reload_port))
        stalled.sendall(
            b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        clients = [await websockets.connect(url) for _ in range(100)]
        await asyncio.sleep(0.3)
        for round_ in range(3):
            home.write_text(home.read_text())
            await asyncio.gather(*(expect_reload(c, f"client {i}, save {round_}") for i, c in enumerate(clients)))
        print("ok: 100 clients get every save while another never reads")

        for client in clients:
            await client.close()
        stalled.close()
        flutter = await websockets.connect(url)

        # What clients send is never acted on, and odd frames do not stop the server.
        await flutter.send(b"\x00\x01binary")
        oversized = await websockets.connect(url, max_size=None)
        try:
            await oversized.send("x" * (64 << 10))
            await asyncio.wait_for(oversized.recv(), 5)
            fail("an oversized frame: the connection stayed open")
        except websockets.ConnectionClosed as closed:
            if closed.rcvd is None or closed.rcvd.code != 1009:
                fail(f"an oversized frame: closed with {closed.rcvd!r}, not 1009")
        home.write_text(home.read_text())
        await expect_reload(flutter, "a save after a binary and an oversized frame")
        print("ok: binary and oversized frames leave the server serving; the oversized one gets 1009")

        server.send_signal(signal.SIGTERM)
        try:
            frame = await asyncio.wait_for(flutter.recv(), 10)
            fail(f"SIGTERM: a frame ({frame!r}) instead of a close")
        except websockets.ConnectionClosed as closed:
            if closed.rcvd is None or closed.rcvd.code != 1001:
                fail(f"SIGTERM: closed with {closed.rcvd!r}, not a close frame with 1001")
        if server.wait(timeout=15) != 0:
            fail(f"SIGTERM: the server exited with {server.returncode}")
        print("ok: SIGTERM closes clients with 1001 and the server exits 0")
    finally:
        if server.poll() is None:
            server.kill()
        shutil.rmtree(work, ignore_errors=True)
    print("hot reload: every check passed")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    asyncio.run(main(os.path.abspath(sys.argv[1])))
