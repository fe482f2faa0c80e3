//! 签到 / 检录 — the registration desk's check-in: who of a section has come, found from what
//! the person at the door types or scans (a 序号, a 报名号, a name, pinyin initials, or the code
//! of an entry card), each check-in one undoable action; the running count 已签到 N / 报名 M;
//! and closing check-in (关闭签到), which withdraws the absent from round 1 in one undoable
//! action that names them. A player who comes after it is checked in all the same and plays
//! from the next round on, as a late entry (rules.md §2.2: 0 points for the rounds missed).

use super::{AppError, Inverse, Tournament};
use crate::conduct::JournalEntry;
use crate::model::{Entrant, EntrantId, EntrantStatus, Event, Section, SectionId};
use crate::store;
use chrono::{NaiveDateTime, Timelike};

/// The prefix of an entry card's code (参赛证): "BP" and the 报名号, six digits at least.
pub const CARD_PREFIX: &str = "BP";

/// The code printed on an entrant's entry card, which a barcode scanner types at the door:
/// "BP" and his 报名号 (the entrant's number in the file, which never changes), e.g. BP000123.
pub fn card_code(id: EntrantId) -> String {
    format!("{CARD_PREFIX}{:06}", id.0)
}

/// The 报名号 a card's code names ("BP000123", "bp123"), or `None` when the text is no code.
pub fn parse_card_code(text: &str) -> Option<EntrantId> {
    let t = text.trim();
    let digits = t
        .get(..CARD_PREFIX.len())
        .filter(|p| p.eq_ignore_ascii_case(CARD_PREFIX))
        .map(|_| &t[CARD_PREFIX.len()..])?;
    if digits.is_empty() || digits.len() > 12 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok().map(EntrantId)
}

/// 已签到 N / 报名 M of a section: the house player (补双) is the organiser's and not counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckInCount {
    pub present: usize,
    pub entered: usize,
}

pub fn check_in_count(s: &Section) -> CheckInCount {
    let entries = s.entrants.iter().filter(|e| !e.house);
    let (present, entered) = entries.fold((0, 0), |(p, n), e| {
        (p + usize::from(e.checked_in.is_some()), n + 1)
    });
    CheckInCount { present, entered }
}

/// The section's entrants not checked in yet, in number order (house players left out).
pub fn not_checked_in(s: &Section) -> Vec<&Entrant> {
    s.entrants_by_number()
        .into_iter()
        .filter(|e| !e.house && e.checked_in.is_none())
        .collect()
}

/// The entrants what was typed at the door names, as (section, entrant), in number order:
/// - an entry card's code ([`card_code`]): that entrant, in whichever section of the event;
/// - digits: the entrant of `section` with that 序号, or else with that 报名号;
/// - a name: the entrants of `section` of exactly that name, or else whose name holds it;
/// - latin letters: the entrants of `section` whose pinyin initials begin with them (周喆: zz).
///
/// The house player is never named: he does not check in.
pub fn check_in_matches(
    event: &Event,
    section: SectionId,
    query: &str,
) -> Vec<(SectionId, EntrantId)> {
    let q = query.trim();
    if q.is_empty() {
        return vec![];
    }
    if let Some(id) = parse_card_code(q) {
        return event
            .sections
            .iter()
            .flat_map(|s| s.entrants.iter().map(move |e| (s.id, e)))
            .filter(|(_, e)| e.id == id && !e.house)
            .map(|(s, e)| (s, e.id))
            .collect();
    }
    let Some(s) = event.section(section) else {
        return vec![];
    };
    let entrants = || s.entrants_by_number().into_iter().filter(|e| !e.house);
    let ids = |v: Vec<&Entrant>| v.into_iter().map(|e| (s.id, e.id)).collect();
    if q.bytes().all(|b| b.is_ascii_digit()) {
        let Ok(n) = q.parse::<i64>() else {
            return vec![];
        };
        let by_number: Vec<&Entrant> = entrants()
            .filter(|e| e.number.map(i64::from) == Some(n))
            .collect();
        if !by_number.is_empty() {
            return ids(by_number);
        }
        return ids(entrants().filter(|e| e.id.0 == n).collect());
    }
    let exact: Vec<&Entrant> = entrants().filter(|e| e.name == q).collect();
    if !exact.is_empty() {
        return ids(exact);
    }
    let letters = q.to_lowercase();
    let initials = letters.bytes().all(|b| b.is_ascii_lowercase());
    ids(entrants()
        .filter(|e| {
            e.name.contains(q)
                || (initials && crate::names::pinyin_initials(&e.name).starts_with(&letters))
        })
        .collect())
}

/// What a check-in did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckedIn {
    /// Checked in now.
    Now(NaiveDateTime),
    /// Checked in after check-in was closed: in play again from round `from_round` on.
    Late { at: NaiveDateTime, from_round: u32 },
    /// Had checked in already, at that time; nothing changed.
    Already(NaiveDateTime),
}

