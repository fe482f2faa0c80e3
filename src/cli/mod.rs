//! The command line: the same app services as the window, without one. Each subcommand's logic
//! lives in its own file; this file only declares the commands and dispatches them.

/// `print!` for the command line: see [`out`].
macro_rules! out {
    ($($arg:tt)*) => { $crate::cli::out::write(format_args!($($arg)*)) };
}

/// `println!` for the command line: see [`out`].
macro_rules! outln {
    ($($arg:tt)*) => { $crate::cli::out::write(format_args!("{}\n", format_args!($($arg)*))) };
}

mod checkin;
mod desk;
pub mod dutch;
mod entrant;
mod event;
mod export;
mod fees;
pub mod help_zh;
mod out;
mod play;
mod role;
mod serve;
pub mod standings;
mod team;
mod xiangqi;

use crate::app::{AppError, Tournament};
use crate::i18n::Lang;
use crate::model::{DutchEdition, Section, SectionId};
use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// 编排 Bianpai — xiangqi and chess tournaments, offline.
#[derive(Parser, Debug)]
#[command(name = "bianpai", version, about)]
pub struct Cli {
    /// Event file to open in the window (no command: the window opens).
    pub file: Option<PathBuf>,
    /// Language of the messages: zh (中文, the default) or en.
    #[arg(long, global = true, value_enum, default_value_t = LangArg::Zh)]
    pub lang: LangArg,
    /// The window's renderer: auto (wgpu, and OpenGL where wgpu cannot start), wgpu or gl.
    /// Overrides the preference; the window's only.
    #[arg(long, value_enum)]
    pub renderer: Option<RendererArg>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Write the demo event (two sections, round 1 played) to FILE.
    Demo {
        /// The event file to write.
        file: PathBuf,
    },
    /// Create a new event file (an existing file is never replaced); prints its path.
    New {
        /// The event file to create.
        file: PathBuf,
        /// 赛事名称.
        #[arg(long)]
        name: String,
        /// 全赛限报人数: the most entrants of all sections together (额满即止); none if left
        /// out.
        #[arg(long)]
        cap: Option<u32>,
    },
    /// The event's details (name, organiser, venue, dates, chief arbiter, cap; the order book's
    /// organisation, officials, regulations and hall rules), which the order book and the
    /// certificates print: printed, or set with the options given.
    Event(entrant::EventArgs),
    /// Entrants of a section: `entrant list|add|edit|remove|withdraw|exclude|reinstate|house`.
    #[command(subcommand)]
    Entrant(entrant::EntrantCommand),
    /// Sections of an event: `section add FILE --name N --game G --system S --rounds R`.
    #[command(subcommand)]
    Section(event::SectionCommand),
    /// Teams of a team section (团体赛): `team add|edit|remove|list|lineup|matches|forfeit|bye`.
    #[command(subcommand)]
    Team(team::TeamCommand),
    /// Every setting of a section as a TOML file: `--export OUT.toml` or `--import IN.toml`.
    Settings(event::SettingsArgs),
    /// Import entrants from a csv, xlsx, xls or ods file: each row's problems are printed (row,
    /// column, rule) and nothing is written unless every row is good.
    Import(event::ImportArgs),
    /// Draw the pairing numbers by lot (抽签) from a seed, as the window does; prints number and
    /// name, one entrant a line.
    Draw {
        /// The event file.
        file: PathBuf,
        /// Section name or 1-based position.
        #[arg(long, short)]
        section: String,
        /// The seed: the same seed draws the same numbers.
        #[arg(long)]
        seed: u64,
    },
    /// 签到 / 检录 at the registration desk: `checkin FILE -s S WHO` checks in the entrant a
    /// number, registration number, name, pinyin initials or entry-card code names;
    /// `--list` lists who is in; `--close` closes check-in, withdrawing the absent from round 1.
    #[command(name = "checkin")]
    CheckIn(checkin::CheckInArgs),
    /// 缴费 at the registration desk: `fees FILE -s S` lists the section's fees with the
    /// totals; `--pay WHO [--amount N] [--method M] [--receipt R]` records a payment (the
    /// section's fee for him unless --amount says otherwise); `--refund WHO` refunds it.
    Fees(fees::FeesArgs),
    /// Enter results: one board (`--board B RESULT [--fouls R/B]`) or a whole round
    /// (`--from RESULTS.csv`).
    Result(play::ResultArgs),
    /// 申请轮空 (a Dutch section): `bye FILE -s S -r R NUMBER [--kind half|full|zero]` records
    /// that the player sits out round R (half: ½ point, the default); `--cancel` takes it back;
    /// without a number, the requests are listed: round, number, name, kind.
    Bye(play::ByeArgs),
    /// The awards after the last round, one place a line, tab-separated: place, number, name,
    /// prize money (元), title, promotion (the grade reached), qualified (是/否 · yes/no). The
    /// places awarded and the field they were counted from are said on standard error.
    /// `--list sub` prints the sub-rankings, `--list team` the team places, `--list all` every
    /// list in one table whose first column names the list.
    Awards {
        /// The event file.
        file: PathBuf,
        /// Section name or 1-based position.
        #[arg(long, short)]
        section: String,
        /// Which list: main (the default), sub, team or all.
        #[arg(long, value_enum, default_value_t = play::AwardList::Main)]
        list: play::AwardList,
    },
    /// 晋级正赛: once section FROM is over, enter its qualified list into the empty section TO,
    /// numbered 1, 2, … in the list's order (the main event's seeding); prints number and name,
    /// one entrant a line. Undoable in the window.
    Advance {
        /// The event file.
        file: PathBuf,
        /// The qualifying section (海选赛): name or 1-based position.
        #[arg(long)]
        from: String,
        /// The main event's section (正赛), empty: name or 1-based position.
        #[arg(long)]
        to: String,
    },
    /// Export a document as PDF, or a section's list as XLSX, CSV, HTML or TRF.
    Export(export::ExportArgs),
    /// Check rounds against the pairing rules: `check --dutch in.trf` (every played round of a
    /// TRF against the FIDE Dutch system) or `check xiangqi FILE --section S [--round R]`; or
    /// the places of a TRF against a tiebreak list: `check --standings in.trf --tiebreaks L`.
    Check(CheckArgs),
    /// Generate a random tournament: `rtg xiangqi OUT.bianpai …` or `rtg dutch -o OUT.trf …`.
    #[command(subcommand)]
    Rtg(xiangqi::RtgCommand),
    /// Print standings with tiebreak values, tab-separated (a .bianpai file or a FIDE TRF).
    Standings(standings::StandingsArgs),
    /// Pair the next round. Of an event: `pair FILE --section S` prints one board a line,
    /// `board<TAB>red/white number<TAB>black number`; a bye prints as `0<TAB>number<TAB>0`. Of a
    /// TRF file, as bbpPairings: `pair --dutch in.trf -p out.txt`, or with the xiangqi Swiss
    /// engine `pair --xiangqi in.trf -p out.txt [--points 3,1,0]`.
    Pair(PairArgs),
    /// Undo the event's last action (as Ctrl+Z in the window); prints what was undone.
    Undo {
        /// The event file.
        file: PathBuf,
    },
    /// The event's journal, oldest first, one action a line: time, action, what it did.
    Journal {
        /// The event file.
        file: PathBuf,
    },
    /// The backup copies made after each pairing: `backup list FILE`, `backup restore FILE COPY`.
    #[command(subcommand)]
    Backup(desk::BackupCommand),
    /// 撤销本轮编排: take back the last round of a section while none of its games has a result.
    Unpair {
        /// The event file.
        file: PathBuf,
        /// Section name or 1-based position.
        #[arg(long, short)]
        section: String,
        /// The round (the last one paired).
        #[arg(long, short)]
        round: u32,
    },
    /// 人工调整 of the last round: two players change places (`--swap A,B`) or a board's colours
    /// swap (`--swap-colours B`); the rules it breaks are named and it is made only with
    /// `--confirm` and the section's name.
    Edit(desk::EditArgs),
    /// Serve the venue page (场地网页) of an event file: the current round, standings and each
    /// player's page, read-only, on --bind ADDR (default this machine only) and --port P
    /// (default 8088), until Ctrl+C; it follows the changes other commands make to the file.
    Serve(serve::ServeArgs),
    /// 授权 — the devices of the venue network: `role add FILE --kind deputy -s S --boards 1-20
    /// --person NAME` prints the address and QR code a device opens; `role list`, `role revoke`.
    #[command(subcommand)]
    Role(role::RoleCommand),
}

