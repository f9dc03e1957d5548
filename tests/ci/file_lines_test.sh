#!/usr/bin/env bash
# Usage: file_lines_test.sh SOURCE_DIR. Issue 30 item 1: no file under
# arbiter/ is over 800 lines (a file that long holds more than one role:
# split it by role, docs/ARCHITECTURE.md's rows follow). Every file under
# SOURCE_DIR/arbiter is counted (sources, headers, CMake lists, the web page's
# assets): each one over the limit is named with its count, and the test fails.
# First the check is run on a made-up tree (one file of 800 lines, one of 801)
# so that a check that could never fail fails here. Under a second; no build.
set -euo pipefail
src=$1
limit=800

# over_limit DIR: prints "N PATH" for each file under DIR/arbiter over the limit.
over_limit() {
  # One wc for the whole tree; /dev/null added so that wc always ends with its
  # "total" line (dropped), whatever the file names hold.
  (cd "$1" && { find arbiter -type f -print0; printf '/dev/null\0'; } | wc -l --files0-from=- | head -n -1 |
    awk -v limit="$limit" '{ n = $1; sub(/^ *[0-9]+ /, ""); if (n > limit) print n, $0 }')
}

work=$(mktemp -d /tmp/tabula-file-lines-XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/arbiter/a/b"
seq 800 >"$work/arbiter/a/at_limit.cpp"
seq 801 >"$work/arbiter/a/b/over limit.h"
printf 'no newline at the end' >"$work/arbiter/a/short.txt"
self=$(over_limit "$work")
if [[ "$self" != "801 arbiter/a/b/over limit.h" ]]; then
  echo "file_lines_test: the check itself is wrong: on a tree with one file of 801 lines it said:" >&2
  echo "${self:-(nothing)}" >&2
  exit 1
fi

[[ -d "$src/arbiter" ]] || { echo "file_lines_test: $src/arbiter: no such folder" >&2; exit 1; }
found=$(over_limit "$src")
if [[ -n "$found" ]]; then
  echo "file_lines_test: files under arbiter/ over $limit lines (issue 30 item 1: split each by role," >&2
  echo "and update its rows in docs/ARCHITECTURE.md):" >&2
  echo "$found" | sort -rn | sed 's/^/  /' >&2
  exit 1
fi
echo "file_lines_test: every file under arbiter/ is at most $limit lines"
