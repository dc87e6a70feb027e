#!/usr/bin/env bash
# CPU time per request and requests per second of beagle-mock against nginx and WireMock, in one run.
#
#   Benchmarks/cpu.sh [DURATION] [CONNECTIONS] [ROUNDS]     (defaults: 10s, 64, 3)
#
# Serves the sample app (screens/ and images/) with beagle-mock (release build, --quiet) and with
# nginx (start_nginx in common.sh: same files, no access log) and with WireMock (start_wiremock:
# one stub per path with the same file, request logging off, journal on), and runs `wrk -t2 -c64`
# against a screen and an image on each, ROUNDS times in turn. WireMock's JVM gets a longer warm-up
# (WIREMOCK_WARMUP, 5s a path) so the JIT has compiled its paths. A server's CPU time is the user
# plus system time of its processes (/proc/PID/stat; nginx's master and workers, the JVM's
# threads) over the run, divided by the requests wrk counted; "of it kernel" is its system part
# (the system calls, the network stack), the rest ran in user space. The summary gives medians
# and the ratios beagle-mock / nginx.
#
# Targets: CPU time per request at most 1.5× nginx's, throughput at least 0.8×.
# Needs: wrk and nginx (apt-get install wrk nginx-light); installs Java and WireMock when missing
# (require_wiremock in common.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10s}
connections=${2:-64}
rounds=${3:-3}
screen=${SCREEN:-/home}
image=${IMAGE:-/images/logo.png}
mock_port=${MOCK_PORT:-18085}
nginx_port=${NGINX_PORT:-18086}
wiremock_port=${WIREMOCK_PORT:-18087}
wiremock_warmup=${WIREMOCK_WARMUP:-5s}

source Benchmarks/common.sh
require wrk nginx curl
build_release
require_wiremock
work=$(mktemp -d)
cleanup() {
  stop_mock
  stop_nginx
  stop_wiremock
  rm -rf "$work"
}
trap cleanup EXIT
start_nginx "$nginx_port"
start_mock "$mock_port"
start_wiremock "$wiremock_port" 0 "$screen" "$image"
ticks_per_second=$(getconf CLK_TCK)

# measure NAME URL PID…: one wrk run; appends "NAME req/s µs-per-request kernel-µs-per-request"
# to $work/results.
measure() {
  local name=$1 url=$2
  shift 2
  local before after system_before system_after
  before=$(cpu_ticks "$@")
  system_before=$(system_ticks "$@")
  wrk -t2 -c"$connections" -d"$duration" "$url" >"$work/wrk.txt"
  after=$(cpu_ticks "$@")
  system_after=$(system_ticks "$@")
  awk -v name="$name" -v ticks=$((after - before)) -v kernel=$((system_after - system_before)) \
    -v hz="$ticks_per_second" '
    / requests in / { requests = $1 }
    /Non-2xx|Socket errors/ { print name ": " $0 > "/dev/stderr" }
    /Requests\/sec/ { rps = $2 }
    END { printf "%s %s %.2f %.2f\n", name, rps, 1e6 * ticks / hz / requests, 1e6 * kernel / hz / requests }' \
    "$work/wrk.txt" >>"$work/results"
}

printf '%-6s %-18s %-11s %10s %14s %14s\n' what path server "req/s" "CPU µs/req" "of it kernel"
for path in "$screen" "$image"; do
  kind=screen; [ "$path" = "$image" ] && kind=image
  : >"$work/results"
  wrk -t2 -c"$connections" -d2s "http://127.0.0.1:$mock_port$path" >/dev/null   # warm-up
  wrk -t2 -c"$connections" -d2s "http://127.0.0.1:$nginx_port$path" >/dev/null
  wrk -t2 -c"$connections" -d"$wiremock_warmup" "http://127.0.0.1:$wiremock_port$path" >/dev/null
  for _ in $(seq "$rounds"); do
    measure beagle-mock "http://127.0.0.1:$mock_port$path" "$mock_pid"
    # shellcheck disable=SC2046
    measure nginx "http://127.0.0.1:$nginx_port$path" $(nginx_pids)
    measure wiremock "http://127.0.0.1:$wiremock_port$path" "$wiremock_pid"
  done
  for name in beagle-mock nginx wiremock; do
    printf '%-6s %-18s %-11s %10s %14s %14s\n' "$kind" "$path" "$name" \
      "$(column "$name" 2 | median)" "$(column "$name" 3 | median)" "$(column "$name" 4 | median)"
  done
  awk -v rps="$(column beagle-mock 2 | median)" -v rps_ref="$(column nginx 2 | median)" \
    -v cpu="$(column beagle-mock 3 | median)" -v cpu_ref="$(column nginx 3 | median)" -v kind="$kind" \
    'BEGIN { printf "%-6s ratios: throughput %.2f of nginx (target ≥ 0.8), CPU per request %.2f× nginx (target ≤ 1.5)\n", kind, rps / rps_ref, cpu / cpu_ref }'
done
echo "(medians of $rounds alternating runs of wrk -t2 -c$connections -d$duration)"
