//! The `nqueens!` proc macro. Use it through the [`nqueens`](https://docs.rs/nqueens) crate,
//! which re-exports it.
//!
//! `nqueens!(N)` solves the N-Queens puzzle for `N` while the compiler runs and expands to a
//! constant expression of type `&'static [[u8; N]; COUNT]`: every solution, in lexicographic
//! order, entry `i` of a solution being the 0-based column of the queen in row `i`.
//!
//! `nqueens!(N, fundamental)` expands to the smaller table of fundamental solutions instead:
//! the lexicographically smallest image of each class under the 8 symmetries of the square.
//!
//! `nqueens!(N, packed)` stores two queens per byte, the first in the high nibble:
//! `&'static [[u8; (N + 1) / 2]; COUNT]`, still in lexicographic order byte for byte. The
//! `nqueens` crate's `PackedTable` reads it. The options combine: `nqueens!(13, fundamental,
//! packed)` is the smallest form, 64,631 bytes for n = 13.
//!
//! `N` must be an integer literal from 1 to [`MAX_N`](self#limit).
//!
//! # Limit
//!
//! The full table for `N` = 14 is 5,118,344 bytes; for 15 it would be 34,187,760 bytes, which
//! no program should carry as static data, so `N` stops at 14 for full tables. Fundamental
//! tables are about an eighth of that size and are accepted up to 15 (4,275,795 bytes).
//!
//! # Pipeline
//!
//! `parse` turns tokens into an `Input`, `validate` checks the range with a
//! span on the offending token, `solve` computes the table, and `expand` emits it as one
//! byte-string literal (a nested array literal of the n = 13 table costs rustc 25x the time
//! and 5x the memory).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod expand;
mod parse;
mod solve;
mod validate;

use proc_macro::TokenStream;

/// Every solution of the N-Queens puzzle for `N`, as `&'static [[u8; N]; COUNT]`.
///
/// See the [crate documentation](crate) for the accepted forms and the limit.
#[proc_macro]
pub fn nqueens(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as parse::Input);
    match validate::validate(&input) {
        Ok(request) => expand::expand(&request).into(),
        Err(err) => err.to_compile_error().into(),
    }
}
