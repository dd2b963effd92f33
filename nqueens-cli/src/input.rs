//! Reading judge input: whitespace-separated integers, anything else rejected in one line.

use std::io::Read;

use crate::{usage, Failure};

/// A token fit for a one-line message: escaped and cut to 24 characters.
pub fn shorten(token: &str) -> String {
    let escaped: String = token.escape_debug().collect();
    if escaped.chars().count() > 24 {
        format!("'{}...'", escaped.chars().take(24).collect::<String>())
    } else {
        format!("'{escaped}'")
    }
}

/// All integers of the input, in order. Blank lines and runs of spaces are fine; an empty
/// input, bytes that are not text and tokens that are not integers are not.
pub fn integers(reader: &mut dyn Read) -> Result<Vec<i64>, Failure> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes).map_err(Failure::Read)?;
    let Ok(text) = std::str::from_utf8(&bytes) else {
        return usage("standard input is not text");
    };
    let mut out = Vec::new();
    for token in text.split_ascii_whitespace() {
        match token.parse::<i64>() {
            Ok(v) => out.push(v),
            Err(_) => {
                return usage(format!(
                    "expected an integer in the input, got {}",
                    shorten(token)
                ))
            }
        }
    }
    if out.is_empty() {
        return usage("standard input is empty: expected the problem's numbers");
    }
    Ok(out)
}
