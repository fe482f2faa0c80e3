//! 积分编排制设置 — the settings of the xiangqi Swiss engine, one struct held by
//! `SectionSettings::xiangqi`. Every point rules.md §1.4 marks as a setting is a field here, with
//! the default the rule book marks (§1.4.2 [PHP-BP] practice, §1.4.3 criteria table).

use serde::{Deserialize, Serialize};

/// 编排方法 — the positional rule that decides, among pairings equal on every earlier criterion,
/// who meets whom inside a score group (rules.md §1.4.3 Q6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PositionalRule {
    /// 异行配对 — the due-red row against the due-black row in sequence order
    /// ([XQ-APPX] “多先者与多后者编对”; the xiangqi default).
    #[default]
    ColourRows,
    /// 临近配对 — neighbours in pairing-number order (1 v 2, 3 v 4 …).
    Adjacent,
    /// FIDE-style top half against bottom half (S1[i] v S2[i]), number order.
    TopHalfBottomHalf,
}

/// How forfeits are counted for exclusion (rules.md §1.3: SH “连续两轮”, BJ “弃权两轮”).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ForfeitCount {
    /// 连续 N 轮弃权 — N forfeits in consecutive rounds (seed 000; [PHP-BP] default).
    #[default]
    Consecutive,
    /// 弃权 N 轮 — N forfeits in total (seed 001).
    Total,
}

/// 轮空 policy (rules.md §1.4.2 “lunkongfen”).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ByePolicy {
    /// 未曾轮空过的最低分 — the lowest score group among players who never had a bye (default).
    #[default]
    LowestNeverHadBye,
    /// 最低分中轮空最少的 — among the lowest scorers, the one with the fewest byes (a second bye
    /// is then possible only when everyone eligible already had one).
    LowestFewestByes,
}

/// 积分编排制设置.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct XiangqiSwissOptions {
    /// Q6 — the positional rule inside a score group.
    pub positional: PositionalRule,
    /// 禁连三 — nobody gets the same colour three times in a row.
    pub no_three_in_a_row: bool,
    /// 禁多三 — |reds − blacks| never reaches 3.
    pub max_colour_difference_two: bool,
    /// A forfeited pairing counts as met (xiangqi practice [GD-FORUM]).
    pub forfeit_counts_as_met: bool,
    /// 同队回避 — same-unit players are not paired in rounds `same_unit_from..=same_unit_to`
    /// (seed 000: round 1 only). `same_unit_to = 0` turns the rule off.
    pub same_unit_from: u32,
    pub same_unit_to: u32,
    /// 弃权 N 轮不编排 — the number of forfeits after which a player is no longer paired
    /// (0 = never).
    pub forfeit_exclusion: u32,
    pub forfeit_exclusion_count: ForfeitCount,
    pub bye_policy: ByePolicy,
    /// 后三轮 — in the last three rounds the higher scorer's colour preference goes first.
    pub last_three_rounds_leader: bool,
    /// 调整上下调 — avoid floating a player the same way twice running.
    pub float_balance: bool,
}

impl Default for XiangqiSwissOptions {
    fn default() -> Self {
        XiangqiSwissOptions {
            positional: PositionalRule::ColourRows,
            no_three_in_a_row: true,
            max_colour_difference_two: true,
            forfeit_counts_as_met: true,
            same_unit_from: 1,
            same_unit_to: 1,
            forfeit_exclusion: 2,
            forfeit_exclusion_count: ForfeitCount::Consecutive,
            bye_policy: ByePolicy::LowestNeverHadBye,
            last_three_rounds_leader: true,
            float_balance: true,
        }
    }
}

impl XiangqiSwissOptions {
    /// Is same-unit avoidance in force in `round`?
    pub fn avoids_units_in(&self, round: u32) -> bool {
        self.same_unit_to != 0 && (self.same_unit_from..=self.same_unit_to).contains(&round)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_marked_ones_and_old_files_load() {
        let o = XiangqiSwissOptions::default();
        // §1.4.2: 禁连三 and 禁多三 on; §1.4.1.4: forfeit = met; seed 000: round-1 unit avoidance;
        // §1.3: two consecutive forfeits exclude.
        assert!(o.no_three_in_a_row && o.max_colour_difference_two && o.forfeit_counts_as_met);
        assert!(o.avoids_units_in(1) && !o.avoids_units_in(2));
        assert_eq!(o.forfeit_exclusion, 2);
        assert_eq!(o.positional, PositionalRule::ColourRows);
        let old: XiangqiSwissOptions = serde_json::from_str("{}").unwrap();
        assert_eq!(old, o);
        let partial: XiangqiSwissOptions =
            serde_json::from_str(r#"{"positional":"Adjacent"}"#).unwrap();
        assert_eq!(partial.positional, PositionalRule::Adjacent);
        assert!(partial.no_three_in_a_row);
    }
}
