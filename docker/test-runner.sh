#!/usr/bin/env bash
# test-runner.sh: what a CI job does against the mock, as compose.yml's example test-runner service.
#
# It waits until the mock is healthy (compose's `condition: service_healthy` is not honoured
# everywhere: podman-compose ignores it), fetches a screen by the mock's service name, and checks
# that a fault injected by header arrives as the app would see it. Exit 0 when everything holds.
# Replace the checks with your UI or integration tests.
#
# It runs in the beagle-mock image itself, which has no curl: HTTP goes through bash's /dev/tcp,
# and the health wait through `beagle-mock health`.
set -euo pipefail

MOCK_URL=${MOCK_URL:-http://mock:8080}
WAIT_SECONDS=${WAIT_SECONDS:-60}

authority=${MOCK_URL#http://}
authority=${authority%%/*}
host=${authority%:*}
port=${authority##*:}
[ "$host" != "$authority" ] || port=80

say() { printf 'test-runner: %s\n' "$*"; }
fail() {
  printf 'test-runner: FAIL: %s\n' "$*" >&2
  exit 1
}

# get PATH [HEADER]...: one HTTP/1.1 GET; sets $status, $headers and $body.
get() {
  local path=$1 response
  shift
  exec 3<>"/dev/tcp/$host/$port" || fail "cannot connect to $host:$port"
  {
    printf 'GET %s HTTP/1.1\r\nHost: %s\r\nbeagle-platform: ANDROID\r\nConnection: close\r\n' "$path" "$authority"
    for header in "$@"; do printf '%s\r\n' "$header"; done
    printf '\r\n'
  } >&3
  response=$(timeout 10 cat <&3 | tr -d '\r') || fail "no complete answer to GET $path within 10 s"
  exec 3<&-
  # Split in the shell, not through pipes: `printf … | head -n 1` may end printf with SIGPIPE
  # (exit 141) once head has its line, which pipefail turns into a failure.
  read -r _ status _ <<<"${response%%$'\n'*}"
  headers=${response%%$'\n\n'*}
  body=${response#*$'\n\n'}
}

say "waiting for $MOCK_URL (up to $WAIT_SECONDS s)"
for ((i = 1; ; i++)); do
  if reason=$(beagle-mock health --url "$MOCK_URL" --timeout 2s 2>&1); then
    say "$reason"
    break
  fi
  [ "$i" -lt "$WAIT_SECONDS" ] || fail "mock not healthy after $WAIT_SECONDS s: $reason"
  sleep 1
done

get /home
[ "$status" = 200 ] || fail "GET /home answered $status, expected 200"
grep -qi '^content-type: application/json' <<<"$headers" || fail "GET /home is not application/json: $headers"
grep -q '"_beagleComponent_"' <<<"$body" || fail "GET /home is not a Beagle screen: ${body:0:200}"
say "GET /home: 200, a Beagle screen of ${#body} characters"

get /home 'X-Mock-Fault: status:503'
[ "$status" = 503 ] || fail "GET /home with X-Mock-Fault: status:503 answered $status, expected 503"
grep -q '"injected": *true' <<<"$body" || fail "the injected 503 does not say \"injected\":true: ${body:0:200}"
say "GET /home with X-Mock-Fault: status:503: 503, $body"

say "all checks passed"
