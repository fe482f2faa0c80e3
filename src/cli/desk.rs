//! `bianpai undo`, `journal`, `backup`, `unpair` and `edit` — the window's Journal tab (undo, the
//! journal, the backup copies and restoring one) and its hands-on changes of the last round
//! (人工调整: two players change places, a board's colours swap; 撤销本轮编排), from a script,
//! through the same app actions.

use super::find_section;
use crate::app::{AppError, PairingEdit, Seat, Tournament};
use crate::i18n::{Lang, T, backup_copy_text, fill, undone_text};
use crate::model::{EntrantId, Section};
use clap::{Args, Subcommand};
use std::path::PathBuf;

/// `bianpai backup …`.
#[derive(Subcommand, Debug)]
pub enum BackupCommand {
    /// List the event's backup copies, newest first, one a line: its path, a tab, and what it
    /// is in words (the section and round it was made after, and when).
    List {
        /// The event file.
        file: PathBuf,
    },
    /// Restore a backup copy: without --yes, says what would be lost (the results entered and
    /// the actions journaled since) and restores nothing.
    Restore {
        /// The event file.
        file: PathBuf,
        /// The backup copy, as `backup list` names it.
        backup: PathBuf,
        /// Restore, losing what was entered since the copy.
        #[arg(long)]
        yes: bool,
    },
}

/// `bianpai edit FILE -s S (--swap A,B | --swap-colours BOARD) [--confirm NAME]`.
#[derive(Args, Debug)]
pub struct EditArgs {
    /// The event file.
    file: PathBuf,
    /// Section name or 1-based position.
    #[arg(long, short)]
    section: String,
    /// Two players (pairing numbers `A,B`) change places in the last round.
    #[arg(long, value_name = "A,B", required_unless_present = "swap_colours")]
    swap: Option<String>,
    /// The two players of this board of the last round change colours.
    #[arg(long, value_name = "BOARD", conflicts_with = "swap")]
    swap_colours: Option<u32>,
    /// The section's name, typed to go ahead against the rules the change breaks (a rematch,
    /// the same unit …), as the window asks it.
    #[arg(long, value_name = "SECTION NAME")]
    confirm: Option<String>,
}

pub fn undo(file: &std::path::Path, lang: Lang) -> Result<(), String> {
    let mut t = Tournament::open(file).map_err(|e| e.message(lang))?;
    match t.undo().map_err(|e| e.message(lang))? {
        Some((action, entry)) => outln!("{}", undone_text(&action, &entry, lang)),
        None => outln!("{}", T::NothingToUndo.get(lang)),
    }
    Ok(())
}

/// The journal, oldest first: time, action, what it did (and who sent it from a phone).
pub fn journal(file: &std::path::Path, lang: Lang) -> Result<(), String> {
    let t = Tournament::open(file).map_err(|e| e.message(lang))?;
    for [at, action, detail] in t.journal_lines(lang).map_err(|e| e.message(lang))? {
        outln!("{at}\t{action}\t{detail}");
    }
    Ok(())
}

pub fn backup(cmd: BackupCommand, lang: Lang) -> Result<(), String> {
    match cmd {
        BackupCommand::List { file } => {
            let t = Tournament::open(&file).map_err(|e| e.message(lang))?;
            for b in t.backups() {
                let words = backup_copy_text(&t.backup_copy(&b), lang);
                outln!("{}\t{words}", b.display());
            }
            Ok(())
        }
        BackupCommand::Restore { file, backup, yes } => {
            let mut t = Tournament::open(&file).map_err(|e| e.message(lang))?;
            let loss = t.restore_loss(&backup).map_err(|e| e.message(lang))?;
            if !yes {
                return Err(fill(
                    T::CliRestoreAsk.get(lang),
                    &[&loss.results, &loss.journal_rows],
                ));
            }
            t.restore_backup(&backup).map_err(|e| e.message(lang))
        }
    }
}

/// 撤销本轮编排: the last round of the section, not yet played, taken back.
pub fn unpair(file: &std::path::Path, section: &str, round: u32, lang: Lang) -> Result<(), String> {
    let mut t = Tournament::open(file).map_err(|e| e.message(lang))?;
    let id = find_section(&t, section).map_err(|e| e.message(lang))?;
    t.unpair_round(id, round).map_err(|e| e.message(lang))
}

/// The seat of the player numbered `number` in round `round`.
fn seat_of(s: &Section, round: u32, number: u32) -> Result<Seat, AppError> {
    let who: EntrantId = s
        .entrants
        .iter()
        .find(|e| e.number == Some(number))
        .map(|e| e.id)
        .ok_or_else(|| AppError::NoSuchEntrant(number.to_string()))?;
    let r = s.round(round).ok_or(AppError::NoSuch(T::Round))?;
    if let Some(g) = r.game_of(who) {
        let side = g.side_of(who).ok_or(AppError::NoSuch(T::Round))?;
        return Ok(Seat::Board {
            board: g.board,
            side,
        });
    }
    if r.bye_of(who).is_some() {
        return Ok(Seat::Bye(who));
    }
    Err(AppError::NoSuchEntrant(number.to_string()))
}

/// 人工调整 of the last round: the change is shown with the rules it breaks; it is made when
/// it breaks none, or when `--confirm` names the section.
pub fn edit(args: EditArgs, lang: Lang) -> Result<(), String> {
    let msg = |e: AppError| e.message(lang);
    let mut t = Tournament::open(&args.file).map_err(msg)?;
    let id = find_section(&t, &args.section).map_err(msg)?;
    let s = t.section(id).map_err(msg)?;
    let round = s
        .rounds
        .last()
        .map(|r| r.number)
        .ok_or_else(|| msg(AppError::NoSuch(T::Round)))?;
    let edit = match (&args.swap, args.swap_colours) {
        (Some(pair), _) => {
            let bad = || fill(T::CliPairNumbers.get(lang), &[pair]);
            let (a, b) = pair.split_once(',').ok_or_else(bad)?;
            let a: u32 = a.trim().parse().map_err(|_| bad())?;
            let b: u32 = b.trim().parse().map_err(|_| bad())?;
            PairingEdit::Swap(
                seat_of(s, round, a).map_err(msg)?,
                seat_of(s, round, b).map_err(msg)?,
            )
        }
        (None, Some(board)) => PairingEdit::SwapColours(board),
        (None, None) => return Err(fill(T::CliPairNumbers.get(lang), &[&""])),
    };
    let preview = t.preview_edit(id, round, edit).map_err(msg)?;
    let typed = args.confirm.as_deref().map(str::trim);
    let confirmed = typed == Some(s.name.as_str());
    if !preview.warnings.is_empty() && !confirmed {
        let who = |p: EntrantId| s.label(p);
        let list: Vec<String> = preview
            .warnings
            .iter()
            .map(|w| crate::i18n::break_text(w, &who, lang))
            .collect();
        return Err(fill(
            T::CliEditBreaks.get(lang),
            &[&list.join(T::NoteSeparator.get(lang)), &s.name],
        ));
    }
    let accepted = preview.warnings.clone();
    t.edit_pairing(id, round, edit, &accepted).map_err(msg)
}
