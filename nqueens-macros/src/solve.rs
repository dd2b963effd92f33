//! The macro's own solver.
//!
//! The macro cannot depend on the `nqueens` runtime crate (that crate depends on the macro), so
//! it carries this short recursive bitboard search. It is written independently of the runtime
//! crate's iterative search and const fn, which is what makes the test suite's
//! "macro == const fn == runtime search" comparison evidence rather than a tautology.

/// Every solution for `n` in lexicographic order, concatenated: `n` bytes per solution.
/// With `fundamental`, only solutions that are the smallest image of their symmetry class.
pub fn solve(n: usize, fundamental: bool) -> Vec<u8> {
    let mut out = Vec::new();
    let mut cols = vec![0u8; n];
    place(n, 0, 0, 0, 0, &mut cols, &mut |sol| {
        if !fundamental || is_fundamental(sol) {
            out.extend_from_slice(sol);
        }
    });
    out
}

/// Bit `c` of the masks is column `c`, so taking the lowest free bit first visits columns
/// left to right and yields solutions in lexicographic order.
fn place(
    n: usize,
    row: usize,
    down: u32,
    left: u32,
    right: u32,
    cols: &mut [u8],
    emit: &mut dyn FnMut(&[u8]),
) {
    if row == n {
        emit(cols);
        return;
    }
    let full = (1u32 << n) - 1;
    let mut free = full & !(down | left | right);
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        cols[row] = bit.trailing_zeros() as u8;
        place(
            n,
            row + 1,
            down | bit,
            ((left | bit) << 1) & full,
            (right | bit) >> 1,
            cols,
            emit,
        );
    }
}

/// Where a symmetry sends the square (row, column), given the last index `n - 1`.
type SquareMap = fn(u8, u8, u8) -> (u8, u8);

/// True when no rotation or reflection of `sol` is lexicographically smaller.
fn is_fundamental(sol: &[u8]) -> bool {
    let n = sol.len();
    let last = (n - 1) as u8;
    let mut image = vec![0u8; n];
    // Each map sends the queen at (r, c) to a new square; for a permutation that is a new
    // permutation, written through `image[row] = col`.
    let maps: [SquareMap; 7] = [
        |r, c, l| (r, l - c),     // mirror left-right
        |r, c, l| (l - r, c),     // mirror top-bottom
        |r, c, l| (l - r, l - c), // rotate 180
        |r, c, _| (c, r),         // main diagonal
        |r, c, l| (l - c, l - r), // anti-diagonal
        |r, c, l| (c, l - r),     // rotate 90
        |r, c, l| (l - c, r),     // rotate 270
    ];
    maps.iter().all(|map| {
        for (r, &c) in sol.iter().enumerate() {
            let (r2, c2) = map(r as u8, c, last);
            image[r2 as usize] = c2;
        }
        sol <= &image[..]
    })
}

#[cfg(test)]
mod tests {
    use super::solve;

    #[test]
    fn known_counts() {
        let full = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
        let fundamental = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92];
        for n in 1..=10 {
            assert_eq!(solve(n, false).len(), n * full[n - 1], "n = {n}");
            assert_eq!(solve(n, true).len(), n * fundamental[n - 1], "n = {n}");
        }
        assert_eq!(&solve(6, false)[..6], &[1, 3, 5, 0, 2, 4]);
    }
}