/// `--lang`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum LangArg {
    /// 中文.
    #[default]
    Zh,
    /// English.
    En,
}

/// `--renderer`: what draws the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RendererArg {
    /// wgpu, and OpenGL where wgpu cannot start.
    Auto,
    /// wgpu only (Direct3D 12, Vulkan or its own OpenGL).
    Wgpu,
    /// OpenGL (glow) only.
    Gl,
}

impl From<LangArg> for Lang {
    fn from(l: LangArg) -> Lang {
        match l {
            LangArg::Zh => Lang::Zh,
            LangArg::En => Lang::En,
        }
    }
}

/// `bianpai pair …`.
#[derive(clap::Args, Debug)]
pub struct PairArgs {
    /// The event file; with --dutch or --xiangqi, a TRF file.
    input: PathBuf,
    /// Section name or 1-based position (an event file).
    #[arg(
        long,
        short,
        required_unless_present_any = ["dutch", "xiangqi"],
        conflicts_with_all = ["dutch", "xiangqi"]
    )]
    section: Option<String>,
    /// The FIDE Dutch system on a TRF file.
    #[arg(long, conflicts_with = "xiangqi")]
    dutch: bool,
    /// The xiangqi Swiss (积分编排制) on a TRF file.
    #[arg(long)]
    xiangqi: bool,
    /// Pairing file to write (standard output without it).
    #[arg(short = 'p')]
    output: Option<PathBuf>,
    /// Edition of the Dutch rules: 2026 (in force from 1 February 2026, as bbpPairings 6)
    /// or 2017 (in force before, as bbpPairings 5). Without it, the edition in force on the
    /// file's start date (record 042), or 2026 when the file has none.
    #[arg(long, value_enum, value_name = "YEAR", requires = "dutch")]
    edition: Option<Edition>,
    /// Points of the xiangqi TRF for a win, a draw and a loss (default 2,1,0).
    #[arg(long, value_name = "W,D,L", requires = "xiangqi")]
    points: Option<String>,
    /// Adjourns the last round's games still without a result (暂停对局) and pairs: they count
    /// as draws for the pairing; standings and the result book wait for their results.
    #[arg(long, requires = "section")]
    adjourn: bool,
    /// Pair the next games of the section's playoff (交叉赛, beside the Swiss it interrupts)
    /// rather than its Swiss round: printed as the round's boards, the round said on standard
    /// error. A knockout section's `pair` pairs its next games without it.
    #[arg(long, requires = "section")]
    playoff: bool,
    /// A colour a player chose (名次靠前选手可选择先后手; the lot's winner in an Armageddon):
    /// `NUMBER=red` or `NUMBER=black` (white, 红, 黑, 先, 后 too); repeat for each chooser.
    /// `pair` names the players who choose when it needs their choice.
    #[arg(long, value_name = "NUMBER=SIDE", requires = "section")]
    colour: Vec<String>,
}

