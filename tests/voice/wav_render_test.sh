#!/bin/sh
# The voice without a sound card (issue 33 item 4): the spoken texts of a
# replayed PGN4 record rendered by espeak-ng to WAV files, each non-silent
# by sox's own measure (`sox f.wav -n stat`: RMS amplitude above 0.01, at
# least 0.3 s long). Bounded: the record's first 12 plies.
# Usage: wav_render_test.sh TABULA RECORD VARIANT OUTDIR
set -eu
tabula=$1 record=$2 variant=$3 out=$4
rm -rf "$out"
mkdir -p "$out"
"$tabula" voice say "$record" --variant "$variant" --plies 12 --wav-dir "$out" > "$out/texts.txt"
lines=$(wc -l < "$out/texts.txt")
files=$(ls "$out"/*.wav | wc -l)
[ "$lines" -ge 12 ] || { echo "only $lines texts"; exit 1; }
[ "$files" -eq "$lines" ] || { echo "$files WAV files for $lines texts"; exit 1; }
n=0
for f in "$out"/*.wav; do
  n=$((n + 1))
  stat=$(sox "$f" -n stat 2>&1)
  rms=$(printf '%s\n' "$stat" | awk '/^RMS +amplitude/ {print $3}')
  len=$(printf '%s\n' "$stat" | awk '/^Length/ {print $3}')
  text=$(sed -n "${n}p" "$out/texts.txt")
  awk -v r="$rms" -v l="$len" 'BEGIN { exit !(r > 0.01 && l > 0.3) }' ||
    { echo "$f ('$text') is silent or short: RMS $rms, $len s"; exit 1; }
done
echo "$files WAV files, each non-silent"
