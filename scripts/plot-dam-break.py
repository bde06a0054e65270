#!/usr/bin/env python3
"""The dam-break figure of docs/particles.md: the surge front of scenes/dam_break.json against
Martin and Moyce (1952), as an SVG (no plotting library needed).

  liquidfx render scenes/dam_break.json --out out/dam --size 64x36 --fps 100 --seconds 0.31 \
      --stats docs/data/dam_break_front.csv
  scripts/plot-dam-break.py docs/data/dam_break_front.csv docs/images/dam_break_front.svg
"""
import csv
import math
import sys

A = 0.15  # the column's width (m); it is twice as high, as the experiment's
# Martin and Moyce's surge of a column twice as tall as wide (n^2 = 2, a = 2.25 in).
MARTIN_MOYCE = [(0.41, 1.11), (0.84, 1.22), (1.19, 1.44), (1.43, 1.67), (1.63, 1.89), (1.83, 2.11), (1.98, 2.33),
                (2.20, 2.56), (2.32, 2.78), (2.51, 3.00), (2.65, 3.22), (2.81, 3.44), (2.97, 3.67), (3.11, 3.89),
                (3.22, 4.11)]


def main(source, target):
    scale = math.sqrt(2 * 9.81 / A)
    rows = [r for r in csv.DictReader(open(source)) if r["water.live"] not in ("", "nan", "0")]
    sim = [(float(r["water.measured_at_s"]) * scale, float(r["water.front_m"]) / A) for r in rows]
    sim = [p for p in sim if p[0] <= 3.5]
    w, h, left, bottom, right, top = 560, 360, 60, 50, 20, 20
    x_of = lambda t: left + t / 3.5 * (w - left - right)
    y_of = lambda z: h - bottom - (z - 1.0) / 4.0 * (h - bottom - top)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="12">',
           f'<rect width="{w}" height="{h}" fill="white"/>']
    for t in range(0, 4):
        out.append(f'<line x1="{x_of(t):.1f}" y1="{y_of(1):.1f}" x2="{x_of(t):.1f}" y2="{y_of(5):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{x_of(t):.1f}" y="{h - bottom + 18}" text-anchor="middle">{t}</text>')
    for z in range(1, 6):
        out.append(f'<line x1="{x_of(0):.1f}" y1="{y_of(z):.1f}" x2="{x_of(3.5):.1f}" y2="{y_of(z):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 8}" y="{y_of(z) + 4:.1f}" text-anchor="end">{z}</text>')
    out.append(f'<text x="{(left + w - right) / 2}" y="{h - 10}" text-anchor="middle">T = t sqrt(2g/a)</text>')
    out.append(f'<text x="16" y="{(top + h - bottom) / 2}" text-anchor="middle" '
               f'transform="rotate(-90 16 {(top + h - bottom) / 2})">Z = front / a</text>')
    path = " ".join(f"{'M' if i == 0 else 'L'}{x_of(t):.1f},{y_of(z):.1f}" for i, (t, z) in enumerate(sim))
    out.append(f'<path d="{path}" fill="none" stroke="#1f5fbf" stroke-width="2"/>')
    for t, z in MARTIN_MOYCE:
        out.append(f'<circle cx="{x_of(t):.1f}" cy="{y_of(z):.1f}" r="4" fill="none" stroke="#c0392b" stroke-width="1.5"/>')
    out.append(f'<line x1="{left + 20}" y1="{top + 10}" x2="{left + 50}" y2="{top + 10}" stroke="#1f5fbf" stroke-width="2"/>')
    out.append(f'<text x="{left + 56}" y="{top + 14}">liquidfx, 16,384 particles (scenes/dam_break.json)</text>')
    out.append(f'<circle cx="{left + 35}" cy="{top + 30}" r="4" fill="none" stroke="#c0392b" stroke-width="1.5"/>')
    out.append(f'<text x="{left + 56}" y="{top + 34}">Martin and Moyce (1952), column twice as tall as wide</text>')
    out.append("</svg>")
    open(target, "w").write("\n".join(out) + "\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
