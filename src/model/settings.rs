//! Section settings (组别设置): everything a rule needs, named in the rule's own terms.
//!
//! **Stored form.** Settings are kept (in the event file, in the undo journal) as a JSON object
//! with a `"version"` key beside the fields ([`SETTINGS_VERSION`]). A new setting gets
//! `#[serde(default)]`, so that settings written before it still read, and needs no new
//! version. A change of meaning or of form (a field renamed, retyped, or read differently)
//! raises the version and adds one step to [`SectionSettings::from_stored`], which brings
//! settings of any earlier version up to today's, one version at a time, before they are read.
//! Settings of a newer version than this program knows are refused, never half-read.

use super::options::{
    AwardOptions, CheckInOptions, DutchOptions, FeeOptions, KnockoutOptions, Lateness,
    PlayoffOptions, PointsAdjustment, Preset, ProhibitedPair, QualificationOptions, RequestedBye,
    RoundRobinOptions, StandingsSettings, TeamSectionOptions, XiangqiSwissOptions,
};
use super::{Eligibility, FideRecord, PointSystem, PointSystemPreset};
use serde::{Deserialize, Serialize};

/// 象棋 or 国际象棋.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameKind {
    #[default]
    Xiangqi,
    Chess,
}

/// The pairing system of a section (赛制).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PairingSystem {
    /// 积分编排制 by the xiangqi rule book.
    #[default]
    XiangqiSwiss,
    /// FIDE (Dutch) system, C.04.3; in a team section FIDE's Swiss for teams, C.04.6.
    Dutch,
    /// 循环制 (Berger tables, FIDE C.05 Annex 1).
    RoundRobin,
    /// 淘汰制.
    Knockout,
}

/// How round 1 is paired from the pairing numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FirstRoundPattern {
    /// The seeds' pattern: 1-2, 4-3, 5-6, 8-7 …, the first-named plays red; with an odd number
    /// the last number has the bye (seeds 000, 001).
    #[default]
    AdjacentAlternating,
    /// The rule book's pattern ([XQ-APPX] 三(一)): rating order split into halves, one player of
    /// each half paired by lot, colours by lot.
    RatingHalves,
}

/// 录谱 — the boards whose moves must be recorded (seed 000 补充细则 六: 自第二轮起，男子组前12台、
/// 女子组前三台需录谱). `boards == 0`: none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RecordMoves {
    /// The first round in which moves are recorded.
    pub from_round: u32,
    /// Boards 1..=`boards` record their moves.
    pub boards: u32,
}

impl RecordMoves {
    /// Must the moves of `board` in `round` be recorded?
    pub fn applies(&self, round: u32, board: u32) -> bool {
        self.boards > 0 && round >= self.from_round.max(1) && (1..=self.boards).contains(&board)
    }
}

/// The settings of one section.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SectionSettings {
    pub game: GameKind,
    pub system: PairingSystem,
    /// 轮数 — rounds scheduled.
    pub rounds: u32,
    pub points: PointSystem,
    pub first_round: FirstRoundPattern,
    /// Options of the FIDE Dutch system (used when `system` is `Dutch`).
    pub dutch: DutchOptions,
    /// 循环制 options.
    pub round_robin: RoundRobinOptions,
    /// 淘汰制 options.
    pub knockout: KnockoutOptions,
    /// 交叉赛 (playoff after the Swiss) options.
    pub playoff: PlayoffOptions,
    /// 分阶段晋级 options.
    pub qualification: QualificationOptions,
    /// 录取与奖励办法: places, prizes, titles, promotions, qualification (boxed: it is large
    /// and settings travel inside the undo journal's enum).
    pub awards: Box<AwardOptions>,
    /// 参赛资格 — birth-date range, admitted grades, sex and cap.
    #[serde(default)]
    pub eligibility: Eligibility,
    /// 积分编排制设置 — options of the xiangqi Swiss engine.
    pub xiangqi: XiangqiSwissOptions,
    /// 名次区分 — tiebreak list and ranking options.
    pub standings: StandingsSettings,
    /// 录谱 — boards that record their moves (marked on the pairing sheet and the slips).
    pub record_moves: RecordMoves,
    /// 赛程 — when each round starts, as the regulations write it ("8月29日 09:00"); item 0 is
    /// round 1. Printed in the order book and on the round's pairing sheet.
    pub round_times: Vec<String>,
    /// 签到 — how closing check-in treats the absent (the lots among those present only).
    pub checkin: CheckInOptions,
    /// 迟到时限 — the lateness limit of round 1 and of later rounds, in minutes.
    pub lateness: Lateness,
    /// 报名费 — the section's fee and its reduced rates (the `[fees]` table of a settings file).
    pub fees: FeeOptions,
    /// 禁止配对 — pairs of entrants who must not be paired (an absolute criterion of every
    /// Swiss system). They name entrants of this section, so a regulation template carries
    /// none ([`SectionSettings::without_entrants`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub prohibited: Vec<ProhibitedPair>,
    /// 加减分 — points bonuses and penalties of this section's entrants, counted in the score
    /// from their round on (TRF-2026 record 299). They name entrants, so a regulation template
    /// carries none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub points_adjustments: Vec<PointsAdjustment>,
    /// 申请轮空 — byes the players asked for, by round (a Dutch section's; TRF-2026 record 240
    /// for a round not paired yet). They name entrants: a regulation template carries none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub requested_byes: Vec<RequestedBye>,
    /// FIDE 模式 — whether a chess section has left FIDE mode, and its conduct log (manual
    /// pairings, overridden warnings) for the TRF. Kept by the app services, never by a
    /// settings form: see [`super::fide`].
    #[serde(skip_serializing_if = "FideRecord::is_empty")]
    pub fide: FideRecord,
    /// 团体赛 — boards, reserves, 场分制 and team tie-breaks when the section's entrants are
    /// teams; `None` in an individual section.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team_section: Option<TeamSectionOptions>,
}

