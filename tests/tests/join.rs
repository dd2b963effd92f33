//! The counting front door: every method against the published counts and each other.

use nqueens_tables::{Counter, Method, Share};
use nqueens_tests::{A000170, A000170_17_TO_19, A000170_21};

fn total(n: usize, method: Method, threads: usize) -> u64 {
    let c = Counter::new(n)
        .unwrap()
        .method(method)
        .threads(threads)
        .run()
        .unwrap();
    c.total
}

#[test]
fn the_front_door_matches_oeis_for_1_to_16() {
    for n in 1..=16 {
        let c = Counter::new(n).unwrap().run().unwrap();
        assert_eq!(c.total, A000170[n - 1] as u64, "n = {n}");
        assert_eq!(Some(c.total), nqueens_tables::known_count(n), "n = {n}");
    }
}

#[test]
fn join_agrees_with_the_8_fold_counter() {
    for n in 4..=14 {
        assert_eq!(
            total(n, Method::Join, 1),
            total(n, Method::EightFold, 1),
            "n = {n}"
        );
    }
}

#[test]
fn the_fastest_method_is_planned() {
    let plan = |n: usize| Counter::new(n).unwrap().planned_method();
    assert_eq!(plan(16), Method::Join);
    assert_eq!(plan(18), Method::Join);
    assert_eq!(plan(20), Method::Join);
    // With three, four and five center rows, the join's keys still fit 32 bits.
    assert_eq!(plan(21), Method::Join);
    assert_eq!(plan(23), Method::Join);
    assert_eq!(plan(24), Method::EightFold);
    assert_eq!(plan(3), Method::EightFold);
    let unique = Counter::new(16).unwrap().fundamental(true);
    assert_eq!(unique.planned_method(), Method::EightFold);
    let share = Counter::new(16).unwrap().share(Share::new(1, 2).unwrap());
    assert_eq!(share.planned_method(), Method::EightFold);
    // From 17 the join has shares of its own; not of symmetry classes.
    let share = Counter::new(17).unwrap().share(Share::new(1, 2).unwrap());
    assert_eq!(share.planned_method(), Method::Join);
    assert_eq!(share.fundamental(true).planned_method(), Method::EightFold);
    // A method that cannot answer is not planned, even when asked for.
    let join_for_classes = unique.method(Method::Join);
    assert_eq!(join_for_classes.planned_method(), Method::EightFold);
    assert_eq!(
        Counter::new(24)
            .unwrap()
            .method(Method::Join)
            .planned_method(),
        Method::EightFold
    );
    // Shares of n = 21 to 23 are the join's too.
    let share = Counter::new(22).unwrap().share(Share::new(3, 256).unwrap());
    assert_eq!(share.planned_method(), Method::Join);
    assert!(share.plan().to_string().starts_with("j1-"));
}

#[cfg(feature = "parallel")]
#[test]
fn every_method_on_threads_matches_for_1_to_16() {
    for n in 1..=16 {
        for threads in [1, 2, 3] {
            for method in [Method::Join, Method::EightFold] {
                assert_eq!(
                    total(n, method, threads),
                    A000170[n - 1] as u64,
                    "n = {n}, threads = {threads}, {method:?}"
                );
            }
        }
    }
}

/// n = 17 by the join, counted once in the suite: 64 shares on two threads add up to the
/// published count, and a share counts the same on one thread. (The front door's sweep
/// above stops at 16; the pinned plan below counts three more shares.)
#[test]
fn join_shares_of_17_add_up() {
    let share = |k, m, threads| {
        let c = Counter::new(17)
            .unwrap()
            .share(Share::new(k, m).unwrap())
            .threads(threads);
        let counts = c.run().unwrap();
        assert_eq!(counts.method, Method::Join);
        counts.total
    };
    let sum: u64 = (1..=64).map(|k| share(k, 64, 2)).sum();
    assert_eq!(sum, A000170_17_TO_19[0]);
    assert_eq!(share(2, 64, 1), share(2, 64, 2));
}

/// Shares of the join already counted stay valid only while its units are the same: a change
/// to them must show here, and come with a new plan identifier.
#[test]
fn the_join_share_plan_of_17_in_8_is_pinned() {
    let c = Counter::new(17).unwrap();
    assert_eq!(c.plan().to_string(), "j1-4e78170714dbcbe3");
    let share = |k| {
        c.share(Share::new(k, 8).unwrap())
            .threads(0)
            .run()
            .unwrap()
            .total
    };
    assert_eq!(share(1), 17_026_848);
    assert_eq!(share(4), 10_979_948);
    assert_eq!(share(8), 5_066_948);
}

/// n = 18 and 19 (the centered join: 25 MB and 42 MB, under a minute on two cores).
/// `cargo test --release -p nqueens-tests --test join -- --ignored`.
#[test]
#[ignore = "two minutes of CPU: run with --release --ignored"]
fn counts_of_18_and_19_match_oeis() {
    for n in 18..=19 {
        let c = Counter::new(n).unwrap().threads(0).run().unwrap();
        assert_eq!(c.total, A000170_17_TO_19[n - 17], "n = {n}, {:?}", c.method);
    }
}

