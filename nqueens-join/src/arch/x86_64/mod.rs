//! The AVX2 and AVX-512 kernels of `arch`, and the crate's only unsafe code.
//!
//! Eight words a step: the lanes that pass a test are moved to the front of a vector by a
//! permutation looked up from the test's 8-bit mask (`LEFT_PACK`), the whole vector is
//! stored at the end of what was kept so far, and the end moves on by the lanes that passed.
//! (`keep_clear`, whose items are 64-bit words, takes four a step, each word's two lanes
//! moved together: `WORD_LANES`.)
//! The store writes eight lanes whatever passed, so each entry point first checks that every
//! output is at least as long as its input (`split_crossings`, whose last step is a padded
//! copy of the last few boards: rounded up to eight): the end never passes the number of
//! words read, so a store at it stays inside. The entry points take an [`Avx2`] token, which
//! only a CPU with AVX2 and POPCNT gives.
//!
//! With AVX-512 (module `wide`, where `build.rs` found a compiler that has it), sixteen words
//! a step, the lanes that pass moved to the front by `vpcompressd` and stored whole: the
//! outputs are rounded up to sixteen. The last few boards are read by masked loads, which
//! leave the lanes past the end unread (no padded copy), and the pairs loop puts in its
//! lanes whichever list makes fewer steps. Its entry points take an `Avx512` token.
#![allow(unsafe_code)]

use core::arch::x86_64::{
    __m128i, __m256i, _mm256_and_si256, _mm256_castps_si256, _mm256_castsi256_ps,
    _mm256_cmpeq_epi32, _mm256_cmpgt_epi32, _mm256_cvtepu16_epi32, _mm256_cvtepu8_epi32,
    _mm256_loadu_si256, _mm256_movemask_ps, _mm256_or_si256, _mm256_permutevar8x32_epi32,
    _mm256_set1_epi32, _mm256_setr_epi32, _mm256_setzero_si256, _mm256_shuffle_ps,
    _mm256_sll_epi32, _mm256_srl_epi32, _mm256_storeu_si256, _mm256_sub_epi32, _mm_and_si128,
    _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_loadl_epi64, _mm_loadu_si128, _mm_movemask_ps,
    _mm_set1_epi32, _mm_setzero_si128,
};

use super::{HighBits, KeyCut};
use vector::Vector;

/// The bodies AVX2 and AVX-512 share, over a vector trait.
mod vector;

/// Words a step: 32-bit lanes in a 256-bit register.
const LANES: usize = 8;

/// For each 8-bit mask of lanes that pass, the lanes to take, those that pass first.
static LEFT_PACK: [[u32; LANES]; 256] = left_pack();

/// For each 4-bit mask of 64-bit words that pass, the 8-bit mask of their 32-bit lanes (each
/// bit twice), so that [`LEFT_PACK`] moves whole words: `keep_clear` keeps words.
static WORD_LANES: [u8; 16] = word_lanes();

const fn word_lanes() -> [u8; 16] {
    let mut table = [0; 16];
    let mut mask = 0;
    while mask < 16 {
        let mut word = 0;
        while word < 4 {
            if mask >> word & 1 == 1 {
                table[mask] |= 0b11 << (2 * word);
            }
            word += 1;
        }
        mask += 1;
    }
    table
}

const fn left_pack() -> [[u32; LANES]; 256] {
    let mut table = [[0; LANES]; 256];
    let mut mask = 0;
    while mask < 256 {
        let (mut lane, mut kept) = (0, 0);
        while lane < LANES {
            if mask >> lane & 1 == 1 {
                table[mask][kept] = lane as u32;
                kept += 1;
            }
            lane += 1;
        }
        mask += 1;
    }
    table
}

/// Asks the caches for every line of `data`, to be read soon: a hint, which reads nothing
/// the program can see and cannot fault, whatever the address (SSE, which every x86-64 has).
#[inline(always)]
pub(super) fn prefetch<T>(data: &[T]) {
    use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
    let bytes = core::mem::size_of_val(data);
    let start = data.as_ptr().cast::<i8>();
    let mut at = 0;
    while at < bytes {
        // SAFETY: a prefetch is only a hint: it loads nothing into a register, and an
        // address past the end of `data` would not fault either (it stays inside here).
        unsafe { _mm_prefetch::<_MM_HINT_T0>(start.wrapping_add(at)) };
        at += 64;
    }
}

