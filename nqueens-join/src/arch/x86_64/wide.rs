//! The AVX-512 kernels' insides: sixteen words a step (see the parent module). Compiled only
//! where `build.rs` found Rust 1.89 or later, past the MSRV's reach on purpose.
#![allow(clippy::incompatible_msrv)]

use super::vector::{self, Vector};
use super::KeyCut;
use core::arch::x86_64::{
    __m128i, __m512i, __mmask16, __mmask8, _mm256_loadu_si256, _mm256_maskz_compress_epi32,
    _mm256_maskz_loadu_epi16, _mm256_maskz_loadu_epi32, _mm256_or_si256, _mm256_set1_epi32,
    _mm256_storeu_si256, _mm512_add_epi32, _mm512_add_epi64, _mm512_and_si512,
    _mm512_castsi512_si256, _mm512_cvtepi32_epi16, _mm512_cvtepi32_epi8, _mm512_cvtepu16_epi32,
    _mm512_cvtepu32_epi64, _mm512_cvtepu8_epi32, _mm512_extracti64x4_epi64, _mm512_loadu_si512,
    _mm512_mask_add_epi32, _mm512_mask_storeu_epi32, _mm512_mask_test_epi32_mask,
    _mm512_mask_testn_epi32_mask, _mm512_mask_testn_epi64_mask, _mm512_maskz_compress_epi32,
    _mm512_maskz_compress_epi64, _mm512_maskz_loadu_epi32, _mm512_maskz_loadu_epi64,
    _mm512_or_si512, _mm512_permutex2var_epi32, _mm512_reduce_add_epi64, _mm512_set1_epi32,
    _mm512_set1_epi64, _mm512_setr_epi32, _mm512_setzero_si512, _mm512_sll_epi32, _mm512_srl_epi32,
    _mm512_storeu_si512, _mm512_testn_epi32_mask, _mm_loadu_si128, _mm_maskz_loadu_epi8,
    _mm_storeu_si128,
};

/// Words a step: 32-bit lanes in a 512-bit register.
pub(super) const LANES: usize = 16;

/// Sixteen boards' high words from board `at` of `high`, `WIDTH` bytes a board (zero
/// for no high bits).
///
/// # Safety
/// AVX-512 F, and `WIDTH` bytes a board for sixteen boards from `at`.
#[target_feature(enable = "avx512f")]
unsafe fn load_high<const WIDTH: usize>(high: *const u8, at: usize) -> __m512i {
    // SAFETY: the caller gives the bytes read.
    unsafe {
        match WIDTH {
            1 => _mm512_cvtepu8_epi32(_mm_loadu_si128(high.add(at).cast::<__m128i>())),
            2 => _mm512_cvtepu16_epi32(_mm256_loadu_si256(high.add(2 * at).cast())),
            _ => _mm512_setzero_si512(),
        }
    }
}

/// Returns how many keys are without `bit` (now at the front of `keys`) and how many
/// with it (at `spare`).
///
/// # Safety
/// AVX-512 F and POPCNT, and `spare` writable for `keys.len()` and sixteen more.
#[target_feature(enable = "avx512f,popcnt")]
pub(super) unsafe fn partition(keys: &mut [u32], bit: u32, spare: *mut u32) -> (usize, usize) {
    let bit = _mm512_set1_epi32(bit as i32);
    let (mut front, mut back) = (0, 0);
    let mut at = 0;
    let keys_at = keys.as_mut_ptr();
    while at < keys.len() {
        let valid = match keys.len() - at {
            16.. => 0xffff,
            left => ((1u32 << left) - 1) as __mmask16,
        };
        // SAFETY: the masked load reads words of `keys` alone; the masked store writes
        // the first `without` lanes at `front`, and `front + without` is at most `at + 16`
        // and at most the length (each word kept came from this step or before);
        // `spare` has room for sixteen words past `back`, which is at most `at`.
        unsafe {
            let words = _mm512_maskz_loadu_epi32(valid, keys_at.add(at).cast_const().cast());
            let with = _mm512_mask_test_epi32_mask(valid, words, bit);
            let without = valid & !with;
            let kept = _mm512_maskz_compress_epi32(without, words);
            let count = without.count_ones() as usize;
            let first = ((1u32 << count) - 1) as __mmask16;
            _mm512_mask_storeu_epi32(keys_at.add(front).cast(), first, kept);
            front += count;
            let moved = _mm512_maskz_compress_epi32(with, words);
            _mm512_storeu_si512(spare.add(back).cast(), moved);
            back += with.count_ones() as usize;
        }
        at += LANES;
    }
    (front, back)
}

