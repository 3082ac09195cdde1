#!/bin/sh
# A CI step: every gesture script of a corpus is written as a recording by `tactile synth`
# and its gestures compared with the golden file beside it by `tactile check`. A script
# without a golden gets one (review it by eye, then commit it); any difference fails.
#   check-corpus.sh [CORPUS [OUT]]   the recordings go to OUT (made if missing), else to a
#                                    temporary folder removed at the end
set -eu
corpus=${1:-corpus}
if [ -n "${2:-}" ]; then
    out=$2
    mkdir -p "$out"
else
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
fi
status=0
for script in "$corpus"/*.yaml; do
    name=$(basename "$script" .yaml)
    tactile synth "$script" -o "$out/$name.jsonl"
    golden="$corpus/$name.expected.jsonl"
    if [ ! -f "$golden" ]; then
        tactile check --update "$out/$name.jsonl" "$golden"
        echo "$golden: written; review it before committing"
    elif ! tactile check "$out/$name.jsonl" "$golden"; then
        status=1
    fi
done
exit $status