/// `--edition`: the edition of the FIDE Dutch rules (C.04.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Edition {
    /// In force from 2017 to 31 January 2026.
    #[value(name = "2017")]
    Fide2017,
    /// In force from 1 February 2026.
    #[value(name = "2026")]
    Fide2026,
}

impl From<Edition> for DutchEdition {
    fn from(e: Edition) -> DutchEdition {
        match e {
            Edition::Fide2017 => DutchEdition::Fide2017,
            Edition::Fide2026 => DutchEdition::Fide2026,
        }
    }
}

/// `bianpai check …`.
#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct CheckArgs {
    /// A TRF file whose played rounds are checked against the FIDE Dutch system.
    #[arg(long, value_name = "TRF")]
    dutch: Option<PathBuf>,
    /// Edition of the Dutch rules, as for `pair`: 2017 or 2026 (default: from the file's start
    /// date, else 2026).
    #[arg(long, value_enum, value_name = "YEAR", requires = "dutch")]
    edition: Option<Edition>,
    /// A TRF file whose places (record 001, columns 86-89) are checked against the tiebreak
    /// list: every position where the file's order breaks it is printed.
    #[arg(long, value_name = "TRF", conflicts_with = "dutch")]
    standings: Option<PathBuf>,
    /// Tiebreak list for --standings: FIDE acronyms with modifiers (`BH-C1,BH,SB`) or a preset
    /// (fide-swiss, fide-rr); default fide-swiss, or fide-rr for a round robin (record 092).
    #[arg(long, short, requires = "standings")]
    tiebreaks: Option<String>,
    /// C.07 edition for unplayed rounds with --standings: 2023 or 2026.
    #[arg(long, value_parser = ["2023", "2026"], requires = "standings")]
    tiebreak_edition: Option<String>,
    #[command(subcommand)]
    system: Option<xiangqi::CheckCommand>,
}

