//! Standard output for the commands: buffered, so that `list 13 > file` costs one write per
//! 64 KiB, yet streamed, so that a reader of a slow listing gets each line within 50 ms of it
//! being found, and never half of a failed command's output.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// How long a line may wait in the buffer while the search looks for the next.
const LATENCY: Duration = Duration::from_millis(50);

/// Buffered standard output that a flusher thread can share.
pub struct Output {
    shared: Arc<Mutex<State>>,
}

struct State {
    /// `None` once discarded.
    buf: Option<BufWriter<File>>,
    /// The first failure of a flush made by the flusher, given to the next write.
    failed: Option<io::Error>,
}

impl Output {
    /// Buffers writes to `file`.
    pub fn new(file: File) -> Output {
        Output {
            shared: Arc::new(Mutex::new(State {
                buf: Some(BufWriter::with_capacity(1 << 16, file)),
                failed: None,
            })),
        }
    }

    fn state(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock leaves the buffer as it was: still usable.
        self.shared.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Drops what is buffered without writing it.
    pub fn discard(&mut self) {
        if let Some(buf) = self.state().buf.take() {
            let _ = buf.into_parts();
        }
    }
}

impl Write for Output {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        let mut state = self.state();
        if let Some(e) = state.failed.take() {
            return Err(e);
        }
        match state.buf.as_mut() {
            Some(buf) => buf.write(data),
            None => Ok(data.len()),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        let mut state = self.state();
        if let Some(e) = state.failed.take() {
            return Err(e);
        }
        state.buf.as_mut().map_or(Ok(()), BufWriter::flush)
    }
}

/// Runs `work` on `out` while a second thread flushes whatever it has written and left in
/// the buffer for `LATENCY`.
pub fn flushing<T>(out: &mut Output, work: impl FnOnce(&mut Output) -> T) -> T {
    let shared = Arc::clone(&out.shared);
    let (stop, stopped) = std::sync::mpsc::channel::<()>();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                stopped.recv_timeout(LATENCY)
            {
                let mut state = shared.lock().unwrap_or_else(|p| p.into_inner());
                let state = &mut *state;
                if state.failed.is_some() {
                    continue;
                }
                if let Some(buf) = state.buf.as_mut().filter(|b| !b.buffer().is_empty()) {
                    if let Err(e) = buf.flush() {
                        state.failed = Some(e);
                    }
                }
            }
        });
        let result = work(out);
        drop(stop);
        result
    })
}
