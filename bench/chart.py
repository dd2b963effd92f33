#!/usr/bin/env python3
"""Draws measurements as an SVG chart: time against n, log scale, a line per program. Reads
`series,n,seconds` lines on stdin and writes the SVG to the path given; or, with --table,
draws BENCHMARKS.md's table of today's figures (its one-thread counts against the
quarter-board join: ours and the peer's) into bench/chart.svg, or with --check fails if
that file is not what the table draws (CI runs that, so the chart never drifts from the
table).

    python3 bench/chart.py OUT.svg < points.csv
    python3 bench/chart.py --table            # rewrite bench/chart.svg from BENCHMARKS.md
    python3 bench/chart.py --table --check    # exit 1 if it drifted
"""
import math
import os
import sys
from collections import defaultdict

WIDTH, HEIGHT = 720, 400
LEFT, RIGHT, TOP, BOTTOM = 70, 250, 30, 50
COLOURS = ["#1b6ac9", "#d1495b", "#2e933c", "#8a5cc2", "#e0a100"]


# The rows of today's table that the chart draws, and its series' names.
TABLE_ROWS = "count against the quarter-board join"
OURS, PEER = "nqueens (one thread)", "quarter-board join (one thread)"


def table_points():
    """`series,n,seconds` lines from BENCHMARKS.md's figures block: the one-thread rows of
    the count against the quarter-board join."""
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    text = open(os.path.join(here, "BENCHMARKS.md"), encoding="utf-8").read()
    block = text.split("<!-- figures: begin -->")[1].split("<!-- figures: end -->")[0]
    points = []
    for row in block.splitlines():
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        if len(cells) < 5 or cells[0] != TABLE_ROWS or cells[2] != "1":
            continue
        seconds = lambda cell: float(cell.split()[0])
        points.append(f"{OURS},{cells[1]},{seconds(cells[3])}")
        points.append(f"{PEER},{cells[1]},{seconds(cells[4])}")
    return points


def main():
    args = sys.argv[1:]
    if args[:1] == ["--table"]:
        here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "chart.svg")
        svg = draw(table_points())
        if args[1:] == ["--check"]:
            if open(here, encoding="utf-8").read() != svg:
                print("chart.py: bench/chart.svg is not what BENCHMARKS.md's table draws: "
                      "run python3 bench/chart.py --table", file=sys.stderr)
                return 1
            print("chart.py: bench/chart.svg draws BENCHMARKS.md's table")
            return 0
        with open(here, "w", encoding="utf-8") as f:
            f.write(svg)
        return 0
    if len(args) != 1:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    svg = draw(sys.stdin)
    if svg is None:
        return 1
    with open(args[0], "w", encoding="utf-8") as f:
        f.write(svg)
    return 0


def draw(lines):
    """The SVG of `series,n,seconds` lines, or None (and why, on stderr) for none."""
    series = defaultdict(list)
    for line in lines:
        line = line.strip()
        if not line:
            continue
        name, n, seconds = line.rsplit(",", 2)
        series[name].append((int(n), max(float(seconds), 1e-3)))
    if not series:
        print("chart.py: no points", file=sys.stderr)
        return None
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
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    sys.exit(main())