/// Runs a subcommand; the error comes back in the user's language.
pub fn run(command: Command, lang: Lang) -> Result<(), String> {
    let result = match command {
        Command::Demo { file } => Tournament::create_demo(&file).map(|t| {
            outln!("{}", t.path().display());
        }),
        Command::New { file, name, cap } => return event::new_event(file, name, cap, lang),
        Command::Section(cmd) => return event::section(cmd, lang),
        Command::Team(cmd) => return team::run(cmd, lang),
        Command::Event(args) => return entrant::event(args, lang),
        Command::Undo { file } => return desk::undo(&file, lang),
        Command::Journal { file } => return desk::journal(&file, lang),
        Command::Backup(cmd) => return desk::backup(cmd, lang),
        Command::Unpair {
            file,
            section,
            round,
        } => return desk::unpair(&file, &section, round, lang),
        Command::Edit(args) => return desk::edit(args, lang),
        Command::Entrant(cmd) => return entrant::run(cmd, lang),
        Command::Settings(args) => return event::settings(args, lang),
        Command::Import(args) => return event::import(args, lang),
        Command::Draw {
            file,
            section,
            seed,
        } => return event::draw(file, section, seed, lang),
        Command::CheckIn(args) => return checkin::run(args, lang),
        Command::Fees(args) => return fees::run(args, lang),
        Command::Result(args) => return play::result(args, lang),
        Command::Bye(args) => return play::bye(args, lang),
        Command::Awards {
            file,
            section,
            list,
        } => return play::awards(&file, &section, list, lang),
        Command::Advance { file, from, to } => return event::advance(&file, &from, &to, lang),
        Command::Export(args) => return export::run(args, lang),
        Command::Check(CheckArgs {
            dutch: Some(trf),
            edition,
            ..
        }) => {
            return dutch::check_command(&trf, edition.map(DutchEdition::from))
                .map_err(|e| e.message(lang));
        }
        Command::Check(CheckArgs {
            standings: Some(trf),
            tiebreaks,
            tiebreak_edition,
            ..
        }) => {
            return standings::check(
                &trf,
                tiebreaks.as_deref(),
                tiebreak_edition.as_deref(),
                lang,
            );
        }
        Command::Check(CheckArgs {
            system: Some(cmd), ..
        }) => match xiangqi::run_check(cmd, lang) {
            Ok(false) => return Err(crate::i18n::T::CheckFoundProblems.get(lang).into()),
            other => other.map(|_| ()),
        },
        Command::Check(CheckArgs {
            dutch: None,
            standings: None,
            system: None,
            ..
        }) => {
            return Err(crate::i18n::T::CheckWhat.get(lang).into());
        }
        Command::Rtg(xiangqi::RtgCommand::Dutch {
            output,
            players,
            rounds,
            seed,
            edition,
            draw_permille,
            forfeit_permille,
            double_forfeit_permille,
            tiebreaks,
            half_bye_permille,
            absent_permille,
            baku,
            force,
        }) => {
            let cfg = crate::pairing::dutch::rtg::DutchRtgConfig {
                players,
                rounds,
                edition: edition.into(),
                draw_share: draw_permille,
                forfeit_permille,
                double_forfeit_permille,
                half_bye_permille,
                absent_permille,
                baku,
                ..Default::default()
            };
            let tiebreaks = match tiebreaks.as_deref() {
                Some(list) => Some(
                    crate::model::parse_list(list)
                        .map_err(|e| crate::i18n::tiebreak_parse_error_text(&e, lang))?,
                ),
                None => None,
            };
            return dutch::rtg_command(&cfg, seed, tiebreaks, &output, force)
                .map_err(|e| e.message(lang));
        }
        Command::Rtg(cmd) => xiangqi::run_rtg(cmd),
        Command::Standings(args) => return standings::run(args, lang),
        Command::Serve(args) => return serve::run(args, lang),
        Command::Role(cmd) => return role::run(cmd, lang),
        Command::Pair(PairArgs {
            input,
            section,
            dutch,
            xiangqi,
            output,
            edition,
            points,
            adjourn,
            playoff,
            colour,
        }) => {
            return if dutch {
                dutch::pair_command(&input, output.as_deref(), edition.map(DutchEdition::from))
                    .map_err(|e| e.message(lang))
            } else if xiangqi {
                play::pair_xiangqi_trf(&input, output.as_deref(), points.as_deref(), lang)
            } else {
                play::pair_event(
                    &input,
                    section.as_deref().unwrap_or_default(),
                    play::PairWhat {
                        adjourn,
                        playoff,
                        colours: &colour,
                    },
                    lang,
                )
            };
        }
    };
    result.map_err(|e| e.message(lang))
}

/// Finds a section by name, or by its 1-based position in the event.
pub fn find_section(t: &Tournament, key: &str) -> Result<SectionId, AppError> {
    let sections: &[Section] = &t.event().sections;
    if let Some(s) = sections.iter().find(|s| s.name == key) {
        return Ok(s.id);
    }
    key.parse::<usize>()
        .ok()
        .and_then(|i| i.checked_sub(1))
        .and_then(|i| sections.get(i))
        .map(|s| s.id)
        .ok_or(AppError::NoSuch(crate::i18n::T::Section))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renderer_is_the_window_s_option_and_absent_unless_given() {
        let none = Cli::try_parse_from(["bianpai", "x.bianpai"]).unwrap();
        assert_eq!(none.renderer, None);
        let gl = Cli::try_parse_from(["bianpai", "--renderer", "gl", "x.bianpai"]).unwrap();
        assert_eq!(gl.renderer, Some(RendererArg::Gl));
        assert!(gl.command.is_none());
        assert!(Cli::try_parse_from(["bianpai", "--renderer", "vulkan"]).is_err());
    }
}
