//! The 8 symmetries of the square acting on solutions, canonical forms and fundamental
//! solutions (one per symmetry class).

use crate::board::MAX_N;
use crate::placement::{is_permutation, Placement};
use crate::solutions::Solutions;

/// A rotation or reflection of the board.
///
/// ```
/// use nqueens_tables::Symmetry;
/// let sol = [1, 3, 0, 2];
/// assert_eq!(Symmetry::Rotate180.apply(&sol).as_deref(), Some(&[1, 3, 0, 2][..]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Leaves the board as it is.
    Identity,
    /// Quarter turn clockwise.
    Rotate90,
    /// Half turn.
    Rotate180,
    /// Quarter turn counter-clockwise.
    Rotate270,
    /// Mirror left-right: column `c` becomes `n - 1 - c`.
    MirrorColumns,
    /// Mirror top-bottom: row `r` becomes `n - 1 - r`.
    MirrorRows,
    /// Reflection in the main diagonal: (row, column) becomes (column, row).
    Transpose,
    /// Reflection in the anti-diagonal.
    AntiTranspose,
}

impl Symmetry {
    /// All eight, identity first.
    ///
    /// ```
    /// use nqueens_tables::Symmetry;
    /// let images = Symmetry::ALL.map(|s| s.apply(&[1, 3, 0, 2]).unwrap());
    /// assert!(images.iter().all(|i| nqueens_tables::is_solution(i)));
    /// ```
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorColumns,
        Symmetry::MirrorRows,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// Where the square (row, column) goes on an `n` x `n` board; `None` if it is not on the
    /// board.
    ///
    /// ```
    /// use nqueens_tables::Symmetry;
    /// assert_eq!(Symmetry::Rotate90.map_square(8, 0, 0), Some((0, 7)));
    /// assert_eq!(Symmetry::Rotate90.map_square(8, 8, 0), None);
    /// ```
    pub fn map_square(self, n: usize, row: usize, col: usize) -> Option<(usize, usize)> {
        if row >= n || col >= n {
            return None;
        }
        Some(self.map_on_board(n, row, col))
    }

    /// [`Symmetry::map_square`] for a square known to be on the board.
    fn map_on_board(self, n: usize, row: usize, col: usize) -> (usize, usize) {
        let l = n - 1;
        match self {
            Symmetry::Identity => (row, col),
            Symmetry::Rotate90 => (col, l - row),
            Symmetry::Rotate180 => (l - row, l - col),
            Symmetry::Rotate270 => (l - col, row),
            Symmetry::MirrorColumns => (row, l - col),
            Symmetry::MirrorRows => (l - row, col),
            Symmetry::Transpose => (col, row),
            Symmetry::AntiTranspose => (l - col, l - row),
        }
    }

    /// The image of a solution (any permutation, in fact). `None` unless `sol` is a
    /// permutation of `0..sol.len()` with `1 <= sol.len() <= MAX_N`.
    ///
    /// ```
    /// use nqueens_tables::Symmetry;
    /// let sol = [1, 3, 0, 2];
    /// assert_eq!(Symmetry::MirrorColumns.apply(&sol).as_deref(), Some(&[2, 0, 3, 1][..]));
    /// assert_eq!(Symmetry::Rotate90.apply(&[0, 0]), None);
    /// ```
    pub fn apply(self, sol: &[u8]) -> Option<Placement> {
        if !is_permutation(sol) {
            return None;
        }
        Some(self.image(sol))
    }

    /// [`Symmetry::apply`] to what the caller knows is a permutation of `0..sol.len()` (a
    /// solution, say), unchecked. The mirror image of a solution is the solution as far from
    /// the end of the list as it is from its start.
    #[doc(hidden)]
    pub fn image(self, sol: &[u8]) -> Placement {
        let n = sol.len();
        let mut image = [0u8; MAX_N];
        for (r, &c) in sol.iter().enumerate() {
            let (r2, c2) = self.map_on_board(n, r, c as usize);
            image[r2] = c2 as u8;
        }
        Placement::copy_of(&image[..n])
    }
}

