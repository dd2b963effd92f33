//! One outer choice's joins: a top set with its bottom sets, the middle rows' queens placed
//! between them (`join_top`, `join_middle`), and what each join reads (the tops gathered,
//! their runs by first middle column, the bottoms kept).

use super::*;

/// The solutions of one outer choice whose top half uses the columns `top`.
/// `N` is `n`, or 0 for any `n`.
#[inline(never)]
pub(super) fn join_top<const N: usize>(
    layout: &Layout,
    outer: &Outer,
    lists: Lists<'_>,
    top: u32,
    scratch: &mut Scratch,
) -> u64 {
    let this = match N {
        0 => *layout,
        // The layout's own, but for whether it counts by orbits (a constant too where it
        // does: `Layout::weight` asks it first).
        _ => Layout {
            symmetric: layout.symmetric,
            ..Layout::for_size(N)
        },
    };
    // No bottom of this batch fits beside the top set; or, with no center rows, the
    // mirror image of every join counts instead (its orbit's least member).
    if top & lists.with != 0 || (this.center == 0 && top > mirror_columns(top, this.n)) {
        return 0;
    }
    let rest = this.all & !top & !outer.columns();
    let [firsts, lasts] = outer.middles;
    // Of the columns the top set and the center queens leave, those that no bottom of this
    // batch holds must take the middle queens: where they cannot (more than two, or one
    // that no middle row may take), the top set has no join in this batch, and is not put
    // together.
    let middle = rest & lists.without;
    if middle.count_ones() > 2 || middle & !(firsts | lasts) != 0 {
        return 0;
    }
    let tops = gather_tops(&this, lists.top, top, scratch);
    if tops == 0 {
        return 0;
    }
    let runs = runs_by_first(
        &this,
        rest & firsts,
        lists.bottom.is_halved(),
        tops,
        scratch,
    );
    // Each pair of middle columns once, both orders with it: they share the bottom set.
    // Every bottom set is found first, then joined (see `List::find`).
    scratch.joins.clear();
    let mut ones = rest;
    while ones != 0 {
        let a = ones & ones.wrapping_neg();
        ones ^= a;
        let mut others = ones;
        while others != 0 {
            let b = others & others.wrapping_neg();
            others ^= b;
            let bottom = rest & !a & !b;
            let weights = [(a, b), (b, a)].map(|(first, last)| {
                if first & firsts == 0 || last & lasts == 0 || this.attack(first, last) {
                    return 0;
                }
                this.weight(top, [first, last], bottom)
            });
            if weights != [0, 0] {
                let middle = Middle { a, b, weights };
                scratch.joins.push((middle, lists.bottom.find(bottom)));
            }
        }
    }
    let mut total = 0;
    for i in 0..scratch.joins.len() {
        let (middle, found) = scratch.joins[i];
        if let Some(&(_, next)) = scratch.joins.get(i + 1) {
            lists.bottom.at(next).prefetch();
        }
        total += join_middle(&this, middle, lists.bottom, found, &runs, scratch);
    }
    total
}

/// Fills `scratch.items` and `scratch.nears` with the half boards of the top set `top`,
/// prepared for the top role (see [`Prepared::item`]), from their starts; returns how many
/// there are (the buffers hold more).
#[cfg_attr(not(nqueens_profile), inline(always))]
#[cfg_attr(nqueens_profile, inline(never))]
fn gather_tops(layout: &Layout, from: Tops<'_>, top: u32, scratch: &mut Scratch) -> usize {
    scratch.tops.clear();
    match from {
        Tops::Listed(list) => list
            .of(top)
            .prepare_into::<false>(layout.shape, &mut scratch.tops),
        Tops::Pieced {
            list: Some(list), ..
        } if top & layout.bottoms_without() == 0 => list
            .of(top)
            .prepare_into::<false>(layout.shape, &mut scratch.tops),
        Tops::Pieced { pieces, .. } => {
            return pieces.gather(top, &mut scratch.items, &mut scratch.nears)
        }
        Tops::Filtered { list, hits } => list.of(top).prepare_clear_into(
            hits,
            layout.shape,
            &mut scratch.kept,
            &mut scratch.tops,
        ),
    }
    // The buffers only grow: resized to each top set, they were written with zeros every
    // time they grew back.
    let tops = scratch.tops.len();
    if scratch.items.len() < tops {
        scratch.items.resize(tops, 0);
        scratch.nears.resize(tops, 0);
    }
    let slots = scratch.items.iter_mut().zip(&mut scratch.nears);
    for ((item, near), t) in slots.zip(&scratch.tops) {
        (*item, *near) = (t.item(), t.near);
    }
    tops
}

