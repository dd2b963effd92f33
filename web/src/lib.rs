//! The page's bindings: what `web/dist/app.js` calls, each a thin layer over
//! `nqueens-tables`. Positions are 0-based here and 1-based on the page. Counts are returned
//! as strings: past 2^53 a JavaScript number would round them.

use wasm_bindgen::prelude::*;

use nqueens_tables::{Counter, Placement, MAX_N};

/// The largest board: 32.
#[wasm_bindgen]
pub fn max_n() -> usize {
    MAX_N
}

/// The number of solutions of `n` from its table (6..=12 here), or `undefined`.
#[wasm_bindgen]
pub fn table_count(n: usize) -> Option<u32> {
    nqueens_tables::table(n).map(|t| t.len() as u32)
}

/// The published count of `n` (OEIS A000170), where one is known, as a string.
#[wasm_bindgen]
pub fn known_count(n: usize) -> Option<String> {
    nqueens_tables::known_count(n).map(|c| c.to_string())
}

/// The published number of fundamental solutions of `n` (OEIS A002562), where one is known,
/// as a string: how far Browse runs through them without listing them first.
#[wasm_bindgen]
pub fn known_fundamental(n: usize) -> Option<String> {
    nqueens_tables::known_fundamental(n).map(|c| c.to_string())
}

thread_local! {
    /// The progress callback of the count under way (the page's worker is one thread).
    static PROGRESS: core::cell::RefCell<Option<js_sys::Function>> = const { core::cell::RefCell::new(None) };
}

/// Counts `n`, calling `progress(done, of)` as it goes; the count as a string, or
/// `undefined` for a size off the board. Run it in a Web Worker: it takes the thread.
#[wasm_bindgen]
pub fn count(n: usize, progress: js_sys::Function) -> Option<String> {
    let counter = Counter::new(n).ok()?;
    let counted = with_progress(progress, || {
        counter.run_with_progress(|p| report(p.done, p.of))
    });
    counted.ok().map(|c| c.total.to_string())
}

/// Calls the progress callback of the work under way, if any, with `(done, of)`.
fn report(done: u64, of: u64) {
    PROGRESS.with(|f| {
        if let Some(f) = f.borrow().as_ref() {
            let _ = f.call2(
                &JsValue::NULL,
                &JsValue::from_f64(done as f64),
                &JsValue::from_f64(of as f64),
            );
        }
    })
}

/// Runs `work` with `progress` as the callback [`report`] calls.
fn with_progress<T>(progress: js_sys::Function, work: impl FnOnce() -> T) -> T {
    PROGRESS.with(|p| *p.borrow_mut() = Some(progress));
    let out = work();
    PROGRESS.with(|p| *p.borrow_mut() = None);
    out
}

/// Solution `k` (0-based, a decimal string: past 2^53 a JavaScript number rounds) of `n`,
/// found as the command finds it (walked near either end of the list, counted by the join
/// from 14 to 23), calling `progress(done, of)` as it goes. An empty array past the last
/// solution; an error whose message says why where `k` is not a number or is out of reach.
/// Run it in a Web Worker: it takes the thread.
#[wasm_bindgen]
pub fn nth_counted(n: usize, k: &str, progress: js_sys::Function) -> Result<Vec<u8>, JsValue> {
    let k: u64 = k
        .trim()
        .parse()
        .map_err(|_| JsValue::from_str("K is a whole number from 1 to 2^64 - 1"))?;
    let found = with_progress(progress, || {
        nqueens_tables::Nth::new(n, k)?
            .threads(1)
            .run_with_progress(|p| report(p.done, p.of))
    });
    match found {
        Ok(found) => Ok(found.map_or_else(Vec::new, |s| s.to_vec())),
        Err(e) => Err(JsValue::from_str(&e.to_string())),
    }
}

/// The heat map of `n`: for every square, row by row, how many solutions put a queen there,
/// calling `progress(done, of)` as it goes (up to 14 by the solutions' first column, then by
/// the squares counted); `undefined` for a size off the board. Run it in a Web Worker from
/// n = 13.
#[wasm_bindgen]
pub fn heatmap(n: usize, progress: js_sys::Function) -> Option<Vec<f64>> {
    let map = with_progress(progress, || {
        nqueens_tables::HeatmapCounter::new(n)?.run_with_progress(|p| report(p.done, p.of))
    });
    map.ok()
        .map(|m| m.rows().flatten().map(|&c| c as f64).collect())
}

