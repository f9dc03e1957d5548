#!/usr/bin/env bash
# Session 22: the kiosk's headline when the journal cannot write a header row
# (who plays; s21-hub), pictured and compared with its goldens at 800x480 and
# at 720x1280, 210 px/in. A journal of a chess.com FFA game is made, another
# connection holds its write lock (python3's sqlite3, as an arbiter's
# `sqlite3 current.db` left in a transaction would), and the kiosk resumes it
# (reading needs no lock) and, at its first frame, sets --bots as the
# arbiter's "Who plays" does (--screen who-plays-set): the journal refuses the
# row, who plays is not changed, the headline says so with the file's name;
# the row is still as it was after the pictures.
# The journal's path is relative (the kiosk runs in OUT_DIR), so the pictures
# do not depend on where the tree is built.
#
# usage: header_refused_test.sh KIOSK PNG_COMPARE GOLDEN_ROOT OUT_DIR
# Exit 77 (ctest SKIP) without xvfb-run or python3. Every wait is bounded.
set -euo pipefail
kiosk=$1 compare=$2 golden_root=$3 out_dir=$4
here=$(cd "$(dirname "$0")" && pwd)
for tool in xvfb-run python3; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "SKIP: $tool is not installed"
    exit 77
  fi
done
mkdir -p "$out_dir"
kiosk=$(realpath "$kiosk") compare=$(realpath "$compare") golden_root=$(realpath "$golden_root")
cd "$out_dir"
rm -f j.db j.db-wal j.db-shm
LIBGL_ALWAYS_SOFTWARE=1 timeout 120 xvfb-run -a -n "${TABULA_XVFB_SERVER:-99}" -s "-screen 0 800x480x24" \
  "$kiosk" --variant chesscom-ffa --journal j.db --screenshot made.png --frames 3 \
  --size 800x480 2>&1 | grep -v "^tabula-kiosk: \(GL\|wrote\)" || true
[[ -f j.db ]] || { echo "FAIL: the kiosk made no journal"; exit 1; }

# The lock, held until this script's end (its stdin closes) or 300 s.
hold='import select, sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=10)
db.execute("BEGIN EXCLUSIVE")
print("held", flush=True)
select.select([sys.stdin], [], [], 300)
db.execute("ROLLBACK")'
coproc HOLDER { exec python3 -c "$hold" j.db; }
holder_pid=$HOLDER_PID
trap 'kill "$holder_pid" 2>/dev/null || true' EXIT
line=
read -r -t 60 line <&"${HOLDER[0]}" || true
[[ $line == held ]] || { echo "FAIL: the journal's write lock could not be taken"; exit 1; }

failed=0
picture="who-plays-refused --journal j.db --screen who-plays-set --bots Red=2"
bash "$here/screenshot_test.sh" "$kiosk" "$compare" "$golden_root/800x480" 800x480 800x480 2 "$picture" || failed=1
TABULA_XVFB_SERVER=$(( ${TABULA_XVFB_SERVER:-99} + 5 )) \
  bash "$here/screenshot_test.sh" "$kiosk" "$compare" "$golden_root/720x1280-210dpi" 720x1280-210dpi 720x1280 3 \
  "$picture --dpi 210" || failed=1
# The row was refused, not written behind the picture's back.
bots=$(python3 -c 'import sqlite3, sys
print(sqlite3.connect(sys.argv[1], timeout=10).execute("SELECT value FROM header WHERE key = ?", ("bots",)).fetchone())' j.db) ||
  bots="(unreadable: the lock is still held)"
if [[ $bots != "None" && $bots != "('',)" ]]; then
  echo "FAIL: the journal's bots row is $bots: who plays was written though its lock was held"
  failed=1
fi
exit $failed
