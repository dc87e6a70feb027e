#!/usr/bin/env bash
# What the proxy's HTTP client costs by itself: async-http-client (the small package in
# Benchmarks/client-cost) getting the sample's /home from beagle-mock, beside wrk getting the same,
# with the CPU time a request of each client and of the server, in alternating runs. A request
# through `--upstream` costs the proxy's own work plus this client's, on top of what wrk and the
# upstream spend on a direct one (Docs/Benchmarks.md, "What a proxied request costs").
#
#   Benchmarks/client-cost.sh [SECONDS] [CONNECTIONS] [ROUNDS]     (defaults: 5, 64, 3)
#
# Builds beagle-mock and the client in release; the client's first build compiles async-http-client
# and SwiftNIO in Benchmarks/client-cost/.build (a few minutes). Needs: wrk and curl.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-5}
connections=${2:-64}
rounds=${3:-3}
port=${PORT:-18095}

source Benchmarks/common.sh
require wrk curl
build_release
echo "building the client (release, in Benchmarks/client-cost/.build)…" >&2
swift build -c release --package-path Benchmarks/client-cost >&2
client="$(swift build -c release --package-path Benchmarks/client-cost --show-bin-path)/client-cost"

work=$(mktemp -d)
cleanup() {
  stop_mock
  rm -rf "$work"
}
trap cleanup EXIT
start_mock "$port"
url="http://127.0.0.1:$port/home"
hz=$(getconf CLK_TCK)
TIMEFORMAT='%U %S'

printf '%-20s %10s %15s %15s\n' client "req/s" "client µs/req" "server µs/req"
for _ in $(seq "$rounds"); do
  before=$(cpu_ticks "$mock_pid")
  line=$("$client" "$url" "$seconds" "$connections")
  after=$(cpu_ticks "$mock_pid")
  # "N requests in S s, R req/s, C µs of CPU a request"
  read -r requests rate client_us <<<"$(awk '{ print $1, $6, $8 }' <<<"$line")"
  awk -v r="$rate" -v c="$client_us" -v t=$((after - before)) -v n="$requests" -v hz="$hz" \
    'BEGIN { printf "%-20s %10.0f %15.1f %15.1f\n", "async-http-client", r, c, 1e6 * t / hz / n }'

  before=$(cpu_ticks "$mock_pid")
  { time wrk -t2 -c"$connections" -d"${seconds}s" "$url" >"$work/wrk.txt" 2>"$work/wrk.err"; } 2>"$work/time.txt"
  after=$(cpu_ticks "$mock_pid")
  awk -v t=$((after - before)) -v hz="$hz" -v times="$(cat "$work/time.txt")" '
    /requests in/ { n = $1 }
    /Requests\/sec/ { r = $2 }
    END { split(times, u, " "); printf "%-20s %10.0f %15.1f %15.1f\n", "wrk", r, 1e6 * (u[1] + u[2]) / n, 1e6 * t / hz / n }' \
    "$work/wrk.txt"
done
echo "(wrk -t2 and the client with $connections connections, ${seconds} s a run; CPU from /proc/PID/stat and the shell's time)"
