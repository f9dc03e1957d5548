#!/usr/bin/env bash
# Usage: test_command_test.sh SOURCE_DIR. scripts/test.sh's order of work,
# with cmake, ctest and setup.sh replaced by stubs that log what they do (no
# build, no test runs; a few seconds):
# - without options (the command CI runs, session 14) only the normal pass:
#   no sanitizer build or test, the selfplay soaks (asan_only) not left out;
#   an unknown option is refused before anything is built;
# with --sanitizers:
# - the sanitizer pass's tests start once its build and the normal pass's
#   tests labelled `alone` are done, while the normal pass's other tests still
#   run (session 13: the two passes' tests overlap), and not at nice 19;
# - a failure of the sanitizer tests, or of its build (the build log's end
#   shown), fails the command; a failure of the normal pass stops the
#   sanitizer pass (no process of it left).
# The stubbed normal tests wait (up to ~30 s) for the sanitizer tests to start:
# a test.sh that runs them only after the normal pass fails here.
set -euo pipefail
src=$1
work=$(mktemp -d /tmp/tabula-test-command-XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() {
  echo "test_command_test: $*" >&2
  exit 1
}
mkdir -p "$work/tree/scripts" "$work/bin"
cp "$src/scripts/test.sh" "$work/tree/scripts/test.sh"
echo 'true' >"$work/tree/scripts/setup.sh"
events=$work/events
# cmake: a configure makes its build folder; a build logs and may fail
# (STUB_ASAN_BUILD=fail) or hang (STUB_ASAN_BUILD=hang, its pid kept).
cat >"$work/bin/cmake" <<'EOF'
#!/usr/bin/env bash
if [[ "$1" == "-S" ]]; then mkdir -p "$4"; exit 0; fi
if [[ "$2" == build/asan ]]; then
  echo "asan-build nice=${STUB_NICE:-0}" >>"$STUB_EVENTS"
  case "${STUB_ASAN_BUILD:-}" in
    fail) echo "stub: the sanitizer build's error"; exit 1 ;;
    hang) echo $$ >"$STUB_EVENTS.hang"; exec sleep 60 ;;
  esac
  exit 0
fi
echo "normal-build" >>"$STUB_EVENTS"
EOF
# ctest: in build/ with -L alone the alone tests, else the normal pass's
# other tests, which wait for the sanitizer tests to start; in build/asan the
# sanitizer tests (STUB_ASAN_TESTS=fail fails them).
cat >"$work/bin/ctest" <<'EOF'
#!/usr/bin/env bash
if [[ "$(basename "$PWD")" == asan ]]; then
  echo "asan-tests nice=${STUB_NICE:-0}" >>"$STUB_EVENTS"
  touch "$STUB_EVENTS.asan-tests"
  [[ "${STUB_ASAN_TESTS:-}" != fail ]]
  exit
fi
if [[ " $* " == *" -L alone "* ]]; then
  echo "normal-alone" >>"$STUB_EVENTS"
  sleep 1
  echo "normal-alone-end" >>"$STUB_EVENTS"
  exit 0
fi
echo "normal-rest args=$*" >>"$STUB_EVENTS"
if [[ "${STUB_NORMAL_TESTS:-}" == fail ]]; then
  for _ in $(seq 150); do
    [[ -s "$STUB_EVENTS.hang" ]] && break
    sleep 0.2
  done
  echo "normal-rest-end" >>"$STUB_EVENTS"
  exit 1
fi
for _ in $(seq "${STUB_WAIT:-150}"); do
  [[ -e "$STUB_EVENTS.asan-tests" ]] && break
  sleep 0.2
done
if [[ -e "$STUB_EVENTS.asan-tests" ]]; then echo "normal-rest-saw-asan-tests" >>"$STUB_EVENTS"; fi
echo "normal-rest-end" >>"$STUB_EVENTS"
EOF
# nice: runs the command at this priority and tells the stubs the level asked
# (a stub really at nice 19 could wait long on a busy machine).
cat >"$work/bin/nice" <<'EOF'
#!/usr/bin/env bash
if [[ "$1" == -n ]]; then
  export STUB_NICE=$2
  shift 2
fi
exec "$@"
EOF
chmod +x "$work/bin/cmake" "$work/bin/ctest" "$work/bin/nice"

