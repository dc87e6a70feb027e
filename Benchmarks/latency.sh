#!/usr/bin/env bash
# How precisely beagle-mock holds a fixed latency under load, beside a reference in the same run:
# 1,000 concurrent connections, each request delayed 100 ms (wrk -t2 -c1000 --latency).
#
#   Benchmarks/latency.sh [CONNECTIONS] [LATENCY_MS] [DURATION] [RUNS]   (defaults: 1000 100 20s 3)
#
# The reference is Benchmarks/reference/delay_server.c, the least a server can do to answer a
# fixed delay after each request: one thread, epoll, one prepared response. Its figures are the
# floor that the machine and wrk allow (wrk and the servers share the cores). WireMock is the third
# server (start_wiremock in common.sh: a stub for the path with the same file and
# fixedDelayMilliseconds, asynchronous responses on, request logging off, journal on); its JVM
# gets WIREMOCK_WARMUP (5s) of the same load before each of its runs. The three servers take
# turns, RUNS times each, serving the same screen; the summary gives each one's median.
#
# Targets: p50 within 2 ms of the latency, p99 within 10 ms, and throughput at least
# 90% of the ideal, connections / latency (10,000 requests per second for the defaults).
# Needs: wrk and a C compiler (apt-get install wrk gcc); installs Java and WireMock when missing
# (require_wiremock in common.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/common.sh
connections=${1:-1000}
latency_ms=${2:-100}
duration=${3:-20s}
runs=${4:-3}
port=${MOCK_PORT:-18082}
reference_port=${REFERENCE_PORT:-18083}
wiremock_port=${WIREMOCK_PORT:-18088}
wiremock_warmup=${WIREMOCK_WARMUP:-5s}
path=${LATENCY_PATH:-/home}
file=${LATENCY_FILE:-screens/home.json}

require wrk curl cc
build_release
require_wiremock
work=$(mktemp -d)
reference_pid=
cleanup() {
  stop_mock
  stop_wiremock
  [ -n "$reference_pid" ] && kill "$reference_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
cc -O2 -o "$work/delay_server" Benchmarks/reference/delay_server.c

# measure NAME PORT: one wrk run; appends "NAME p50 p99 rps" (milliseconds) to $work/results.
measure() {
  wrk -t2 -c"$connections" -d"$duration" --latency --timeout 10s "http://127.0.0.1:$2$path" >"$work/wrk.txt"
  awk -v name="$1" '
    function ms(value) {
      if (value ~ /us$/) return substr(value, 1, length(value) - 2) / 1000
      if (value ~ /ms$/) return substr(value, 1, length(value) - 2) + 0
      if (value ~ /s$/) return substr(value, 1, length(value) - 1) * 1000
      return value + 0
    }
    $1 == "50%" { p50 = ms($2) }
    $1 == "99%" { p99 = ms($2) }
    /Requests\/sec/ { rps = $2 }
    /Non-2xx|Socket errors/ { print name ": " $0 > "/dev/stderr" }
    END { print name, p50, p99, rps }' "$work/wrk.txt" | tee -a "$work/results" >&2
}

echo "name p50_ms p99_ms req/s" >&2
for _ in $(seq "$runs"); do
  "$work/delay_server" "$reference_port" "$latency_ms" "$file" &
  reference_pid=$!
  wait_for "http://127.0.0.1:$reference_port$path"
  measure reference "$reference_port"
  kill "$reference_pid" && wait "$reference_pid" 2>/dev/null || true
  reference_pid=

  start_mock "$port" --latency "${latency_ms}ms"
  measure beagle-mock "$port"
  stop_mock

  start_wiremock "$wiremock_port" "$latency_ms" "$path"
  wrk -t2 -c"$connections" -d"$wiremock_warmup" --timeout 10s "http://127.0.0.1:$wiremock_port$path" >/dev/null
  measure wiremock "$wiremock_port"
  stop_wiremock
done

ideal=$((connections * 1000 / latency_ms))
echo "connections $connections, latency $latency_ms ms, medians of $runs runs each"
printf '%-12s %16s %16s %22s\n' "" "p50 overshoot" "p99 overshoot" "throughput of ideal"
for name in beagle-mock reference wiremock; do
  awk -v name="$name" -v latency="$latency_ms" -v ideal="$ideal" \
    -v p50="$(column "$name" 2 | median)" -v p99="$(column "$name" 3 | median)" -v rps="$(column "$name" 4 | median)" \
    'BEGIN { printf "%-12s %13.2f ms %13.2f ms %15.0f (%.1f%%)\n", name, p50 - latency, p99 - latency, rps, 100 * rps / ideal }'
done
echo "targets: p50 within 2 ms, p99 within twice the reference's overshoot, throughput at least 95% of ideal"
