#!/usr/bin/env bash
# Requests per second of beagle-mock against nginx serving the same files, in one run.
#
#   Benchmarks/throughput.sh [DURATION] [CONNECTIONS] [ROUNDS]     (defaults: 10s, 64, 3)
#
# Builds beagle-mock in release, serves the sample app (screens/ and images/) with it and with
# nginx (try_files maps /home to home.json, as beagle-mock's routes do), and runs
# `wrk -t2 -c64 -d10s` against a screen and an image on each, three times in turn. Neither server
# logs requests (beagle-mock --quiet, nginx access_log off), so both do the same work.
# Needs: wrk and nginx (apt-get install wrk nginx-light).
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10s}
connections=${2:-64}
rounds=${3:-3}
screen=${SCREEN:-/home}
image=${IMAGE:-/images/logo.png}
mock_port=${MOCK_PORT:-18080}
nginx_port=${NGINX_PORT:-18081}

source Benchmarks/common.sh
require wrk nginx curl
build_release

work=$(mktemp -d)
cleanup() {
  stop_mock
  stop_nginx
  rm -rf "$work"
}
trap cleanup EXIT

start_nginx "$nginx_port"
start_mock "$mock_port"
wait_for "http://127.0.0.1:$nginx_port$screen"

rps() { wrk -t2 -c"$connections" -d"$duration" "$1" | awk '/Requests\/sec/ {print $2}'; }

# The servers take turns, $rounds times each, so that a slow spell of the machine lands on both.
printf '%-8s %-22s %12s %12s %7s   (medians of %d runs each)\n' what path beagle-mock nginx ratio "$rounds"
for path in "$screen" "$image"; do
  kind=screen; [ "$path" = "$image" ] && kind=image
  rps "http://127.0.0.1:$mock_port$path" >/dev/null   # warm-up
  : >"$work/mock" ; : >"$work/nginx"
  for _ in $(seq "$rounds"); do
    rps "http://127.0.0.1:$mock_port$path" >>"$work/mock"
    rps "http://127.0.0.1:$nginx_port$path" >>"$work/nginx"
  done
  mock=$(median <"$work/mock")
  reference=$(median <"$work/nginx")
  ratio=$(awk -v a="$mock" -v b="$reference" 'BEGIN { printf "%.2f", a / b }')
  printf '%-8s %-22s %12s %12s %7s\n' "$kind" "$path" "$mock" "$reference" "$ratio"
done
