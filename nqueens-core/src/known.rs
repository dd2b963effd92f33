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
    of_n(&KNOWN, n)
}

/// Entry `n` of a sequence that starts at n = 1, if it has one.
const fn of_n(sequence: &[u64; 27], n: usize) -> Option<u64> {
    if n >= 1 && n <= sequence.len() {
        Some(sequence[n - 1])
    } else {
        None
    }
}

/// OEIS A002562: the fundamental solutions (one per class under the 8 symmetries of the
/// square) for n = 1..=27.
const KNOWN_FUNDAMENTAL: [u64; 27] = [
    1,
    0,
    0,
    1,
    2,
    1,
    6,
    12,
    46,
    92,
    341,
    1_787,
    9_233,
    45_752,
    285_053,
    1_846_955,
    11_977_939,
    83_263_591,
    621_012_754,
    4_878_666_808,
    39_333_324_973,
    336_376_244_042,
    3_029_242_658_210,
    28_439_272_956_934,
    275_986_683_743_434,
    2_789_712_466_510_289,
    29_363_495_934_315_694,
];

/// The number of fundamental solutions for `n`, from OEIS A002562: `Some` for n = 1..=27,
/// `None` otherwise.
///
/// ```
/// assert_eq!(nqueens_tables::known_fundamental(8), Some(12));
/// assert_eq!(nqueens_tables::known_fundamental(28), None);
/// ```
pub const fn known_fundamental(n: usize) -> Option<u64> {
    of_n(&KNOWN_FUNDAMENTAL, n)
}

// The first row's counts serve the counted rank and unrank, which need `std`.

/// The first `n` of [`FIRST_COLUMNS`].
#[cfg(feature = "std")]
const FIRST_COLUMNS_FROM: usize = 14;

/// For n = 14 to 20, how many solutions put the first row's queen in each column of the
/// first half (the mirror image gives the second). Counted by the join and each row checked
/// against the published count by `tools/first_columns.sh`; a test holds every row to
/// A000170 and recounts n = 14 to 16. With them an unrank or a rank of these n finds or sums
/// its first row with no count: at n = 17 that row took four fifths of an unrank a fifth of
/// the way into the list, three to five counts of one or more columns (BENCHMARKS.md).
#[cfg(feature = "std")]
const FIRST_COLUMNS: [&[u64]; 7] = [
    &[11_892, 16_488, 23_024, 27_494, 32_163, 34_760, 36_977],
    &[
        69_516, 98_156, 122_763, 157_034, 175_296, 201_164, 206_294, 218_738,
    ],
    &[
        436_228, 569_531, 736_363, 892_999, 1_050_762, 1_160_280, 1_249_262, 1_290_831,
    ],
    &[
        2_729_772, 3_321_745, 4_423_207, 5_172_708, 6_214_709, 6_787_111, 7_546_991, 7_698_195,
        8_026_228,
    ],
    &[
        17_210_372, 22_038_667, 27_585_497, 33_297_967, 39_005_536, 43_698_287, 47_802_996,
        50_523_766, 51_882_224,
    ],
    &[
        121_956_044,
        154_458_256,
        187_854_702,
        230_334_612,
        263_322_762,
        300_359_104,
        328_342_530,
        351_816_544,
        360_352_268,
        370_464_204,
    ],
    &[
        912_695_924,
        1_134_501_243,
        1_381_017_109,
        1_649_528_539,
        1_925_960_786,
        2_158_815_033,
        2_388_912_956,
        2_563_311_029,
        2_670_502_723,
        2_729_349_100,
    ],
];

/// How many solutions of `n` put the first row's queen in column `c` (0-based), where that
/// is known without counting: n = 14 to 20 (see `FIRST_COLUMNS`). `None` otherwise, or for
/// a column off the board.
#[cfg(feature = "std")]
pub const fn first_column(n: usize, c: usize) -> Option<u64> {
    if n < FIRST_COLUMNS_FROM || n >= FIRST_COLUMNS_FROM + FIRST_COLUMNS.len() || c >= n {
        return None;
    }
    let row = FIRST_COLUMNS[n - FIRST_COLUMNS_FROM];
    // Column c and its mirror image n - 1 - c start as many solutions.
    let half = if c < row.len() { c } else { n - 1 - c };
    Some(row[half])
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;

    /// Each row of `FIRST_COLUMNS` is the first half of the columns, and all the columns of
    /// a row sum to the published count.
    #[test]
    fn first_columns_sum_to_the_published_counts() {
        for (at, row) in FIRST_COLUMNS.iter().enumerate() {
            let n = FIRST_COLUMNS_FROM + at;
            assert_eq!(row.len(), n.div_ceil(2), "n = {n}");
            let sum: u64 = (0..n).map(|c| first_column(n, c).unwrap()).sum();
            assert_eq!(Some(sum), known_count(n), "n = {n}");
            assert_eq!(first_column(n, n), None);
        }
        assert_eq!(first_column(FIRST_COLUMNS_FROM - 1, 0), None);
        assert_eq!(
            first_column(FIRST_COLUMNS_FROM + FIRST_COLUMNS.len(), 0),
            None
        );
    }
}
