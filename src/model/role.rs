//! 授权 — the roles the chief arbiter hands to the people in the hall, one device each, so that
//! they act through the venue page: a 副裁判长/裁判员 enters the results of the sections (and,
//! if given, the range of boards) put in his charge; 检录 checks players in at the door; a
//! 选手 reports the result of his own game. A role says only what its holder may reach; what
//! proves the device is the app's business (a token, kept hashed in the file).

use super::{EntrantId, SectionId};
use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};

/// What a device may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RoleKind {
    /// 副裁判长/裁判员 — enters results (a result, fouls, a note) within his scope.
    Deputy,
    /// 检录 — the registration desk at the door.
    CheckIn,
    /// 选手 — one player: reports his own game's result, which waits for his opponent or an
    /// arbiter.
    Player,
}

impl RoleKind {
    pub const ALL: [RoleKind; 3] = [RoleKind::Deputy, RoleKind::CheckIn, RoleKind::Player];

    /// Stable code used in files and on the command line.
    pub fn code(self) -> &'static str {
        match self {
            RoleKind::Deputy => "deputy",
            RoleKind::CheckIn => "checkin",
            RoleKind::Player => "player",
        }
    }

    pub fn from_code(code: &str) -> Option<RoleKind> {
        RoleKind::ALL.into_iter().find(|k| k.code() == code)
    }
}

/// Where a role reaches: the sections (none: every section), a range of boards (inclusive) in
/// them, or one player.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoleScope {
    #[serde(default)]
    pub sections: Vec<SectionId>,
    #[serde(default)]
    pub boards: Option<(u32, u32)>,
    #[serde(default)]
    pub player: Option<EntrantId>,
}

impl RoleScope {
    /// Does the scope take this section?
    pub fn has_section(&self, section: SectionId) -> bool {
        self.sections.is_empty() || self.sections.contains(&section)
    }

    /// Does the scope take this board of this section?
    pub fn has_board(&self, section: SectionId, board: u32) -> bool {
        self.has_section(section)
            && self
                .boards
                .is_none_or(|(from, to)| (from..=to).contains(&board))
    }
}

/// One device's role, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Role {
    /// The device's number (设备号), shown on the laptop and journaled with what it sends.
    pub id: i64,
    pub kind: RoleKind,
    /// Who holds the device (a deputy's name, the player's "number name").
    pub person: String,
    pub scope: RoleScope,
    pub created: NaiveDateTime,
    /// 撤销 — from then on the device is refused.
    pub revoked: Option<NaiveDateTime>,
    /// After this the device is refused (the end of the event's last day), if the event has
    /// dates.
    pub expires: Option<NaiveDateTime>,
}

impl Role {
    /// Is the role good at `now` (not revoked, not expired)?
    pub fn is_live(&self, now: NaiveDateTime) -> bool {
        self.revoked.is_none() && self.expires.is_none_or(|end| now < end)
    }

    /// May this role enter a result on `board` of `section` (a player: only his own game,
    /// which the caller checks with [`RoleScope::player`])?
    pub fn may_enter(&self, section: SectionId, board: u32) -> bool {
        match self.kind {
            RoleKind::Deputy => self.scope.has_board(section, board),
            RoleKind::Player => self.scope.has_section(section),
            RoleKind::CheckIn => false,
        }
    }
}

/// Where an entry sent from a phone stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EntryState {
    /// 待确认 — waits for the chief arbiter.
    Pending,
    /// 待对手确认 — a player's report, waiting for his opponent (or an arbiter).
    AwaitingOpponent,
    /// 冲突 — another, different entry (or the stored result) says otherwise: the chief decides.
    Conflict,
    /// 已录入 — entered through the app's result service.
    Accepted,
    /// 已驳回.
    Rejected,
    /// 相同 — says what another entry or the stored result already says: nothing to do.
    Same,
}

impl EntryState {
    pub const ALL: [EntryState; 6] = [
        EntryState::Pending,
        EntryState::AwaitingOpponent,
        EntryState::Conflict,
        EntryState::Accepted,
        EntryState::Rejected,
        EntryState::Same,
    ];

