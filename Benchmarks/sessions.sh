#!/usr/bin/env bash
# What sessions as fixtures cost: the wall time and peak resident memory of
# `beagle-mock import SESSION.har --into DIR` (Docs/Sessions.md) over generated archives.
#
#   Benchmarks/sessions.sh [ENTRIES] [ROUNDS]     (defaults: 10000, 3)
#
# Builds beagle-mock in release and writes two archives of ENTRIES entries each, as Chrome writes
# them (headers, timings, images in base64):
#   session   an app's session: 300 screens asked for by IOS, ANDROID and no platform, a tenth of
#             them changing as the session goes (a sequence each), POSTs to a cart, 100 images,
#             a 503 with Retry-After now and then, and a tenth of the entries to other origins;
#   distinct  ENTRIES different screens, one file each: the most files one archive can make.
# Each is imported ROUNDS times into a new folder, under /usr/bin/time -v; medians are printed.
# Targets: a 10,000-entry archive in under 2 s and 200 MB.
set -euo pipefail
cd "$(dirname "$0")/.."
entries=${1:-10000}
rounds=${2:-3}

source Benchmarks/common.sh
require python3
[ -x /usr/bin/time ] || apt_install time || { echo "benchmark: /usr/bin/time is missing (apt-get install time)" >&2; exit 1; }
build_release

work=$(mktemp -d)
trap 'stop_mock; rm -rf "$work"' EXIT

# make_archive SHAPE FILE: writes an archive of $entries entries of SHAPE (session or distinct).
make_archive() {
  python3 - "$1" "$entries" "$2" <<'PY'
import base64, json, random, sys
shape, count, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
random.seed(7)
base = "https://bff.example.com/api"

def screen(name, version=0):
    # A screen of about 2 KB, as a Beagle BFF sends it.
    texts = [{"_beagleComponent_": "beagle:text", "text": f"{name} line {i} v{version}",
              "style": {"margin": {"all": {"value": 8, "type": "REAL"}}}} for i in range(12)]
    return json.dumps({"_beagleComponent_": "beagle:screenComponent", "id": name,
                       "navigationBar": {"title": name},
                       "child": {"_beagleComponent_": "beagle:container", "children": texts}})

def entry(method, url, status=200, text="", mime="application/json", platform=None, encoding=None, headers=()):
    request_headers = [{"name": "Accept", "value": "application/json"},
                       {"name": "User-Agent", "value": "BeagleApp/1.0 CFNetwork/1494"}]
    if platform:
        request_headers.append({"name": "beagle-platform", "value": platform})
    response_headers = [{"name": "Content-Type", "value": mime}, {"name": "Date", "value": "Sun, 29 Nov 2026 10:00:00 GMT"},
                        {"name": "ETag", "value": '"%08x"' % random.getrandbits(32)}] + \
                       [{"name": name, "value": value} for name, value in headers]
    content = {"size": len(text), "mimeType": mime, "text": text}
    if encoding:
        content["encoding"] = encoding
    wait = round(random.lognormvariate(4.5, 0.4), 3)
    return {"startedDateTime": "2026-11-29T10:00:00.000Z", "time": wait + 3,
            "request": {"method": method, "url": url, "httpVersion": "HTTP/1.1", "cookies": [], "headers": request_headers,
                        "queryString": [], "headersSize": -1, "bodySize": 0},
            "response": {"status": status, "statusText": "", "httpVersion": "HTTP/1.1", "cookies": [],
                         "headers": response_headers, "content": content, "redirectURL": "", "headersSize": -1,
                         "bodySize": len(text)},
            "cache": {}, "timings": {"blocked": -1, "dns": -1, "connect": -1, "ssl": -1, "send": 1, "wait": wait, "receive": 2},
            "_resourceType": "fetch"}

png = base64.b64encode(bytes(random.getrandbits(8) for _ in range(4096))).decode()
screens = {name: screen(name) for name in (f"screen-{n}" for n in range(300))}
seen = {}
out = []
for index in range(count):
    if shape == "distinct":
        out.append(entry("GET", f"{base}/screens/s{index}", text=screen(f"s{index}")))
        continue
    kind = random.random()
    if kind < 0.10:
        out.append(entry("GET", f"https://analytics.example.com/collect?i={index}", text="{}"))
    elif kind < 0.18:
        out.append(entry("GET", f"{base}/images/img-{random.randrange(100)}.png", text=png, mime="image/png",
                         encoding="base64"))
    elif kind < 0.23:
        n = seen.get("cart", 0) + 1
        seen["cart"] = n
        out.append(entry("POST", f"{base}/cart", text=json.dumps({"cartId": "c1", "items": n}), platform="IOS"))
    elif kind < 0.24:
        out.append(entry("GET", f"{base}/status", status=503, text='{"error":"maintenance"}',
                         headers=[("Retry-After", "30")], platform="IOS"))
    else:
        number = random.randrange(300)
        name = f"screen-{number}"
        platform = random.choice(["IOS", "ANDROID", None])
        version = 0
        if number % 10 == 0:
            # A screen that changes as the session goes.
            version = seen.get(name, 0) // 8
            seen[name] = seen.get(name, 0) + 1
        text = screens[name] if version == 0 else screen(name, version)
        out.append(entry("GET", f"{base}/screens/{name}", text=text, platform=platform))
json.dump({"log": {"version": "1.2", "creator": {"name": "WebInspector", "version": "537.36"}, "entries": out}},
          open(path, "w"))
PY
}