/// Solution `k` (0-based, a JavaScript BigInt: carried exactly, past 2^53 too) of `n` in
/// lexicographic order, or of its fundamental solutions (one per symmetry class, the
/// smallest of its 8 images) when `fundamental`: an empty array past the last one. An error
/// whose message says why for a fundamental solution past [`FUNDAMENTAL_WALK`], which are
/// walked to one by one.
#[wasm_bindgen]
pub fn solution(n: usize, k: u64, fundamental: bool) -> Result<Vec<u8>, JsValue> {
    let found: Option<Placement> = if fundamental {
        if k >= FUNDAMENTAL_WALK {
            return Err(JsValue::from_str(&format!(
                "fundamental solution {} is out of reach: they are walked to one by one from \
                 the first, and past the first {FUNDAMENTAL_WALK} that walk would take this \
                 page years; all solutions (without fundamental) are found by counting",
                u128::from(k) + 1
            )));
        }
        nqueens_tables::fundamental(n).and_then(|mut f| f.nth(k as usize))
    } else {
        nqueens_tables::nth(n, k)
    };
    Ok(found.map_or_else(Vec::new, |s| s.to_vec()))
}

/// The fundamental solutions the page walks to, at most: 2^32, which a 32-bit position holds
/// and which already takes hours to walk past n = 20.
pub const FUNDAMENTAL_WALK: u64 = 1 << 32;

/// How many fundamental solutions `n` has, counted by walking them (fine up to 12).
#[wasm_bindgen]
pub fn fundamental_count(n: usize) -> Option<u32> {
    (n <= 12).then(|| nqueens_tables::fundamental(n).map(|f| f.count() as u32))?
}

/// The rank of `sol` (its 0-based position among all solutions), or `undefined` if it is not
/// a solution.
#[wasm_bindgen]
pub fn rank(sol: &[u8]) -> Option<f64> {
    nqueens_tables::rank(sol).map(|r| r as f64)
}

/// Where `sol` stands among the fundamental solutions, if it is one.
#[wasm_bindgen]
pub fn fundamental_rank(sol: &[u8]) -> Option<u32> {
    let n = sol.len();
    if n > 12 {
        return None;
    }
    nqueens_tables::fundamental(n)?
        .position(|f| f[..] == *sol)
        .map(|i| i as u32)
}

/// The 8 images of `sol` under the symmetries of the square, concatenated (n bytes each, in
/// the order of `Symmetry::ALL`), or `undefined` if it is not a solution.
#[wasm_bindgen]
pub fn images(sol: &[u8]) -> Option<Vec<u8>> {
    if !nqueens_tables::is_solution(sol) {
        return None;
    }
    let mut out = Vec::with_capacity(8 * sol.len());
    for s in nqueens_tables::Symmetry::ALL {
        out.extend_from_slice(&s.apply(sol)?);
    }
    Some(out)
}

/// Whether `cols` (a column per row) is a solution.
#[wasm_bindgen]
pub fn is_solution(cols: &[u8]) -> bool {
    nqueens_tables::is_solution(cols)
}

/// A puzzle for `n` from `seed` (a JavaScript BigInt: every seed the command takes, 0 to
/// 2^64 - 1): `n` bytes of its solution, then `n` bytes, 1 where that row's queen is fixed.
/// `undefined` for 2 and 3 (no solution) and sizes off the board.
#[wasm_bindgen]
pub fn puzzle(n: usize, seed: u64) -> Option<Vec<u8>> {
    let p = nqueens_tables::puzzle(n, seed)?;
    let mut out = p.solution().to_vec();
    let mut fixed = vec![0u8; n];
    for (r, _) in p.fixed() {
        fixed[r] = 1;
    }
    out.extend(fixed);
    Some(out)
}

/// The first `limit` steps of the backtracking search of `n`, row by row and left to right
/// as the library's search goes: each step is `row * 64 + col + 1` for a queen placed and
/// its negation for a queen taken back; a solution is a step that fills the last row.
#[wasm_bindgen]
pub fn search_steps(n: usize, limit: usize) -> Vec<i32> {
    let mut steps = Vec::new();
    if n == 0 || n > 16 {
        return steps;
    }
    let mut cols = vec![0usize; n];
    let mut next = vec![0usize; n];
    let mut row = 0usize;
    let ok = |cols: &[usize], row: usize, c: usize| {
        (0..row).all(|r| cols[r] != c && cols[r].abs_diff(c) != row - r)
    };
    while steps.len() < limit {
        let mut placed = false;
        while next[row] < n {
            let c = next[row];
            next[row] += 1;
            if ok(&cols, row, c) {
                cols[row] = c;
                steps.push((row * 64 + c + 1) as i32);
                placed = true;
                break;
            }
        }
        if placed && row + 1 < n {
            row += 1;
            next[row] = 0;
            continue;
        }
        if placed {
            // A solution: take the last queen back and go on.
            steps.push(-((row * 64 + cols[row] + 1) as i32));
            continue;
        }
        if row == 0 {
            break;
        }
        row -= 1;
        steps.push(-((row * 64 + cols[row] + 1) as i32));
    }
    steps.truncate(limit);
    steps
}