/// n = 21 whole, by the join with three center rows (a quarter of an hour or more on two
/// cores, 250 MB):
/// `cargo test --release -p nqueens-tests --test join -- --ignored whole_21`.
#[test]
#[ignore = "a quarter of an hour or more on two cores: run with --release --ignored"]
fn whole_21_matches_oeis() {
    let start = std::time::Instant::now();
    let c = Counter::new(21).unwrap().threads(2).run().unwrap();
    assert_eq!(c.method, Method::Join);
    assert_eq!(c.total, A000170_21);
    eprintln!(
        "n = 21: {} in {:.1} s on 2 threads",
        c.total,
        start.elapsed().as_secs_f64()
    );
}

/// A count with queens fixed goes to whichever of the join and the search costs less for
/// them: many queens fixed on a large board leave few solutions, which the search
/// lists in seconds where the join still lists every outer choice's half boards (n = 23 with
/// these five: 22 s against 236 s); one queen leaves most of the work, which the join wins.
#[test]
fn a_count_with_queens_fixed_takes_the_cheaper_method() {
    let five = [(20, 8), (1, 2), (2, 4), (17, 9), (3, 1)];
    let c = Counter::new(23).unwrap().fixed(&five).unwrap();
    assert_eq!(c.planned_method(), Method::Search);
    // Its shares are still the join's: the search has no plan to cut.
    assert_eq!(
        c.share(Share::new(1, 2).unwrap()).planned_method(),
        Method::Join
    );
    let one = Counter::new(18).unwrap().fixed(&[(0, 8)]).unwrap();
    assert_eq!(one.planned_method(), Method::Join);
    let three = [(9, 0), (2, 4), (14, 11)];
    assert_eq!(
        Counter::new(20)
            .unwrap()
            .fixed(&three)
            .unwrap()
            .planned_method(),
        Method::Join
    );
}

/// `run_shares` plans the join's shares once for the run: each share it hands out is the
/// count `share(k, m).run()` gives, with and without queens fixed, and those skipped are not
/// run.
#[test]
fn run_shares_gives_each_share_as_share_gives_it() {
    use std::ops::ControlFlow;
    for counter in [
        Counter::new(17).unwrap(),
        Counter::new(17).unwrap().fixed(&[(3, 5)]).unwrap(),
    ] {
        let m = 11;
        let mut seen = Vec::new();
        let all = counter
            .run_shares(
                m,
                |share| share.k() == 4,
                |share, c| {
                    assert_eq!(c.method, Method::Join);
                    seen.push((share, c.total, c.plan()));
                    ControlFlow::Continue(())
                },
                |_| {},
            )
            .unwrap();
        assert!(all);
        assert_eq!(seen.len(), 10);
        for (share, total, plan) in seen {
            let one = counter.share(share).run().unwrap();
            assert_eq!((total, plan), (one.total, one.plan()), "share {share}");
        }
    }
    // Stopped by the callback after the first share.
    let mut calls = 0;
    let all = Counter::new(17)
        .unwrap()
        .run_shares(
            8,
            |_| false,
            |_, _| {
                calls += 1;
                ControlFlow::Break(())
            },
            |_| {},
        )
        .unwrap();
    assert!(!all && calls == 1);
}

/// Past n = 20 a long count's shares hold several complete outer choices, so that the choices
/// that share their leading center queens list their half boards once: at n = 22 (24,814
/// choices) fewer shares than choices, each the same number of complete choices, and still
/// at least the 64 a long count is cut into.
#[test]
fn long_counts_past_20_take_several_whole_choices_a_share() {
    let m = Counter::new(22).unwrap().suggested_shares();
    let at_least = 64;
    assert!(m >= at_least && m < 24_814 && 24_814 % m == 0, "{m}");
}

/// A checkpoint's plan never cuts a count into more shares than `Share`, and so `--share`,
/// checkpoints and `merge`, accept: the squares of n = 23 whose counts have the most outer
/// choices; in the full run (NQUEENS_FULL_TESTS) every square of the top quarter triangle,
/// whose images under the rotations are every square of the board (a count is planned on
/// the cheapest image, so images share a plan).
#[test]
fn the_plan_never_makes_more_shares_than_a_share_can_name() {
    let n = 23;
    let squares: Vec<(usize, usize)> = if nqueens_tests::full() {
        (0..n)
            .flat_map(|r| (r..n - r).map(move |c| (r, c)))
            .collect()
    } else {
        vec![(3, 3)]
    };
    for square in squares {
        let counter = Counter::new(n).unwrap().fixed(&[square]).unwrap();
        let m = counter.suggested_shares();
        assert!(m <= nqueens_tables::MAX_SHARES, "{square:?}: {m}");
        assert!(Share::new(m, m).is_ok(), "{square:?}: {m}");
    }
    // Two queens in one row, one column or one diagonal: nothing to count, one share, at once.
    for fixed in [[(1, 1), (1, 2)], [(1, 1), (5, 1)], [(1, 1), (3, 3)]] {
        let counter = Counter::new(n).unwrap().fixed(&fixed).unwrap();
        assert_eq!(counter.suggested_shares(), 1);
        assert_eq!(counter.run().unwrap().total, 0);
    }
}
