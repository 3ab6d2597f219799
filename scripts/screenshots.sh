#!/usr/bin/env bash
# Builds Orrery, runs the real app under Xvfb and captures screenshots/*.png of both
# games. Needs: apt-get install -y --no-install-recommends xvfb x11-apps imagemagick
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
shoot app-start 1024x700