impl Default for SectionSettings {
    fn default() -> Self {
        SectionSettings {
            game: GameKind::Xiangqi,
            system: PairingSystem::XiangqiSwiss,
            rounds: 7,
            points: PointSystemPreset::TwoOneZero.system(),
            first_round: FirstRoundPattern::AdjacentAlternating,
            dutch: DutchOptions::default(),
            round_robin: Default::default(),
            knockout: Default::default(),
            playoff: Default::default(),
            qualification: Default::default(),
            awards: Default::default(),
            eligibility: Default::default(),
            xiangqi: Default::default(),
            standings: StandingsSettings::default(),
            record_moves: RecordMoves::default(),
            round_times: Vec::new(),
            checkin: CheckInOptions::default(),
            lateness: Lateness::default(),
            fees: FeeOptions::default(),
            prohibited: Vec::new(),
            points_adjustments: Vec::new(),
            requested_byes: Vec::new(),
            fide: FideRecord::default(),
            team_section: None,
        }
    }
}

impl SectionSettings {
    /// The settings without what names this section's entrants (the prohibited pairings, the
    /// points bonuses and penalties, the requested byes): what a regulation template holds.
    pub fn without_entrants(&self) -> SectionSettings {
        SectionSettings {
            prohibited: Vec::new(),
            points_adjustments: Vec::new(),
            requested_byes: Vec::new(),
            fide: FideRecord::default(),
            ..self.clone()
        }
    }

    /// Is the section in FIDE mode: a chess section that has not left it ([`super::fide`])?
    pub fn fide_mode(&self) -> bool {
        self.game == GameKind::Chess && !self.fide.left()
    }

    /// Is the pairing of `a` and `b` prohibited in round `round`?
    pub fn prohibits(
        &self,
        round: u32,
        a: crate::model::EntrantId,
        b: crate::model::EntrantId,
    ) -> bool {
        super::options::prohibited(&self.prohibited, round, a, b)
    }

    /// The bonuses and penalties `who` has in his score after `rounds` rounds.
    pub fn adjustment_after(&self, who: crate::model::EntrantId, rounds: u32) -> super::Points {
        super::options::adjustment_after(&self.points_adjustments, who, rounds)
    }

    /// When round `round` starts, if the schedule says.
    pub fn round_time(&self, round: u32) -> Option<&str> {
        let i = usize::try_from(round).ok()?.checked_sub(1)?;
        self.round_times
            .get(i)
            .map(|t| t.trim())
            .filter(|t| !t.is_empty())
    }

    /// The settings a new section of an event that begins on `start` (if known) starts from:
    /// the defaults, with the edition of the Dutch rules in force that day (a tournament is
    /// finished under the rules it began with).
    pub fn for_event_starting(start: Option<chrono::NaiveDate>) -> Self {
        SectionSettings::for_game_starting(GameKind::Xiangqi, start)
    }