    pub fn code(self) -> &'static str {
        match self {
            EntryState::Pending => "pending",
            EntryState::AwaitingOpponent => "awaiting",
            EntryState::Conflict => "conflict",
            EntryState::Accepted => "accepted",
            EntryState::Rejected => "rejected",
            EntryState::Same => "same",
        }
    }

    pub fn from_code(code: &str) -> Option<EntryState> {
        EntryState::ALL.into_iter().find(|s| s.code() == code)
    }

    /// Does the entry still wait for someone?
    pub fn is_open(self) -> bool {
        matches!(
            self,
            EntryState::Pending | EntryState::AwaitingOpponent | EntryState::Conflict
        )
    }
}

/// One result sent from a phone, as stored: the board, what it says, who sent it and where it
/// stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhoneEntry {
    pub id: i64,
    /// The form's submission id: the same submission sent twice is one entry.
    pub submission: String,
    /// The device ([`Role::id`]).
    pub role: i64,
    pub section: SectionId,
    pub round: u32,
    pub board: u32,
    pub outcome: Option<super::Outcome>,
    pub fouls: (u8, u8),
    /// 备注 — what the deputy wrote (bounded, shown escaped).
    pub note: String,
    pub at: NaiveDateTime,
    pub state: EntryState,
}

impl PhoneEntry {
    /// Does it say the same as `other` (result and fouls)?
    pub fn says_same(&self, outcome: Option<super::Outcome>, fouls: (u8, u8)) -> bool {
        self.outcome == outcome && self.fouls == fouls
    }
}

/// Parses a range of boards as typed: `1-20`, `7` (one board). `None` for anything else,
/// including an empty range (`20-1`) and board 0.
pub fn parse_boards(text: &str) -> Option<(u32, u32)> {
    let text = text.trim();
    let (from, to) = match text.split_once(['-', '–', '~']) {
        Some((a, b)) => (a.trim().parse().ok()?, b.trim().parse().ok()?),
        None => {
            let n = text.parse().ok()?;
            (n, n)
        }
    };
    (from >= 1 && from <= to).then_some((from, to))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap()
    }

    #[test]
    fn a_deputy_reaches_only_his_sections_and_boards() {
        let deputy = Role {
            id: 1,
            kind: RoleKind::Deputy,
            person: "李".into(),
            scope: RoleScope {
                sections: vec![SectionId(2)],
                boards: Some((1, 20)),
                player: None,
            },
            created: at("2026-05-01 08:00"),
            revoked: None,
            expires: None,
        };
        assert!(deputy.may_enter(SectionId(2), 1));
        assert!(deputy.may_enter(SectionId(2), 20));
        assert!(!deputy.may_enter(SectionId(2), 21), "past his range");
        assert!(!deputy.may_enter(SectionId(3), 5), "another section");
        let door = Role {
            kind: RoleKind::CheckIn,
            scope: RoleScope::default(),
            ..deputy.clone()
        };
        assert!(
            !door.may_enter(SectionId(2), 1),
            "the door enters no result"
        );
        let everywhere = Role {
            scope: RoleScope::default(),
            ..deputy
        };
        assert!(everywhere.may_enter(SectionId(9), 150));
    }

    #[test]
    fn a_role_ends_when_revoked_or_after_the_event() {
        let role = Role {
            id: 1,
            kind: RoleKind::Player,
            person: "3 王".into(),
            scope: RoleScope::default(),
            created: at("2026-05-01 08:00"),
            revoked: None,
            expires: Some(at("2026-05-03 00:00")),
        };
        assert!(role.is_live(at("2026-05-02 23:59")));
        assert!(!role.is_live(at("2026-05-03 00:00")));
        let revoked = Role {
            revoked: Some(at("2026-05-01 09:00")),
            ..role
        };
        assert!(!revoked.is_live(at("2026-05-01 10:00")));
    }

    #[test]
    fn board_ranges_are_read_as_typed() {
        assert_eq!(parse_boards("1-20"), Some((1, 20)));
        assert_eq!(parse_boards(" 7 "), Some((7, 7)));
        assert_eq!(parse_boards("21–40"), Some((21, 40)));
        assert_eq!(parse_boards("20-1"), None);
        assert_eq!(parse_boards("0-5"), None);
        assert_eq!(parse_boards("a-b"), None);
        assert_eq!(parse_boards(""), None);
    }
}
