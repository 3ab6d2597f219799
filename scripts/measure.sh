#!/usr/bin/env bash
# The app's idle CPU and the analysis pane's speed, measured as the shell issue asks:
# under Xvfb (software rendering), with a fresh data folder, on the release build.
#
#   scripts/measure.sh            # after `cargo build --release`
#
# Prints the CPU share of one core (pidstat, 20 s) with a clock running and with the
# Open dialog up (the in-app path prompt where no desktop portal answers), and leaves
# two screenshots: the analysis pane after 10 s of search (its nodes/s) beside the
# command line's `orrery analyse` on the same position. Needs xvfb, xdotool,
# imagemagick and sysstat.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$PWD/target/release/orrery
out=${OUT:-/tmp/orrery-measure}
mkdir -p "$out"
work=$(mktemp -d)
display=:97
Xvfb $display -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
export DISPLAY=$display
sleep 1

cpu() { # pid seconds -> the average %CPU
    pidstat -u -p "$1" 1 "$2" | awk '/Average/ {print $8}'
}

start() { # file -> pid, once the window is up; each run with a data folder of its own
    local home
    home=$(mktemp -d)
    HOME=$home XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config "$bin" "$@" >/dev/null 2>&1 &
    local pid=$!
    for _ in $(seq 100); do
        xdotool search --name Orrery >/dev/null 2>&1 && break
        sleep 0.1
    done
    sleep 3
    echo $pid
}

# 1. A game with a clock: each side's clock starts after its first move, so both
#    sides play one (clicks on the 1180x820 window: c2l to c3d, e7d to e6l).
printf '[Variant "Triangular"]\n[TimeControl "300+5"]\n\n*\n' > "$work/clock.pgn"
pid=$(start "$work/clock.pgn")
for at in "347 590" "347 545" "347 260" "347 300"; do
    xdotool mousemove $at click 1
    sleep 0.5
done
xdotool mousemove 1000 600
sleep 2
echo "idle, a clock running: $(cpu $pid 20) % of a core"
import -window root "$out/clock.png"
kill $pid; sleep 1

# 2. The Open dialog (Ctrl+O) on a game without a clock: the in-app path prompt where
#    no portal answers.
printf '[Variant "Triangular"]\n\n*\n' > "$work/opening.pgn"
pid=$(start "$work/opening.pgn")
echo "idle, nothing open: $(cpu $pid 10) % of a core"
xdotool search --name Orrery windowfocus --sync key ctrl+o
sleep 2
echo "idle, the Open dialog up: $(cpu $pid 20) % of a core"
import -window root "$out/dialog.png"
kill $pid; sleep 1

# 3. The analysis pane (L) on the opening, 10 s; then the command line, 10 s, with the
#    pane's three lines.
pid=$(start "$work/opening.pgn")
xdotool search --name Orrery windowfocus --sync key l
sleep 10
import -window root "$out/analysis.png"
echo "the app's analysis pane: see $out/analysis.png (its nodes/s)"
kill $pid
"$bin" analyse --variant triangular --movetime 10000 --multipv 3 | grep ' nps ' | tail -1 | sed 's/^/orrery analyse: /'
