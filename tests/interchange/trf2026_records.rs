//! Issue 25, TRF-2026 in full: the records around the players' lines — byes (240),
//! acceleration (250), prohibited pairings (260), points bonuses and penalties (299) and teams
//! (310) — are read into a section and written from one. The TEC Swiss in TRF-2026 layout
//! reads with the byes its records 240 name; a section holding all of them goes out through
//! `bianpai export … --format trf` and comes back through `bianpai section add --from-trf` as
//! the same section; bad 240 and 250 lines are refused, naming the line.

use crate::common;
use crate::common::{ok, refused};
use bianpai::app::Tournament;
use bianpai::interchange::TrfFile;
use bianpai::model::{
    ByeKind, Entrant, EntrantId, Event, Game, Outcome, Points, PointsAdjustment, ProhibitedPair,
    Round, Section, SectionSettings, Sex, Side, parse_list,
};
use std::collections::BTreeSet;
use std::path::Path;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The byes of round `r` of `section` as (pairing number, kind), in number order.
fn byes(section: &Section, r: u32) -> Vec<(u32, ByeKind)> {
    let mut v: Vec<(u32, ByeKind)> = section
        .round(r)
        .map(|round| {
            round
                .byes
                .iter()
                .map(|b| (section.entrant(b.entrant).unwrap().number.unwrap(), b.kind))
                .collect()
        })
        .unwrap_or_default();
    v.sort_by_key(|b| b.0);
    v
}

#[test]
fn the_tec_swiss_in_trf_2026_reads_with_the_byes_its_records_240_name() {
    let path = common::shared_data("real_trf/tec_swiss_as_trf2026.trf");
    let file = TrfFile::read(&std::fs::read(&path).unwrap()).unwrap();
    // The file's records 240: H 2: 4; H 3: 9; Z 4: 12 14; Z 5: 12.
    let records: Vec<(ByeKind, u32, Vec<u32>)> = file
        .bye_records()
        .unwrap()
        .into_iter()
        .map(|r| (r.kind, r.round, r.players.iter().map(|p| p.0).collect()))
        .collect();
    assert_eq!(
        records,
        [
            (ByeKind::Half, 2, vec![4]),
            (ByeKind::Half, 3, vec![9]),
            (ByeKind::Zero, 4, vec![12, 14]),
            (ByeKind::Zero, 5, vec![12]),
        ]
    );
    let section = file.to_section().unwrap();
    // Each round's byes: those of the 240 records and the pairing-allocated byes of the
    // players' lines (12 in round 2, 6 in round 3, 9 in round 5).
    assert_eq!(byes(&section, 1), []);
    assert_eq!(
        byes(&section, 2),
        [(4, ByeKind::Half), (12, ByeKind::Pairing)]
    );
    assert_eq!(
        byes(&section, 3),
        [(6, ByeKind::Pairing), (9, ByeKind::Half)]
    );
    assert_eq!(
        byes(&section, 4),
        [(12, ByeKind::Zero), (14, ByeKind::Zero)]
    );
    assert_eq!(
        byes(&section, 5),
        [(9, ByeKind::Pairing), (12, ByeKind::Zero)]
    );
    // The header: 142 5, 152 B, 192 FIDE_DUTCH_2026_BAKU.
    assert_eq!(section.settings.rounds, 5);
    assert_eq!(section.settings.dutch.initial_colour, Side::Black);
    assert!(section.settings.dutch.baku);
    // Written out, the byes are the same records 240.
    let written = TrfFile::from_section(&section).unwrap().write();
    let ours: Vec<&str> = written.lines().filter(|l| l.starts_with("240")).collect();
    assert_eq!(
        ours,
        [
            "240 H   2    4",
            "240 H   3    9",
            "240 Z   4   12   14",
            "240 Z   5   12"
        ]
    );
}

