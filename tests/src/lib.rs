//! An independent checker for the verification suite, written without the crate's solvers.
#![deny(missing_docs)]

/// True when `sol` places `sol.len()` queens, one per row, none attacking another:
/// every column in range, no two equal, no two on a diagonal. Quadratic and plain on purpose.
pub fn is_solution(sol: &[u8]) -> bool {
    let n = sol.len();
    for (r1, &c1) in sol.iter().enumerate() {
        if c1 as usize >= n {
            return false;
        }
        for (r2, &c2) in sol.iter().enumerate().skip(r1 + 1) {
            let dr = r2 - r1;
            let dc = (c1 as isize - c2 as isize).unsigned_abs();
            if c1 == c2 || dr == dc {
                return false;
            }
        }
    }
    true
}

/// OEIS A000170 for n = 1..=16, typed in from the sequence, not from the crate.
pub const A000170: [usize; 16] = [
    1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512,
];

/// OEIS A000170 for n = 17..=19, the counts past the tables that this suite still counts.
pub const A000170_17_TO_19: [u64; 3] = [95_815_104, 666_090_624, 4_968_057_848];

/// OEIS A000170 for n = 21, counted whole by one ignored test (an hour on two cores).
pub const A000170_21: u64 = 314_666_222_712;

/// OEIS A002562 (solutions up to symmetry) for n = 1..=13.
pub const A002562: [usize; 13] = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233];

/// Every solution for `n` by brute force over all permutations, in lexicographic order.
/// Exponential; for small `n` only.
pub fn brute_force(n: usize) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut perm: Vec<u8> = (0..n as u8).collect();
    loop {
        if is_solution(&perm) {
            out.push(perm.clone());
        }
        if !next_permutation(&mut perm) {
            return out;
        }
    }
}

fn next_permutation(p: &mut [u8]) -> bool {
    let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) else {
        return false;
    };
    let j = (i..p.len()).rev().find(|&j| p[j] > p[i - 1]).unwrap_or(i);
    p.swap(i - 1, j);
    p[i..].reverse();
    true
}

/// Whether this is the full run (the variable NQUEENS_FULL_TESTS set, as `.ci/run` sets
/// it): every case count and size. The everyday `cargo test` checks the same things on
/// fewer cases and sizes, so that it stays quick.
pub fn full() -> bool {
    std::env::var_os("NQUEENS_FULL_TESTS").is_some()
}

/// The README's Rust examples, run as doctests so the front page cannot drift.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;
