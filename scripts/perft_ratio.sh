#!/usr/bin/env bash
# perft_ratio.sh — issue 30 item 3: the game layer's perft against the
# position layer's, for every shipped variant, in one run.
#
#   scripts/perft_ratio.sh callgrind [BIN] [VARIANT:DEPTH ...]
#   scripts/perft_ratio.sh cpu [BIN] [VARIANT:DEPTH ...]
#   scripts/perft_ratio.sh fairy [BIN] [DEPTH]
#
# callgrind: instructions (valgrind --tool=callgrind), which do not depend on
#   the machine's load: ratio = (Ir(--position, D) - Ir(--position, 1)) /
#   (Ir(game, D) - Ir(game, 1)) (depth 1 takes out loading the variant).
# cpu: user CPU seconds (/usr/bin/time -f %U), game layer and --position
#   alternating, REPEAT times each (default 3), the median of each; ratio =
#   position / game. VARIANT:DEPTH:LOOPS times LOOPS runs in a row as one
#   (a d5 run of ~0.2 s is too short for the clock's ticks); each run loads
#   the variant (~30 ms), so LOOPS d1 runs are timed too and taken out of
#   both before the ratio. Depths chosen so that a run takes ~1-5 s (the issue's
#   table had the four-player games at d5: ~0.2 s now, too short to time).
# fairy: chess perft from the start, Tabula's game layer against
#   Fairy-Stockfish (Debian package fairy-stockfish, `go perft`), user CPU
#   seconds alternating, REPEAT times each, medians (DEPTH default 6).
# BIN defaults to build/bin/tabula. Without VARIANT:DEPTH pairs, every
# shipped variant at the mode's default depth; DEPTHS=issue takes the
# issue's depths instead (issue 30: the four-player games d5, ten runs in a
# row, chess d6; the two-player bipartite stages d7, a few seconds like chess
# d6; corners-mini d6 too).
set -euo pipefail

