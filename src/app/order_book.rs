//! 秩序册 — the order book's values: the event's header, its details (组织机构, 裁判员名单,
//! 竞赛规程, 赛场须知: a part only when the event gives it), and for each section its entrants
//! and the regulation's rules put into sentences (the first round, the lateness limit, the
//! tiebreaks, who may enter, team places, promotions, prizes), as a Chinese order book states
//! them.

use super::AppError;
use super::documents::{Printer, cover_details};
use crate::i18n::{Lang, T, fill};
use crate::model::{EventDetails, PairingSystem, PlacesRule, Section};
use crate::report::order_book::{OrderBook, OrderBookSection};

impl Printer<'_> {
    /// The values of the order book (秩序册).
    pub fn order_book(&self, lang: Lang) -> Result<OrderBook, AppError> {
        let t = |k: T| k.get(lang);
        let e = self.event();
        let mut sections = Vec::new();
        for s in &e.sections {
            let mut rules = vec![
                fill(
                    t(T::RoundsLine),
                    &[
                        &t(super::error::system_name(s.settings.system)),
                        &s.settings.rounds,
                    ],
                ),
                fill(t(T::PointsLine), &[&s.settings.points.label()]),
            ];
            rules.push(format!(
                "{}{}{}",
                t(T::FirstRound),
                t(T::ListColon),
                first_round_text(s, lang)
            ));
            rules.extend(conduct_lines(s, lang));
            rules.extend(
                crate::i18n::lateness_text(&s.settings.lateness, lang)
                    .map(|l| format!("{l}{}", t(T::LatenessRuleTail))),
            );
            if let Some(seed) = s.lot_seed {
                rules.push(fill(t(T::LotSeedLine), &[&seed]));
            }
            let tiebreaks: Vec<String> = s
                .settings
                .standings
                .tiebreaks
                .iter()
                .map(|tb| crate::i18n::tiebreak_label(*tb, lang))
                .collect();
            // A knockout is placed by its bracket: its tiebreak list is not in force.
            if !tiebreaks.is_empty() && s.settings.system != PairingSystem::Knockout {
                rules.push(fill(
                    t(T::TiebreakOrder),
                    &[&tiebreaks.join(t(T::ListSeparator))],
                ));
            }
            rules.extend(award_lines(s, lang));
            rules.extend(eligibility_line(s, lang));
            rules.extend(team_line(s, lang));
            let rm = s.settings.record_moves;
            if rm.boards > 0 {
                rules.push(fill(
                    t(T::RecordMovesLine),
                    &[&rm.from_round.max(1), &rm.boards],
                ));
            }
            rules.extend(promotion_lines(s, lang));
            let mut units: Vec<(String, Vec<String>)> = Vec::new();
            for en in s.entrants_by_number() {
                let label = match en.number {
                    Some(n) => format!("{n} {}", en.name),
                    None => en.name.clone(),
                };
                match units.iter_mut().find(|(u, _)| *u == en.unit) {
                    Some((_, names)) => names.push(label),
                    None => units.push((en.unit.clone(), vec![label])),
                }
            }
            units.sort_by_cached_key(|(u, _)| crate::names::pinyin_key(u));
            let round_one = match s.round(1) {
                Some(_) => Some(self.pairing_sheet(s.id, 1, lang)?),
                None => None,
            };
            let schedule = (1..=s.settings.rounds)
                .filter_map(|r| s.settings.round_time(r).map(|w| (r, w.to_string())))
                .collect();
            sections.push(OrderBookSection {
                name: s.name.clone(),
                rules,
                schedule,
                units,
                entrants: ranked_entrants(s) as usize,
                round_one,
            });
        }
        let d = &e.details;
        let list = |label: T, text: &str| {
            let lines: Vec<String> = EventDetails::lines(text)
                .into_iter()
                .map(str::to_string)
                .collect();
            (!lines.is_empty()).then(|| (t(label).to_string(), lines))
        };
        let organisation = [
            list(T::Organiser, &e.organiser),
            list(T::Hosts, &d.hosts),
            list(T::CoOrganisers, &d.co_organisers),
            list(T::Committee, &d.committee),
        ];
        let officials = [
            list(T::ChiefArbiter, &e.chief_arbiter),
            list(T::DeputyArbiters, &d.deputy_arbiters),
            list(T::Arbiters, &d.arbiters),
        ];
        let lines = |text: &str| -> Vec<String> {
            EventDetails::lines(text)
                .into_iter()
                .map(str::to_string)
                .collect()
        };
        Ok(OrderBook {
            header: cover_details(e, lang),
            organisation: organisation.into_iter().flatten().collect(),
            officials: officials.into_iter().flatten().collect(),
            regulations: lines(&d.regulations),
            venue_rules: lines(&d.venue_rules),
            sections,
        })
    }
}