/// What one pass of sixteen lanes costs besides its steps, in steps: loading them and
/// summing their counts.
const PASS_STEPS: usize = 6;

/// The most keys of the other list one pass reads: two counts of at most this many
/// each, added in a 32-bit lane, cannot wrap.
const OTHER_CHUNK: usize = (u32::MAX / 2) as usize;

/// [`load_high`] of the boards of `valid` among the sixteen from `at`: the others are
/// neither read nor in the result.
///
/// # Safety
/// AVX-512 F, BW and VL, and `WIDTH` bytes a board for the boards of `valid`.
#[target_feature(enable = "avx512f,avx512bw,avx512vl")]
unsafe fn load_high_masked<const WIDTH: usize>(
    high: *const u8,
    at: usize,
    valid: __mmask16,
) -> __m512i {
    // SAFETY: the caller gives the bytes of the boards read; masked lanes are not read.
    unsafe {
        match WIDTH {
            1 => _mm512_cvtepu8_epi32(_mm_maskz_loadu_epi8(valid, high.add(at).cast())),
            2 => _mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(valid, high.add(2 * at).cast())),
            _ => _mm512_setzero_si512(),
        }
    }
}

/// # Safety
/// AVX-512 F.
#[target_feature(enable = "avx512f")]
pub(super) unsafe fn disjoint_pairs(top: &[u32], bottom: &[u32]) -> u64 {
    // The pairs are the same either way round: the lanes take the list that makes the
    // fewer passes and steps, the other is read a key a step (tiny groups are common
    // after the splits on key bits, and a pass of few lanes wastes the rest).
    let steps =
        |lanes: &[u32], other: &[u32]| lanes.len().div_ceil(LANES) * (other.len() + PASS_STEPS);
    let (lanes, other) = match steps(top, bottom) <= steps(bottom, top) {
        true => (top, bottom),
        false => (bottom, top),
    };
    // A lane counts at most one pair per key of `other`, and `lane_sum` adds two lanes'
    // counts: pieces of `other` of at most `OTHER_CHUNK` keep the sums within 32 bits.
    let mut sum = 0u64;
    for other in other.chunks(OTHER_CHUNK) {
        let mut blocks = lanes.chunks_exact(2 * LANES);
        for block in &mut blocks {
            // SAFETY: a block is thirty-two u32.
            sum += unsafe { two_blocks(block.as_ptr(), other) };
        }
        for block in blocks.remainder().chunks(LANES) {
            // SAFETY: a block is one to sixteen u32.
            sum += unsafe { one_block(block, other) };
        }
    }
    sum
}

/// The pairs of thirty-two keys at `lanes` with those of `other`: two registers, so
/// that two counts grow at once (each add waits for the last one to its register).
///
/// # Safety
/// AVX-512 F, and thirty-two u32 at `lanes`.
#[target_feature(enable = "avx512f")]
unsafe fn two_blocks(lanes: *const u32, other: &[u32]) -> u64 {
    let one = _mm512_set1_epi32(1);
    // SAFETY: the caller gives thirty-two u32.
    let (a, b) = unsafe {
        (
            _mm512_loadu_si512(lanes.cast()),
            _mm512_loadu_si512(lanes.add(LANES).cast()),
        )
    };
    let (mut count_a, mut count_b) = (_mm512_setzero_si512(), _mm512_setzero_si512());
    for &key in other {
        let key = _mm512_set1_epi32(key as i32);
        count_a = _mm512_mask_add_epi32(count_a, _mm512_testn_epi32_mask(a, key), count_a, one);
        count_b = _mm512_mask_add_epi32(count_b, _mm512_testn_epi32_mask(b, key), count_b, one);
    }
    lane_sum(_mm512_add_epi32(count_a, count_b))
}

