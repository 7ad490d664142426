#!/usr/bin/env bash
# Builds Switchyard's libFuzzer targets (Tests/SwitchyardFuzz, docs/fuzzing.md) and runs
# each one. `make fuzz` calls it; `.ci/run` calls it with a small FUZZ_RUNS.
#
#   scripts/fuzz.sh [TARGET…]          every target when none is named
#
# Environment:
#   FUZZ_RUNS      inputs per target (libFuzzer -runs); default 200000
#   FUZZ_SECONDS   time limit per target (-max_total_time); default 0 = none
#   FUZZ_JOBS      parallel fuzzing processes per target (-fork); default 1
#   FUZZ_CONFIG    release (default) or debug
#   FUZZ_ARGS      more libFuzzer options, e.g. "-max_len=4096 -seed=1"
#   FUZZ_SANITIZE  the sanitizers: fuzzer,address (default); fuzzer alone runs
#                  the Swift-only targets about three times faster for long
#                  runs (built in .build/fuzz-fuzzer; corpora are shared)
#
# Corpora grow in .build/fuzz/corpus/TARGET (kept between runs, not in git);
# seeds come from Examples/, Devices/, the test fixtures and
# Tests/SwitchyardFuzz/Corpus/TARGET. A crash, timeout or out-of-memory input is
# written to .build/fuzz/artifacts/TARGET/ and the script exits 1 after
# running the other targets. Reproduce one with
#   .build/fuzz/release/fuzz-TARGET .build/fuzz/artifacts/TARGET/crash-…
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${FUZZ_RUNS:-200000}"
seconds="${FUZZ_SECONDS:-0}"
jobs="${FUZZ_JOBS:-1}"
config="${FUZZ_CONFIG:-release}"
swift="${SWIFT:-swift}"
sanitize="${FUZZ_SANITIZE:-fuzzer,address}"
scratch=".build/fuzz"
# The build of another sanitizer set has a folder of its own; corpora,
# artifacts and logs stay in $scratch.
build="$scratch"
[ "$sanitize" != "fuzzer,address" ] && build=".build/fuzz-${sanitize//,/-}"
all=(screen-model appium android xctest scenario settings profile evemu engine)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all[@]}")

# Seed directories per target (libFuzzer reads them recursively, and only
# the first, the working corpus, is written to).
seeds() {
  case "$1" in
    screen-model) echo Examples/apps Sources/DemoApp/Resources ;;
    appium)       echo Tests/ScreenModelTests/Fixtures/ios-appium Examples/apps ;;
    android)      echo Tests/ScreenModelTests/Fixtures/android ;;
    xctest)       echo Tests/ScreenModelTests/Fixtures/xctest ;;
    scenario)     echo Examples/scenarios Sources/DemoApp/Resources ;;
    settings)     echo Examples/settings ;;
    profile)      echo Devices/profiles ;;
    evemu)        echo Devices/fixtures ;;
    engine)       echo ;;
  esac
}

echo "Building the fuzz targets ($config, -sanitize=$sanitize)"
mkdir -p "$scratch" "$build"
# libFuzzer and ASan come with the toolchain (lib/clang/*/lib/linux); its lld
# links them (Debian's gold fails on the sanitized objects).
if ! "$swift" build -c "$config" --package-path Tests/SwitchyardFuzz --scratch-path "$build" \
     -Xswiftc -sanitize="$sanitize" -Xswiftc -use-ld=lld > "$scratch/build.log" 2>&1; then
  grep -E "error|warning: " "$scratch/build.log" >&2 || tail -n 20 "$scratch/build.log" >&2
  echo "fuzz.sh: the fuzz targets do not build; see $scratch/build.log" >&2
  exit 2
fi
grep -E "warning: " "$scratch/build.log" >&2 || true
bin="$("$swift" build -c "$config" --package-path Tests/SwitchyardFuzz --scratch-path "$build" --show-bin-path)"

# Swift keeps caches (type metadata, the fuzz targets' decoded demo app)
# for the life of the process: not leaks. Swift's own crash backtracer reads
# memory ASan guards, and crashes inside its report: libFuzzer reports instead.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"

failed=()
for t in "${targets[@]}"; do
  exe="$bin/fuzz-$t"
  [ -x "$exe" ] || { echo "fuzz.sh: no fuzz target '$t'; expected one of: ${all[*]}" >&2; exit 2; }
  corpus="$scratch/corpus/$t"
  artifacts="$scratch/artifacts/$t"
  mkdir -p "$corpus" "$artifacts"
  options=(-runs="$runs" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384
           -artifact_prefix="$artifacts/" -print_final_stats=1)
  dict=Tests/SwitchyardFuzz/Dictionaries/"$t".dict
  [ -f "$dict" ] && options+=(-dict="$dict")
  [ "$jobs" -gt 1 ] && options+=(-fork="$jobs")
  echo "== fuzz-$t"
  start=$SECONDS
  # shellcheck disable=SC2086
  if ! "$exe" "${options[@]}" ${FUZZ_ARGS:-} "$corpus" Tests/SwitchyardFuzz/Corpus/"$t" $(seeds "$t") 2> "$scratch/$t.log"; then
    failed+=("$t")
    grep -E "Fatal error|invariant broken|ERROR:|SUMMARY:|#[0-9]+ 0x.* in .*(Sources|Swift)/|Test unit written" "$scratch/$t.log" | head -n 30 | sed 's/^/   /' || true
    echo "   (the whole log: $scratch/$t.log)"
  fi
  grep -E "stat::number_of_executed_units|fuzzed for|oom/timeout/crash: [0-9]*/[0-9]*/[1-9]" "$scratch/$t.log" | sed 's/^/   /' || true
  echo "   $((SECONDS - start)) s"
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz.sh: ${#failed[@]} target(s) failed: ${failed[*]}; inputs in $scratch/artifacts/" >&2
  exit 1
fi
echo "fuzz.sh: every target ran clean"