    /// As [`SectionSettings::for_event_starting`], for a section of `game`: a chess section
    /// starts from the chess defaults ([`SectionSettings::chess`]).
    pub fn for_game_starting(game: GameKind, start: Option<chrono::NaiveDate>) -> Self {
        let mut s = match game {
            GameKind::Xiangqi => SectionSettings::default(),
            GameKind::Chess => SectionSettings::chess(),
        };
        if let Some(day) = start {
            s.dutch.edition = super::DutchEdition::in_force_on(day);
        }
        s
    }

    /// Defaults for a chess section: FIDE Dutch, 1-½-0.
    pub fn chess() -> Self {
        SectionSettings {
            game: GameKind::Chess,
            system: PairingSystem::Dutch,
            points: PointSystemPreset::Chess.system(),
            standings: StandingsSettings::with_list(Preset::FideSwiss.list()),
            ..SectionSettings::default()
        }
    }
}

/// The version of the settings' stored form this program writes. Version 0 is the form before
/// versions were written (event files of schema 3, to December 2026); version 1 has the same
/// fields with the version beside them.
pub const SETTINGS_VERSION: u32 = 1;

/// One step of the stored form: brings settings of version `i` to version `i + 1`.
type Step = fn(&mut serde_json::Map<String, serde_json::Value>);

/// `STEPS[i]` brings version `i` to `i + 1`.
const STEPS: [Step; SETTINGS_VERSION as usize] = [
    // 0 → 1: the fields are unchanged; only the version is new.
    |_| {},
];

/// Why stored settings could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SettingsFormError {
    /// Written by a newer program (its version, this program's).
    #[error("settings of version {0} are newer than this program's ({1})")]
    Newer(u64, u32),
    /// Not settings at all, or a field that cannot be read.
    #[error("settings cannot be read: {0}")]
    Unreadable(String),
}

impl SectionSettings {
    /// The stored form: the settings' fields and `"version": SETTINGS_VERSION`.
    pub fn to_stored(&self) -> serde_json::Value {
        let mut v = serde_json::to_value(self).unwrap_or_default();
        if let Some(map) = v.as_object_mut() {
            map.insert("version".into(), SETTINGS_VERSION.into());
        }
        v
    }

    /// Reads settings stored by this or any earlier version of the program.
    pub fn from_stored(stored: serde_json::Value) -> Result<SectionSettings, SettingsFormError> {
        let map = brought_up(stored, 0)?;
        serde_json::from_value(serde_json::Value::Object(map))
            .map_err(|e| SettingsFormError::Unreadable(e.to_string()))
    }

    /// These settings with the keys of `partial` laid over them ([`lay_over`]): a stored form
    /// that leaves keys out, of this or an earlier version (today's when it has no
    /// `"version"`), brought up to today's form before it is laid over. A key left out keeps
    /// its value here.
    pub fn with_stored(
        &self,
        partial: serde_json::Value,
    ) -> Result<SectionSettings, SettingsFormError> {
        let map = brought_up(partial, u64::from(SETTINGS_VERSION))?;
        let mut whole = self.to_stored();
        lay_over(&mut whole, serde_json::Value::Object(map));
        SectionSettings::from_stored(whole)
    }
}

/// A stored form as an object of today's version: the steps from its `"version"` (`absent`
/// when it has none) on. A step sees every key it changes, or none of them in a partial form.
fn brought_up(
    stored: serde_json::Value,
    absent: u64,
) -> Result<serde_json::Map<String, serde_json::Value>, SettingsFormError> {
    let serde_json::Value::Object(mut map) = stored else {
        return Err(SettingsFormError::Unreadable("not an object".into()));
    };
    let version = match map.remove("version") {
        None => absent,
        Some(v) => v
            .as_u64()
            .ok_or_else(|| SettingsFormError::Unreadable(format!("version {v}")))?,
    };
    if version > u64::from(SETTINGS_VERSION) {
        return Err(SettingsFormError::Newer(version, SETTINGS_VERSION));
    }
    for step in &STEPS[version as usize..] {
        step(&mut map);
    }
    Ok(map)
}

/// Does `over` go into `base` key by key ([`lay_over`]), rather than replace it whole? A
/// table over a table does, unless it is named by an enum's variant (`{ "BySize": … }`,
/// keys in capitals) other than the one `base` holds.
pub fn goes_into(base: &serde_json::Value, over: &serde_json::Value) -> bool {
    let (serde_json::Value::Object(b), serde_json::Value::Object(o)) = (base, over) else {
        return false;
    };
    let variant = |k: &String| k.starts_with(|c: char| c.is_ascii_uppercase());
    !o.keys().any(variant)
        || o.keys().all(|k| b.contains_key(k)) && b.keys().all(|k| o.contains_key(k))
}