/// The lexicographically smallest of the 8 images of `sol`: the representative of its class.
/// `None` unless `sol` is a permutation (see [`Symmetry::apply`]).
///
/// ```
/// assert_eq!(nqueens_tables::canonical(&[2, 0, 3, 1]).as_deref(), Some(&[1, 3, 0, 2][..]));
/// ```
pub fn canonical(sol: &[u8]) -> Option<Placement> {
    if !is_permutation(sol) {
        return None;
    }
    Symmetry::ALL.iter().map(|s| s.image(sol)).min()
}

/// True when `sol` is the smallest image of its class, i.e. it is listed among the
/// fundamental solutions. False for anything that is not a permutation.
///
/// ```
/// assert!(nqueens_tables::is_fundamental(&[1, 3, 0, 2]));
/// assert!(!nqueens_tables::is_fundamental(&[2, 0, 3, 1]));
/// ```
pub fn is_fundamental(sol: &[u8]) -> bool {
    is_permutation(sol)
        && Symmetry::ALL[1..]
            .iter()
            .all(|s| s.image(sol).as_slice() >= sol)
}

/// The fundamental solutions for `n`, one per symmetry class, in lexicographic order (OEIS
/// A002562 of them). `None` for `n == 0` or `n > MAX_N`.
///
/// ```
/// let classes: Vec<_> = nqueens_tables::fundamental(6).unwrap().collect();
/// assert_eq!(classes.len(), 1);
/// assert_eq!(&*classes[0], &[1, 3, 5, 0, 2, 4]);
/// ```
pub fn fundamental(n: usize) -> Option<Fundamental> {
    Some(Fundamental {
        all: crate::solutions::solutions(n)?,
    })
}

/// Iterator over the fundamental solutions of one `n`; see [`fundamental`].
///
/// ```
/// assert_eq!(nqueens_tables::fundamental(8).unwrap().count(), 12);
/// ```
#[derive(Clone, Debug)]
pub struct Fundamental {
    all: Solutions,
}

impl Iterator for Fundamental {
    type Item = Placement;
    fn next(&mut self) -> Option<Placement> {
        self.all.by_ref().find(|s| is_fundamental(s))
    }
}

impl core::iter::FusedIterator for Fundamental {}

/// The distinct images of `sol` under the 8 symmetries (its complete class: 1, 2, 4 or 8
/// solutions), smallest first. `None` unless `sol` is a permutation.
///
/// ```
/// let class = nqueens_tables::orbit(&[1, 3, 0, 2]).unwrap();
/// assert_eq!(class.len(), 2);
/// ```
pub fn orbit(sol: &[u8]) -> Option<Orbit> {
    if !is_permutation(sol) {
        return None;
    }
    let mut images = [Placement::copy_of(sol); 8];
    for (slot, s) in images.iter_mut().zip(Symmetry::ALL) {
        *slot = s.image(sol);
    }
    images.sort_unstable();
    let mut len = 0;
    for i in 0..8 {
        if i == 0 || images[i] != images[len - 1] {
            images[len] = images[i];
            len += 1;
        }
    }
    Some(Orbit {
        images,
        len,
        next: 0,
    })
}

/// The distinct images of one solution; see [`orbit`]. From either end.
///
/// ```
/// let mut class = nqueens_tables::orbit(&[1, 3, 5, 0, 2, 4]).unwrap();
/// assert_eq!(class.next_back().as_deref(), Some(&[4, 2, 0, 5, 3, 1][..]));
/// assert_eq!(class.len(), 3);
/// ```
#[derive(Clone, Debug)]
pub struct Orbit {
    images: [Placement; 8],
    len: usize,
    next: usize,
}

impl Iterator for Orbit {
    type Item = Placement;
    fn next(&mut self) -> Option<Placement> {
        if self.next < self.len {
            self.next += 1;
            Some(self.images[self.next - 1])
        } else {
            None
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.len - self.next;
        (left, Some(left))
    }
}

impl DoubleEndedIterator for Orbit {
    fn next_back(&mut self) -> Option<Placement> {
        if self.next < self.len {
            self.len -= 1;
            Some(self.images[self.len])
        } else {
            None
        }
    }
}

impl ExactSizeIterator for Orbit {}
impl core::iter::FusedIterator for Orbit {}
