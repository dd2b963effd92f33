//! [`Request`] to tokens: one byte-string literal reinterpreted as `[[u8; N]; COUNT]`.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::solve::solve;
use crate::validate::Request;

pub fn expand(request: &Request) -> TokenStream {
    let n = request.n;
    let mut bytes = solve(n, request.fundamental);
    let count = bytes.len() / n;
    // `row` is the width of one solution in bytes: n, or ceil(n / 2) when packed.
    let row = if request.packed {
        bytes = pack(n, &bytes);
        n.div_ceil(2)
    } else {
        n
    };
    let literal = Literal::byte_string(&bytes);
    let n_lit = Literal::usize_unsuffixed(row);
    let count_lit = Literal::usize_unsuffixed(count);
    // `as_chunks` + `first_chunk` turn `&[u8; N * COUNT]` into `&[[u8; N]; COUNT]` in const
    // context without `unsafe`, so the expansion also compiles in `#![forbid(unsafe_code)]`
    // crates. The arms that panic are unreachable: the literal's length is exactly N * COUNT.
    quote! {
        {
            const NQUEENS_TABLE: &[[u8; #n_lit]; #count_lit] =
                match #literal.as_slice().as_chunks::<#n_lit>() {
                    (rows, []) => match rows.first_chunk::<#count_lit>() {
                        ::core::option::Option::Some(table) => table,
                        ::core::option::Option::None => {
                            ::core::panic!("nqueens!: table length does not match its count")
                        }
                    },
                    _ => ::core::panic!("nqueens!: table length is not a multiple of n"),
                };
            NQUEENS_TABLE
        }
    }
}

/// Two queens per byte, the first of each pair in the high nibble, so that comparing packed
/// rows byte by byte orders them as the unpacked rows: the table stays sorted. An odd n leaves
/// the last low nibble 0.
fn pack(n: usize, bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len().div_ceil(2));
    for sol in bytes.chunks_exact(n) {
        for pair in sol.chunks(2) {
            out.push(pair[0] << 4 | pair.get(1).copied().unwrap_or(0));
        }
    }
    out
}
