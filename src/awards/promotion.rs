//! 级位晋升 — promotions in grade events (级位赛, rules.md §3). A player's score rate is his
//! points over the most he could score in the scheduled rounds (chess: points ÷ rounds; 2-1-0
//! xiangqi: points ÷ 2 ÷ rounds); reaching the rate the table sets for his current grade earns
//! the target grade. A grade may have several targets (a higher rate skips a grade).
//!
//! Some grade events stop pairing a player once he is promoted or can no longer reach any
//! target (“已达标晋级者和中途升级无望者不再进入之后轮次的比赛”): [`stopped_players`] says who,
//! and the pairing engines hold them out.

use crate::model::{
    AwardOptions, EarlyStop, EntrantId, PointSystem, Points, PromotionOptions, Section, UNGRADED,
    canonical_grade, is_ungraded,
};
use crate::standings::points_after;

/// The points that count for promotion after `rounds` rounds: the standings' points, less the
/// byes' points when byes do not count.
fn promotion_points(
    section: &Section,
    options: &PromotionOptions,
    who: EntrantId,
    rounds: u32,
) -> Points {
    let points = points_after(section, who, rounds);
    if options.byes_count {
        return points;
    }
    let byes: Points = section
        .rounds
        .iter()
        .filter(|r| r.number <= rounds)
        .filter_map(|r| r.bye_of(who))
        .map(|b| b.kind.points(&section.settings.points))
        .sum();
    points - byes
}

/// A target grade and the points that reach it in this section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    pub to_grade: String,
    pub required: Points,
}

/// A promotion earned (晋级名单 line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promotion {
    pub entrant: EntrantId,
    pub from_grade: String,
    pub to_grade: String,
    pub points: Points,
    pub required: Points,
}

/// The points that reach `rate_percent` % of `rounds` × `per_round`, rounded up to the next
/// half-point (points come in halves): ⌈rate × rounds × per_round⌉.
pub fn required_points(rate_percent: u32, rounds: u32, per_round: Points) -> Points {
    let halves = u64::try_from(per_round.halves()).unwrap_or(0);
    let num = u64::from(rate_percent) * u64::from(rounds) * halves;
    Points(i32::try_from(num.div_ceil(100)).unwrap_or(i32::MAX))
}

/// The targets open to a player of `grade` (however it is spelled: 棋协九级棋士, 九级棋士,
/// 中国国际象棋协会9级棋士; no grade, left blank or written 无, is 无级) in a section of `rounds` rounds, lowest first.
pub fn targets(
    options: &PromotionOptions,
    grade: &str,
    rounds: u32,
    points: &PointSystem,
) -> Vec<Target> {
    let grade = canonical_grade(grade);
    let mut out: Vec<Target> = options
        .table
        .iter()
        .filter(|s| canonical_grade(&s.from_grade) == grade)
        .map(|s| Target {
            to_grade: s.to_grade.clone(),
            required: s
                .points
                .unwrap_or_else(|| required_points(s.rate_percent, rounds, points.max_per_round())),
        })
        .collect();
    out.sort_by_key(|t| t.required);
    out
}

/// A grade as the promotion list prints it: as written, or 无级 for no grade (left blank, 无).
fn canonical_or_written(grade: &str) -> String {
    if is_ungraded(grade) {
        UNGRADED.to_string()
    } else {
        grade.trim().to_string()
    }
}

/// 晋级名单 — every entrant whose final score reaches a target of his grade, with the highest
/// target reached, in the section's entrant order. A house player (补双) is never promoted.
pub fn promotions(section: &Section, options: &AwardOptions) -> Vec<Promotion> {
    let rounds = section.settings.rounds;
    section
        .entrants
        .iter()
        .filter(|e| !e.house)
        .filter_map(|e| {
            let points = promotion_points(section, &options.promotion, e.id, rounds);
            targets(
                &options.promotion,
                &e.grade,
                rounds,
                &section.settings.points,
            )
            .into_iter()
            .rfind(|t| points >= t.required)
            .map(|t| Promotion {
                entrant: e.id,
                from_grade: canonical_or_written(&e.grade),
                to_grade: t.to_grade,
                points,
                required: t.required,
            })
        })
        .collect()
}

/// Players not to be paired after round `after_round`: promoted, or unable to reach any target
/// even by winning every remaining round, as the early-stop rule says. Players whose grade has
/// no row in the table are never stopped, nor is a house player (补双), who is never promoted.
/// Sorted by id.
pub fn stopped_players(
    section: &Section,
    options: &AwardOptions,
    after_round: u32,
) -> Vec<EntrantId> {
    let rule = options.promotion.early_stop;
    if rule == EarlyStop::Never {
        return Vec::new();
    }
    let rounds = section.settings.rounds;
    let per_round = section.settings.points.max_per_round();
    let remaining = i32::try_from(rounds.saturating_sub(after_round)).unwrap_or(i32::MAX);
    let mut out: Vec<EntrantId> = section
        .entrants
        .iter()
        .filter(|e| !e.house)
        .filter(|e| {
            let ts = targets(
                &options.promotion,
                &e.grade,
                rounds,
                &section.settings.points,
            );
            if ts.is_empty() {
                return false;
            }
            let score = promotion_points(section, &options.promotion, e.id, after_round);
            let best = score + Points(per_round.halves().saturating_mul(remaining));
            let reached = ts.iter().any(|t| score >= t.required);
            let open = ts.iter().any(|t| score < t.required && best >= t.required);
            match rule {
                EarlyStop::Never => false,
                EarlyStop::StopAtFirst => reached || !open,
                EarlyStop::ContinueWhileHigherReachable => !open,
            }
        })
        .map(|e| e.id)
        .collect();
    out.sort();
    out
}
