//! Standard output of the command line. A reader that stops early (`bianpai awards … | head -1`)
//! closes the pipe: what it did not read is not wanted, so the program ends there, quietly and
//! with success, as other command-line tools do, instead of failing on the next line. Every
//! line the commands print goes through [`write`] (the `out!` and `outln!` macros).

use std::fmt;
use std::io::{self, Write};

/// Writes to standard output; a closed pipe ends the program with success, any other failure
/// with an error on standard error.
pub fn write(args: fmt::Arguments<'_>) {
    let mut out = io::stdout().lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.flush()) {
        if e.kind() == io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("{e}");
        std::process::exit(1);
    }
}