/// Proof that this CPU has AVX2 and POPCNT: only [`Avx2::detect`] makes one, and every
/// entry point below takes one, so none asks the CPU again.
#[derive(Clone, Copy)]
pub(super) struct Avx2(());

impl Avx2 {
    /// `Some` where the CPU has AVX2 and POPCNT (asked once; std caches the answer).
    #[inline(always)]
    pub(super) fn detect() -> Option<Avx2> {
        let has = std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("popcnt");
        has.then_some(Avx2(()))
    }
}

/// `keep_masked` with AVX2. Needs `out` as long as `items`.
pub(super) fn keep_masked(_: Avx2, items: &[u64], hit: u32, out: &mut [u32]) -> usize {
    assert!(out.len() >= items.len());
    // SAFETY: the CPU has AVX2 and POPCNT (the token), and `out` is long enough (asserted).
    unsafe { keep_masked_avx2(items, hit, out) }
}

/// `split_crossings` with AVX2 (`BOTH`; else only into `outs[0]`, by `hits[0]`). Needs each
/// output written as long as `low` rounded up to a multiple of eight, and `high` as long as
/// `low` where it holds bits.
pub(super) fn split_crossings<const BOTH: bool>(
    _: Avx2,
    low: &[u32],
    high: HighBits<'_>,
    cut: KeyCut,
    hits: [u64; 2],
    outs: [&mut [u32]; 2],
) -> [usize; 2] {
    let written = if BOTH { &outs[..] } else { &outs[..1] };
    assert!(written
        .iter()
        .all(|out| out.len() >= low.len().next_multiple_of(LANES)));
    assert!(super::high_fits(low, high));
    // SAFETY: the CPU has AVX2 and POPCNT (the token), the outputs written are long
    // enough, and `high` is as long as `low` (asserted).
    unsafe {
        match high {
            HighBits::None => {
                split_crossings_avx2::<0, BOTH>(low, core::ptr::null(), cut, hits, outs)
            }
            HighBits::Byte(h) => split_crossings_avx2::<1, BOTH>(low, h.as_ptr(), cut, hits, outs),
            HighBits::Word(h) => {
                split_crossings_avx2::<2, BOTH>(low, h.as_ptr().cast(), cut, hits, outs)
            }
        }
    }
}

/// `keep_clear` with AVX2: four items a step, the words that pass moved to the front by a
/// permutation of their lanes ([`WORD_LANES`], then [`LEFT_PACK`]). Needs `masks` as long as
/// `items`, and `out` as long as `items` rounded up to a multiple of four.
pub(super) fn keep_clear(
    _: Avx2,
    items: &[u64],
    masks: &[u32],
    hit: u32,
    out: &mut [u64],
) -> usize {
    assert!(masks.len() == items.len() && out.len() >= items.len().next_multiple_of(WORDS));
    // SAFETY: the CPU has AVX2 and POPCNT (the token), `masks` is as long as `items` and
    // `out` long enough (asserted).
    unsafe { keep_clear_avx2(items, masks, hit, out.as_mut_ptr()) }
}

/// Items a step of `keep_clear`: 64-bit words in a 256-bit register.
const WORDS: usize = 4;

/// # Safety
/// AVX2 and POPCNT, `masks` as long as `items`, and `out` writable for `items.len()` rounded
/// up to four.
#[target_feature(enable = "avx2,popcnt")]
unsafe fn keep_clear_avx2(items: &[u64], masks: &[u32], hit: u32, out: *mut u64) -> usize {
    let hits = _mm_set1_epi32(hit as i32);
    let (mut len, mut at) = (0, 0);
    while at + WORDS <= items.len() {
        // SAFETY: four items and masks from `at` are in bounds; `len` is at most `at`, so
        // the four words stored end within `items.len()` rounded up to four.
        unsafe {
            let m = _mm_loadu_si128(masks.as_ptr().add(at).cast());
            let clear = _mm_cmpeq_epi32(_mm_and_si128(m, hits), _mm_setzero_si128());
            let pass = _mm_movemask_ps(_mm_castsi128_ps(clear)) as usize & 0xf;
            let lanes = usize::from(WORD_LANES[pass]);
            let order = _mm256_loadu_si256(LEFT_PACK[lanes].as_ptr().cast());
            let v = _mm256_loadu_si256(items.as_ptr().add(at).cast());
            _mm256_storeu_si256(out.add(len).cast(), _mm256_permutevar8x32_epi32(v, order));
            len += pass.count_ones() as usize;
        }
        at += WORDS;
    }
    // The last items, fewer than four, one at a time: each is stored at the end, which
    // stays below its index, and kept by moving the end on.
    for (&item, &mask) in items.iter().zip(masks).skip(at) {
        // SAFETY: `len` is at most the number of items before this one, so inside `out`.
        unsafe { out.add(len).write(item) };
        len += usize::from(mask & hit == 0);
    }
    len
}

