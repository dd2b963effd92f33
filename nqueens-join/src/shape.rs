//! The board as the join cuts it: [`Shape`] (rows in a half board, middle rows, the fields
//! of the 32-bit keys) and what it makes of one half board, [`Prepared`]: its key and the
//! columns it attacks on the middle rows.

use super::bits::reversed;
use super::pairs::SPLITS;
use crate::arch::KeyCut;
use crate::board::full_mask;

/// The layout of one `n`: how many rows a half board has, how many middle rows there are, and
/// the fields of the 32-bit keys the join compares.
///
/// A key keeps only the crossings of row `k` that a queen from the other side can also reach,
/// which is what makes its two fields fit 32 bits. Left-going diagonals (down and to higher
/// columns): a top queen crosses at column 1 or more, a bottom queen, `gap + 1` rows below
/// at least, at `n - 1 - gap` or less; so bit `c - 1` for `c` in `1..=n-1-gap`. Right-going:
/// the other way round, bit `c - gap` for `c` in `gap..=n-2`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Shape {
    pub(super) n: usize,
    pub(super) all: u32,
    /// Rows in a half board.
    pub(super) k: usize,
    /// Middle rows: 1 for odd n, 2 for even n (the centered join: 3 and 4).
    pub(super) gap: u32,
    pub(super) bits: u32,
    pub(super) field: u32,
    /// The key bits [`group_pairs`](super::pairs::group_pairs) splits on, in order: the
    /// middle of each field, where about half the keys have the bit, first.
    pub(super) split: [u32; SPLITS],
}

impl Shape {
    /// The one-list join's layout: halves of `(n - 1) / 2` rows, one or two middle rows.
    pub(super) fn new(n: usize) -> Shape {
        let k = (n - 1) / 2;
        Shape::with(n, k, (n - 2 * k) as u32)
    }

    /// Halves of `k` rows with `gap` rows between them (`n = 2k + gap`; keys fit 32 bits
    /// while `n - 1 - gap <= 16`).
    #[inline(always)]
    pub(super) fn with(n: usize, k: usize, gap: u32) -> Shape {
        let bits = n as u32 - 1 - gap;
        let mut split = [0; SPLITS];
        for (i, bit) in split.iter_mut().enumerate() {
            // Outward from the middle column of the field: m, m + 1, m - 1, m + 2, ..
            let step = (i / 2 + 1) as u32 / 2;
            let column = match i / 2 % 2 {
                0 => (bits / 2).saturating_sub(step),
                _ => bits / 2 + step,
            };
            *bit = 1 << (column.min(bits - 1) + (i as u32 % 2) * bits);
        }
        Shape {
            n,
            all: full_mask(n),
            k,
            gap,
            bits,
            field: (1u32 << bits) - 1,
            split,
        }
    }
}

impl Shape {
    /// The crossings of a half board that attack a queen on the column `near` (a bit) of its
    /// nearest middle row or on `far` of its farthest: such a board has a bit of this mask.
    pub(super) fn attacking(&self, near: u32, far: u32) -> u64 {
        let s = self.gap - 1;
        // On the row `s` further on, a left-going crossing has moved `s` columns up, a
        // right-going one `s` down.
        u64::from(near | (far >> s)) | u64::from(near | (far << s)) << self.n
    }

    /// The key of a half board in its packed form (`low | high << 32`), for the top role or
    /// for the bottom role if `BOTTOM`: the top's with its two fields swapped, since upside
    /// down the left-going diagonals go right.
    #[cfg(test)]
    pub(super) fn key_of<const BOTTOM: bool>(&self, packed: u64) -> u32 {
        // The bottom's key has the fields the other way round.
        let key = self.bottom_cut().key(packed);
        match BOTTOM {
            true => key,
            false => key >> self.bits | (key & self.field) << self.bits,
        }
    }

    /// How a bottom's key is cut from its crossings, for the kernels that cut many at once.
    #[inline(always)]
    pub(super) fn bottom_cut(&self) -> KeyCut {
        KeyCut {
            right: self.n as u32 + self.gap,
            bits: self.bits,
            field: self.field,
        }
    }

    /// The key of the mirror image of a half board whose key is `key`, in either role: the
    /// two fields swapped and each reversed, which is all `2 * bits` bits reversed. (Two
    /// keys share a bit exactly when their mirror images' keys do.)
    #[inline(always)]
    pub(super) fn mirror_key(&self, key: u32) -> u32 {
        reversed(key, 2 * self.bits)
    }
}

/// A half board as its joins need it: its key, and the columns its queens attack on the
/// nearest middle row and on the farthest (for the bottom role, read upside down).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Prepared {
    pub(super) key: u32,
    pub(super) near: u32,
    pub(super) far: u32,
}

impl Prepared {
    /// One half board (its crossings packed, `low | high << 32`) prepared for the top role, or
    /// for the bottom role if `BOTTOM`.
    #[inline(always)]
    pub(super) fn of<const BOTTOM: bool>(shape: Shape, packed: u64) -> Prepared {
        let Shape {
            n,
            all,
            gap,
            bits,
            field,
            ..
        } = shape;
        let (left, right) = ((packed as u32) & all, (packed >> n) as u32);
        // The key as `Shape::key_of` makes it, but from `left` and `right`, which are needed here
        // anyway: from the packed form it was slower.
        let (l, r) = ((left >> 1) & field, (right >> gap) & field);
        Prepared {
            key: if BOTTOM { r | l << bits } else { l | r << bits },
            near: left | right,
            far: ((left << (gap - 1)) | (right >> (gap - 1))) & all,
        }
    }

    /// The key, with the far attacks in the high 32 bits: what the join's runs of tops
    /// hold, and keep by a last middle queen's column.
    #[inline(always)]
    pub(super) fn item(&self) -> u64 {
        u64::from(self.key) | u64::from(self.far) << 32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::mirror_crossings;
    use crate::placements::half_boards;

    /// The mirror image's key is the key mirrored, in both roles.
    #[test]
    fn mirror_keys_are_the_keys_of_mirror_images() {
        for n in [6, 9, 12, 16] {
            let (k, gap) = ((n - 2) / 2, 2 - n as u32 % 2);
            let shape = Shape::with(n, k, gap);
            half_boards(n, k, full_mask(n), &[], &mut |_, left, right| {
                let packed = left | right << n;
                let image = u64::from(mirror_crossings(packed, n));
                let packed = u64::from(packed);
                let top = shape.key_of::<false>(packed);
                assert_eq!(shape.key_of::<false>(image), shape.mirror_key(top));
                let bottom = shape.key_of::<true>(packed);
                assert_eq!(shape.key_of::<true>(image), shape.mirror_key(bottom));
                assert_eq!(
                    mirror_crossings(mirror_crossings(packed as u32, n), n),
                    packed as u32
                );
            });
        }
    }
}
