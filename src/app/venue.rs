//! 场地网页 — the venue page's values. The arbiter's laptop publishes, read-only, what it would
//! pin on the wall: each section's current round, the standings after the last complete round
//! and each player's own line (board, colour, opponent, results so far, the board's pairing
//! note). The window (or `bianpai serve`) builds a [`VenueSnapshot`] from the open event after
//! every change and hands it to a [`VenueFeed`]; the web face only reads the feed, so it never
//! touches the file and never writes. Only what the printed sheets show is in it: numbers,
//! names, units, points and results — no birth dates, no phone numbers.

use super::documents::Printer;
use super::{AppError, Tournament};
use crate::conduct::notes::PairingNote;
use crate::i18n::{self, Lang, T};
use crate::model::{EntrantId, Outcome, Section, Side};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant, SystemTime};

pub use crate::report::qr::QrCode;

/// One side of a board as the page shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VenueSeat {
    pub number: Option<u32>,
    pub name: String,
    pub unit: String,
    /// Points before the round (empty in a knockout).
    pub points: String,
}

/// One board of the current round (a bye has no second seat).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VenueBoard {
    pub board: u32,
    /// 慢棋, 快棋 … for a match game; empty for a regular game.
    pub phase: String,
    pub first: VenueSeat,
    pub second: Option<VenueSeat>,
    /// The result in the game's colours (红胜, 和 …); empty while the game is on.
    pub result: String,
    /// 编排说明 — why the board is what it is, in words; empty when the pairing left none.
    pub note: String,
}

/// The current (last paired) round of a section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VenueRound {
    pub number: u32,
    /// The round's time from the schedule, if set.
    pub time: String,
    pub boards: Vec<VenueBoard>,
}

/// The standings after the last complete round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VenueStandings {
    pub after_round: u32,
    /// "第3轮后排名", "最终名次" … as the standings sheet heads it.
    pub title: String,
    pub tiebreaks: Vec<String>,
    /// The standings sheet's own lines, so the page and the paper never differ.
    pub rows: Vec<crate::report::standings_sheet::StandingsLine>,
}

/// One round of a player's results so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VenueGame {
    pub round: u32,
    /// `None`: a bye.
    pub board: Option<u32>,
    /// 执红, 执黑 … (empty for a bye).
    pub colour: String,
    /// "12 张三", or 轮空.
    pub opponent: String,
    /// 胜, 和, 负 … from the player's side; empty while the game is on.
    pub result: String,
    /// Points after this round.
    pub points: String,
}

/// A player's own page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VenuePlayer {
    pub id: EntrantId,
    pub number: u32,
    pub name: String,
    pub unit: String,
    /// Pinyin initials of the name, for search (周喆 → zz).
    pub initials: String,
    /// Every round paired, the current one last.
    pub games: Vec<VenueGame>,
    /// The note on the player's board of the current round.
    pub note: String,
}

/// One section on the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VenueSection {
    pub id: i64,
    pub name: String,
    /// 红方 (xiangqi) or 白方 (chess).
    pub first_side: String,
    pub round: Option<VenueRound>,
    pub standings: Option<VenueStandings>,
    /// Players with a pairing number, by number.
    pub players: Vec<VenuePlayer>,
}

/// The whole page in one language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VenuePage {
    pub lang: Lang,
    pub event: String,
    pub sections: Vec<VenueSection>,
}

impl VenuePage {
    pub fn section(&self, id: i64) -> Option<&VenueSection> {
        self.sections.iter().find(|s| s.id == id)
    }
}

/// What the page shows at one revision of the event, in both languages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VenueSnapshot {
    /// The event's revision ([`Tournament::revision`]): the page reloads its data when it
    /// changes.
    pub revision: u64,
    pub zh: VenuePage,
    pub en: VenuePage,
}

impl VenueSnapshot {
    pub fn page(&self, lang: Lang) -> &VenuePage {
        match lang {
            Lang::Zh => &self.zh,
            Lang::En => &self.en,
        }
    }
}

impl Tournament {
    /// The venue page's values for the event as it is now.
    pub fn venue_snapshot(&self) -> Result<VenueSnapshot, AppError> {
        self.venue_source()?.build()
    }

