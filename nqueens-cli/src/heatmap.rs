//! `nqueens heatmap N`: for every square, how many solutions put a queen there, as aligned
//! text, JSON or an SVG picture. Every row and column sums to the total and the matrix has the
//! 8 symmetries of the square: both are checked before anything is printed.

use std::io::Write;

use nqueens_tables::Heatmap;

use crate::{Failure, Threads};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub(crate) board: crate::Board,
    #[command(flatten)]
    threads: Threads,
    /// Output format.
    #[arg(long, value_enum, default_value_t = HeatmapFormat::Auto)]
    format: HeatmapFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum HeatmapFormat {
    /// The exact counts (text), or on a terminal too narrow for them a shaded grid.
    Auto,
    /// N lines of N counts, in aligned columns.
    Text,
    /// A grid of shades, one cell a square, with its legend: what fits a narrow terminal.
    Shaded,
    /// N lines of N counts separated by commas, for a spreadsheet.
    Csv,
    /// One JSON object: n, total, and rows (N arrays of N counts).
    Json,
    /// An SVG picture: the board coloured by count, with a colour scale, and the counts in
    /// the squares where they fit.
    Svg,
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let n = args.board.n;
    let threads = args.threads.get();
    let map = crate::progress::with_progress(
        &format!(
            "counting the heat map of n = {n} on {}",
            args.threads.shown()
        ),
        |report| {
            nqueens_tables::HeatmapCounter::new(n)?
                .threads(threads)
                .run_with_progress(|p| report(p.into()))
        },
        &|| None,
    )?;
    check(&map)?;
    let columns = terminal_columns();
    let format = match args.format {
        HeatmapFormat::Auto => match columns {
            Some(columns) if text_width(&map) > columns => HeatmapFormat::Shaded,
            _ => HeatmapFormat::Text,
        },
        chosen => chosen,
    };
    match format {
        HeatmapFormat::Auto | HeatmapFormat::Text => text(out, &map)?,
        HeatmapFormat::Shaded => shaded(out, &map, columns)?,
        HeatmapFormat::Csv => {
            for row in map.rows() {
                let cells: Vec<String> = row.iter().map(u64::to_string).collect();
                writeln!(out, "{}", cells.join(","))?;
            }
        }
        HeatmapFormat::Json => {
            /// The JSON form, its keys in this order.
            #[derive(serde::Serialize)]
            struct Json<'a> {
                n: usize,
                total: u64,
                rows: Vec<&'a [u64]>,
            }
            let json = Json {
                n,
                total: map.total(),
                rows: map.rows().collect(),
            };
            let line = serde_json::to_string(&json).map_err(std::io::Error::from)?;
            writeln!(out, "{line}")?;
        }
        HeatmapFormat::Svg => out.write_all(svg(&map).as_bytes())?,
    }
    Ok(())
}

/// What every heat map must satisfy: rows and columns summing to one total, the published one
/// where it is known, and the 8 symmetries. A map that fails is a bug, reported as a failed
/// count (exit 1), never printed.
fn check(map: &Heatmap) -> Result<(), Failure> {
    let n = map.n();
    let at = |r: usize, c: usize| map.get(r, c).unwrap_or(u64::MAX);
    let total = map.total();
    let fail = |what: String| {
        Err(Failure::Count(format!(
            "the heat map of {n} is wrong: {what}"
        )))
    };
    if nqueens_tables::known_count(n).is_some_and(|known| known != total) {
        return fail(format!("its rows sum to {total}"));
    }
    for i in 0..n {
        let row: u64 = (0..n).map(|c| at(i, c)).sum();
        let column: u64 = (0..n).map(|r| at(r, i)).sum();
        if row != total || column != total {
            return fail(format!("row or column {} does not sum to {total}", i + 1));
        }
    }
    let m = n.saturating_sub(1);
    for r in 0..n {
        for c in 0..n {
            let images = [(c, m - r), (m - r, m - c), (r, m - c), (c, r)];
            if images.iter().any(|&(ir, ic)| at(ir, ic) != at(r, c)) {
                return fail(format!("square {},{} breaks a symmetry", r + 1, c + 1));
            }
        }
    }
    Ok(())
}

/// The width of standard output where it is a terminal: `None` for a file or a pipe,
/// which get the exact counts whatever their width.
fn terminal_columns() -> Option<usize> {
    use std::io::IsTerminal;
    if !std::io::stdout().is_terminal() {
        return None;
    }
    console::Term::stdout()
        .size_checked()
        .map(|(_, columns)| usize::from(columns))
}

/// The widest count's digits.
fn digits(map: &Heatmap) -> usize {
    map.rows()
        .flatten()
        .map(|c| c.to_string().len())
        .max()
        .unwrap_or(1)
}

/// The columns [`text`] takes.
fn text_width(map: &Heatmap) -> usize {
    map.n() * (digits(map) + 1) - 1
}

/// The shades of [`shaded`], from the least count to the most.
const SHADES: [char; 5] = ['·', '░', '▒', '▓', '█'];