/// The pairs of the one to sixteen keys of `lanes` with those of `other`, the keys of
/// `other` two at a time into two counts.
///
/// # Safety
/// AVX-512 F.
#[target_feature(enable = "avx512f")]
unsafe fn one_block(lanes: &[u32], other: &[u32]) -> u64 {
    let one = _mm512_set1_epi32(1);
    let used = ((1u32 << lanes.len()) - 1) as __mmask16;
    // SAFETY: the masked lanes are the slice's; the others are not read.
    let keys = unsafe { _mm512_maskz_loadu_epi32(used, lanes.as_ptr().cast()) };
    let (mut count_a, mut count_b) = (_mm512_setzero_si512(), _mm512_setzero_si512());
    let mut pairs = other.chunks_exact(2);
    for pair in &mut pairs {
        let (x, y) = (
            _mm512_set1_epi32(pair[0] as i32),
            _mm512_set1_epi32(pair[1] as i32),
        );
        count_a = _mm512_mask_add_epi32(
            count_a,
            _mm512_mask_testn_epi32_mask(used, keys, x),
            count_a,
            one,
        );
        count_b = _mm512_mask_add_epi32(
            count_b,
            _mm512_mask_testn_epi32_mask(used, keys, y),
            count_b,
            one,
        );
    }
    if let [last] = pairs.remainder() {
        let x = _mm512_set1_epi32(*last as i32);
        count_a = _mm512_mask_add_epi32(
            count_a,
            _mm512_mask_testn_epi32_mask(used, keys, x),
            count_a,
            one,
        );
    }
    lane_sum(_mm512_add_epi32(count_a, count_b))
}

/// The sum of the sixteen u32 lanes of `counts`.
#[target_feature(enable = "avx512f")]
fn lane_sum(counts: __m512i) -> u64 {
    // Summed as 64-bit words, so that sixteen lanes of up to 2^32 - 1 cannot wrap.
    let low = _mm512_cvtepu32_epi64(_mm512_castsi512_si256(counts));
    let high = _mm512_cvtepu32_epi64(_mm512_extracti64x4_epi64::<1>(counts));
    _mm512_reduce_add_epi64(_mm512_add_epi64(low, high)) as u64
}

/// AVX-512's vector: sixteen lanes, the lanes that pass a test a mask register.
impl Vector for __m512i {
    const LANES: usize = LANES;
    type Pass = __mmask16;

    #[inline(always)]
    unsafe fn splat(word: u32) -> __m512i {
        // SAFETY: AVX-512 F, from the caller (the trait's contract).
        unsafe { _mm512_set1_epi32(word as i32) }
    }

    #[inline(always)]
    unsafe fn load(at: *const u32) -> __m512i {
        // SAFETY: AVX-512 F and sixteen words at `at`, from the caller.
        unsafe { _mm512_loadu_si512(at.cast()) }
    }

    #[inline(always)]
    unsafe fn load_high<const WIDTH: usize>(high: *const u8, at: usize) -> __m512i {
        // SAFETY: AVX-512 F and the bytes read, from the caller.
        unsafe { load_high::<WIDTH>(high, at) }
    }

    /// Masked loads, which leave the lanes past the end unread: no copy.
    #[inline(always)]
    unsafe fn load_tail<const WIDTH: usize>(
        rest: &[u32],
        high: *const u8,
        at: usize,
    ) -> (__m512i, __m512i, __mmask16) {
        let valid = ((1u32 << rest.len()) - 1) as __mmask16;
        // SAFETY: AVX-512 F, BW and VL, from the caller; the masked loads read only the
        // lanes of `rest` and their high words, which the caller gives.
        unsafe {
            let l = _mm512_maskz_loadu_epi32(valid, rest.as_ptr().cast());
            (l, load_high_masked::<WIDTH>(high, at, valid), valid)
        }
    }

