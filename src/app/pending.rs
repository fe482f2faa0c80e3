//! 待确认成绩 — the results phones send, on their way into the event. The web face only queues
//! them ([`Hands::submit`]); the event's owner takes them ([`Tournament::take_submissions`]),
//! stores each once (its submission id is unique in the file), weighs it against the board and
//! the other entries on it, and enters it through [`Tournament::enter_result`]'s own path —
//! at once for a deputy when the chief has said deputies' results stand, when a player's
//! opponent confirms his report, or when the chief accepts it — journaled with the person, role
//! and device, and undone like any result.
//!
//! How an entry is weighed: the same as the board's stored result, or as another open entry,
//! is [`EntryState::Same`] (nothing to do); different from either is a [`EntryState::Conflict`]
//! that waits for the chief, and so does the entry it differs from. A player's report waits
//! for his opponent ([`EntryState::AwaitingOpponent`]); the opponent reporting the same
//! result confirms it. A phone reaches only the current round, and only its own boards.
//!
//! The door's check-ins (检录) come by the same queue and are applied here through the desk's
//! own service ([`Tournament::check_in`]), journaled with the person, role and device and the
//! submission's id (so a check-in or its undo sent again, even after a restart, is one
//! action); the door may also undo a check-in, while check-in is open. Once the chief has
//! closed check-in for the section, the door is refused: a late arrival sees the chief.
//!
//! Nothing a phone was told is stored can be lost: the page answers a submission only once
//! the owner has taken it and its transaction is committed (the receipt [`Hands::receipt`]
//! is set after the commit, and SQLite commits to the disk: WAL, `synchronous=FULL`), and
//! never before. The page does not write the file itself: the file is held with an
//! exclusive lock by the one writer (the window, or `bianpai serve` while it writes), and a
//! second connection in the process is refused by the store — a second writer would be the
//! very thing the one-writer rule forbids. So the phone waits the moment the owner takes to
//! come round (a frame; `serve`'s next look); if it does not come within the page's wait,
//! the phone is told it is not stored yet and sends the same submission again, which the
//! owner stores once.

use super::roles::{DoorSubmission, Hands, Queued, Submission, local_now};
use super::{AppError, BoardRef, CheckedIn, FoulWarning, Inverse, ResultEntry, Tournament};
use crate::conduct::JournalEntry;
use crate::i18n::{Lang, T, fill};
use crate::model::{EntrantId, EntryState, PhoneEntry, Role, RoleKind, SectionId};
use crate::store;
use serde::{Deserialize, Serialize};

/// The setting "deputies' results stand at once" (a deputy's entry is entered when it
/// arrives, unless it conflicts).
pub const DEPUTIES_STAND: &str = "deputies_stand";

/// The most characters of a deputy's note.
pub const MAX_NOTE: usize = 200;

/// Who acted from a phone, as the journal keeps it beside the action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand {
    pub person: String,
    /// The role's code (deputy, checkin, player).
    pub role: String,
    /// The device's number.
    pub device: i64,
    /// The submission the action came from, for a check-in from the door (its retry is then
    /// known from the journal).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub submission: Option<String>,
}

impl Hand {
    pub fn of(role: &Role) -> Hand {
        Hand {
            person: role.person.clone(),
            role: role.kind.code().to_string(),
            device: role.id,
            submission: None,
        }
    }

    pub fn encode(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    pub fn decode(text: &str) -> Option<Hand> {
        serde_json::from_str(text).ok()
    }
}

/// A result entered for a phone: who (journaled), and the entries set to a new state in the
/// same action, with the state each had (for undo).
pub(super) struct ByHand {
    pub by: String,
    pub marks: Vec<(i64, EntryState, EntryState)>,
}

impl ByHand {
    pub fn inverse(&self) -> Inverse {
        Inverse::EntryStates(self.marks.iter().map(|(id, _, old)| (*id, *old)).collect())
    }