/// The award rules of a section in brief, for the order book: places, prize money, titles,
/// qualifiers.
/// The entrants who take part for places: a house player (补双) does not.
fn ranked_entrants(s: &Section) -> u32 {
    s.entrants.iter().filter(|e| !e.house).count() as u32
}

/// How round 1 is paired, as the section's system does it.
fn first_round_text(s: &Section, lang: Lang) -> String {
    crate::i18n::first_round_label(s.settings.system, s.settings.first_round)
        .get(lang)
        .to_string()
}

/// The rules of the section's conduct: a knockout's match format, a playoff, same-unit
/// avoidance and exclusion after forfeits (xiangqi Swiss), staged qualification.
fn conduct_lines(s: &Section, lang: Lang) -> Vec<String> {
    use crate::model::{ForfeitCount, PairingSystem};
    let t = |k: T| k.get(lang);
    let set = &s.settings;
    let third = |k: &crate::model::KnockoutOptions| {
        if k.third_place_match {
            t(T::ThirdPlaceMatchSuffix)
        } else {
            ""
        }
    };
    let mut out = Vec::new();
    if set.system == PairingSystem::Knockout {
        out.push(fill(
            t(T::MatchFormatLine),
            &[
                &crate::i18n::phases_text(&set.knockout.phases, lang),
                &third(&set.knockout),
            ],
        ));
    } else if set.playoff.players > 0 {
        let p = &set.playoff;
        out.push(fill(
            t(T::PlayoffLine),
            &[
                &p.after_round,
                &p.players,
                &crate::i18n::phases_text(&p.format.phases, lang),
                &third(&p.format),
            ],
        ));
    }
    if set.system == PairingSystem::XiangqiSwiss {
        let x = &set.xiangqi;
        if x.same_unit_to != 0 {
            out.push(if x.same_unit_from == x.same_unit_to {
                fill(t(T::SameUnitOne), &[&x.same_unit_from])
            } else {
                fill(t(T::SameUnitRange), &[&x.same_unit_from, &x.same_unit_to])
            });
        }
        if x.forfeit_exclusion > 0 {
            let k = match x.forfeit_exclusion_count {
                ForfeitCount::Consecutive => T::ForfeitConsecutiveLine,
                ForfeitCount::Total => T::ForfeitTotalLine,
            };
            out.push(fill(t(k), &[&x.forfeit_exclusion]));
        }
    }
    let q = &set.qualification;
    if !q.stages.is_empty() {
        let items: Vec<String> = q
            .stages
            .iter()
            .map(|st| fill(t(T::QualificationStageLine), &[&st.after_round, &st.count]))
            .chain(
                q.sub_lists
                    .iter()
                    .map(|l| fill(t(T::QualificationSubListLine), &[&l.name, &l.count])),
            )
            .chain(
                (q.wildcards > 0).then(|| fill(t(T::QualificationWildcardLine), &[&q.wildcards])),
            )
            .collect();
        out.push(fill(
            t(T::QualificationLine),
            &[&items.join(t(T::ListSeparator))],
        ));
    }
    out
}

/// 参赛资格 — the section's entry rules, if it has any: sex, birth dates, grades, the ways in.
fn eligibility_line(s: &Section, lang: Lang) -> Option<String> {
    use crate::model::Sex;
    let t = |k: T| k.get(lang);
    let el = &s.settings.eligibility;
    let mut parts = Vec::new();
    match el.sex {
        Some(Sex::Male) => parts.push(t(T::EligibilityMen).to_string()),
        Some(Sex::Female) => parts.push(t(T::EligibilityWomen).to_string()),
        Some(Sex::Unknown) | None => {}
    }
    match (el.born_from, el.born_to) {
        (Some(a), Some(b)) => parts.push(fill(t(T::EligibilityBornRange), &[&a, &b])),
        (Some(a), None) => parts.push(fill(t(T::EligibilityBornFrom), &[&a])),
        (None, Some(b)) => parts.push(fill(t(T::EligibilityBornTo), &[&b])),
        (None, None) => {}
    }
    if !el.grades.is_empty() {
        parts.push(fill(
            t(T::EligibilityGradesLine),
            &[&el.grades.join(t(T::ListSeparator))],
        ));
    }
    if !el.any_of.is_empty() {
        let routes: Vec<String> = el.any_of.iter().map(|r| r.text()).collect();
        parts.push(fill(
            t(T::EligibilityRoutesLine),
            &[&routes.join(t(T::ClauseSeparator))],
        ));
    }
    (!parts.is_empty()).then(|| fill(t(T::EligibilityLine), &[&parts.join(t(T::ClauseSeparator))]))
}