/// Sorts the keys and far attacks of the first `tops` of `scratch.items` into
/// `scratch.by_first`, a run per column of `firsts` (a possible first middle queen) of the
/// tops that leave it unattacked (by `scratch.nears`), once: each run is joined with several
/// last middle queens. With a `halved` bottom list, the same runs of the mirrored keys into
/// `scratch.mirrored`: a bottom stored mirrored is joined as it is stored, against the tops
/// mirrored (see `Shape::mirror_key`). Returns where the runs start.
#[cfg_attr(not(nqueens_profile), inline(always))]
#[cfg_attr(nqueens_profile, inline(never))]
fn runs_by_first(
    layout: &Layout,
    firsts: u32,
    halved: bool,
    tops: usize,
    scratch: &mut Scratch,
) -> Runs {
    let items = scratch.items.get(..tops).unwrap_or_default();
    let nears = scratch.nears.get(..tops).unwrap_or_default();
    // Room for every top in every run, and for the kernel's last whole vector. The buffers
    // only grow: resized to each top set, they were written with zeros every time they
    // grew back.
    let room = tops * firsts.count_ones() as usize + arch::PAD;
    if scratch.by_first.len() < room {
        scratch.by_first.resize(room, 0);
    }
    // And room for the tops a join keeps, with the last whole vector of `keep_masked`.
    if scratch.top.len() < tops + arch::PAD {
        scratch.top.resize(tops + arch::PAD, 0);
    }
    let mut starts = [0; MAX_N + 1];
    let mut len = 0;
    for (column, start) in starts.iter_mut().enumerate().take(layout.n) {
        *start = len;
        if firsts >> column & 1 == 1 {
            let out = scratch.by_first.get_mut(len..).unwrap_or_default();
            len += arch::keep_clear(items, nears, 1 << column, out);
        }
    }
    starts[layout.n] = len;
    if halved {
        // A loop nest of its own, so that the usual one above compiles as lean as it
        // did (one nest of both took more instructions).
        scratch.mirrored.resize(scratch.by_first.len(), 0);
        scratch.top_mirrored.clear();
        let keys = items.iter().map(|&t| layout.shape.mirror_key(t as u32));
        scratch.top_mirrored.extend(keys);
        let mut len = 0;
        for column in 0..layout.n {
            if firsts >> column & 1 == 1 {
                for (&near, &key) in nears.iter().zip(&scratch.top_mirrored) {
                    let ok = near >> column & 1 == 0;
                    push(&mut scratch.mirrored, &mut len, key, ok);
                }
            }
        }
    }
    starts
}

/// Copies the keys of the bottoms `found` in `list` that leave the middle queens on `a`
/// and `b` unattacked into `scratch.bottom`: from 0 for `a` first, from the number of bottoms
/// for `b` first (see [`halves`]), for each order that is `live` (the other gets none).
/// Returns how many there are of each, how many bottoms there are, and whether they are
/// stored mirrored (see [`List::find`]).
#[inline(always)]
fn kept_bottoms(
    layout: &Layout,
    list: &List,
    [a, b]: [u32; 2],
    found: Found,
    live: [bool; 2],
    scratch: &mut Scratch,
) -> ([usize; 2], usize, bool) {
    // Only lists with no center rows are halved: elsewhere `flipped` is a constant
    // false.
    let flipped = layout.center == 0 && found.flipped;
    let boards = list.at(found);
    // The bottoms for both orders in one pass. Upside down, the last middle row is the
    // bottom's nearest.
    let mut hits = [layout.shape.attacking(b, a), layout.shape.attacking(a, b)];
    if flipped {
        // The stored boards are the mirror images: so are the squares to avoid.
        hits = hits.map(|hit| u64::from(mirror_crossings(hit as u32, layout.n)));
    }
    let (ab, ba) = halves(&mut scratch.bottom, boards.len());
    let cut = layout.shape.bottom_cut();
    let (low, high) = (boards.low, boards.high);
    let kept = match live {
        [true, true] => arch::split_crossings(low, high, cut, hits, [ab, ba]),
        [true, false] => [arch::keep_crossings(low, high, cut, hits[0], ab), 0],
        [false, true] => [0, arch::keep_crossings(low, high, cut, hits[1], ba)],
        [false, false] => [0, 0],
    };
    (kept, boards.len(), flipped)
}

/// The joins of the tops in `scratch` with the bottoms `found` in `list`, the middle
/// queens on the columns `middle.a` and `middle.b` in either order.
#[cfg_attr(not(nqueens_profile), inline(always))]
#[cfg_attr(nqueens_profile, inline(never))]
fn join_middle(
    layout: &Layout,
    middle: Middle,
    list: &List,
    found: Found,
    runs: &Runs,
    scratch: &mut Scratch,
) -> u64 {
    let Middle { a, b, weights } = middle;
    let run_of = |first: u32| {
        let column = first.trailing_zeros() as usize;
        runs[column]..runs[column + 1]
    };
    // The orders with tops to join. In many joins one order has none, or is counted by its
    // orbit's other member, and its bottoms are not kept; with neither, none are read.
    let live = [(a, weights[0]), (b, weights[1])]
        .map(|(first, weight)| weight != 0 && !run_of(first).is_empty());
    if live == [false, false] {
        return 0;
    }
    let ([len_ab, len_ba], read, flipped) =
        kept_bottoms(layout, list, [a, b], found, live, scratch);
    #[cfg(nqueens_profile)]
    crate::profile::BOTTOMS.fetch_add(read as u64, Ordering::Relaxed);
    if len_ab == 0 && len_ba == 0 {
        return 0;
    }
    let (ab, ba) = halves(&mut scratch.bottom, read);
    let bottoms = [&mut ab[..len_ab], &mut ba[..len_ba]];
    let mut total = 0;
    for ((first, last), (weight, bottom)) in [(a, b), (b, a)]
        .into_iter()
        .zip(weights.into_iter().zip(bottoms))
    {
        if weight == 0 || bottom.is_empty() {
            continue;
        }
        let run = run_of(first);
        #[cfg(nqueens_profile)]
        crate::profile::TOPS.fetch_add(run.len() as u64, Ordering::Relaxed);
        let tops = scratch.by_first.get(run.clone()).unwrap_or_default();
        let len = if flipped {
            let keys = scratch.mirrored.get(run).unwrap_or_default();
            let mut len = 0;
            for (&top, &key) in tops.iter().zip(keys) {
                push(
                    &mut scratch.top,
                    &mut len,
                    key,
                    (top >> 32) as u32 & last == 0,
                );
            }
            len
        } else {
            arch::keep_masked(tops, last, &mut scratch.top)
        };
        let top = &mut scratch.top[..len];
        total += weight * group_pairs(top, bottom, &layout.shape.split, &mut scratch.spare);
    }
    total
}
