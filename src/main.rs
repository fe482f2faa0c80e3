//! The `bianpai` binary: no command opens the window; a command runs without one.

use bianpai::cli::{self, Cli};
use bianpai::i18n::Lang;
use clap::Parser;

fn main() -> std::process::ExitCode {
    let args = Cli::parse();
    match args.command {
        Some(command) => match cli::run(command, Lang::from(args.lang)) {
            Ok(()) => std::process::ExitCode::SUCCESS,
            // 2: the input was refused (a bad file or argument, a check that failed).
            Err(message) => {
                eprintln!("{message}");
                std::process::ExitCode::from(2)
            }
        },
        None => bianpai::ui::run(args.file),
    }
}
