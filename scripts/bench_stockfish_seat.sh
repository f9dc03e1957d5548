#!/bin/bash
# bench_stockfish_seat.sh — time from a Stockfish seat's turn to its move's
# announcement at the table (session 30, docs/BENCH.md): `tabula play` with
# Stockfish in both seats of a chess game, journaled; for each announcement
# (the kBotMove input) the journal's wall clock since the input before it
# (the move before stood on the board). A seat's first move includes the
# process's start. Prints one line per strength: first moves, the others.
#   scripts/bench_stockfish_seat.sh [TABULA] [MOVETIME_MS] [PLIES] [STRENGTH...]
set -euo pipefail
tabula=${1:-build/bin/tabula}
movetime=${2:-1000}
plies=${3:-20}
shift $(( $# < 3 ? $# : 3 )) || true
strengths=("$@")
[[ ${#strengths[@]} -gt 0 ]] || strengths=(skill0 1350 1500 2200 full)
command -v sqlite3 > /dev/null || { echo "bench_stockfish_seat: needs sqlite3 (Debian's package sqlite3)" >&2; exit 2; }
dir=$(mktemp -d /tmp/tabula-sfbench-XXXXXX)
trap 'rm -rf "$dir"' EXIT
printf '%-10s %-8s %s\n' strength movetime "first moves (ms) | later moves: n, mean, max (ms) | fallbacks"
for s in "${strengths[@]}"; do
  level=stockfish
  [[ $s == full ]] || level="stockfish:$s"
  db="$dir/$s.db"
  "$tabula" play --variant chess --bots "White=$level,Black=$level" --movetime-ms "$movetime" \
    --max-plies "$plies" --journal "$db" --hint-engine tabula < /dev/null > /dev/null
  # kind 3 is an intent; a bot's move's payload ends with its engine's name.
  sqlite3 "$db" "select i.wall_ms - (select p.wall_ms from inputs p where p.seq = i.seq - 1)
                 from inputs i where i.kind = 3 and i.payload like '% Stockfish%' order by i.seq" |
    awk -v s="$s" -v mt="$movetime" '
      NR <= 2 { first = first (first == "" ? "" : ", ") $1; next }
      { n++; sum += $1; if ($1 > max) max = $1 }
      END { printf "%-10s %-8s %s | %d, %.0f, %d | ", s, mt, first, n, (n ? sum / n : 0), max }'
  # Stockfish failed (then Tabula's engine plays that seat): the warnings.
  sqlite3 "$db" "select count(*) from rulings where text like '%until this game ends%'"
done
