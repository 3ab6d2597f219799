#!/usr/bin/env bash
# Measures what reading, listing, searching and the opening tree of big generated
# collections take: resident memory (max RSS) and CPU time, for each game, at 100,000
# and 1,000,000 games of up to 60 plies (issue 28's goals: 150 MB at 100,000 games,
# 1 GB at 1,000,000, time linear), in the command line and in the app (the real app
# drawn headless: examples/app_collection.rs, which prints its own lines). Needs
# release builds:
#   cargo build --release --bin orrery --example generate_collection --example app_collection
# Usage: scripts/collections.sh [COUNTS…] (default: 100000 1000000). Files go to
# ${TMPDIR:-/tmp} and are removed afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
orrery=target/release/orrery
generate=target/release/examples/generate_collection
app=target/release/examples/app_collection
counts=("$@")
[ $# -eq 0 ] && counts=(100000 1000000)
dir=${TMPDIR:-/tmp}
declare -A opening=(
  [draughts]="W:W31-48:B1-18"
  [interstellar]="nbuqpqubn/ss1ss1ss/9/8/9/8/9/SS1SS1SS/NBUQPQUBN +"
  [triangular]="1rnqbknr1/1p1ppbpp1p1/13/15/15/13/1P1PPBPP1P1/1RNQBKNR1 w 0 1"
)
printf '%-13s %8s %6s  %-7s %8s %8s %8s\n' game games MB command "RSS MB" "CPU s" "MB/CPU-s"
for count in "${counts[@]}"; do
  for game in draughts interstellar triangular; do
    file="$dir/orrery-$game-$count.pgn"
    "$generate" "$game" "$count" 60 "$file" 2>/dev/null
    mb=$(( $(stat -c %s "$file") / 1000000 ))
    for command in check list search tree; do
      case $command in
        # A position search that walks every game's tree: the opening, in every game.
        search) args=(record search "$file" --variant "$game" --position "${opening[$game]}") ;;
        *) args=(record "$command" "$file") ;;
      esac
      /usr/bin/time -f '%M %U %S' -o "$dir/orrery-time" "$orrery" "${args[@]}" >/dev/null 2>&1 || true
      read -r rss user sys < "$dir/orrery-time"
      cpu=$(echo "$user + $sys" | bc)
      printf '%-13s %8s %6s  %-7s %8s %8s %8.1f\n' "$game" "$count" "$mb" "$command" \
        $(( rss / 1024 )) "$cpu" "$(echo "$mb / $cpu" | bc -l)"
    done
    echo "  the app, $game, $count games:"
    "$app" "$file" | sed 's/^/    /'
    rm -f "$file"
  done
done