    /// What the venue page is made of, read from the file at once (the event and the notes of
    /// each current round), to be made into a snapshot on another thread.
    pub fn venue_source(&self) -> Result<VenueSource, AppError> {
        self.venue_source_with(&NotesMemo::default())
    }

    /// [`Tournament::venue_source`], reading each round's notes into values only when their
    /// stored text is not what `memo` last read: the notes change only when a round is paired,
    /// and reading them (JSON) was most of the copy's time on the owner's thread.
    pub fn venue_source_with(&self, memo: &NotesMemo) -> Result<VenueSource, AppError> {
        let mut kept = memo.0.lock().unwrap_or_else(|e| e.into_inner());
        let mut notes = BTreeMap::new();
        let mut seen = BTreeMap::new();
        for s in &self.event().sections {
            if let Some(r) = s.rounds.last() {
                let stored = self.store.round_notes(s.id, r.number)?;
                let read = match kept.get(&(s.id, r.number)) {
                    Some((text, read)) if *text == stored => read.clone(),
                    _ => Arc::new(crate::conduct::notes::decode_by_board(&stored)),
                };
                notes.insert(s.id, read.clone());
                seen.insert((s.id, r.number), (stored, read));
            }
        }
        *kept = seen;
        Ok(VenueSource {
            revision: self.revision(),
            event: self.event().clone(),
            notes,
        })
    }
}

/// The notes of each section's current round as last read: their stored text and their values.
#[derive(Default)]
pub struct NotesMemo(Mutex<NotesRead>);

type NotesRead =
    BTreeMap<(crate::model::SectionId, u32), (Vec<(u32, String)>, Arc<Vec<(u32, PairingNote)>>)>;

/// A copy of what the venue page shows at one revision, not yet put into pages.
pub struct VenueSource {
    revision: u64,
    event: crate::model::Event,
    notes: Notes,
}

impl VenueSource {
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The snapshot: both languages' pages (standings worked out, notes put into words).
    pub fn build(&self) -> Result<VenueSnapshot, AppError> {
        let page = |lang| venue_page(&self.event, &self.notes, lang);
        Ok(VenueSnapshot {
            revision: self.revision,
            zh: page(Lang::Zh)?,
            en: page(Lang::En)?,
        })
    }
}

type Notes = BTreeMap<crate::model::SectionId, Arc<Vec<(u32, PairingNote)>>>;

fn venue_page(
    event: &crate::model::Event,
    notes: &Notes,
    lang: Lang,
) -> Result<VenuePage, AppError> {
    let sections = event
        .sections
        .iter()
        .map(|s| venue_section(event, s, notes.get(&s.id).map_or(&[][..], |n| &n[..]), lang))
        .collect::<Result<_, _>>()?;
    Ok(VenuePage {
        lang,
        event: event.name.clone(),
        sections,
    })
}

