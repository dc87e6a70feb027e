# Shared by the benchmark scripts: build beagle-mock in release, start and stop it.
# Sourced, not run. Expects to be in the repository root.

ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

require() {
  for tool in "$@"; do
    command -v "$tool" >/dev/null || { echo "benchmark: $tool is missing (apt-get install $tool)" >&2; exit 1; }
  done
}

# Builds the release binary as the image does (docker/Dockerfile: the Swift runtime linked in with
# --static-swift-stdlib, which needs libcurl's development files for FoundationNetworking, installed
# from Debian when missing) into .build-static, and sets $binary. With BEAGLE_MOCK_BINARY set to an
# executable, uses that one instead and builds nothing.
build_release() {
  if [ -n "${BEAGLE_MOCK_BINARY:-}" ]; then
    [ -x "$BEAGLE_MOCK_BINARY" ] || { echo "benchmark: BEAGLE_MOCK_BINARY=$BEAGLE_MOCK_BINARY is not an executable" >&2; exit 1; }
    echo "using $BEAGLE_MOCK_BINARY (BEAGLE_MOCK_BINARY), not building" >&2
    binary=$BEAGLE_MOCK_BINARY
    return
  fi
  # The image's build (docker/Dockerfile): lld, packed relocations, no exported symbols.
  local build=(swift build -c release --product beagle-mock --static-swift-stdlib --scratch-path .build-static
    --toolset docker/release-toolset.json -debug-info-format none)
  [ -e /usr/include/x86_64-linux-gnu/curl/curl.h ] || [ -e /usr/include/curl/curl.h ] ||
    apt_install libcurl4-openssl-dev ||
    { echo "benchmark: libcurl's development files are missing (apt-get install libcurl4-openssl-dev)" >&2; exit 1; }
  echo "building beagle-mock (release, static Swift runtime, in .build-static)…" >&2
  "${build[@]}" >&2
  binary="$("${build[@]}" --show-bin-path)/beagle-mock"
}

# start_mock PORT ARGS…: serves the sample app in the background and sets $mock_pid.
start_mock() {
  local port=$1
  shift
  "$binary" serve screens --port "$port" --quiet "$@" >"${work:-/tmp}/mock.log" 2>&1 &
  mock_pid=$!
  wait_for "http://127.0.0.1:$port/__admin/health"
}

stop_mock() {
  [ -n "${mock_pid:-}" ] && kill "$mock_pid" 2>/dev/null && wait "$mock_pid" 2>/dev/null || true
  mock_pid=
}

# wait_for URL [CURL_OPTION…]: waits up to 20 s for URL to answer 2xx.
wait_for() {
  for _ in $(seq 200); do curl -fs -o /dev/null "$@" && return 0; sleep 0.1; done
  echo "benchmark: $1 never answered" >&2
  exit 1
}

# The resident memory of a process in KiB.
rss_kib() { awk '/VmRSS/ {print $2}' "/proc/$1/status"; }

# column NAME N: field N of NAME's lines in $work/results (one line a run), one a line.
column() { awk -v name="$1" -v field="$2" '$1 == name { print $field }' "$work/results"; }

