//! `bianpai role …` — 授权 from a script, as the window's 场地网页 → 授权 panel does it: give a
//! device a role (`add`: prints the address its QR code opens, and the QR code itself in the
//! terminal — the token is shown this once, the file keeps only its hash), list the devices
//! (`list`) and revoke one at once (`revoke`).

use super::find_section;
use crate::app::{AppError, NewRole, QrCode, Tournament, lan_address, role_url};
use crate::i18n::role_kind_word;
use crate::i18n::{Lang, T, fill};
use crate::model::{RoleKind, RoleScope, parse_boards};
use clap::{Args, Subcommand, ValueEnum};
use std::path::PathBuf;

/// `bianpai role add|list|revoke`.
#[derive(Subcommand, Debug)]
pub enum RoleCommand {
    /// Give a device a role; prints the address its QR code opens and the QR code (shown
    /// once: the file keeps only the token's hash).
    Add(RoleAddArgs),
    /// List the devices, one a line, tab-separated: device, role, holder, scope, state.
    List {
        /// The event file.
        file: PathBuf,
    },
    /// Revoke a device at once: from then on the venue page refuses it.
    Revoke {
        /// The event file.
        file: PathBuf,
        /// The device's number (as `role list` prints it).
        device: i64,
    },
}

/// A role's kind on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum KindArg {
    /// 副裁判长/裁判员: enters results.
    Deputy,
    /// 检录: the door.
    Checkin,
    /// 选手: reports his own game.
    Player,
}

/// `bianpai role add FILE --kind K …`.
#[derive(Args, Debug)]
pub struct RoleAddArgs {
    /// The event file.
    file: PathBuf,
    /// The role: deputy, checkin or player.
    #[arg(long, value_enum)]
    kind: KindArg,
    /// The holder's name (a deputy's, the door's).
    #[arg(long)]
    person: Option<String>,
    /// A section the role reaches (name or 1-based position); again for more; none: every
    /// section. A player's is his own.
    #[arg(long, short)]
    section: Vec<String>,
    /// The boards the role reaches, e.g. 1-20 (none: every board).
    #[arg(long)]
    boards: Option<String>,
    /// The player's pairing number (a player's role; with --section).
    #[arg(long)]
    player: Option<u32>,
    /// The venue page's address the QR code opens (default: this laptop's address on the
    /// network and port 8088).
    #[arg(long)]
    url: Option<String>,
}

pub fn run(command: RoleCommand, lang: Lang) -> Result<(), String> {
    match command {
        RoleCommand::Add(args) => add(args, lang),
        RoleCommand::List { file } => list(&file, lang).map_err(|e| e.message(lang)),
        RoleCommand::Revoke { file, device } => {
            let mut t = Tournament::open(&file).map_err(|e| e.message(lang))?;
            t.revoke_role(device).map_err(|e| e.message(lang))?;
            outln!("{}", fill(T::HandsRevokedMsg.get(lang), &[&device]));
            Ok(())
        }
    }
}

fn add(args: RoleAddArgs, lang: Lang) -> Result<(), String> {
    let mut t = Tournament::open(&args.file).map_err(|e| e.message(lang))?;
    let sections = args
        .section
        .iter()
        .map(|s| find_section(&t, s))
        .collect::<Result<Vec<_>, AppError>>()
        .map_err(|e| e.message(lang))?;
    let boards = match args.boards.as_deref() {
        Some(text) => {
            Some(parse_boards(text).ok_or_else(|| fill(T::HandsBadBoards.get(lang), &[&text]))?)
        }
        None => None,
    };
    let kind = match args.kind {
        KindArg::Deputy => RoleKind::Deputy,
        KindArg::Checkin => RoleKind::CheckIn,
        KindArg::Player => RoleKind::Player,
    };
    let player = match (kind, args.player) {
        (RoleKind::Player, None) => return Err(T::HandsCliPlayerNeeded.get(lang).into()),
        (RoleKind::Player, Some(n)) => {
            let found = t
                .event()
                .sections
                .iter()
                .filter(|s| sections.is_empty() || sections.contains(&s.id))
                .flat_map(|s| s.entrants.iter())
                .find(|e| e.number == Some(n))
                .map(|e| e.id);
            Some(found.ok_or_else(|| AppError::NoSuchEntrant(n.to_string()).message(lang))?)
        }
        _ => None,
    };
    if kind != RoleKind::Player && args.person.as_deref().is_none_or(|p| p.trim().is_empty()) {
        return Err(T::HandsCliPersonNeeded.get(lang).into());
    }
    let new = NewRole {
        kind,
        person: args.person.unwrap_or_default(),
        scope: RoleScope {
            sections,
            boards,
            player,
        },
    };
    let (role, token) = t.add_role(&new).map_err(|e| e.message(lang))?;
    let base = args.url.unwrap_or_else(|| {
        let host = lan_address().unwrap_or(std::net::IpAddr::from([127, 0, 0, 1]));
        crate::app::venue_url(host, crate::web::DEFAULT_PORT)
    });
    let url = role_url(&base, &token);
    outln!(
        "{}",
        fill(T::HandsAdded.get(lang), &[&role.id, &role.person])
    );
    outln!("{url}");
    if let Some(code) = QrCode::of(&url) {
        out!("{}", terminal_qr(&code));
    }
    Ok(())
}

fn list(file: &std::path::Path, lang: Lang) -> Result<(), AppError> {
    let t = Tournament::open(file)?;
    eprintln!("{}", T::HandsRoleList.get(lang));
    for r in t.roles()? {
        outln!(
            "{}\t{}\t{}\t{}\t{}",
            r.id,
            role_kind_word(r.kind).get(lang),
            r.person,
            t.scope_text(&r.scope, lang),
            if r.is_live(crate::app::local_now()) {
                T::HandsLive.get(lang)
            } else {
                T::HandsRevoked.get(lang)
            }
        );
    }
    Ok(())
}

/// A QR code for the terminal: two modules a character (upper and lower half blocks), dark on
/// a light quiet zone of four modules, so that a phone scans it off the screen.
pub fn terminal_qr(code: &QrCode) -> String {
    let quiet = 4isize;
    let n = code.width as isize;
    let dark = |x: isize, y: isize| {
        x >= 0 && y >= 0 && x < n && y < n && code.is_dark(x as usize, y as usize)
    };
    let mut out = String::new();
    let mut y = -quiet;
    while y < n + quiet {
        for x in -quiet..n + quiet {
            // Light modules print as blocks (a terminal's background is usually dark).
            out.push(match (dark(x, y), dark(x, y + 1)) {
                (false, false) => '█',
                (true, false) => '▄',
                (false, true) => '▀',
                (true, true) => ' ',
            });
        }
        out.push('\n');
        y += 2;
    }
    out
}
