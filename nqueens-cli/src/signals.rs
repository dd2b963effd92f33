//! Ctrl-C (SIGINT) and SIGTERM as flags that a count reads every tick of its progress loop,
//! so that it can say what is kept and how to resume before it exits (130 or 143). Elsewhere
//! than on Unix the signals keep their default action.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::status;

/// The signals seen since [`Stop::watch`].
pub(crate) struct Stop {
    interrupted: Arc<AtomicBool>,
    terminated: Arc<AtomicBool>,
}

impl Stop {
    /// Starts watching for SIGINT and SIGTERM. Where a handler cannot be installed, that
    /// signal keeps its default action (the process ends at once), which loses nothing that
    /// a count keeps on disk.
    pub(crate) fn watch() -> Stop {
        let stop = Stop {
            interrupted: Arc::new(AtomicBool::new(false)),
            terminated: Arc::new(AtomicBool::new(false)),
        };
        #[cfg(unix)]
        {
            use signal_hook::consts::{SIGINT, SIGTERM};
            let _ = signal_hook::flag::register(SIGINT, Arc::clone(&stop.interrupted));
            let _ = signal_hook::flag::register(SIGTERM, Arc::clone(&stop.terminated));
        }
        stop
    }

    /// The signal seen, if any: what it did to the command (`interrupted` for SIGINT,
    /// `terminated` for SIGTERM), and the exit status that says so (130 or 143).
    pub(crate) fn signalled(&self) -> Option<(&'static str, u8)> {
        if self.interrupted.load(Ordering::Relaxed) {
            Some(("interrupted", status::INTERRUPTED))
        } else if self.terminated.load(Ordering::Relaxed) {
            Some(("terminated", status::TERMINATED))
        } else {
            None
        }
    }
}