fn venue_section(
    event: &crate::model::Event,
    s: &Section,
    notes: &[(u32, PairingNote)],
    lang: Lang,
) -> Result<VenueSection, AppError> {
    let printer = Printer::new(event);
    let t = |k: T| k.get(lang);
    // The notes of each board of the current round, and of each bye (the note naming its
    // holder), put into words once each.
    let mut by_board: BTreeMap<u32, Vec<PairingNote>> = BTreeMap::new();
    let mut by_bye: HashMap<EntrantId, Vec<PairingNote>> = HashMap::new();
    for (b, n) in notes {
        by_board.entry(*b).or_default().push(n.clone());
        if let PairingNote::Bye(bye) = n {
            by_bye.entry(bye.entrant).or_default().push(n.clone());
        }
    }
    let board_notes: HashMap<u32, String> = by_board
        .into_iter()
        .map(|(b, ns)| (b, i18n::pairing_notes(&ns, s, lang)))
        .collect();
    let bye_notes: HashMap<EntrantId, String> = by_bye
        .into_iter()
        .map(|(who, ns)| (who, i18n::pairing_notes(&ns, s, lang)))
        .collect();
    let board_note = |board: u32| board_notes.get(&board).cloned().unwrap_or_default();
    let bye_note = |who: EntrantId| bye_notes.get(&who).cloned().unwrap_or_default();
    let round = match s.rounds.last() {
        None => None,
        Some(r) => {
            let sheet = printer.pairing_sheet(s.id, r.number, lang)?;
            let seat = |p: &crate::report::pairing_sheet::SheetPlayer| VenueSeat {
                number: p.number.parse().ok(),
                name: p.name.clone(),
                unit: p.unit.clone(),
                points: p.points.clone(),
            };
            let boards = sheet
                .rows
                .iter()
                .map(|row| {
                    let game = row
                        .black
                        .as_ref()
                        .and_then(|_| r.games.iter().find(|g| g.board == row.board));
                    let note = match (&row.black, game) {
                        (Some(_), Some(_)) => board_note(row.board),
                        (None, _) => bye_holder(s, &row.red).map(bye_note).unwrap_or_default(),
                        (Some(_), None) => String::new(),
                    };
                    VenueBoard {
                        board: row.board,
                        phase: row.phase.clone(),
                        first: seat(&row.red),
                        second: row.black.as_ref().map(seat),
                        result: game
                            .map(|g| i18n::game_result_text(g, s.settings.game, lang))
                            .unwrap_or_default()
                            .to_string(),
                        note,
                    }
                })
                .collect();
            Some(VenueRound {
                number: r.number,
                time: s
                    .settings
                    .round_time(r.number)
                    .map(|x| x.to_string())
                    .unwrap_or_default(),
                boards,
            })
        }
    };
    // The standings after the last round of an unbroken run of complete rounds.
    let complete = s.rounds.iter().take_while(|r| r.is_complete()).last();
    let standings = match complete {
        None => None,
        Some(r) => {
            let sheet = printer.standings_sheet(s.id, r.number, lang)?;
            Some(VenueStandings {
                after_round: r.number,
                title: sheet.title,
                tiebreaks: sheet.tiebreaks,
                rows: sheet.rows,
            })
        }
    };
    let index = SectionIndex::new(s);
    let mut players: Vec<VenuePlayer> =
        s.entrants
            .iter()
            .filter_map(|e| e.number.map(|n| (e, n)))
            .map(|(e, number)| {
                let games = index
                    .rounds
                    .iter()
                    .filter_map(|r| player_round(s, &index, r, e.id, lang))
                    .collect();
                let note = index.rounds.last().map_or_else(String::new, |r| {
                    match r.regular(&index, e.id) {
                        Some(g) => board_note(g.board),
                        None if r.bye(&index, e.id).is_some() => bye_note(e.id),
                        None => String::new(),
                    }
                });
                VenuePlayer {
                    id: e.id,
                    number,
                    name: e.name.clone(),
                    unit: e.unit.clone(),
                    initials: crate::names::pinyin_initials(&e.name),
                    games,
                    note,
                }
            })
            .collect();
    players.sort_by_key(|p| p.number);
    Ok(VenueSection {
        id: s.id.0,
        name: s.name.clone(),
        first_side: t(i18n::first_side(s.settings.game)).to_string(),
        round,
        standings,
        players,
    })
}

/// The entrant a pairing sheet's row names by number (a bye's holder).
fn bye_holder(s: &Section, p: &crate::report::pairing_sheet::SheetPlayer) -> Option<EntrantId> {
    let n: u32 = p.number.parse().ok()?;
    s.entrants
        .iter()
        .find(|e| e.number == Some(n))
        .map(|e| e.id)
}

/// A section looked up once for all its players: each round's games and byes by player, and
/// everyone's points after each round. Without it a player's page searched every round's
/// games for every player (and summed their points afresh for each round): a 300-player
/// section took most of a snapshot's time doing so.
struct SectionIndex<'a> {
    /// Where each entrant is in the section's list (the rounds' tables follow it).
    at: HashMap<EntrantId, usize>,
    entrants: &'a [crate::model::Entrant],
    rounds: Vec<RoundIndex<'a>>,
    /// Every player's rounds as the standings read them.
    history: crate::model::History,
}

/// One round, by the entrant's place in the section's list.
struct RoundIndex<'a> {
    round: &'a crate::model::Round,
    /// The player's game of the section's own system ([`crate::model::Round::game_of`]).
    regular: Vec<Option<&'a crate::model::Game>>,
    /// The last game the player plays (the last of a match).
    last: Vec<Option<&'a crate::model::Game>>,
    byes: Vec<Option<&'a crate::model::Bye>>,
}

