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
}

impl Default for DutchOptions {
    fn default() -> Self {
        DutchOptions {
            edition: DutchEdition::Fide2026,
            baku: false,
            initial_colour: Side::Red,
        }
    }
}
