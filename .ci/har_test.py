#!/usr/bin/env python3
"""HAR out of the journal, checked by others' readers (Docs/Sessions.md).

Serves the sample app, makes the requests an app would (each platform's home, an image, a POST,
a binary upload, a fault with latency, a reset), saves GET /__admin/har, and checks it:

- against the HAR 1.2 schema in .ci/har-1.2.schema.json (jsonschema), and that each entry's time
  is the sum of its timings and its wait holds the injected latency;
- with mitmproxy: `mitmdump -nr FILE` reads it, and mitmproxy's own reader gives back the same
  requests and, byte for byte, the same bodies the client got.

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


def start(*flags):
    log = tempfile.NamedTemporaryFile("w+", delete=False)
    process = subprocess.Popen([BINARY, "serve", os.path.join(ROOT, "screens"), "--port", "0", *flags],
                               stdout=log, stderr=subprocess.STDOUT)
    for _ in range(300):
        found = re.search(r"Listening http://[^:]+:(\d+)", open(log.name).read())
        if found:
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


if __name__ == "__main__":
    main()
