//! The AVX2 kernels of `arch`, and the crate's only unsafe code.
//!
//! Eight words a step: the lanes that pass a test are moved to the front of a vector by a
//! permutation looked up from the test's 8-bit mask (`LEFT_PACK`), the whole vector is
//! stored at the end of what was kept so far, and the end moves on by the lanes that passed.
//! The store writes eight lanes whatever passed, so each entry point first checks that every
//! output is at least as long as its input (`split_crossings`, whose last step is a padded
//! copy of the last few boards: rounded up to eight): the end never passes the number of
//! words read, so a store at it stays inside. The entry points take an [`Avx2`] token, which
//! only a CPU with AVX2 and POPCNT gives.
#![allow(unsafe_code)]

use core::arch::x86_64::{
    __m128i, __m256i, _mm256_and_si256, _mm256_castps_si256, _mm256_castsi256_ps,
    _mm256_cmpeq_epi32, _mm256_cmpgt_epi32, _mm256_cvtepu16_epi32, _mm256_cvtepu8_epi32,
    _mm256_loadu_si256, _mm256_movemask_ps, _mm256_or_si256, _mm256_permutevar8x32_epi32,
    _mm256_set1_epi32, _mm256_setr_epi32, _mm256_setzero_si256, _mm256_shuffle_ps,
    _mm256_sll_epi32, _mm256_srl_epi32, _mm256_storeu_si256, _mm_cvtsi64_si128, _mm_loadl_epi64,
    _mm_loadu_si128,
};

use super::{HighBits, KeyCut};

/// Words a step: 32-bit lanes in a 256-bit register.
const LANES: usize = 8;

/// For each 8-bit mask of lanes that pass, the lanes to take, those that pass first.
static LEFT_PACK: [[u32; LANES]; 256] = left_pack();

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

