#!/usr/bin/env python3
"""Extracts the chess silhouettes (U+265A..U+265F, the filled chess symbols) from the
bundled DejaVu Sans into src/render/chess_outlines.rs as cubic path data in a unit box.

Each glyph becomes two lists of contours: `outer` (the silhouette's outside contours)
and `inner` (the holes: the detail lines inside the silhouette). Run from the repository
root: `python3 tools/chess_glyphs.py` (needs fontTools)."""
from fontTools.ttLib import TTFont
from fontTools.pens.basePen import BasePen

FONT = "assets/fonts/DejaVuSans.ttf"
OUT = "src/render/chess_outlines.rs"
GLYPHS = [("KING", 0x265A), ("QUEEN", 0x265B), ("ROOK", 0x265C), ("BISHOP", 0x265D), ("KNIGHT", 0x265E), ("PAWN", 0x265F)]


class Pen(BasePen):
    def __init__(self, gs):
        super().__init__(gs)
        self.contours = []
        self.cur = None
        self.start = None

    def _moveTo(self, p):
        self.cur = [("M", [p])]
        self.contours.append(self.cur)
        self.start = p

    def _lineTo(self, p):
        self.cur.append(("L", [p]))

    def _curveToOne(self, a, b, c):
        self.cur.append(("C", [a, b, c]))

    def _qCurveToOne(self, p1, p2):
        p0 = self._getCurrentPoint()
        c1 = (p0[0] + 2 / 3 * (p1[0] - p0[0]), p0[1] + 2 / 3 * (p1[1] - p0[1]))
        c2 = (p2[0] + 2 / 3 * (p1[0] - p2[0]), p2[1] + 2 / 3 * (p1[1] - p2[1]))
        self.cur.append(("C", [c1, c2, p2]))

    def _closePath(self):
        self.cur.append(("Z", []))

    _endPath = _closePath


def area(contour):
    pts = [ps[-1] for op, ps in contour if ps]
    return sum(pts[i][0] * pts[(i + 1) % len(pts)][1] - pts[(i + 1) % len(pts)][0] * pts[i][1] for i in range(len(pts))) / 2


font = TTFont(FONT)
cmap = font.getBestCmap()
gs = font.getGlyphSet()
glyphs = {}
for name, cp in GLYPHS:
    pen = Pen(gs)
    gs[cmap[cp]].draw(pen)
    glyphs[name] = pen.contours

# One scale for all: the tallest glyph spans 0.84 of the box; bottoms at y = 0.92.
allpts = [p for cs in glyphs.values() for c in cs for op, ps in c for p in ps]
ymin = min(p[1] for p in allpts)
ymax = max(p[1] for p in allpts)
scale = 0.84 / (ymax - ymin)

lines = [
    "//! Chess silhouettes extracted from the bundled DejaVu Sans (U+265A–U+265F) by",
    "//! `tools/chess_glyphs.py`: cubic outlines in a unit box (y down). Generated; do not edit.",
    "",
    "#![allow(clippy::approx_constant)]",
    "",
    "/// One contour: `(op, points)` with op `b'M'`, `b'L'`, `b'C'` (three points) or `b'Z'`.",
    "pub(crate) type Contour = &'static [(u8, &'static [(f32, f32)])];",
    "",
]
for name, contours in glyphs.items():
    pts = [p for c in contours for op, ps in c for p in ps]
    cx = (min(p[0] for p in pts) + max(p[0] for p in pts)) / 2

    def tr(p):
        return (round(0.5 + (p[0] - cx) * scale, 4), round(0.92 - (p[1] - ymin) * scale, 4))

    # TrueType outer contours run clockwise (negative area in y-up coordinates).
    outer = [c for c in contours if area(c) < 0]
    inner = [c for c in contours if area(c) >= 0]
    for part, cs in (("OUTER", outer), ("INNER", inner)):
        lines.append(f"/// {name.lower()}: {part.lower()} contours.")
        lines.append(f"pub(crate) static {name}_{part}: &[Contour] = &[")
        for c in cs:
            segs = []
            for op, ps in c:
                segs.append("(b'%s', &[%s])" % (op, ", ".join("(%s, %s)" % tr(p) for p in ps)))
            lines.append("    &[" + ", ".join(segs) + "],")
        lines.append("];")
open(OUT, "w").write("\n".join(lines) + "\n")
print("scale", scale, "contours", {k: len(v) for k, v in glyphs.items()})
