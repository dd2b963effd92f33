//! What is known without searching: the published counts, as const fns.

/// OEIS A000170: the number of solutions for n = 1..=27.
const KNOWN: [u64; 27] = [
    1,
    0,
    0,
    2,
    10,
    4,
    40,
    92,
    352,
    724,
    2_680,
    14_200,
    73_712,
    365_596,
    2_279_184,
    14_772_512,
    95_815_104,
    666_090_624,
    4_968_057_848,
    39_029_188_884,
    314_666_222_712,
    2_691_008_701_644,
    24_233_937_684_440,
    227_514_171_973_736,
    2_207_893_435_808_352,
    22_317_699_616_364_044,
    234_907_967_154_122_528,
];

/// The exact number of solutions for `n`, from OEIS A000170: `Some` for n = 1..=27, the range
/// anyone has counted, and `None` otherwise (n = 0 has no board). A const fn, so it can size
/// arrays:
///
/// ```
/// const N: usize = nqueens_tables::known_count(8).unwrap() as usize;
/// static BOARD: [[u8; 8]; N] = nqueens_tables::const_solutions();
/// assert_eq!(N, 92);
/// assert_eq!(nqueens_tables::known_count(0), None);
/// assert_eq!(nqueens_tables::known_count(27), Some(234_907_967_154_122_528));
/// assert_eq!(nqueens_tables::known_count(28), None);
/// ```
pub const fn known_count(n: usize) -> Option<u64> {
    if n >= 1 && n <= KNOWN.len() {
        Some(KNOWN[n - 1])
    } else {
        None
    }
}
