//! Filters over many words at once, with wider SIMD than the baseline target where the CPU
//! has it, chosen at run time.
//!
//! Why this exists: the join's middle step keeps, for each pair of middle queens, the keys
//! of the half boards that leave those queens unattacked: billions of boards read in a count
//! past n = 17. Scalar, that is about seventeen instructions a board (a load, two tests, two
//! branch-free appends with their bounds checks), and it was the largest part of a count's
//! profile (BENCHMARKS.md). The baseline x86-64 target has no way to append only the lanes
//! that pass; AVX2 does it with a permutation from a table (the "left pack"), eight boards in
//! about twenty instructions, and AVX-512 in one instruction (`vpcompressd`), sixteen boards
//! a step. The pairs loop likewise: AVX-512's `vptestnmd` gives the mask of the tops that
//! share no bit with a bottom in one instruction, sixteen tops at a time; and the split of a
//! group's keys on a bit, which a key at a time was a good part of a count of 19; and the
//! pairing of two pieces of half boards (`vptestnmq`, eight at a time). AVX-512's
//! intrinsics are stable from Rust 1.89, past this crate's MSRV (1.88): `build.rs` sets
//! `nqueens_avx512` where the compiler has them, and elsewhere the loops stop at AVX2.
//!
//! Everything here works on plain slices and imports nothing from the rest of the crate.
//! The unsafe code of the crate is in `x86_64` alone: loads and stores through pointers
//! whose bounds each function checks first, prefetch hints (which read nothing the program
//! sees), and calls to functions compiled for AVX2 or AVX-512, made only after
//! `is_x86_feature_detected!` found it. Elsewhere, and on other CPUs, the portable loops
//! below run, and the results are the same (tested against each other).

#[cfg(target_arch = "x86_64")]
mod x86_64;

use std::vec::Vec;

/// Where a list of crossings keeps bits 32 and up of each board: nowhere (they are 0), a
/// byte a board, or two.
#[derive(Clone, Copy)]
pub(crate) enum HighBits<'a> {
    /// No bits past 31.
    None,
    /// Bits 32 to 39.
    Byte(&'a [u8]),
    /// Bits 32 to 47.
    Word(&'a [u16]),
}

/// How a key is cut from a half board's crossings for the bottom role: `r | l << bits`, with
/// `l = (crossings >> 1) & field` and `r = (crossings >> right) & field`.
#[derive(Clone, Copy)]
pub(crate) struct KeyCut {
    /// Where the right-going field starts in the crossings.
    pub(crate) right: u32,
    /// The width of a field.
    pub(crate) bits: u32,
    /// A field's mask, `(1 << bits) - 1`.
    pub(crate) field: u32,
}

impl KeyCut {
    /// The bottom key of `crossings`.
    #[inline(always)]
    pub(crate) fn key(self, crossings: u64) -> u32 {
        let l = (crossings as u32 >> 1) & self.field;
        let r = (crossings >> self.right) as u32 & self.field;
        r | l << self.bits
    }
}

/// What [`split_crossings`]'s outputs are best rounded up to: its last step writes whole
/// vectors, of eight lanes with AVX2 and sixteen with AVX-512.
pub(crate) const PAD: usize = 16;

/// Of `items` (a key in the low 32 bits, a mask in the high 32), copies the keys whose mask
/// shares no bit with `hit` to the front of `out`, and returns how many there are. The order
/// of the keys kept may differ from theirs in `items`. `out` must be at least as long as
/// `items` (the AVX-512 kernel, which writes whole vectors, wants it rounded up to a
/// multiple of [`PAD`]); where it is not, the keys that fit are written and the count is
/// still of those that passed.
pub(crate) fn keep_masked(items: &[u64], hit: u32, out: &mut [u32]) -> usize {
    #[cfg(all(target_arch = "x86_64", nqueens_avx512))]
    if let (Some(cpu), true) = (
        x86_64::Avx512::detect(),
        out.len() >= items.len().next_multiple_of(PAD),
    ) {
        return x86_64::keep_masked_wide(cpu, items, hit, out);
    }
    #[cfg(target_arch = "x86_64")]
    if let (Some(cpu), true) = (x86_64::Avx2::detect(), out.len() >= items.len()) {
        return x86_64::keep_masked(cpu, items, hit, out);
    }
    keep_masked_portable(items, hit, out)
}

/// Of `items`, copies those whose mask (in `masks`, one for each item) shares no bit with
/// `hit` to the front of `out`, in their order, and returns how many there are. The kernels
/// need `out` as long as `items` rounded up to a multiple of [`PAD`]; with a shorter `out`
/// the portable loop runs, which writes the items that fit and still counts those that
/// passed. Items past the end of `masks` are left out.
pub(crate) fn keep_clear(items: &[u64], masks: &[u32], hit: u32, out: &mut [u64]) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        // The kernels take items and masks of one length: the shorter list's.
        let len = items.len().min(masks.len());
        let (items, masks) = (&items[..len], &masks[..len]);
        if out.len() >= len.next_multiple_of(PAD) {
            #[cfg(nqueens_avx512)]
            if let Some(cpu) = x86_64::Avx512::detect() {
                return x86_64::keep_clear_wide(cpu, items, masks, hit, out);
            }
            if let Some(cpu) = x86_64::Avx2::detect() {
                return x86_64::keep_clear(cpu, items, masks, hit, out);
            }
        }
    }
    keep_clear_portable(items, masks, hit, out)
}