    #[inline(always)]
    unsafe fn and(self, other: __m512i) -> __m512i {
        // SAFETY: AVX-512 F, from the caller.
        unsafe { _mm512_and_si512(self, other) }
    }

    #[inline(always)]
    unsafe fn or(self, other: __m512i) -> __m512i {
        // SAFETY: AVX-512 F, from the caller.
        unsafe { _mm512_or_si512(self, other) }
    }

    #[inline(always)]
    unsafe fn shift_right(self, count: __m128i) -> __m512i {
        // SAFETY: AVX-512 F, from the caller.
        unsafe { _mm512_srl_epi32(self, count) }
    }

    #[inline(always)]
    unsafe fn shift_left(self, count: __m128i) -> __m512i {
        // SAFETY: AVX-512 F, from the caller.
        unsafe { _mm512_sll_epi32(self, count) }
    }

    /// One instruction a test (`vptestnmd`), and the masks ANDed.
    #[inline(always)]
    unsafe fn clear_of(self, hit: __m512i, high: __m512i, hit_high: __m512i) -> __mmask16 {
        // SAFETY: AVX-512 F, from the caller.
        unsafe { _mm512_testn_epi32_mask(self, hit) & _mm512_testn_epi32_mask(high, hit_high) }
    }

    #[inline(always)]
    unsafe fn both(a: __mmask16, b: __mmask16) -> __mmask16 {
        a & b
    }

    #[inline(always)]
    unsafe fn store_kept(self, pass: __mmask16, out: *mut u32) -> usize {
        // SAFETY: AVX-512 F and POPCNT, and sixteen words at `out`, from the caller.
        unsafe { store_kept(self, pass, out) }
    }
}

/// Masks of one width, eight of them loaded into 64-bit lanes: `keep_clear`'s 32-bit
/// masks widened with zeros, `pair_clear`'s 64-bit ones as they are, so that one body
/// tests both.
pub(super) trait MaskLanes: Copy {
    /// The masks at `masks` whose lanes `valid` holds, the others zero.
    ///
    /// # Safety
    /// AVX-512 F and VL, and a readable mask at `masks` for each lane of `valid`.
    unsafe fn load(masks: *const Self, valid: __mmask8) -> __m512i;
}

impl MaskLanes for u32 {
    #[inline(always)]
    unsafe fn load(masks: *const u32, valid: __mmask8) -> __m512i {
        // SAFETY: AVX-512 F and VL and the masks of `valid`, from the caller.
        unsafe { _mm512_cvtepu32_epi64(_mm256_maskz_loadu_epi32(valid, masks.cast())) }
    }
}

impl MaskLanes for u64 {
    #[inline(always)]
    unsafe fn load(masks: *const u64, valid: __mmask8) -> __m512i {
        // SAFETY: AVX-512 F and the masks of `valid`, from the caller.
        unsafe { _mm512_maskz_loadu_epi64(valid, masks.cast()) }
    }
}

/// Returns how many of `items` have a mask with no bit of `hit`, copied to `out` in order
/// with the bits of `with` set (`keep_clear` with none, `pair_clear`).
///
/// # Safety
/// AVX-512 F and VL and POPCNT, `masks` as long as `items`, and `out` writable for
/// `items.len()` rounded up to eight.
#[target_feature(enable = "avx512f,avx512vl,popcnt")]
pub(super) unsafe fn clear<M: MaskLanes>(
    items: &[u64],
    masks: &[M],
    hit: u64,
    with: u64,
    out: *mut u64,
) -> usize {
    // Items a step: 64-bit lanes in a 512-bit register.
    const WORDS: usize = 8;
    let (hit, with) = (
        _mm512_set1_epi64(hit as i64),
        _mm512_set1_epi64(with as i64),
    );
    let (mut len, mut at) = (0, 0);
    while at + WORDS <= items.len() {
        // SAFETY: eight items and masks from `at` are in bounds; `len` is at most `at`,
        // so the eight lanes stored end within `items.len()` rounded up to eight.
        len += unsafe { clear_step(items, masks, (at, 0xff), (hit, with), out.add(len)) };
        at += WORDS;
    }
    let rest = items.len() - at;
    if rest > 0 {
        let valid = ((1u32 << rest) - 1) as __mmask8;
        // SAFETY: the `rest` items and masks left are in bounds, and the store ends within
        // `items.len()` rounded up to eight, as above.
        len += unsafe { clear_step(items, masks, (at, valid), (hit, with), out.add(len)) };
    }
    len
}