# The median of the numbers on standard input, one a line.
median() { sort -n | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# start_nginx PORT: nginx serving the sample app as beagle-mock does (try_files maps /home to
# home.json), without an access log, its files in $work. `stop_nginx` stops it.
start_nginx() {
  run_nginx "$1" "$(sample_locations)"
}

# sample_locations: nginx's locations for the sample app, served as beagle-mock serves it.
sample_locations() {
  local root
  root=$(pwd)
  echo "location /images/ { root $root; }
    location / { root $root/screens; try_files \$uri \$uri.json \$uri/index.json =404; }"
}

# start_nginx_proxy PORT UPSTREAM_PORT: nginx as a reverse proxy in front of 127.0.0.1:UPSTREAM_PORT,
# keeping upstream connections open (HTTP/1.1, keepalive), as beagle-mock --upstream does.
start_nginx_proxy() {
  run_nginx "$1" "location / { proxy_pass http://bff; proxy_http_version 1.1; proxy_set_header Connection \"\"; }" \
    "upstream bff { server 127.0.0.1:$2; keepalive 512; }"
}

# run_nginx PORT LOCATIONS [HTTP_BLOCKS]: nginx on PORT with the server's LOCATIONS.
run_nginx() {
  write_nginx_conf "$@"
  nginx -c "$work/nginx.conf"
  if [ -n "${nginx_tls:-}" ]; then
    wait_for "https://127.0.0.1:$1/home" --insecure   # tls.sh checks the chain itself
  else
    wait_for "http://127.0.0.1:$1/home"
  fi
}

# write_nginx_conf PORT LOCATIONS [HTTP_BLOCKS]: $work/nginx.conf for run_nginx; with
# $nginx_single set, one process in the foreground (for running it under a tool); with
# $nginx_tls set to "CERTIFICATE KEY" (PEM files), HTTPS on PORT instead of HTTP.
write_nginx_conf() {
  local port=$1 locations=$2 blocks=${3:-}
  local processes="worker_processes auto;" listen="listen 127.0.0.1:$port;"
  [ -n "${nginx_single:-}" ] && processes="daemon off; master_process off; worker_processes 1;"
  if [ -n "${nginx_tls:-}" ]; then
    read -r certificate key <<<"$nginx_tls"
    listen="listen 127.0.0.1:$port ssl;
    ssl_certificate $certificate;
    ssl_certificate_key $key;
    ssl_protocols TLSv1.2 TLSv1.3;"
  fi
  cat >"$work/nginx.conf" <<CONF
$processes
pid $work/nginx.pid;
error_log $work/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  types { application/json json; image/png png; image/jpeg jpg jpeg; }
  default_type application/octet-stream;
  client_body_temp_path $work/body;
  proxy_temp_path $work/proxy;
  fastcgi_temp_path $work/fastcgi;
  uwsgi_temp_path $work/uwsgi;
  scgi_temp_path $work/scgi;
  $blocks
  server {
    $listen
    etag on;
    $locations
  }
}
CONF
}

# nginx_pids: the running nginx's master and workers.
nginx_pids() { echo "$(cat "$work/nginx.pid") $(pgrep -P "$(cat "$work/nginx.pid")" | tr '\n' ' ')"; }

