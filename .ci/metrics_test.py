"""GET /__admin/metrics read by PyPI prometheus-client's own parser, as Prometheus reads it.

    metrics_test.py BEAGLE_MOCK_BINARY

Serves the sample app with Live Preview and the sample's `tunnel` timeline running, makes
requests (a screen, an image, a missing path, an injected fault and latency), connects an Android
Live Preview client, breaks and mends the config file; then parses the metrics with
`prometheus_client.parser.text_string_to_metric_families` and checks every family the docs list
(Docs/AdminAPI.md, "Metrics"). A second server beyond loopback with an admin token refuses the
metrics without it. Exits 1 on the first failure, naming it.
"""

import asyncio
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

import websockets
from prometheus_client.parser import text_string_to_metric_families

from websocket_support import fail, free_port


def get(port, path, headers=None):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def start(binary, work, *flags):
    port = free_port()
    server = subprocess.Popen([binary, "serve", "screens", "--port", str(port), "--quiet", *flags],
                              cwd=work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    for _ in range(100):
        try:
            if get(port, "/__admin/health")[0] == 200:
                return server, port
        except OSError:
            time.sleep(0.1)
    fail("the server did not start")


def families(port, headers=None):
    status, response_headers, body = get(port, "/__admin/metrics", headers)
    if status != 200:
        fail(f"GET /__admin/metrics answered {status}: {body[:200]!r}")
    content_type = response_headers.get("Content-Type")
    if content_type != "text/plain; version=0.0.4; charset=utf-8":
        fail(f"Content-Type {content_type!r}")
    return {family.name: family for family in text_string_to_metric_families(body.decode())}


def sample(found, family, name, **labels):
    """The value of the sample `name` with exactly `labels` in `family`, or None."""
    for each in found[family].samples if family in found else []:
        if each.name == name and each.labels == labels:
            return each.value
    return None


def expect(what, value, wanted):
    if value != wanted:
        fail(f"{what}: {value!r}, not {wanted!r}")
    print(f"ok: {what} = {wanted!r}")


async def main(binary):
    work = pathlib.Path(tempfile.mkdtemp())
    repository = pathlib.Path(__file__).resolve().parent.parent
    shutil.copytree(repository / "screens", work / "screens")
    shutil.copytree(repository / "images", work / "images")
    live_port = free_port()
    server, port = start(binary, work, "--live-preview", str(live_port), "--timeline", "tunnel")
    try:
        android = await websockets.connect(f"ws://127.0.0.1:{live_port}/android")
        for path in ["/home", "/home", "/images/logo.png", "/nowhere"]:
            get(port, path)
        get(port, "/home", {"X-Mock-Fault": "status:503"})
        config = work / "screens" / "beagle-mock.yml"
        good = config.read_text()
        config.write_text("routes: [")
        time.sleep(2.5)
        # Mended with a change, so that the reload takes effect (the same config again would not).
        config.write_text(good + "\nhangMax: 4m\n")
        time.sleep(2.5)

        found = families(port)
        types = {name: family.type for name, family in found.items()}
        for name, kind in [("beagle_mock_requests", "counter"), ("beagle_mock_injected_latency_seconds", "histogram"),
                           ("beagle_mock_request_duration_seconds", "histogram"), ("beagle_mock_open_connections", "gauge"),
                           ("beagle_mock_config_reloads", "counter"), ("beagle_mock_config_reload_failures", "counter"),
                           ("beagle_mock_live_preview_devices", "gauge"), ("beagle_mock_timeline_stage", "gauge")]:
            expect(f"the type of {name}", types.get(name), kind)
        expect("GET /home answered 200 without fault",
               sample(found, "beagle_mock_requests", "beagle_mock_requests_total", route="/home", status="200", fault="none"), 2)
        expect("the logo", sample(found, "beagle_mock_requests", "beagle_mock_requests_total",
                                  route="/images/logo.png", status="200", fault="none"), 1)
        expect("a path nothing answers", sample(found, "beagle_mock_requests", "beagle_mock_requests_total",
                                                route="(none)", status="404", fault="none"), 1)
        expect("an injected 503", sample(found, "beagle_mock_requests", "beagle_mock_requests_total",
                                         route="(none)", status="503", fault="status"), 1)
        # The tunnel's first stage is LTE: every answer waited its latency, none within 0.5 ms.
        expect("/home's injected latency, counted", sample(found, "beagle_mock_injected_latency_seconds",
                                                           "beagle_mock_injected_latency_seconds_count", route="/home"), 2)
        expect("/home's injected latency within 0.5 ms", sample(found, "beagle_mock_injected_latency_seconds",
                                                               "beagle_mock_injected_latency_seconds_bucket",
                                                               route="/home", le="0.0005"), 0)
        expect("/home's time to serve, counted", sample(found, "beagle_mock_request_duration_seconds",
                                                        "beagle_mock_request_duration_seconds_count", route="/home"), 2)
        expect("reloads", sample(found, "beagle_mock_config_reloads", "beagle_mock_config_reloads_total"), 1)
        expect("failed reloads",
               sample(found, "beagle_mock_config_reload_failures", "beagle_mock_config_reload_failures_total"), 1)
        expect("Android devices", sample(found, "beagle_mock_live_preview_devices",
                                         "beagle_mock_live_preview_devices", platform="ANDROID"), 1)
        expect("iOS devices", sample(found, "beagle_mock_live_preview_devices",
                                     "beagle_mock_live_preview_devices", platform="IOS"), 0)
        expect("the tunnel's stage", sample(found, "beagle_mock_timeline_stage", "beagle_mock_timeline_stage",
                                            timeline="tunnel", clock="server", stage="lte"), 0)
        connections = sample(found, "beagle_mock_open_connections", "beagle_mock_open_connections")
        if connections is None or connections < 1:
            fail(f"open connections: {connections!r}, not at least the one that asked")
        print(f"ok: open connections = {connections}")
        await android.close()
    finally:
        server.kill()

    guarded, guarded_port = start(binary, work, "--host", "0.0.0.0", "--admin-token", "s3cret")
    try:
        status = get(guarded_port, "/__admin/metrics")[0]
        expect("the metrics without the token, beyond loopback", status, 401)
        get(guarded_port, "/home")
        found = families(guarded_port, {"Authorization": "Bearer s3cret"})
        expect("with the token", sample(found, "beagle_mock_requests", "beagle_mock_requests_total",
                                        route="/home", status="200", fault="none"), 1)
    finally:
        guarded.kill()
        shutil.rmtree(work, ignore_errors=True)
    print("metrics: every check passed")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