/// One step of [`clear`]: the items and masks from `at` whose lanes `valid` holds (all
/// eight in the loop, those left at the end), the kept ones stored at `out`; returns how
/// many.
///
/// # Safety
/// AVX-512 F and VL and POPCNT, the items and masks of `valid` from `at` readable, and
/// eight words writable at `out`.
#[inline(always)]
unsafe fn clear_step<M: MaskLanes>(
    items: &[u64],
    masks: &[M],
    (at, valid): (usize, __mmask8),
    (hit, with): (__m512i, __m512i),
    out: *mut u64,
) -> usize {
    // SAFETY: the features, the reads and the writes, from the caller.
    unsafe {
        let pass = pass_of(masks, (at, valid), hit);
        store_passed(items, (at, valid), pass, with, out)
    }
}

/// The lanes of `valid` whose masks from `at` share no bit with `hit`.
///
/// # Safety
/// AVX-512 F and VL, and the masks of `valid` from `at` readable.
#[inline(always)]
unsafe fn pass_of<M: MaskLanes>(
    masks: &[M],
    (at, valid): (usize, __mmask8),
    hit: __m512i,
) -> __mmask8 {
    // SAFETY: the features and the reads, from the caller.
    unsafe {
        let m = M::load(masks.as_ptr().add(at), valid);
        _mm512_mask_testn_epi64_mask(valid, m, hit)
    }
}

/// Stores the items from `at` that `pass` (within `valid`) at `out`, with the bits of
/// `with` set, first to last; returns how many.
///
/// # Safety
/// AVX-512 F and POPCNT, the items of `valid` from `at` readable, and eight words writable
/// at `out`.
#[inline(always)]
unsafe fn store_passed(
    items: &[u64],
    (at, valid): (usize, __mmask8),
    pass: __mmask8,
    with: __m512i,
    out: *mut u64,
) -> usize {
    // SAFETY: the features, the reads and the writes, from the caller.
    unsafe {
        let v = _mm512_maskz_loadu_epi64(valid, items.as_ptr().add(at).cast());
        let v = _mm512_or_si512(v, with);
        _mm512_storeu_si512(out.cast(), _mm512_maskz_compress_epi64(pass, v));
    }
    pass.count_ones() as usize
}