stop_nginx() {
  [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
  rm -f "$work/nginx.pid"
}

# stat_ticks EXPRESSION PID…: the sum over processes of an awk EXPRESSION of /proc/PID/stat's
# fields, in clock ticks ($14 user time, $15 system time).
stat_ticks() {
  local expression=$1 total=0 pid
  shift
  for pid in "$@"; do
    total=$((total + $(awk "{ print $expression }" "/proc/$pid/stat")))
  done
  echo "$total"
}

# cpu_ticks PID…: the user plus system time of processes so far, in clock ticks.
cpu_ticks() { stat_ticks '$14 + $15' "$@"; }

# system_ticks PID…: the system (kernel) part of cpu_ticks.
system_ticks() { stat_ticks '$15' "$@"; }

# apt_install PACKAGE…: installs Debian packages (as root, or with sudo that asks no password).
apt_install() {
  local sudo=
  [ "$(id -u)" = 0 ] || sudo="sudo -n"
  command -v apt-get >/dev/null || return 1
  echo "benchmark: apt-get install -y $*" >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "$@" >&2 ||
    { DEBIAN_FRONTEND=noninteractive $sudo apt-get update -q >&2 &&
      DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "$@" >&2; }
}

# require_wiremock: sets $wiremock_jar to the WireMock standalone jar that PyPI's `wiremock`
# package ships, installing what is missing: Java from Debian (default-jre-headless) and the
# package into the virtual environment .build/bench-venv (git-ignored) from PyPI.
wiremock_venv=${WIREMOCK_VENV:-.build/bench-venv}
wiremock_package=${WIREMOCK_PACKAGE:-wiremock==2.7.0}   # ships wiremock-standalone-2.35.1.jar
require_wiremock() {
  command -v java >/dev/null || apt_install default-jre-headless || true
  command -v java >/dev/null || { echo "benchmark: java is missing and could not be installed (apt-get install default-jre-headless)" >&2; exit 1; }
  wiremock_jar=$(venv_jar)
  [ -n "$wiremock_jar" ] && return
  require python3
  [ -x "$wiremock_venv/bin/pip" ] || python3 -m venv "$wiremock_venv" >&2 ||
    { rm -rf "$wiremock_venv"; apt_install python3-venv && python3 -m venv "$wiremock_venv" >&2; } || true
  echo "benchmark: pip install $wiremock_package (into $wiremock_venv)" >&2
  [ -x "$wiremock_venv/bin/pip" ] && "$wiremock_venv/bin/pip" install -q "$wiremock_package" >&2 || true
  wiremock_jar=$(venv_jar)
  [ -n "$wiremock_jar" ] || { echo "benchmark: could not install $wiremock_package from PyPI into $wiremock_venv (python3 -m venv, pip install)" >&2; exit 1; }
}
venv_jar() { find "$wiremock_venv" -path '*/site-packages/wiremock/*' -name 'wiremock-standalone-*.jar' 2>/dev/null | sort -V | tail -1 || true; }

# sample_file PATH: the sample app's file for a URL path, as nginx's try_files finds it.
sample_file() {
  local candidate
  case $1 in
    /images/*) candidate=".$1" ;;
    *) for candidate in "screens$1" "screens$1.json" "screens$1/index.json"; do [ -f "$candidate" ] && break; done ;;
  esac
  [ -f "$candidate" ] || { echo "benchmark: no file in the sample app for $1" >&2; exit 1; }
  echo "$candidate"
}

# start_wiremock PORT DELAY_MS PATH…: WireMock serving each URL path with the sample app's file for
# it (one stub each, bodyFileName, the Content-Type beagle-mock sends), after DELAY_MS
# (fixedDelayMilliseconds; 0 for none). Asynchronous responses on, request logging off, the request
# journal on and kept at 1,000 entries as beagle-mock's is, Content-Length rather than chunked
# bodies as the other servers send. Its files are in $work; sets $wiremock_pid. Needs
# require_wiremock first; `stop_wiremock` stops it.
start_wiremock() {
  local port=$1 delay=$2 root="$work/wiremock" n=0 path file type
  shift 2
  rm -rf "$root"
  mkdir -p "$root/mappings" "$root/__files"
  for path in "$@"; do
    file=$(sample_file "$path")
    n=$((n + 1))
    case $file in
      *.json) type="application/json; charset=utf-8" ;;
      *.png) type=image/png ;;
      *.jpg | *.jpeg) type=image/jpeg ;;
      *) type=application/octet-stream ;;
    esac
    cp "$file" "$root/__files/$n-$(basename "$file")"
    cat >"$root/mappings/$n.json" <<JSON
{
  "request": { "method": "GET", "urlPath": "$path" },
  "response": {
    "status": 200,
    "bodyFileName": "$n-$(basename "$file")",
    "headers": { "Content-Type": "$type" },
    "fixedDelayMilliseconds": $delay
  }
}
JSON
  done
  java -jar "$wiremock_jar" --port "$port" --bind-address 127.0.0.1 --root-dir "$root" \
    --async-response-enabled true --disable-request-logging --disable-banner \
    --max-request-journal-entries 1000 --use-chunked-encoding never >"$work/wiremock.log" 2>&1 &
  wiremock_pid=$!
  wait_for "http://127.0.0.1:$port$1"
}

stop_wiremock() {
  [ -n "${wiremock_pid:-}" ] && kill "$wiremock_pid" 2>/dev/null && wait "$wiremock_pid" 2>/dev/null || true
  wiremock_pid=
}