/// A chess section of ten entrants in two teams, Baku-accelerated over five rounds, with a
/// prohibited pair, a points penalty, its own tiebreak list, two rounds played and half-point
/// byes requested for round 3, not yet paired.
fn full_section() -> Section {
    let mut settings = SectionSettings::chess();
    settings.rounds = 5;
    settings.dutch.baku = true;
    settings.dutch.initial_colour = Side::Black;
    settings.standings.tiebreaks = parse_list("BH-C1,SB,PS,WIN").unwrap();
    settings.standings.team.registered_only = true;
    let id = |n: i64| EntrantId(n);
    settings.prohibited = vec![ProhibitedPair::new(id(3), id(8)).unwrap()];
    settings.points_adjustments = vec![PointsAdjustment {
        entrant: id(5),
        round: 2,
        points: Points(-2),
    }];
    let mut section = Section {
        name: "公开组".into(),
        settings,
        ..Section::default()
    };
    for n in 1..=10u32 {
        let (unit, member) = match n {
            1..=4 => ("北京队", true),
            5..=8 => ("上海队", true),
            _ => ("", false),
        };
        section.entrants.push(Entrant {
            id: id(i64::from(n)),
            number: Some(n),
            name: format!("选手{n}"),
            sex: if n % 2 == 0 { Sex::Female } else { Sex::Male },
            birth_date: chrono::NaiveDate::from_ymd_opt(2000 + n as i32, 1, n),
            unit: unit.into(),
            rating: Some(2400 - 20 * n as i32),
            team_member: member,
            ..Entrant::default()
        });
    }
    let game = |board, white, black, outcome| Game {
        outcome: Some(outcome),
        ..Game::new(board, id(white), id(black))
    };
    section.rounds = vec![
        Round {
            number: 1,
            games: vec![
                game(1, 6, 1, Outcome::Draw),
                game(2, 2, 7, Outcome::RedWin),
                game(3, 9, 3, Outcome::BlackWin),
                game(4, 4, 10, Outcome::RedWinByForfeit),
                game(5, 5, 8, Outcome::BlackWin),
            ],
            byes: vec![],
        },
        Round {
            number: 2,
            games: vec![
                game(1, 2, 3, Outcome::Draw),
                game(2, 8, 4, Outcome::RedWin),
                game(3, 1, 5, Outcome::RedWin),
                game(4, 7, 9, Outcome::BlackWin),
            ],
            byes: vec![
                bianpai::model::Bye {
                    entrant: id(6),
                    kind: ByeKind::Half,
                },
                bianpai::model::Bye {
                    entrant: id(10),
                    kind: ByeKind::Zero,
                },
            ],
        },
    ];
    // Round 3 is not paired yet: players 2 and 7 have asked for half-point byes in it.
    section.settings.requested_byes = [2, 7]
        .into_iter()
        .map(|n| bianpai::model::RequestedBye {
            entrant: id(n),
            round: 3,
            kind: ByeKind::Half,
        })
        .collect();
    section
}

/// An entrant as the TRF carries him: number, name, sex, birth date, unit, rating, on the team
/// entry form.
type EntrantLine = (
    u32,
    String,
    Sex,
    Option<chrono::NaiveDate>,
    String,
    Option<i32>,
    bool,
);

