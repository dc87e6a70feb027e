#!/usr/bin/env bash
# What the proxy costs: requests per second through beagle-mock --upstream against the same
# upstream asked directly, beside nginx as a reverse proxy in front of it (the speed limit), and
# the proxy's memory while a 50 MB body streams through it.
#
#   Benchmarks/proxy.sh [DURATION] [CONNECTIONS] [ROUNDS]     (defaults: 10s, 64, 3)
#
# Builds beagle-mock in release. The upstream is a beagle-mock serving the sample app (screens/ and
# images/) plus a 50 MB file; the proxy is a second beagle-mock over an empty folder with
# --upstream, so every request goes through it. `wrk -t2 -c64 -d10s` runs against a screen and an
# image, direct, through beagle-mock and through nginx (proxy_pass with upstream keepalive) in turn,
# three times each; the table shows the medians, and each proxy's throughput as a ratio of direct
# and its CPU time per request (user + system from /proc/PID/stat). First, curl
# downloads the 50 MB file through the proxy, at full speed and at 10 MB/s (a client slower than
# the upstream), and the proxy's resident memory (VmRSS) and peak (VmHWM) are read from /proc.
# No server logs requests (--quiet, access_log off). Needs: wrk, curl and nginx.
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10s}
connections=${2:-64}
rounds=${3:-3}
screen=${SCREEN:-/home}
image=${IMAGE:-/images/logo.png}
upstream_port=${UPSTREAM_PORT:-18090}
proxy_port=${PROXY_PORT:-18091}
nginx_port=${NGINX_PORT:-18092}

source Benchmarks/common.sh
require wrk curl nginx
build_release

work=$(mktemp -d)
proxy_pid=
cleanup() {
  stop_mock
  stop_nginx
  [ -n "$proxy_pid" ] && kill "$proxy_pid" 2>/dev/null && wait "$proxy_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# The upstream: the sample app and a 50 MB file, in a copy so the repository stays clean.
mkdir -p "$work/bff" "$work/empty"
cp -R screens "$work/bff/screens"
cp -R images "$work/bff/images"
head -c $((50 << 20)) /dev/urandom >"$work/bff/screens/big.bin"
"$binary" serve "$work/bff/screens" --port "$upstream_port" --quiet >"$work/upstream.log" 2>&1 &
mock_pid=$!
wait_for "http://127.0.0.1:$upstream_port/__admin/health"
"$binary" serve "$work/empty" --port "$proxy_port" --quiet --upstream "http://127.0.0.1:$upstream_port" \
  >"$work/proxy.log" 2>&1 &
proxy_pid=$!
wait_for "http://127.0.0.1:$proxy_port/__admin/health"
wait_for "http://127.0.0.1:$proxy_port$screen"

# A 50 MB body through the proxy: resident memory before, and its peak after each download.
peak_kib() { awk '/VmHWM/ {print $2}' "/proc/$1/status"; }
mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
# Measured first, on a proxy that has answered a few small requests only: the peak is the body's.
for _ in 1 2 3; do curl -s -o /dev/null "http://127.0.0.1:$proxy_port$screen"; done
echo "50 MB through the proxy (proxy pid $proxy_pid): resident memory in MiB"
printf '%-28s %10s %10s %10s\n' download "rss before" "peak after" "bytes"
for rate in full 10M; do
  before=$(rss_kib "$proxy_pid")
  limit=(); [ "$rate" != full ] && limit=(--limit-rate "$rate")
  bytes=$(curl -s -o /dev/null -w '%{size_download}' "${limit[@]}" "http://127.0.0.1:$proxy_port/big.bin")
  peak=$(peak_kib "$proxy_pid")
  printf '%-28s %10s %10s %10s\n' "at $rate speed" "$(mib "$before")" "$(mib "$peak")" "$bytes"
done
echo
start_nginx_proxy "$nginx_port" "$upstream_port"

# run NAME URL PID…: one wrk run against URL; appends its requests per second to $work/NAME.rps
# and the CPU time of the processes PID… per request, in microseconds, to $work/NAME.cpu.
run() {
  local name=$1 url=$2 before after output
  shift 2
  before=$(cpu_ticks "$@")
  output=$(wrk -t2 -c"$connections" -d"$duration" "$url")
  after=$(cpu_ticks "$@")
  awk '/Requests\/sec/ {print $2}' <<<"$output" >>"$work/$name.rps"
  awk -v ticks=$((after - before)) -v hz="$(getconf CLK_TCK)" '/requests in/ { printf "%.0f\n", ticks / hz * 1e6 / $1 }' \
    <<<"$output" >>"$work/$name.cpu"
}

# Direct, through beagle-mock and through nginx take turns, $rounds times each, so that a slow
# spell lands on all three.
echo "requests per second (medians of $rounds runs each); the proxy's CPU time per request in µs"
printf '%-8s %-18s %10s %10s %10s %8s %8s %8s %8s\n' what path direct beagle-mock nginx "mock/dir" "ngx/dir" "mock µs" "ngx µs"
for path in "$screen" "$image"; do
  kind=screen; [ "$path" = "$image" ] && kind=image
  for port in "$proxy_port" "$nginx_port"; do   # warm-up: upstream connections opened
    wrk -t2 -c"$connections" -d2s "http://127.0.0.1:$port$path" >/dev/null
  done
  rm -f "$work"/*.rps "$work"/*.cpu
  for _ in $(seq "$rounds"); do
    run direct "http://127.0.0.1:$upstream_port$path" "$mock_pid"
    run mock "http://127.0.0.1:$proxy_port$path" "$proxy_pid"
    # shellcheck disable=SC2046 # one PID a word
    run nginx "http://127.0.0.1:$nginx_port$path" $(nginx_pids)
  done
  direct=$(median <"$work/direct.rps")
  mock=$(median <"$work/mock.rps")
  ngx=$(median <"$work/nginx.rps")
  printf '%-8s %-18s %10s %10s %10s %8s %8s %8s %8s\n' "$kind" "$path" "$direct" "$mock" "$ngx" \
    "$(awk -v a="$mock" -v b="$direct" 'BEGIN { printf "%.2f", a / b }')" \
    "$(awk -v a="$ngx" -v b="$direct" 'BEGIN { printf "%.2f", a / b }')" \
    "$(median <"$work/mock.cpu")" "$(median <"$work/nginx.cpu")"
done

