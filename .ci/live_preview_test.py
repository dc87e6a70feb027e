"""Live Preview (`serve --live-preview`) driven by PyPI's `websockets`, as Beagle's apps use it.

    live_preview_test.py BEAGLE_MOCK_BINARY

Copies the sample app to a scratch folder, serves it with Live Preview, then checks, with clients
that behave as Beagle iOS's (path `/`, pings every few seconds) and Android's (path `/android`):
- a save reaches each client as one frame: the screen as its platform gets it over HTTP, compact,
  without the word `Welcome`;
- a save that is not JSON reaches none, and the admin API says why;
- a client that connects later gets the current screen;
- a pinned route (admin API) wins over saves; unpinned, saves win again;
- 100 clients get a save, while a client that never reads is dropped once a few large screens
  wait unread for it;
- SIGTERM closes every client with a close frame, code 1001.
Exits 1 on the first failure, naming it.
"""

import asyncio
import json
import os
import socket
import sys
import urllib.request

import websockets

from websocket_support import expect_going_away, fail, frame, nothing, sample_server, stalled_client


def is_compact(text):
    """True when no whitespace lies between the JSON tokens of `text`."""
    in_string = escaped = False
    for character in text:
        if in_string:
            if escaped:
                escaped = False
            elif character == "\\":
                escaped = True
            elif character == '"':
                in_string = False
        elif character == '"':
            in_string = True
        elif character in " \t\r\n":
            return False
    return True


def admin(port, method, body=None):
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/__admin/live-preview", method=method,
        data=None if body is None else json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def screen_over_http(port, route, platform):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{route}", headers={"beagle-platform": platform})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


async def main(binary):
    async with sample_server(binary, "--live-preview") as (server, work, http_port, preview_port):
        url = f"ws://127.0.0.1:{preview_port}"
        screens = work / "screens"
        home = screens / "home.json"

        # iOS's client asks for / and pings every 3 s; Android's is given /android.
        ios = await websockets.connect(url, ping_interval=3)
        android = await websockets.connect(url + "/android", ping_interval=3)
        await asyncio.sleep(0.3)
        home.write_text(home.read_text().replace('"Beagle Coffee', '"Welcome to Beagle Coffee', 1))
        ios_frame = await frame(ios, "a save, iOS")
        android_frame = await frame(android, "a save, Android")
        for name, text, platform in [("iOS", ios_frame, "IOS"), ("Android", android_frame, "ANDROID")]:
            if "Welcome" in text:
                fail(f"{name}: the frame holds the word Welcome")
            if not is_compact(text):
                fail(f"{name}: the frame is not compact")
            if json.loads(text) != screen_over_http(http_port, "/home", platform):
                fail(f"{name}: the frame is not the screen {platform} gets over HTTP")
        if ios_frame == android_frame:
            fail("iOS and Android got the same frame, though the sample's /home differs by platform")
        await nothing(ios, 0.5, "one save, one frame")
        print("ok: a save reaches iOS and Android each as one compact frame, as each gets /home over HTTP")

        (screens / "broken.json").write_text('{"_beagleComponent_": ')
        await nothing(ios, 1, "a save that is not JSON")
        status = admin(http_port, "GET")
        if status["route"] != "/broken" or "not JSON" not in (status["problem"] or ""):
            fail(f"a bad save: the admin API says {status}")
        late = await websockets.connect(url)
        if json.loads(await frame(late, "a later client")) != json.loads(ios_frame):
            fail("a later client did not get the screen the devices show")
        await late.close()
        print("ok: a bad save reaches no one, the admin API says why, a later client gets the last good screen")

        pinned = admin(http_port, "PUT", {"route": "/catalog"})
        if not pinned["pinned"] or len(pinned["devices"]) != 2:
            fail(f"pinning /catalog: {pinned}")
        if json.loads(await frame(ios, "pinning")) != screen_over_http(http_port, "/catalog", "IOS"):
            fail("the pinned route's frame is not /catalog")
        await frame(android, "pinning, Android")
        home.write_text(home.read_text())
        await nothing(ios, 1, "a save while /catalog is pinned")
        admin(http_port, "DELETE")
        await frame(ios, "unpinning")
        await frame(android, "unpinning, Android")
        print("ok: a pinned route wins over saves; unpinned, saves win again")

        # A client that never reads, with a small receive buffer, and a large screen saved a few
        # times: it is dropped, while 100 clients that read get every save.
        big = screens / "big.json"
        text = "x" * 400_000
        stalled = stalled_client(preview_port)
        clients = [await websockets.connect(url, max_size=None) for _ in range(100)]
        # Each gets the screen on the devices as it connects.
        await asyncio.gather(*(frame(c, f"client {i}, on connecting") for i, c in enumerate(clients)))
        await ios.close()
        await android.close()
        for round_ in range(5):
            body = {"_beagleComponent_": "beagle:screenComponent",
                    "child": {"_beagleComponent_": "beagle:text", "text": f"{round_} {text}"}}
            big.write_text(json.dumps(body))
            frames = await asyncio.gather(*(frame(c, f"client {i}, large save {round_}", 10) for i, c in enumerate(clients)))
            if any(json.loads(f)["child"]["text"] != f"{round_} {text}" for f in frames):
                fail(f"large save {round_}: a client got another screen")
        stalled.settimeout(10)
        dropped = False
        try:
            while True:
                if not stalled.recv(1 << 16):
                    dropped = True
                    break
        except (ConnectionResetError, socket.timeout):
            dropped = True
        if not dropped:
            fail("the client that never reads was not dropped")
        stalled.close()
        print("ok: 100 clients get every large save; a client that never reads is dropped")

        survivor = clients[0]
        for client in clients[1:]:
            await client.close()
        await expect_going_away(server, survivor, websockets)
    print("Live Preview: every check passed")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    asyncio.run(main(os.path.abspath(sys.argv[1])))