/// A round: its number, its games as (white, black, outcome code), its byes.
type RoundLine = (
    u32,
    BTreeSet<(u32, u32, Option<&'static str>)>,
    Vec<(u32, ByeKind)>,
);

/// What a section means, by pairing number (ids differ between event files).
#[derive(Debug, PartialEq)]
struct Meaning {
    entrants: Vec<EntrantLine>,
    rounds: Vec<RoundLine>,
    prohibited: Vec<(u32, u32, u32, Option<u32>)>,
    adjustments: Vec<(u32, u32, Points)>,
    requested: Vec<(u32, u32, ByeKind)>,
    settings: (u32, bool, Side, bianpai::model::DutchEdition, String),
}

fn meaning(section: &Section) -> Meaning {
    let num = |id: EntrantId| section.entrant(id).unwrap().number.unwrap();
    let tiebreaks: Vec<String> = section
        .settings
        .standings
        .tiebreaks
        .iter()
        .map(|t| t.acronym())
        .collect();
    Meaning {
        entrants: section
            .entrants_by_number()
            .iter()
            .map(|e| {
                (
                    e.number.unwrap(),
                    e.name.clone(),
                    e.sex,
                    e.birth_date,
                    e.unit.clone(),
                    e.rating,
                    e.team_member,
                )
            })
            .collect(),
        rounds: section
            .rounds
            .iter()
            .map(|r| {
                let games = r
                    .games
                    .iter()
                    .map(|g| (num(g.red), num(g.black), g.outcome.map(Outcome::code)))
                    .collect();
                (r.number, games, byes(section, r.number))
            })
            .collect(),
        prohibited: section
            .settings
            .prohibited
            .iter()
            .map(|p| (num(p.first), num(p.second), p.from_round, p.to_round))
            .collect(),
        adjustments: section
            .settings
            .points_adjustments
            .iter()
            .map(|a| (num(a.entrant), a.round, a.points))
            .collect(),
        requested: section
            .settings
            .requested_byes
            .iter()
            .map(|b| (num(b.entrant), b.round, b.kind))
            .collect(),
        settings: (
            section.settings.rounds,
            section.settings.dutch.baku,
            section.settings.dutch.initial_colour,
            section.settings.dutch.edition,
            tiebreaks.join(","),
        ),
    }
}

#[test]
fn a_section_with_every_record_goes_out_by_the_command_line_and_comes_back_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let ev = dir.path().join("event.bianpai");
    let event = Event {
        name: "2026年国际象棋公开赛".into(),
        venue: "北京棋院".into(),
        start_date: chrono::NaiveDate::from_ymd_opt(2026, 8, 29),
        end_date: chrono::NaiveDate::from_ymd_opt(2026, 9, 2),
        chief_arbiter: "王裁判".into(),
        sections: vec![full_section()],
        ..Event::default()
    };
    drop(Tournament::create(&ev, &event).unwrap());
    let trf = dir.path().join("open.trf");
    ok(&[
        "export",
        "standings",
        s(&ev),
        "-s",
        "公开组",
        "--format",
        "trf",
        "-o",
        s(&trf),
    ]);
    let text = std::fs::read_to_string(&trf).unwrap();
    let has = |line: &str| text.lines().any(|l| l == line);
    // The header from the event and the section.
    for line in [
        "012 2026年国际象棋公开赛 公开组",
        "022 北京棋院",
        "042 2026/08/29",
        "052 2026/09/02",
        "062 10",
        "072 10",
        "102 王裁判",
        "142 5",
        "152 B",
        "192 FIDE_DUTCH_2026_BAKU",
        "202 BH/C1,SB,PS,WIN",
    ] {
        assert!(has(line), "{line} missing:\n{text}");
    }
    assert!(!text.contains("XXR"), "TRF-2026 has 142 instead:\n{text}");
    // Byes: round 2's H and Z, round 3's requested H for 2 and 7.
    assert!(has("240 H   2    6") && has("240 Z   2   10") && has("240 H   3    2    7"));
    // Baku over ten players: group A = 2·⌈10/4⌉ = 6; five rounds: rounds 1–2 by a point,
    // round 3 by half a point.
    assert!(has("250       1.0   1   2    1    6"), "{text}");
    assert!(has("250       0.5   3   3    1    6"), "{text}");
    assert!(has("260 001 005    3    8"), "{text}");
    assert!(has("299          -1.0    2    5"), "{text}");
    let teams: Vec<&str> = text.lines().filter(|l| l.starts_with("310")).collect();
    assert_eq!(teams.len(), 2, "{text}");
    assert!(teams[0].starts_with("310   1 北京队"), "{}", teams[0]);
    assert!(teams[0].ends_with("   1    2    3    4"), "{}", teams[0]);
    assert!(teams[1].starts_with("310   2 上海队"), "{}", teams[1]);
    // Player 5: lost both rounds, −1 penalty after round 2: −1.0 in columns 81–84.
    let p5 = text.lines().find(|l| l.starts_with("001    5")).unwrap();
    assert_eq!(&p5.chars().skip(80).take(4).collect::<String>(), "-1.0");

    // Back into the event as a new section, through the command line.
    ok(&[
        "section",
        "add",
        s(&ev),
        "--from-trf",
        s(&trf),
        "--name",
        "回读",
    ]);
    let t = Tournament::open(&ev).unwrap();
    let original = t.event().section_by_name("公开组").unwrap();
    let back = t.event().section_by_name("回读").unwrap();
    assert_eq!(meaning(back), meaning(original));
    assert!(back.has_team_competition());
    drop(t);

    // The requested byes hold when round 3 is paired: 2 and 7 are on no board and keep their
    // half points; the eight others play.
    let paired = ok(&["pair", s(&ev), "-s", "回读"]);
    let t = Tournament::open(&ev).unwrap();
    let back = t.event().section_by_name("回读").unwrap();
    let round3 = back.round(3).unwrap();
    assert_eq!(round3.games.len(), 4, "{paired}");
    let on_boards: BTreeSet<u32> = round3
        .games
        .iter()
        .flat_map(|g| [g.red, g.black])
        .map(|id| back.entrant(id).unwrap().number.unwrap())
        .collect();
    assert!(
        !on_boards.contains(&2) && !on_boards.contains(&7),
        "{paired}"
    );
    assert_eq!(byes(back, 3), [(2, ByeKind::Half), (7, ByeKind::Half)]);
}

