//! Issue 21, the last point: a TRF file becomes a chess section of an event, with its entrants
//! and every round's games, byes and results, from the command line (`section add
//! --from-trf`) through the one app service the window uses too.
//!
//! The expected values come from outside the program: the FIDE TEC tie-break exercise (points,
//! Buchholz and Sonneborn-Berger per player, as `expected_tiebreaks_sharly.json` lists them for
//! the March 2026 rules), the points column of a real 284-player TRF-16 (Karl-Mala-Gedenkturnier
//! 2005), and the result characters of the input files, scored by this test (1-½-0; a
//! pairing-allocated or full-point bye and a forfeit win 1, a half-point bye ½).

use crate::common;
use crate::common::{bianpai, ok};
use bianpai::app::Tournament;
use bianpai::interchange::{TrfColour, TrfFile, TrfPlayer, TrfResult, TrfRoundEntry};
use bianpai::model::{GameKind, PairingSystem, PointSystemPreset, Points};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn tec_swiss() -> PathBuf {
    common::shared_data("fide_tiebreak_exercises/tec-swiss.trf")
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A fresh event file made by `bianpai new`.
fn new_event(dir: &Path) -> PathBuf {
    let event = dir.join("赛事.bianpai");
    ok(&["new", s(&event), "--name", "2026年国际象棋公开赛"]);
    event
}

fn read_trf(path: &Path) -> TrfFile {
    TrfFile::read(&std::fs::read(path).unwrap()).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

/// An expected map of the sharly file: starting number → value.
fn sharly(test: &str) -> BTreeMap<u32, f64> {
    let path = common::shared_data("fide_tiebreak_exercises/expected_tiebreaks_sharly.json");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let entry = v["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["tournament"] == "tec-swiss" && e["test"] == test)
        .unwrap_or_else(|| panic!("{test} in the file"));
    entry["expected"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.parse().unwrap(), v.as_f64().unwrap()))
        .collect()
}

/// The standings as `bianpai standings` prints them: starting number → (rank, the other
/// columns after the rank and number).
fn standings(text: &str) -> BTreeMap<u32, (u32, Vec<f64>)> {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let values = f[2..].iter().map(|x| x.parse().unwrap()).collect();
            (f[1].parse().unwrap(), (f[0].parse().unwrap(), values))
        })
        .collect()
}

/// A player's points scored by this test from his result characters: 1-½-0; a pairing-
/// allocated or full-point bye and a forfeit win 1, a half-point bye ½, the rest 0. Half-points.
fn halves_from_results(p: &TrfPlayer) -> i64 {
    p.rounds
        .iter()
        .flatten()
        .map(|e| match e.result {
            TrfResult::Win
            | TrfResult::UnratedWin
            | TrfResult::ForfeitWin
            | TrfResult::FullBye
            | TrfResult::PairingBye => 2,
            TrfResult::Draw | TrfResult::UnratedDraw | TrfResult::HalfBye => 1,
            _ => 0,
        })
        .sum()
}

/// A round block as the section keeps it: a forfeit or a game without colours is written back
/// with the colours the section gave it, and a block without opponent by the bye it is (a `+`
/// a full-point bye, a `-` a zero-point one); the rest as written.
fn comparable(e: &Option<TrfRoundEntry>) -> Option<(Option<u32>, Option<TrfColour>, TrfResult)> {
    let e = (*e)?;
    let colour = (e.colour != TrfColour::None && e.opponent.is_some()).then_some(e.colour);
    let result = match (e.opponent, e.result) {
        (None, TrfResult::ForfeitWin) => TrfResult::FullBye,
        (None, TrfResult::ForfeitLoss) => TrfResult::ZeroBye,
        (_, r) => r,
    };
    Some((e.opponent, colour, result))
}

