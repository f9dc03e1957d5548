#!/bin/sh
# fake_uci.sh — a UCI engine that misbehaves on purpose (session 30, tests of
# uci/uci_bot.* and Stockfish at the table). FAKE_UCI_MODE says how:
#   move      answers every go with FAKE_UCI_MOVE (default e7e5)
#   first     answers every go with the first move of FAKE_UCI_MOVES (space-separated)
#             not yet answered: a scripted game
#   hang      never answers go, nor stop
#   crash     dies at the FAKE_UCI_CRASH_AT'th go (default 1), writing to stderr first
#   illegal   answers "bestmove a1a1"
#   garbage   answers "bestmove xyzzy!"
#   noanswer  never answers uci
#   flood     answers go with 70,000 bytes and no newline
#   slowstart answers uci after a second (a network loading on a busy machine), then as move
# Every line it reads is appended to FAKE_UCI_LOG when set; "started" is
# written there at each start, with its pid.
log() { [ -n "$FAKE_UCI_LOG" ] && echo "$1" >> "$FAKE_UCI_LOG"; }
log "started $$"
mode=${FAKE_UCI_MODE:-move}
gos=0
moves=$FAKE_UCI_MOVES
while read -r line; do
  log "$line"
  case "$line" in
    uci)
      [ "$mode" = noanswer ] && continue
      [ "$mode" = slowstart ] && sleep 1
      echo "id name fake_uci"
      echo "option name UCI_Elo type spin default 1350 min 1350 max 2850"
      echo "uciok";;
    isready) echo "readyok";;
    go*)
      gos=$((gos + 1))
      case "$mode" in
        move|slowstart) echo "info depth 1 score cp 12 pv ${FAKE_UCI_MOVE:-e7e5}"; echo "bestmove ${FAKE_UCI_MOVE:-e7e5}";;
        first)
          set -- $moves
          m=$1
          shift
          moves=$*
          echo "bestmove $m";;
        hang) ;;
        crash)
          if [ "$gos" -ge "${FAKE_UCI_CRASH_AT:-1}" ]; then
            echo "info depth 3 score cp 5"
            echo "fake_uci: assertion failed: the network file is damaged" >&2
            kill -SEGV $$
          fi
          echo "bestmove ${FAKE_UCI_MOVE:-e7e5}";;
        illegal) echo "bestmove a1a1";;
        flood) head -c 70000 /dev/zero | tr '\0' 'x';;
        garbage) echo "bestmove xyzzy!";;
      esac;;
    quit) exit 0;;
  esac
done
