#!/usr/bin/env bash
# perft_ratio.sh — issue 30 item 3: the game layer's perft against the
# position layer's, for every shipped variant, in one run.
#
#   scripts/perft_ratio.sh callgrind [BIN] [VARIANT:DEPTH ...]
#   scripts/perft_ratio.sh cpu [BIN] [VARIANT:DEPTH[:LOOPS] ...]
#   scripts/perft_ratio.sh inproc [BIN] [VARIANT:DEPTH[:ROUNDS] ...]
#   scripts/perft_ratio.sh fairy [BIN] [DEPTH]
#
# inproc (session 15, the figure to read for item 3): `tabula perft --compare
#   ROUNDS` in one process per cell: the variant and the Game loaded once,
#   then both layers' perft of the depth run alternately (G P, P G, ...),
#   each run timed by the thread's CPU clock, no loading in any timed run,
#   every run's node count checked against its layer's first. ROUNDS
#   (default: calibrated) is raised so that each layer's runs total >=
#   MIN_UNIT seconds of CPU (default 1.0), and is at least REPEAT (default
#   5). The table: per layer min / median / max ms of one run, the ratio
#   position/game by MIN (the least-disturbed runs: the figure to read) and
#   by median, and the CPU share of the wall clock (below ~0.9 the process
#   waited for a CPU: the machine was busy). RAW=FILE appends every cell's
#   whole --compare report (every run's time) to FILE.
#   DEPTHS=issue: the issue's depths, plus corners-mini d7.
# callgrind: instructions (valgrind --tool=callgrind), which do not depend on
#   the machine's load: ratio = (Ir(--position, D) - Ir(--position, 1)) /
#   (Ir(game, D) - Ir(game, 1)) (depth 1 takes out loading the variant).
# cpu: user CPU seconds (/usr/bin/time -f %U). How to read its table: a
#   ratio >= 1 means the game layer is as fast as the position layer; the
#   issue asks >= 0.8. Each cell is one timed unit (LOOPS perft runs in a
#   row) run REPEAT times (default 5) for each layer, the layers
#   interleaved (game, position, position, game, ... so that a slow spell of
#   the machine falls on both), and shows the MIN and the median of the
#   REPEAT runs with the runs themselves. On a shared VM other work only
#   ever adds CPU seconds to a run (steal, cache and branch-predictor
#   pollution), so the least-disturbed run, the MIN, is the best estimate of
#   the CPU a run needs: "ratio (min)" is the figure to read, "ratio (median)"
#   is beside it to show how much the load moved the runs; runs of one cell
#   that spread by more than ~20 % mean the machine was busy (the load is in
#   the table's first line: read the instruction table then). Every timed
#   unit takes >= 1 s (MIN_UNIT seconds, default 1.0): a unit that took less
#   on a first calibration run gets its LOOPS raised so that it does not
#   (the clock's tick is 10 ms). Each perft run loads the variant (~30 ms):
#   LOOPS depth-1 runs are timed the same way (REPEAT times, their MIN) and
#   taken out of both layers before the ratio.
#   Without VARIANT:DEPTH pairs, every shipped variant at the mode's default
#   depth, the corner games included; DEPTHS=issue takes the issue's depths
#   (issue 30: the four-player games d5, chess d6, the two-player bipartite
#   stages d7, corners-mini d6).
# fairy: chess perft from the start, Tabula's game layer against
#   Fairy-Stockfish (Debian package fairy-stockfish, `go perft`), user CPU
#   seconds alternating, REPEAT times each, MIN and median (DEPTH default 6).
#   Both sides are whole processes timed by the same clock (Fairy-Stockfish
#   has no in-process timer for `go perft`'s CPU); the table's last row, a
#   depth-1 process of each, shows what that adds to each side (Tabula's
#   loading ~0.02 s, Fairy-Stockfish's start-up ~0.25 s, against ~3-7 s
#   runs), and the line under the table takes it out of both.
# BIN defaults to build/bin/tabula. Run it on a machine as quiet as you can
# get (`nice` changes when a run gets the CPU, not how much it needs).
set -euo pipefail