/// `disjoint_pairs` with AVX2: eight tops a block.
pub(super) fn disjoint_pairs(_: Avx2, top: &[u32], bottom: &[u32]) -> u64 {
    // SAFETY: the CPU has AVX2 (the token).
    unsafe { disjoint_pairs_avx2(top, bottom) }
}

/// # Safety
/// AVX2.
#[target_feature(enable = "avx2")]
unsafe fn disjoint_pairs_avx2(top: &[u32], bottom: &[u32]) -> u64 {
    let zero = _mm256_setzero_si256();
    // Each lane counts its top's pairs over every block: the lanes are summed once at the
    // end (or when they could overflow), not once a block, since a join's lists are short
    // (most bottom lists under 24 keys).
    let mut counts = zero;
    let mut sum = 0u64;
    // Blocks a lane can count before it could pass u32::MAX.
    let per_flush = (u32::MAX as usize / bottom.len().max(1)).max(1);
    let mut since_flush = 0;
    let mut blocks = top.chunks_exact(LANES);
    for block in &mut blocks {
        // SAFETY: a block is eight u32.
        let tops = unsafe { _mm256_loadu_si256(block.as_ptr().cast()) };
        for &b in bottom {
            let clear =
                _mm256_cmpeq_epi32(_mm256_and_si256(tops, _mm256_set1_epi32(b as i32)), zero);
            counts = _mm256_sub_epi32(counts, clear);
        }
        since_flush += 1;
        if since_flush == per_flush {
            sum += lane_sum(counts);
            (counts, since_flush) = (zero, 0);
        }
    }
    // The last tops, fewer than eight, as one more block whose spare lanes count nothing.
    let rest = blocks.remainder();
    if !rest.is_empty() {
        let mut padded = [0u32; LANES];
        padded[..rest.len()].copy_from_slice(rest);
        // SAFETY: `padded` is eight u32.
        let tops = unsafe { _mm256_loadu_si256(padded.as_ptr().cast()) };
        let used = _mm256_cmpgt_epi32(
            _mm256_set1_epi32(rest.len() as i32),
            _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
        );
        sum += lane_sum(counts);
        counts = zero;
        for &b in bottom {
            let clear =
                _mm256_cmpeq_epi32(_mm256_and_si256(tops, _mm256_set1_epi32(b as i32)), zero);
            counts = _mm256_sub_epi32(counts, _mm256_and_si256(clear, used));
        }
    }
    sum + lane_sum(counts)
}

/// Proof that this CPU has AVX-512 F, BW and VL, and POPCNT: only [`Avx512::detect`] makes
/// one.
#[cfg(nqueens_avx512)]
#[derive(Clone, Copy)]
pub(super) struct Avx512(());

#[cfg(nqueens_avx512)]
impl Avx512 {
    /// `Some` where the CPU has AVX-512 F, BW and VL and POPCNT (asked once; std caches the
    /// answer): every AVX-512 CPU but the first Xeon Phi, whose kernels would need a padded
    /// copy.
    #[inline(always)]
    pub(super) fn detect() -> Option<Avx512> {
        let has = std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("avx512vl")
            && std::is_x86_feature_detected!("popcnt");
        has.then_some(Avx512(()))
    }
}

/// `disjoint_pairs` with AVX-512: sixteen tops a block, and one instruction
/// (`vptestnmd`) for the mask of the tops that share no bit with a bottom.
#[cfg(nqueens_avx512)]
pub(super) fn disjoint_pairs_wide(_: Avx512, top: &[u32], bottom: &[u32]) -> u64 {
    // SAFETY: the CPU has AVX-512 F (the token).
    unsafe { wide::disjoint_pairs(top, bottom) }
}