    pub fn mark(&self, tx: &rusqlite::Transaction) -> Result<(), store::StoreError> {
        self.marks
            .iter()
            .try_for_each(|(id, new, _)| store::set_entry_state(tx, *id, *new))
    }
}

/// What became of one submission the owner took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Taken {
    /// Stored, in this state (Accepted: entered at once).
    Stored(EntryState),
    /// Stored before (a retry): nothing done.
    Again,
    /// Refused: the device is revoked or out of its scope, the board is not in the current
    /// round, or the entry is bad; or check-in is closed. Nothing stored.
    Refused(T),
    /// The door's check-in: done now (or late), or done before (nothing changed).
    CheckedIn(CheckedIn),
    /// The door's undo of a check-in: `true` if it was undone, `false` if he was not checked
    /// in (nothing changed).
    CheckInUndone(bool),
}

impl Tournament {
    /// Is "deputies' results stand at once" on?
    pub fn deputies_stand(&self) -> bool {
        self.store
            .hands_setting(DEPUTIES_STAND)
            .ok()
            .flatten()
            .is_some_and(|v| v == "1")
    }

    /// Sets "deputies' results stand at once" (journaled).
    pub fn set_deputies_stand(&mut self, on: bool) -> Result<(), AppError> {
        let entry = JournalEntry::DeputiesStand { on };
        self.store.action("hands.setting", &entry.encode(), |tx| {
            store::set_hands_setting(tx, DEPUTIES_STAND, if on { "1" } else { "0" })
        })?;
        self.reload()
    }

    /// The phones' entries, oldest first: all, or only those still waiting.
    pub fn phone_entries(&self, open_only: bool) -> Result<Vec<PhoneEntry>, AppError> {
        Ok(self.store.phone_entries(open_only)?)
    }

    /// Who acted for each journal row, oldest first: (action, who; `None`: the laptop).
    pub fn journal_hands(&self) -> Result<Vec<(String, Option<Hand>)>, AppError> {
        Ok(self
            .store
            .journal_hands()?
            .into_iter()
            .map(|(action, by)| (action, by.as_deref().and_then(Hand::decode)))
            .collect())
    }

    /// The journal in words, oldest first, as the Journal tab and `bianpai journal` show it:
    /// when, the action, what it did — and, for an action taken from a phone, who sent it
    /// (person, role, device).
    pub fn journal_lines(&self, lang: Lang) -> Result<Vec<[String; 3]>, AppError> {
        let rows = self.journal()?;
        let hands = self.journal_hands()?;
        let by = hands
            .into_iter()
            .map(|(_, h)| h)
            .chain(std::iter::repeat(None));
        Ok(rows
            .into_iter()
            .zip(by)
            .map(|((at, action, entry), by)| {
                let mut detail = crate::i18n::journal_entry(&entry, lang);
                if let Some(h) = by {
                    let role = RoleKind::from_code(&h.role).map_or(h.role.clone(), |k| {
                        crate::i18n::role_kind_word(k).get(lang).into()
                    });
                    detail.push_str(&fill(
                        T::JournalByHand.get(lang),
                        &[&h.person, &role, &h.device],
                    ));
                }
                [
                    at.replace('T', " "),
                    crate::i18n::action_name(&action, lang),
                    detail,
                ]
            })
            .collect())
    }

    /// Takes the submissions waiting in `hands` and weighs each (see the module's note), then
    /// publishes the roles and entries to `hands` again. One that cannot be stored (the disk)
    /// stops the taking; it and those after it go back to wait.
    pub fn take_submissions(&mut self, hands: &Hands) -> Result<Vec<Taken>, AppError> {
        let waiting = hands.take_waiting();
        let mut taken = Vec::with_capacity(waiting.len());
        let mut failed = None;
        for (i, q) in waiting.iter().enumerate() {
            let done = match q {
                Queued::Result(s) => self.receive(s),
                Queued::Door(d) => self.receive_door(d),
            };
            match done {
                Ok(t) => taken.push(t),
                Err(e) => {
                    failed = Some((i, e));
                    break;
                }
            }
        }
        if let Some((i, _)) = &failed {
            hands.give_back(waiting[*i..].to_vec());
        }
        let published =
            if failed.is_some() || !waiting.is_empty() || hands.published() != self.revision() {
                self.publish_hands(hands)
            } else {
                Ok(())
            };
        // Each stored (committed) or refused: its phone is answered now, and its next page
        // shows what the file holds.
        for (q, t) in waiting.iter().zip(&taken) {
            hands.set_receipt(q.submission(), t.clone());
        }
        if let Some((_, e)) = failed {
            return Err(e);
        }
        published?;
        Ok(taken)
    }

