//! The event (赛事) and its sections (组别), and the event's details the order book (秩序册)
//! prints besides its cover ([`EventDetails`]: 组织机构, 裁判员名单, 竞赛规程, 赛场须知).

use super::{Entrant, EntrantId, Round, SectionSettings};
use chrono::{NaiveDate, NaiveDateTime};
use serde::{Deserialize, Serialize};

#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct SectionId(pub i64);

/// 组别 — a section: its settings, entrants and rounds.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Section {
    pub id: SectionId,
    /// e.g. 男子组, 女子组, U12.
    pub name: String,
    /// Serialised in the settings' stored form, with their version.
    #[serde(with = "super::stored_form")]
    pub settings: SectionSettings,
    /// The seed of the drawing of lots (抽签), kept so the draw can be shown to be fair.
    pub lot_seed: Option<u64>,
    pub entrants: Vec<Entrant>,
    /// Rounds paired so far, in order (round 1 first).
    pub rounds: Vec<Round>,
    /// 关闭签到 — when check-in was closed (those not checked in were then left out of round
    /// 1); `None` while it is open.
    #[serde(default)]
    pub checkin_closed: Option<NaiveDateTime>,
}

impl Section {
    /// Does the section hold a team competition (entrants on the team entry form, or team
    /// prize money)? Then its team places are printed, certified and stated in the order book.
    pub fn has_team_competition(&self) -> bool {
        self.entrants.iter().any(|e| e.team_member)
            || !self.settings.awards.team_prizes.bands.is_empty()
    }

    pub fn entrant(&self, id: EntrantId) -> Option<&Entrant> {
        self.entrants.iter().find(|e| e.id == id)
    }

    pub fn entrant_mut(&mut self, id: EntrantId) -> Option<&mut Entrant> {
        self.entrants.iter_mut().find(|e| e.id == id)
    }

    pub fn round(&self, number: u32) -> Option<&Round> {
        self.rounds.iter().find(|r| r.number == number)
    }

    pub fn round_mut(&mut self, number: u32) -> Option<&mut Round> {
        self.rounds.iter_mut().find(|r| r.number == number)
    }

    /// The adjourned games still without a result, as (round, board), oldest first.
    pub fn adjourned_games(&self) -> Vec<(u32, u32)> {
        self.rounds
            .iter()
            .flat_map(|r| {
                r.games
                    .iter()
                    .filter(|g| g.adjourned && g.outcome.is_none())
                    .map(move |g| (r.number, g.board))
            })
            .collect()
    }

    /// Entrants in pairing-number order; those without a number last, by id.
    pub fn entrants_by_number(&self) -> Vec<&Entrant> {
        let mut v: Vec<&Entrant> = self.entrants.iter().collect();
        v.sort_by_key(|e| (e.number.is_none(), e.number, e.id));
        v
    }

    /// The active entrants other than house players (补双选手), in number.
    pub fn active_others(&self) -> usize {
        self.entrants
            .iter()
            .filter(|e| e.is_active() && !e.house)
            .count()
    }

    /// Would a house player make the field even? The active others are odd in number and no
    /// active house player is entered yet.
    pub fn wants_house_player(&self) -> bool {
        self.active_others() % 2 == 1 && !self.entrants.iter().any(|e| e.house && e.is_active())
    }

    /// "12 周喆" — pairing number and name of an entrant (the name alone before the draw, "?"
    /// for an id not in the section).
    pub fn label(&self, id: EntrantId) -> String {
        self.entrant(id).map_or_else(|| "?".into(), Entrant::label)
    }

    /// Have the pairing numbers been drawn for everyone?
    pub fn is_drawn(&self) -> bool {
        !self.entrants.is_empty() && self.entrants.iter().all(|e| e.number.is_some())
    }
}

/// 赛事 — the whole event kept in one file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// 赛事名称.
    pub name: String,
    /// 主办单位.
    pub organiser: String,
    /// 比赛地点.
    pub venue: String,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    /// 裁判长.
    pub chief_arbiter: String,
    /// 限报人数 for the whole event (seed 001: 300, 额满即止): the entries of all its sections
    /// together, house players (补双) not counted. A section may have its own cap as well.
    #[serde(default)]
    pub entry_cap: Option<u32>,
    /// 组织机构, 裁判员名单, 竞赛规程 and 赛场须知, printed in the order book.
    #[serde(default)]
    pub details: EventDetails,
    pub sections: Vec<Section>,
}

/// The most characters of a long text of the event's details (the 竞赛规程 of a regulation, the
/// 赛场须知): a regulation of many pages, not a book.
pub const MAX_LONG_TEXT: usize = 20_000;

/// 赛事详情 — what a Chinese order book (秩序册) carries besides its cover: the organising bodies
/// (组织机构: 主办 is [`Event::organiser`], then 承办, 协办 and the 组委会), the officials
/// (裁判员名单: the chief arbiter is [`Event::chief_arbiter`], then deputies and arbiters), the
/// regulation's text (竞赛规程) and the rules of the playing hall (赛场须知). Lists are one
/// entry a line as typed (“主任：王某”, or several names on a line); a part left empty is left out
/// of the book.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct EventDetails {
    /// 承办单位, one a line.
    pub hosts: String,
    /// 协办单位, one a line.
    pub co_organisers: String,
    /// 组委会 — its members, one a line (“主任：王某”).
    pub committee: String,
    /// 副裁判长, one or more a line.
    pub deputy_arbiters: String,
    /// 裁判员, one or more a line.
    pub arbiters: String,
    /// 竞赛规程 — the regulation's text, paragraphs a line each.
    pub regulations: String,
    /// 赛场须知 — the rules of the playing hall, a line each.
    pub venue_rules: String,
}

impl EventDetails {
    /// The non-empty lines of a list or text, trimmed.
    pub fn lines(text: &str) -> Vec<&str> {
        text.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect()
    }

    /// Every text with `f` applied (the app takes invisible characters out this way).
    pub fn map(&self, f: impl Fn(&str) -> String) -> EventDetails {
        EventDetails {
            hosts: f(&self.hosts),
            co_organisers: f(&self.co_organisers),
            committee: f(&self.committee),
            deputy_arbiters: f(&self.deputy_arbiters),
            arbiters: f(&self.arbiters),
            regulations: f(&self.regulations),
            venue_rules: f(&self.venue_rules),
        }
    }
}

impl Event {
    pub fn section(&self, id: SectionId) -> Option<&Section> {
        self.sections.iter().find(|s| s.id == id)
    }

    pub fn section_mut(&mut self, id: SectionId) -> Option<&mut Section> {
        self.sections.iter_mut().find(|s| s.id == id)
    }

    pub fn section_by_name(&self, name: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.name == name)
    }

    /// The id the next entrant gets: one past the highest in any section (ids are unique in
    /// the event).
    pub fn next_entrant_id(&self) -> EntrantId {
        let max = self
            .sections
            .iter()
            .flat_map(|s| &s.entrants)
            .map(|e| e.id.0)
            .max();
        EntrantId(max.unwrap_or(0) + 1)
    }

    /// Entries in all sections together, house players not counted (what the event-wide cap
    /// counts).
    pub fn entries(&self) -> usize {
        self.sections
            .iter()
            .flat_map(|s| &s.entrants)
            .filter(|e| !e.house)
            .count()
    }

    /// How many more entries the event-wide cap admits (`None`: no cap).
    pub fn room(&self) -> Option<usize> {
        self.entry_cap
            .map(|cap| (cap as usize).saturating_sub(self.entries()))
    }
}