/// `partition` with AVX-512: sixteen keys a step, those without the bit stored at the
/// front of `keys` (behind the step, so nothing unread is overwritten), those with it in
/// `spare`, then copied after them. Needs `spare` as long as `keys` and sixteen more.
#[cfg(nqueens_avx512)]
pub(super) fn partition_wide(_: Avx512, keys: &mut [u32], bit: u32, spare: &mut [u32]) -> usize {
    assert!(spare.len() >= keys.len() + wide::LANES);
    // SAFETY: the CPU has AVX-512 F, BW and VL and POPCNT (the token), and `spare` is long enough
    // (asserted).
    let (front, back) = unsafe { wide::partition(keys, bit, spare.as_mut_ptr()) };
    keys[front..].copy_from_slice(&spare[..back]);
    front
}

/// `pair_clear` with AVX-512: eight items a step, as `keep_clear_wide`. Needs `masks` as
/// long as `items`, and `out` as long as `items` rounded up to a multiple of sixteen.
#[cfg(nqueens_avx512)]
pub(super) fn pair_clear_wide(
    _: Avx512,
    items: &[u64],
    masks: &[u64],
    (hit, with): (u64, u64),
    out: &mut [u64],
) -> usize {
    assert!(masks.len() == items.len() && out.len() >= items.len().next_multiple_of(wide::LANES));
    // SAFETY: the CPU has AVX-512 F, BW and VL and POPCNT (the token), `masks` is as long
    // as `items` and `out` long enough (asserted).
    unsafe { wide::clear(items, masks, hit, with, out.as_mut_ptr()) }
}

/// `pair_clear_carried` with AVX-512: `pair_clear_wide` with each item's word beside it.
/// Needs `masks` and `words` as long as `items`, and both outputs as long as `items`
/// rounded up to a multiple of sixteen.
#[cfg(nqueens_avx512)]
pub(super) fn pair_clear_carried_wide(
    _: Avx512,
    (items, words): (&[u64], &[u32]),
    masks: &[u64],
    (hit, with, with_word): (u64, u64, u32),
    (out, out_words): (&mut [u64], &mut [u32]),
) -> usize {
    let room = items.len().next_multiple_of(wide::LANES);
    assert!(masks.len() == items.len() && words.len() == items.len());
    assert!(out.len() >= room && out_words.len() >= room);
    // SAFETY: the CPU has AVX-512 F, BW and VL and POPCNT (the token), `masks` and `words`
    // are as long as `items`, and the outputs long enough (asserted).
    unsafe {
        wide::clear_carried(
            (items, words),
            masks,
            (hit, with, with_word),
            (out.as_mut_ptr(), out_words.as_mut_ptr()),
        )
    }
}

/// `keep_masked` with AVX-512: sixteen items a step, their keys and masks dealt into two
/// registers by two permutations, the keys kept moved to the front by one instruction.
/// Needs `out` as long as `items` rounded up to a multiple of sixteen.
#[cfg(nqueens_avx512)]
pub(super) fn keep_masked_wide(_: Avx512, items: &[u64], hit: u32, out: &mut [u32]) -> usize {
    assert!(out.len() >= items.len().next_multiple_of(wide::LANES));
    // SAFETY: the CPU has AVX-512 F, BW and VL and POPCNT (the token), and `out` is long
    // enough (asserted).
    unsafe { wide::keep_masked(items, hit, out.as_mut_ptr()) }
}

/// `keep_clear` with AVX-512: eight items a step, those kept moved to the front by one
/// instruction (`vpcompressq`). Needs `masks` as long as `items`, and `out` as long as
/// `items` rounded up to a multiple of sixteen.
#[cfg(nqueens_avx512)]
pub(super) fn keep_clear_wide(
    _: Avx512,
    items: &[u64],
    masks: &[u32],
    hit: u32,
    out: &mut [u64],
) -> usize {
    assert!(masks.len() == items.len() && out.len() >= items.len().next_multiple_of(wide::LANES));
    // SAFETY: the CPU has AVX-512 F, BW and VL and POPCNT (the token), `masks` is as long
    // as `items` and `out` long enough (asserted).
    unsafe { wide::clear(items, masks, u64::from(hit), 0, out.as_mut_ptr()) }
}

