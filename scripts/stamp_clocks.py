#!/usr/bin/env python3
"""Adds a TimeControl tag and made-up [%clk] readings to a game report's text, for the
README's clock screenshot: each main-line move's comment (the report writes one with
[%eval] after every move) gets the mover's clock, counting down from 5 minutes with a
3-second increment. Usage: stamp_clocks.py IN.pgn OUT.pgn"""
import re
import sys

text = open(sys.argv[1], encoding="utf-8").read()
text = text.replace('[Result ', '[TimeControl "300+3"]\n[Result ', 1)
left = [300.0, 300.0]
ply = 0


def stamp(match):
    global ply
    side = ply % 2
    if ply >= 2:
        # Time used (the second player slower), less the 3-second increment.
        left[side] -= 4 + (ply * 7) % 11 + 5 * side - 3
    ply += 1
    s = int(left[side])
    return f"{match.group(0)} [%clk {s // 3600}:{s // 60 % 60:02}:{s % 60:02}]"


text = re.sub(r"\[%eval [^\]]*\]", stamp, text)
open(sys.argv[2], "w", encoding="utf-8").write(text)
