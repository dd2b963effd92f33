//! [`Request`] to tokens: one byte-string literal reinterpreted as `[[u8; N]; COUNT]`.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::solve::solve;
use crate::validate::Request;

pub fn expand(request: &Request) -> TokenStream {
    let n = request.n;
    let bytes = solve(n, request.fundamental);
    let count = bytes.len() / n;
    let literal = Literal::byte_string(&bytes);
    let n_lit = Literal::usize_unsuffixed(n);
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
