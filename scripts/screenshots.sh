#!/usr/bin/env bash
# Builds Orrery, runs the real app under Xvfb and captures screenshots/*.png of both
# games. Needs: apt-get install -y --no-install-recommends xvfb x11-apps imagemagick
# xdotool python3
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release
out=screenshots
mkdir -p "$out"
# A throwaway home, so saved settings and sessions of the user do not leak in.
export HOME
HOME=$(mktemp -d)
shoot() { # name, size, args...
  local name=$1 size=$2; shift 2
  xvfb-run -a -s "-screen 0 ${size}x24" sh -c "./target/release/orrery $* & P=\$!; sleep 5; import -window root '$out/$name.png'; kill \$P"
  echo "wrote $out/$name.png"
}
shoot app-interstellar-game 1280x860 open assets/games/interstellar-planet-hunt.pgn
shoot app-triangular-game 1280x860 open assets/games/triangular-queen-raid.pgn
shoot app-draughts-game 1280x860 open assets/games/draughts-level-match.pgn
shoot app-start 1024x700
# The analysis, clocks and the move list with the game report's judgements: a
# demonstration game analysed by `orrery report`, with made-up clock readings, the
# analysis turned on from the View menu and a move of the move list clicked (clicks at
# the default window's layout of docked panes).
work=$(mktemp -d)
./target/release/orrery report assets/games/triangular-queen-raid.pgn "$work/raid.pgn" >/dev/null
python3 scripts/stamp_clocks.py "$work/raid.pgn" "$work/raid-clock.pgn"
shoot_steps() { # name, file, seconds to wait at the end, xdotool steps...
  local name=$1 file=$2 wait=$3; shift 3
  HOME=$(mktemp -d) xvfb-run -a -s "-screen 0 1400x900x24" sh -c "./target/release/orrery open '$file' & P=\$!; sleep 5; for s in $*; do xdotool \$(echo \$s | tr , ' '); sleep 1; done; sleep $wait; import -window root -crop 1180x820+0+0 +repage '$out/$name.png'; kill \$P"
  echo "wrote $out/$name.png"
}
shoot_steps app-analysis-report "$work/raid-clock.pgn" 7 mousemove,158,12,click,1 mousemove,200,292,click,1 mousemove,1030,324,click,1
# The games list (it opens by itself for a file of several games, docked under the
# board) and the opening tree of the start position on the right (View → Opening tree,
# then Home with the window focused).
shoot_steps app-games-list-tree assets/games/triangular-engine-match.pgn 2 mousemove,158,12,click,1 mousemove,200,269,click,1 mousemove,600,700 search,--name,Orrery,windowfocus key,Home
# Learn (the first start's welcome offers the courses; a lesson with its coins and the
# piece picked up), then Help → Rules of … with the piece cards and, scrolled down, the
# rules page itself — for each game.
learn_shots() { # game, the welcome's button x, the piece to pick up (x,y), the Help item's y
  local game=$1 button=$2 piece=$3 item=$4
  HOME=$(mktemp -d) xvfb-run -a -s "-screen 0 1400x900x24" sh -c "./target/release/orrery & P=\$!; sleep 5; xdotool mousemove $button 425 click 1; sleep 1; xdotool mousemove $piece click 1; sleep 1; import -window root -crop 1180x820+0+0 +repage '$out/learn-$game.png'; xdotool mousemove 1140 37 click 1; sleep 1; xdotool mousemove 199 12 click 1; sleep 1; xdotool mousemove 249 $item click 1; sleep 2; import -window root -crop 1180x820+0+0 +repage '$out/rules-$game-cards.png'; xdotool mousemove 400 400; for k in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18; do xdotool click 5; done; sleep 1; import -window root -crop 1180x820+0+0 +repage '$out/rules-$game-page.png'; kill \$P"
  echo "wrote $out/learn-$game.png, $out/rules-$game-cards.png, $out/rules-$game-page.png"
}
learn_shots interstellar 443 "389 670" 116
learn_shots triangular 564 "389 463" 139
learn_shots draughts 710 "293 586" 162
