//! The one walker of every list of the join: the placements of queens on some rows of a
//! board, depth first, in the order of their columns. The half boards (`lists`) and the
//! pieces (`pieces`) are both listed by it.

use crate::board::full_mask;

/// Calls `visit(columns, left, right)` for every placement of queens on the first `rows` rows
/// of an `n` board with the first queen in one of the columns `firsts` and none on a square
/// of `forbid` (row `r`'s in `forbid[r]`; rows past its end forbid nothing), where `left`
/// and `right` are the columns where its left- and right-going diagonals reach row `rows`.
/// No rows: no placement.
pub(super) fn half_boards(
    n: usize,
    rows: usize,
    firsts: u32,
    forbid: &[u32],
    visit: &mut impl FnMut(u32, u32, u32),
) {
    if rows > 0 {
        let all = full_mask(n);
        placements::<false>(n, 0..rows, firsts, forbid, &mut |p| {
            visit(p.cols, p.left & all, p.right)
        });
    }
}

/// A placement of queens on some rows, as [`placements`] hands it over: its columns, and
/// where its diagonals reach the row below its last going down (`left` may carry bits past
/// column `n - 1`) and, where it walks with `UP`, the row of its first going up.
#[derive(Clone, Copy, Default)]
pub(super) struct Placed {
    pub(super) cols: u32,
    pub(super) left: u32,
    pub(super) right: u32,
    pub(super) up_left: u32,
    pub(super) up_right: u32,
}

/// Calls `visit` for every placement of queens on the rows `rows` of an `n` board with the
/// first row's queen in one of the columns `firsts` and none on a square of `forbid` (row
/// `r`'s in `forbid[r]`; rows past its end forbid nothing). With `UP` it also follows the
/// diagonals up to the first row (the inner pieces', `pieces`); without, those stay 0. The one
/// walker of every list: half boards (`half_boards`) and pieces. No rows: one empty placement.
pub(super) fn placements<const UP: bool>(
    n: usize,
    rows: core::ops::Range<usize>,
    firsts: u32,
    forbid: &[u32],
    visit: &mut impl FnMut(Placed),
) {
    struct Walk<'a> {
        all: u32,
        first: usize,
        end: usize,
        forbid: &'a [u32],
    }
    fn go<const UP: bool>(
        walk: &Walk<'_>,
        row: usize,
        placed: Placed,
        free: u32,
        visit: &mut impl FnMut(Placed),
    ) {
        let mut free = free;
        let up = (row - walk.first) as u32;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            // `left` may carry bits past column n - 1 for a while; they never come back.
            let next = Placed {
                cols: placed.cols | bit,
                left: (placed.left | bit) << 1,
                right: (placed.right | bit) >> 1,
                up_left: if UP { placed.up_left | bit >> up } else { 0 },
                up_right: if UP {
                    placed.up_right | ((bit << up) & walk.all)
                } else {
                    0
                },
            };
            if row + 1 == walk.end {
                visit(next);
            } else {
                let blocked = next.cols | next.left | next.right;
                let blocked = blocked | walk.forbid.get(row + 1).unwrap_or(&0);
                go::<UP>(walk, row + 1, next, walk.all & !blocked, visit);
            }
        }
    }
    if rows.is_empty() {
        visit(Placed::default());
        return;
    }
    let walk = Walk {
        all: full_mask(n),
        first: rows.start,
        end: rows.end,
        forbid,
    };
    let free = walk.all & firsts & !forbid.get(rows.start).unwrap_or(&0);
    go::<UP>(&walk, rows.start, Placed::default(), free, visit);
}
