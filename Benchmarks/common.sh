# Shared by the benchmark scripts: build beagle-mock in release, start and stop it.
# Sourced, not run. Expects to be in the repository root.

ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

require() {
  for tool in "$@"; do
    command -v "$tool" >/dev/null || { echo "benchmark: $tool is missing (apt-get install $tool)" >&2; exit 1; }
  done
}

# Builds the release binary and sets $binary. With BEAGLE_MOCK_BINARY set to an executable, uses
# that one instead and builds nothing.
build_release() {
  if [ -n "${BEAGLE_MOCK_BINARY:-}" ]; then
    [ -x "$BEAGLE_MOCK_BINARY" ] || { echo "benchmark: BEAGLE_MOCK_BINARY=$BEAGLE_MOCK_BINARY is not an executable" >&2; exit 1; }
    echo "using $BEAGLE_MOCK_BINARY (BEAGLE_MOCK_BINARY), not building" >&2
    binary=$BEAGLE_MOCK_BINARY
    return
  fi
  echo "building beagle-mock (release)…" >&2
  swift build -c release --product beagle-mock >&2
  binary="$(swift build -c release --show-bin-path)/beagle-mock"
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

wait_for() {
  for _ in $(seq 200); do curl -fs -o /dev/null "$1" && return 0; sleep 0.1; done
  echo "benchmark: $1 never answered" >&2
  exit 1
}

# The resident memory of a process in KiB.
rss_kib() { awk '/VmRSS/ {print $2}' "/proc/$1/status"; }

# The median of the numbers on standard input, one a line.
median() { sort -n | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# start_nginx PORT: nginx serving the sample app as beagle-mock does (try_files maps /home to
# home.json), without an access log, its files in $work. `stop_nginx` stops it.
start_nginx() {
  local port=$1 root
  root=$(pwd)
  cat >"$work/nginx.conf" <<CONF
worker_processes auto;
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
  server {
    listen 127.0.0.1:$port;
    etag on;
    location /images/ { root $root; }
    location / { root $root/screens; try_files \$uri \$uri.json \$uri/index.json =404; }
  }
}
CONF
  nginx -c "$work/nginx.conf"
  wait_for "http://127.0.0.1:$port/home"
}

stop_nginx() {
  [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
  rm -f "$work/nginx.pid"
}

# cpu_ticks PID…: the user plus system time of processes so far, in clock ticks (/proc/PID/stat).
cpu_ticks() {
  local total=0 pid
  for pid in "$@"; do
    total=$((total + $(awk '{ print $14 + $15 }' "/proc/$pid/stat")))
  done
  echo "$total"
}
