#!/usr/bin/env bash
# Resident memory of beagle-mock idle, under load and with 10,000 idle connections, and the
# start-up time over a folder of 10,000 screens.
#
#   Benchmarks/memory.sh
#
# Needs: wrk, python3, curl.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/common.sh
port=${MOCK_PORT:-18084}
require wrk python3 curl
build_release
work=$(mktemp -d)
trap 'stop_mock; [ -n "${holder:-}" ] && kill "$holder" 2>/dev/null; rm -rf "$work"' EXIT

start_mock "$port"
sleep 1
echo "idle:                        $(rss_kib "$mock_pid") KiB"

peak=0
wrk -t2 -c64 -d10s "http://127.0.0.1:$port/home" >"$work/wrk.txt" &
load=$!
while kill -0 "$load" 2>/dev/null; do
  rss=$(rss_kib "$mock_pid"); [ "$rss" -gt "$peak" ] && peak=$rss
  sleep 0.5
done
echo "under wrk -t2 -c64 (peak):   $peak KiB   ($(awk '/Requests\/sec/ {print $2}' "$work/wrk.txt") req/s)"

mkfifo "$work/hold"
python3 Benchmarks/idle_connections.py "$port" 10000 <"$work/hold" >"$work/idle.txt" &
holder=$!
exec 3>"$work/hold"
for _ in $(seq 600); do grep -q open "$work/idle.txt" 2>/dev/null && break; sleep 0.1; done
sleep 1
echo "10,000 idle connections:     $(rss_kib "$mock_pid") KiB   ($(cat "$work/idle.txt"))"
curl -fs -o /dev/null -w "  a request beside them: %{http_code} in %{time_total}s\n" "http://127.0.0.1:$port/home"
exec 3>&-
wait "$holder" 2>/dev/null || true
holder=
stop_mock

mkdir -p "$work/big/screens"
python3 - "$work/big/screens" <<'PY'
import json, os, sys
root = sys.argv[1]
for index in range(10000):
    folder = os.path.join(root, f"section-{index // 100}")
    os.makedirs(folder, exist_ok=True)
    screen = {"_beagleComponent_": "beagle:screenComponent", "child": {"_beagleComponent_": "beagle:text", "text": f"screen {index}"}}
    with open(os.path.join(folder, f"screen-{index}.json"), "w") as file:
        json.dump(screen, file)
PY
sync
start=$(date +%s.%N)
"$binary" serve "$work/big/screens" --port "$port" --quiet >"$work/big.log" 2>&1 &
mock_pid=$!
until curl -fs -o /dev/null "http://127.0.0.1:$port/section-99/screen-9999"; do sleep 0.01; done
ready=$(date +%s.%N)
echo "10,000 screens, start to first answer: $(awk -v a="$start" -v b="$ready" 'BEGIN { printf "%.3f s", b - a }')"
echo "  resident memory then: $(rss_kib "$mock_pid") KiB"
