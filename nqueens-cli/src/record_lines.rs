//! Reading a file of share records (`merge`'s input, a checkpoint): each line a record,
//! blank lines aside, and one rule for the end of the file, the same for both readers. A
//! write that did not finish leaves a torn tail: the start of a record that this version
//! writes, NUL bytes (what a crash leaves on some file systems), or the one then the other.
//! A torn tail is dropped with a note; a complete record without its newline is kept; anything
//! else is not a file of records, and is refused without a byte of it changed.

use std::io::{BufRead, Read};

use crate::record::{Record, MAX_LINE};
use crate::{read_failed, usage, Failure};

/// How a file of records ends, as [`read`] found it.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Ending {
    /// The bytes up to the end of the last line kept: past them is a torn tail, if any.
    pub(crate) kept: u64,
    /// Whether the last line kept has no newline (a complete record, or blanks): a writer that
    /// appends puts one there first.
    pub(crate) open: bool,
    /// Whether a torn tail follows the lines kept.
    pub(crate) torn: bool,
}

/// Reads the records of `reader` (named `name` in messages) and hands each to `add` with
/// the number of its line; says how the file ends. A line that is not a record,
/// and a last line that is neither a record nor a torn tail, is the user's mistake: a
/// usage failure naming it.
pub(crate) fn read(
    reader: &mut dyn BufRead,
    name: &str,
    add: &mut dyn FnMut(Record, u64) -> Result<(), Failure>,
) -> Result<Ending, Failure> {
    let cannot = read_failed(name);
    let mut ending = Ending::default();
    let mut line = Vec::new();
    for number in 1u64.. {
        line.clear();
        let read = reader
            .take(MAX_LINE + 1)
            .read_until(b'\n', &mut line)
            .map_err(cannot)?;
        if read == 0 {
            break;
        }
        let at = format!("{name}:{number}");
        if !line.ends_with(b"\n") {
            // The end of the file, or a line too long for a record.
            let (body, nuls) = split_nuls(&line);
            if nuls == 0 && line.len() as u64 > MAX_LINE {
                return usage(format!(
                    "{at}: a line of more than {MAX_LINE} bytes is not a share record"
                ));
            }
            if nuls > 0 && !only_nuls_left(reader).map_err(cannot)? {
                return usage(format!(
                    "{at}: NUL bytes within a line: not a share record; {name} is left as it was"
                ));
            }
            let kept = match tail(body) {
                Tail::Blank => true,
                Tail::Record(record) => {
                    add(record, number)?;
                    true
                }
                Tail::Torn => false,
                Tail::Foreign(why) => {
                    return usage(format!(
                        "{at}: {why}, nor the start of one (all that a cut write leaves): \
                         {name} is not a checkpoint (a file of share records); it is left as it was"
                    ))
                }
            };
            if kept {
                ending.kept += body.len() as u64;
                ending.open = !body.is_empty();
            }
            ending.torn = !(kept && nuls == 0);
            break;
        }
        ending.kept += read as u64;
        let Ok(text) = std::str::from_utf8(&line) else {
            return usage(format!(
                "{at}: not text (invalid UTF-8): not a share record"
            ));
        };
        if text.trim().is_empty() {
            continue;
        }
        let record = Record::parse(text).or_else(|why| usage(format!("{at}: {why}")))?;
        add(record, number)?;
    }
    Ok(ending)
}

/// What the last line of a file, without its newline and its trailing NULs, is.
enum Tail {
    /// Nothing but blanks (or nothing).
    Blank,
    /// A complete record.
    Record(Record),
    /// The start of a record: a write that did not finish.
    Torn,
    /// Neither: why it is not a record.
    Foreign(String),
}

fn tail(body: &[u8]) -> Tail {
    let text = std::str::from_utf8(body);
    if text.is_ok_and(|t| t.trim().is_empty()) {
        return Tail::Blank;
    }
    if is_record_start(body) {
        return Tail::Torn;
    }
    match text.map(Record::parse) {
        Err(_) => Tail::Foreign("not text (invalid UTF-8): not a share record".into()),
        Ok(Ok(record)) => Tail::Record(record),
        Ok(Err(why)) => Tail::Foreign(why),
    }
}