impl<'a> SectionIndex<'a> {
    fn new(s: &'a Section) -> SectionIndex<'a> {
        let n = s.entrants.len();
        let at: HashMap<EntrantId, usize> = s
            .entrants
            .iter()
            .enumerate()
            .map(|(i, e)| (e.id, i))
            .collect();
        let rounds: Vec<RoundIndex<'a>> = s
            .rounds
            .iter()
            .map(|r| {
                let mut ri = RoundIndex {
                    round: r,
                    regular: vec![None; n],
                    last: vec![None; n],
                    byes: vec![None; n],
                };
                for g in &r.games {
                    for i in [g.red, g.black].iter().filter_map(|who| at.get(who)) {
                        ri.last[*i] = Some(g);
                        if !g.phase.is_match_game() && ri.regular[*i].is_none() {
                            ri.regular[*i] = Some(g);
                        }
                    }
                }
                for b in &r.byes {
                    if let Some(&i) = at.get(&b.entrant)
                        && ri.byes[i].is_none()
                    {
                        ri.byes[i] = Some(b);
                    }
                }
                ri
            })
            .collect();
        // The score after each round is the rule book's (games, byes, and the points bonuses
        // and penalties): the page never counts points its own way.
        let last = s.rounds.iter().map(|r| r.number).max().unwrap_or(0);
        SectionIndex {
            at,
            entrants: &s.entrants,
            rounds,
            history: crate::model::History::new(s, last),
        }
    }

    /// [`Section::label`].
    fn label(&self, id: EntrantId) -> String {
        self.at
            .get(&id)
            .map_or_else(|| "?".into(), |&i| self.entrants[i].label())
    }
}

impl<'a> RoundIndex<'a> {
    fn regular(&self, index: &SectionIndex, who: EntrantId) -> Option<&'a crate::model::Game> {
        index.at.get(&who).and_then(|&i| self.regular[i])
    }

    fn last(&self, index: &SectionIndex, who: EntrantId) -> Option<&'a crate::model::Game> {
        index.at.get(&who).and_then(|&i| self.last[i])
    }

    fn bye(&self, index: &SectionIndex, who: EntrantId) -> Option<&'a crate::model::Bye> {
        index.at.get(&who).and_then(|&i| self.byes[i])
    }

    /// 累计积分 after this round ([`crate::standings::points_after`]).
    fn points_after(&self, index: &SectionIndex, who: EntrantId) -> crate::model::Points {
        index
            .history
            .player(who)
            .map_or(crate::model::Points::ZERO, |p| {
                p.score_before(self.round.number + 1)
            })
    }
}

/// A player's line for round `r`: the game (the last one of a match), or the bye.
fn player_round(
    s: &Section,
    index: &SectionIndex,
    r: &RoundIndex,
    who: EntrantId,
    lang: Lang,
) -> Option<VenueGame> {
    let t = |k: T| k.get(lang);
    let points = r.points_after(index, who).to_string();
    if let Some(g) = r.last(index, who) {
        let side = g.side_of(who)?;
        let colour = match (side, s.settings.game) {
            (Side::Red, crate::model::GameKind::Chess) => T::TakeWhite,
            (Side::Red, _) => T::TakeRed,
            (Side::Black, _) => T::TakeBlack,
        };
        return Some(VenueGame {
            round: r.round.number,
            board: Some(g.board),
            colour: t(colour).to_string(),
            opponent: index.label(g.player(side.other())),
            result: match g.outcome {
                Some(o) => t(result_word(o, side)),
                None if g.adjourned => t(T::Adjourned),
                None => "",
            }
            .to_string(),
            points,
        });
    }
    r.bye(index, who).map(|_| VenueGame {
        round: r.round.number,
        board: None,
        colour: String::new(),
        opponent: t(T::Bye).to_string(),
        result: String::new(),
        points,
    })
}

/// 胜, 和, 负 or a forfeit, from `side`'s seat.
fn result_word(o: Outcome, side: Side) -> T {
    if o.forfeited_by(side) {
        T::PointsForfeitLoss
    } else if o.forfeited_by(side.other()) {
        T::PointsForfeitWin
    } else {
        match o.winner() {
            Some(w) if w == side => T::PointsWin,
            Some(_) => T::PointsLoss,
            None => T::PointsDraw,
        }
    }
}