mode=${1:-callgrind}
bin=${2:-build/bin/tabula}
shift $(( $# >= 2 ? 2 : $# ))
repeat=${REPEAT:-5}
min_unit=${MIN_UNIT:-1.0}

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
  # What whole-process timing adds to each side: a depth-1 process (loading
  # the variant, the engine's start-up), REPEAT times each, by the same clock.
  t1s=() f1s=()
  for ((i = 0; i < repeat; ++i)); do
    /usr/bin/time -o /tmp/perft_ratio_time.$$ -f %U "$bin" perft --variant chess --depth 1 >/dev/null 2>&1
    t1s+=("$(tail -1 /tmp/perft_ratio_time.$$)")
    printf 'uci\nposition startpos\ngo perft 1\nquit\n' | /usr/bin/time -o /tmp/perft_ratio_time.$$ -f %U "$fsf" >/dev/null 2>&1
    f1s+=("$(tail -1 /tmp/perft_ratio_time.$$)")
  done
  rm -f /tmp/perft_ratio_time.$$ /tmp/perft_ratio_nodes.$$
  median() { printf '%s\n' "$@" | sort -g | sed -n "$(( ($# + 1) / 2 ))p"; }
  least() { printf '%s\n' "$@" | sort -g | head -1; }
  echo "# $(date -u +%FT%TZ) $(uname -m) load: $(cut -d' ' -f1-3 /proc/loadavg) bin: $bin fsf: $fsf"
  echo "| chess perft | nodes | Tabula game layer s (user): min / median (runs) | Fairy-Stockfish s (user): min / median (runs) |"
  echo "| --- | --- | --- | --- |"
  echo "| d$depth | $tn (Fairy-Stockfish: $fn) | $(least "${ts[@]}") / $(median "${ts[@]}") (${ts[*]}) | $(least "${fs[@]}") / $(median "${fs[@]}") (${fs[*]}) |"
  echo "| d1 (start-up) | | $(least "${t1s[@]}") / $(median "${t1s[@]}") (${t1s[*]}) | $(least "${f1s[@]}") / $(median "${f1s[@]}") (${f1s[*]}) |"
  awk -v t="$(least "${ts[@]}")" -v t1="$(least "${t1s[@]}")" -v f="$(least "${fs[@]}")" -v f1="$(least "${f1s[@]}")" 'BEGIN {
    printf "d%s less the start-up (MIN - MIN of d1): Tabula %.2f s, Fairy-Stockfish %.2f s", '"$depth"', t - t1, f - f1
    if (t - t1 > 0) printf ": Tabula %.2f times as fast", (f - f1) / (t - t1)
    printf "\n" }'
  exit 0
fi

if [[ $# -gt 0 ]]; then
  pairs=("$@")
elif [[ ${DEPTHS:-} == issue && $mode == inproc ]]; then
  pairs=(chess:6 chess-four:5 four-kingdoms:5 chesscom-ffa:5 chesscom-teams:5 allies-vassals:5
         bipartite:7 bipartite-stage2:7 corners-short:5 corners-long:5 corners-mini:5 corners-mini:6 corners-mini:7)
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
if [[ $mode == inproc ]]; then
  field() {  # field NAME LINE-HEAD: the word after NAME on the report's line LINE-HEAD
    awk -v h="$2" -v k="$1" '$1 == h { for (i = 2; i < NF; ++i) if ($i == k) { print $(i + 1); exit } }' \
      /tmp/perft_ratio_report.$$
  }
  compare() {  # compare VARIANT DEPTH ROUNDS: the report into /tmp/perft_ratio_report.$$
    if ! "$bin" perft --variant "$1" --depth "$2" --compare "$3" >/tmp/perft_ratio_report.$$ 2>/tmp/perft_ratio_err.$$; then
      echo "perft_ratio.sh: $1 d$2: $(cat /tmp/perft_ratio_err.$$)" >&2
      rm -f /tmp/perft_ratio_report.$$ /tmp/perft_ratio_err.$$
      exit 1
    fi
  }
  echo "| variant | depth x rounds | nodes | game ms (CPU, one run): min / median / max | position ms: min / median / max | ratio (min) | ratio (median) | CPU share |"
  echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
  for p in "${pairs[@]}"; do
    IFS=: read -r v d rounds <<<"$p"
    if [[ -z $rounds ]]; then
      # Calibration: one round; ROUNDS so that the faster layer's runs total
      # >= MIN_UNIT s (15 % over: the first run is the coldest), >= REPEAT.
      compare "$v" "$d" 1
      rounds=$(awk -v g="$(field min game)" -v q="$(field min position)" -v m="$min_unit" -v r="$repeat" 'BEGIN {
        t = g < q ? g : q; n = t > 0.01 ? int(m * 1000 * 1.15 / t) + 1 : 1000
        if (n < r) n = r; if (n > 1000) n = 1000; print n }')
    fi
    compare "$v" "$d" "$rounds"
    [[ -z ${RAW:-} ]] || cat /tmp/perft_ratio_report.$$ >>"$RAW"
    gn=$(field nodes game) pn=$(field nodes position)
    n=$gn; [[ $gn == "$pn" ]] || n="$gn game, $pn position"
    echo "| $v | $d x$rounds | $n | $(field min game) / $(field median game) / $(field max game)" \
         "| $(field min position) / $(field median position) / $(field max position)" \
         "| **$(field min ratio)** | $(field median ratio) | $(awk '$1 == "cpu-share" { print $2 }' /tmp/perft_ratio_report.$$) |"
  done
  rm -f /tmp/perft_ratio_report.$$ /tmp/perft_ratio_err.$$
  echo "# end $(date -u +%FT%TZ) load: $(cut -d' ' -f1-3 /proc/loadavg)"
  exit 0
fi
if [[ $mode == callgrind ]]; then
  echo "| variant | depth | game M instr. | position M instr. | ratio |"
  echo "| --- | --- | --- | --- | --- |"
  for p in "${pairs[@]}"; do
    IFS=: read -r v d _ <<<"$p"  # (a LOOPS field is the cpu mode's)
    g1=$(ir --variant "$v" --depth 1) gd=$(ir --variant "$v" --depth "$d")
    p1=$(ir --variant "$v" --depth 1 --position) pd=$(ir --variant "$v" --depth "$d" --position)
    awk -v v="$v" -v d="$d" -v g=$((gd - g1)) -v q=$((pd - p1)) \
      'BEGIN { printf "| %s | %s | %.2f | %.2f | %.3f |\n", v, d, g / 1e6, q / 1e6, q / g }'
  done
else
  echo "| variant | depth x loops | nodes | game s (user): min / median (runs) | position s (user): min / median (runs) | load d1 x loops: game / position | ratio (min) | ratio (median) |"
  echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
  for p in "${pairs[@]}"; do
    IFS=: read -r v d loops <<<"$p"
    loops=${loops:-1}
    # Calibration: one unit of the game layer (the slower one as a rule);
    # LOOPS raised until a unit takes >= MIN_UNIT seconds.
    t=$(cpu --variant "$v" --depth "$d" 3>/dev/null)
    loops=$(awk -v t="$t" -v l="$loops" -v m="$min_unit" 'BEGIN {
      if (t >= m) { print l; exit } n = (t > 0.005 ? int(l * m * 1.15 / t) + 1 : l * 100); print (n > l ? n : l) }')
    gs=() ps=()
    for ((i = 0; i < repeat; ++i)); do
      # Interleaved, the order turned every other run: g p, p g, g p, ...
      if ((i % 2 == 0)); then
        gs+=("$(cpu --variant "$v" --depth "$d" 3>/tmp/perft_ratio_nodes.$$)")
        gn=$(cat /tmp/perft_ratio_nodes.$$)
        ps+=("$(cpu --variant "$v" --depth "$d" --position 3>/tmp/perft_ratio_nodes.$$)")
        pn=$(cat /tmp/perft_ratio_nodes.$$)
      else
        ps+=("$(cpu --variant "$v" --depth "$d" --position 3>/tmp/perft_ratio_nodes.$$)")
        pn=$(cat /tmp/perft_ratio_nodes.$$)
        gs+=("$(cpu --variant "$v" --depth "$d" 3>/tmp/perft_ratio_nodes.$$)")
        gn=$(cat /tmp/perft_ratio_nodes.$$)
      fi
    done
    # (The counts differ where the position layer does not know the sheet's
    # rules: 001's teams, 003's relations, 000's turns.)
    n=$gn; [[ $gn == "$pn" ]] || n="$gn game, $pn position"
    # Loading the variant (as a d1 run does), in both layers alike, LOOPS
    # times a unit: taken out before the ratio (the MIN of REPEAT d1 units
    # for the MIN ratio, their median for the median one).
    g1s=() q1s=()
    for ((i = 0; i < repeat; ++i)); do
      g1s+=("$(cpu --variant "$v" --depth 1 3>/dev/null)")
      q1s+=("$(cpu --variant "$v" --depth 1 --position 3>/dev/null)")
    done
    awk -v v="$v" -v d="$d" -v n="$n" -v gl="${gs[*]}" -v ql="${ps[*]}" -v l="$loops" \
      -v g1l="${g1s[*]}" -v q1l="${q1s[*]}" '
      function sorted(text, a,   k, i, j, t) {
        k = split(text, a, " ")
        for (i = 2; i <= k; ++i) for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; --j) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
        return k
      }
      function lo(text,   a) { sorted(text, a); return a[1] + 0 }
      function mid(text,   a, k) { k = sorted(text, a); return a[int((k + 1) / 2)] + 0 }
      function ratio(q, q1, g, g1) { return g - g1 > 0 ? sprintf("%.3f", (q - q1) / (g - g1)) : "-" }
      BEGIN {
        printf "| %s | %s x%d | %s | %.2f / %.2f (%s) | %.2f / %.2f (%s) | %.2f / %.2f | **%s** | %s |\n", v, d, l, n,
               lo(gl), mid(gl), gl, lo(ql), mid(ql), ql, lo(g1l), lo(q1l),
               ratio(lo(ql), lo(q1l), lo(gl), lo(g1l)), ratio(mid(ql), mid(q1l), mid(gl), mid(g1l)) }'
  done
  rm -f /tmp/perft_ratio_time.$$ /tmp/perft_ratio_nodes.$$
fi
