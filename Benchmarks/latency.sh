#!/usr/bin/env bash
# How precisely beagle-mock holds a fixed latency under load: 1,000 concurrent connections, each
# request delayed 100 ms, for 10 s (wrk -t2 -c1000 -d10s --latency).
#
#   Benchmarks/latency.sh [CONNECTIONS] [LATENCY_MS] [DURATION]     (defaults: 1000 100 10s)
#
# Targets (issue 8): p50 within 2 ms of the latency, p99 within 10 ms, and throughput at least
# 90% of the ideal, connections / latency (10,000 requests per second for the defaults).
# Needs: wrk (apt-get install wrk).
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/common.sh
connections=${1:-1000}
latency_ms=${2:-100}
duration=${3:-10s}
port=${MOCK_PORT:-18082}
path=${LATENCY_PATH:-/home}

require wrk curl
build_release
work=$(mktemp -d)
trap 'stop_mock; rm -rf "$work"' EXIT
start_mock "$port" --latency "${latency_ms}ms"

wrk -t2 -c"$connections" -d"$duration" --latency --timeout 10s "http://127.0.0.1:$port$path" >"$work/wrk.txt"
cat "$work/wrk.txt" >&2
awk -v latency="$latency_ms" -v connections="$connections" '
  function ms(value) {
    if (value ~ /us$/) return substr(value, 1, length(value) - 2) / 1000
    if (value ~ /ms$/) return substr(value, 1, length(value) - 2) + 0
    if (value ~ /s$/) return substr(value, 1, length(value) - 1) * 1000
    return value + 0
  }
  $1 == "50%" { p50 = ms($2) }
  $1 == "99%" { p99 = ms($2) }
  /Requests\/sec/ { rps = $2 }
  /Socket errors/ { errors = $0 }
  END {
    ideal = connections / (latency / 1000)
    printf "connections %d, latency %d ms\n", connections, latency
    printf "p50 %.2f ms (%+.2f ms, target ±2)   p99 %.2f ms (%+.2f ms, target +10)\n", p50, p50 - latency, p99, p99 - latency
    printf "throughput %.0f req/s of ideal %.0f: %.1f%% (target 90%%)\n", rps, ideal, 100 * rps / ideal
    if (errors != "") print errors
  }' "$work/wrk.txt"