impl Tournament {
    /// 签到 — `id` of `section` has come: his check-in time is now. One undoable action. After
    /// check-in was closed, a player it withdrew plays again from the next round (a late
    /// entry), with the next free 序号 when the numbers were drawn without him. A second
    /// check-in changes nothing and says when the first was. An excluded player (取消比赛资格)
    /// is refused.
    pub fn check_in(&mut self, section: SectionId, id: EntrantId) -> Result<CheckedIn, AppError> {
        self.check_in_by(section, id, None)
    }

    /// [`Tournament::check_in`], journaling who checked him in from a phone (`by`, as
    /// [`super::Hand`] encodes it; `None`: the laptop).
    pub(super) fn check_in_by(
        &mut self,
        section: SectionId,
        id: EntrantId,
        by: Option<&str>,
    ) -> Result<CheckedIn, AppError> {
        let now = chrono::Local::now().naive_local();
        // To the second, as stored.
        let now = now.with_nanosecond(0).unwrap_or(now);
        let s = self.section(section)?;
        let e = s
            .entrant(id)
            .ok_or(AppError::NoSuch(crate::i18n::T::Name))?;
        if let Some(at) = e.checked_in {
            return Ok(CheckedIn::Already(at));
        }
        if e.status == EntrantStatus::Excluded {
            return Err(AppError::CheckInExcluded(e.label()));
        }
        let late = s.checkin_closed.is_some() && e.status == EntrantStatus::Withdrawn;
        let mut after = Entrant {
            checked_in: Some(now),
            ..e.clone()
        };
        if late {
            after.status = EntrantStatus::Active;
            let drawn = s.entrants.iter().any(|x| x.number.is_some());
            if drawn && after.number.is_none() {
                after.number = s
                    .entrants
                    .iter()
                    .filter_map(|x| x.number)
                    .max()
                    .map(|m| m + 1);
            }
        }
        let from_round = crate::conduct::next_round_number(s);
        let entry = JournalEntry::Entrant {
            section: s.name.clone(),
            player: after.label(),
        };
        let before = Inverse::RestoreEntrant {
            section,
            entrant: e.clone(),
            existed: true,
        };
        let action = if late { "checkin.late" } else { "checkin" };
        self.act_by(action, entry, before, by, |tx| {
            store::update_entrant(tx, &after)
        })?;
        Ok(if late {
            CheckedIn::Late {
                at: now,
                from_round,
            }
        } else {
            CheckedIn::Now(now)
        })
    }

    /// 关闭签到 — closes check-in of `section` before round 1: every entrant not checked in
    /// (the house player aside) is withdrawn, so round 1 pairs only those present; where the
    /// lots are drawn among those present ([`crate::model::CheckInOptions`]) the absent also
    /// lose any number. One action, undoable, whose journal entry names the absent. Returns
    /// them. Refused once round 1 is paired, or when it is closed already.
    pub fn close_check_in(&mut self, section: SectionId) -> Result<Vec<EntrantId>, AppError> {
        let now = chrono::Local::now().naive_local();
        let now = now.with_nanosecond(0).unwrap_or(now);
        let s = self.section(section)?;
        if s.checkin_closed.is_some() {
            return Err(AppError::CheckInClosedAlready(s.name.clone()));
        }
        if !s.rounds.is_empty() {
            return Err(AppError::CheckInAfterRoundOne(s.name.clone()));
        }
        let among_present = s.settings.checkin.lots_among_present;
        let absent: Vec<&Entrant> = s
            .entrants_by_number()
            .into_iter()
            .filter(|e| !e.house && e.checked_in.is_none() && e.is_active())
            .collect();
        let changed: Vec<Entrant> = absent
            .iter()
            .map(|e| Entrant {
                status: EntrantStatus::Withdrawn,
                number: if among_present { None } else { e.number },
                ..(*e).clone()
            })
            .collect();
        let mut undo: Vec<Inverse> = absent
            .iter()
            .map(|e| Inverse::RestoreEntrant {
                section,
                entrant: (*e).clone(),
                existed: true,
            })
            .collect();
        undo.push(Inverse::CheckInClosed {
            section,
            closed: None,
        });
        let entry = JournalEntry::CheckInClosed {
            section: s.name.clone(),
            present: check_in_count(s).present as u32,
            absent: absent.iter().map(|e| e.label()).collect(),
        };
        let ids: Vec<EntrantId> = absent.iter().map(|e| e.id).collect();
        self.act("checkin.close", entry, Inverse::Sequence(undo), |tx| {
            for e in &changed {
                store::update_entrant(tx, e)?;
            }
            store::set_checkin_closed(tx, section, Some(now))
        })?;
        Ok(ids)
    }
}

