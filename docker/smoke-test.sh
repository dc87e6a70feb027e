#!/usr/bin/env bash
# smoke-test.sh: builds the beagle-mock image and checks it the way a developer and a CI job use it.
#
#   docker/smoke-test.sh          (from anywhere in the repository)
#
# Checks, in order: the image builds; it runs as a non-root user and its binary finds every shared
# library it needs; a container on a random host port answers /__admin/health, and its HEALTHCHECK
# passes (`podman healthcheck run`, or `docker inspect` health); /home is a Beagle screen (200
# JSON); /images/logo.png is the sample's PNG byte for byte; `beagle-mock probe` crawls the sample
# from inside the container (the client library and libcurl work there); a fault injected by header
# (`X-Mock-Fault: status:503`) is a 503 whose JSON says "injected":true; `stop` ends the server
# cleanly within Docker's 10 s; a folder mounted over /app/screens is served instead of the
# sample; no private key is in the image; and the compose example (docker/compose.yml) runs its
# test-runner to exit 0 and serves HTTPS that curl trusts with the CA from /__admin/ca.pem (and not
# without it), the same CA after a restart (it is kept in a named volume).
# Everything it starts (containers, the compose project and its network, temporary folders) is
# removed on exit, whatever happens; the image stays.
#
# Environment:
#   CONTAINER_CLI          docker or podman (default: docker if its daemon answers, else podman)
#   CONTAINER_BUILD_FLAGS  extra flags for `build` (e.g. volumes for a package mirror)
#   COMPOSE                the compose command (default: `$CONTAINER_CLI compose`)
#   BEAGLE_MOCK_IMAGE      the tag to build and test (default: beagle-mock:latest)
# It needs curl on the host.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf 'smoke-test: %s\n' "$*"; }
ok() { printf 'smoke-test: ok: %s\n' "$*"; }

# fail MESSAGE [CONTAINER]: says what went wrong, with the container's last log lines.
fail() {
  printf '\nsmoke-test: FAIL: %s\n' "$1" >&2
  if [ -n "${2:-}" ]; then
    printf 'smoke-test: last log lines of %s:\n' "$2" >&2
    "$CLI" logs --tail 40 "$2" 2>&1 | sed 's/^/    /' >&2 || true
  fi
  exit 1
}

# A docker client without a reachable daemon does not count when podman is there.
CLI=${CONTAINER_CLI:-}
if [ -z "$CLI" ]; then
  if command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then CLI=docker
  elif command -v podman >/dev/null 2>&1; then CLI=podman
  elif command -v docker >/dev/null 2>&1; then CLI=docker
  else fail "neither docker nor podman is installed"
  fi
fi
command -v "$CLI" >/dev/null 2>&1 || fail "CONTAINER_CLI=$CLI is not installed"
command -v curl >/dev/null 2>&1 || fail "curl is needed on the host"
read -r -a BUILD_FLAGS <<<"${CONTAINER_BUILD_FLAGS:-}"
read -r -a COMPOSE_CMD <<<"${COMPOSE:-$CLI compose}"
IMAGE=${BEAGLE_MOCK_IMAGE:-beagle-mock:latest}
if [ "$(basename "$CLI")" = podman ]; then
  # Podman builds OCI images by default, and the OCI format has no HEALTHCHECK.
  export BUILDAH_FORMAT=${BUILDAH_FORMAT:-docker}
fi