# measure_import SHAPE: imports the SHAPE archive $rounds times; prints the medians.
measure_import() {
  local shape=$1 archive="$work/$1.har"
  make_archive "$shape" "$archive"
  : >"$work/$shape.wall"
  : >"$work/$shape.rss"
  for round in $(seq "$rounds"); do
    local folder="$work/$shape-$round"
    /usr/bin/time -v -o "$work/time.txt" "$binary" import "$archive" --into "$folder" --base-url https://bff.example.com/api \
      >"$work/$shape.out" 2>&1 || [ $? -eq 1 ]
    awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = t[n] + (n > 1 ? t[n-1] * 60 : 0); print s }' \
      "$work/time.txt" >>"$work/$shape.wall"
    awk -F': ' '/Maximum resident set size/ { print $2 / 1024 }' "$work/time.txt" >>"$work/$shape.rss"
  done
  printf '%-9s %7s entries %9s bytes  %6s files  %5s rules   wall %6.2f s   peak RSS %6.1f MiB\n' "$shape" "$entries" \
    "$(wc -c <"$archive")" "$(find "$work/$shape-1" -type f | wc -l)" \
    "$(grep -c '^  rule ' "$work/$shape.out" || true)" "$(median <"$work/$shape.wall")" "$(median <"$work/$shape.rss")"
  tail -1 "$work/$shape.out"
}

echo "beagle-mock import, medians of $rounds runs (targets for 10,000 entries: under 2 s and 200 MiB):"
measure_import session
measure_import distinct

# ---- The export: HAR out of the journal --------------------------------------------------------
# A server with a journal of ENTRIES requests of the sample app (each platform, screens and an
# image), then GET /__admin/har for all of them, for the newest 1,000 and for 100: the time until
# the last byte, the archive's size, and how far the server's peak resident memory rose over its
# resident memory before the export (/proc/PID/status's VmHWM, reset through clear_refs).
port=${MOCK_PORT:-18093}
start_mock "$port" --journal-size "$entries"
echo
echo "GET /__admin/har over a journal of $entries requests (targets: under 2 s and 200 MiB):"
python3 - "$port" "$mock_pid" "$entries" <<'PY'
import http.client, json, sys, time
port, pid, count = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])

def kib(key):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith(key):
            return int(line.split()[1])

routes = ["/home", "/catalog", "/cart", "/profile", "/checkout/step-1", "/images/logo.png"]
client = http.client.HTTPConnection("127.0.0.1", port)
for index in range(count):
    client.request("GET", routes[index % len(routes)], headers={"beagle-platform": ["IOS", "ANDROID", "WEB"][index % 3]})
    client.getresponse().read()
time.sleep(0.5)  # the journal notes how the last exchanges ended just after the client read them
for query in ["", "?limit=1000", "?limit=100"]:
    open(f"/proc/{pid}/clear_refs", "w").write("5")
    before = kib("VmRSS:")
    started = time.monotonic()
    export = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    export.request("GET", "/__admin/har" + query)
    body = export.getresponse().read()
    took = time.monotonic() - started
    grew = (kib("VmHWM:") - before) / 1024
    entries = len(json.loads(body)["log"]["entries"])
    print(f"  {query or 'all':12} {entries:6} entries  {len(body) / 1e6:6.1f} MB  {took * 1000:6.0f} ms  peak RSS +{grew:5.1f} MiB")
PY
stop_mock
