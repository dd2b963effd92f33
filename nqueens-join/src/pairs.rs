//! The join's inner loop: how many pairs of a list of top keys and a list of bottom keys share
//! no bit. This is where the join spends its time; both layouts call it.
//!
//! Both lists are first split on a few key bits, since a top and a bottom that both have a
//! bit need no look (a quarter of the pairs per bit); what is left is a loop the compiler
//! turns into SIMD.

use std::vec::Vec;

/// How many pairs of a key of `top` and a key of `bottom` share no bit: this is where the
/// join spends its time at odd `n` (the loop is `arch::disjoint_pairs`).
#[cfg_attr(nqueens_profile, inline(never))]
fn disjoint_pairs(top: &[u32], bottom: &[u32]) -> u64 {
    #[cfg(nqueens_profile)]
    crate::profile::PAIRS.fetch_add(
        (top.len() * bottom.len()) as u64,
        core::sync::atomic::Ordering::Relaxed,
    );
    #[cfg(nqueens_profile)]
    crate::profile::tally(top, bottom, 1);
    crate::arch::disjoint_pairs(top, bottom)
}

/// The pairs of one of the join's groups: [`split_pairs`] (tallied first in a profiling
/// build, see `profile::tally`).
pub(super) fn group_pairs(
    top: &mut [u32],
    bottom: &mut [u32],
    bits: &[u32],
    spare: &mut Vec<u32>,
) -> u64 {
    #[cfg(nqueens_profile)]
    crate::profile::tally(top, bottom, 0);
    split_pairs(top, bottom, bits, spare)
}

/// Pairs counted by [`disjoint_pairs`] after splitting on the key bits `bits` in turn.
fn split_pairs(top: &mut [u32], bottom: &mut [u32], bits: &[u32], spare: &mut Vec<u32>) -> u64 {
    match bits.split_first() {
        Some((&bit, rest)) if top.len() * bottom.len() >= SPLIT_FROM => {
            let t = partition(top, bit, spare);
            let b = partition(bottom, bit, spare);
            let (top0, top1) = top.split_at_mut(t);
            split_pairs(top1, &mut bottom[..b], rest, spare)
                + split_pairs(top0, bottom, rest, spare)
        }
        _ => disjoint_pairs(top, bottom),
    }
}

/// How many key bits a join may split its lists on: each split drops a quarter of the pairs,
/// and past eight the lists left are under [`SPLIT_FROM`] pairs at every n counted.
pub(super) const SPLITS: usize = 8;
/// A join splits its lists while they make at least this many pairs: below it, the pairs
/// cost less to compare than to sort out.
const SPLIT_FROM: usize = 1 << 14;

/// [`crate::arch::partition`], kept out of line in a profiling build.
#[cfg_attr(nqueens_profile, inline(never))]
fn partition(keys: &mut [u32], bit: u32, spare: &mut Vec<u32>) -> usize {
    crate::arch::partition(keys, bit, spare)
}

#[cfg(test)]
mod tests {
    use super::super::bits::xorshift;
    use super::super::shape::Shape;
    use super::*;
    use std::vec::Vec;

    #[test]
    fn split_pairs_count_what_comparing_every_pair_counts() {
        // Lists of every length around the block and split thresholds, keys from sparse to
        // dense (xorshift, so the run is the same every time).
        let mut draw = xorshift(0x9e37_79b9_7f4a_7c15);
        let mut next = || draw() as u32;
        let shape = Shape::new(17);
        for round in 0..400 {
            let sizes = [round % 9, (round * 7) % 300 + round / 40 * 97];
            let mut lists = sizes.map(|len| {
                (0..len)
                    .map(|_| next() & next() & if round % 3 == 0 { next() } else { !0 })
                    .collect::<Vec<u32>>()
            });
            let brute: u64 = lists[0]
                .iter()
                .map(|&t| lists[1].iter().filter(|&&b| t & b == 0).count() as u64)
                .sum();
            let [top, bottom] = &mut lists;
            assert_eq!(
                split_pairs(top, bottom, &shape.split, &mut Vec::new()),
                brute,
                "round {round}"
            );
            assert_eq!(disjoint_pairs(top, bottom), brute, "round {round}");
        }
    }
}
