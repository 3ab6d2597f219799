#!/usr/bin/env bash
# Builds the engine's baseline — the commit a change is measured against — in a
# worktree of its own, and prints the path of its binary, for
#
#   orrery match --variant triangular --a level=8 --b engine="$(scripts/baseline.sh) engine" \
#       --movetime 100 --games 400 --sprt 0,10
#
#   scripts/baseline.sh            # the baseline of the engine issue (BASELINE below)
#   scripts/baseline.sh COMMIT     # any other commit (a tag, a hash, HEAD~3)
#
# The worktree and its build stay in ${BASELINE_DIR:-/tmp/orrery-baseline}/COMMIT, so
# a second run only prints the path. Progress goes to standard error.
set -euo pipefail
cd "$(dirname "$0")/.."
# The commit the stronger-engine work started from (docs/engine.md, "Measuring").
BASELINE=f39cf12fed5465508cb61d26d7dcc72924c16e91
commit=$(git rev-parse --verify "${1:-$BASELINE}^{commit}")
dir=${BASELINE_DIR:-/tmp/orrery-baseline}/$commit
if [ ! -x "$dir/target/release/orrery" ]; then
    if [ ! -d "$dir/src" ]; then
        mkdir -p "$(dirname "$dir")"
        git worktree add --force --detach "$dir" "$commit" >&2
    fi
    (cd "$dir" && CARGO_TARGET_DIR="$dir/target" cargo build --release --locked >&2)
fi
echo "$dir/target/release/orrery"