/// Every player of `back` is the player of `input` with the same starting rank: name, rating,
/// sex, federation, and in every round the same opponent, colour and result.
fn same_players_and_results(input: &TrfFile, back: &TrfFile) {
    let theirs: BTreeMap<u32, &TrfPlayer> = back.players().map(|p| (p.start_rank, p)).collect();
    assert_eq!(theirs.len(), input.players().count());
    for p in input.players() {
        let q = theirs[&p.start_rank];
        assert_eq!(q.name, p.name);
        assert_eq!(q.rating, p.rating, "{}", p.name);
        assert_eq!(q.federation, p.federation, "{}", p.name);
        let sex = |s: &str| matches!(s, "w" | "f" | "W" | "F");
        assert_eq!(sex(&q.sex), sex(&p.sex), "{}", p.name);
        let rounds = p.rounds.len().max(q.rounds.len());
        for r in 0..rounds {
            let mine = comparable(p.rounds.get(r).unwrap_or(&None));
            let again = comparable(q.rounds.get(r).unwrap_or(&None));
            match (mine, again) {
                // A game whose colours the file did not write: the section chose them.
                (Some((o, None, res)), Some((o2, Some(_), res2))) => {
                    assert_eq!((o, res), (o2, res2), "{} round {}", p.name, r + 1)
                }
                (mine, again) => assert_eq!(mine, again, "{} round {}", p.name, r + 1),
            }
        }
        assert_eq!(
            q.points.map(|x| i64::from(x.halves())),
            Some(halves_from_results(p)),
            "{}",
            p.name
        );
    }
}

#[test]
fn the_tec_swiss_becomes_a_section_whose_standings_are_the_exercise_s() {
    let dir = tempfile::tempdir().unwrap();
    let event = new_event(dir.path());
    let out = ok(&[
        "section",
        "add",
        s(&event),
        "--from-trf",
        s(&tec_swiss()),
        "--name",
        "公开组",
    ]);
    assert_eq!(out, "1\t公开组\n");

    // The settings a new chess section has, with the rounds the file plans (XXR 5).
    let t = Tournament::open(&event).unwrap();
    let section = &t.event().sections[0];
    assert_eq!(section.settings.game, GameKind::Chess);
    assert_eq!(section.settings.system, PairingSystem::Dutch);
    assert_eq!(section.settings.points, PointSystemPreset::Chess.system());
    assert_eq!(section.settings.rounds, 5);
    assert_eq!(section.entrants.len(), 16);
    assert_eq!(section.rounds.len(), 5);
    drop(t);

    // Points, Buchholz and Sonneborn-Berger of every player as the exercise gives them (2026
    // rules for the unplayed rounds: the byes, the forfeits and the absences came through).
    let text = ok(&[
        "standings",
        s(&event),
        "--section",
        "公开组",
        "--tiebreaks",
        "BH,SB",
        "--edition",
        "2026",
    ]);
    let table = standings(&text);
    let (points, bh, sb) = (
        sharly("test_points"),
        sharly("test_buchholz"),
        sharly("test_sonneborn_berger_swiss"),
    );
    assert_eq!(table.len(), 16);
    for (no, (_, values)) in &table {
        assert_eq!(values[0], points[no], "points of {no}");
        assert_eq!(values[1], bh[no], "BH of {no}");
        assert_eq!(values[2], sb[no], "SB of {no}");
    }
    // Player 2 alone has 4 points: first.
    assert_eq!(table[&2].0, 1);

    // The section's TRF export gives back the same players and results.
    let back = dir.path().join("公开组.trf");
    ok(&[
        "export",
        "results",
        s(&event),
        "--section",
        "公开组",
        "--format",
        "trf",
        "-o",
        s(&back),
    ]);
    same_players_and_results(&read_trf(&tec_swiss()), &read_trf(&back));
}

#[test]
fn a_real_284_player_trf_keeps_every_player_s_points() {
    let input = common::shared_data("real_trf/karl_mala_gedenkturnier_2005.trf");
    let dir = tempfile::tempdir().unwrap();
    let event = new_event(dir.path());
    // No name given: the file's tournament name (012).
    let out = ok(&["section", "add", s(&event), "--from-trf", s(&input)]);
    assert_eq!(out, "1\t9. Karl-Mala-Gedenkturnier\n");
    let trf = read_trf(&input);
    let text = ok(&["standings", s(&event), "--section", "1"]);
    let table = standings(&text);
    assert_eq!(table.len(), 284);
    for p in trf.players() {
        let printed = Points::parse(&table[&p.start_rank].1[0].to_string()).unwrap();
        // The file's points column, and the points of its result characters.
        assert_eq!(Some(printed), p.points, "{}", p.name);
        assert_eq!(
            i64::from(printed.halves()),
            halves_from_results(p),
            "{}",
            p.name
        );
    }
    let back = dir.path().join("back.trf");
    ok(&[
        "export",
        "results",
        s(&event),
        "--section",
        "1",
        "--format",
        "trf",
        "-o",
        s(&back),
    ]);
    same_players_and_results(&trf, &read_trf(&back));
}

