//! The `nqueens!` proc macro of [`nqueens-tables`](https://docs.rs/nqueens-tables), which
//! re-exports it: depend on that crate, not on this one. The macro's documentation, with its
//! forms, limits and errors, is on [`nqueens!`](macro@nqueens).
//!
//! # Pipeline
//!
//! `parse` turns tokens into an `Input`, `validate` checks the range with a
//! span on the offending token, `solve` computes the table, and `expand` emits it as one
//! byte-string literal: a nested array literal of a large table costs rustc many times the
//! time and memory (BENCHMARKS.md).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod expand;
mod parse;
mod solve;
mod validate;

use proc_macro::TokenStream;

/// Every solution of the N-Queens puzzle for `N`, solved while the compiler runs, as a
/// `&'static [[u8; N]; COUNT]` table.
///
/// Entry `i` of a solution is the 0-based column of the queen in row `i`, and the solutions
/// are in lexicographic order. The table is emitted as one byte-string literal: the n = 13
/// table (958,256 bytes) costs rustc about 0.2 s.
///
/// ```
/// use nqueens_tables::nqueens;
///
/// static EIGHT: &[[u8; 8]; 92] = nqueens!(8);
/// assert_eq!(EIGHT[0], [0, 4, 7, 5, 2, 6, 1, 3]);
///
/// // One solution per class under the 8 symmetries of the square.
/// static UNIQUE_8: &[[u8; 8]; 12] = nqueens!(8, fundamental);
/// // Two queens per byte, the first in the high nibble: half the flash.
/// static PACKED_8: &[[u8; 4]; 92] = nqueens!(8, packed);
/// assert_eq!(PACKED_8[0], [0x04, 0x75, 0x26, 0x13]);
/// // The smallest form: 48 bytes.
/// static SMALLEST_8: &[[u8; 4]; 12] = nqueens!(8, fundamental, packed);
/// # let _ = (UNIQUE_8, SMALLEST_8);
/// ```
///
/// # Forms
///
/// | form | type | table |
/// |---|---|---|
/// | `nqueens!(N)` | `&'static [[u8; N]; COUNT]` | every solution |
/// | `nqueens!(N, fundamental)` | `&'static [[u8; N]; CLASSES]` | the smallest image of each symmetry class |
/// | `nqueens!(N, packed)` | `&'static [[u8; (N + 1) / 2]; COUNT]` | every solution, two queens per byte (read with `PackedTable`) |
/// | `nqueens!(N, fundamental, packed)` | `&'static [[u8; (N + 1) / 2]; CLASSES]` | both |
///
/// The options may come in either order, and a trailing comma is accepted. The expansion
/// is a constant expression: it can initialise a `static` or a `const`, and it compiles in
/// `#![forbid(unsafe_code)]` crates.
///
/// # Limits
///
/// `N` is an integer literal (unsuffixed, or `usize`) from 1 to 14 for the full tables: the
/// full table for 15 would be 34,187,760 bytes, which no program should carry as static
/// data. Fundamental tables are about an eighth of that size and go up to 15 (4,275,795
/// bytes). Past that, `nqueens_tables::solutions(n)` searches at run time.
///
/// # Errors
///
/// Anything else is a compile error that points at the offending token and says what is
/// accepted: no argument, an expression or a name instead of a literal, a suffix other than
/// `usize`, 0 or a size past the limit, an unknown or repeated option, more than one size.
///
/// ```compile_fail
/// // error: board size 15 is above the limit of 14: the full table for 15 would be
/// // 34187760 bytes of static data; accepted: 1 to 14 for a full table, or use
/// // `nqueens_tables::solutions(15)` to search at run time
/// static TOO_BIG: &[[u8; 15]; 2279184] = nqueens_tables::nqueens!(15);
/// ```
///
/// ```compile_fail
/// // error: unexpected argument: after the board size, the only ones accepted are
/// // `fundamental` and `packed`, as in `nqueens!(8, fundamental)` or `nqueens!(13, packed)`
/// static ALL: &[[u8; 8]; 92] = nqueens_tables::nqueens!(8, all);
/// ```
///
/// A wrong `COUNT` in the declared type is rustc's ordinary type mismatch, which shows the
/// right count.
#[proc_macro]
pub fn nqueens(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as parse::Input);
    match validate::validate(&input) {
        Ok(request) => expand::expand(&request).into(),
        Err(err) => err.to_compile_error().into(),
    }
}
