//! Options of the FIDE Dutch system (C.04.3) kept with a section: the rule edition in force when
//! the tournament began (a tournament is finished under the rules it started with), Baku
//! acceleration and the initial colour drawn before round 1.

use crate::model::Side;
use serde::{Deserialize, Serialize};

/// The edition of the Dutch rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DutchEdition {
    /// C.04.3 in force from 1 February 2026, criteria C1–C21 (rules.md §2.4).
    #[default]
    Fide2026,
    /// C.04.3 as in force from 2017 to 31 January 2026, criteria C.1–C.19 (rules.md §2.3).
    Fide2017,
}

impl DutchEdition {
    /// The first day of the 2026 edition: a tournament that began earlier is paired by the
    /// 2017 edition to its end.
    pub const FIDE_2026_FROM: (i32, u32, u32) = (2026, 2, 1);

    /// The edition in force on the day a tournament began.
    pub fn in_force_on(date: chrono::NaiveDate) -> DutchEdition {
        let (y, m, d) = Self::FIDE_2026_FROM;
        match chrono::NaiveDate::from_ymd_opt(y, m, d) {
            Some(from) if date < from => DutchEdition::Fide2017,
            _ => DutchEdition::Fide2026,
        }
    }
}

/// 荷兰制选项.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct DutchOptions {
    pub edition: DutchEdition,
    /// Baku acceleration (C.04.5.1): virtual points for the top half in the first rounds.
    pub baku: bool,
    /// 初始颜色 — the colour of the top-ranked player on board 1 in round 1 (E.5), drawn by lot.
    pub initial_colour: Side,
    /// 半分轮空上限 — the most half-point byes a player may request over the event (those
    /// already taken counted); `None`: as many as he likes. The regulation's, not FIDE's.
    pub half_point_byes_max: Option<u32>,
    /// No half-point bye may be requested for the last this many rounds (0: for any round).
    pub half_point_byes_not_last: u32,
}

impl Default for DutchOptions {
    fn default() -> Self {
        DutchOptions {
            edition: DutchEdition::Fide2026,
            baku: false,
            initial_colour: Side::Red,
            half_point_byes_max: None,
            half_point_byes_not_last: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_stored_before_the_2017_edition_still_read() {
        // No edition at all (settings stored before editions were kept), and the 2026 one.
        let old: DutchOptions =
            serde_json::from_str(r#"{"baku":true,"initial_colour":"Black"}"#).expect("old");
        assert_eq!(old.edition, DutchEdition::Fide2026);
        assert!(old.baku);
        let new: DutchOptions = serde_json::from_str(r#"{"edition":"Fide2026"}"#).expect("2026");
        assert_eq!(new, DutchOptions::default());
        let back = serde_json::to_string(&DutchOptions {
            edition: DutchEdition::Fide2017,
            ..DutchOptions::default()
        })
        .expect("json");
        let read: DutchOptions = serde_json::from_str(&back).expect("2017");
        assert_eq!(read.edition, DutchEdition::Fide2017);
    }

    #[test]
    fn the_edition_in_force_on_the_first_day() {
        let day = |y, m, d| chrono::NaiveDate::from_ymd_opt(y, m, d).expect("date");
        assert_eq!(
            DutchEdition::in_force_on(day(2026, 1, 31)),
            DutchEdition::Fide2017
        );
        assert_eq!(
            DutchEdition::in_force_on(day(2026, 2, 1)),
            DutchEdition::Fide2026
        );
        assert_eq!(
            DutchEdition::in_force_on(day(2019, 7, 1)),
            DutchEdition::Fide2017
        );
    }
}
