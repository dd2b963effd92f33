//! Tokens to [`Input`]. Only the shape is checked here; ranges are [`crate::validate`]'s job.

use proc_macro2::Span;
use syn::parse::{Parse, ParseStream};
use syn::{Expr, ExprLit, ExprUnary, Ident, Lit, LitInt, Token, UnOp};

/// What the user wrote: `N` or `N, fundamental`.
pub struct Input {
    /// The board size literal, kept for its span.
    pub n: LitInt,
    /// `Some` when the second argument `fundamental` was given.
    pub fundamental: Option<Ident>,
}

const EXPECTED: &str = "expected a board size as an integer literal, e.g. `nqueens!(8)` or \
                        `nqueens!(8, fundamental)`";

impl Parse for Input {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        if input.is_empty() {
            return Err(syn::Error::new(
                Span::call_site(),
                format!("missing board size: {EXPECTED}"),
            ));
        }
        let expr: Expr = input.parse()?;
        let n = board_size(expr)?;
        let fundamental = if input.is_empty() {
            None
        } else {
            if !input.peek(Token![,]) {
                return Err(
                    input.error(format!("unexpected token after the board size: {EXPECTED}"))
                );
            }
            input.parse::<Token![,]>()?;
            if input.is_empty() {
                None
            } else {
                let mode: Expr = input.parse()?;
                Some(mode_ident(mode)?)
            }
        };
        if !input.is_empty() {
            return Err(input.error(format!(
                "too many arguments: nqueens! takes a board size and optionally `fundamental`; \
                 {EXPECTED}"
            )));
        }
        Ok(Input { n, fundamental })
    }
}

fn board_size(expr: Expr) -> syn::Result<LitInt> {
    // A literal passed through a `macro_rules!` fragment arrives in an invisible group.
    if let Expr::Group(group) = expr {
        return board_size(*group.expr);
    }
    if let Expr::Lit(ExprLit {
        lit: Lit::Int(int), ..
    }) = expr
    {
        return Ok(int);
    }
    let what = match &expr {
        Expr::Lit(ExprLit {
            lit: Lit::Float(_), ..
        }) => "a float",
        Expr::Lit(ExprLit {
            lit: Lit::Str(_), ..
        }) => "a string",
        Expr::Lit(_) => "a literal that is not an integer",
        Expr::Unary(ExprUnary {
            op: UnOp::Neg(_), ..
        }) => "a negative number",
        Expr::Path(_) => "a name; constants are not visible to macros",
        _ => "an expression; macros see tokens, not values",
    };
    Err(syn::Error::new_spanned(
        expr,
        format!("board size is {what}: {EXPECTED}"),
    ))
}

fn mode_ident(expr: Expr) -> syn::Result<Ident> {
    if let Expr::Path(path) = &expr {
        if let Some(ident) = path.path.get_ident() {
            if ident == "fundamental" {
                return Ok(ident.clone());
            }
        }
    }
    Err(syn::Error::new_spanned(
        expr,
        "unexpected second argument: the only one accepted is `fundamental`, \
         as in `nqueens!(8, fundamental)`",
    ))
}
