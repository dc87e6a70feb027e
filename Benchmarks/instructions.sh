#!/usr/bin/env bash
# Instructions per request of beagle-mock and nginx, counted by valgrind's callgrind in one run.
#
#   Benchmarks/instructions.sh [DURATION] [CONNECTIONS]      (defaults: 10s, 8)
#
# Unlike CPU time, the count does not move with the machine's hour: it is the figure to compare
# before and after a change. Each server runs under callgrind (beagle-mock the release build with
# its debug information stripped, as valgrind 3.19 cannot read the DWARF 5 Swift emits; nginx as
# one process in the foreground, with start_nginx's configuration). After a warm-up, the counters
# are zeroed, `wrk -t1` runs for DURATION against the sample's /home and then its logo, and the
# instructions counted (user space only: the kernel's share, the system calls, is not in them) are
# divided by the requests wrk counted. Under valgrind the kernel's openat2 is unknown, so
# beagle-mock opens files the fallback way (open, then readlink of /proc/self/fd/N), a few hundred
# instructions more than outside it.
#
# The per-function profile of the last dump stays in $CALLGRIND_OUT (default /tmp/beagle-mock
# callgrind files), for callgrind_annotate.
# Needs: valgrind, wrk, nginx, curl (apt-get install valgrind wrk nginx-light curl).
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10s}
connections=${2:-8}
mock_port=${MOCK_PORT:-18088}
nginx_port=${NGINX_PORT:-18089}
out=${CALLGRIND_OUT:-/tmp/beagle-mock-callgrind}

source Benchmarks/common.sh
require valgrind callgrind_control wrk nginx curl
build_release
work=$(mktemp -d)
mkdir -p "$out"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

strip --strip-debug -o "$work/beagle-mock" "$binary"
valgrind --tool=callgrind --callgrind-out-file="$out/beagle-mock.%p" \
  "$work/beagle-mock" serve screens --port "$mock_port" --quiet >"$work/mock.log" 2>&1 &
pids+=($!)
nginx_single=1 write_nginx_conf "$nginx_port" "$(sample_locations)"
valgrind --tool=callgrind --callgrind-out-file="$out/nginx.%p" \
  nginx -c "$work/nginx.conf" >"$work/nginx.log" 2>&1 &
pids+=($!)
# Under valgrind a start takes seconds.
wait_for "http://127.0.0.1:$mock_port/__admin/health"
wait_for "http://127.0.0.1:$nginx_port/home"

# count NAME PID URL: instructions per request of the server PID for URL.
count() {
  local name=$1 pid=$2 url=$3 dump
  wrk -t1 -c"$connections" -d3s "$url" >/dev/null
  callgrind_control -z "$pid" >/dev/null
  wrk -t1 -c"$connections" -d"$duration" "$url" >"$work/wrk.txt"
  callgrind_control -d "$pid" >/dev/null
  # shellcheck disable=SC2012 # the dumps are named by this script: NAME.PID.N
  dump=$(ls -t "$out/$name.$pid".* | head -n 1)
  awk -v name="$name" -v url="$url" -v dump="$dump" '
    FNR == NR { if (/^summary:/) instructions = $2; next }
    / requests in / { requests = $1 }
    /Non-2xx|Socket errors/ { print name ": " $0 > "/dev/stderr" }
    END { printf "%-12s %-18s %10d requests %12.0f instructions/request\n", name, url, requests, instructions / requests }
  ' "$dump" "$work/wrk.txt"
}

for path in /home /images/logo.png; do
  count beagle-mock "${pids[0]}" "http://127.0.0.1:$mock_port$path" | tee -a "$work/results"
  count nginx "${pids[1]}" "http://127.0.0.1:$nginx_port$path" | tee -a "$work/results"
done
awk '{ per[$1 " " $2] = $5 } END {
  printf "ratios beagle-mock / nginx: /home %.1f, logo %.1f\n",
    per["beagle-mock http://127.0.0.1:'"$mock_port"'/home"] / per["nginx http://127.0.0.1:'"$nginx_port"'/home"],
    per["beagle-mock http://127.0.0.1:'"$mock_port"'/images/logo.png"] / per["nginx http://127.0.0.1:'"$nginx_port"'/images/logo.png"] }' "$work/results"
echo "(callgrind, wrk -t1 -c$connections -d$duration; profiles in $out)"
