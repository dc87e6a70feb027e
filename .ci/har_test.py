#!/usr/bin/env python3
"""HAR out of the journal, checked by others' readers (Docs/Sessions.md).

Serves the sample app, makes the requests an app would (each platform's home, an image, a POST,
a binary upload, a fault with latency, a reset), saves GET /__admin/har, and checks it:

- against the HAR 1.2 schema in .ci/har-1.2.schema.json (jsonschema), and that each entry's time
  is the sum of its timings and its wait holds the injected latency;
- with mitmproxy: `mitmdump -nr FILE` reads it, and mitmproxy's own reader gives back the same
  requests and, byte for byte, the same bodies the client got.

Then HAR in, from a real producer: mitmdump, as a reverse proxy in front of beagle-mock over HTTP
and over HTTPS, saves the session of the sample app's requests (each platform, a POST, an image)
as HAR (`--set hardump=`); `beagle-mock import` makes a folder of each file; served alone, that
folder gives every request the same bytes the client got through mitmproxy.

    python .ci/har_test.py BINARY
"""
import base64
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

import jsonschema
from mitmproxy import io as mitmio

BINARY = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMA = json.load(open(os.path.join(ROOT, ".ci", "har-1.2.schema.json")))


LOGS = {}


def log_of(process):
    return LOGS[process.pid]


def start(*flags):
    log = tempfile.NamedTemporaryFile("w+", delete=False)
    process = subprocess.Popen([BINARY, "serve", os.path.join(ROOT, "screens"), "--port", "0", *flags],
                               stdout=log, stderr=subprocess.STDOUT)
    LOGS[process.pid] = log.name
    for _ in range(300):
        text = open(log.name).read()
        found = re.search(r"Listening http://[^:]+:(\d+)", text)
        if found and ("--tls-port" not in flags or re.search(r"HTTPS\s+https://", text)):
            return process, f"http://127.0.0.1:{found.group(1)}"
        if process.poll() is not None:
            break
        time.sleep(0.1)
    raise SystemExit("the server did not start:\n" + open(log.name).read())


def fetch(base, path, method="GET", headers=None, body=None):
    request = urllib.request.Request(base + path, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def settled(base):
    """Waits until the journal has noted how every exchange ended, which it does a moment after
    the client has read its response."""
    for _ in range(100):
        entries = json.loads(fetch(base, "/__admin/requests")[1])["requests"]
        if all(entry["outcome"] is not None for entry in entries):
            return
        time.sleep(0.05)
    raise SystemExit("FAILED: the journal still has exchanges in flight")


def check(condition, what):
    if not condition:
        raise SystemExit(f"FAILED: {what}")
    print(f"  ok: {what}")


def main():
    process, base = start("--seed", "7")
    try:
        got = {}
        for platform in ["IOS", "ANDROID", "WEB"]:
            got[platform] = fetch(base, "/home", headers={"beagle-platform": platform})[1]
        got["image"] = fetch(base, "/images/hero/banner.png")[1]
        got["order"] = fetch(base, "/checkout/order", "POST", {"Content-Type": "application/json"}, b'{"items":2}')[1]
        upload = bytes(range(256))
        fetch(base, "/__echo/upload", "POST", {"Content-Type": "application/octet-stream"}, upload)
        status, got["fault"] = fetch(base, "/home", headers={"X-Mock-Fault": "status:503", "X-Mock-Latency": "50ms"})
        check(status == 503, "the fault is answered")
        try:
            fetch(base, "/home", headers={"X-Mock-Fault": "reset"})
        except (ConnectionError, urllib.error.URLError):
            pass
        settled(base)

        status, text = fetch(base, "/__admin/har")
        check(status == 200, "GET /__admin/har answers")
        har = json.loads(text)
        jsonschema.validate(har, SCHEMA)
        check(True, "the archive is valid HAR 1.2 (its schema, custom fields only with _)")
        entries = har["log"]["entries"]
        check(len(entries) == 8, f"one entry a request ({len(entries)})")
        for entry in entries:
            timings = entry["timings"]
            total = sum(value for name, value in timings.items() if not name.startswith("_") and value >= 0)
            if abs(total - entry["time"]) > 0.002:
                raise SystemExit(f"FAILED: entry {entry['_mock']['id']}: time {entry['time']} is not the sum of its timings {total}")
        check(True, "each entry's time is the sum of its timings")
        fault = entries[6]
        check(fault["_mock"]["fault"] == "status:503" and fault["timings"]["_injectedLatency"] == 50
              and fault["timings"]["wait"] >= 50, "the injected latency is apart, within the wait")
        check(entries[7]["response"]["status"] == 0 and entries[7]["_mock"]["fault"] == "reset", "a reset has status 0")
        posted = entries[5]["request"]["postData"]
        check(posted["_encoding"] == "base64" and base64.b64decode(posted["text"]) == upload, "a binary upload is base64")

        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "session.har")
            open(path, "wb").write(text)
            shown = subprocess.run(["mitmdump", "-n", "-r", path], capture_output=True, text=True, timeout=60,
                                   cwd=folder, env=dict(os.environ, HOME=folder))
            check(shown.returncode == 0, f"mitmdump -nr reads the file (exit {shown.returncode}: {shown.stderr[-300:]})")
            check(shown.stdout.count("GET ") + shown.stdout.count("POST ") >= 8, "mitmdump lists every request")
            flows = list(mitmio.FlowReader(open(path, "rb")).stream())
        check(len(flows) == 8, "mitmproxy's reader gives a flow an entry")
        check([flow.request.method for flow in flows] == ["GET"] * 4 + ["POST"] * 2 + ["GET"] * 2, "the methods")
        check(flows[0].request.headers.get("beagle-platform") == "IOS", "the request headers")
        for index, key in enumerate(["IOS", "ANDROID", "WEB", "image", "order"]):
            flow, content = flows[index], entries[index]["response"]["content"]
            if content.get("_cut"):
                # The banner (415 KiB): the journal keeps its first 64 KiB and says so.
                check(content["size"] == len(got[key]) and flow.response.content == got[key][:64 << 10],
                      f"the {key} body: cut at 64 KiB, marked, its whole size given")
            else:
                check(flow.response.content == got[key], f"the {key} body, byte for byte")
        check(entries[3]["response"]["content"].get("_cut") is True, "the image longer than the journal keeps is cut")
        check(flows[6].response.status_code == 503 and flows[6].response.content == got["fault"], "the 503 and its body")
    finally:
        process.terminate()
        process.wait(timeout=15)
    print("HAR out: every check passed")
    for scheme in ["http", "https"]:
        capture_and_import(scheme)
    print("HAR in: every check passed")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