/// `split_crossings` with AVX-512: sixteen boards a step, the lanes kept moved to the front
/// by one instruction (`vpcompressd`) rather than a permutation from a table. Needs each of
/// `outs` as long as `low` rounded up to a multiple of sixteen, and `high` as long as `low`
/// where it holds bits.
#[cfg(nqueens_avx512)]
pub(super) fn split_crossings_wide<const BOTH: bool>(
    _: Avx512,
    low: &[u32],
    high: HighBits<'_>,
    cut: KeyCut,
    hits: [u64; 2],
    outs: [&mut [u32]; 2],
) -> [usize; 2] {
    let written = if BOTH { &outs[..] } else { &outs[..1] };
    assert!(written
        .iter()
        .all(|out| out.len() >= low.len().next_multiple_of(wide::LANES)));
    assert!(super::high_fits(low, high));
    // SAFETY: the CPU has AVX-512 F, BW and VL and POPCNT (the token), the outputs written
    // are long enough, and `high` is as long as `low` (asserted).
    unsafe {
        match high {
            HighBits::None => {
                wide::split_crossings::<0, BOTH>(low, core::ptr::null(), cut, hits, outs)
            }
            HighBits::Byte(h) => wide::split_crossings::<1, BOTH>(low, h.as_ptr(), cut, hits, outs),
            HighBits::Word(h) => {
                wide::split_crossings::<2, BOTH>(low, h.as_ptr().cast(), cut, hits, outs)
            }
        }
    }
}

/// `keep_boards` with AVX-512: sixteen boards a step, those kept moved to the front by
/// `vpcompressd`, their high words narrowed back after. Needs each output as long as `low`
/// rounded up to a multiple of sixteen (`out_high` where `high` is not empty, which is then
/// as long as `low`). `None` for a high word of another width.
#[cfg(nqueens_avx512)]
pub(super) fn keep_boards_wide<H: super::HighWord>(
    _: Avx512,
    low: &[u32],
    high: &[H],
    hit: u64,
    out_low: &mut [u32],
    out_high: &mut [H],
) -> Option<usize> {
    let room = low.len().next_multiple_of(wide::LANES);
    assert!(out_low.len() >= room);
    assert!(high.is_empty() || (high.len() == low.len() && out_high.len() >= room));
    let (at, to) = (
        high.as_ptr().cast::<u8>(),
        out_high.as_mut_ptr().cast::<u8>(),
    );
    let out = out_low.as_mut_ptr();
    // SAFETY: the CPU has AVX-512 F, BW and VL and POPCNT (the token), the outputs are long
    // enough, `high` is as long as `low` where it is read, and `WIDTH` is its width.
    unsafe {
        match (high.is_empty(), core::mem::size_of::<H>()) {
            (true, _) => Some(wide::keep_boards::<0>(low, at, hit, out, to)),
            (false, 1) => Some(wide::keep_boards::<1>(low, at, hit, out, to)),
            (false, 2) => Some(wide::keep_boards::<2>(low, at, hit, out, to)),
            _ => None,
        }
    }
}

/// The AVX-512 kernels' insides.
#[cfg(nqueens_avx512)]
mod wide;

/// The sum of the eight u32 lanes of `counts`.
#[target_feature(enable = "avx2")]
fn lane_sum(counts: __m256i) -> u64 {
    let mut lanes = [0u32; LANES];
    // SAFETY: `lanes` is eight u32.
    unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), counts) };
    lanes.iter().map(|&c| u64::from(c)).sum()
}

/// Stores the lanes of `keys` whose lane of `masks` shares no bit with `hit` at `out`, first
/// to last, and returns how many there are. Eight lanes are written.
///
/// # Safety
/// AVX2 and POPCNT, and eight `u32` writable at `out`.
#[target_feature(enable = "avx2,popcnt")]
unsafe fn store_kept(keys: __m256i, masks: __m256i, hit: __m256i, out: *mut u32) -> usize {
    let clear = _mm256_cmpeq_epi32(_mm256_and_si256(masks, hit), _mm256_setzero_si256());
    store_lanes(keys, clear, out)
}

