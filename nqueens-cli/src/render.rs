//! People-facing forms of a solution: 1-based columns, or a board of `Q` and `.`.

use std::io::{self, Write};

/// `2 4 6 1 3 5`: each row's 1-based column, single spaces, newline.
pub fn rows(out: &mut dyn Write, sol: &[u8]) -> io::Result<()> {
    let mut line = String::with_capacity(sol.len() * 3);
    for (i, &c) in sol.iter().enumerate() {
        if i > 0 {
            line.push(' ');
        }
        line.push_str(&(c as usize + 1).to_string());
    }
    line.push('\n');
    out.write_all(line.as_bytes())
}

/// One line per row, `queen` on the queen's square and `empty` elsewhere, each cell prefixed
/// by `sep`.
pub fn board(
    out: &mut dyn Write,
    sol: &[u8],
    queen: &str,
    empty: &str,
    sep: &str,
) -> io::Result<()> {
    let mut text = String::new();
    for &c in sol {
        for col in 0..sol.len() {
            text.push_str(sep);
            text.push_str(if col == c as usize { queen } else { empty });
        }
        text.push('\n');
    }
    out.write_all(text.as_bytes())
}
