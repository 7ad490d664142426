#!/bin/sh
# Prints what a test run did, from its xUnit report (swift test
# --xunit-output): how many tests ran, how many were skipped and why, how
# many failed. Swift Testing's own closing line counts a skipped test among
# the passed ones; this line does not.
#   scripts/test-summary.sh .build/test-results-swift-testing.xml
set -eu
report=${1:?the xUnit report of swift test --xunit-output}
[ -s "$report" ] || { echo "test-summary: no report at $report (did swift test run?)" >&2; exit 1; }
head=$(grep -m1 '<testsuite ' "$report")
count() { echo "$head" | sed -n "s/.* $1=\"\([0-9]*\)\".*/\1/p"; }
ran=$(count tests); skipped=$(count skipped); failed=$(count failures)
echo "tests: $((ran + skipped)) in all, $((ran - failed)) passed, $failed failed, $skipped skipped"
grep -o '<skipped>[^<]*</skipped>' "$report" | sed 's/<[^>]*>//g' | sort | uniq -c | sed 's/^ *\([0-9]*\) /  skipped \1: /'