/// The counts as a grid of shades, a cell a square (two characters wide, so that the board
/// looks square, where `columns` leave room), then the legend: the range the shades span,
/// and how to get the exact counts.
fn shaded(out: &mut dyn Write, map: &Heatmap, columns: Option<usize>) -> std::io::Result<()> {
    let n = map.n();
    let cell = match columns {
        Some(c) if c < 2 * n => 1,
        _ => 2,
    };
    let (least, most) = map
        .rows()
        .flatten()
        .fold((u64::MAX, 0), |(lo, hi), &c| (lo.min(c), hi.max(c)));
    let top = SHADES.len() as u64 - 1;
    let shade = |c: u64| match most - least {
        0 => SHADES[SHADES.len() - 1],
        span => SHADES[((c - least) * top).div_ceil(span) as usize],
    };
    let mut text = String::new();
    for row in map.rows() {
        for &c in row {
            (0..cell).for_each(|_| text.push(shade(c)));
        }
        text.push('\n');
    }
    let scale: String = SHADES
        .iter()
        .map(|s| format!("{s}{s}"))
        .collect::<Vec<_>>()
        .join(" ");
    text.push_str(&format!(
        "least {scale} most: {least} to {most} solutions a square\n\
         exact counts: nqueens heatmap {n} --format text (or csv, json), or into a file\n"
    ));
    out.write_all(text.as_bytes())
}

/// The counts in right-aligned columns, one space apart.
fn text(out: &mut dyn Write, map: &Heatmap) -> std::io::Result<()> {
    let width = digits(map);
    let mut text = String::new();
    for row in map.rows() {
        let cells: Vec<String> = row.iter().map(|c| format!("{c:>width$}")).collect();
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    out.write_all(text.as_bytes())
}

/// The colour of `t` in 0..=1 on a scale from dark blue through green to yellow (viridis'
/// ends and middle), readable by the colour-blind and in greyscale.
fn colour(t: f64) -> String {
    const STOPS: [(f64, [f64; 3]); 5] = [
        (0.0, [68.0, 1.0, 84.0]),
        (0.25, [59.0, 82.0, 139.0]),
        (0.5, [33.0, 145.0, 140.0]),
        (0.75, [94.0, 201.0, 98.0]),
        (1.0, [253.0, 231.0, 37.0]),
    ];
    let t = t.clamp(0.0, 1.0);
    let i = STOPS
        .iter()
        .rposition(|&(at, _)| at <= t)
        .unwrap_or(0)
        .min(3);
    let ((a, ca), (b, cb)) = (STOPS[i], STOPS[i + 1]);
    let f = (t - a) / (b - a);
    let mix = |k: usize| (ca[k] + (cb[k] - ca[k]) * f).round() as u8;
    format!("#{:02x}{:02x}{:02x}", mix(0), mix(1), mix(2))
}

/// Pixels per square.
const CELL: usize = 40;

/// The heat map as an SVG picture: the board's squares coloured by count (darkest for the
/// fewest), each count written in its square where it fits, and the colour scale below.
fn svg(map: &Heatmap) -> String {
    let n = map.n();
    let counts: Vec<u64> = map.rows().flatten().copied().collect();
    let (low, high) = (
        counts.iter().copied().min().unwrap_or(0),
        counts.iter().copied().max().unwrap_or(0),
    );
    let scale = |c: u64| match high - low {
        0 => 0.5,
        span => (c - low) as f64 / span as f64,
    };
    let side = n * CELL;
    let (width, height) = (side + 20, side + 90);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">\n\
         <title>Solutions of the {n}-queens puzzle with a queen on each square ({} in all)</title>\n\
         <rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n",
        map.total()
    );
    // A count is written where it fits the square at a readable size.
    let digits = high.to_string().len();
    let font = ((CELL as f64 * 0.85) / (digits as f64 * 0.62)).min(CELL as f64 * 0.4);
    for (r, row) in map.rows().enumerate() {
        for (c, &count) in row.iter().enumerate() {
            let (x, y) = (10 + c * CELL, 10 + r * CELL);
            let t = scale(count);
            s.push_str(&format!(
                "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\">\
                 <title>row {}, column {}: {count}</title></rect>\n",
                colour(t),
                r + 1,
                c + 1
            ));
            if font >= 7.0 {
                let ink = if t > 0.6 { "#000" } else { "#fff" };
                s.push_str(&format!(
                    "<text x=\"{}\" y=\"{}\" font-size=\"{font:.1}\" fill=\"{ink}\" \
                     text-anchor=\"middle\" dominant-baseline=\"central\">{count}</text>\n",
                    x + CELL / 2,
                    y + CELL / 2
                ));
            }
        }
    }
    // The scale: a bar from the fewest to the most, labelled at both ends.
    let bar = side.saturating_sub(120).max(40);
    let y = side + 30;
    for i in 0..bar {
        s.push_str(&format!(
            "<rect x=\"{}\" y=\"{y}\" width=\"1.5\" height=\"16\" fill=\"{}\"/>\n",
            70 + i,
            colour(i as f64 / bar as f64)
        ));
    }
    s.push_str(&format!(
        "<text x=\"65\" y=\"{}\" font-size=\"12\" fill=\"#222\" text-anchor=\"end\">{low}</text>\n\
         <text x=\"{}\" y=\"{}\" font-size=\"12\" fill=\"#222\">{high}</text>\n\
         <text x=\"10\" y=\"{}\" font-size=\"12\" fill=\"#222\">solutions with a queen on the square, of {}</text>\n\
         </svg>\n",
        y + 12,
        75 + bar,
        y + 12,
        y + 40,
        map.total()
    ));
    s
}
