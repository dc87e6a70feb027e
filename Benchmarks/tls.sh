#!/usr/bin/env bash
# What HTTPS costs beagle-mock against nginx serving the same files with the same certificate, in
# one run.
#
#   Benchmarks/tls.sh [DURATION] [CONNECTIONS] [ROUNDS]     (defaults: 10s, 64, 3)
#
# beagle-mock (release build, --quiet) serves the sample app over HTTP and over HTTPS
# (--tls-port, its local CA made in a scratch --tls-dir); nginx serves the same files over HTTPS
# with beagle-mock's certificate and key (server.pem, server-key.pem from that folder), TLS 1.2
# and 1.3 as beagle-mock offers. Both are first fetched with `curl --cacert ca.pem`, so both serve
# a chain the local CA signed. Then, the two taking turns ROUNDS times, medians reported:
#
#   keep-alive   wrk -t2 -cCONNECTIONS over HTTPS on /home: requests per second and the server's
#                CPU time a request (user plus system, /proc/PID/stat, as cpu.sh).
#   handshakes   the same with `Connection: close`: every request a new TCP connection and a new
#                TLS handshake. wrk offers the previous session back (SSL_clear keeps it), so each
#                server resumes when it issues session tickets, as both do by default; the script
#                says whether each one did.
#   full         `openssl s_time -new` (two at once, DURATION each): full handshakes only, no
#                session offered, each fetching /home; connections per second.
#   idle         resident memory with 1,000 idle TLS connections (each handshake completed,
#                Benchmarks/idle_connections.py), against the same server idle before them.
#
# Targets (HTTPS): keep-alive throughput at least 0.8 of nginx's and CPU a request at most 1.5
# times; new handshakes per second at least 0.5 of nginx's.
# Needs: wrk, nginx-light, curl, openssl and python3 (apt-get install wrk nginx-light curl
# openssl python3).
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10s}
connections=${2:-64}
rounds=${3:-3}
path=${SCREEN:-/home}
mock_port=${MOCK_PORT:-18090}
mock_tls_port=${MOCK_TLS_PORT:-18091}
nginx_port=${NGINX_TLS_PORT:-18092}
idle_count=${IDLE_CONNECTIONS:-1000}

source Benchmarks/common.sh
require wrk nginx curl openssl python3
build_release
work=$(mktemp -d)
holder=
cleanup() {
  [ -n "$holder" ] && kill "$holder" 2>/dev/null
  stop_mock
  stop_nginx
  rm -rf "$work"
}
trap cleanup EXIT
ticks_per_second=$(getconf CLK_TCK)
seconds=${duration%s}

start_mock "$mock_port" --tls-port "$mock_tls_port" --tls-dir "$work/tls"
ca="$work/tls/ca.pem"
nginx_tls="$work/tls/server.pem $work/tls/server-key.pem"
start_nginx "$nginx_port"
mock_url="https://127.0.0.1:$mock_tls_port"
nginx_url="https://127.0.0.1:$nginx_port"
for url in "$mock_url" "$nginx_url"; do
  curl -fsS --cacert "$ca" --resolve "localhost:${url##*:}:127.0.0.1" -o /dev/null \
    "https://localhost:${url##*:}$path" ||
    { echo "benchmark: $url does not serve a chain that $ca verifies" >&2; exit 1; }
done

# resumes HOST:PORT: "yes" when a second connection offering the first one's session resumes it.
resumes() {
  local session="$work/session-${1##*:}"
  printf 'GET %s HTTP/1.0\r\n\r\n' "$path" |
    openssl s_client -connect "$1" -CAfile "$ca" -servername localhost -sess_out "$session" -quiet \
      >/dev/null 2>&1 || true
  if printf 'GET %s HTTP/1.0\r\n\r\n' "$path" |
    openssl s_client -connect "$1" -CAfile "$ca" -servername localhost -sess_in "$session" 2>/dev/null |
    grep -q '^Reused'; then echo yes; else echo no; fi
}

# measure NAME KIND PID… -- WRK_ARGUMENT…: one wrk run; appends "NAME KIND req/s µs-a-request"
# to $work/results.
measure() {
  local name=$1 kind=$2 pids=() before after
  shift 2
  while [ "$1" != -- ]; do pids+=("$1"); shift; done
  shift
  before=$(cpu_ticks "${pids[@]}")
  wrk -t2 -c"$connections" -d"$duration" "$@" >"$work/wrk.txt"
  after=$(cpu_ticks "${pids[@]}")
  awk -v name="$name" -v kind="$kind" -v ticks=$((after - before)) -v hz="$ticks_per_second" '
    / requests in / { requests = $1 }
    /Non-2xx|Socket errors/ { print name " " kind ": " $0 > "/dev/stderr" }
    /Requests\/sec/ { rps = $2 }
    END { printf "%s %s %s %.2f\n", name, kind, rps, 1e6 * ticks / hz / requests }' \
    "$work/wrk.txt" >>"$work/results"
}

