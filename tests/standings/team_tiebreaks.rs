//! FIDE C.07 team tie-breaks on FIDE TEC's team sample (Grandmommy's Cup, 50 teams, 14 rounds):
//! every team's match points, game points, EDET, EMGSB/C1, BH:MP/C1, MPvGP and place equal to
//! the values FIDE TEC's TieBreakServer computed (`grandmommys_cup_expected.json`, whose
//! sidecar says which readings it applies), under the 2024 rules (the file's start date picks
//! them) and under the March 2026 rules (forced); the TRF-2026 adaptation of the same sample
//! read too, and the team records written back.

use super::common::shared_data;
use bianpai::interchange::trf::{TrfFile, TrfProblem, TrfTeamFile, team_round_lines};
use bianpai::model::TeamTiebreakSpec;
use bianpai::model::{ByeKind, FideEdition, Points};
use bianpai::standings::team_fide::{TeamStanding, edition_on, team_standings};
use serde_json::Value;

fn read(name: &str) -> TrfTeamFile {
    let bytes = std::fs::read(shared_data(&format!("real_trf/{name}"))).expect("sample present");
    let file = TrfFile::read(&bytes).expect("sample reads as TRF");
    file.team_event().expect("sample reads as a team event")
}

fn expected() -> Value {
    let text = std::fs::read_to_string(shared_data("real_trf/grandmommys_cup_expected.json"))
        .expect("expected values present");
    serde_json::from_str(&text).expect("JSON")
}

fn ranked(f: &TrfTeamFile, edition: FideEdition) -> Vec<TeamStanding> {
    team_standings(&f.event, &f.tiebreaks, edition, f.event.rounds)
}

fn line_of(s: &[TeamStanding], team: u64) -> &TeamStanding {
    s.iter()
        .find(|l| u64::from(l.team) == team)
        .unwrap_or_else(|| panic!("team {team} ranked"))
}