/// 团体名次 — how teams are ranked and how many are placed, where the section holds a team
/// competition.
fn team_line(s: &Section, lang: Lang) -> Option<String> {
    use crate::model::Sex;
    if !s.has_team_competition() {
        return None;
    }
    let t = |k: T| k.get(lang);
    let team = &s.settings.standings.team;
    let sex = match team.sex {
        Some(Sex::Male) => t(T::TeamMen),
        Some(Sex::Female) => t(T::TeamWomen),
        Some(Sex::Unknown) | None => "",
    };
    let registered = if team.registered_only {
        t(T::TeamRegisteredOnlyLine)
    } else {
        ""
    };
    let teams = crate::standings::team::teams_entered(s, team);
    let places = s
        .settings
        .awards
        .team_places
        .places_awarded(u32::try_from(teams).unwrap_or(u32::MAX));
    Some(fill(
        t(T::TeamRuleLine),
        &[&team.members, &sex, &registered, &teams, &places],
    ))
}

/// The promotion table (级位赛晋级标准) and the early stop, if the section has them.
fn promotion_lines(s: &Section, lang: Lang) -> Vec<String> {
    use crate::model::EarlyStop;
    let t = |k: T| k.get(lang);
    let p = &s.settings.awards.promotion;
    if p.table.is_empty() {
        return Vec::new();
    }
    let steps: Vec<String> = p
        .table
        .iter()
        .map(|st| match st.points {
            // Seed 004 精英组: “4.5分”, not a rate.
            Some(points) => fill(
                t(T::PromotionStepPointsLine),
                &[&st.from_grade, &st.to_grade, &points],
            ),
            None => fill(
                t(T::PromotionStepLine),
                &[&st.from_grade, &st.to_grade, &st.rate_percent],
            ),
        })
        .collect();
    let mut out = vec![fill(
        t(T::PromotionLine),
        &[&steps.join(t(T::ListSeparator))],
    )];
    if p.early_stop != EarlyStop::Never {
        out.push(t(T::EarlyStopLine).to_string());
    }
    out
}

fn award_lines(s: &Section, lang: Lang) -> Vec<String> {
    let t = |k: T| k.get(lang);
    let a = &s.settings.awards;
    let n = ranked_entrants(s);
    let bands = |bands: &[crate::awards::PrizeBand]| {
        let text: Vec<String> = bands
            .iter()
            .map(|b| {
                if b.from == b.to {
                    fill(t(T::PrizeBandOne), &[&b.from, &b.amount])
                } else {
                    fill(t(T::PrizeBandRange), &[&b.from, &b.to, &b.amount])
                }
            })
            .collect();
        text.join(t(T::ListSeparator))
    };
    let mut out = Vec::new();
    // A section that places only within its sub-rankings (seed 001's U14组: 男子录取前八名、女子
    // 录取前七名) awards no places of its own: its special prizes say what it awards.
    let places = a.places.places_awarded(n);
    if places > 0 || a.special_prizes.is_empty() {
        out.push(fill(t(T::PlacesLine), &[&n, &places]));
    }
    if !a.prizes.bands.is_empty() {
        out.push(fill(
            t(T::PrizesLine),
            &[
                &crate::i18n::tax_basis(a.prizes.tax, lang),
                &bands(&a.prizes.bands),
            ],
        ));
    }
    for sp in &a.special_prizes {
        // The places the list awards of its own, else the last its table pays.
        let last = match sp.places {
            Some(
                PlacesRule::ReduceIfFewer { places }
                | PlacesRule::Fixed { places }
                | PlacesRule::BySize {
                    up_to_places: places,
                    ..
                },
            ) => places,
            None => sp.table.bands.iter().map(|b| b.to).max().unwrap_or(0),
        };
        let mut line = fill(t(T::SpecialPlacesLine), &[&sp.name, &last]);
        if sp.table.bands.iter().any(|b| b.amount > 0) {
            line.push_str(&fill(
                t(T::SpecialPrizeMoney),
                &[
                    &crate::i18n::tax_basis(sp.table.tax, lang),
                    &bands(&sp.table.bands),
                ],
            ));
        }
        out.push(line);
    }
    for r in &a.titles {
        let mut line = fill(t(T::TitleRuleLine), &[&r.from, &r.to, &r.title]);
        if r.min_played > 0 {
            line.push_str(&fill(t(T::TitleRuleMinLine), &[&r.min_played]));
        }
        out.push(line);
    }
    if a.qualifiers > 0 {
        out.push(fill(t(T::QualifiersLine), &[&a.qualifiers]));
    }
    out
}