run_id=beagle-mock-smoke-$$
work=$(mktemp -d "${TMPDIR:-/tmp}/$run_id.XXXXXX")
containers=()
project=
cleanup() {
  local status=$?
  set +e
  for container in "${containers[@]}"; do "$CLI" rm -f "$container" >/dev/null 2>&1; done
  if [ -n "$project" ]; then
    "${COMPOSE_CMD[@]}" -p "$project" -f docker/compose.yml down -v -t 5 >"$work/compose-down.log" 2>&1 \
      || { say "compose down failed:"; cat "$work/compose-down.log"; }
  fi
  rm -rf "$work"
  if [ "$status" -ne 0 ]; then say "FAILED (exit $status); everything it started is removed"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# fetch URL [curl options]: sets $status, $content_type; the body is in $work/body.
fetch() {
  local url=$1
  shift
  status=$(curl -sS --max-time 10 -o "$work/body" -D "$work/headers" -w '%{http_code}' "$@" "$url" 2>"$work/curl.err") \
    || fail "GET $url: $(cat "$work/curl.err")"
  content_type=$(tr -d '\r' <"$work/headers" | awk -F': *' 'tolower($1) == "content-type" { value = $2 } END { print value }')
}

# host_port CONTAINER: the host port published for the container's 8080.
host_port() {
  local mapping
  mapping=$("$CLI" port "$1" 8080/tcp | head -n 1) || fail "no published port for $1" "$1"
  printf '%s\n' "${mapping##*:}"
}

# wait_healthy URL CONTAINER: until /__admin/health answers 200, or 60 s.
wait_healthy() {
  local i
  for ((i = 1; i <= 60; i++)); do
    if curl -fsS --max-time 2 -o "$work/health" "$1/__admin/health" 2>/dev/null; then return 0; fi
    [ "$("$CLI" inspect --format '{{.State.Running}}' "$2" 2>/dev/null)" = true ] || fail "container $2 stopped" "$2"
    sleep 1
  done
  fail "$1/__admin/health did not answer 200 within 60 s" "$2"
}

# start NAME [run options...]: starts the image detached on a random host port.
start() {
  local name=$1
  shift
  containers+=("$name")
  # Podman without systemd complains that it cannot schedule health checks: kept out of the way.
  "$CLI" run -d --name "$name" -p 127.0.0.1::8080 "$@" "$IMAGE" >/dev/null 2>"$work/run.err" \
    || fail "cannot start $name: $(cat "$work/run.err")"
}

# free_port: a host port nothing listens on, for the compose example.
free_port() {
  local port i
  for ((i = 0; i < 100; i++)); do
    port=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      printf '%s\n' "$port"
      return 0
    fi
  done
  fail "no free host port found"
}

say "using $CLI; image $IMAGE"

# --- The image ---------------------------------------------------------------------------------
started=$SECONDS
"$CLI" build "${BUILD_FLAGS[@]}" -f docker/Dockerfile -t "$IMAGE" . >"$work/build.log" 2>&1 \
  || { tail -40 "$work/build.log" >&2; fail "the image does not build (last 40 lines above)"; }
size=$("$CLI" image inspect --format '{{.Size}}' "$IMAGE")
ok "image builds ($((SECONDS - started)) s, $((size / 1000000)) MB)"

inside=$("$CLI" run --rm --entrypoint sh "$IMAGE" -c 'id -un; id -u; ldd /usr/local/bin/beagle-mock; beagle-mock --version' \
  2>"$work/run.err") || fail "cannot run a shell in the image: $(cat "$work/run.err")"
user_name=$(sed -n 1p <<<"$inside")
uid=$(sed -n 2p <<<"$inside")
[ "$uid" != 0 ] || fail "the image runs as root"
! grep -q 'not found' <<<"$inside" || fail "the binary lacks shared libraries: $(grep 'not found' <<<"$inside")"
# libcurl is loaded by probe when it starts (CLibcurlOnDemand), not by every start of the server.
! grep -q 'libcurl' <<<"$inside" || fail "the binary loads libcurl at start: $(grep 'libcurl' <<<"$inside")"
version=$(tail -n 1 <<<"$inside")
ok "runs as $user_name (uid $uid); beagle-mock $version finds every shared library"

keys=$("$CLI" run --rm --entrypoint sh "$IMAGE" -c 'find / -xdev \( -name "*key.pem" -o -name ".beagle-mock" \) 2>/dev/null; ls -A /tls' \
  2>"$work/run.err") || fail "cannot look for keys in the image: $(cat "$work/run.err")"
[ -z "$keys" ] || fail "the image holds TLS keys or a CA folder: $keys"
ok "no private key in the image; /tls is empty"

healthcheck=$("$CLI" image inspect --format '{{json .Config.Healthcheck}}' "$IMAGE" 2>/dev/null || true)
grep -q '"health"' <<<"$healthcheck" || fail "the image declares no HEALTHCHECK with beagle-mock health: $healthcheck"

# --- The sample app on a random port -----------------------------------------------------------
sample=$run_id-sample
start "$sample"
base=http://127.0.0.1:$(host_port "$sample")
wait_healthy "$base" "$sample"
grep -q '"status":"ok"' "$work/health" || fail "health is not ok: $(cat "$work/health")" "$sample"
routes=$(sed -n 's/.*"routes":\([0-9]*\).*/\1/p' "$work/health")
[ "${routes:-0}" -gt 1 ] || fail "the sample app has ${routes:-no} routes: $(cat "$work/health")" "$sample"
ok "$base/__admin/health: $(cat "$work/health")"

case $(basename "$CLI") in
  podman)
    # Podman 4.3 schedules health checks through systemd timers, absent here; run one by hand.
    "$CLI" healthcheck run "$sample" >"$work/hc" 2>&1 || fail "podman healthcheck run: $(cat "$work/hc")" "$sample"
    state=$("$CLI" inspect --format '{{.State.Health.Status}}' "$sample" 2>/dev/null \
      || "$CLI" inspect --format '{{.State.Healthcheck.Status}}' "$sample")
    [ "$state" = healthy ] || fail "podman says the container is '$state' after a passing check" "$sample"
    ok "HEALTHCHECK (podman healthcheck run): $state"
    ;;
  *)
    for ((i = 1; ; i++)); do
      state=$("$CLI" inspect --format '{{if .State.Health}}{{.State.Health.Status}}{{end}}' "$sample")
      [ "$state" != healthy ] || break
      [ "$state" != unhealthy ] || fail "docker says the container is unhealthy" "$sample"
      [ "$i" -lt 60 ] || fail "not healthy after 60 s (state '$state')" "$sample"
      sleep 1
    done
    ok "HEALTHCHECK (docker inspect): $state"
    ;;
