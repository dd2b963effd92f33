//! One count on one thread, timed, for a sampling profiler: `bench/profile.sh` builds it with
//! `--cfg nqueens_profile`, where the join's pieces stay out of line and it also counts the
//! key pairs compared one by one.
//!
//!     cargo run --release -p nqueens-tables-join --example profile -- 18        # a whole count
//!     cargo run --release -p nqueens-tables-join --example profile -- 21 1 256   # share 1 of 256

use std::time::Instant;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap_or(0))
        .collect();
    let (n, share) = match args[..] {
        [n] => (n as usize, None),
        [n, k, m] => (n as usize, Some((k, m))),
        _ => {
            eprintln!("usage: profile N [K M]");
            std::process::exit(2);
        }
    };
    // One thread, with no progress: the count `Counter` runs for this board and share.
    let quiet = |_| {};
    let start = Instant::now();
    let counted = match share {
        None => nqueens_tables_join::count(n, 1, &quiet),
        Some((k, m)) => nqueens_tables_core::Share::new(k, m)
            .and_then(|share| nqueens_tables_join::count_share(n, share, 1, &quiet)),
    };
    let total = match counted {
        Ok(total) => total,
        Err(e) => {
            eprintln!("profile: {e}");
            std::process::exit(2);
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    print!("n={n} total={total} method=join seconds={seconds:.3}");
    #[cfg(nqueens_profile)]
    {
        let pairs = nqueens_tables_join::profile::PAIRS.load(std::sync::atomic::Ordering::Relaxed);
        print!(" pairs={pairs}");
        use nqueens_tables_join::profile::{BOTTOMS, LISTED, LISTS, TOPS};
        let load = |c: &std::sync::atomic::AtomicU64| c.load(std::sync::atomic::Ordering::Relaxed);
        print!(" bottoms={} tops={}", load(&BOTTOMS), load(&TOPS));
        print!(" lists={} listed={}", load(&LISTS), load(&LISTED));
        // How many key bits the tops and bottoms of a group both use, weighted by its pairs:
        // what counting in aggregate (a sum over subsets of those bits) would cost.
        use nqueens_tables_join::profile::{
            BEST_STEPS, GROUPS, GROUP_PAIRS, LEAF_PAIRS, LOOP_STEPS,
        };
        println!();
        println!("shared key bits k: pairs at the join's groups (groups), pairs at the pairs loop");
        for k in 0..=32 {
            let (g, p, l) = (
                load(&GROUPS[k]),
                load(&GROUP_PAIRS[k]),
                load(&LEAF_PAIRS[k]),
            );
            if g + p + l > 0 {
                println!("k={k:2} {p:>16} ({g:>9}) {l:>16}");
            }
        }
        for (at, name) in ["groups", "pairs loop"].iter().enumerate() {
            let (best, looped) = (load(&BEST_STEPS[at]), load(&LOOP_STEPS[at]));
            println!(
                "at the {name}: pairs-loop steps {looped}, with aggregate counting where it is fewer {best} ({:.3})",
                best as f64 / looped.max(1) as f64
            );
        }
    }
    println!();
}