# full NAME HOST:PORT: two `openssl s_time -new` at once; appends "NAME full connections/s".
full() {
  local name=$1 address=$2 one two
  openssl s_time -connect "$address" -new -time "$seconds" -www "$path" >"$work/s_time.1" 2>&1 &
  one=$!
  openssl s_time -connect "$address" -new -time "$seconds" -www "$path" >"$work/s_time.2" 2>&1 &
  two=$!
  wait "$one" "$two"
  awk -v name="$name" -v seconds="$seconds" '
    / connections in [0-9.]+s;/ { count += $1 }
    END { printf "%s full %.1f\n", name, count / seconds }' "$work/s_time.1" "$work/s_time.2" >>"$work/results"
}

# rate NAME KIND FIELD: the median of FIELD (3: per second, 4: µs a request) of NAME's KIND runs.
rate() { awk -v name="$1" -v kind="$2" -v field="$3" '$1 == name && $2 == kind { print $field }' "$work/results" | median; }

echo "session resumption offered by wrk: beagle-mock $(resumes "127.0.0.1:$mock_tls_port"), nginx $(resumes "127.0.0.1:$nginx_port")"
: >"$work/results"
wrk -t2 -c"$connections" -d2s "$mock_url$path" >/dev/null   # warm-up
wrk -t2 -c"$connections" -d2s "$nginx_url$path" >/dev/null
# shellcheck disable=SC2046
for _ in $(seq "$rounds"); do
  measure beagle-mock keep-alive "$mock_pid" -- "$mock_url$path"
  measure nginx keep-alive $(nginx_pids) -- "$nginx_url$path"
  measure beagle-mock handshakes "$mock_pid" -- -H 'Connection: close' "$mock_url$path"
  measure nginx handshakes $(nginx_pids) -- -H 'Connection: close' "$nginx_url$path"
  full beagle-mock "127.0.0.1:$mock_tls_port"
  full nginx "127.0.0.1:$nginx_port"
done

printf '%-12s %-11s %12s %14s\n' what server "per second" "CPU µs/req"
for kind in keep-alive handshakes full; do
  for name in beagle-mock nginx; do
    cpu=$(rate "$name" "$kind" 4)
    printf '%-12s %-11s %12s %14s\n' "$kind" "$name" "$(rate "$name" "$kind" 3)" "${cpu:--}"
  done
done
awk -v rps="$(rate beagle-mock keep-alive 3)" -v rps_ref="$(rate nginx keep-alive 3)" \
  -v cpu="$(rate beagle-mock keep-alive 4)" -v cpu_ref="$(rate nginx keep-alive 4)" \
  -v hs="$(rate beagle-mock handshakes 3)" -v hs_ref="$(rate nginx handshakes 3)" \
  -v full="$(rate beagle-mock full 3)" -v full_ref="$(rate nginx full 3)" 'BEGIN {
    printf "ratios: keep-alive throughput %.2f of nginx (target ≥ 0.8), CPU a request %.2f× nginx (target ≤ 1.5)\n", rps / rps_ref, cpu / cpu_ref
    printf "        new connections a second %.2f of nginx, full handshakes %.2f (target ≥ 0.5)\n", hs / hs_ref, full / full_ref }'
echo "(medians of $rounds alternating runs: wrk -t2 -c$connections -d$duration; two openssl s_time -new -time $seconds)"

# idle_rss NAME PORT PID…: resident memory of PID… before and with $idle_count idle TLS connections.
idle_rss() {
  local name=$1 port=$2 before after pid
  shift 2
  before=0
  for pid in "$@"; do before=$((before + $(rss_kib "$pid"))); done
  rm -f "$work/hold" "$work/idle.txt"
  mkfifo "$work/hold"
  python3 Benchmarks/idle_connections.py "$port" "$idle_count" "$ca" <"$work/hold" >"$work/idle.txt" 2>&1 &
  holder=$!
  exec 3>"$work/hold"
  for _ in $(seq 600); do grep -q open "$work/idle.txt" 2>/dev/null && break; sleep 0.1; done
  grep -q open "$work/idle.txt" || { cat "$work/idle.txt" >&2; echo "benchmark: $name: idle connections failed" >&2; exit 1; }
  sleep 1
  after=0
  for pid in "$@"; do after=$((after + $(rss_kib "$pid"))); done
  exec 3>&-
  wait "$holder" 2>/dev/null || true
  holder=
  printf '%-11s %9s KiB idle %9s KiB with %s idle TLS connections (%s KiB each)\n' "$name" "$before" "$after" \
    "$idle_count" "$(awk -v a="$before" -v b="$after" -v n="$idle_count" 'BEGIN { printf "%.1f", (b - a) / n }')"
}
# A fresh server of each, so that the load above does not count.
stop_mock
stop_nginx
start_mock "$mock_port" --tls-port "$mock_tls_port" --tls-dir "$work/tls"
start_nginx "$nginx_port"
sleep 1
idle_rss beagle-mock "$mock_tls_port" "$mock_pid"
# shellcheck disable=SC2046
idle_rss nginx "$nginx_port" $(nginx_pids)