esac

fetch "$base/home"
[ "$status" = 200 ] || fail "GET /home answered $status: $(head -c 300 "$work/body")" "$sample"
[[ $content_type == application/json* ]] || fail "GET /home is '$content_type', not JSON" "$sample"
grep -q '"_beagleComponent_"' "$work/body" || fail "GET /home is not a Beagle screen: $(head -c 300 "$work/body")" "$sample"
ok "GET /home: 200 $content_type, $(wc -c <"$work/body") bytes, a Beagle screen"

fetch "$base/images/logo.png"
[ "$status" = 200 ] || fail "GET /images/logo.png answered $status" "$sample"
[ "$content_type" = image/png ] || fail "GET /images/logo.png is '$content_type', not image/png" "$sample"
cmp -s "$work/body" images/logo.png || fail "GET /images/logo.png differs from images/logo.png" "$sample"
ok "GET /images/logo.png: 200 image/png, $(wc -c <"$work/body") bytes, identical to images/logo.png"

# probe crawls the sample app through the client library (URLSession, hence libcurl, loaded then)
# in the image.
"$CLI" exec "$sample" beagle-mock probe http://127.0.0.1:8080/home >"$work/probe" 2>"$work/probe.err" \
  || { cat "$work/probe.err" "$work/probe" | sed 's/^/    /' >&2; fail "beagle-mock probe inside the container failed (output above)" "$sample"; }
ok "beagle-mock probe inside the container: $(grep -v '^$' "$work/probe" | tail -n 1)"

fetch "$base/home" -H 'X-Mock-Fault: status:503'
[ "$status" = 503 ] || fail "GET /home with X-Mock-Fault: status:503 answered $status, expected 503: $(head -c 300 "$work/body")" "$sample"
grep -Eq '"injected": *true' "$work/body" || fail "the injected 503 lacks \"injected\":true: $(head -c 300 "$work/body")" "$sample"
ok "GET /home with X-Mock-Fault: status:503: 503 $(head -c 200 "$work/body")"

started=$SECONDS
"$CLI" stop -t 10 "$sample" >/dev/null 2>"$work/stop.err" || fail "cannot stop $sample: $(cat "$work/stop.err")" "$sample"
stopped_in=$((SECONDS - started))
exit_code=$("$CLI" inspect --format '{{.State.ExitCode}}' "$sample")
[ "$exit_code" = 0 ] || fail "the server exited with $exit_code on SIGTERM" "$sample"
[ "$stopped_in" -lt 10 ] || fail "stop took ${stopped_in} s: the server ignored SIGTERM until the kill" "$sample"
ok "stop: exit 0 in ${stopped_in} s"

