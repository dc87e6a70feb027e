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
# Every dump (NAME.PID.N, one a server and path) stays in $CALLGRIND_OUT (default
# /tmp/beagle-mock-callgrind) for callgrind_annotate; the script never empties that folder.
# callgrind_control reaches the servers through ptrace: where Yama restricts it
# (kernel.yama.ptrace_scope 1, Ubuntu's default), run as root or set it to 0.
# Needs: valgrind, wrk, nginx, curl, strip (apt-get install valgrind wrk nginx-light curl binutils).
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10s}
connections=${2:-8}
mock_port=${MOCK_PORT:-18088}
nginx_port=${NGINX_PORT:-18089}
out=${CALLGRIND_OUT:-/tmp/beagle-mock-callgrind}

source Benchmarks/common.sh
require valgrind wrk nginx curl strip
build_release
work=$(mktemp -d)
mkdir -p "$out"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  # callgrind writes its last dump on the way out; the ports are free once it has.
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
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
# Dumps are numbered from 1 for each process: those of an earlier process with the same pid go.
rm -f "$out/beagle-mock.${pids[0]}".* "$out/nginx.${pids[1]}".*
# Under valgrind a start takes seconds.
wait_for "http://127.0.0.1:$mock_port/__admin/health"
wait_for "http://127.0.0.1:$nginx_port/home"

# dumps NAME PID: how many dumps callgrind has written for the server PID.
dumps() { find "$out" -maxdepth 1 -name "$1.$2.*" | wc -l; }

# count NAME PID URL: instructions per request of the server PID for URL.
count() {
  local name=$1 pid=$2 url=$3 said before dump
  wrk -t1 -c"$connections" -d3s "$url" >/dev/null
  # callgrind_control exits 0 whatever happens: what it says, and the dump it writes, tell.
  said=$(callgrind_control -z "$pid" 2>&1)
  grep -q 'sending command zero' <<<"$said" ||
    { echo "benchmark: callgrind_control cannot reach $name (pid $pid; is ptrace allowed?): $said" >&2; exit 1; }
  before=$(dumps "$name" "$pid")
  wrk -t1 -c"$connections" -d"$duration" "$url" >"$work/wrk.txt"
  callgrind_control -d "$pid" >/dev/null
  dump="$out/$name.$pid.$((before + 1))"
  [ -s "$dump" ] || { echo "benchmark: callgrind wrote no dump $dump for $name" >&2; exit 1; }
  awk -v name="$name" -v url="$url" '
    FNR == NR { if (/^summary:/) instructions = $2; next }
    / requests in / { requests = $1 }
    /Non-2xx|Socket errors/ { print name ": " $0 > "/dev/stderr" }
    END {
      if (requests == 0) { print "benchmark: wrk got no answer from " name > "/dev/stderr"; exit 1 }
      printf "%-12s %-40s %7d requests %8.0f instructions/request\n", name, url, requests, instructions / requests
    }' "$dump" "$work/wrk.txt"
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
