#!/usr/bin/env bash
# What rendering templates costs: requests per second of a template the size of the sample's
# home screen against the same screen served static, and of a static screen with templates on
# against templates off (a file without {{ must cost nothing extra), all in one run.
#
#   Benchmarks/templates.sh [DURATION] [CONNECTIONS] [ROUNDS]     (defaults: 10s, 64, 3)
#
# Builds beagle-mock in release and serves a copy of screens/home.json twice: as static.json,
# and as template.json with six tags in its texts (request path, query, header, seed, a path
# parameter's worth of values). One server has templates on, a second the same folder with
# `templates: false`. wrk runs against each in turn, $ROUNDS times; medians are printed.
# Needs: wrk (apt-get install wrk).
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10s}
connections=${2:-64}
rounds=${3:-3}
on_port=${ON_PORT:-18090}
off_port=${OFF_PORT:-18091}

source Benchmarks/common.sh
require wrk curl python3
build_release

work=$(mktemp -d)
off_pid=
cleanup() {
  [ -n "${on_pid:-}" ] && kill "$on_pid" 2>/dev/null || true
  [ -n "${off_pid:-}" ] && kill "$off_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

mkdir -p "$work/on" "$work/off"
cp screens/home.json "$work/on/static.json"
# The same screen with tags in six of its texts: what a templated home screen looks like.
python3 - "$work/on/template.json" <<'PY'
import json, sys
screen = json.load(open("screens/home.json"))
tags = ["{{request.path}}", "{{request.query.name}}", "{{request.headers.user-agent}}", "{{seed}}",
        "{{request.method}}", "{{request.query.page}}"]
def visit(node):
    if isinstance(node, dict):
        if isinstance(node.get("text"), str) and tags:
            node["text"] += " " + tags.pop(0)
        for value in node.values(): visit(value)
    elif isinstance(node, list):
        for value in node: visit(value)
visit(screen)
assert not tags, "home.json has fewer than six texts"
json.dump(screen, open(sys.argv[1], "w"), indent=2, ensure_ascii=False)
PY
cp "$work/on/static.json" "$work/on/template.json" "$work/off/"
echo "templates: false" >"$work/off/beagle-mock.yml"
printf 'static %s bytes, template %s bytes\n' "$(wc -c <"$work/on/static.json")" "$(wc -c <"$work/on/template.json")"

"$binary" serve "$work/on" --port "$on_port" --quiet >"$work/on.log" 2>&1 &
on_pid=$!
"$binary" serve "$work/off" --port "$off_port" --quiet >"$work/off.log" 2>&1 &
off_pid=$!
wait_for "http://127.0.0.1:$on_port/__admin/health"
wait_for "http://127.0.0.1:$off_port/__admin/health"
# The body is read whole first: `curl | grep -q` fails under pipefail whenever grep finds its match
# and exits before curl has written the rest (curl then fails to write), as it did now and then.
rendered=$(curl -fs "http://127.0.0.1:$on_port/template?name=Ana&page=2") || rendered=
grep -q '"Ana"\| Ana' <<<"$rendered" || { echo "benchmark: the template did not render" >&2; exit 1; }

rps() { wrk -t2 -c"$connections" -d"$duration" "$1" | awk '/Requests\/sec/ {print $2}'; }

template_url="http://127.0.0.1:$on_port/template?name=Ana&page=2"
static_url="http://127.0.0.1:$on_port/static"
off_url="http://127.0.0.1:$off_port/static"
for url in "$template_url" "$static_url" "$off_url"; do rps "$url" >/dev/null; done   # warm-up
: >"$work/template.rps"; : >"$work/static.rps"; : >"$work/off.rps"
# Each takes its turn, $rounds times, so that a slow spell of the machine lands on all three.
for _ in $(seq "$rounds"); do
  rps "$template_url" >>"$work/template.rps"
  rps "$static_url" >>"$work/static.rps"
  rps "$off_url" >>"$work/off.rps"
done
template=$(median <"$work/template.rps")
static=$(median <"$work/static.rps")
off=$(median <"$work/off.rps")
printf '%-36s %12s req/s\n' "template (templates on)" "$template" "static screen (templates on)" "$static" \
  "static screen (templates: false)" "$off"
printf 'template / static:            %.2f   (target: at least 0.5)\n' "$(awk -v a="$template" -v b="$static" 'BEGIN { print a / b }')"
printf 'static on / static off:       %.2f   (target: about 1, no scan per request)\n' \
  "$(awk -v a="$static" -v b="$off" 'BEGIN { print a / b }')"
printf '(medians of %d runs of wrk -t2 -c%s -d%s each)\n' "$rounds" "$connections" "$duration"
