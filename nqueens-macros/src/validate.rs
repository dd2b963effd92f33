//! [`Input`] to [`Request`]: the range checks, each error spanned on the token at fault.

use crate::parse::Input;

/// Largest `N` for a full table. n = 15 would be 34,187,760 bytes of static data.
pub const MAX_N: usize = 14;
/// Largest `N` for a fundamental table. n = 16 would be 29,551,280 bytes.
pub const MAX_N_FUNDAMENTAL: usize = 15;

/// A checked request: solve for `n`, emit the full or the fundamental table.
pub struct Request {
    pub n: usize,
    pub fundamental: bool,
    pub packed: bool,
}

/// The solutions of the sizes just past each limit, for the error message: 15 (full) and
/// 16 (fundamental).
const SOLUTIONS_PAST_LIMIT: u64 = 2_279_184;
const FUNDAMENTALS_PAST_LIMIT: u64 = 1_846_955;

pub fn validate(input: &Input) -> syn::Result<Request> {
    let fundamental = input.fundamental.is_some();
    let packed = input.packed.is_some();
    let (limit, rows) = if fundamental {
        (MAX_N_FUNDAMENTAL, FUNDAMENTALS_PAST_LIMIT)
    } else {
        (MAX_N, SOLUTIONS_PAST_LIMIT)
    };
    // A row is n bytes, or ceil(n / 2) packed.
    let width = (limit as u64 + 1).div_ceil(if packed { 2 } else { 1 });
    let past = width * rows;
    let kind = match (fundamental, packed) {
        (true, true) => "packed fundamental",
        (true, false) => "fundamental",
        (false, true) => "packed full",
        (false, false) => "full",
    };
    let accepted = format!("accepted: 1 to {limit} for a {kind} table");
    if !input.n.suffix().is_empty() && input.n.suffix() != "usize" {
        return Err(syn::Error::new_spanned(
            &input.n,
            format!(
                "board size has suffix `{}`: write a plain integer such as `8` (or `8usize`); {accepted}",
                input.n.suffix()
            ),
        ));
    }
    let n: u64 = match input.n.base10_parse() {
        Ok(n) => n,
        Err(_) => {
            return Err(syn::Error::new_spanned(
                &input.n,
                format!("board size is too large; {accepted}"),
            ))
        }
    };
    if n == 0 {
        return Err(syn::Error::new_spanned(
            &input.n,
            format!("board size 0 has no board to place queens on; {accepted}"),
        ));
    }
    // The runtime search, the other way to these solutions, serves n up to 32.
    let runtime = if n <= 32 {
        format!("or use `nqueens_tables::solutions({n})` to search at run time")
    } else {
        "and no board above 32 can be searched at run time either".to_string()
    };
    if n > limit as u64 {
        return Err(syn::Error::new_spanned(
            &input.n,
            format!(
                "board size {n} is above the limit of {limit}: the {kind} table for {} would be \
                 {past} bytes of static data; {accepted}, {runtime}",
                limit + 1
            ),
        ));
    }
    Ok(Request {
        n: n as usize,
        fundamental,
        packed,
    })
}
