//! Word-level tools of the join, below everything else in it: column sets packed and
//! unpacked, mirrored and enumerated; crossings mirrored; orbits weighed; and the
//! branch-free append that every listing loop uses.

/// The low bits of `x` spread to the columns of `mask`, in order: [`pack`] undone.
pub(super) fn unpack(x: u32, mask: u32) -> u32 {
    let (mut out, mut bit, mut m) = (0, 0, mask);
    while m != 0 {
        let low = m & m.wrapping_neg();
        if x >> bit & 1 == 1 {
            out |= low;
        }
        bit += 1;
        m ^= low;
    }
    out
}

/// The bits of `x` at the columns of `mask`, moved down next to each other (what x86's
/// `pext` does, here for tables built once per list).
pub(super) fn pack(x: u32, mask: u32) -> u32 {
    let (mut out, mut bit, mut m) = (0, 0, mask);
    while m != 0 {
        let low = m & m.wrapping_neg();
        if x & low != 0 {
            out |= 1 << bit;
        }
        bit += 1;
        m ^= low;
    }
    out
}

/// [`pack`] onto one mask, for a loop that packs many sets: through a table a byte of the
/// set, four look-ups and no loop (a list packs a set for each half board it holds). Empty,
/// it packs every set to 0.
#[derive(Clone, Default)]
pub(super) struct BytePacker {
    /// For byte `b` of a set, the byte's columns packed, at `256 * b`.
    table: std::vec::Vec<u32>,
}

impl BytePacker {
    /// The bytes of a set the table covers: any board up to 32.
    const BYTES: usize = 4;

    /// Makes this the packer of sets onto the columns of `mask`, in the memory it holds.
    pub(super) fn renew(&mut self, mask: u32) {
        self.table.clear();
        for byte in 0..Self::BYTES {
            for value in 0..256u32 {
                self.table.push(pack(value << (8 * byte), mask));
            }
        }
    }

    /// `pack(cols, mask)`, for the mask [`BytePacker::renew`] was given.
    #[inline(always)]
    pub(super) fn pack(&self, cols: u32) -> u32 {
        let byte = |b: usize| {
            let at = 256 * b + (cols >> (8 * b) & 0xff) as usize;
            self.table.get(at).copied().unwrap_or(0)
        };
        byte(0) | byte(1) | byte(2) | byte(3)
    }
}

/// The columns `cols` of an `n` board reversed.
#[inline(always)]
pub(super) fn mirror_columns(cols: u32, n: usize) -> u32 {
    cols.reverse_bits() >> (32 - n)
}

/// The crossings (packed as [`List`](super::lists::List) keeps them, `2n <= 32`) of the mirror image of the half
/// board whose crossings are `packed`: column `c` goes to `n - 1 - c` and the left-going
/// diagonals become right-going, which for `left | right << n` is all `2n` bits reversed.
#[inline(always)]
pub(super) fn mirror_crossings(packed: u32, n: usize) -> u32 {
    reversed(packed, 2 * n as u32)
}

/// The low `width` bits of `x` (1 to 32, the rest 0) in reverse order.
#[inline(always)]
pub(super) fn reversed(x: u32, width: u32) -> u32 {
    x.reverse_bits() >> (32 - width)
}

/// Every set of `k` of the columns of `mask`, once each, in a deterministic order: Gosper's hack over
/// the indices of `mask`'s columns (bit `i` of the index set stands for its `i`-th lowest
/// column). For `k = 0`, the empty set.
pub(super) fn subsets(mask: u32, k: usize) -> impl Iterator<Item = u32> {
    let width = mask.count_ones() as usize;
    let mut next = (k <= width && k < 32).then(|| (1u32 << k) - 1);
    core::iter::from_fn(move || {
        let s = next?;
        next = match s {
            0 => None,
            _ => Some(next_set(s)).filter(|&t| u64::from(t) < 1u64 << width),
        };
        Some(unpack(s, mask))
    })
}

/// The next larger set with as many columns as `s` (not 0): Gosper's hack.
pub(super) fn next_set(s: u32) -> u32 {
    let low = s & s.wrapping_neg();
    let ripple = s + low;
    (((ripple ^ s) >> 2) / low) | ripple
}

/// The orbit whose first member is `orbit[0]`: how many distinct members it has if
/// `orbit[0]` is the least of them (the one that stands for the orbit), else 0.
#[inline(always)]
pub(super) fn orbit_weight<T: Ord + Copy, const K: usize>(orbit: [T; K]) -> u64 {
    let first = orbit[0];
    let mut sorted = orbit;
    sorted.sort_unstable();
    if sorted[0] != first {
        return 0;
    }
    1 + sorted.windows(2).filter(|w| w[0] != w[1]).count() as u64
}

/// The branch-free append, shared with `arch`'s portable loops.
pub(super) use crate::arch::push;

/// The generator the join's tests draw their cases from.
#[cfg(test)]
pub(super) use crate::arch::xorshift;
