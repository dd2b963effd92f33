//! The host's half of a GPU count: the first rows of every solution placed on the CPU (the
//! prefixes), their cut into shares, and the plan that names that cut. No GPU is needed
//! here: a program that only checks or merges GPU shares uses this alone.

use nqueens_tables::{Error, Share};

/// The fewest prefixes a count is cut into, where the board has them: enough for every
/// invocation of a large GPU (an H100 keeps about 270,000 resident) to take several, so that
/// the ones whose subtrees are large even out.
const PREFIXES_AT_LEAST: u64 = 1 << 20;

/// The fewest rows a prefix leaves to the GPU: a search of fewer rows costs less than its
/// prefix takes to send.
const ROWS_LEFT_AT_LEAST: usize = 4;

/// One prefix as the kernel reads it: the columns taken, the attacks of the two diagonals
/// on the next row, and its weight (2 for a first queen left of the middle, counted for its
/// mirror image too; 1 for the middle column of an odd board).
pub(crate) type Prefix = [u32; 4];

/// How a count of `n` is cut for the GPU: the rows placed on the host, and how many
/// prefixes that makes (the mirror image of each left aside).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cut {
    pub(crate) n: usize,
    pub(crate) depth: usize,
    pub(crate) prefixes: u64,
}

// What the device counts by: without it, the cut only names the plan.
#[cfg_attr(not(feature = "device"), allow(dead_code))]
impl Cut {
    /// The cut of `n`: the fewest rows that give [`PREFIXES_AT_LEAST`] prefixes, leaving at
    /// least [`ROWS_LEFT_AT_LEAST`] rows to the GPU (one row at least on the host).
    pub(crate) fn of(n: usize) -> Result<Cut, Error> {
        if !(1..=nqueens_tables::MAX_N).contains(&n) {
            return Err(Error::BoardSize(n));
        }
        let deepest = n.saturating_sub(ROWS_LEFT_AT_LEAST).max(1);
        let mut depth = 1;
        loop {
            let mut prefixes = 0u64;
            walk(n, depth, &mut |_| prefixes += 1);
            if prefixes >= PREFIXES_AT_LEAST || depth == deepest {
                return Ok(Cut { n, depth, prefixes });
            }
            depth += 1;
        }
    }

    /// The prefixes of `share`, a run of the list in order: share k of m holds those from
    /// `(k - 1) * P / m` up to `k * P / m`, so that the m shares hold every prefix once.
    pub(crate) fn share(&self, share: Share) -> (u64, Vec<Prefix>) {
        let (start, end) = self.range(share);
        let mut list = Vec::with_capacity((end - start) as usize);
        let mut index = 0u64;
        walk(self.n, self.depth, &mut |p| {
            if (start..end).contains(&index) {
                list.push(p);
            }
            index += 1;
        });
        (start, list)
    }

    /// The indices of the prefixes `share` holds.
    fn range(&self, share: Share) -> (u64, u64) {
        let at =
            |k: u64| (u128::from(self.prefixes) * u128::from(k) / u128::from(share.m())) as u64;
        (at(share.k() - 1), at(share.k()))
    }

    /// The rows each prefix leaves to the GPU.
    pub(crate) fn rows_left(&self) -> usize {
        self.n - self.depth
    }
}

/// The identifier of the GPU's share plan for a count: the rule `g1` and a hash of what it
/// cuts (n, the rows placed on the host, the number of prefixes), shown as `g1-` and 16 hex
/// digits as the library's plans are. A share of the GPU's plan is never added up with a
/// share of another plan: the two cut the work differently.
///
/// ```
/// let plan = nqueens_tables_gpu::plan(16).unwrap();
/// assert!(plan.starts_with("g1-") && plan.len() == 19);
/// assert_ne!(plan, nqueens_tables_gpu::plan(17).unwrap());
/// ```
pub fn plan(n: usize) -> Result<String, Error> {
    let cut = Cut::of(n)?;
    // FNV-1a, 64 bits, as the library's plans: stable, tiny, no dependency.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let bytes = [n as u64, cut.depth as u64, cut.prefixes];
    for byte in bytes.iter().flat_map(|x| x.to_le_bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    Ok(format!("g1-{hash:016x}"))
}

/// Whether `text` reads as a GPU plan's identifier: `g1`, a dash and 16 lowercase hex digits
/// (as [`plan`] writes it).
///
/// ```
/// assert!(nqueens_tables_gpu::is_plan(&nqueens_tables_gpu::plan(12).unwrap()));
/// assert!(!nqueens_tables_gpu::is_plan("r1-0123456789abcdef"));
/// ```
pub fn is_plan(text: &str) -> bool {
    text.strip_prefix("g1-").is_some_and(|hash| {
        hash.len() == 16
            && hash
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    })
}

/// Every prefix of `depth` rows of `n`, in lexicographic order of its columns, to `each`:
/// the first queen in the left half of the first row (or its middle), the mirror image of
/// the rest counted by the weight.
fn walk(n: usize, depth: usize, each: &mut dyn FnMut(Prefix)) {
    let board = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
    let half = (n as u32).div_ceil(2);
    for first in 0..half {
        let weight = if n % 2 == 1 && first == n as u32 / 2 {
            1
        } else {
            2
        };
        let bit = 1u32 << first;
        place(
            board,
            depth - 1,
            [bit, bit << 1 & board, bit >> 1, weight],
            each,
        );
    }
}

/// The prefixes below `p` with `rows` rows still to place on the host, in order.
fn place(board: u32, rows: usize, p: Prefix, each: &mut dyn FnMut(Prefix)) {
    if rows == 0 {
        each(p);
        return;
    }
    let mut free = board & !(p[0] | p[1] | p[2]);
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        let next = [
            p[0] | bit,
            (p[1] | bit) << 1 & board,
            (p[2] | bit) >> 1,
            p[3],
        ];
        place(board, rows - 1, next, each);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Completes a prefix on the CPU: its completions are the placements of every row left.
    fn complete(board: u32, rows: usize, p: Prefix) -> u64 {
        let mut found = 0;
        place(board, rows, p, &mut |_| found += 1);
        found
    }

    #[test]
    fn the_shares_of_the_prefixes_hold_every_solution_once() {
        for n in 1..=12 {
            let cut = Cut::of(n).unwrap();
            let board = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
            for m in [1, 2, 7, 1000] {
                let total: u64 = (1..=m)
                    .map(|k| {
                        let (_, list) = cut.share(Share::new(k, m).unwrap());
                        list.iter()
                            .map(|&p| u64::from(p[3]) * complete(board, cut.rows_left(), p))
                            .sum::<u64>()
                    })
                    .sum();
                assert_eq!(
                    Some(total),
                    nqueens_tables::known_count(n),
                    "n = {n}, m = {m}"
                );
            }
        }
    }

    #[test]
    fn a_cut_leaves_rows_to_the_gpu_and_makes_enough_prefixes() {
        for n in 1..=20 {
            let cut = Cut::of(n).unwrap();
            assert!(
                cut.depth >= 1
                    && (cut.rows_left() >= ROWS_LEFT_AT_LEAST || n <= ROWS_LEFT_AT_LEAST)
            );
            assert!(cut.prefixes >= PREFIXES_AT_LEAST || cut.depth == n.saturating_sub(4).max(1));
        }
        assert_eq!(Cut::of(0), Err(Error::BoardSize(0)));
        assert_eq!(Cut::of(33), Err(Error::BoardSize(33)));
    }
}