    /// Applies one check-in (or its undo) the door sent, through the desk's check-in service.
    fn receive_door(&mut self, d: &DoorSubmission) -> Result<Taken, AppError> {
        let Some(role) = self.roles()?.into_iter().find(|r| r.id == d.role) else {
            return Ok(Taken::Refused(T::HandsRefusedToken));
        };
        if !role.is_live(local_now()) {
            return Ok(Taken::Refused(T::HandsRefusedToken));
        }
        if role.kind != RoleKind::CheckIn || !role.scope.has_section(d.section) {
            return Ok(Taken::Refused(T::HandsDoorRefusedScope));
        }
        let Ok(section) = self.section(d.section) else {
            return Ok(Taken::Refused(T::HandsDoorRefusedScope));
        };
        if section.entrant(d.entrant).is_none_or(|e| e.house) {
            return Ok(Taken::Refused(T::HandsDoorNoOne));
        }
        if self.store.journal_has_submission(&d.submission)? {
            return Ok(Taken::Again);
        }
        if section.checkin_closed.is_some() {
            return Ok(Taken::Refused(T::HandsDoorClosed));
        }
        let hand = Hand {
            submission: Some(d.submission.clone()),
            ..Hand::of(&role)
        };
        let by = hand.encode();
        if d.undo {
            return self
                .undo_check_in_by(d.section, d.entrant, &by)
                .map(Taken::CheckInUndone);
        }
        match self.check_in_by(d.section, d.entrant, Some(&by)) {
            Ok(done) => Ok(Taken::CheckedIn(done)),
            Err(AppError::CheckInExcluded(_)) => Ok(Taken::Refused(T::HandsDoorExcluded)),
            Err(e) => Err(e),
        }
    }

    /// 撤销签到 — the door undoes the check-in of `id` of `section` (one tapped by mistake),
    /// while check-in is open: he is not checked in any more. One undoable action, journaled
    /// with who did it. Returns false, changing nothing, if he was not checked in.
    fn undo_check_in_by(
        &mut self,
        section: SectionId,
        id: EntrantId,
        by: &str,
    ) -> Result<bool, AppError> {
        let s = self.section(section)?;
        if s.checkin_closed.is_some() {
            return Err(AppError::CheckInClosedAlready(s.name.clone()));
        }
        let e = s.entrant(id).ok_or(AppError::NoSuch(T::Name))?;
        if e.checked_in.is_none() {
            return Ok(false);
        }
        let after = crate::model::Entrant {
            checked_in: None,
            ..e.clone()
        };
        let entry = JournalEntry::Entrant {
            section: s.name.clone(),
            player: e.label(),
        };
        let before = Inverse::RestoreEntrant {
            section,
            entrant: e.clone(),
            existed: true,
        };
        self.act_by("checkin.cancel", entry, before, Some(by), |tx| {
            store::update_entrant(tx, &after)
        })?;
        Ok(true)
    }

