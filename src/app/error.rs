//! Errors of the app services, with their words in the user's language.

use crate::conduct::ConductError;
use crate::i18n::{Lang, T, fill};
use crate::interchange::entrants::RowError;
use crate::model::PairingSystem;
use crate::pairing::PairingError;
use crate::pairing::knockout::KnockoutError;
use crate::store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Pairing(#[from] PairingError),
    #[error("{0:?} must not be empty")]
    FieldEmpty(T),
    #[error("{field:?}: {value:?} is invalid: {reason}")]
    FieldInvalid {
        field: T,
        value: String,
        reason: String,
    },
    /// The event file is damaged; the way back is the latest backup, if there is one.
    #[error("{path}: the file is damaged")]
    Damaged {
        path: std::path::PathBuf,
        latest_backup: Option<std::path::PathBuf>,
    },
    /// A text longer than its field takes.
    #[error("{field:?}: more than {max} characters")]
    TooLong { field: T, max: usize },
    #[error("no such {0:?}")]
    NoSuch(T),
    /// No entrant of the section has this pairing number or name.
    #[error("no entrant {0}")]
    NoSuchEntrant(String),
    /// Several entrants of the section have this name: the number tells them apart.
    #[error("several entrants named {0}")]
    EntrantAmbiguous(String),
    #[error("a section named {0} exists already")]
    SectionExists(String),
    #[error("the round has no board {0}")]
    NoSuchBoard(u32),
    #[error("{0} has games and cannot be removed")]
    EntrantHasGames(String),
    #[error("pairing number {0} is already {1}'s")]
    NumberTaken(u32, String),
    #[error("pairing numbers are fixed once round 1 is paired")]
    NumbersFixed,
    #[error("round {0} has boards without a result")]
    RoundIncomplete(u32),
    #[error("all {0} rounds are paired")]
    AllRoundsPaired(u32),
    #[error("only the last round can be unpaired")]
    NotLastRound,
    #[error(transparent)]
    Knockout(#[from] KnockoutError),
    #[error("a knockout is paired in the bracket tab")]
    KnockoutInBracketTab,
    #[error("the Swiss ends after round {0}; the playoff goes on in the bracket tab")]
    SwissEnded(u32),
    #[error("the playoff begins once round {0} is complete")]
    PlayoffNotYet(u32),
    /// A grade event that stops early ended before round `round`: these players, still in
    /// play, had no opponent left. The section's rounds were cut (journaled, undoable).
    #[error("round {round} cannot be paired; the section ended")]
    EndedEarly { round: u32, players: Vec<String> },
    /// The pairing numbers are not drawn (抽签): this player has none.
    #[error("pairing numbers not drawn ({0} has none)")]
    NotDrawn(String),
    #[error("the section has neither a knockout nor a playoff")]
    NoBracket,
    /// The section's results are not all in, and its settings refuse final documents then.
    #[error("{0}: the results are not final")]
    Unfinished(String),
    #[error("round {0} has match games without a result")]
    StageInProgress(u32),
    #[error("{0}: level after every phase of the match; add a phase")]
    ChainExhausted(String),
    #[error("every match is decided")]
    BracketDecided,
    #[error("board {0} is a match game: its players are fixed by the bracket")]
    MatchGameSwap(u32),
    #[error("only the last round can be changed by hand")]
    EditNotLastRound,
    #[error("board {0} has a result; clear it before changing the board")]
    BoardHasResult(u32),
    #[error("choose two different seats")]
    SameSeat,
    #[error("a prohibited pairing names two different entrants")]
    ProhibitedSelf,
    #[error("the round changed since manual pairing began")]
    ManualDraftStale,
    /// Warnings about an action against the rules that the arbiter has not confirmed (all the
    /// action's warnings, each with its level).
    #[error("{0:?}: confirmation needed")]
    RuleWarnings(Vec<(crate::model::RuleWarning, crate::model::WarningLevel)>),
    #[error("the section is not in FIDE mode")]
    NotInFideMode,
    /// Not done in FIDE mode at all (level 5); leaving FIDE mode comes first.
    #[error("{0:?}: not allowed in FIDE mode")]
    FideRefuses(crate::model::RuleWarning),
    #[error("only a Dutch section takes requested byes")]
    ByeRequestNotDutch,
    #[error("a requested bye is full, half or zero points")]
    ByeRequestKind,
    #[error("round {0}: a bye may be requested for rounds {1} to {2}")]
    ByeRequestRound(u32, u32, u32),
    #[error("{0} is not in play")]
    ByeRequestInactive(String),
    /// A half-point bye beyond the section's limit: who, how many he has, the limit.
    #[error("{0} has {1} half-point byes, the limit is {2}")]
    HalfByeLimit(String, u32, u32),
    /// A half-point bye for one of the last rounds, which the section closes to them: the
    /// round, how many last rounds are closed.
    #[error("round {0}: no half-point byes in the last {1} rounds")]
    HalfByeLateRound(u32, u32),
    #[error("board {0} has a result and cannot be adjourned")]
    AdjournHasResult(u32),
    #[error("board {0} is a match game and cannot be adjourned")]
    AdjournMatchGame(u32),
    #[error("round {0} board {1}: the next round was paired; the adjournment stays")]
    AdjournedPaired(u32, u32),
    /// Final documents wait for an adjourned game's result: section, round, board.
    #[error("{0}: round {1} board {2} is adjourned")]
    AdjournedOpen(String, u32, u32),
    #[error("the typed confirmation is not the section's name")]
    ConfirmationMismatch,
    #[error("a prohibited pairing added after round 1 takes the section out of FIDE mode")]
    LeavesFideMode,
    #[error("{0} warnings are not confirmed")]
    UnconfirmedWarnings(usize),
    #[error("round {0} is not the latest: a correction needs a reason")]
    ReasonRequired(u32),
    #[error("pairing failed: {0}")]
    PairingFailed(String),
    /// An export aimed at an event file, a backup or another SQLite file.
    #[error("{0}: an event file or a backup; an export must not replace it")]
    ExportOntoEvent(std::path::PathBuf),
    /// An export aimed at a file that exists, without leave to replace it.
    #[error("{0}: the file exists")]
    FileExists(std::path::PathBuf),
    #[error("the font lacks {0}")]
    MissingGlyphs(String),
    #[error("PDF: {0}")]
    Pdf(String),
    /// A results file with a bad line.
    #[error("{path}: {error}")]
    ResultsFile {
        path: std::path::PathBuf,
        error: crate::interchange::results::ResultsFileError,
    },
    #[error(transparent)]
    Trf(#[from] crate::interchange::TrfError),
    /// A player of a TRF file the section cannot take (a blank name, a rating out of range),
    /// with the line of his record.
    #[error("TRF line {line}: {error}")]
    TrfLine { line: usize, error: Box<AppError> },
    /// A section's name that another section of the event has.
    #[error("a section named {0:?} exists already")]
    SectionNameTaken(String),
    /// 晋级正赛 into a section that has entrants or rounds already (or is the qualifier).
    #[error("section {0:?} is not empty")]
    QualifiersTargetTaken(String),
    /// 晋级正赛 with more wildcards (the qualifier's and those entered in the main event) than
    /// the qualification allows: (allowed, given).
    #[error("{1} wildcards where {0} are allowed")]
    TooManyWildcards(u32, u32),
    /// 晋级正赛 from a qualifier whose results are not all in.
    #[error("section {0:?} is not over")]
    QualifierNotOver(String),
    /// 晋级正赛 from a section that qualifies nobody.
    #[error("section {0:?} qualifies nobody")]
    NoQualifiers(String),
    #[error(transparent)]
    SettingsFile(#[from] crate::interchange::settings::SettingsFileError),
    /// An entry list that cannot be read as a table, or whose headers name no name column.
    #[error(transparent)]
    Import(#[from] crate::interchange::entrants::FileImportError),
    /// A list that could not be written as XLSX or TRF.
    #[error("export: {0}")]
    Export(String),
    #[error("awards: {0}")]
    Awards(#[from] crate::awards::AwardError),
    #[error("the active field is even or has a house player already")]
    HouseNotWanted,
    /// 签到 of a player excluded from the event (取消比赛资格).
    #[error("{0} is excluded and cannot check in")]
    CheckInExcluded(String),
    /// 关闭签到 of a section whose check-in is closed already.
    #[error("check-in of {0} is closed already")]
    CheckInClosedAlready(String),
    /// 关闭签到 once round 1 is paired: it is for round 1.
    #[error("round 1 of {0} is paired: check-in can no longer be closed")]
    CheckInAfterRoundOne(String),
    /// The lots drawn among those present while check-in is still open.
    #[error("check-in of {0} is still open")]
    CheckInStillOpen(String),
    /// 迟到判负 on a board whose result is not a forfeit.
    #[error("board {0}: lateness goes with a forfeit only")]
    LateNeedsForfeit(u32),
    /// 缴费 of the house player (补双), who owes nothing.
    #[error("the house player pays no fee")]
    FeeHousePlayer,
    /// 缴费 of a player who has paid already (undo it or refund first).
    #[error("{player} has paid {amount} already")]
    FeeAlreadyPaid { player: String, amount: u32 },
    /// 缴费 with no amount, in a section that charges no fee.
    #[error("{0} charges no fee and no amount was given")]
    FeeNotSet(String),
    /// 退费 of a player who has not paid.
    #[error("{0} has not paid")]
    FeeNotPaid(String),
    /// An import refused because of these rows' problems.
    #[error("{} problems in the rows to import", .0.len())]
    ImportRows(Vec<RowError>),
    #[error("no entrant to import")]
    NothingToImport,
    /// An entrant the section's entry rules refuse (出生日期, 性别, 级别).
    #[error("{name} may not enter: {reasons:?}")]
    Ineligible {
        name: String,
        grade: String,
        reasons: Vec<crate::model::Ineligibility>,
    },
    /// An entrant past the section's cap (限报人数).
    #[error("{name}: the section's cap of {cap} is reached")]
    OverCap { name: String, cap: u32 },
    /// A team action refused (团体赛): names the team, and the board and player where one is.
    #[error(transparent)]
    Team(#[from] super::teams::TeamError),
    /// An entrant past the event-wide cap (全赛限报人数).
    #[error("{name}: the event's cap of {cap} is reached")]
    OverEventCap { name: String, cap: u32 },
}

impl From<ConductError> for AppError {
    fn from(e: ConductError) -> AppError {
        match e {
            ConductError::Pairing(e) => AppError::Pairing(e),
            ConductError::Knockout(e) => AppError::Knockout(e),
            ConductError::RoundRobin(e) => AppError::PairingFailed(e.to_string()),
            ConductError::RoundIncomplete(r) => AppError::RoundIncomplete(r),
            ConductError::AllRoundsPaired(n) => AppError::AllRoundsPaired(n),
            ConductError::KnockoutInBracketTab => AppError::KnockoutInBracketTab,
            ConductError::SwissEnded(r) => AppError::SwissEnded(r),
            ConductError::PlayoffNotYet(r) => AppError::PlayoffNotYet(r),
            ConductError::NotDrawn(name) => AppError::NotDrawn(name),
        }
    }
}

pub fn system_name(system: PairingSystem) -> T {
    match system {
        PairingSystem::XiangqiSwiss => T::SystemXiangqiSwiss,
        PairingSystem::Dutch => T::SystemDutch,
        PairingSystem::RoundRobin => T::SystemRoundRobin,
        PairingSystem::Knockout => T::SystemKnockout,
    }
}

impl AppError {
    /// The message to show the arbiter.
    pub fn message(&self, lang: Lang) -> String {
        let t = |k: T| k.get(lang);
        match self {
            AppError::Store(e) => match e {
                StoreError::Empty { path } => fill(t(T::ErrEmptyFile), &[&path.display()]),
                StoreError::NotOurs { path } => fill(t(T::ErrNotOurs), &[&path.display()]),
                StoreError::Newer {
                    path,
                    found,
                    supported,
                } => fill(t(T::ErrNewer), &[&path.display(), found, supported]),
                StoreError::InUse { path, by } => match by {
                    crate::store::Holder::ThisProgram => {
                        fill(t(T::ErrInUseHere), &[&path.display()])
                    }
                    crate::store::Holder::Window(pid) => {
                        fill(t(T::ErrInUse), &[&path.display(), pid])
                    }
                    crate::store::Holder::Command => {
                        fill(t(T::ErrInUseCommand), &[&path.display()])
                    }
                },
                StoreError::Exists { path } => fill(t(T::ErrExists), &[&path.display()]),
                StoreError::Io { path, source } => fill(
                    t(T::ErrIo),
                    &[&path.display(), &crate::i18n::io_text(source, lang)],
                ),
                StoreError::Sql(e)
                    if e.sqlite_error_code() == Some(rusqlite::ErrorCode::DiskFull) =>
                {
                    t(T::ErrDiskFull).to_string()
                }
                StoreError::Sql(e)
                    if matches!(
                        e.sqlite_error_code(),
                        Some(
                            rusqlite::ErrorCode::ReadOnly
                                | rusqlite::ErrorCode::CannotOpen
                                | rusqlite::ErrorCode::PermissionDenied
                        )
                    ) =>
                {
                    t(T::ErrCannotWrite).to_string()
                }
                StoreError::Sql(e) if crate::store::is_damage(e) => {
                    t(T::ErrDamagedData).to_string()
                }
                StoreError::Sql(e) => fill(t(T::ErrDatabase), &[e]),
                StoreError::Corrupt(m) => fill(t(T::ErrCorrupt), &[m]),
                StoreError::ReadOnly { path, why } => fill(
                    t(T::ErrReadOnly),
                    &[&path.display(), &read_only_reason(*why, lang)],
                ),
            },
            AppError::Pairing(p) => match p {
                PairingError::NoEntrants => t(T::ErrNoEntrants).to_string(),
                PairingError::NotDrawn(id) => fill(t(T::ErrNotDrawn), &[&id.0]),
                PairingError::AlreadyPaired(r) => fill(t(T::ErrAlreadyPaired), &[r]),
                PairingError::NoValidPairing(r) => fill(t(T::ErrNoValidPairing), &[r]),
                other => other.to_string(),
            },
            AppError::FieldEmpty(f) => fill(t(T::ErrFieldEmpty), &[&t(*f)]),
            AppError::FieldInvalid {
                field,
                value,
                reason,
            } => fill(t(T::ErrFieldInvalid), &[&t(*field), value, reason]),
            AppError::Damaged {
                path,
                latest_backup,
            } => match latest_backup {
                Some(b) => fill(t(T::ErrDamagedWithBackup), &[&path.display(), &b.display()]),
                None => fill(t(T::ErrDamagedNoBackup), &[&path.display()]),
            },
            AppError::TooLong { field, max } => fill(t(T::ErrTooLong), &[&t(*field), max]),
            AppError::NoSuch(what) => fill(t(T::ErrNoSuch), &[&t(*what)]),
            AppError::NoSuchEntrant(who) => fill(t(T::ErrNoSuchEntrant), &[who]),
            AppError::EntrantAmbiguous(who) => fill(t(T::ErrEntrantAmbiguous), &[who]),
            AppError::SectionExists(name) => fill(t(T::ErrSectionExists), &[name]),
            AppError::NoSuchBoard(b) => fill(t(T::ErrNoSuchBoard), &[b]),
            AppError::EntrantHasGames(name) => fill(t(T::ErrEntrantHasGames), &[name]),
            AppError::NumberTaken(n, name) => fill(t(T::ErrNumberTaken), &[n, name]),
            AppError::NumbersFixed => t(T::ErrNumbersFixed).to_string(),
            AppError::RoundIncomplete(r) => fill(t(T::ErrRoundIncomplete), &[r]),
            AppError::AllRoundsPaired(n) => fill(t(T::ErrAllRoundsPaired), &[n]),
            AppError::NotLastRound => t(T::ErrNotLastRound).to_string(),
            AppError::Knockout(k) => match k {
                KnockoutError::TooFewPlayers => t(T::ErrKnockoutTooFew).to_string(),
                other => fill(t(T::ErrPairing), &[other]),
            },
            AppError::KnockoutInBracketTab => t(T::ErrKnockoutInBracketTab).to_string(),
            AppError::SwissEnded(r) => fill(t(T::ErrSwissEnded), &[r]),
            AppError::PlayoffNotYet(r) => fill(t(T::ErrPlayoffNotYet), &[r]),
            AppError::NotDrawn(name) => fill(t(T::ErrNotDrawn), &[name]),
            AppError::EndedEarly { round, players } => fill(
                t(T::ErrEndedEarly),
                &[
                    round,
                    &players.join(t(T::ListSeparator)),
                    &round.saturating_sub(1),
                ],
            ),
            AppError::NoBracket => t(T::ErrNoBracket).to_string(),
            AppError::Unfinished(section) => fill(t(T::ErrUnfinished), &[section]),
            AppError::StageInProgress(r) => fill(t(T::ErrStageInProgress), &[r]),
            AppError::ChainExhausted(who) => fill(t(T::ErrChainExhausted), &[who]),
            AppError::BracketDecided => t(T::ErrBracketDecided).to_string(),
            AppError::MatchGameSwap(b) => fill(t(T::ErrMatchGameSwap), &[b]),
            AppError::EditNotLastRound => t(T::ErrEditNotLastRound).to_string(),
            AppError::BoardHasResult(b) => fill(t(T::ErrBoardHasResult), &[b]),
            AppError::SameSeat => t(T::ErrSameSeat).to_string(),
            AppError::ProhibitedSelf => t(T::ErrProhibitedSelf).to_string(),
            AppError::ManualDraftStale => t(T::ErrManualDraftStale).to_string(),
            AppError::RuleWarnings(list) => {
                let words: Vec<String> = list
                    .iter()
                    .map(|(w, l)| {
                        fill(
                            t(T::JournalWarningOverridden),
                            &[
                                &crate::i18n::rule_warning_text(w, lang),
                                &crate::i18n::level_text(*l, lang),
                            ],
                        )
                    })
                    .collect();
                fill(t(T::ErrRuleWarnings), &[&words.join(t(T::NoteSeparator))])
            }
            AppError::NotInFideMode => t(T::ErrNotInFideMode).to_string(),
            AppError::FideRefuses(w) => fill(
                t(T::ErrFideRefuses),
                &[&crate::i18n::rule_warning_text(w, lang)],
            ),
            AppError::ByeRequestNotDutch => t(T::ErrByeRequestNotDutch).to_string(),
            AppError::ByeRequestKind => t(T::ErrByeRequestKind).to_string(),
            AppError::ByeRequestRound(r, from, to) => {
                fill(t(T::ErrByeRequestRound), &[r, from, to])
            }
            AppError::ByeRequestInactive(who) => fill(t(T::ErrByeRequestInactive), &[who]),
            AppError::HalfByeLimit(who, taken, max) => {
                fill(t(T::ErrHalfByeLimit), &[who, taken, max])
            }
            AppError::HalfByeLateRound(round, last) => {
                fill(t(T::ErrHalfByeLateRound), &[round, last])
            }
            AppError::AdjournHasResult(b) => fill(t(T::ErrAdjournHasResult), &[b]),
            AppError::AdjournMatchGame(b) => fill(t(T::ErrAdjournMatchGame), &[b]),
            AppError::AdjournedPaired(r, b) => fill(t(T::ErrAdjournedPaired), &[r, b]),
            AppError::AdjournedOpen(s, r, b) => fill(t(T::ErrAdjournedOpen), &[s, r, b]),
            AppError::ConfirmationMismatch => t(T::ErrConfirmationMismatch).to_string(),
            AppError::LeavesFideMode => t(T::ErrLeavesFideMode).to_string(),
            AppError::UnconfirmedWarnings(n) => fill(t(T::ErrUnconfirmedWarnings), &[n]),
            AppError::ReasonRequired(r) => fill(t(T::ErrReasonRequired), &[r]),
            AppError::PairingFailed(m) => fill(t(T::ErrPairing), &[m]),
            AppError::ExportOntoEvent(p) => fill(t(T::ErrExportOntoEvent), &[&p.display()]),
            AppError::FileExists(p) => fill(t(T::ErrFileExists), &[&p.display()]),
            AppError::MissingGlyphs(chars) => fill(t(T::ErrMissingGlyph), &[chars]),
            AppError::Pdf(m) => fill(t(T::ErrPdf), &[m]),
            AppError::Export(m) => fill(t(T::ErrExport), &[m]),
            AppError::ResultsFile { path, error } => {
                fill(t(T::ErrInFile), &[&path.display(), &error.message(lang)])
            }
            AppError::Trf(e) => e.message(lang),
            AppError::TrfLine { line, error } => {
                fill(t(T::ErrTrfLine), &[line, &error.message(lang)])
            }
            AppError::SectionNameTaken(name) => fill(t(T::ErrSectionNameTaken), &[name]),
            AppError::QualifiersTargetTaken(name) => fill(t(T::ErrQualifiersTarget), &[name]),
            AppError::TooManyWildcards(allowed, given) => {
                fill(t(T::ErrTooManyWildcards), &[allowed, given])
            }
            AppError::QualifierNotOver(name) => fill(t(T::ErrQualifierNotOver), &[name]),
            AppError::NoQualifiers(name) => fill(t(T::ErrNoQualifiers), &[name]),
            AppError::SettingsFile(e) => e.message(lang),
            AppError::Import(e) => match e {
                crate::interchange::entrants::FileImportError::Read(e) => e.message(lang),
                crate::interchange::entrants::FileImportError::Mapping(e) => e.message(lang),
            },
            AppError::Awards(e) => fill(t(T::ErrAwards), &[&award_error_text(e, lang)]),
            AppError::HouseNotWanted => t(T::ErrHouseNotWanted).to_string(),
            AppError::CheckInExcluded(who) => fill(t(T::ErrCheckInExcluded), &[who]),
            AppError::CheckInClosedAlready(s) => fill(t(T::ErrCheckInClosedAlready), &[s]),
            AppError::CheckInAfterRoundOne(s) => fill(t(T::ErrCheckInAfterRoundOne), &[s]),
            AppError::CheckInStillOpen(s) => fill(t(T::ErrCheckInStillOpen), &[s]),
            AppError::LateNeedsForfeit(board) => fill(t(T::ErrLateNeedsForfeit), &[board]),
            AppError::FeeHousePlayer => t(T::ErrFeeHousePlayer).to_string(),
            AppError::FeeAlreadyPaid { player, amount } => {
                fill(t(T::ErrFeeAlreadyPaid), &[player, amount])
            }
            AppError::FeeNotSet(s) => fill(t(T::ErrFeeNotSet), &[s]),
            AppError::FeeNotPaid(who) => fill(t(T::ErrFeeNotPaid), &[who]),
            AppError::ImportRows(errors) => {
                let mut rows: Vec<usize> = errors.iter().map(|e| e.row).collect();
                rows.dedup();
                // The first few problems; the window's preview lists them all.
                let first: Vec<String> = errors.iter().take(3).map(|e| e.message(lang)).collect();
                let mut list = first.join(t(T::NoteSeparator));
                if errors.len() > first.len() {
                    list += "…";
                }
                fill(t(T::ErrImportRows), &[&rows.len(), &list])
            }
            AppError::NothingToImport => t(T::ErrNothingToImport).to_string(),
            AppError::Ineligible {
                name,
                grade,
                reasons,
            } => {
                let why: Vec<String> = reasons
                    .iter()
                    .map(|i| crate::i18n::ineligibility_text(i, grade, lang))
                    .collect();
                fill(t(T::ErrIneligible), &[name, &why.join(t(T::NoteSeparator))])
            }
            AppError::OverCap { name, cap } => fill(t(T::ErrOverCap), &[cap, name]),
            AppError::OverEventCap { name, cap } => fill(t(T::ErrOverEventCap), &[cap, name]),
            AppError::Team(e) => e.message(lang),
        }
    }
}

/// Why an event is open for reading only, in words.
pub fn read_only_reason(why: crate::store::ReadOnly, lang: Lang) -> String {
    use crate::store::ReadOnly;
    match why {
        ReadOnly::Attribute => T::ReadOnlyAttribute.get(lang).to_string(),
        ReadOnly::Medium => T::ReadOnlyMedium.get(lang).to_string(),
        ReadOnly::OtherNames(n) => fill(T::ReadOnlyOtherNames.get(lang), &[&(n - 1)]),
    }
}

impl AppError {
    /// A file `path` could not be read or written.
    pub fn io(path: &std::path::Path, source: std::io::Error) -> AppError {
        AppError::Store(StoreError::Io {
            path: path.to_path_buf(),
            source,
        })
    }

    /// Why a file could not be written, in a few words and without saying what was or was not
    /// saved ("the disk is full"): for a backup that failed after an action that was stored.
    pub fn cause(&self, lang: Lang) -> String {
        match self {
            AppError::Store(StoreError::Sql(e))
                if e.sqlite_error_code() == Some(rusqlite::ErrorCode::DiskFull) =>
            {
                T::IoStorageFull.get(lang).to_string()
            }
            AppError::Store(StoreError::Io { path, source }) => fill(
                T::ErrIo.get(lang),
                &[&path.display(), &crate::i18n::io_text(source, lang)],
            ),
            other => other.message(lang),
        }
    }
}

/// Why awards could not be computed, in the user's language.
fn award_error_text(e: &crate::awards::AwardError, lang: Lang) -> String {
    use crate::awards::AwardError as E;
    let t = |k: T| k.get(lang);
    match e {
        E::DuplicateInRanking(id) => fill(t(T::AwardErrTwice), &[&id.0]),
        E::DuplicateTeam(team) => fill(t(T::AwardErrTwice), &[team]),
        E::UnknownEntrant(id) => fill(t(T::AwardErrUnknown), &[&id.0]),
        E::BadBand { from, to } => fill(t(T::AwardErrBadBand), &[from, to]),
        E::OverlappingBands(place) => fill(t(T::AwardErrOverlap), &[place]),
        E::MissingSubList(name) => fill(t(T::AwardErrNoList), &[name]),
    }
}