impl super::documents::Printer<'_> {
    /// The values of the 签到表: `section`'s entrants, or every section's, by unit (units in
    /// pinyin order, players in number order), house players left out.
    pub(super) fn sign_in_sheet(
        &self,
        section: Option<SectionId>,
        lang: crate::i18n::Lang,
    ) -> Result<crate::report::sign_in_sheet::SignInSheet, AppError> {
        use crate::report::sign_in_sheet::{SignInRow, SignInSection, SignInSheet};
        let sections: Vec<&Section> = match section {
            Some(id) => vec![self.section(id)?],
            None => self.event().sections.iter().collect(),
        };
        let mut out = SignInSheet {
            event: self.event().name.clone(),
            when: super::documents::when_line(self.event(), lang),
            sections: vec![],
        };
        for s in sections {
            let mut units: Vec<(String, Vec<SignInRow>)> = vec![];
            let mut players = s.entrants_by_number();
            players.retain(|e| !e.house);
            let mut names: Vec<&str> = players.iter().map(|e| e.unit.trim()).collect();
            names.sort_by_cached_key(|u| (crate::names::pinyin_key(u), u.to_string()));
            names.dedup();
            for unit in names {
                let rows = players
                    .iter()
                    .filter(|e| e.unit.trim() == unit)
                    .map(|e| SignInRow {
                        number: e.number.map(|n| n.to_string()).unwrap_or_default(),
                        registration: e.id.0.to_string(),
                        name: e.name.clone(),
                        sex: crate::i18n::sex_text(e.sex, lang).to_string(),
                        checked_in: e
                            .checked_in
                            .map(|at| at.format("%H:%M").to_string())
                            .unwrap_or_default(),
                    })
                    .collect();
                units.push((unit.to_string(), rows));
            }
            let c = check_in_count(s);
            out.sections.push(SignInSection {
                name: s.name.clone(),
                count: crate::i18n::fill(
                    crate::i18n::T::CheckInCount.get(lang),
                    &[&s.name, &c.present, &c.entered],
                ),
                units,
            });
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Entrant;

    fn section() -> Section {
        let mut s = Section {
            id: SectionId(1),
            ..Section::default()
        };
        for (id, number, name) in [
            (11, Some(1), "周喆"),
            (12, Some(2), "张三"),
            (13, Some(3), "张三丰"),
            (14, Some(12), "赵子龙"),
            (15, Some(4), "李四"),
        ] {
            s.entrants.push(Entrant {
                id: EntrantId(id),
                number,
                name: name.into(),
                ..Entrant::default()
            });
        }
        s
    }

    fn event() -> Event {
        let mut other = section();
        other.id = SectionId(2);
        for e in &mut other.entrants {
            e.id.0 += 100;
        }
        Event {
            sections: vec![section(), other],
            ..Event::default()
        }
    }

    fn names(event: &Event, query: &str) -> Vec<(i64, i64)> {
        check_in_matches(event, SectionId(1), query)
            .into_iter()
            .map(|(s, e)| (s.0, e.0))
            .collect()
    }

    #[test]
    fn a_card_code_reads_back_as_the_registration_number() {
        assert_eq!(card_code(EntrantId(123)), "BP000123");
        assert_eq!(parse_card_code("BP000123"), Some(EntrantId(123)));
        assert_eq!(parse_card_code(" bp123 "), Some(EntrantId(123)));
        for not in ["BP", "BPx1", "123", "B123", "BP-1", "BP99999999999999999"] {
            assert_eq!(parse_card_code(not), None, "{not}");
        }
    }

    #[test]
    fn what_the_door_types_names_the_players_it_should() {
        let e = event();
        // 序号 first: 12 is 赵子龙's number, not 报名号 12 (张三).
        assert_eq!(names(&e, "12"), [(1, 14)]);
        // A number no one has as 序号: the 报名号.
        assert_eq!(names(&e, "13"), [(1, 13)]);
        assert_eq!(names(&e, "99"), []);
        // An exact name wins over the names that hold it.
        assert_eq!(names(&e, "张三"), [(1, 12)]);
        assert_eq!(names(&e, "张"), [(1, 12), (1, 13)]);
        // Pinyin initials: zs is 张三 and 张三丰 (zsf); zz is 周喆, zzl 赵子龙 too.
        assert_eq!(names(&e, "zs"), [(1, 12), (1, 13)]);
        assert_eq!(names(&e, "ZZ"), [(1, 11), (1, 14)]);
        assert_eq!(names(&e, "zzl"), [(1, 14)]);
        // A card names its player in whichever section he plays.
        assert_eq!(names(&e, "BP000112"), [(2, 112)]);
        assert_eq!(names(&e, "  "), []);
    }

    #[test]
    fn the_count_leaves_the_house_player_out() {
        let mut s = section();
        s.entrants[0].checked_in =
            chrono::NaiveDate::from_ymd_opt(2026, 8, 29).and_then(|d| d.and_hms_opt(8, 31, 0));
        s.entrants.push(Entrant {
            id: EntrantId(99),
            house: true,
            ..Entrant::default()
        });
        assert_eq!(
            check_in_count(&s),
            CheckInCount {
                present: 1,
                entered: 5
            }
        );
        let missing: Vec<i64> = not_checked_in(&s).iter().map(|e| e.id.0).collect();
        assert_eq!(missing, [12, 13, 15, 14], "in number order");
    }
}