    /// Weighs and stores one submission.
    fn receive(&mut self, s: &Submission) -> Result<Taken, AppError> {
        let roles = self.roles()?;
        let Some(role) = roles.into_iter().find(|r| r.id == s.role) else {
            return Ok(Taken::Refused(T::HandsRefusedToken));
        };
        if !role.is_live(local_now()) {
            return Ok(Taken::Refused(T::HandsRefusedToken));
        }
        if !role.may_enter(s.section, s.board) {
            return Ok(Taken::Refused(T::HandsRefusedScope));
        }
        let Ok(section) = self.section(s.section) else {
            return Ok(Taken::Refused(T::HandsRefusedScope));
        };
        if section.rounds.last().map(|r| r.number) != Some(s.round) {
            return Ok(Taken::Refused(T::HandsRefusedRound));
        }
        let at = BoardRef::new(s.section, s.round, s.board);
        let Ok(game) = self.game(at) else {
            return Ok(Taken::Refused(T::HandsRefusedScope));
        };
        if role.kind == RoleKind::Player
            && role.scope.player.is_none_or(|p| game.side_of(p).is_none())
        {
            return Ok(Taken::Refused(T::HandsRefusedScope));
        }
        // A player reports the result only: the fouls stay as the arbiters entered them.
        let fouls = if role.kind == RoleKind::Player {
            (game.fouls_red, game.fouls_black)
        } else {
            s.fouls
        };
        if s.note.chars().count() > MAX_NOTE || fouls.0 > 9 || fouls.1 > 9 {
            return Ok(Taken::Refused(T::HandsRefusedForm));
        }
        if self
            .store
            .phone_entries(false)?
            .iter()
            .any(|e| e.submission == s.submission)
        {
            return Ok(Taken::Again);
        }
        let stored = game
            .outcome
            .map(|o| (o, (game.fouls_red, game.fouls_black)));
        let open: Vec<PhoneEntry> = self
            .store
            .phone_entries(true)?
            .into_iter()
            .filter(|e| e.section == s.section && e.round == s.round && e.board == s.board)
            .collect();
        let same = |e: &PhoneEntry| e.says_same(s.outcome, fouls);
        let differing: Vec<&PhoneEntry> = open.iter().filter(|e| !same(e)).collect();
        let opponent_confirms = role.kind == RoleKind::Player
            && open.iter().any(|e| {
                same(e)
                    && e.state == EntryState::AwaitingOpponent
                    && self
                        .entry_player(e)
                        .is_some_and(|p| Some(p) != role.scope.player)
            });
        // What the entry becomes, and whether it is entered now.
        let (state, enter) = match stored {
            Some((o, f)) if Some(o) == s.outcome && f == fouls => (EntryState::Same, false),
            Some(_) => (EntryState::Conflict, false),
            None if !differing.is_empty() => (EntryState::Conflict, false),
            None if opponent_confirms => (EntryState::Pending, true),
            None if role.kind == RoleKind::Player => {
                if open.iter().any(|e| e.role == role.id) {
                    (EntryState::Same, false)
                } else {
                    (EntryState::AwaitingOpponent, false)
                }
            }
            None if self.deputies_stand() => (EntryState::Pending, true),
            None if open
                .iter()
                .any(|e| same(e) && roles_kind(self, e.role) == Some(RoleKind::Deputy)) =>
            {
                (EntryState::Same, false)
            }
            None => (EntryState::Pending, false),
        };
        let entry = PhoneEntry {
            id: 0,
            submission: s.submission.clone(),
            role: role.id,
            section: s.section,
            round: s.round,
            board: s.board,
            outcome: s.outcome,
            fouls,
            note: crate::model::without_invisible(s.note.trim()).0,
            at: s.at,
            state,
        };
        let conflicting: Vec<i64> = if state == EntryState::Conflict {
            differing
                .iter()
                .filter(|e| e.state != EntryState::Conflict)
                .map(|e| e.id)
                .collect()
        } else {
            Vec::new()
        };
        let hand = Hand::of(&role);
        let detail = JournalEntry::PhoneEntry {
            section: section.name.clone(),
            round: s.round,
            board: s.board,
            state,
        };
        let id = self.store.action_by(
            "phone.entry",
            &detail.encode(),
            None,
            Some(&hand.encode()),
            |tx| {
                let id = store::insert_phone_entry(tx, &entry)?;
                if id.is_some() {
                    for other in &conflicting {
                        store::set_entry_state(tx, *other, EntryState::Conflict)?;
                    }
                }
                Ok(id)
            },
        )?;
        self.reload()?;
        let Some(id) = id else {
            return Ok(Taken::Again);
        };
        if enter {
            match self.accept_entry(id) {
                Ok(_) => return Ok(Taken::Stored(EntryState::Accepted)),
                // A result the rules warn of waits for the chief, who sees the warning.
                Err(AppError::RuleWarnings(_)) | Err(AppError::ReasonRequired(_)) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(Taken::Stored(state))
    }

    /// The player whose device sent entry `e`, if a player's.
    fn entry_player(&self, e: &PhoneEntry) -> Option<crate::model::EntrantId> {
        self.store
            .roles()
            .ok()?
            .into_iter()
            .find(|(r, _)| r.id == e.role && r.kind == RoleKind::Player)
            .and_then(|(r, _)| r.scope.player)
    }

    /// The chief accepts entry `id` (pending, awaiting its opponent, or one side of a
    /// conflict): it is entered as a result, journaled with who sent it; the other open entries
    /// on the board saying the same become [`EntryState::Same`], those saying otherwise stay or
    /// become conflicts.
    pub fn accept_entry(&mut self, id: i64) -> Result<Option<FoulWarning>, AppError> {
        let all = self.store.phone_entries(false)?;
        let e = all
            .iter()
            .find(|e| e.id == id)
            .ok_or(AppError::NoSuch(T::HandsEntry))?;
        if !e.state.is_open() {
            return Err(AppError::NoSuch(T::HandsEntry));
        }
        let role = self
            .roles()?
            .into_iter()
            .find(|r| r.id == e.role)
            .ok_or(AppError::NoSuch(T::HandsDevice))?;
        let mut marks = vec![(e.id, EntryState::Accepted, e.state)];
        for other in all.iter().filter(|o| {
            o.id != e.id
                && o.state.is_open()
                && (o.section, o.round, o.board) == (e.section, e.round, e.board)
        }) {
            let new = if other.says_same(e.outcome, e.fouls) {
                // A player's report the result bears out is accepted with it.
                if other.state == EntryState::AwaitingOpponent {
                    EntryState::Accepted
                } else {
                    EntryState::Same
                }
            } else {
                EntryState::Conflict
            };
            if new != other.state {
                marks.push((other.id, new, other.state));
            }
        }
        let hand = ByHand {
            by: Hand::of(&role).encode(),
            marks,
        };
        let at = BoardRef::new(e.section, e.round, e.board);
        let entry = ResultEntry::result(e.outcome).with_fouls(e.fouls);
        self.enter_result_by(at, entry, &hand)
    }

    /// The chief accepts every entry waiting that is no conflict (oldest first); returns how
    /// many were entered. One the rules warn of is left waiting; the first error stops.
    pub fn accept_all(&mut self) -> Result<usize, AppError> {
        let mut n = 0;
        for e in self.store.phone_entries(true)? {
            let still = self
                .store
                .phone_entries(true)?
                .into_iter()
                .find(|x| x.id == e.id);
            let Some(e) = still else { continue };
            if e.state == EntryState::Conflict {
                continue;
            }
            match self.accept_entry(e.id) {
                Ok(_) => n += 1,
                Err(AppError::RuleWarnings(_)) | Err(AppError::ReasonRequired(_)) => {}
                Err(err) => return Err(err),
            }
        }
        Ok(n)
    }

    /// The chief rejects entry `id`: nothing is entered; undone like any action.
    pub fn reject_entry(&mut self, id: i64) -> Result<(), AppError> {
        let e = self
            .store
            .phone_entries(true)?
            .into_iter()
            .find(|e| e.id == id)
            .ok_or(AppError::NoSuch(T::HandsEntry))?;
        let detail = JournalEntry::PhoneRejected {
            section: self
                .event()
                .section(e.section)
                .map(|s| s.name.clone())
                .unwrap_or_default(),
            round: e.round,
            board: e.board,
        };
        let before = Inverse::EntryStates(vec![(id, e.state)]);
        self.act("phone.reject", detail, before, |tx| {
            store::set_entry_state(tx, id, EntryState::Rejected)
        })
    }
}

/// The kind of device `role`, if it is known.
fn roles_kind(t: &Tournament, role: i64) -> Option<RoleKind> {
    t.store
        .roles()
        .ok()?
        .into_iter()
        .find(|(r, _)| r.id == role)
        .map(|(r, _)| r.kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn who_acted_reads_the_same_from_older_journals_and_keeps_a_door_s_submission() {
        // A journal row written before the door's submissions were kept.
        let old = r#"{"person":"李明","role":"deputy","device":3}"#;
        let h = Hand::decode(old).expect("an older row reads");
        assert_eq!(
            (h.person.as_str(), h.device, h.submission.clone()),
            ("李明", 3, None)
        );
        // Without a submission it is written as before; with one, it reads back.
        assert_eq!(h.encode(), old);
        let door = Hand {
            submission: Some("0a1b".into()),
            ..h
        };
        assert!(door.encode().contains(r#""submission":"0a1b""#));
        assert_eq!(Hand::decode(&door.encode()), Some(door));
    }
}