/// Stores the lanes of `keys` where `pass` is all ones at `out`, first to last, and returns
/// how many there are. Eight lanes are written.
///
/// # Safety
/// AVX2 and POPCNT, and eight `u32` writable at `out`.
#[target_feature(enable = "avx2,popcnt")]
unsafe fn store_lanes(keys: __m256i, pass: __m256i, out: *mut u32) -> usize {
    let mask = _mm256_movemask_ps(_mm256_castsi256_ps(pass)) as usize & 0xff;
    // SAFETY: `mask` < 256, and a row of the table is eight u32.
    let order = unsafe { _mm256_loadu_si256(LEFT_PACK[mask].as_ptr().cast()) };
    // SAFETY: the caller gives eight u32 at `out`.
    unsafe { _mm256_storeu_si256(out.cast(), _mm256_permutevar8x32_epi32(keys, order)) };
    mask.count_ones() as usize
}

/// Eight words of `items` from `at`, as their keys (low halves) and masks (high halves),
/// lanes in the same order in both (not the order of `items`).
///
/// # Safety
/// AVX2, and eight words at `at`.
#[target_feature(enable = "avx2")]
unsafe fn load_split(at: *const u64) -> (__m256i, __m256i) {
    // SAFETY: eight u64 are readable at `at`: two 256-bit loads.
    let (x, y) = unsafe {
        let p = at.cast::<__m256i>();
        (_mm256_loadu_si256(p), _mm256_loadu_si256(p.add(1)))
    };
    let (x, y) = (_mm256_castsi256_ps(x), _mm256_castsi256_ps(y));
    // Per 128-bit half: the even 32-bit lanes of x then of y (keys), the odd ones (masks).
    let keys = _mm256_castps_si256(_mm256_shuffle_ps::<0b10_00_10_00>(x, y));
    let masks = _mm256_castps_si256(_mm256_shuffle_ps::<0b11_01_11_01>(x, y));
    (keys, masks)
}

/// # Safety
/// AVX2 and POPCNT, and `out` as long as `items`.
#[target_feature(enable = "avx2,popcnt")]
unsafe fn keep_masked_avx2(items: &[u64], hit: u32, out: &mut [u32]) -> usize {
    let h = _mm256_set1_epi32(hit as i32);
    let mut len = 0;
    let mut chunks = items.chunks_exact(LANES);
    for chunk in &mut chunks {
        // SAFETY: a chunk is eight words; `out` has a slot for every word read, and `len` is
        // at most the words read before this chunk.
        unsafe {
            let (keys, masks) = load_split(chunk.as_ptr());
            len += store_kept(keys, masks, h, out.as_mut_ptr().add(len));
        }
    }
    len + super::keep_masked_portable(chunks.remainder(), hit, &mut out[len..])
}

/// Bits 32 and up of eight boards from board `at`: `WIDTH` bytes a board at `high`
/// (0: none, all zero).
///
/// # Safety
/// AVX2, and where `WIDTH` is 1 or 2, `8 * WIDTH` bytes readable at `high + WIDTH * at`.
#[target_feature(enable = "avx2")]
unsafe fn load_high<const WIDTH: usize>(high: *const u8, at: usize) -> __m256i {
    // SAFETY: the caller gives the bytes read.
    unsafe {
        match WIDTH {
            1 => _mm256_cvtepu8_epi32(_mm_loadl_epi64(high.add(at).cast::<__m128i>())),
            2 => _mm256_cvtepu16_epi32(_mm_loadu_si128(high.add(2 * at).cast::<__m128i>())),
            _ => _mm256_setzero_si256(),
        }
    }
}

/// The last boards of a filter, fewer than a block of `L`, copied into a block padded with
/// zeros: their low words, and their `WIDTH` bytes each of high bits (room for two bytes a
/// board), for one more masked step rather than a loop a board.
///
/// # Safety
/// Where `WIDTH` is 1 or 2, `WIDTH * (at + rest.len())` bytes readable at `high`.
#[inline(always)]
unsafe fn padded_tail<const L: usize, const WIDTH: usize>(
    rest: &[u32],
    high: *const u8,
    at: usize,
) -> ([u32; L], [u8; 32]) {
    let mut tail_low = [0u32; L];
    let mut tail_high = [0u8; 32];
    tail_low[..rest.len()].copy_from_slice(rest);
    if WIDTH > 0 {
        // SAFETY: from the caller.
        let high_rest =
            unsafe { core::slice::from_raw_parts(high.add(WIDTH * at), WIDTH * rest.len()) };
        tail_high[..high_rest.len()].copy_from_slice(high_rest);
    }
    (tail_low, tail_high)
}

