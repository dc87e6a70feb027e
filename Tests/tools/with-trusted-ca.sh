#!/usr/bin/env bash
# with-trusted-ca.sh CA.pem -- COMMAND [ARGUMENT]...
#
# Runs COMMAND trusting CA.pem the way libcurl, and so URLSession on Linux, trusts CAs here, without
# touching the machine's trust store: in a private mount namespace (`unshare --mount`), a scratch
# copy of the system bundle with CA.pem appended is bind-mounted over the bundle, visible to COMMAND
# and its children alone. The host's bundle is never written. Needs root (or CAP_SYS_ADMIN); exits
# 125 when the namespace or the bind mount is refused, else with COMMAND's status.
#
# TRUST_BUNDLE names the bundle (default: Debian's /etc/ssl/certs/ca-certificates.crt, which
# libcurl reads).
set -euo pipefail
bundle=${TRUST_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}
[ $# -ge 3 ] && [ "$2" = -- ] || { echo "usage: with-trusted-ca.sh CA.pem -- COMMAND [ARGUMENT]..." >&2; exit 2; }
ca=$1
shift 2
[ -f "$bundle" ] || { echo "with-trusted-ca: no CA bundle at $bundle" >&2; exit 125; }
grep -q 'BEGIN CERTIFICATE' "$ca" || { echo "with-trusted-ca: $ca holds no PEM certificate" >&2; exit 2; }
scratch=$(mktemp)
trap 'rm -f "$scratch"' EXIT
cat "$bundle" "$ca" >"$scratch"
status=0
unshare --mount --propagation private -- sh -c 'mount --bind "$1" "$2" || exit 125; shift 2; exec "$@"' \
  sh "$scratch" "$bundle" "$@" || status=$?
exit "$status"
