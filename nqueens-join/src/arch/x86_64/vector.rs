//! The kernels that AVX2 and AVX-512 share, each written once over [`Vector`], a vector of
//! 32-bit lanes, in memchr's way: an instruction set implements the few operations a body
//! needs (AVX2 in the parent module, AVX-512 in `wide`), and its entry point, compiled with
//! its features (`#[target_feature]`), instantiates the body, whose calls are all inlined
//! into it. So far: `split_crossings`, the cut of a list of crossings into bottom keys.

use super::super::KeyCut;
use core::arch::x86_64::{__m128i, _mm_cvtsi64_si128};

/// A vector of 32-bit lanes and what the shared bodies do with it.
///
/// # Safety
/// Every method needs the CPU features of its implementation (for `__m256i` AVX2 and
/// POPCNT; for `__m512i` AVX-512 F, BW and VL and POPCNT): only a function compiled with
/// them calls one, so that each is inlined into it.
pub(super) trait Vector: Copy {
    /// Lanes a vector.
    const LANES: usize;
    /// Which lanes pass a test: a vector of all-ones lanes, or a mask register.
    type Pass: Copy;
    /// Every lane `word`.
    unsafe fn splat(word: u32) -> Self;
    /// [`Vector::LANES`] words from `at`.
    ///
    /// # Safety
    /// As the trait's, and the words readable.
    unsafe fn load(at: *const u32) -> Self;
    /// The high words of [`Vector::LANES`] boards from board `at`, `WIDTH` bytes a board
    /// at `high` (0: none, all zero).
    ///
    /// # Safety
    /// As the trait's, and where `WIDTH` is 1 or 2 those bytes readable.
    unsafe fn load_high<const WIDTH: usize>(high: *const u8, at: usize) -> Self;
    /// The last boards of a list, fewer than [`Vector::LANES`]: their low words (`rest`),
    /// their high words (from board `at` of `high`, as [`Vector::load_high`]), and the lanes
    /// that hold them. Nothing past them is read.
    ///
    /// # Safety
    /// As the trait's, and where `WIDTH` is 1 or 2, `WIDTH` bytes a board of `rest` at
    /// board `at` of `high`.
    unsafe fn load_tail<const WIDTH: usize>(
        rest: &[u32],
        high: *const u8,
        at: usize,
    ) -> (Self, Self, Self::Pass);
    /// Lane by lane `self & other`.
    unsafe fn and(self, other: Self) -> Self;
    /// Lane by lane `self | other`.
    unsafe fn or(self, other: Self) -> Self;
    /// Every lane shifted right by `count` (32 or more: zero).
    unsafe fn shift_right(self, count: __m128i) -> Self;
    /// Every lane shifted left by `count` (32 or more: zero).
    unsafe fn shift_left(self, count: __m128i) -> Self;
    /// The lanes where `self` shares no bit with `hit` and `high` none with `hit_high`.
    unsafe fn clear_of(self, hit: Self, high: Self, hit_high: Self) -> Self::Pass;
    /// The lanes that pass both.
    unsafe fn both(a: Self::Pass, b: Self::Pass) -> Self::Pass;
    /// Stores the lanes that `pass` at `out`, first to last, and returns how many.
    /// [`Vector::LANES`] lanes are written.
    ///
    /// # Safety
    /// As the trait's, and [`Vector::LANES`] words writable at `out`.
    unsafe fn store_kept(self, pass: Self::Pass, out: *mut u32) -> usize;
}

/// The constants of one call of [`split_crossings`], in registers.
struct Cutter<V> {
    /// Shift counts: the low word right to the right-going field, the high word left and
    /// right onto it, by one to the left-going field, and by `bits` to its place in the key.
    low_right: __m128i,
    high_left: __m128i,
    high_right: __m128i,
    one: __m128i,
    bits: __m128i,
    field: V,
    /// The two sets of squares to avoid, low and high words.
    hits: [(V, V); 2],
}