/// AVX2's vector: eight lanes, a lane that passes a test all ones.
impl Vector for __m256i {
    const LANES: usize = LANES;
    type Pass = __m256i;

    #[inline(always)]
    unsafe fn splat(word: u32) -> __m256i {
        // SAFETY: AVX2, from the caller (the trait's contract).
        unsafe { _mm256_set1_epi32(word as i32) }
    }

    #[inline(always)]
    unsafe fn load(at: *const u32) -> __m256i {
        // SAFETY: AVX2 and eight words at `at`, from the caller.
        unsafe { _mm256_loadu_si256(at.cast()) }
    }

    #[inline(always)]
    unsafe fn load_high<const WIDTH: usize>(high: *const u8, at: usize) -> __m256i {
        // SAFETY: AVX2 and the bytes read, from the caller.
        unsafe { load_high::<WIDTH>(high, at) }
    }

    /// Copied out into a block padded with zeros: AVX2 has no masked load of bytes.
    #[inline(always)]
    unsafe fn load_tail<const WIDTH: usize>(
        rest: &[u32],
        high: *const u8,
        at: usize,
    ) -> (__m256i, __m256i, __m256i) {
        // SAFETY: AVX2 and the bytes of `rest`'s high words, from the caller; the copies
        // are eight boards.
        unsafe {
            let (tail_low, tail_high) = padded_tail::<LANES, WIDTH>(rest, high, at);
            let lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
            let valid = _mm256_cmpgt_epi32(_mm256_set1_epi32(rest.len() as i32), lanes);
            let l = _mm256_loadu_si256(tail_low.as_ptr().cast());
            (l, load_high::<WIDTH>(tail_high.as_ptr(), 0), valid)
        }
    }

    #[inline(always)]
    unsafe fn and(self, other: __m256i) -> __m256i {
        // SAFETY: AVX2, from the caller.
        unsafe { _mm256_and_si256(self, other) }
    }

    #[inline(always)]
    unsafe fn or(self, other: __m256i) -> __m256i {
        // SAFETY: AVX2, from the caller.
        unsafe { _mm256_or_si256(self, other) }
    }

    #[inline(always)]
    unsafe fn shift_right(self, count: __m128i) -> __m256i {
        // SAFETY: AVX2, from the caller.
        unsafe { _mm256_srl_epi32(self, count) }
    }

    #[inline(always)]
    unsafe fn shift_left(self, count: __m128i) -> __m256i {
        // SAFETY: AVX2, from the caller.
        unsafe { _mm256_sll_epi32(self, count) }
    }

    #[inline(always)]
    unsafe fn clear_of(self, hit: __m256i, high: __m256i, hit_high: __m256i) -> __m256i {
        // SAFETY: AVX2, from the caller.
        unsafe {
            let met = _mm256_or_si256(
                _mm256_and_si256(self, hit),
                _mm256_and_si256(high, hit_high),
            );
            _mm256_cmpeq_epi32(met, _mm256_setzero_si256())
        }
    }

    #[inline(always)]
    unsafe fn both(a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: AVX2, from the caller.
        unsafe { _mm256_and_si256(a, b) }
    }

    #[inline(always)]
    unsafe fn store_kept(self, pass: __m256i, out: *mut u32) -> usize {
        // SAFETY: AVX2 and POPCNT, and eight words at `out`, from the caller.
        unsafe { store_lanes(self, pass, out) }
    }
}

/// Into both outputs where `BOTH`, else into `outs[0]` alone (`outs[1]` is not touched):
/// the body of [`vector::split_crossings`], eight lanes wide.
///
/// # Safety
/// AVX2 and POPCNT, each output written as long as `low` rounded up to a multiple of eight,
/// and where `WIDTH` is 1 or 2, `WIDTH` bytes a board of `low` at `high`.
#[target_feature(enable = "avx2,popcnt")]
unsafe fn split_crossings_avx2<const WIDTH: usize, const BOTH: bool>(
    low: &[u32],
    high: *const u8,
    cut: KeyCut,
    hits: [u64; 2],
    outs: [&mut [u32]; 2],
) -> [usize; 2] {
    // SAFETY: AVX2 and POPCNT are on here; the rest is the caller's.
    unsafe { vector::split_crossings::<__m256i, WIDTH, BOTH>(low, high, cut, hits, outs) }
}