/// Where the venue page's snapshots are handed from the event's owner (the window, or
/// `bianpai serve`'s follower) to the web face. Snapshots are made lazily and seldom, so that the
/// page never slows the arbiter down: the owner [offers](VenueFeed::offer) the event after each
/// change, but a new snapshot is made only once a page has been asked for since the change, at
/// most once per [`VenueFeed::gap`], and on a thread of its own at low priority. Until then the
/// page shows the last snapshot (a phone polls every few seconds; a second more is not seen).
/// Closing the feed (the event was closed) stops the server.
#[derive(Clone, Default)]
pub struct VenueFeed {
    inner: Arc<FeedInner>,
}

/// Wakes the owner after the given time, so that it offers the event again (the window: a
/// repaint).
pub type Waker = Arc<dyn Fn(Duration) + Send + Sync>;

#[derive(Default)]
struct FeedInner {
    current: RwLock<Option<Arc<VenueSnapshot>>>,
    closed: AtomicBool,
    /// The owner's event has changed since the current snapshot (or the build under way).
    stale: AtomicBool,
    /// A page was asked for while the snapshot was stale.
    wanted: AtomicBool,
    state: Mutex<BuildState>,
    waker: Mutex<Option<Waker>>,
    /// Zero: [`DEFAULT_GAP`].
    gap: Duration,
    /// Snapshots published so far.
    made: std::sync::atomic::AtomicU64,
    /// The notes as the last copy read them.
    notes: NotesMemo,
}

#[derive(Default)]
struct BuildState {
    /// The revision a background build is making.
    building: Option<u64>,
    /// When the last build was started.
    started: Option<Instant>,
}

/// The least time between two snapshots unless told otherwise.
pub const DEFAULT_GAP: Duration = Duration::from_secs(1);

impl VenueFeed {
    pub fn new() -> VenueFeed {
        VenueFeed::default()
    }

    /// A feed that makes snapshots at most once per `gap` (zero: as often as asked).
    pub fn with_gap(gap: Duration) -> VenueFeed {
        VenueFeed {
            inner: Arc::new(FeedInner {
                gap: gap.max(Duration::from_nanos(1)),
                ..FeedInner::default()
            }),
        }
    }