SESSION = [("GET", "/home"), ("GET", "/catalog"), ("GET", "/profile"), ("POST", "/cart"), ("GET", "/images/logo.png")]


def capture_and_import(scheme):
    """The sample app's session through mitmdump over `scheme`, imported, then replayed."""
    import ssl
    folder = tempfile.mkdtemp()
    flags = ["--tls-port", "0", "--tls-dir", os.path.join(folder, "tls")] if scheme == "https" else []
    process, base = start(*flags)
    proxy = None
    try:
        target = base
        if scheme == "https":
            found = re.search(r"HTTPS\s+https://[^:]+:(\d+)", open(log_of(process)).read())
            target = f"https://127.0.0.1:{found.group(1)}"
        port = free_port()
        har = os.path.join(folder, "session.har")
        proxy = subprocess.Popen(
            ["mitmdump", "--mode", f"reverse:{target}", "--listen-host", "127.0.0.1", "--listen-port", str(port),
             "--ssl-insecure", "--set", f"hardump={har}", "--set", f"confdir={os.path.join(folder, 'mitmproxy')}"],
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        through = f"{scheme}://127.0.0.1:{port}"
        context = ssl._create_unverified_context() if scheme == "https" else None
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        got = {}
        for platform in ["IOS", "ANDROID", "WEB", None]:
            for method, path in SESSION:
                headers = {"beagle-platform": platform} if platform else {}
                body = b'{"item":"1"}' if method == "POST" else None
                request = urllib.request.Request(through + path, data=body, method=method, headers=headers)
                with urllib.request.urlopen(request, timeout=10, context=context) as answer:
                    got[(method, path, platform)] = answer.read()
        proxy.terminate()
        proxy.wait(timeout=30)
        proxy = None
        check(os.path.getsize(har) > 0, f"mitmdump saved the {scheme} session as HAR")
        into = os.path.join(folder, "imported")
        imported = subprocess.run([BINARY, "import", har, "--into", into], capture_output=True, text=True, timeout=120)
        check(imported.returncode == 0, f"beagle-mock import makes a folder of mitmproxy's {scheme} HAR (exit {imported.returncode}: {imported.stdout[-400:]}{imported.stderr[-400:]})")
    finally:
        if proxy:
            proxy.kill()
        process.terminate()
        process.wait(timeout=15)
    replay = subprocess.Popen([BINARY, "serve", into, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        replay_base = None
        for line in replay.stdout:
            found = re.search(r"Listening http://[^:]+:(\d+)", line)
            if found:
                replay_base = f"http://127.0.0.1:{found.group(1)}"
                break
        check(replay_base is not None, "the imported folder serves")
        for (method, path, platform), expected in got.items():
            headers = {"beagle-platform": platform} if platform else {}
            body = b'{"item":"1"}' if method == "POST" else None
            status, answer = fetch(replay_base, path, method, headers, body)
            if status != 200 or answer != expected:
                raise SystemExit(f"FAILED: {scheme}: {method} {path} for {platform or 'no platform'}: {status}, "
                                 f"{len(answer)} bytes, not the {len(expected)} the client got through mitmproxy")
        check(True, f"{scheme}: every request of the session gets the same bytes from the imported folder ({len(got)})")
    finally:
        replay.terminate()
        replay.wait(timeout=15)


if __name__ == "__main__":
    main()
