//! Standard output for the commands, chosen once (ripgrep's rule): line-buffered on a
//! terminal, so that a person sees each line as it comes; block-buffered otherwise, so that
//! `list 13 > file` costs one write per 64 KiB. A producer that has nothing ready flushes
//! what it wrote (fd's rule; see [`streamed`]): no flusher thread, no lock per write. A
//! failed command's buffer is dropped, never half-written.

use std::io::{self, BufWriter, Write};
use std::sync::mpsc::{sync_channel, RecvTimeoutError};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

/// The block size when standard output is a file or a pipe.
const BLOCK: usize = 1 << 16;

/// How long the writer waits for the producer's next item before it flushes what it has:
/// short enough that a reader of a slow listing sees each line at once, long enough that a
/// fast one still goes out a block at a time.
const PATIENCE: Duration = Duration::from_millis(5);

/// Items the producer may run ahead of the writer: enough to keep both busy.
const AHEAD: usize = 1024;

/// Buffered standard output.
pub struct Output {
    /// `None` once discarded.
    buf: Option<BufWriter<Box<dyn Write + Send>>>,
    /// Flush at the end of every write that ends a line (a terminal).
    line_buffered: bool,
}

impl Output {
    /// Buffers writes to `sink`, a line at a time if `line_buffered`, else a block.
    pub fn new(sink: Box<dyn Write + Send>, line_buffered: bool) -> Output {
        Output {
            buf: Some(BufWriter::with_capacity(BLOCK, sink)),
            line_buffered,
        }
    }

    /// Drops what is buffered without writing it.
    pub fn discard(&mut self) {
        if let Some(buf) = self.buf.take() {
            let _ = buf.into_parts();
        }
    }
}

impl Write for Output {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        let Some(buf) = self.buf.as_mut() else {
            return Ok(data.len());
        };
        let written = buf.write(data)?;
        if self.line_buffered && data[..written].ends_with(b"\n") {
            buf.flush()?;
        }
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.buf.as_mut().map_or(Ok(()), BufWriter::flush)
    }
}

/// Writes every item of `items` with `write`, the items made on a thread of their own, and
/// flushes `out` whenever the next item takes longer than [`PATIENCE`] to come. Stops at the
/// first failed write, and the maker stops at its next item. Where no thread can be started,
/// the items are made here, with a flush after each.
pub fn streamed<T: Send>(
    out: &mut dyn Write,
    items: impl Iterator<Item = T> + Send,
    mut write: impl FnMut(&mut dyn Write, T) -> io::Result<()>,
) -> io::Result<()> {
    // Shared, not moved, so that this thread can still make them if the maker never starts.
    let items = Mutex::new(items);
    let next = || items.lock().unwrap_or_else(PoisonError::into_inner).next();
    std::thread::scope(|scope| {
        let (send, receive) = sync_channel::<T>(AHEAD);
        let maker = move || {
            while let Some(item) = next() {
                if send.send(item).is_err() {
                    return;
                }
            }
        };
        if crate::spawn_or_return(scope, maker).is_err() {
            while let Some(item) = next() {
                write(out, item)?;
                out.flush()?;
            }
            return Ok(());
        }
        loop {
            let item = match receive.recv_timeout(PATIENCE) {
                Ok(item) => item,
                Err(RecvTimeoutError::Disconnected) => return Ok(()),
                Err(RecvTimeoutError::Timeout) => {
                    out.flush()?;
                    match receive.recv() {
                        Ok(item) => item,
                        Err(_) => return Ok(()),
                    }
                }
            };
            write(out, item)?;
        }
    })
}