# run ENV...: test.sh in a new copy of the tree with the stubs; its output in
# $out, its status in $rc, the stubs' log in $events.
# $args: test.sh's options (--sanitizers for the two passes).
args=()
run() {
  rm -rf "$work/tree/build" "$events" "$events.hang" "$events.asan-tests"
  rc=0
  out=$(env "$@" STUB_EVENTS="$events" PATH="$work/bin:$PATH" bash "$work/tree/scripts/test.sh" "${args[@]}" 2>&1) || rc=$?
}
line() { grep -n "^$1" "$events" | head -n 1 | cut -d: -f1; }

# The default: the normal pass alone.
run STUB_WAIT=0
[[ $rc -eq 0 ]] || fail "the normal pass alone, all green, but status $rc: $out"
grep -q '^asan' "$events" && fail "without --sanitizers a sanitizer step ran: $(tr '\n' ' ' <"$events")"
[[ -d "$work/tree/build/asan" ]] && fail "without --sanitizers the sanitizer build was configured"
grep -q '^normal-rest args=.*-LE alone' "$events" ||
  fail "without --sanitizers the normal pass left out more than the alone tests: $(grep normal-rest "$events")"
for phase in "normal build" "normal tests"; do
  grep -q "^test.sh: $phase done at [0-9]* s" <<<"$out" || fail "no phase line for the $phase: $out"
done
args=(--nosuch)
run
[[ $rc -eq 2 ]] || fail "an unknown option gave status $rc: $out"
grep -q "unknown option '--nosuch'" <<<"$out" || fail "an unknown option is not named: $out"
[[ -e "$events" ]] && fail "an unknown option still built or tested: $(tr '\n' ' ' <"$events")"

args=(--sanitizers)
run
grep -q "^normal-rest args=.*-LE asan_only|alone" "$events" ||
  fail "with --sanitizers the normal pass runs the asan_only soaks: $(grep normal-rest "$events")"
[[ $rc -eq 0 ]] || fail "all green, but status $rc: $out"
grep -qx "normal-rest-saw-asan-tests" "$events" ||
  fail "the sanitizer tests did not start while the normal tests ran: $(tr '\n' ' ' <"$events")"
(($(line asan-tests) > $(line normal-alone-end))) ||
  fail "the sanitizer tests started before the alone tests ended: $(tr '\n' ' ' <"$events")"
grep -qx "asan-tests nice=0" "$events" || fail "the sanitizer tests ran niced: $(grep asan-tests "$events")"
grep -qx "asan-build nice=19" "$events" || fail "the sanitizer build is not at nice 19: $(grep asan-build "$events")"
for phase in "normal build" "normal tests" "sanitizer build" "sanitizer tests" "sanitizer pass"; do
  grep -q "^test.sh: $phase done at [0-9]* s" <<<"$out" || fail "no phase line for the $phase: $out"
done

run STUB_ASAN_TESTS=fail
[[ $rc -ne 0 ]] || fail "the sanitizer tests failed, but the command passed: $out"
grep -q "the sanitizer tests failed" <<<"$out" || fail "a failed sanitizer pass is not named: $out"

run STUB_ASAN_BUILD=fail STUB_WAIT=0
[[ $rc -ne 0 ]] || fail "the sanitizer build failed, but the command passed: $out"
grep -q "stub: the sanitizer build's error" <<<"$out" || fail "the sanitizer build's log is not shown: $out"
grep -q '^asan-tests' "$events" && fail "the sanitizer tests ran after their build failed"

run STUB_ASAN_BUILD=hang STUB_NORMAL_TESTS=fail
[[ $rc -ne 0 ]] || fail "the normal tests failed, but the command passed: $out"
for _ in $(seq 50); do
  [[ -s "$events.hang" ]] && ! kill -0 "$(cat "$events.hang")" 2>/dev/null && break
  sleep 0.1
done
[[ -s "$events.hang" ]] || fail "the hanging sanitizer build never started"
if kill -0 "$(cat "$events.hang")" 2>/dev/null; then
  kill "$(cat "$events.hang")"
  fail "the sanitizer build still runs after the normal pass failed"
fi
echo "test_command_test: ok"
