//! The `bianpai` binary: no command opens the window; a command runs without one.

use bianpai::cli::{self, Cli};
use bianpai::i18n::Lang;
use clap::{CommandFactory, FromArgMatches};

fn main() -> std::process::ExitCode {
    // The help and clap's own errors in the language asked for: Chinese unless `--lang en`.
    let english = std::env::args()
        .collect::<Vec<_>>()
        .windows(2)
        .any(|w| w[0] == "--lang" && w[1] == "en")
        || std::env::args().any(|a| a == "--lang=en");
    let command = if english {
        Cli::command()
    } else {
        cli::help_zh::localise(Cli::command())
    };
    let words = if english {
        std::env::args().collect()
    } else {
        cli::help_zh::help_command_as_flag(std::env::args().collect())
    };
    let matches = command.try_get_matches_from(words).unwrap_or_else(|e| {
        // A bad command line said in Chinese, unless English was asked for; help and version
        // as clap shows them.
        match cli::help_zh::error_text(&e).filter(|_| !english) {
            Some(text) => {
                eprintln!("{text}");
                std::process::exit(2)
            }
            None => e.exit(),
        }
    });
    let args = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
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