/// The fewest items for which [`pair_clear`] calls its kernel: a call that cannot be
/// inlined costs more than the vector saves on fewer than its eight items (n = 17, whose
/// pieces are short).
#[cfg(all(target_arch = "x86_64", nqueens_avx512))]
const PAIR_KERNEL_FROM: usize = 8;

/// Of `items`, copies those whose mask (in `masks`, one for each item) shares no bit with
/// `hit` to the front of `out`, in their order and with the bits of `with` set, and returns
/// how many there are: the pairs of two pieces of half boards that fit together (see
/// `pieces`). As for [`keep_clear`], the kernel needs `out` as long as `items` rounded up to
/// a multiple of [`PAD`], and items past the end of `masks` are left out.
pub(crate) fn pair_clear(
    items: &[u64],
    masks: &[u64],
    (hit, with): (u64, u64),
    out: &mut [u64],
) -> usize {
    let len = items.len().min(masks.len());
    let (items, masks) = (&items[..len], &masks[..len]);
    #[cfg(all(target_arch = "x86_64", nqueens_avx512))]
    if len >= PAIR_KERNEL_FROM && out.len() >= len.next_multiple_of(PAD) {
        if let Some(cpu) = x86_64::Avx512::detect() {
            return x86_64::pair_clear_wide(cpu, items, masks, (hit, with), out);
        }
    }
    pair_clear_portable(items, masks, (hit, with), out)
}

/// [`pair_clear`] with a 32-bit word carried beside each item: the words of the items kept
/// go to the front of `out_words`, in the same order, with the bits of `with_word` set. Both
/// outputs need the room [`pair_clear`]'s needs for its kernel, and items past the end of
/// `masks` or of `words` are left out. The tops put together from pieces carry their near
/// attacks so (see `pieces::TopPieces`).
pub(crate) fn pair_clear_carried(
    (items, words): (&[u64], &[u32]),
    masks: &[u64],
    (hit, with, with_word): (u64, u64, u32),
    (out, out_words): (&mut [u64], &mut [u32]),
) -> usize {
    let len = items.len().min(masks.len()).min(words.len());
    let (items, words, masks) = (&items[..len], &words[..len], &masks[..len]);
    #[cfg(all(target_arch = "x86_64", nqueens_avx512))]
    if len >= PAIR_KERNEL_FROM && out.len().min(out_words.len()) >= len.next_multiple_of(PAD) {
        if let Some(cpu) = x86_64::Avx512::detect() {
            return x86_64::pair_clear_carried_wide(
                cpu,
                (items, words),
                masks,
                (hit, with, with_word),
                (out, out_words),
            );
        }
    }
    pair_clear_carried_portable(
        (items, words),
        masks,
        (hit, with, with_word),
        (out, out_words),
    )
}

/// [`pair_clear_carried`], an item at a time.
fn pair_clear_carried_portable(
    (items, words): (&[u64], &[u32]),
    masks: &[u64],
    (hit, with, with_word): (u64, u64, u32),
    (out, out_words): (&mut [u64], &mut [u32]),
) -> usize {
    let mut len = 0;
    for ((&item, &word), &mask) in items.iter().zip(words).zip(masks) {
        if let Some(slot) = out_words.get_mut(len) {
            *slot = word | with_word;
        }
        push(out, &mut len, item | with, mask & hit == 0);
    }
    len
}

/// [`pair_clear`], an item at a time.
fn pair_clear_portable(
    items: &[u64],
    masks: &[u64],
    (hit, with): (u64, u64),
    out: &mut [u64],
) -> usize {
    let mut len = 0;
    for (&item, &mask) in items.iter().zip(masks) {
        push(out, &mut len, item | with, mask & hit == 0);
    }
    len
}

/// [`keep_clear`], an item at a time.
fn keep_clear_portable(items: &[u64], masks: &[u32], hit: u32, out: &mut [u64]) -> usize {
    let mut len = 0;
    for (&item, &mask) in items.iter().zip(masks) {
        push(out, &mut len, item, mask & hit == 0);
    }
    len
}