#[test]
fn a_trf_2026_file_plans_its_rounds_and_begins_with_black() {
    let input = common::shared_data("real_trf/tec_swiss_as_trf2026.trf");
    let dir = tempfile::tempdir().unwrap();
    let event = new_event(dir.path());
    ok(&["section", "add", s(&event), "--from-trf", s(&input)]);
    let t = Tournament::open(&event).unwrap();
    let section = &t.event().sections[0];
    assert_eq!(section.name, "TRF import test");
    // 142 5, 152 B, 192 FIDE_DUTCH_2026_BAKU: begun 2025/09/13, but the file names the 2026
    // edition (ETT26: a year in the code is the edition; only a bare FIDE_DUTCH goes by date).
    assert_eq!(section.settings.rounds, 5);
    assert_eq!(
        section.settings.dutch.initial_colour,
        bianpai::model::Side::Black
    );
    assert!(section.settings.dutch.baku);
    assert_eq!(
        section.settings.dutch.edition,
        bianpai::model::DutchEdition::Fide2026
    );
    let carlsen = section
        .entrants
        .iter()
        .find(|e| e.number == Some(1))
        .unwrap();
    assert_eq!(carlsen.name, "CARLSEN, Magnus");
    assert_eq!(carlsen.rating, Some(2840));
}

/// The sections of the event file, by name.
fn sections(event: &Path) -> Vec<String> {
    let t = Tournament::open(event).unwrap();
    t.event().sections.iter().map(|s| s.name.clone()).collect()
}

#[test]
fn a_broken_player_line_is_named_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let event = new_event(dir.path());
    ok(&[
        "section",
        "add",
        s(&event),
        "--from-trf",
        s(&tec_swiss()),
        "--name",
        "甲组",
    ]);
    // Line 13 is player 1's; his rating 2200 becomes 22x0.
    let text = std::fs::read_to_string(tec_swiss()).unwrap();
    let line = text.lines().nth(12).unwrap();
    assert!(line.starts_with("001    1"), "{line}");
    let broken = dir.path().join("broken.trf");
    std::fs::write(
        &broken,
        text.replacen(line, &line.replacen("2200", "22x0", 1), 1),
    )
    .unwrap();
    let before = std::fs::read(&event).unwrap();
    let args = [
        "section",
        "add",
        s(&event),
        "--from-trf",
        s(&broken),
        "--name",
        "乙组",
    ];
    let zh = bianpai(&args);
    assert_eq!(zh.code, 2, "{}", zh.out);
    assert!(
        zh.err
            .contains("TRF 文件第13行第49列：等级分“22x0”无法识别（应为整数）"),
        "{}",
        zh.err
    );
    let mut en_args = args.to_vec();
    en_args.extend(["--lang", "en"]);
    let en = bianpai(&en_args);
    assert_eq!(en.code, 2);
    assert!(
        en.err.contains(
            "TRF line 13, column 49: rating “22x0” cannot be read (expected a whole number)"
        ),
        "{}",
        en.err
    );
    assert_eq!(sections(&event), ["甲组"]);
    assert_eq!(
        std::fs::read(&event).unwrap(),
        before,
        "the file is unchanged"
    );

    // A name the event has already, and a file whose two players disagree on a result.
    let taken = bianpai(&[
        "section",
        "add",
        s(&event),
        "--from-trf",
        s(&tec_swiss()),
        "--name",
        "甲组",
    ]);
    assert_eq!(taken.code, 2);
    assert!(taken.err.contains("已有名为“甲组”的组别"), "{}", taken.err);
    let disagree = dir.path().join("disagree.trf");
    // Player 1 won round 1 with white against 9; 9 now says he won too.
    let nine = text.lines().find(|l| l.starts_with("001    9")).unwrap();
    assert!(nine.contains("     1 b 0"), "{nine}");
    let changed = nine.replacen("     1 b 0", "     1 b 1", 1);
    std::fs::write(&disagree, text.replacen(nine, &changed, 1)).unwrap();
    let r = bianpai(&[
        "section",
        "add",
        s(&event),
        "--from-trf",
        s(&disagree),
        "--name",
        "丙组",
    ]);
    assert_eq!(r.code, 2);
    assert!(
        r.err.contains("第13行") && r.err.contains("第1轮：1号与9号的结果“1”与“1”相互矛盾"),
        "{}",
        r.err
    );
    assert_eq!(sections(&event), ["甲组"]);
}