/// Lays the keys of `over` over `base`: a table key by key where it goes into the table
/// there ([`goes_into`]), anything else (a value, a list, a variant's table) whole.
pub fn lay_over(base: &mut serde_json::Value, over: serde_json::Value) {
    if !goes_into(base, &over) {
        *base = over;
        return;
    }
    if let (serde_json::Value::Object(b), serde_json::Value::Object(o)) = (base, over) {
        for (k, v) in o {
            match b.get_mut(&k) {
                Some(slot) => lay_over(slot, v),
                None => {
                    b.insert(k, v);
                }
            }
        }
    }
}

/// For a `#[serde(with = …)]` field that holds settings in their stored form, so that they are
/// written with their version and read from any earlier one (the undo journal).
pub mod stored_form {
    use super::SectionSettings;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(s: &SectionSettings, ser: S) -> Result<S::Ok, S::Error> {
        s.to_stored().serialize(ser)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(de: D) -> Result<SectionSettings, D::Error> {
        let v = serde_json::Value::deserialize(de)?;
        SectionSettings::from_stored(v).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Points;

    #[test]
    fn stored_settings_carry_their_version_and_older_ones_still_read() {
        let s = SectionSettings::chess();
        let stored = s.to_stored();
        assert_eq!(stored["version"], SETTINGS_VERSION);
        assert_eq!(SectionSettings::from_stored(stored).unwrap(), s);
        // Version 0: the unversioned form of event files of schema 3.
        let unversioned = serde_json::to_value(&s).unwrap();
        assert!(unversioned.get("version").is_none());
        assert_eq!(SectionSettings::from_stored(unversioned).unwrap(), s);
        // A newer program's settings are refused, not half-read.
        let mut newer = s.to_stored();
        newer["version"] = (SETTINGS_VERSION + 1).into();
        assert_eq!(
            SectionSettings::from_stored(newer),
            Err(SettingsFormError::Newer(
                u64::from(SETTINGS_VERSION) + 1,
                SETTINGS_VERSION
            ))
        );
        assert!(SectionSettings::from_stored(serde_json::json!([1, 2])).is_err());
    }

    #[test]
    fn a_new_section_takes_the_dutch_edition_in_force_on_the_start_date() {
        let day = |y, m, d| chrono::NaiveDate::from_ymd_opt(y, m, d);
        let edition = |start| SectionSettings::for_event_starting(start).dutch.edition;
        assert_eq!(
            edition(day(2025, 12, 28)),
            super::super::DutchEdition::Fide2017
        );
        assert_eq!(
            edition(day(2026, 2, 1)),
            super::super::DutchEdition::Fide2026
        );
        assert_eq!(edition(None), super::super::DutchEdition::Fide2026);
        assert_eq!(
            SectionSettings::for_event_starting(None),
            SectionSettings::default()
        );
    }

    #[test]
    fn a_new_chess_section_scores_one_half_zero_with_fide_tiebreaks() {
        let day = chrono::NaiveDate::from_ymd_opt(2025, 12, 28);
        let s = SectionSettings::for_game_starting(GameKind::Chess, day);
        assert_eq!(s.game, GameKind::Chess);
        // 1 – ½ – 0, in half-points.
        assert_eq!(
            (s.points.red.win, s.points.red.draw, s.points.red.loss),
            (Points(2), Points(1), Points(0))
        );
        assert_eq!(s.standings.tiebreaks, Preset::FideSwiss.list());
        assert_eq!(s.dutch.edition, super::super::DutchEdition::Fide2017);
        assert_eq!(
            SectionSettings::for_game_starting(GameKind::Xiangqi, None),
            SectionSettings::default()
        );
    }

    #[test]
    fn seed_000_men_record_boards_1_to_12_from_round_2() {
        let r = RecordMoves {
            from_round: 2,
            boards: 12,
        };
        assert!(!r.applies(1, 1));
        assert!(r.applies(2, 1) && r.applies(9, 12));
        assert!(!r.applies(2, 13) && !r.applies(2, 0));
        assert!(!RecordMoves::default().applies(5, 1));
        // Files written before the setting existed read as "no board records".
        let old: SectionSettings = serde_json::from_str("{}").unwrap();
        assert_eq!(old.record_moves, RecordMoves::default());
    }
}