/// `keep_masked`: of `items` (a key in the low 32 bits, a mask in the high 32), the keys
/// whose mask shares no bit with `hit`, stored at `out` in order; returns how many. The
/// last step's loads are masked.
///
/// # Safety
/// AVX-512 F and POPCNT, and `out` writable for `items.len()` rounded up to sixteen u32.
#[target_feature(enable = "avx512f,popcnt")]
pub(super) unsafe fn keep_masked(items: &[u64], hit: u32, out: *mut u32) -> usize {
    // Lane i of two registers of eight items: the low half of item i (keys), the high half
    // (masks).
    let lows = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    let highs = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    let hit = _mm512_set1_epi32(hit as i32);
    let step = |x: __m512i, y: __m512i, valid: __mmask16, out: *mut u32| {
        let keys = _mm512_permutex2var_epi32(x, lows, y);
        let masks = _mm512_permutex2var_epi32(x, highs, y);
        let pass = _mm512_mask_testn_epi32_mask(valid, masks, hit);
        // SAFETY: the caller gives sixteen u32 at `out`.
        unsafe { _mm512_storeu_si512(out.cast(), _mm512_maskz_compress_epi32(pass, keys)) };
        pass.count_ones() as usize
    };
    let (mut len, mut at) = (0, 0);
    while at + LANES <= items.len() {
        // SAFETY: sixteen items from `at` are in bounds; `len` is at most `at`, so the
        // sixteen lanes stored end within `items.len()` rounded up to sixteen.
        len += unsafe {
            let p = items.as_ptr().add(at);
            let (x, y) = (
                _mm512_loadu_si512(p.cast()),
                _mm512_loadu_si512(p.add(8).cast()),
            );
            step(x, y, 0xffff, out.add(len))
        };
        at += LANES;
    }
    let rest = items.len() - at;
    if rest > 0 {
        let valid = ((1u32 << rest) - 1) as __mmask16;
        // SAFETY: the `rest` items from `at` are in bounds (the other lanes are not read),
        // and the store ends within `items.len()` rounded up to sixteen, as above.
        len += unsafe {
            let p = items.as_ptr().add(at);
            let x = _mm512_maskz_loadu_epi64(valid as __mmask8, p.cast());
            let y = _mm512_maskz_loadu_epi64((valid >> 8) as __mmask8, p.add(8).cast());
            step(x, y, valid, out.add(len))
        };
    }
    len
}

/// [`clear`] for `pair_clear_carried`: with each item, its word from `words` (with the bits
/// of `with_word` set), the words kept stored at `outs.1`.
///
/// # Safety
/// AVX-512 F and VL and POPCNT, `masks` and `words` as long as `items`, and both outputs
/// writable for `items.len()` rounded up to eight.
#[target_feature(enable = "avx512f,avx512vl,popcnt")]
pub(super) unsafe fn clear_carried(
    (items, words): (&[u64], &[u32]),
    masks: &[u64],
    (hit, with, with_word): (u64, u64, u32),
    (out, out_words): (*mut u64, *mut u32),
) -> usize {
    // Items a step: 64-bit lanes in a 512-bit register.
    const WORDS: usize = 8;
    let (hit, with) = (
        _mm512_set1_epi64(hit as i64),
        _mm512_set1_epi64(with as i64),
    );
    let with_word = _mm256_set1_epi32(with_word as i32);
    let (mut len, mut at) = (0, 0);
    while at < items.len() {
        let rest = items.len() - at;
        let valid = match rest >= WORDS {
            true => 0xff,
            false => ((1u32 << rest) - 1) as __mmask8,
        };
        // SAFETY: the items, masks and words of `valid` from `at` are in bounds; `len` is
        // at most `at`, so the eight lanes stored end within `items.len()` rounded up to
        // eight.
        unsafe {
            let pass = pass_of(masks, (at, valid), hit);
            let w = _mm256_maskz_loadu_epi32(valid, words.as_ptr().add(at).cast());
            let w = _mm256_or_si256(w, with_word);
            let kept = _mm256_maskz_compress_epi32(pass, w);
            _mm256_storeu_si256(out_words.add(len).cast(), kept);
            len += store_passed(items, (at, valid), pass, with, out.add(len));
        }
        at += WORDS;
    }
    len
}

/// Stores the lanes of `keys` that `pass` at `out`, first to last, and returns how many.
/// Sixteen lanes are written.
///
/// # Safety
/// AVX-512 F and POPCNT, and sixteen `u32` writable at `out`.
#[target_feature(enable = "avx512f,popcnt")]
unsafe fn store_kept(keys: __m512i, pass: __mmask16, out: *mut u32) -> usize {
    // SAFETY: the caller gives sixteen u32 at `out`.
    unsafe { _mm512_storeu_si512(out.cast(), _mm512_maskz_compress_epi32(pass, keys)) };
    pass.count_ones() as usize
}