    /// The least time between two snapshots.
    pub fn gap(&self) -> Duration {
        match self.inner.gap {
            Duration::ZERO => DEFAULT_GAP,
            g => g,
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, BuildState> {
        self.inner.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// How the owner is woken when a page is asked for while its snapshot is stale.
    pub fn set_waker(&self, waker: Waker) {
        *self.inner.waker.lock().unwrap_or_else(|e| e.into_inner()) = Some(waker);
    }

    fn wake(&self, after: Duration) {
        let waker = self
            .inner
            .waker
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        if let Some(w) = waker {
            w(after);
        }
    }

    /// Publishes the event as it is now, at once and on this thread (unless this revision is
    /// already out).
    pub fn publish(&self, t: &Tournament) -> Result<(), AppError> {
        if self.revision() == Some(t.revision()) {
            return Ok(());
        }
        self.start_build(t.revision());
        self.set(t.venue_snapshot()?);
        Ok(())
    }

    /// The owner's event as it is now, after a change or on any frame: cheap unless a new
    /// snapshot is due (the event changed, a page was asked for since, and the last snapshot is
    /// at least [`VenueFeed::gap`] old). Then only the copy of the event is taken here, and the
    /// pages are made on a thread of their own at low priority. A build that fails leaves the
    /// last snapshot up.
    pub fn offer(&self, t: &Tournament) -> Result<(), AppError> {
        let rev = t.revision();
        if self.revision() == Some(rev) || self.state().building == Some(rev) {
            return Ok(());
        }
        self.inner.stale.store(true, Ordering::SeqCst);
        if !self.take_due() {
            return Ok(());
        }
        let source = t.venue_source_with(&self.inner.notes)?;
        self.build_in_background(source);
        Ok(())
    }

    /// The event has changed (its owner cannot tell the revision yet: `bianpai serve`, before
    /// it reads the file again).
    pub fn mark_stale(&self) {
        self.inner.stale.store(true, Ordering::SeqCst);
    }

    /// Is a new snapshot due now: the event changed, a page was asked for since, no build is
    /// under way and the last one is at least a gap old? If so, the caller makes it (the
    /// owner is told again by the waker when the gap is over). Takes the request.
    pub fn take_due(&self) -> bool {
        if !self.inner.stale.load(Ordering::SeqCst) || !self.inner.wanted.load(Ordering::SeqCst) {
            return false;
        }
        let mut state = self.state();
        if state.building.is_some() {
            return false;
        }
        let since = state.started.map_or(Duration::MAX, |at| at.elapsed());
        if since < self.gap() {
            drop(state);
            self.wake(self.gap() - since);
            return false;
        }
        state.started = Some(Instant::now());
        self.inner.wanted.store(false, Ordering::SeqCst);
        self.inner.stale.store(false, Ordering::SeqCst);
        true
    }

    fn start_build(&self, rev: u64) {
        let mut state = self.state();
        state.started = Some(Instant::now());
        state.building = Some(rev);
        self.inner.stale.store(false, Ordering::SeqCst);
    }

    /// Makes the snapshot of `source` on a thread of its own, at low priority, and publishes
    /// it.
    pub fn build_in_background(&self, source: VenueSource) {
        self.start_build(source.revision);
        let feed = self.clone();
        let spawned = std::thread::Builder::new()
            .name("venue-snapshot".into())
            .spawn(move || {
                lower_thread_priority();
                let built = source.build();
                match built {
                    Ok(snapshot) => feed.set(snapshot),
                    Err(_) => feed.done_building(),
                }
            });
        if spawned.is_err() {
            // No thread to be had: the page keeps its last snapshot and asks again.
            self.done_building();
            self.mark_stale();
        }
    }

    fn done_building(&self) {
        self.state().building = None;
        self.wake_if_wanted();
    }

    /// A page is being answered: if the event has changed since the snapshot, the owner is
    /// asked (once) for a new one.
    pub fn asked(&self) {
        if self.inner.stale.load(Ordering::SeqCst)
            && !self.inner.wanted.swap(true, Ordering::SeqCst)
        {
            self.wake(Duration::ZERO);
        }
    }

    /// Publishes a snapshot made elsewhere, unless a later one is already up (snapshots built
    /// on several threads may finish out of order; revisions only grow).
    pub fn set(&self, snapshot: VenueSnapshot) {
        {
            let mut state = self.state();
            if state.building.is_some_and(|b| b <= snapshot.revision) {
                state.building = None;
            }
        }
        let mut slot = self
            .inner
            .current
            .write()
            .unwrap_or_else(|e| e.into_inner());
        if self.is_closed()
            || slot
                .as_ref()
                .is_some_and(|s| s.revision > snapshot.revision)
        {
            return;
        }
        *slot = Some(Arc::new(snapshot));
        drop(slot);
        self.inner.made.fetch_add(1, Ordering::Relaxed);
        self.wake_if_wanted();
    }

    /// A build is over: if the event changed meanwhile and a page asked for it, the owner is
    /// woken to offer it again (it was not, while the build was under way).
    fn wake_if_wanted(&self) {
        if self.inner.stale.load(Ordering::SeqCst) && self.inner.wanted.load(Ordering::SeqCst) {
            self.wake(Duration::ZERO);
        }
    }

    /// How many snapshots have been published (the load bench counts them).
    pub fn snapshots_made(&self) -> u64 {
        self.inner.made.load(Ordering::Relaxed)
    }

    /// The latest snapshot, if one was published.
    pub fn current(&self) -> Option<Arc<VenueSnapshot>> {
        self.inner
            .current
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    pub fn revision(&self) -> Option<u64> {
        self.current().map(|s| s.revision)
    }

    /// The event closed: nothing more is shown, and a server on this feed stops.
    pub fn close(&self) {
        self.inner.closed.store(true, Ordering::SeqCst);
        *self
            .inner
            .current
            .write()
            .unwrap_or_else(|e| e.into_inner()) = None;
        *self.inner.waker.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }

    pub fn is_closed(&self) -> bool {
        self.inner.closed.load(Ordering::SeqCst)
    }
}

/// Lowers the calling thread's CPU priority (Linux: to nice 10; the threads it starts inherit
/// it), so that on a laptop of two cores the arbiter's own work — a result being entered, the
/// window — always wins a core over the venue page's. Elsewhere nothing is changed.
pub fn lower_thread_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: getpriority and setpriority take and return plain integers and touch no memory
    // of ours.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        // Only ever lower: a thread already lower (a process started with `nice`) is left so.
        if libc::getpriority(libc::PRIO_PROCESS, tid) < 10 {
            let _ = libc::setpriority(libc::PRIO_PROCESS, tid, 10);
        }
    }
}

/// Follows an event file that other commands change (`bianpai serve`): publishes it at once,
/// then, whenever the file has changed and a page has been asked for since, reads it again —
/// at most once per the feed's gap, looking every `every` — until `stop` is set or the feed is
/// closed. The file is opened only for the moment it is read (the snapshot is made after it is
/// let go, on a thread of low priority), and never waited for: a read that meets another
/// command there is tried again at the next look, while the other command, which waits a
/// little for the file, goes ahead. The file gone closes the feed.
pub fn follow_file(
    path: &Path,
    feed: &VenueFeed,
    every: Duration,
    stop: &AtomicBool,
) -> Result<(), AppError> {
    follow_file_with(path, feed, None, every, stop)
}

/// [`follow_file`], also entering the results the phones of `hands` send: at once when one
/// arrives (its phone waits for it to be stored), and at each look where some wait, the file is
/// opened (waiting a moment for another command), they are taken
/// through the app services ([`Tournament::take_submissions`]) and the file let go; and the
/// roles are read again whenever the file changed (a device revoked by `bianpai role revoke`
/// is refused at the next look).
pub fn follow_file_with(
    path: &Path,
    feed: &VenueFeed,
    hands: Option<&super::Hands>,
    every: Duration,
    stop: &AtomicBool,
) -> Result<(), AppError> {
    let take = |changed: bool| -> Result<(), AppError> {
        let Some(hands) = hands else { return Ok(()) };
        if !changed && !hands.has_waiting() {
            return Ok(());
        }
        match Tournament::open_within(path, Duration::from_secs(2)) {
            Ok(mut t) => t.take_submissions(hands).map(drop),
            // Not this time: they wait for the next look.
            Err(AppError::Store(crate::store::StoreError::InUse { .. })) => Ok(()),
            Err(e) => Err(e),
        }
    };
    take(true)?;
    let read = || -> Result<VenueSource, AppError> {
        Tournament::open_within(path, Duration::ZERO)?.venue_source_with(&feed.inner.notes)
    };
    let mut seen = file_stamp(path);
    if feed.current().is_none() {
        feed.set(read()?.build()?);
    }
    // A phone's submission rings this bell, so that the phone, which is answered only once
    // what it sent is in the file, waits for one write rather than for the next look.
    let bell = Arc::new((Mutex::new(false), std::sync::Condvar::new()));
    if let Some(hands) = hands {
        let ring = bell.clone();
        hands.set_waker(Arc::new(move |_| {
            *ring.0.lock().unwrap_or_else(|e| e.into_inner()) = true;
            ring.1.notify_one();
        }));
    }
    while !stop.load(Ordering::SeqCst) && !feed.is_closed() {
        {
            let (rung, cv) = &*bell;
            let guard = rung.lock().unwrap_or_else(|e| e.into_inner());
            let (mut guard, _) = cv
                .wait_timeout_while(guard, every, |rung| !*rung)
                .unwrap_or_else(|e| e.into_inner());
            *guard = false;
        }
        if !path.exists() {
            feed.close();
            break;
        }
        let now = file_stamp(path);
        let changed = now != seen;
        if changed {
            seen = now;
            feed.mark_stale();
        }
        // What this writes changes the file once more: the page sees it at the next look.
        take(changed)?;
        if !feed.take_due() {
            continue;
        }
        match read() {
            Ok(source) => feed.build_in_background(source),
            Err(AppError::Store(crate::store::StoreError::InUse { .. })) => {
                // Not this time: asked again at the next look.
                feed.mark_stale();
                feed.asked();
            }
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// When the event file and its write-ahead log were last changed, and their sizes.
fn file_stamp(path: &Path) -> Vec<(Option<SystemTime>, u64)> {
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    [path.to_path_buf(), PathBuf::from(wal)]
        .iter()
        .map(|p| match std::fs::metadata(p) {
            Ok(m) => (m.modified().ok(), m.len()),
            Err(_) => (None, 0),
        })
        .collect()
}

/// The venue page's address as a phone types it, e.g. `http://192.168.1.20:8088/`.
pub fn venue_url(host: std::net::IpAddr, port: u16) -> String {
    match host {
        std::net::IpAddr::V6(v6) => format!("http://[{v6}]:{port}/"),
        v4 => format!("http://{v4}:{port}/"),
    }
}

/// The address of this machine on the local network, as the route to a private address
/// leaves it (no packet is sent); `None` without a network.
pub fn lan_address() -> Option<std::net::IpAddr> {
    let socket = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    socket.connect("192.168.255.255:9").ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_unspecified()).then_some(ip)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Bye, ByeKind, Round};
    use crate::standings::points_after;

    /// The index answers as the rule book does, game by game and round by round: the demo
    /// event (a Swiss round, a knockout's match games) with two Swiss rounds added, a bye and a
    /// game still on in the second.
    #[test]
    fn the_index_agrees_with_the_rule_book() {
        let mut event = super::super::demo::demo_event();
        let men = &mut event.sections[0];
        let mut second: Round = men.rounds[0].clone();
        second.number = 2;
        for g in &mut second.games {
            std::mem::swap(&mut g.red, &mut g.black);
        }
        second.games[0].outcome = None;
        let gone = second.games.pop().expect("a game");
        second.byes.push(Bye {
            entrant: gone.red,
            kind: ByeKind::Full,
        });
        let mut third: Round = men.rounds[0].clone();
        third.number = 3;
        for g in &mut third.games {
            g.outcome = Some(Outcome::Draw);
        }
        men.rounds.push(second);
        men.rounds.push(third);
        // A penalty from the start and a bonus after round 2 (加减分, TRF record 299).
        let (first, second) = (men.entrants[0].id, men.entrants[1].id);
        men.settings.points_adjustments = vec![
            crate::model::PointsAdjustment {
                entrant: first,
                round: 0,
                points: crate::model::Points(-2),
            },
            crate::model::PointsAdjustment {
                entrant: second,
                round: 2,
                points: crate::model::Points(3),
            },
        ];
        for s in &event.sections {
            let index = SectionIndex::new(s);
            assert_eq!(index.rounds.len(), s.rounds.len());
            for (ri, r) in index.rounds.iter().zip(&s.rounds) {
                for e in &s.entrants {
                    assert_eq!(
                        ri.points_after(&index, e.id),
                        points_after(s, e.id, r.number),
                        "{} round {} {}",
                        s.name,
                        r.number,
                        e.name
                    );
                    assert_eq!(ri.regular(&index, e.id), r.game_of(e.id));
                    assert_eq!(
                        ri.last(&index, e.id),
                        r.games.iter().rev().find(|g| g.side_of(e.id).is_some())
                    );
                    assert_eq!(ri.bye(&index, e.id), r.bye_of(e.id));
                    assert_eq!(index.label(e.id), s.label(e.id));
                }
            }
        }
    }

    /// The page's standings and each player's own page say one score: with a −1 penalty from
    /// round 0 the standings once said 1.5 and the player's page 2.5 (issue 35).
    #[test]
    fn a_player_s_page_counts_bonuses_and_penalties_as_the_standings_do() {
        let dir = std::env::temp_dir().join(format!("bianpai-venue-299-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut t = Tournament::create_demo(&dir.join("e.bianpai")).unwrap();
        let men = t.event().sections[0].clone();
        let penalised = men.entrants[0].id;
        let mut settings = men.settings.clone();
        settings.points_adjustments = vec![crate::model::PointsAdjustment {
            entrant: penalised,
            round: 0,
            points: crate::model::Points(-2),
        }];
        t.update_section(men.id, &men.name, &settings).unwrap();
        let men = t.event().sections[0].clone();
        let expected = points_after(&men, penalised, 1);
        let snapshot = t.venue_snapshot().unwrap();
        let section = &snapshot.page(Lang::Zh).sections[0];
        let standings = section.standings.as_ref().expect("standings after round 1");
        let number = men.entrants[0].number.unwrap().to_string();
        let row = standings.rows.iter().find(|r| r.number == number).unwrap();
        let player = section.players.iter().find(|p| p.id == penalised).unwrap();
        let own = &player.games.last().unwrap().points;
        assert_eq!(
            &row.points, own,
            "the standings and the player's page agree"
        );
        assert_eq!(own, &expected.to_string());
        drop(t);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