impl<V: Vector> Cutter<V> {
    /// # Safety
    /// As [`Vector`]'s.
    #[inline(always)]
    unsafe fn new(cut: KeyCut, hits: [u64; 2]) -> Cutter<V> {
        // Shifts of 32 or more clear a lane: `right - 32` and `32 - right` wrap to such
        // counts where they would be negative, so the right-going field is taken from
        // whichever words hold it.
        let right = u64::from(cut.right);
        let count = |c: u64| _mm_cvtsi64_si128(c as i64);
        // SAFETY: as the caller's.
        let words = |hit: u64| unsafe { (V::splat(hit as u32), V::splat((hit >> 32) as u32)) };
        Cutter {
            low_right: count(right),
            high_left: count(32u64.wrapping_sub(right)),
            high_right: count(right.wrapping_sub(32)),
            one: count(1),
            bits: count(u64::from(cut.bits)),
            // SAFETY: as the caller's.
            field: unsafe { V::splat(cut.field) },
            hits: [words(hits[0]), words(hits[1])],
        }
    }

    /// The bottom keys of a vector of boards (low words `l`, high words `h`), and the lanes
    /// that share no bit with each set of squares to avoid.
    ///
    /// # Safety
    /// As [`Vector`]'s.
    #[inline(always)]
    unsafe fn step(&self, l: V, h: V) -> (V, [V::Pass; 2]) {
        // SAFETY: as the caller's.
        unsafe {
            let left = l.shift_right(self.one).and(self.field);
            let right = l
                .shift_right(self.low_right)
                .or(h.shift_left(self.high_left))
                .or(h.shift_right(self.high_right));
            let keys = right.and(self.field).or(left.shift_left(self.bits));
            let [(a, a_high), (b, b_high)] = self.hits;
            (keys, [l.clear_of(a, h, a_high), l.clear_of(b, h, b_high)])
        }
    }
}

/// The bottom keys of the boards of `low` (and `WIDTH` bytes a board of high words at
/// `high`) that share no bit with `hits[0]`, into `outs[0]`, and where `BOTH` of those that
/// share none with `hits[1]`, into `outs[1]` (else `outs[1]` is not touched); how many went
/// into each.
///
/// # Safety
/// As [`Vector`]'s, each output written as long as `low` rounded up to a multiple of
/// [`Vector::LANES`], and where `WIDTH` is 1 or 2, `WIDTH` bytes a board of `low` at `high`.
#[inline(always)]
pub(super) unsafe fn split_crossings<V: Vector, const WIDTH: usize, const BOTH: bool>(
    low: &[u32],
    high: *const u8,
    cut: KeyCut,
    hits: [u64; 2],
    outs: [&mut [u32]; 2],
) -> [usize; 2] {
    let [a, b] = outs;
    // SAFETY: as the caller's.
    let cutter = unsafe { Cutter::<V>::new(cut, hits) };
    let (mut len_a, mut len_b) = (0, 0);
    let mut chunks = low.chunks_exact(V::LANES);
    let mut at = 0;
    for chunk in &mut chunks {
        // SAFETY: a chunk is a vector of boards, whose high words the caller gives; each
        // output has a slot for every board read, and `len_a`, `len_b` are at most the
        // boards read before this chunk.
        unsafe {
            let l = V::load(chunk.as_ptr());
            let h = V::load_high::<WIDTH>(high, at);
            let (keys, [pass_a, pass_b]) = cutter.step(l, h);
            len_a += keys.store_kept(pass_a, a.as_mut_ptr().add(len_a));
            if BOTH {
                len_b += keys.store_kept(pass_b, b.as_mut_ptr().add(len_b));
            }
        }
        at += V::LANES;
    }
    let rest = chunks.remainder();
    if rest.is_empty() {
        return [len_a, len_b];
    }
    // The last boards, fewer than a vector: one more step, not a loop a board, which cost a
    // count more than its share.
    // SAFETY: the caller gives the high words of `rest`, from board `at`; the outputs are
    // long enough for a vector past the boards read before (the caller rounds them up).
    unsafe {
        let (l, h, valid) = V::load_tail::<WIDTH>(rest, high, at);
        let (keys, [pass_a, pass_b]) = cutter.step(l, h);
        len_a += keys.store_kept(V::both(pass_a, valid), a.as_mut_ptr().add(len_a));
        if BOTH {
            len_b += keys.store_kept(V::both(pass_b, valid), b.as_mut_ptr().add(len_b));
        }
    }
    [len_a, len_b]
}
