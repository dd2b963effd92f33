//! Tokens to [`Input`]. Only the shape is checked here; ranges are [`crate::validate`]'s job.

use proc_macro2::Span;
use syn::parse::{Parse, ParseStream};
use syn::{Expr, ExprLit, ExprUnary, Ident, Lit, LitInt, Token, UnOp};

/// What the user wrote: `N`, then optionally `fundamental` and/or `packed`.
pub struct Input {
    /// The board size literal, kept for its span.
    pub n: LitInt,
    /// `Some` when the option `fundamental` was given: one solution per symmetry class.
    pub fundamental: Option<Ident>,
    /// `Some` when the option `packed` was given: two queens per byte.
    pub packed: Option<Ident>,
}

const EXPECTED: &str = concat!(
    "expected a board size as an integer literal, then optionally `fundamental` and/or ",
    "`packed`, e.g. `nqueens!(8)` or `nqueens!(8, fundamental)`"
);

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
        let mut parsed = Input {
            n,
            fundamental: None,
            packed: None,
        };
        while !input.is_empty() {
            if !input.peek(Token![,]) {
                return Err(input.error(format!("unexpected token after an argument: {EXPECTED}")));
            }
            input.parse::<Token![,]>()?;
            if input.is_empty() {
                break;
            }
            if input.peek(Token![,]) {
                // `nqueens!(8,,)`: syn would say only "expected an expression".
                return Err(input.error(format!("empty argument between commas: {EXPECTED}")));
            }
            let option: Expr = input.parse()?;
            let ident = option_ident(option)?;
            let slot = if ident == "fundamental" {
                &mut parsed.fundamental
            } else {
                &mut parsed.packed
            };
            if slot.is_some() {
                return Err(syn::Error::new_spanned(
                    &ident,
                    format!("`{ident}` is given twice; {EXPECTED}"),
                ));
            }
            *slot = Some(ident);
        }
        Ok(parsed)
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
            op: UnOp::Neg(_),
            expr: inner,
            ..
        }) if matches!(&**inner, Expr::Lit(ExprLit { lit: Lit::Int(i), .. })
            if i.base10_digits().bytes().all(|b| b == b'0')) =>
        {
            "-0, which is 0: no board to place queens on"
        }
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

fn option_ident(expr: Expr) -> syn::Result<Ident> {
    if let Expr::Path(path) = &expr {
        if let Some(ident) = path.path.get_ident() {
            if ident == "fundamental" || ident == "packed" {
                return Ok(ident.clone());
            }
        }
    }
    Err(syn::Error::new_spanned(
        expr,
        "unexpected argument: after the board size, the only ones accepted are `fundamental` \
         and `packed`, as in `nqueens!(8, fundamental)` or `nqueens!(13, packed)`",
    ))
}
