#!/usr/bin/env bash
# The admin API against its own OpenAPI document (GET /__admin/openapi.json), with schemathesis
# from PyPI, on a live server: once bound to loopback (open), once bound to 0.0.0.0 with a token
# (reached through 127.0.0.1, with the token), so both security modes are fuzzed. Every check
# schemathesis has runs (its default), with the two exceptions explained in schemathesis.toml.
# Fails when schemathesis finds any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.build/ci-venv
if [ ! -x "$venv/bin/schemathesis" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check 'schemathesis>=4.0,<5'
fi
"$venv/bin/schemathesis" --version

# .ci/run gives the binary its tests ran; alone, this script builds one.
if [ -n "${BEAGLE_MOCK_BINARY:-}" ]; then
    binary=$BEAGLE_MOCK_BINARY
else
    swift build --product beagle-mock
    binary="$(swift build --show-bin-path)/beagle-mock"
fi
work="$(mktemp -d)"
server_pid=""
url=""
stop_server() {
    if [ -n "$server_pid" ]; then
        kill -TERM "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
        server_pid=""
    fi
}
trap 'stop_server; rm -rf "$work"' EXIT

# Starts the sample app's server with extra flags, waits until its health answers, and sets
# `server_pid` and `url`. It runs in this shell, not in a `$(…)` subshell, so that stop_server
# (and the EXIT trap) know the pid. Port 0 and the banner's address avoid racing another process
# for a "free" port.
start_server() {
    local log="$work/server.log"
    "$binary" serve screens --port 0 "$@" >"$log" 2>&1 &
    server_pid=$!
    local port=""
    for _ in $(seq 1 300); do
        port="$(sed -n 's|.*Listening http://[^:]*:\([0-9]*\).*|\1|p' "$log" | head -n 1)"
        [ -n "$port" ] && break
        if ! kill -0 "$server_pid" 2>/dev/null; then
            cat "$log" >&2
            echo "the server did not start" >&2
            return 1
        fi
        sleep 0.1
    done
    [ -n "$port" ] || { cat "$log" >&2; echo "the server printed no address" >&2; return 1; }
    url="http://127.0.0.1:$port"
    python3 - "$url" <<'PY'
import sys, time, urllib.request
base = sys.argv[1]
for _ in range(300):
    try:
        with urllib.request.urlopen(base + "/__admin/health", timeout=2) as answer:
            if answer.status == 200:
                break
    except OSError:
        time.sleep(0.1)
else:
    sys.exit("the server's health never answered")
# A few requests, so that the journal has entries for GET /__admin/requests/{id} to find.
for path in ["/home", "/catalog", "/__echo/fuzz?x=1", "/nothing"]:
    try:
        urllib.request.urlopen(base + path, timeout=5).read()
    except OSError:
        pass
PY
}

fuzz() {
    "$venv/bin/schemathesis" --config-file .ci/schemathesis.toml run "$1/__admin/openapi.json" \
        --max-examples 100 --seed 20251122 --request-timeout 10 --wait-for-schema 30 \
        --exclude-operation-id streamEvents "${@:2}"
}

status=0
echo "-- bound to 127.0.0.1: the admin API is open"
start_server
fuzz "$url" || status=1
stop_server

echo "-- bound to 0.0.0.0 with --admin-token: the token is required"
token="ci-$RANDOM$RANDOM"
start_server --host 0.0.0.0 --admin-token "$token"
fuzz "$url" -H "Authorization: Bearer $token" || status=1
stop_server

exit "$status"