# --- A folder of your own over /app/screens ----------------------------------------------------
custom=$work/screens
mkdir -p "$custom"
marker="smoke test $run_id"
printf '{"_beagleComponent_": "beagle:text", "text": "%s"}\n' "$marker" >"$custom/home.json"
# The server runs as a non-root user: the mounted folder must be readable by others.
chmod 755 "$work" "$custom"
chmod 644 "$custom/home.json"
mounted=$run_id-mounted
start "$mounted" -v "$custom:/app/screens:ro"
base=http://127.0.0.1:$(host_port "$mounted")
wait_healthy "$base" "$mounted"
grep -q '"routes":1[,}]' "$work/health" || fail "the mounted folder should give 1 route: $(cat "$work/health")" "$mounted"
fetch "$base/home"
[ "$status" = 200 ] || fail "GET /home from the mounted folder answered $status" "$mounted"
grep -q "$marker" "$work/body" || fail "GET /home is not the mounted home.json: $(head -c 300 "$work/body")" "$mounted"
fetch "$base/catalog"
[ "$status" = 404 ] || fail "GET /catalog (a sample route) answered $status from the mounted folder, expected 404" "$mounted"
ok "a folder mounted over /app/screens replaces the sample: /home is its home.json, /catalog is 404"

# --- The compose example -----------------------------------------------------------------------
project=$run_id
port=$(free_port)
tls_port=$(free_port)
compose_flags=()
if [[ $(basename "${COMPOSE_CMD[0]}") == podman-compose* ]] && [ -n "${CONTAINER_BUILD_FLAGS:-}" ]; then
  compose_flags+=("--podman-build-args=$CONTAINER_BUILD_FLAGS")
fi
BEAGLE_MOCK_HOST_PORT=$port BEAGLE_MOCK_HOST_TLS_PORT=$tls_port \
  "${COMPOSE_CMD[@]}" "${compose_flags[@]}" -p "$project" -f docker/compose.yml up -d --build \
  >"$work/compose-up.log" 2>&1 || { tail -40 "$work/compose-up.log" >&2; fail "compose up failed (last 40 lines above)"; }
runner=$("$CLI" ps -a -q --filter "label=com.docker.compose.project=$project" \
  --filter "label=com.docker.compose.service=test-runner")
mock=$("$CLI" ps -a -q --filter "label=com.docker.compose.project=$project" --filter "label=com.docker.compose.service=mock")
{ [ -n "$runner" ] && [ -n "$mock" ]; } || fail "compose started no mock or no test-runner: $("$CLI" ps -a --filter "label=com.docker.compose.project=$project")"
runner_exit=$(timeout 180 "$CLI" wait "$runner" | tail -n 1) || fail "the test-runner did not finish within 180 s" "$runner"
say "test-runner output:"
"$CLI" logs "$runner" 2>&1 | sed 's/^/    /'
[ "$runner_exit" = 0 ] || fail "the compose test-runner exited $runner_exit" "$mock"
curl -fsS --max-time 5 -o "$work/health" "http://127.0.0.1:$port/__admin/health" \
  || fail "the compose mock is not published on 127.0.0.1:$port" "$mock"
ok "compose: test-runner exited 0; the mock is published on 127.0.0.1:$port"

fetch "http://127.0.0.1:$port/__admin/ca.pem"
[ "$status" = 200 ] && grep -q 'BEGIN CERTIFICATE' "$work/body" || fail "GET /__admin/ca.pem answered $status" "$mock"
grep -q 'PRIVATE KEY' "$work/body" && fail "/__admin/ca.pem holds a private key" "$mock"
cp "$work/body" "$work/ca.pem"
fetch "https://localhost:$tls_port/home" --cacert "$work/ca.pem"
[ "$status" = 200 ] || fail "GET https://localhost:$tls_port/home with --cacert answered $status" "$mock"
untrusted=0
curl -sS --max-time 10 -o /dev/null "https://localhost:$tls_port/home" 2>/dev/null || untrusted=$?
[ "$untrusted" = 60 ] || fail "curl without the CA should fail to verify the certificate (exit 60), not exit $untrusted" "$mock"
ok "compose: HTTPS on 127.0.0.1:$tls_port, trusted with --cacert and the CA from /__admin/ca.pem, refused without it"

"${COMPOSE_CMD[@]}" -p "$project" -f docker/compose.yml restart mock >"$work/compose-restart.log" 2>&1 \
  || { tail -20 "$work/compose-restart.log" >&2; fail "compose restart mock failed"; }
wait_healthy "http://127.0.0.1:$port" "$mock"
fetch "http://127.0.0.1:$port/__admin/ca.pem"
cmp -s "$work/body" "$work/ca.pem" || fail "the CA changed across a restart: the named volume did not keep it" "$mock"
ok "compose: the CA is the same after a restart (kept in the named volume)"

say "all checks passed"