/// `split_crossings` with AVX2. Needs each of `outs` as long as `low` rounded up to a
/// multiple of eight, and `high` as long as `low` where it holds bits.
pub(super) fn split_crossings(
    _: Avx2,
    low: &[u32],
    high: HighBits<'_>,
    cut: KeyCut,
    hits: [u64; 2],
    outs: [&mut [u32]; 2],
) -> [usize; 2] {
    assert!(outs
        .iter()
        .all(|out| out.len() >= low.len().next_multiple_of(LANES)));
    assert!(super::high_fits(low, high));
    // SAFETY: the CPU has AVX2 and POPCNT (the token), the outputs are long enough, and
    // `high` is as long as `low` (asserted).
    unsafe {
        match high {
            HighBits::None => split_crossings_avx2::<0>(low, core::ptr::null(), cut, hits, outs),
            HighBits::Byte(h) => split_crossings_avx2::<1>(low, h.as_ptr(), cut, hits, outs),
            HighBits::Word(h) => split_crossings_avx2::<2>(low, h.as_ptr().cast(), cut, hits, outs),
        }
    }
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
    super::disjoint_pairs_in::<LANES>(top, bottom)
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

/// The constants of one call of `split_crossings_avx2`, in registers.
struct Cutter {
    /// Shift counts: the low word right to the right-going field, the high word left and
    /// right onto it, by one to the left-going field, and by `bits` to its place in the key.
    low_right: __m128i,
    high_left: __m128i,
    high_right: __m128i,
    one: __m128i,
    bits: __m128i,
    field: __m256i,
    /// The two sets of squares to avoid, low and high words.
    hits: [(__m256i, __m256i); 2],
}

impl Cutter {
    /// # Safety
    /// AVX2.
    #[target_feature(enable = "avx2")]
    unsafe fn new(cut: KeyCut, hits: [u64; 2]) -> Cutter {
        // Shifts of 32 or more clear a lane: `right - 32` and `32 - right` wrap to such
        // counts where they would be negative, so the right-going field is taken from
        // whichever words hold it.
        let right = u64::from(cut.right);
        let words = |hit: u64| {
            let (low, high) = (hit as u32 as i32, (hit >> 32) as u32 as i32);
            (low, high)
        };
        let [(la, ha), (lb, hb)] = [words(hits[0]), words(hits[1])];
        Cutter {
            low_right: _mm_cvtsi64_si128(right as i64),
            high_left: _mm_cvtsi64_si128(32u64.wrapping_sub(right) as i64),
            high_right: _mm_cvtsi64_si128(right.wrapping_sub(32) as i64),
            one: _mm_cvtsi64_si128(1),
            bits: _mm_cvtsi64_si128(i64::from(cut.bits)),
            field: _mm256_set1_epi32(cut.field as i32),
            hits: [
                (_mm256_set1_epi32(la), _mm256_set1_epi32(ha)),
                (_mm256_set1_epi32(lb), _mm256_set1_epi32(hb)),
            ],
        }
    }

    /// The bottom keys of eight boards (low words `l`, high words `h`), and which lanes share
    /// no bit with each set of squares to avoid (all ones) or do (zero).
    ///
    /// # Safety
    /// AVX2.
    #[target_feature(enable = "avx2")]
    unsafe fn step(&self, l: __m256i, h: __m256i) -> (__m256i, [__m256i; 2]) {
        let left = _mm256_and_si256(_mm256_srl_epi32(l, self.one), self.field);
        let right = _mm256_or_si256(
            _mm256_or_si256(
                _mm256_srl_epi32(l, self.low_right),
                _mm256_sll_epi32(h, self.high_left),
            ),
            _mm256_srl_epi32(h, self.high_right),
        );
        let keys = _mm256_or_si256(
            _mm256_and_si256(right, self.field),
            _mm256_sll_epi32(left, self.bits),
        );
        let pass = |(hit_low, hit_high): (__m256i, __m256i)| {
            let met = _mm256_or_si256(_mm256_and_si256(l, hit_low), _mm256_and_si256(h, hit_high));
            _mm256_cmpeq_epi32(met, _mm256_setzero_si256())
        };
        (keys, [pass(self.hits[0]), pass(self.hits[1])])
    }
}

/// # Safety
/// AVX2 and POPCNT, each of `outs` as long as `low` rounded up to a multiple of eight, and
/// where `WIDTH` is 1 or 2, `WIDTH` bytes a board of `low` at `high`.
#[target_feature(enable = "avx2,popcnt")]
unsafe fn split_crossings_avx2<const WIDTH: usize>(
    low: &[u32],
    high: *const u8,
    cut: KeyCut,
    hits: [u64; 2],
    outs: [&mut [u32]; 2],
) -> [usize; 2] {
    let [a, b] = outs;
    // SAFETY: AVX2, from the caller.
    let cutter = unsafe { Cutter::new(cut, hits) };
    let (mut len_a, mut len_b) = (0, 0);
    let mut chunks = low.chunks_exact(LANES);
    let mut at = 0;
    for chunk in &mut chunks {
        // SAFETY: a chunk is eight boards, whose high bits the caller gives; each output
        // has a slot for every board read, and `len_a`, `len_b` are at most the boards read
        // before this chunk.
        unsafe {
            let l = _mm256_loadu_si256(chunk.as_ptr().cast());
            let h = load_high::<WIDTH>(high, at);
            let (keys, [pass_a, pass_b]) = cutter.step(l, h);
            len_a += store_lanes(keys, pass_a, a.as_mut_ptr().add(len_a));
            len_b += store_lanes(keys, pass_b, b.as_mut_ptr().add(len_b));
        }
        at += LANES;
    }
    let rest = chunks.remainder();
    if rest.is_empty() {
        return [len_a, len_b];
    }
    // The last boards, fewer than eight, copied out and padded with boards that are not
    // kept: one more step, not a loop a board (3% of n = 18 went to that loop).
    let mut tail_low = [0u32; LANES];
    let mut tail_high = [0u8; 2 * LANES];
    tail_low[..rest.len()].copy_from_slice(rest);
    if WIDTH > 0 {
        // SAFETY: the caller gives `WIDTH` bytes a board of `low` at `high` (not null where
        // `WIDTH` is 1 or 2), and `at + rest.len()` is `low.len()`.
        let high_rest =
            unsafe { core::slice::from_raw_parts(high.add(WIDTH * at), WIDTH * rest.len()) };
        tail_high[..high_rest.len()].copy_from_slice(high_rest);
    }
    let lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    let valid = _mm256_cmpgt_epi32(_mm256_set1_epi32(rest.len() as i32), lanes);
    // SAFETY: the copies are eight boards; the outputs are long enough for eight lanes
    // past the boards read before (the caller rounds them up to a multiple of eight).
    unsafe {
        let l = _mm256_loadu_si256(tail_low.as_ptr().cast());
        let h = load_high::<WIDTH>(tail_high.as_ptr(), 0);
        let (keys, [pass_a, pass_b]) = cutter.step(l, h);
        len_a += store_lanes(
            keys,
            _mm256_and_si256(pass_a, valid),
            a.as_mut_ptr().add(len_a),
        );
        len_b += store_lanes(
            keys,
            _mm256_and_si256(pass_b, valid),
            b.as_mut_ptr().add(len_b),
        );
    }
    [len_a, len_b]
}