/// `line` without its trailing NUL bytes, and how many there were.
fn split_nuls(line: &[u8]) -> (&[u8], usize) {
    let body = line.len() - line.iter().rev().take_while(|&&b| b == 0).count();
    (&line[..body], line.len() - body)
}

/// Whether every byte left in `reader` is NUL: a crash's zero-filled tail may be longer
/// than a line. Reads to the end, a buffer at a time, allocating nothing.
fn only_nuls_left(reader: &mut dyn BufRead) -> std::io::Result<bool> {
    loop {
        let buf = reader.fill_buf()?;
        if buf.is_empty() {
            return Ok(true);
        }
        if buf.iter().any(|&b| b != 0) {
            return Ok(false);
        }
        let len = buf.len();
        reader.consume(len);
    }
}

/// Whether `bytes` is a strict prefix of a record as this version writes it (the keys in
/// their order, no spaces: what a cut write of one leaves), and not a whole one.
pub(crate) fn is_record_start(bytes: &[u8]) -> bool {
    let mut at = Cursor { bytes, at: 0 };
    matches!(record_shape(&mut at), Err(Stop::Ended))
}

/// Why [`record_shape`] stopped short of a complete record.
enum Stop {
    /// The bytes ran out where the record goes on: they are its start.
    Ended,
    /// A byte that no record has there.
    Off,
}

/// A reading position in the bytes of a line.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    /// The next byte, unread.
    fn peek(&self) -> Result<u8, Stop> {
        self.bytes.get(self.at).copied().ok_or(Stop::Ended)
    }

    /// Exactly `text`.
    fn text(&mut self, text: &str) -> Result<(), Stop> {
        for want in text.bytes() {
            match self.peek()? == want {
                true => self.at += 1,
                false => return Err(Stop::Off),
            }
        }
        Ok(())
    }

    /// One or more bytes of `class`, up to the first that is not (which, in a record,
    /// always follows).
    fn run(&mut self, class: fn(u8) -> bool) -> Result<(), Stop> {
        let start = self.at;
        while self.peek().is_ok_and(class) {
            self.at += 1;
        }
        self.peek()?;
        match self.at > start {
            true => Ok(()),
            false => Err(Stop::Off),
        }
    }
}

