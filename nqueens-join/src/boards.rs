//! One column set's half boards as the joins read them, their crossings ([`Boards`]), and a
//! thread's room to keep some of them ([`Kept`]).

use std::vec::Vec;

use super::shape::{Prepared, Shape};
use crate::arch::{keep_boards, HighBits as High};

/// The half boards of one column set of a list: their crossings' low 32 bits, and the rest
/// in whichever width the list keeps.
#[derive(Clone, Copy)]
pub(super) struct Boards<'a> {
    pub(super) low: &'a [u32],
    pub(super) high: High<'a>,
}

impl Boards<'_> {
    /// Asks the caches for these boards, to be read soon.
    pub(super) fn prefetch(&self) {
        crate::arch::prefetch(self.low);
        match self.high {
            High::None => {}
            High::Byte(high) => crate::arch::prefetch(high),
            High::Word(high) => crate::arch::prefetch(high),
        }
    }

    /// How many half boards there are.
    pub(super) fn len(&self) -> usize {
        self.low.len()
    }

    /// Calls `each` with the packed crossings (`low | high << 32`) of every half board, in
    /// order (the join reads them through `arch`'s kernels).
    #[cfg(test)]
    pub(super) fn for_each(self, each: impl FnMut(u64)) {
        crate::arch::for_each_crossing(self.low, self.high, each);
    }

    /// Appends these half boards to `out`, prepared for the top role, or for the bottom
    /// role if `BOTTOM`.
    pub(super) fn prepare_into<const BOTTOM: bool>(self, shape: Shape, out: &mut Vec<Prepared>) {
        let low = self.low.iter();
        match self.high {
            High::None => out.extend(low.map(|&l| Prepared::of::<BOTTOM>(shape, u64::from(l)))),
            High::Byte(high) => {
                out.extend(low.zip(high).map(|(&l, &h)| {
                    Prepared::of::<BOTTOM>(shape, u64::from(l) | u64::from(h) << 32)
                }))
            }
            High::Word(high) => {
                out.extend(low.zip(high).map(|(&l, &h)| {
                    Prepared::of::<BOTTOM>(shape, u64::from(l) | u64::from(h) << 32)
                }))
            }
        }
    }

    /// [`Boards::prepare_into`] for the top role, of the boards whose crossings share no bit
    /// with `hits` alone: the boards kept are copied to `kept` first ([`keep_boards`]), one
    /// set at a time, where `List::filtered` writes a whole list.
    pub(super) fn prepare_clear_into(
        self,
        hits: u64,
        shape: Shape,
        kept: &mut Kept,
        out: &mut Vec<Prepared>,
    ) {
        let room = self.low.len().next_multiple_of(crate::arch::PAD);
        // The buffers only grow: resized to each set, they were written with zeros every
        // time they grew back.
        fn room_in<T: Copy + Default>(v: &mut Vec<T>, room: usize) -> &mut [T] {
            if v.len() < room {
                v.resize(room, T::default());
            }
            v
        }
        let low = room_in(&mut kept.low, room);
        let (len, high) = match self.high {
            High::None => (
                keep_boards::<u8>(self.low, &[], hits, low, &mut []),
                High::None,
            ),
            High::Byte(high) => {
                let out = room_in(&mut kept.high, room);
                let len = keep_boards(self.low, high, hits, low, out);
                (len, High::Byte(kept.high.get(..len).unwrap_or_default()))
            }
            High::Word(high) => {
                let out = room_in(&mut kept.wide, room);
                let len = keep_boards(self.low, high, hits, low, out);
                (len, High::Word(kept.wide.get(..len).unwrap_or_default()))
            }
        };
        let low = kept.low.get(..len).unwrap_or_default();
        Boards { low, high }.prepare_into::<false>(shape, out);
    }
}

/// Where [`Boards::prepare_clear_into`] keeps one set's boards: a thread's, grown to the
/// largest set.
#[derive(Default)]
pub(super) struct Kept {
    low: Vec<u32>,
    high: Vec<u8>,
    wide: Vec<u16>,
}
