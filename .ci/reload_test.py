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
import sys

import websockets

from websocket_support import expect_going_away, fail, frame, nothing, sample_server, stalled_client


async def expect_reload(client, what):
    got = await frame(client, what)
    if got != "reload":
        fail(f"{what}: got {got!r}, not 'reload'")


async def main(binary):
    async with sample_server(binary, "--reload-port") as (server, work, _, reload_port):
        url = f"ws://127.0.0.1:{reload_port}"
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
        await nothing(flutter, 0.5, "a burst of saves")
        print("ok: a burst of saves is one frame")

        pong = await flutter.ping(b"beagle")
        await asyncio.wait_for(pong, 5)
        print("ok: pings are answered")
        await flutter.close()

        stalled = stalled_client(reload_port)
        clients = [await websockets.connect(url) for _ in range(100)]
        await asyncio.sleep(0.3)
        for round_ in range(3):
            home.write_text(home.read_text())
            await asyncio.gather(*(expect_reload(c, f"client {i}, save {round_}") for i, c in enumerate(clients)))
        print("ok: 100 clients get every save while another never reads")
        for client in clients:
            await client.close()
        stalled.close()

        # What clients send is never acted on, and odd frames do not stop the server.
        flutter = await websockets.connect(url)
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

        await expect_going_away(server, flutter, websockets)
    print("hot reload: every check passed")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    asyncio.run(main(os.path.abspath(sys.argv[1])))
