//! The `bianpai` binary: no command opens the window; a command runs without one.

use bianpai::cli::{self, Cli, RendererArg};
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
        None => {
            #[cfg(windows)]
            leave_own_console();
            let renderer = args.renderer.map(|r| match r {
                RendererArg::Auto => bianpai::ui::Renderer::Auto,
                RendererArg::Wgpu => bianpai::ui::Renderer::Wgpu,
                RendererArg::Gl => bianpai::ui::Renderer::Gl,
            });
            bianpai::ui::run(args.file, renderer)
        }
    }
}

/// Started from Explorer (the Start menu, a shortcut, a double-clicked event file), this
/// console program gets a console window of its own beside the window; the window lets it go.
/// Started from a terminal, the console is shared and stays, and so do redirected outputs.
#[cfg(windows)]
fn leave_own_console() {
    #[link(name = "kernel32")]
    unsafe extern "system" {
        fn GetConsoleProcessList(ids: *mut u32, count: u32) -> u32;
        fn FreeConsole() -> i32;
    }
    let mut ids = [0u32; 2];
    // SAFETY: the buffer holds two ids and the call is told so; it writes no more.
    let attached = unsafe { GetConsoleProcessList(ids.as_mut_ptr(), 2) };
    if attached == 1 {
        // SAFETY: no argument; detaching from a console this process alone uses.
        unsafe { FreeConsole() };
    }
}