/// Moves the keys without `bit` to the front of `keys` and those with it after them, and
/// returns how many are without it; the order within each part is not kept. `spare` is
/// scratch space: the AVX-512 kernel moves the keys with the bit there first, and grows it
/// to the length of `keys` and a vector more.
pub(crate) fn partition(keys: &mut [u32], bit: u32, spare: &mut Vec<u32>) -> usize {
    #[cfg(all(target_arch = "x86_64", nqueens_avx512))]
    if let Some(cpu) = x86_64::Avx512::detect() {
        let room = keys.len() + PAD;
        if spare.len() < room {
            spare.resize(room, 0);
        }
        return x86_64::partition_wide(cpu, keys, bit, spare);
    }
    let _ = spare;
    partition_portable(keys, bit)
}

/// [`partition`] a key at a time, in place.
fn partition_portable(keys: &mut [u32], bit: u32) -> usize {
    let mut front = 0;
    for i in 0..keys.len() {
        // Always swapped, so that no branch depends on the key.
        keys.swap(i, front);
        front += usize::from(keys[front] & bit == 0);
    }
    front
}

/// Of a list of crossings (`low`, and `high` above bit 31), copies the bottom keys (see
/// [`KeyCut`]) of those that share no bit with `hits[0]` to the front of `outs[0]`, and of
/// those that share none with `hits[1]` to `outs[1]`, and returns how many each got; as
/// [`keep_masked`] otherwise, but the kernels need outputs as long as `low` rounded up to a
/// multiple of [`PAD`] (the portable loop serves shorter ones).
/// `high`, where it holds bits, is as long as `low`.
pub(crate) fn split_crossings(
    low: &[u32],
    high: HighBits<'_>,
    cut: KeyCut,
    hits: [u64; 2],
    outs: [&mut [u32]; 2],
) -> [usize; 2] {
    split_crossings_into::<true>(low, high, cut, hits, outs)
}

/// [`split_crossings`] into one output: the bottom keys of the crossings that share no bit
/// with `hit`, copied to the front of `out`, and how many there are. A join that needs the
/// bottoms for one order of its middle queens only (the other's tops are none, or it is
/// counted elsewhere by symmetry) stores half as much.
pub(crate) fn keep_crossings(
    low: &[u32],
    high: HighBits<'_>,
    cut: KeyCut,
    hit: u64,
    out: &mut [u32],
) -> usize {
    let [kept, _] = split_crossings_into::<false>(low, high, cut, [hit, 0], [out, &mut []]);
    kept
}

/// [`split_crossings`] where `BOTH`, else [`keep_crossings`] into `outs[0]` by `hits[0]`.
#[inline(always)]
fn split_crossings_into<const BOTH: bool>(
    low: &[u32],
    high: HighBits<'_>,
    cut: KeyCut,
    hits: [u64; 2],
    outs: [&mut [u32]; 2],
) -> [usize; 2] {
    #[cfg(target_arch = "x86_64")]
    {
        let room = low.len().next_multiple_of(PAD);
        let written = if BOTH { &outs[..] } else { &outs[..1] };
        let fits = written.iter().all(|out| out.len() >= room) && high_fits(low, high);
        #[cfg(nqueens_avx512)]
        if let (Some(cpu), true) = (x86_64::Avx512::detect(), fits) {
            return x86_64::split_crossings_wide::<BOTH>(cpu, low, high, cut, hits, outs);
        }
        if let (Some(cpu), true) = (x86_64::Avx2::detect(), fits) {
            return x86_64::split_crossings::<BOTH>(cpu, low, high, cut, hits, outs);
        }
    }
    split_crossings_portable::<BOTH>(low, high, cut, hits, outs)
}

/// A board's crossings past the low 32 bits as a list keeps them, a byte or a 16-bit word
/// a board: what [`keep_boards`] copies as it is.
pub(crate) trait HighWord: Copy + Default + Into<u64> {}
impl HighWord for u8 {}
impl HighWord for u16 {}

/// Copies the boards of `low` and `high` (crossings `low | high << 32`; `high` empty where
/// they have no more bits, else as long as `low`) whose crossings share no bit with `hit`
/// to the front of `out_low` and `out_high`, in order, and returns how many there are.
/// Each output needs room for `low.len()` rounded up to [`PAD`] (`out_high` none where
/// `high` is empty); where it has less, the boards that fit are written and the count is
/// still of those that passed.
pub(crate) fn keep_boards<H: HighWord>(
    low: &[u32],
    high: &[H],
    hit: u64,
    out_low: &mut [u32],
    out_high: &mut [H],
) -> usize {
    #[cfg(all(target_arch = "x86_64", nqueens_avx512))]
    {
        let room = low.len().next_multiple_of(PAD);
        let fits = out_low.len() >= room
            && (high.is_empty() || (high.len() == low.len() && out_high.len() >= room));
        if let (Some(cpu), true) = (x86_64::Avx512::detect(), fits) {
            if let Some(kept) = x86_64::keep_boards_wide(cpu, low, high, hit, out_low, out_high) {
                return kept;
            }
        }
    }
    keep_boards_portable(low, high, hit, out_low, out_high)
}