mode=${1:-callgrind}
bin=${2:-build/bin/tabula}
shift $(( $# >= 2 ? 2 : $# ))
repeat=${REPEAT:-3}

if [[ $mode == fairy ]]; then
  depth=${1:-6}
  fsf=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
  [[ -x $fsf ]] || { echo "perft_ratio.sh: fairy-stockfish not found (Debian package fairy-stockfish)" >&2; exit 1; }
  ts=() fs=()
  for ((i = 0; i < repeat; ++i)); do
    /usr/bin/time -o /tmp/perft_ratio_time.$$ -f %U "$bin" perft --variant chess --depth "$depth" >/tmp/perft_ratio_nodes.$$ 2>/dev/null
    ts+=("$(tail -1 /tmp/perft_ratio_time.$$)") tn=$(head -1 /tmp/perft_ratio_nodes.$$)
    printf 'uci\nposition startpos\ngo perft %s\nquit\n' "$depth" |
      /usr/bin/time -o /tmp/perft_ratio_time.$$ -f %U "$fsf" >/tmp/perft_ratio_nodes.$$ 2>/dev/null
    fs+=("$(tail -1 /tmp/perft_ratio_time.$$)")
    fn=$(sed -n 's/^Nodes searched: *\([0-9]*\).*/\1/p' /tmp/perft_ratio_nodes.$$)
  done
  rm -f /tmp/perft_ratio_time.$$ /tmp/perft_ratio_nodes.$$
  median() { printf '%s\n' "$@" | sort -g | sed -n "$(( ($# + 1) / 2 ))p"; }
  echo "# $(date -u +%FT%TZ) $(uname -m) load: $(cut -d' ' -f1-3 /proc/loadavg) bin: $bin fsf: $fsf"
  echo "| chess perft | nodes | Tabula game layer s (user) | Fairy-Stockfish s (user) |"
  echo "| --- | --- | --- | --- |"
  echo "| d$depth | $tn (Fairy-Stockfish: $fn) | $(median "${ts[@]}") (${ts[*]}) | $(median "${fs[@]}") (${fs[*]}) |"
  exit 0
fi

if [[ $# -gt 0 ]]; then
  pairs=("$@")
elif [[ ${DEPTHS:-} == issue ]]; then
  pairs=(chess:6 chess-four:5:10 four-kingdoms:5:10 chesscom-ffa:5:10 chesscom-teams:5:10 allies-vassals:5:10
         bipartite:7 bipartite-stage2:7 corners-short:5:10 corners-long:5:10 corners-mini:5:20 corners-mini:6:4)
elif [[ $mode == callgrind ]]; then
  pairs=(chess:4 chess-four:4 four-kingdoms:4 chesscom-ffa:4 chesscom-teams:4 allies-vassals:4
         bipartite:4 bipartite-stage2:4 corners-short:4 corners-long:4 corners-mini:5)
else
  pairs=(chess:6 chess-four:6 four-kingdoms:6 chesscom-ffa:6 chesscom-teams:6 allies-vassals:6
         bipartite:7 bipartite-stage2:7 corners-short:5 corners-long:5 corners-mini:8)
fi

ir() {  # instructions of one perft run
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" perft "$@" 2>&1 |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

cpu() {  # user CPU seconds of $loops perft runs in a row; the node count on fd 3
  /usr/bin/time -o /tmp/perft_ratio_time.$$ -f %U \
    sh -c 'n=$1; shift; while [ "$n" -gt 0 ]; do "$@" 2>/dev/null | head -1; n=$((n - 1)); done' \
    sh "$loops" "$bin" perft "$@" | head -1 >&3
  tail -1 /tmp/perft_ratio_time.$$
}

median() { printf '%s\n' "$@" | sort -g | sed -n "$(( ($# + 1) / 2 ))p"; }

echo "# $(date -u +%FT%TZ) $(uname -m) load: $(cut -d' ' -f1-3 /proc/loadavg) bin: $bin"
if [[ $mode == callgrind ]]; then
  echo "| variant | depth | game M instr. | position M instr. | ratio |"
  echo "| --- | --- | --- | --- | --- |"
  for p in "${pairs[@]}"; do
    v=${p%%:*} d=${p##*:}
    g1=$(ir --variant "$v" --depth 1) gd=$(ir --variant "$v" --depth "$d")
    p1=$(ir --variant "$v" --depth 1 --position) pd=$(ir --variant "$v" --depth "$d" --position)
    awk -v v="$v" -v d="$d" -v g=$((gd - g1)) -v q=$((pd - p1)) \
      'BEGIN { printf "| %s | %s | %.2f | %.2f | %.3f |\n", v, d, g / 1e6, q / 1e6, q / g }'
  done
else
  echo "| variant | depth | nodes | game s (user) | position s (user) | ratio |"
  echo "| --- | --- | --- | --- | --- | --- |"
  for p in "${pairs[@]}"; do
    IFS=: read -r v d loops <<<"$p"
    loops=${loops:-1}
    gs=() ps=()
    for ((i = 0; i < repeat; ++i)); do
      gs+=("$(cpu --variant "$v" --depth "$d" 3>/tmp/perft_ratio_nodes.$$)")
      gn=$(cat /tmp/perft_ratio_nodes.$$)
      ps+=("$(cpu --variant "$v" --depth "$d" --position 3>/tmp/perft_ratio_nodes.$$)")
      pn=$(cat /tmp/perft_ratio_nodes.$$)
    done
    # (The counts differ where the position layer does not know the sheet's
    # rules: 001's teams, 003's relations.)
    n=$gn; [[ $gn == "$pn" ]] || n="$gn game, $pn position"
    g=$(median "${gs[@]}") q=$(median "${ps[@]}")
    # Several runs in a row: each loads the variant (as a d1 run does), in
    # both layers alike; the ratio is taken without it (the d1 runs' medians).
    g1=0 q1=0
    if ((loops > 1)); then
      g1s=() q1s=()
      for ((i = 0; i < repeat; ++i)); do
        g1s+=("$(cpu --variant "$v" --depth 1 3>/dev/null)")
        q1s+=("$(cpu --variant "$v" --depth 1 --position 3>/dev/null)")
      done
      g1=$(median "${g1s[@]}") q1=$(median "${q1s[@]}")
    fi
    awk -v v="$v" -v d="$d" -v n="$n" -v g="$g" -v q="$q" -v gl="${gs[*]}" -v ql="${ps[*]}" \
      -v l="$loops" -v g1="$g1" -v q1="$q1" 'BEGIN {
        load = l > 1 ? sprintf(" (less d1 x%d: %.2f / %.2f)", l, g1, q1) : ""
        printf "| %s | %s%s | %s | %.2f (%s) | %.2f (%s) | %.3f%s |\n", v, d, (l > 1 ? " x" l : ""), n, g, gl, q, ql,
               (g - g1 > 0 ? (q - q1) / (g - g1) : 0), load }'
  done
  rm -f /tmp/perft_ratio_time.$$ /tmp/perft_ratio_nodes.$$
fi