#[test]
fn bad_240_and_250_lines_are_refused_naming_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let ev = dir.path().join("e.bianpai");
    drop(Tournament::create(&ev, &Event::default()).unwrap());
    let mut head = String::from("012 Open\n142 5\n");
    for k in 1..=8 {
        head += &format!("001 {k:>4}      Player {k}\n");
    }
    let cases = [
        // Line 11: a bye type that does not exist.
        ("240 X   1    3\n", "TRF 文件第11行第5列", "bye type “X”"),
        // A rank no player has.
        (
            "240 H   1   12\n",
            "TRF 文件第11行第13列",
            "starting rank 12 is not a player",
        ),
        // Eight players: Baku's group A is 1–4, not 1–5.
        (
            "250       1.0   1   2    1    5\n250       0.5   3   3    1    5\n",
            "TRF 文件第11行第10列",
            "only Baku acceleration can be paired",
        ),
        // Match points in an individual tournament.
        (
            "250  1.0  1.0   1   2    1    4\n",
            "TRF 文件第11行第5列",
            "match points “1.0”",
        ),
    ];
    for (extra, zh, en) in cases {
        let trf = dir.path().join("bad.trf");
        std::fs::write(&trf, format!("{head}{extra}")).unwrap();
        let err = refused(&["section", "add", s(&ev), "--from-trf", s(&trf)]);
        assert!(err.contains(zh), "{extra}: {err}");
        let err = refused(&[
            "--lang",
            "en",
            "section",
            "add",
            s(&ev),
            "--from-trf",
            s(&trf),
        ]);
        assert!(err.contains("TRF line 11"), "{extra}: {err}");
        assert!(err.contains(en), "{extra}: {err}");
        // The pairing command line names the line too, in the arbiter's language.
        let run = common::bianpai(&["pair", "--dutch", s(&trf)]);
        assert_ne!(run.code, 0);
        assert!(run.err.contains("TRF 文件第11行"), "{extra}: {}", run.err);
    }
    // Nothing was written.
    let t = Tournament::open(&ev).unwrap();
    assert!(t.event().sections.is_empty());
}