/// [`keep_boards`] a board at a time.
fn keep_boards_portable<H: HighWord>(
    low: &[u32],
    high: &[H],
    hit: u64,
    out_low: &mut [u32],
    out_high: &mut [H],
) -> usize {
    let mut len = 0;
    for (i, &l) in low.iter().enumerate() {
        let h = high.get(i).copied().unwrap_or_default();
        if let (false, Some(slot)) = (high.is_empty(), out_high.get_mut(len)) {
            *slot = h;
        }
        push(
            out_low,
            &mut len,
            l,
            (u64::from(l) | h.into() << 32) & hit == 0,
        );
    }
    len
}

/// Asks the caches for `data`, which will be read soon (a hint; nothing where the CPU's
/// prefetch is not known here).
#[inline(always)]
pub(crate) fn prefetch<T>(data: &[T]) {
    #[cfg(target_arch = "x86_64")]
    x86_64::prefetch(data);
    #[cfg(not(target_arch = "x86_64"))]
    let _ = data;
}

/// How many pairs of a key of `top` and a key of `bottom` share no bit: the join's pairs
/// loop. With AVX-512, sixteen tops a block; with AVX2, eight (one 256-bit register of
/// counters); else four (one 128-bit register): each bottom key is loaded once a block.
pub(crate) fn disjoint_pairs(top: &[u32], bottom: &[u32]) -> u64 {
    #[cfg(all(target_arch = "x86_64", nqueens_avx512))]
    if let Some(cpu) = x86_64::Avx512::detect() {
        return x86_64::disjoint_pairs_wide(cpu, top, bottom);
    }
    #[cfg(target_arch = "x86_64")]
    if let Some(cpu) = x86_64::Avx2::detect() {
        return x86_64::disjoint_pairs(cpu, top, bottom);
    }
    disjoint_pairs_in::<4>(top, bottom)
}

/// [`disjoint_pairs`], `BLOCK` tops at a time: plain loops over slices, which the compiler
/// turns into SIMD as wide as the function it is compiled into allows.
#[inline(always)]
fn disjoint_pairs_in<const BLOCK: usize>(top: &[u32], bottom: &[u32]) -> u64 {
    let mut blocks = top.chunks_exact(BLOCK);
    let mut sum = 0u64;
    for block in &mut blocks {
        let mut counts = [0u32; BLOCK];
        for &b in bottom {
            for (count, &t) in counts.iter_mut().zip(block) {
                *count += u32::from(b & t == 0);
            }
        }
        sum += counts.iter().map(|&c| u64::from(c)).sum::<u64>();
    }
    sum + blocks
        .remainder()
        .iter()
        .map(|&t| {
            let mut count = 0u32;
            for &b in bottom {
                count += u32::from(b & t == 0);
            }
            u64::from(count)
        })
        .sum::<u64>()
}

/// Whether `high` has a board for each of `low`, or no boards at all.
#[cfg(target_arch = "x86_64")]
fn high_fits(low: &[u32], high: HighBits<'_>) -> bool {
    match high {
        HighBits::None => true,
        HighBits::Byte(h) => h.len() == low.len(),
        HighBits::Word(h) => h.len() == low.len(),
    }
}

/// Stores `key` at `len` and moves `len` on if `ok`: no branch per word, since which words
/// pass is not predictable. The join's listing loops append with it too.
#[inline(always)]
pub(crate) fn push<T>(out: &mut [T], len: &mut usize, key: T, ok: bool) {
    if let Some(slot) = out.get_mut(*len) {
        *slot = key;
    }
    *len += usize::from(ok);
}

/// Calls `each` with the crossings (`low | high << 32`) of every board of `low` and `high`,
/// in order: one loop per width, so that the width is asked once, not per board.
#[inline(always)]
pub(crate) fn for_each_crossing(low: &[u32], high: HighBits<'_>, mut each: impl FnMut(u64)) {
    match high {
        HighBits::None => low.iter().for_each(|&l| each(u64::from(l))),
        HighBits::Byte(h) => low
            .iter()
            .zip(h)
            .for_each(|(&l, &h)| each(u64::from(l) | u64::from(h) << 32)),
        HighBits::Word(h) => low
            .iter()
            .zip(h)
            .for_each(|(&l, &h)| each(u64::from(l) | u64::from(h) << 32)),
    }
}

