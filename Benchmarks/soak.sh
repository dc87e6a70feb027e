#!/usr/bin/env bash
# Five minutes of mixed traffic with random faults on: no crash, no error
# outside the injected ones, resident memory flat after warm-up.
#
#   Benchmarks/soak.sh [SECONDS] [CONCURRENCY]     (defaults: 300 32)
#
# The server runs with faults of every connection-ending kind at low rates, a small random
# latency and a fixed seed, and logs every request as JSON. Afterwards the script checks:
#   - the server is still running, and stops cleanly on SIGTERM;
#   - every 5xx in the log is an injected one, and no warning or error was logged;
#   - the client saw connection errors only as often as connection-ending faults were injected;
#   - resident memory after the first minute grows by less than 10%.
# Needs: python3, curl.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/common.sh
seconds=${1:-300}
concurrency=${2:-32}
port=${MOCK_PORT:-18083}
require python3 curl
build_release
work=$(mktemp -d)
trap 'stop_mock; rm -rf "$work"' EXIT

"$binary" serve screens --port "$port" --log-format json --seed 2026 --latency 0ms..20ms \
  --fault status:503@0.03 --fault status:500@0.01 --fault reset@0.01 --fault reset-mid-body@0.01 \
  --fault truncate@0.01 --fault empty-response@0.01 --fault garbage@0.01 --fault malformed-chunk@0.01 \
  --fault malformed-json@0.01 --fault corrupt@0.01 >"$work/mock.log" 2>"$work/mock.err" &
mock_pid=$!
wait_for "http://127.0.0.1:$port/__admin/health"

python3 Benchmarks/soak_client.py "$port" "$seconds" "$concurrency" >"$work/client.json" &
client_pid=$!
samples=()
elapsed=0
while kill -0 "$client_pid" 2>/dev/null; do
  sleep 10
  elapsed=$((elapsed + 10))
  kill -0 "$mock_pid" 2>/dev/null || { echo "soak: the server died after ${elapsed}s" >&2; tail -20 "$work/mock.err" >&2; exit 1; }
  rss=$(rss_kib "$mock_pid")
  samples+=("$rss")
  echo "t=${elapsed}s rss=${rss} KiB" >&2
done
wait "$client_pid"
kill -TERM "$mock_pid"
wait "$mock_pid" && stopped=clean || stopped="exit $?"
mock_pid=

python3 - "$work/mock.log" "$work/mock.err" "$work/client.json" "${samples[*]}" "$stopped" <<'PY'
import json, sys
log, err, client, samples, stopped = sys.argv[1:6]
requests = [json.loads(line) for line in open(log) if line.startswith("{") and '"method"' in line]
problems = [line for line in open(log) if line.startswith("{") and ('"level":"warning"' in line or '"level":"error"' in line)]
ending = {"reset", "reset-mid-body", "truncate", "empty-response", "garbage", "malformed-chunk"}
injected_ending = sum(1 for r in requests if r.get("fault") in ending)
unexplained_5xx = [r for r in requests if str(r.get("status", "")).startswith("5") and r.get("fault") == "-"]
result = json.load(open(client))
client_errors = sum(count for key, count in result["outcomes"].items() if not key.startswith("status:"))
rss = [int(value) for value in samples.split()]
warm = rss[6:] if len(rss) > 8 else rss[len(rss) // 2:]
growth = (max(warm) - min(warm)) / min(warm) if warm else 0.0
print(f"requests: client {result['requests']}, server log {len(requests)}")
print(f"client outcomes: {result['outcomes']}")
print(f"connection-ending faults injected: {injected_ending}; client connection errors: {client_errors}")
print(f"5xx without an injected fault: {len(unexplained_5xx)}; warnings/errors logged: {len(problems)}")
print(f"rss KiB: first {rss[0] if rss else '-'}, after warm-up min {min(warm) if warm else '-'} max {max(warm) if warm else '-'} ({growth:.1%})")
print(f"stop on SIGTERM: {stopped}")
ok = (not unexplained_5xx and not problems and client_errors <= injected_ending and growth < 0.10 and stopped == "clean")
print("SOAK PASSED" if ok else "SOAK FAILED")
sys.exit(0 if ok else 1)
PY
