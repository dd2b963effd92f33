//! `nqueens man`: the man page, from the same clap definition as the help, with the sections
//! clap does not know (each command's usage and options, EXIT STATUS, EXAMPLES), so that the
//! page printed alone is whole; `--all DIR` writes one page per subcommand too, so that the
//! page's references to `nqueens-count(1)` and the rest exist as pages.

use std::io::Write;
use std::path::Path;

use clap::CommandFactory;

use crate::{write_failed, Cli, Failure, EXIT_STATUSES};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Write nqueens.1 and a page per subcommand (nqueens-count.1, ...) into DIR, which is
    /// created if missing, instead of printing nqueens.1.
    #[arg(long, value_name = "DIR")]
    all: Option<std::path::PathBuf>,
}

const EXAMPLES: &str = r#".SH EXAMPLES
.TP
\fBnqueens count 16\fR
The number of solutions of the 16 x 16 board (14772512).
.TP
\fBnqueens list 8 \-\-limit 2 \-\-format board\fR
The first two solutions of 8, as boards of Q and dots.
.TP
\fBnqueens list 20 \-\-fixed 1,1 \-\-limit 1\fR
The first solution of 20 with a queen in the top-left corner.
.TP
\fBnqueens nth 8 92\fR; \fBnqueens rank 8 4 1 3 6 2 7 5\fR
The 92nd solution of 8, and a solution's position (both 1-based).
.TP
\fBfor k in 1 2 3 4; do nqueens count 16 \-\-share $k/4 \-\-format json; done | nqueens merge\fR
One count in four shares, added up.
.TP
\fBnqueens count 21 \-\-checkpoint 21.jsonl\fR
A count of an hour that keeps each finished share in 21.jsonl; stopped any way, the same
command resumes it.
.TP
\fBnqueens heatmap 8 \-\-format svg > heat.svg\fR
For every square, the solutions with a queen on it, as a picture.
"#;

pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let Some(dir) = &args.all else {
        return page(out);
    };
    let create = |path: &Path| {
        std::fs::File::create(path).map_err(write_failed(&path.display().to_string()))
    };
    std::fs::create_dir_all(dir).map_err(write_failed(&dir.display().to_string()))?;
    let main = dir.join("nqueens.1");
    let mut file = std::io::BufWriter::new(create(&main)?);
    page(&mut file)?;
    file.flush()?;
    let mut written = vec![main];
    // Built, so that clap's own `help` subcommand, which the main page lists, is there too.
    let mut cli = Cli::command();
    cli.build();
    for sub in cli.get_subcommands() {
        let name = format!("nqueens-{}", sub.get_name());
        let path = dir.join(format!("{name}.1"));
        let mut file = std::io::BufWriter::new(create(&path)?);
        // clap names are `&'static str`: a page's name lives as long as this one-shot run.
        let name: &'static str = Box::leak(name.into_boxed_str());
        let sub = sub.clone().name(name).version(env!("CARGO_PKG_VERSION"));
        clap_mangen::Man::new(sub).render(&mut file)?;
        file.flush()?;
        written.push(path);
    }
    for path in written {
        writeln!(out, "{}", path.display())?;
    }
    Ok(())
}

/// nqueens.1: clap's sections, then EXIT STATUS and EXAMPLES, then the version.
fn page(out: &mut dyn Write) -> Result<(), Failure> {
    let man = clap_mangen::Man::new(Cli::command());
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    man.render_options_section(out)?;
    man.render_subcommands_section(out)?;
    commands(out)?;
    exit_status(out)?;
    out.write_all(EXAMPLES.as_bytes())?;
    man.render_version_section(out)?;
    Ok(())
}

/// Each command's usage and options, a section apiece (`COUNT`, `LIST`, ...), so that the
/// page printed alone is whole; `--all DIR` writes them as pages of their own too.
fn commands(out: &mut dyn Write) -> Result<(), Failure> {
    let mut cli = Cli::command();
    cli.build();
    for sub in cli.get_subcommands().filter(|s| s.get_name() != "help") {
        let name = sub.get_name();
        writeln!(out, ".SH \"{}\"", name.to_uppercase())?;
        let usage = sub
            .clone()
            .bin_name(format!("nqueens {name}"))
            .render_usage();
        writeln!(out, "{}", roff_text(&usage.to_string()))?;
        let mut options = Vec::new();
        clap_mangen::Man::new(sub.clone()).render_options_section(&mut options)?;
        // Its own OPTIONS heading goes: the command's section holds them.
        let options = String::from_utf8_lossy(&options).replacen(".SH OPTIONS\n", "", 1);
        out.write_all(options.as_bytes())?;
    }
    Ok(())
}

/// `text` as a roff paragraph: hyphens as minus signs, and no line that starts a request.
fn roff_text(text: &str) -> String {
    format!(".PP\n{}", text.replace('\\', "\\e").replace('-', "\\-"))
}

/// The EXIT STATUS section, from the statuses `main` exits with.
fn exit_status(out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(out, ".SH \"EXIT STATUS\"")?;
    for (status, meaning) in EXIT_STATUSES {
        // roff: a leading dot or quote would be a request; hyphens are minus signs.
        writeln!(
            out,
            ".TP\n\\fB{status}\\fR\n{}",
            meaning.replace('-', "\\-")
        )?;
    }
    Ok(())
}
