#!/usr/bin/env bash
# Fails when beagle-mock's instructions a request rise more than 5% over the committed baseline,
# so that no change gives the request path's speed back unseen. CI runs it on the image's binary.
#
#   Benchmarks/instructions-check.sh             compare with Benchmarks/instructions-baseline.tsv
#   Benchmarks/instructions-check.sh --update    measure and write the baseline anew
#
# It runs `Benchmarks/instructions.sh 4s 1` (callgrind; one connection, the setting for comparing
# two builds, whose counts repeat within a fraction of a percent) and reads beagle-mock's figure
# for each path the baseline names. BEAGLE_MOCK_BINARY names the binary to measure, as for every
# script here (CI copies it out of the image); without it the release build is made as the image
# makes it. INSTRUCTIONS_TOLERANCE sets the allowed rise in percent (default 5). A change that
# costs instructions on purpose moves the baseline with --update, in the same commit, and says why.
# Needs what instructions.sh needs: valgrind, wrk, nginx, curl, strip.
set -euo pipefail
cd "$(dirname "$0")/.."
baseline=Benchmarks/instructions-baseline.tsv
tolerance=${INSTRUCTIONS_TOLERANCE:-5}
update=false
case "${1:-}" in
  --update) update=true ;;
  "") ;;
  *) echo "usage: Benchmarks/instructions-check.sh [--update]" >&2; exit 2 ;;
esac

results=$(mktemp)
trap 'rm -f "$results"' EXIT
Benchmarks/instructions.sh 4s 1 | tee "$results"
# Lines as instructions.sh prints them: NAME URL COUNT "requests" PER "instructions/request".
measured() { awk -v path="$1" '$1 == "beagle-mock" && $2 ~ ("^http://[^/]*" path "$") { print $5 }' "$results"; }

if $update; then
  {
    echo "# beagle-mock's user-space instructions a request (release build, as the image's), counted by"
    echo "# Benchmarks/instructions.sh 4s 1 on $(date -u +%Y-%m-%d), with the code of the commit that"
    echo "# last changed this file. Benchmarks/instructions-check.sh fails when a figure rises more"
    echo "# than 5% over it; --update writes it anew."
    for path in /home /images/logo.png; do
      printf '%s\t%s\n' "$path" "$(measured "$path")"
    done
  } >"$baseline"
  echo "baseline written to $baseline:"
  grep -v '^#' "$baseline"
  exit 0
fi

[ -f "$baseline" ] || { echo "instructions-check: no baseline at $baseline (make one with --update)" >&2; exit 2; }
failed=0
while IFS=$'\t' read -r path expected; do
  case "$path" in '#'* | '') continue ;; esac
  now=$(measured "$path")
  [ -n "$now" ] || { echo "instructions-check: instructions.sh gave no figure for $path" >&2; exit 2; }
  verdict=$(awk -v now="$now" -v base="$expected" -v tol="$tolerance" 'BEGIN {
    change = (now - base) * 100 / base
    printf "%s %+.1f%%", (change > tol ? "FAIL" : "ok"), change }')
  printf '%-18s baseline %8d  now %8d  %s\n' "$path" "$expected" "$now" "$verdict"
  case "$verdict" in FAIL*) failed=1 ;; esac
done <"$baseline"
if [ "$failed" = 1 ]; then
  echo "instructions a request rose more than ${tolerance}% over $baseline (above); find the cause with" >&2
  echo "callgrind_annotate on the profiles instructions.sh left, or move the baseline with --update and say why" >&2
  exit 1
fi
echo "instructions a request within ${tolerance}% of the baseline"