/// [`keep_masked`], a word at a time.
fn keep_masked_portable(items: &[u64], hit: u32, out: &mut [u32]) -> usize {
    let mut len = 0;
    for &item in items {
        push(out, &mut len, item as u32, (item >> 32) as u32 & hit == 0);
    }
    len
}

/// [`split_crossings`] (or, unless `BOTH`, [`keep_crossings`]), a board at a time.
fn split_crossings_portable<const BOTH: bool>(
    low: &[u32],
    high: HighBits<'_>,
    cut: KeyCut,
    hits: [u64; 2],
    outs: [&mut [u32]; 2],
) -> [usize; 2] {
    let [a, b] = outs;
    let (mut len_a, mut len_b) = (0, 0);
    for_each_crossing(low, high, |crossings| {
        let key = cut.key(crossings);
        push(a, &mut len_a, key, crossings & hits[0] == 0);
        if BOTH {
            push(b, &mut len_b, key, crossings & hits[1] == 0);
        }
    });
    [len_a, len_b]
}

/// The xorshift generator the kernels' and the join's tests draw their cases from, from
/// `seed`: the same cases on every run.
#[cfg(test)]
pub(crate) fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec;
    use std::vec::Vec;

    /// A filter into two outputs, as the tests call it.
    type Split<'a> = &'a dyn Fn(&mut [u32], &mut [u32]) -> [usize; 2];

    fn sorted(mut keys: Vec<u32>) -> Vec<u32> {
        keys.sort_unstable();
        keys
    }

    /// Runs a filter of `len` keys into two padded outputs; what each kept, sorted.
    fn split_sorted(len: usize, f: Split<'_>) -> (Vec<u32>, Vec<u32>) {
        let room = len.next_multiple_of(PAD);
        let (mut a, mut b) = (vec![0; room], vec![0; room]);
        let [la, lb] = f(&mut a, &mut b);
        (sorted(a[..la].to_vec()), sorted(b[..lb].to_vec()))
    }

    /// A key cut that moves with the round: 9 to 16 bits, from bit 18 to 31.
    fn cut_of(round: usize) -> KeyCut {
        let bits = 9 + round as u32 % 8;
        KeyCut {
            right: 18 + round as u32 % 14,
            bits,
            field: (1 << bits) - 1,
        }
    }

    /// Whatever kernel runs here keeps the same keys as the word-at-a-time loops, at every
    /// length around the eight lanes, masks from sparse to dense.
    #[test]
    fn filters_keep_what_the_portable_loops_keep() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        for round in 0..600usize {
            let len = round % 40 + round / 100 * 37;
            let dense = round % 3;
            let mut draw = || match dense {
                0 => next() & next() & next(),
                1 => next() & next(),
                _ => next(),
            };
            let items: Vec<u64> = (0..len).map(|_| draw()).collect();
            let hits = [draw() as u32 & 0x0101_0101, draw() as u32 & 0x1010_1010];
            let run = |f: Split<'_>| split_sorted(len, f);
            // Each mask against the word-at-a-time loop, and the count against a plain filter.
            for hit in hits {
                let kept = |out: &mut [u32]| keep_masked(&items, hit, out);
                let (got, want) = run(&|a, b| [kept(a), keep_masked_portable(&items, hit, b)]);
                assert_eq!(got, want, "round {round}");
                // The AVX2 kernel too, where the AVX-512 one ran above.
                #[cfg(target_arch = "x86_64")]
                if let Some(cpu) = x86_64::Avx2::detect() {
                    let (four, _) = run(&|a, _| [x86_64::keep_masked(cpu, &items, hit, a), 0]);
                    assert_eq!(four, want, "round {round}");
                }
                let all = items
                    .iter()
                    .filter(|&&i| (i >> 32) as u32 & hit == 0)
                    .count();
                assert_eq!(got.len(), all, "round {round}");
            }
            let low: Vec<u32> = items.iter().map(|&i| i as u32).collect();
            let bytes: Vec<u8> = items.iter().map(|&i| (i >> 32) as u8).collect();
            let words: Vec<u16> = items.iter().map(|&i| (i >> 32) as u16).collect();
            let cut = cut_of(round);
            let hits = [draw() & 0xff_0f0f_0f0f, draw() & 0xff_f0f0_f0f0];
            for high in [
                HighBits::None,
                HighBits::Byte(&bytes),
                HighBits::Word(&words),
            ] {
                let portable = split_crossings_portable::<true>;
                let want = run(&|a, b| portable(&low, high, cut, hits, [a, b]));
                let got = run(&|a, b| split_crossings(&low, high, cut, hits, [a, b]));
                assert_eq!(got, want, "round {round}");
                // Each filter alone into one output: the same keys.
                let keep = |hit, out: &mut [u32]| keep_crossings(&low, high, cut, hit, out);
                let one = run(&|a, b| [keep(hits[0], a), keep(hits[1], b)]);
                assert_eq!(one, want, "round {round}");
            }
        }
    }

    /// Each kernel this CPU has, called directly (the entry points take only the widest):
    /// the same pairs as comparing every pair, and the same keys as the portable loop, at
    /// every length around the blocks of eight and sixteen.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn every_kernel_of_this_cpu_agrees_with_the_portable_loops() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        for round in 0..400usize {
            let lens = [round % 37, (round * 7) % 53 + round / 100 * 41];
            let dense = round % 3;
            let mut draw = || match dense {
                0 => next() & next() & next(),
                1 => next() & next(),
                _ => next(),
            };
            let [top, bottom] = lens.map(|len| (0..len).map(|_| draw() as u32).collect::<Vec<_>>());
            let pairs = top
                .iter()
                .map(|&t| bottom.iter().filter(|&&b| b & t == 0).count() as u64)
                .sum::<u64>();
            let items: Vec<u64> = (0..lens[1]).map(|_| draw()).collect();
            let low: Vec<u32> = items.iter().map(|&i| i as u32).collect();
            let bytes: Vec<u8> = items.iter().map(|&i| (i >> 32) as u8).collect();
            let words: Vec<u16> = items.iter().map(|&i| (i >> 32) as u16).collect();
            let cut = cut_of(round);
            let hits = [draw() & 0xffff_0f0f_0f0f, draw() & 0xffff_f0f0_f0f0];
            // Each width of the high bits in turn: each is a kernel of its own.
            let high = match round / 2 % 3 {
                0 => HighBits::Byte(&bytes),
                1 => HighBits::Word(&words),
                _ => HighBits::None,
            };
            split_kernels_agree(&low, high, cut, hits, round);
            let hit = hits[round % 2];
            keep_boards_agree::<u8>(&low, &[], hit, round);
            keep_boards_agree(&low, &bytes, hit, round);
            keep_boards_agree(&low, &words, hit, round);
            if let Some(cpu) = x86_64::Avx2::detect() {
                assert_eq!(x86_64::disjoint_pairs(cpu, &top, &bottom), pairs);
            }
            #[cfg(nqueens_avx512)]
            if let Some(cpu) = x86_64::Avx512::detect() {
                assert_eq!(x86_64::disjoint_pairs_wide(cpu, &top, &bottom), pairs);
            }
            assert_eq!(disjoint_pairs_in::<4>(&top, &bottom), pairs);
            // Items kept by their masks, in order, as the portable loop keeps them.
            let hit = draw() as u32 | 1 << (round % 32);
            let room = items.len().next_multiple_of(PAD);
            let (mut fast, mut slow) = (vec![0; room], vec![0; room]);
            let kept = keep_clear(&items, &low, hit, &mut fast);
            assert_eq!(kept, keep_clear_portable(&items, &low, hit, &mut slow));
            assert_eq!(fast[..kept], slow[..kept], "round {round}");
            if let Some(cpu) = x86_64::Avx2::detect() {
                let mut four = vec![0; room];
                assert_eq!(x86_64::keep_clear(cpu, &items, &low, hit, &mut four), kept);
                assert_eq!(four[..kept], slow[..kept], "round {round}");
            }
            let want = items.iter().zip(&low).filter(|(_, &m)| m & hit == 0);
            assert!(want.map(|(&i, _)| i).eq(fast[..kept].iter().copied()));
            let masks: Vec<u64> = (0..items.len()).map(|_| draw()).collect();
            pair_kernels_agree(&items, &masks, (draw() | 1 << (round % 64), draw()), round);
            let with = (draw() | 1 << (round % 64), draw(), draw() as u32);
            let words: Vec<u32> = items.iter().map(|_| draw() as u32).collect();
            carried_kernels_agree(&items, &words, &masks, with, round);
            // Partitions on a bit: the same keys on each side as the portable loop's.
            let bit = 1 << (round % 32);
            let (mut fast, mut slow) = (bottom.clone(), bottom.clone());
            let front = partition(&mut fast, bit, &mut Vec::new());
            assert_eq!(front, partition_portable(&mut slow, bit), "round {round}");
            assert!(fast[..front].iter().all(|&k| k & bit == 0));
            assert_eq!(
                sorted(fast[..front].to_vec()),
                sorted(slow[..front].to_vec())
            );
            assert_eq!(
                sorted(fast[front..].to_vec()),
                sorted(slow[front..].to_vec())
            );
        }
    }

    /// The pairs of pieces this CPU's kernel keeps are the portable loop's: the items whose
    /// 64-bit masks miss `hit`, with `with` set, in order.
    #[cfg(target_arch = "x86_64")]
    /// The same for the pairs whose words are carried beside them: the items as
    /// [`pair_clear`] keeps them, and the words of the same items, with `with_word`.
    #[cfg(target_arch = "x86_64")]
    fn carried_kernels_agree(
        items: &[u64],
        words: &[u32],
        masks: &[u64],
        (hit, with, with_word): (u64, u64, u32),
        round: usize,
    ) {
        let room = items.len().next_multiple_of(PAD);
        let (mut fast, mut slow) = (
            (vec![0; room], vec![0; room]),
            (vec![0; room], vec![0; room]),
        );
        let with = (hit, with, with_word);
        let kept = pair_clear_carried((items, words), masks, with, (&mut fast.0, &mut fast.1));
        let plain =
            pair_clear_carried_portable((items, words), masks, with, (&mut slow.0, &mut slow.1));
        assert_eq!(kept, plain, "round {round}");
        assert_eq!(fast.0[..kept], slow.0[..kept], "round {round}");
        assert_eq!(fast.1[..kept], slow.1[..kept], "round {round}");
        let mut alone = vec![0; room];
        assert_eq!(pair_clear(items, masks, (hit, with.1), &mut alone), kept);
        assert_eq!(alone[..kept], fast.0[..kept], "round {round}");
        let want = words.iter().zip(masks).filter(|(_, &m)| m & hit == 0);
        assert!(want
            .map(|(&w, _)| w | with_word)
            .eq(fast.1[..kept].iter().copied()));
    }

    fn pair_kernels_agree(items: &[u64], masks: &[u64], (hit, with): (u64, u64), round: usize) {
        let room = items.len().next_multiple_of(PAD);
        let (mut fast, mut slow) = (vec![0; room], vec![0; room]);
        let kept = pair_clear(items, masks, (hit, with), &mut fast);
        assert_eq!(
            kept,
            pair_clear_portable(items, masks, (hit, with), &mut slow)
        );
        assert_eq!(fast[..kept], slow[..kept], "round {round}");
        let want = items.iter().zip(masks).filter(|(_, &m)| m & hit == 0);
        assert!(want
            .map(|(&i, _)| i | with)
            .eq(fast[..kept].iter().copied()));
    }

    /// Each split kernel of this CPU keeps the portable loop's keys, splitting into two
    /// outputs and, in its one-output form, each filter alone into the first output.
    #[cfg(target_arch = "x86_64")]
    fn split_kernels_agree(
        low: &[u32],
        high: HighBits<'_>,
        cut: KeyCut,
        hits: [u64; 2],
        round: usize,
    ) {
        let split = |f: Split<'_>| split_sorted(low.len(), f);
        let portable = split_crossings_portable::<true>;
        let want = split(&|a, b| portable(low, high, cut, hits, [a, b]));
        let alone = [hits, [hits[1], 0]];
        if let Some(cpu) = x86_64::Avx2::detect() {
            let kernel = x86_64::split_crossings::<true>;
            let got = split(&|a, b| kernel(cpu, low, high, cut, hits, [a, b]));
            assert_eq!(got, want, "round {round}");
            let one = |hits: [u64; 2], out: &mut [u32]| {
                x86_64::split_crossings::<false>(cpu, low, high, cut, hits, [out, &mut []])[0]
            };
            let got = split(&|a, b| [one(alone[0], a), one(alone[1], b)]);
            assert_eq!(got, want, "round {round}");
        }
        #[cfg(nqueens_avx512)]
        if let Some(cpu) = x86_64::Avx512::detect() {
            let kernel = x86_64::split_crossings_wide::<true>;
            let got = split(&|a, b| kernel(cpu, low, high, cut, hits, [a, b]));
            assert_eq!(got, want, "round {round}");
            let one = |hits: [u64; 2], out: &mut [u32]| {
                let kernel = x86_64::split_crossings_wide::<false>;
                kernel(cpu, low, high, cut, hits, [out, &mut []])[0]
            };
            let got = split(&|a, b| [one(alone[0], a), one(alone[1], b)]);
            assert_eq!(got, want, "round {round}");
        }
    }

    /// The boards of `low` and `high` whose crossings miss `hit`, in order: from the entry
    /// point, from the portable loop and from this CPU's kernel alike.
    #[cfg(target_arch = "x86_64")]
    fn keep_boards_agree<H: HighWord + core::fmt::Debug + PartialEq>(
        low: &[u32],
        high: &[H],
        hit: u64,
        round: usize,
    ) {
        let crossings = |i: usize| {
            let h: u64 = high.get(i).map_or(0, |&h| h.into());
            u64::from(low[i]) | h << 32
        };
        let want: Vec<usize> = (0..low.len())
            .filter(|&i| crossings(i) & hit == 0)
            .collect();
        let room = low.len().next_multiple_of(PAD);
        let run = |f: &dyn Fn(&mut [u32], &mut [H]) -> usize| {
            let (mut l, mut h) = (vec![0; room], vec![H::default(); room]);
            let kept = f(&mut l, &mut h);
            assert_eq!(kept, want.len(), "round {round}");
            assert!(
                want.iter().zip(&l).all(|(&i, &l)| low[i] == l),
                "round {round}"
            );
            if !high.is_empty() {
                assert!(
                    want.iter().zip(&h).all(|(&i, &h)| high[i] == h),
                    "round {round}"
                );
            }
        };
        run(&|l, h| keep_boards(low, high, hit, l, h));
        run(&|l, h| keep_boards_portable(low, high, hit, l, h));
        #[cfg(nqueens_avx512)]
        if let Some(cpu) = x86_64::Avx512::detect() {
            run(&|l, h| x86_64::keep_boards_wide(cpu, low, high, hit, l, h).unwrap_or(0));
        }
    }

    /// Outputs too short for every key: no kernel writes past them, and the counts still
    /// say how many passed.
    #[test]
    fn short_outputs_are_not_overrun() {
        let items: Vec<u64> = (0..21u64).map(|i| i | (i % 3) << 32).collect();
        let mut a = vec![0; 5];
        assert_eq!(keep_masked(&items, 1, &mut a), 14);
        let masks: Vec<u32> = items.iter().map(|&i| (i >> 32) as u32).collect();
        let mut short = vec![0; 5];
        assert_eq!(keep_clear(&items, &masks, 1, &mut short), 14);
        let want: Vec<u64> = items.iter().copied().filter(|i| i >> 32 != 1).collect();
        assert_eq!(short, want[..5]);
        // Masks for the first ten items only: the rest are left out.
        assert_eq!(keep_clear(&items, &masks[..10], 1, &mut vec![0; 32]), 7);
        // More masks than items: the masks past the items' end are not read.
        assert_eq!(keep_clear(&items[..10], &masks, 1, &mut vec![0; 32]), 7);
        // The same for pairs of pieces, whose masks are 64 bits wide.
        let wide: Vec<u64> = masks.iter().map(|&m| u64::from(m) << 40).collect();
        let mut short = vec![0; 5];
        assert_eq!(
            pair_clear(&items, &wide, (1 << 40, 1 << 50), &mut short),
            14
        );
        assert!(short.iter().zip(&want).all(|(&s, &w)| s == w | 1 << 50));
        assert_eq!(
            pair_clear(&items, &wide[..10], (1 << 40, 0), &mut vec![0; 32]),
            7
        );
        assert_eq!(
            pair_clear(&items[..10], &wide, (1 << 40, 0), &mut vec![0; 32]),
            7
        );
        assert_eq!(keep_masked(&items, 0, &mut a), 21);
        let low: Vec<u32> = (0..21).collect();
        let cut = KeyCut {
            right: 20,
            bits: 10,
            field: 1023,
        };
        // A high part too short: what the portable loop makes of it, and no overrun.
        let words = [0u16; 3];
        let (mut a, mut b) = (vec![0; 5], vec![0; 21]);
        let got = split_crossings(&low, HighBits::Word(&words), cut, [0, 1], [&mut a, &mut b]);
        let (mut c, mut d) = (vec![0; 5], vec![0; 21]);
        let high = HighBits::Word(&words);
        let want = split_crossings_portable::<true>(&low, high, cut, [0, 1], [&mut c, &mut d]);
        assert_eq!((got, &a, &b), (want, &c, &d));
        let mut e = vec![0; 5];
        let kept = keep_crossings(&low, HighBits::Word(&words), cut, 1, &mut e);
        assert_eq!((kept, &e), (want[1], &d[..5].to_vec()));
        let got = split_crossings(&low, HighBits::None, cut, [0, 1], [&mut c, &mut d]);
        assert_eq!(got, [21, 11]);
        // Boards copied into outputs of five: the first five kept, and the count of all.
        let bytes: Vec<u8> = (0..21).map(|i| i % 3).collect();
        let (mut l, mut h) = ([0u32; 5], [0u8; 5]);
        assert_eq!(keep_boards(&low, &bytes, 1 << 32, &mut l, &mut h), 14);
        assert_eq!((l, h), ([0, 2, 3, 5, 6], [0, 2, 0, 2, 0]));
        // High words for the first three boards only: the rest read as zeros.
        assert_eq!(
            keep_boards(&low, &bytes[..3], 1 << 32, &mut [0; 32], &mut [0; 32]),
            20
        );
    }
}