/// Checks every team's values against `teams` (the JSON's list for one edition); MP and GP
/// come from the main list, which both editions share.
fn check(s: &[TeamStanding], teams: &[Value], main: &[Value]) {
    assert_eq!(s.len(), 50);
    let mut wrong = Vec::new();
    for t in teams {
        let n = t["team"].as_u64().unwrap();
        let m = main.iter().find(|x| x["team"] == t["team"]).unwrap();
        let l = line_of(s, n);
        let got = (
            l.match_points.as_f64(),
            l.game_points.as_f64(),
            l.values[0],
            l.values[1],
            l.values[2],
            l.values[3],
            u64::from(l.rank),
        );
        let want = (
            m["match_points"].as_f64().unwrap(),
            m["game_points"].as_f64().unwrap(),
            t["EDET/P"].as_f64().unwrap(),
            t["EMGSB/C1/P"].as_f64().unwrap(),
            t["BH:MP/C1/P"].as_f64().unwrap(),
            t["MPvGP"].as_f64().unwrap(),
            t["rank"].as_u64().unwrap(),
        );
        if got != want {
            wrong.push(format!("team {n}: got {got:?}, want {want:?}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} teams differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn the_202_line_is_read_as_the_team_list_and_the_start_date_picks_the_2024_rules() {
    let f = read("grandmommys_cup_trf25_tec_sample.trf");
    let codes: Vec<String> = f.tiebreaks.iter().map(|s| s.tiebreak.code()).collect();
    assert_eq!(codes, ["EDET", "EMGSB/C1", "BH:MP/C1", "MPvGP"]);
    assert!(f.tiebreaks.iter().all(|s| s.edition.is_none()));
    // 042 2024/12/01 is before 1 March 2026.
    assert_eq!(edition_on(f.start), FideEdition::E2023);
    assert_eq!(f.event.teams.len(), 50);
    assert_eq!(f.event.rounds, 14);
    assert_eq!(f.event.boards, 4);
    // 362 TW 2 TD 1 TL 0; 320 gives a pairing-allocated bye 1 match point and 2 game points.
    assert_eq!(f.event.match_points.win, Points::whole(2));
    assert_eq!(f.event.pairing_bye_mp, Points::whole(1));
    assert_eq!(f.event.pairing_bye_gp, Points::whole(2));
    // 22 forfeited matches in 330.
    assert_eq!(
        f.event
            .matches
            .iter()
            .filter(|m| m.forfeit.is_some())
            .count(),
        22
    );
    // One board-result slip of the sample: team 11's 801 line gives round 7 against team 1 as
    // `10=0` (1½), its 802 line and team 1's `01=0` give it 2½. The reader takes team 1's
    // line and says so, naming team 11's 801 line.
    let w: Vec<_> = f
        .warnings
        .iter()
        .map(|w| (w.line, w.problem.clone()))
        .collect();
    assert_eq!(
        w,
        [(558, TrfProblem::TeamBoardsDisagree { round: 7, team: 11 })]
    );
}

#[test]
fn every_team_equals_tiebreakserver_under_the_2024_rules() {
    let f = read("grandmommys_cup_trf25_tec_sample.trf");
    let json = expected();
    let main = json["teams"].as_array().unwrap();
    check(&ranked(&f, edition_on(f.start)), main, main);
}

#[test]
fn every_team_equals_tiebreakserver_under_the_2026_rules_forced() {
    let f = read("grandmommys_cup_trf25_tec_sample.trf");
    let json = expected();
    let main = json["teams"].as_array().unwrap();
    let alt = json["alternative_2026_rules"]["teams"].as_array().unwrap();
    // Forced through the list's own /V2026, as the tool's run was.
    let list: Vec<TeamTiebreakSpec> = f
        .tiebreaks
        .iter()
        .map(|s| TeamTiebreakSpec {
            edition: Some(FideEdition::E2026),
            ..*s
        })
        .collect();
    let s = team_standings(&f.event, &list, FideEdition::E2023, f.event.rounds);
    check(&s, alt, main);
    // And as the event's edition.
    check(&ranked(&f, FideEdition::E2026), alt, main);
}

#[test]
fn hand_checks_of_the_sidecar() {
    let f = read("grandmommys_cup_trf25_tec_sample.trf");
    let s = ranked(&f, FideEdition::E2023);
    // Team 16: 2+0+1+2+2+2(FPB)+2+1+0+0+2+2+2+2 = 20 match points; BH 238 − 13 = 225;
    // EMGSB 567 − 13 × 3.0 = 528.
    let t16 = line_of(&s, 16);
    assert_eq!(t16.match_points, Points::whole(20));
    assert_eq!(t16.values[2], 225.0);
    assert_eq!(t16.values[1], 528.0);
    // Team 19: USA counts 15 (9 + six trailing zero-point byes as draws): 244 − 13 = 231.
    assert_eq!(line_of(&s, 19).values[2], 231.0);
    // Under 2026 team 16's full-point bye meets a dummy of at most 14 (a draw each round):
    // BH 225 − 20 + 14 = 219, EMGSB 528 − 4.0 × (20 − 14) = 504.
    let s26 = ranked(&f, FideEdition::E2026);
    assert_eq!(line_of(&s26, 16).values[2], 219.0);
    assert_eq!(line_of(&s26, 16).values[1], 504.0);
    // The 19-MP group's EDET order: 19, 6, 13, 8, 3, 11, 18.
    let order: Vec<u32> = s
        .iter()
        .filter(|l| l.match_points == Points::whole(19))
        .map(|l| l.team)
        .collect();
    assert_eq!(order, [19, 6, 13, 8, 3, 11, 18]);
}

#[test]
fn the_files_310_ranks_differ_from_fide_for_31_teams() {
    let f = read("grandmommys_cup_trf25_tec_sample.trf");
    let s = ranked(&f, edition_on(f.start));
    let differ = f
        .lines
        .iter()
        .filter(|l| l.rank != Some(line_of(&s, u64::from(l.number)).rank))
        .count();
    assert_eq!(differ, 31);
    // Their match and game points are the file's own.
    for l in &f.lines {
        let c = line_of(&s, u64::from(l.number));
        assert_eq!(l.match_points, Some(c.match_points), "team {}", l.number);
        assert_eq!(l.game_points, Some(c.game_points), "team {}", l.number);
    }
}

#[test]
fn the_trf_2026_adaptation_reads_and_its_240_is_reported_where_it_contradicts_its_801() {
    let f = read("grandmommys_cup_trf26_adapted.trf");
    let base = read("grandmommys_cup_trf25_tec_sample.trf");
    // Its 240 line `240 H 3 26 50` names team 50, whose 801 record (and 320) give it the
    // pairing-allocated bye of round 3, and leaves out team 47, whose 801, 802 and 310 records
    // give it a half-point bye that round (13 MP). The reader keeps the 801 records and warns
    // of both with that line; so the matches and byes are the TRF-2025 file's, and team 47
    // keeps 13 match points (TieBreakServer, reading the 240 line, gave it 12).
    assert_eq!(f.event.matches, base.event.matches);
    assert_eq!(f.event.byes, base.event.byes);
    let byes: Vec<_> = f
        .warnings
        .iter()
        .filter(|w| matches!(w.problem, TrfProblem::TeamByeDisagrees { .. }))
        .collect();
    let line = byes
        .first()
        .map(|w| w.line)
        .expect("a warning for the 240 line");
    let text =
        std::fs::read_to_string(shared_data("real_trf/grandmommys_cup_trf26_adapted.trf")).unwrap();
    let l = text.lines().nth(line - 1).unwrap();
    assert_eq!(
        l.split_whitespace().collect::<Vec<_>>(),
        ["240", "H", "3", "26", "50"]
    );
    assert!(byes.iter().all(|w| w.line == line));
    let teams: Vec<u32> = byes
        .iter()
        .map(|w| match w.problem {
            TrfProblem::TeamByeDisagrees { round: 3, team } => team,
            ref p => panic!("unexpected warning {p:?}"),
        })
        .collect();
    assert_eq!(teams, [50, 47]);
    assert!(
        f.event
            .byes
            .iter()
            .any(|y| y.round == 3 && y.team == 47 && y.kind == ByeKind::Half)
    );
    let s = ranked(&f, edition_on(f.start));
    assert_eq!(line_of(&s, 47).match_points, Points::whole(13));
    // Its 362 writes the points with decimals (TW 2.0), read the same.
    assert_eq!(f.event.match_points, base.event.match_points);
}

/// The fields a team record's line holds, line-ups left out (the model has none).
fn understood(line: &str) -> Vec<String> {
    let w: Vec<&str> = line.split_whitespace().collect();
    let mut out = Vec::new();
    for (k, x) in w.iter().enumerate() {
        let lineup = k > 5
            && x.chars().all(|c| c.is_ascii_digit())
            && x.len() == 4
            && w.get(k - 1)
                .is_some_and(|p| p.chars().all(|c| "10=+-".contains(c)))
            && w.get(k - 2).is_some_and(|p| *p == "w" || *p == "b");
        if !lineup {
            out.push(x.to_string());
        }
    }
    out
}

#[test]
fn the_team_round_records_are_written_back_as_read() {
    let bytes =
        std::fs::read(shared_data("real_trf/grandmommys_cup_trf25_tec_sample.trf")).unwrap();
    let file = TrfFile::read(&bytes).unwrap();
    let f = file.team_event().unwrap();
    let text = String::from_utf8_lossy(&bytes).replace('\r', "");
    let original: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("801") || l.starts_with("802"))
        .collect();
    let written = team_round_lines(&f.event);
    assert_eq!(written.len(), original.len());
    // Team 11's round 7 is written as read: `10=1` (see the first test), not the file's `10=0`.
    let fixed = original
        .iter()
        .map(|o| {
            if o.starts_with("801 11 ") {
                o.replacen(" 1 w 10=0 ", " 1 w 10=1 ", 1)
            } else {
                o.to_string()
            }
        })
        .collect::<Vec<_>>();
    for (w, o) in written.iter().zip(&fixed) {
        // The file's 801 MP/GP and every round; 802's game points with their forfeit mark.
        assert_eq!(understood(w), understood(o), "\nwritten  {w}\noriginal {o}");
    }
}

#[test]
fn the_command_line_prints_the_team_standings_and_checks_the_310_ranks() {
    let path = shared_data("real_trf/grandmommys_cup_trf25_tec_sample.trf");
    let path = path.to_str().unwrap();
    let r = super::common::bianpai(&["--lang", "en", "standings", path]);
    assert_eq!(r.code, 0, "{}", r.err);
    let mut lines = r.out.lines();
    assert_eq!(
        lines.next(),
        Some("# rank\tno\tteam\tMP\tGP\tEDET\tEMGSB/C1\tBH:MP/C1\tMPvGP")
    );
    // The JSON's first two: India 3 and Slovakia, 20 MP each, split by EMGSB.
    assert_eq!(
        lines.next(),
        Some("1\t16\tIndia 3\t20\t33.5\t0\t528\t225\t33.5")
    );
    assert_eq!(
        lines.next(),
        Some("2\t22\tSlovakia\t20\t32\t0\t504.5\t224\t32")
    );
    assert_eq!(r.out.lines().count(), 51);
    // The board slip of team 11 is reported on standard error, naming its line.
    assert!(r.err.contains("line 558"), "{}", r.err);

    // A list of one's own and the 2026 rules: team 16's BH:MP is 219.
    let r = super::common::bianpai(&[
        "--lang",
        "en",
        "standings",
        path,
        "--tiebreaks",
        "BH:MP/C1,GP",
        "--edition",
        "2026",
    ]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(
        r.out
            .lines()
            .any(|l| l == "1\t16\tIndia 3\t20\t33.5\t219\t33.5"),
        "{}",
        r.out
    );
    let r = super::common::bianpai(&["--lang", "en", "standings", path, "--tiebreaks", "BH:XX"]);
    assert_ne!(r.code, 0);
    assert!(r.err.contains("unknown team tie-break: BH:XX"), "{}", r.err);

    // check --standings: the file's own ranks differ for 31 teams, each named.
    let r = super::common::bianpai(&["--lang", "en", "check", "--standings", path]);
    assert_ne!(r.code, 0);
    assert_eq!(
        r.out
            .lines()
            .filter(|l| l.contains("the file ranks it"))
            .count(),
        31,
        "{}",
        r.out
    );
    assert!(
        r.out
            .contains("team 16 (India 3): the file ranks it 2, computed 1"),
        "{}",
        r.out
    );
    assert!(r.err.contains("31 teams ranked otherwise"), "{}", r.err);
}

/// The sample with `from` replaced by `to` in the line starting `start`, read as a team event.
fn broken(start: &str, from: &str, to: &str) -> bianpai::interchange::trf::TrfError {
    let text =
        std::fs::read_to_string(shared_data("real_trf/grandmommys_cup_trf25_tec_sample.trf"))
            .unwrap()
            .replace('\r', "");
    let mut hit = false;
    let changed: Vec<String> = text
        .lines()
        .map(|l| {
            if !hit && l.starts_with(start) {
                hit = true;
                l.replacen(from, to, 1)
            } else {
                l.to_string()
            }
        })
        .collect();
    assert!(hit);
    let file = TrfFile::parse(&changed.join("\n")).expect("still a TRF");
    file.team_event().expect_err("refused")
}

#[test]
fn bad_team_records_are_refused_naming_the_line_and_the_field() {
    use bianpai::interchange::trf::TrfField;
    // Line 548 is team 1's 801 record; its round 1 block starts in column 23.
    let e = broken("801  1 ", "=0=1", "=0x1");
    assert_eq!(e.line, 548);
    assert_eq!(
        e.problem,
        TrfProblem::Unreadable {
            field: TrfField::BoardResults,
            text: "=0x1".into()
        }
    );
    assert!(e.to_string().contains("line 548"), "{e}");
    // Team 1 names team 99 in round 1.
    let e = broken("801  1 ", " 14 b =0=1", " 99 b =0=1");
    assert_eq!((e.line, e.problem), (548, TrfProblem::UnknownTeam(99)));
    // Team 1 says it met team 13 in round 1; team 14's line says it met team 1.
    let e = broken("801  1 ", " 14 b =0=1", " 13 b =0=1");
    assert!(
        matches!(e.problem, TrfProblem::TeamMatchDisagrees { round: 1, .. }),
        "{e:?}"
    );
    // A colour that is neither w nor b.
    let e = broken("801  1 ", " 14 b =0=1", " 14 x =0=1");
    assert_eq!(e.line, 548);
    assert!(matches!(
        e.problem,
        TrfProblem::Unreadable {
            field: TrfField::Colour,
            ..
        }
    ));
    // 362 with a value that is no number.
    let e = broken("362", "TW 2 ", "TW x ");
    assert!(matches!(
        e.problem,
        TrfProblem::Unreadable {
            field: TrfField::TeamMatchPoints,
            ..
        }
    ));
    assert!(
        e.to_string()
            .contains("match points “x” cannot be read (expected a number of half-points"),
        "{e}"
    );
    // A forfeited match (330) of teams that did not meet in that round.
    let e = broken("330 +-   4  23  33", "  23  33", "  23  34");
    assert!(
        matches!(e.problem, TrfProblem::TeamMatchDisagrees { round: 4, .. }),
        "{e:?}"
    );
    // Team 1's 802 game points of round 1 (2.0) that neither side's boards give.
    let e = broken("802   1 ", " 14 b  2.0", " 14 b  3.0");
    assert_eq!(
        (e.line, e.problem),
        (
            601,
            TrfProblem::TeamMatchDisagrees {
                round: 1,
                team: 1,
                opponent: 14
            }
        )
    );
    // An unknown tie-break in 202 names its column.
    let e = broken("202", "MPvGP", "MPvXX");
    assert_eq!(e.column, 34);
    assert!(matches!(
        e.problem,
        TrfProblem::Unreadable {
            field: TrfField::Tiebreak,
            ..
        }
    ));
}

#[test]
fn team_records_cut_short_or_garbled_anywhere_give_an_answer_never_a_panic() {
    let text =
        std::fs::read_to_string(shared_data("real_trf/grandmommys_cup_trf25_tec_sample.trf"))
            .unwrap()
            .replace('\r', "");
    let lines: Vec<&str> = text.lines().collect();
    // One record of each team kind (and the header records the reader uses).
    let picks: Vec<usize> = [
        "202", "352", "362", "310", "240", "320", "330", "801", "802",
    ]
    .iter()
    .filter_map(|code| lines.iter().position(|l| l.starts_with(code)))
    .collect();
    assert_eq!(picks.len(), 9);
    let mut answers = 0;
    for &k in &picks {
        let chars: Vec<char> = lines[k].chars().collect();
        for cut in (3..chars.len()).step_by(3) {
            for variant in 0..3 {
                let mut l = chars.clone();
                match variant {
                    0 => l.truncate(cut),
                    1 => l[cut] = 'x',
                    _ => l[cut] = '9',
                }
                let mut all = lines.clone();
                let changed: String = l.into_iter().collect();
                all[k] = &changed;
                if let Ok(file) = TrfFile::parse(&all.join("\n")) {
                    if let Ok(f) = file.team_event() {
                        let _ = ranked(&f, FideEdition::E2026);
                        let _ = team_round_lines(&f.event);
                    }
                    answers += 1;
                }
            }
        }
    }
    assert!(answers > 300, "{answers}");
}
