//! Reading judge input: whitespace-separated integers, anything else rejected in one line,
//! in bounded memory whatever the input's size (a token at a time, from an 8 KiB buffer).

use std::fs::File;
use std::io::{self, Read, Seek, Write};

use crate::{usage, Failure};

/// A token fit for a one-line message: escaped and cut to 24 characters.
pub fn shorten(token: &str) -> String {
    let escaped: String = token.escape_debug().collect();
    if escaped.chars().count() > 24 {
        format!("'{}...'", escaped.chars().take(24).collect::<String>())
    } else {
        format!("'{escaped}'")
    }
}

/// The longest token kept to parse or to quote: no `i64` needs more, and the message quotes
/// 24 characters at most.
const TOKEN_MAX: usize = 64;

/// The integers of an input, one at a time. Blank lines and runs of spaces are fine; bytes
/// that are not text and tokens that are not integers are an error, reported once.
pub struct Integers<'a> {
    reader: &'a mut dyn Read,
    buf: Box<[u8; 8192]>,
    start: usize,
    end: usize,
}

impl<'a> Integers<'a> {
    pub fn new(reader: &'a mut dyn Read) -> Integers<'a> {
        Integers {
            reader,
            buf: Box::new([0; 8192]),
            start: 0,
            end: 0,
        }
    }

    /// The next byte, or `None` at the end of the input.
    fn byte(&mut self) -> Result<Option<u8>, Failure> {
        if self.start == self.end {
            self.end = loop {
                match self.reader.read(&mut self.buf[..]) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(Failure::Read(e)),
                }
            };
            self.start = 0;
            if self.end == 0 {
                return Ok(None);
            }
        }
        self.start += 1;
        Ok(Some(self.buf[self.start - 1]))
    }

    /// The next integer; `Ok(None)` at the end of the input.
    pub fn next_integer(&mut self) -> Result<Option<i64>, Failure> {
        let mut token = Vec::with_capacity(TOKEN_MAX);
        let mut longer = false;
        loop {
            match self.byte()? {
                None => break,
                Some(b) if b.is_ascii_whitespace() => {
                    if token.is_empty() && !longer {
                        continue;
                    }
                    break;
                }
                Some(b) if token.len() < TOKEN_MAX => token.push(b),
                Some(_) => longer = true,
            }
        }
        if token.is_empty() {
            return Ok(None);
        }
        let Ok(text) = std::str::from_utf8(&token) else {
            // A cut at TOKEN_MAX may split a character; only a whole token that is not
            // text is called so.
            return match std::str::from_utf8(&token[..token.len().saturating_sub(3)]) {
                Ok(text) if longer => self.not_an_integer(text, true),
                _ => usage("standard input is not text"),
            };
        };
        match text.parse::<i64>() {
            Ok(v) if !longer => Ok(Some(v)),
            _ => self.not_an_integer(text, longer),
        }
    }

    fn not_an_integer<T>(&self, text: &str, longer: bool) -> Result<T, Failure> {
        let shown = if longer {
            format!("{text}...")
        } else {
            text.to_string()
        };
        usage(format!(
            "expected an integer in the input, got {}",
            shorten(&shown)
        ))
    }

    /// Reads to the end, checking every token, and returns how many integers there were.
    pub fn count_rest(&mut self) -> Result<u64, Failure> {
        let mut rest = 0;
        while self.next_integer()?.is_some() {
            rest += 1;
        }
        Ok(rest)
    }

    /// The first integer, or the message for an empty input.
    pub fn first(&mut self) -> Result<i64, Failure> {
        match self.next_integer()? {
            Some(v) => Ok(v),
            None => usage("standard input is empty: expected the problem's numbers"),
        }
    }
}

/// Bytes kept until the input is known to be good: in memory up to 256 KiB, then in an
/// unnamed temporary file, so that a huge input needs no more memory than a small one.
pub struct Spool {
    memory: Vec<u8>,
    file: Option<File>,
}

const SPOOL_MEMORY: usize = 1 << 18;

impl Spool {
    pub fn new() -> Spool {
        Spool {
            memory: Vec::new(),
            file: None,
        }
    }

    pub fn push(&mut self, byte: u8) -> Result<(), Failure> {
        self.memory.push(byte);
        if self.memory.len() >= SPOOL_MEMORY {
            let file = match &mut self.file {
                Some(file) => file,
                None => self.file.insert(unnamed_file().map_err(Failure::Io)?),
            };
            file.write_all(&self.memory).map_err(Failure::Io)?;
            self.memory.clear();
        }
        Ok(())
    }

    /// Every byte pushed, in order, to `each`.
    pub fn drain(mut self, mut each: impl FnMut(u8) -> Result<(), Failure>) -> Result<(), Failure> {
        if let Some(mut file) = self.file.take() {
            file.rewind().map_err(Failure::Io)?;
            let mut reader = io::BufReader::new(file);
            let mut chunk = [0u8; 8192];
            loop {
                let n = reader.read(&mut chunk).map_err(Failure::Io)?;
                if n == 0 {
                    break;
                }
                chunk[..n].iter().try_for_each(|&b| each(b))?;
            }
        }
        self.memory.iter().try_for_each(|&b| each(b))
    }
}

/// A new file in the temporary directory, removed from it at once: it lives as long as it
/// is open, and nothing is left behind whatever happens to the program.
fn unnamed_file() -> io::Result<File> {
    let dir = std::env::temp_dir();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let path = dir.join(format!("nqueens-judge-{}-{nanos}", std::process::id()));
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .open(&path)?;
    std::fs::remove_file(&path)?;
    Ok(file)
}