/// Into both outputs where `BOTH`, else into `outs[0]` alone (`outs[1]` is not touched):
/// the body of `vector::split_crossings`, sixteen lanes wide.
///
/// # Safety
/// AVX-512 F, BW and VL and POPCNT, each output written as long as `low` rounded up to
/// a multiple of sixteen, and where `WIDTH` is 1 or 2, `WIDTH` bytes a board of `low` at
/// `high`.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,popcnt")]
pub(super) unsafe fn split_crossings<const WIDTH: usize, const BOTH: bool>(
    low: &[u32],
    high: *const u8,
    cut: KeyCut,
    hits: [u64; 2],
    outs: [&mut [u32]; 2],
) -> [usize; 2] {
    // SAFETY: AVX-512 F, BW and VL and POPCNT are on here; the rest is the caller's.
    unsafe { vector::split_crossings::<__m512i, WIDTH, BOTH>(low, high, cut, hits, outs) }
}

/// Stores the boards of `low` and `high` (`WIDTH` bytes each) that `pass` keeps at
/// `out_low` and `out_high` from board `len`, and returns how many there are. Sixteen
/// boards are written.
///
/// # Safety
/// AVX-512 F and VL and POPCNT, and sixteen boards writable from `len`.
#[target_feature(enable = "avx512f,avx512vl,popcnt")]
unsafe fn store_boards<const WIDTH: usize>(
    (low, high): (__m512i, __m512i),
    pass: __mmask16,
    (out_low, out_high): (*mut u32, *mut u8),
    len: usize,
) -> usize {
    // SAFETY: the caller gives sixteen boards at `len`.
    unsafe {
        let kept = _mm512_maskz_compress_epi32(pass, low);
        _mm512_storeu_si512(out_low.add(len).cast(), kept);
        let high = _mm512_maskz_compress_epi32(pass, high);
        match WIDTH {
            1 => _mm_storeu_si128(out_high.add(len).cast(), _mm512_cvtepi32_epi8(high)),
            2 => _mm256_storeu_si256(out_high.add(2 * len).cast(), _mm512_cvtepi32_epi16(high)),
            _ => {}
        }
    }
    pass.count_ones() as usize
}

/// `keep_boards`, the high words `WIDTH` bytes a board (0: none).
///
/// # Safety
/// AVX-512 F, BW and VL and POPCNT, `WIDTH` bytes a board of `low` at `high`, and room
/// at `out_low` and `out_high` for `low.len()` boards rounded up to sixteen.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,popcnt")]
pub(super) unsafe fn keep_boards<const WIDTH: usize>(
    low: &[u32],
    high: *const u8,
    hit: u64,
    out_low: *mut u32,
    out_high: *mut u8,
) -> usize {
    let hit_low = _mm512_set1_epi32(hit as u32 as i32);
    let hit_high = _mm512_set1_epi32((hit >> 32) as u32 as i32);
    let outs = (out_low, out_high);
    let mut len = 0;
    let mut chunks = low.chunks_exact(LANES);
    let mut at = 0;
    for chunk in &mut chunks {
        // SAFETY: a chunk is sixteen boards, whose high words the caller gives; the
        // outputs have a slot for every board read and `len` is at most those before.
        unsafe {
            let l = _mm512_loadu_si512(chunk.as_ptr().cast());
            let h = load_high::<WIDTH>(high, at);
            let pass = l.clear_of(hit_low, h, hit_high);
            len += store_boards::<WIDTH>((l, h), pass, outs, len);
        }
        at += LANES;
    }
    let rest = chunks.remainder();
    if rest.is_empty() {
        return len;
    }
    let valid = ((1u32 << rest.len()) - 1) as __mmask16;
    // SAFETY: the masked loads read only the boards of `rest`; the outputs are rounded up
    // to sixteen boards past those read before.
    unsafe {
        let l = _mm512_maskz_loadu_epi32(valid, rest.as_ptr().cast());
        let h = load_high_masked::<WIDTH>(high, at, valid);
        let pass = l.clear_of(hit_low, h, hit_high);
        len += store_boards::<WIDTH>((l, h), pass & valid, outs, len);
    }
    len
}