#[test]
fn the_help_names_the_trf_route_and_plain_sections_still_need_their_settings() {
    let help = ok(&["section", "add", "--help"]);
    assert!(help.contains("--from-trf <IN.trf>"), "{help}");
    assert!(help.contains("TRF-2026"), "{help}");
    let dir = tempfile::tempdir().unwrap();
    let event = new_event(dir.path());
    // Without --from-trf the game, system and rounds are asked for (clap: exit 2).
    let r = bianpai(&["section", "add", s(&event), "--name", "男子组"]);
    assert_eq!(r.code, 2);
    assert!(r.err.contains("--game"), "{}", r.err);
    // --from-trf with --rounds is refused: the file plans them.
    let r = bianpai(&[
        "section",
        "add",
        s(&event),
        "--from-trf",
        s(&tec_swiss()),
        "--rounds",
        "9",
    ]);
    assert_eq!(r.code, 2);
    assert!(sections(&event).is_empty());
}

#[test]
fn the_service_writes_one_action_that_undo_takes_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut t =
        Tournament::create(&dir.path().join("e.bianpai"), &bianpai::app::demo_event()).unwrap();
    let sections = t.event().sections.len();
    let journal = t.journal().unwrap().len();
    let bytes = std::fs::read(tec_swiss()).unwrap();
    let preview = t.trf_section(&bytes, Some("公开组")).unwrap();
    assert_eq!(
        t.event().sections.len(),
        sections,
        "a preview writes nothing"
    );
    let id = t.add_section_from_trf(&bytes, Some("公开组")).unwrap();
    assert_eq!(id, preview.id);
    assert_eq!(t.event().section(id).unwrap(), &preview);
    assert_eq!(t.journal().unwrap().len(), journal + 1, "one journal row");
    // Entrant ids are new to the event: none is another section's.
    let ids: std::collections::HashSet<_> = t
        .event()
        .sections
        .iter()
        .flat_map(|s| s.entrants.iter().map(|e| e.id))
        .collect();
    let all: usize = t.event().sections.iter().map(|s| s.entrants.len()).sum();
    assert_eq!(ids.len(), all);
    let (action, _) = t.undo().unwrap().unwrap();
    assert_eq!(action, "section.trf");
    assert_eq!(t.event().sections.len(), sections);
    assert!(t.event().section(id).is_none());
    // Cut short anywhere, or not a TRF file at all: a section, or an error and nothing
    // written; never a panic.
    for cut in [0, 1, 100, 500, 1200, 2000, bytes.len() - 3] {
        let before = t.event().sections.len();
        let name = format!("截断{cut}");
        match t.add_section_from_trf(&bytes[..cut], Some(&name)) {
            Ok(_) => assert_eq!(t.event().sections.len(), before + 1),
            Err(e) => {
                assert_eq!(t.event().sections.len(), before, "{cut}: {e}");
                assert!(!e.message(bianpai::i18n::Lang::Zh).is_empty());
            }
        }
    }
    let e = t
        .add_section_from_trf(b"\x89PNG\x00\x01", None)
        .unwrap_err();
    assert!(e.to_string().contains("not a TRF"), "{e}");
}

/// Record 092 names the system: the TEC round-robin exercise ("Individual: Round-Robin") stays a
/// round robin of its 6 players and 5 rounds; a Swiss file becomes the FIDE Dutch.
#[test]
fn a_round_robin_file_stays_a_round_robin() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = Tournament::create(
        &dir.path().join("e.bianpai"),
        &bianpai::model::Event {
            name: "国际象棋赛".into(),
            ..bianpai::model::Event::default()
        },
    )
    .unwrap();
    let rr = common::shared_data("fide_tiebreak_exercises/tec-round-robin.trf");
    let id = t
        .add_section_from_trf(&std::fs::read(rr).unwrap(), Some("循环赛"))
        .unwrap();
    let s = t.event().section(id).unwrap();
    assert_eq!(s.settings.system, PairingSystem::RoundRobin);
    assert_eq!((s.entrants.len(), s.settings.rounds), (6, 5));
    let id = t
        .add_section_from_trf(&std::fs::read(tec_swiss()).unwrap(), Some("瑞士制"))
        .unwrap();
    assert_eq!(
        t.event().section(id).unwrap().settings.system,
        PairingSystem::Dutch
    );
}