/// Reads one record as [`Record::to_line`] writes it, in shape (its keys in their order,
/// each value of its kind): `Ok` where the bytes are one, else where it stopped.
fn record_shape(c: &mut Cursor) -> Result<(), Stop> {
    let digits = |b: u8| b.is_ascii_digit();
    // What serde_json writes of a float: `0.25`, `1e-6`, `12.0`.
    let float = |b: u8| b.is_ascii_digit() || b".eE+-".contains(&b);
    let word = |b: u8| b.is_ascii_alphanumeric() || b".-+".contains(&b);
    c.text("{\"n\":")?;
    c.run(digits)?;
    c.text(",\"share\":\"")?;
    c.run(digits)?;
    c.text("/")?;
    c.run(digits)?;
    c.text("\",\"k\":")?;
    c.run(digits)?;
    c.text(",\"m\":")?;
    c.run(digits)?;
    c.text(",\"count\":")?;
    c.run(digits)?;
    c.text(",\"fundamental\":")?;
    match c.peek()? {
        b'n' => c.text("null")?,
        _ => c.run(digits)?,
    }
    c.text(",\"")?;
    if c.peek()? == b'p' {
        c.text("prints\":\"fundamental\",\"")?;
    }
    c.text("fixed\":[")?;
    while c.peek()? != b']' {
        c.text("\"")?;
        c.run(digits)?;
        c.text(",")?;
        c.run(digits)?;
        c.text("\"")?;
        if c.peek()? == b',' {
            c.text(",")?;
        }
    }
    c.text("],\"method\":\"")?;
    c.run(word)?;
    c.text("\",\"seconds\":")?;
    c.run(float)?;
    c.text(",\"plan\":\"")?;
    c.run(word)?;
    c.text("\",\"version\":\"")?;
    c.run(word)?;
    c.text("\"")?;
    if c.peek()? == b',' {
        c.text(",\"checked\":")?;
        match c.peek()? {
            b't' => c.text("true")?,
            _ => c.text("false")?,
        }
    }
    c.text("}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ending_of(bytes: &[u8]) -> Result<(Ending, usize), String> {
        let mut records = 0;
        let ending = read(&mut &bytes[..], "f", &mut |_, _| {
            records += 1;
            Ok(())
        })
        .map_err(|e| format!("{e:?}"))?;
        Ok((ending, records))
    }

    const RECORD: &str = r#"{"n":8,"share":"1/1","k":1,"m":1,"count":92,"fundamental":12,"prints":"fundamental","fixed":[],"method":"eightfold","seconds":0.000134,"plan":"r1-0123456789abcdef","version":"0.1.0","checked":true}"#;

    #[test]
    fn every_strict_prefix_of_a_record_is_torn_and_the_record_is_not() {
        let fixed = r#"{"n":8,"share":"1/2","k":1,"m":2,"count":4,"fundamental":null,"fixed":["1,1","2,5"],"method":"join","seconds":1e-6,"plan":"j1-0123456789abcdef","version":"0.1.0"}"#;
        for record in [RECORD, fixed] {
            assert!(Record::parse(record).is_ok(), "{record}");
            for cut in 1..record.len() {
                assert!(
                    is_record_start(&record.as_bytes()[..cut]),
                    "{}",
                    &record[..cut]
                );
            }
            assert!(!is_record_start(record.as_bytes()));
        }
    }

    #[test]
    fn json_of_other_programs_is_no_record_start() {
        for other in [
            r#"{"n": 8, "note": "keep me"}"#,
            r#"{"n":8,"note":"keep me"}"#,
            r#"{"n":8}"#,
            "[1, 2, 3]",
            "hello",
        ] {
            assert!(!is_record_start(other.as_bytes()), "{other}");
            let err = ending_of(other.as_bytes()).unwrap_err();
            assert!(err.contains("left as it was"), "{other}: {err}");
        }
    }

    #[test]
    fn the_end_of_a_file_one_rule() {
        let line = format!("{RECORD}\n");
        // A complete record without its newline: kept, and open for a newline.
        let (ending, records) = ending_of(RECORD.as_bytes()).unwrap();
        assert_eq!(
            (ending.kept, ending.open, ending.torn, records),
            (RECORD.len() as u64, true, false, 1)
        );
        // A torn record, NULs, and the two together: dropped.
        for tail in [
            &RECORD.as_bytes()[..40],
            b"\0\0\0\0",
            &[b'{', b'"', 0, 0][..],
        ] {
            let file = [line.as_bytes(), tail].concat();
            let (ending, records) = ending_of(&file).unwrap();
            assert_eq!(
                (ending.kept, ending.open, ending.torn, records),
                (line.len() as u64, false, true, 1)
            );
        }
        // A zero-filled block longer than a line.
        let file = [line.as_bytes(), &vec![0u8; 3 * MAX_LINE as usize]].concat();
        assert!(ending_of(&file).unwrap().0.torn);
        // NULs then text: not a crash's tail.
        let file = [line.as_bytes(), &vec![0u8; 3 * MAX_LINE as usize], b"x"].concat();
        assert!(ending_of(&file).is_err());
        // A complete record, then NULs: the record kept, the NULs dropped.
        let file = [line.as_bytes(), RECORD.as_bytes(), b"\0\0"].concat();
        let (ending, records) = ending_of(&file).unwrap();
        assert_eq!(
            (ending.kept, ending.open, ending.torn, records),
            (2 * line.len() as u64 - 1, true, true, 2)
        );
    }
}
