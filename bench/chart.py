#!/usr/bin/env python3
"""Draws bench/compare.sh's measurements as an SVG chart: time against n, log scale, a line
per program. Reads `series,n,seconds` lines on stdin, writes the SVG to the path given.

    python3 bench/chart.py OUT.svg < points.csv
"""
import math
import sys
from collections import defaultdict

WIDTH, HEIGHT = 640, 400
LEFT, RIGHT, TOP, BOTTOM = 70, 200, 30, 50
COLOURS = ["#1b6ac9", "#d1495b", "#2e933c", "#8a5cc2", "#e0a100"]


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    series = defaultdict(list)
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        name, n, seconds = line.rsplit(",", 2)
        series[name].append((int(n), max(float(seconds), 1e-3)))
    if not series:
        print("chart.py: no points", file=sys.stderr)
        return 1
    ns = [n for pts in series.values() for n, _ in pts]
    ts = [t for pts in series.values() for _, t in pts]
    n_lo, n_hi = min(ns), max(ns)
    if n_lo == n_hi:
        n_lo, n_hi = n_lo - 1, n_hi + 1
    t_lo = 10 ** math.floor(math.log10(min(ts)))
    t_hi = 10 ** math.ceil(math.log10(max(ts)))
    if t_lo == t_hi:
        t_hi *= 10
    pw, ph = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    x = lambda n: LEFT + (n - n_lo) / (n_hi - n_lo) * pw
    y = lambda t: TOP + (math.log10(t_hi) - math.log10(t)) / (math.log10(t_hi) - math.log10(t_lo)) * ph
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
           f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>']
    decade = t_lo
    while decade <= t_hi * 1.0001:
        yy = y(decade)
        out.append(f'<line x1="{LEFT}" x2="{LEFT + pw}" y1="{yy:.1f}" y2="{yy:.1f}" stroke="#ddd"/>')
        label = f"{decade:g} s"
        out.append(f'<text x="{LEFT - 6}" y="{yy + 4:.1f}" text-anchor="end">{label}</text>')
        decade *= 10
    for n in range(n_lo, n_hi + 1):
        out.append(f'<text x="{x(n):.1f}" y="{TOP + ph + 18}" text-anchor="middle">{n}</text>')
    out.append(f'<text x="{LEFT + pw / 2}" y="{HEIGHT - 10}" text-anchor="middle">n</text>')
    out.append(f'<line x1="{LEFT}" x2="{LEFT}" y1="{TOP}" y2="{TOP + ph}" stroke="black"/>')
    out.append(f'<line x1="{LEFT}" x2="{LEFT + pw}" y1="{TOP + ph}" y2="{TOP + ph}" stroke="black"/>')
    for i, (name, pts) in enumerate(series.items()):
        colour = COLOURS[i % len(COLOURS)]
        pts.sort()
        path = " ".join(f"{x(n):.1f},{y(t):.1f}" for n, t in pts)
        out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for n, t in pts:
            out.append(f'<circle cx="{x(n):.1f}" cy="{y(t):.1f}" r="3" fill="{colour}"/>')
        ly = TOP + 10 + 20 * i
        out.append(f'<line x1="{LEFT + pw + 15}" x2="{LEFT + pw + 35}" y1="{ly}" y2="{ly}" stroke="{colour}" stroke-width="2"/>')
        out.append(f'<text x="{LEFT + pw + 40}" y="{ly + 4}">{name}</text>')
    out.append("</svg>")
    with open(sys.argv[1], "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
