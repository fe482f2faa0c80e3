//! What an arbiter scripting a whole event with the command line meets (issue 36, points 4–8):
//! every action the window has reaches the command line, and nothing is decided without saying
//! so. Each test runs the `bianpai` program itself; the expected values come from the rule or
//! the regulation quoted beside them.

use crate::common::{add_section, bianpai, command, ok, refused};
use std::path::Path;
use std::process::Stdio;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The text of a PDF, its pages apart by form feeds, as `pdftotext` reads it.
fn pdf_text(pdf: &Path) -> String {
    let out = std::process::Command::new("pdftotext")
        .args([s(pdf), "-"])
        .output()
        .expect("pdftotext (poppler-utils)");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A section's names by pairing number, as `entrant list` prints them.
fn names_by_number(file: &Path, section: &str) -> std::collections::HashMap<u32, String> {
    ok(&["entrant", "list", s(file), "-s", section])
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0].parse().unwrap(), f[1].to_string())
        })
        .collect()
}

/// A chess section of `n` players, entered through an entry list, numbers not drawn yet.
fn chess_event(dir: &Path, system: &str, n: usize) -> std::path::PathBuf {
    let file = dir.join("e.bianpai");
    ok(&["new", s(&file), "--name", "测试赛"]);
    add_section(&file, "公开组", "chess", system, "5");
    let csv = dir.join("list.csv");
    let mut text = String::from("姓名,性别,等级分\n");
    for i in 1..=n {
        text += &format!("选手{i:02},男,{}\n", 2000 - 10 * i);
    }
    std::fs::write(&csv, text).unwrap();
    ok(&["import", s(&file), "-s", "1", s(&csv)]);
    file
}

#[test]
fn a_reader_that_stops_early_ends_the_program_quietly() {
    // `bianpai awards … | head -1`: the pipe closes before the program writes; it ends with
    // success and no panic, whatever it was printing.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("d.bianpai");
    ok(&["demo", s(&file)]);
    for args in [
        vec!["awards", s(&file), "-s", "1"],
        vec!["standings", s(&file), "-s", "1"],
        vec!["section", "list", s(&file)],
        vec!["entrant", "list", s(&file), "-s", "1"],
    ] {
        let mut child = command()
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Closed before the program has opened the event, let alone printed.
        drop(child.stdout.take());
        let o = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(o.status.code(), Some(0), "{args:?}: {err}");
    }
}

#[test]
fn a_draw_is_taken_in_every_usual_form() {
    // FIDE's ½-½ and the ways a keyboard writes it; the standings count each as a draw.
    let dir = tempfile::tempdir().unwrap();
    let file = chess_event(dir.path(), "dutch", 8);
    ok(&["draw", s(&file), "-s", "1", "--seed", "7"]);
    ok(&["pair", s(&file), "-s", "1"]);
    for (board, code) in [(1, "½-½"), (2, "1/2-1/2"), (3, "0.5-0.5"), (4, "=")] {
        let b = board.to_string();
        ok(&[
            "result",
            s(&file),
            "-s",
            "1",
            "-r",
            "1",
            "--board",
            &b,
            code,
        ]);
    }
    // Eight players, four draws: everyone has ½.
    let table = ok(&["standings", s(&file), "-s", "1"]);
    let points: Vec<&str> = table
        .lines()
        .skip(1)
        .map(|l| l.split('\t').nth(2).unwrap())
        .collect();
    assert_eq!(points.len(), 8, "{table}");
    assert!(points.iter().all(|p| *p == "0.5" || *p == "½"), "{table}");
    // Not a result: refused, the board left as it was.
    let err = refused(&[
        "result",
        s(&file),
        "-s",
        "1",
        "-r",
        "1",
        "--board",
        "1",
        "1-1",
    ]);
    assert!(err.contains("1-1") && err.contains("½-½"), "{err}");
}

#[test]
fn no_system_pairs_before_the_numbers_are_drawn() {
    // A Dutch `pair` before `draw` made an empty round 1 and the section was stuck (the draw
    // then refused: 第1轮已编排). Every system refuses now, naming a player without a number,
    // and the draw still works afterwards.
    for system in ["dutch", "swiss", "round-robin"] {
        let dir = tempfile::tempdir().unwrap();
        let file = chess_event(dir.path(), system, 6);
        let err = refused(&["pair", s(&file), "-s", "1"]);
        assert!(
            err.contains("尚未抽签") && err.contains("选手"),
            "{system}: {err}"
        );
        ok(&["draw", s(&file), "-s", "1", "--seed", "3"]);
        let boards = ok(&["pair", s(&file), "-s", "1"]);
        assert_eq!(
            boards.lines().count(),
            3,
            "{system}: six players, three boards"
        );
    }
}

/// Plays every round of a Swiss section from the command line, the lower number winning each
/// board (so the results are the test's, not the program's); returns the rounds played.
fn play_out(file: &Path, section: &str) -> u32 {
    let mut round = 0;
    loop {
        let r = bianpai(&["pair", s(file), "-s", section]);
        if r.code != 0 {
            assert!(
                r.err.contains("已编排") || r.err.contains("全部"),
                "{}",
                r.err
            );
            return round;
        }
        round += 1;
        let rs = round.to_string();
        for line in r.out.lines() {
            let f: Vec<u32> = line.split('\t').map(|x| x.parse().unwrap()).collect();
            if f[0] == 0 {
                continue;
            }
            let code = if f[1] < f[2] { "1-0" } else { "0-1" };
            let b = f[0].to_string();
            ok(&[
                "result",
                s(file),
                "-s",
                section,
                "-r",
                &rs,
                "--board",
                &b,
                code,
            ]);
        }
    }
}

#[test]
fn places_are_reduced_by_those_who_played_not_by_entries() {
    // Seed 001 十一: 各组别均录取前八名，不足9人参赛的，减一录取名次; 十二(三) tells 报名 from
    // 参赛. Nine entered the U16 group and one never came: eight played, so seven places.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bj.bianpai");
    ok(&["new", s(&file), "--name", "北京市象棋锦标赛"]);
    add_section(&file, "U16组", "xiangqi", "swiss", "3");
    for i in 1..=9 {
        ok(&[
            "entrant",
            "add",
            s(&file),
            "-s",
            "U16组",
            "--name",
            &format!("少年{i}"),
            "--sex",
            "男",
        ]);
    }
    ok(&["draw", s(&file), "-s", "U16组", "--seed", "11"]);
    // The one who never came: withdrawn before round 1, by name (his number is the lot's).
    ok(&["entrant", "withdraw", s(&file), "-s", "U16组", "少年9"]);
    assert_eq!(play_out(&file, "U16组"), 3);
    let r = bianpai(&["awards", s(&file), "-s", "U16组"]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(
        r.err.contains("录取前7名") && r.err.contains("8名"),
        "{}",
        r.err
    );
    // With the setting at every entry (报名人数), nine entries: eight places.
    let toml = dir.path().join("field.toml");
    std::fs::write(&toml, "[awards]\nfield = \"Entered\"\n").unwrap();
    let exported = dir.path().join("all.toml");
    ok(&[
        "settings",
        s(&file),
        "-s",
        "U16组",
        "--export",
        s(&exported),
    ]);
    let text = std::fs::read_to_string(&exported).unwrap();
    assert!(
        text.contains("field = \"Played\""),
        "the default is said in the file"
    );
    std::fs::write(
        &toml,
        text.replace("field = \"Played\"", "field = \"Entered\""),
    )
    .unwrap();
    ok(&["settings", s(&file), "-s", "U16组", "--import", s(&toml)]);
    let r = bianpai(&["awards", s(&file), "-s", "U16组"]);
    assert!(
        r.err.contains("录取前8名") && r.err.contains("9名"),
        "{}",
        r.err
    );

    // Certificates of one section (the window offers the same choice): another group played
    // too, and only U16组's eight are printed when it is named.
    add_section(&file, "U14组", "xiangqi", "swiss", "3");
    for i in 1..=4 {
        ok(&[
            "entrant",
            "add",
            s(&file),
            "-s",
            "U14组",
            "--name",
            &format!("小将{i}"),
        ]);
    }
    ok(&["draw", s(&file), "-s", "U14组", "--seed", "3"]);
    assert_eq!(play_out(&file, "U14组"), 3);
    let text = |args: &[&str]| {
        let pdf = dir.path().join("certs.pdf");
        let mut all = vec!["export", "certificates", s(&file), "-o", s(&pdf), "--force"];
        all.extend_from_slice(args);
        ok(&all);
        pdf_text(&pdf)
    };
    let one = text(&["-s", "U16组"]);
    assert!(one.contains("U16组") && !one.contains("U14组"), "{one}");
    assert_eq!(
        one.matches('\u{c}').count(),
        8,
        "eight certificates, a page each"
    );
    let every = text(&[]);
    assert!(every.contains("U16组") && every.contains("U14组"));
}

#[test]
fn entrants_and_the_event_s_details_are_edited_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("e.bianpai");
    ok(&["new", s(&file), "--name", "区赛"]);
    // The event's details: printed as key and value, set by the options given.
    ok(&[
        "event",
        s(&file),
        "--organiser",
        "上海市棋牌运动管理中心",
        "--venue",
        "上海棋院",
        "--start",
        "2026年5月1日",
        "--end",
        "2026-05-03",
        "--chief-arbiter",
        "王裁判",
    ]);
    let details = ok(&["event", s(&file)]);
    for line in [
        "赛事名称\t区赛",
        "主办单位\t上海市棋牌运动管理中心",
        "比赛地点\t上海棋院",
        "开始日期\t2026-05-01",
        "结束日期\t2026-05-03",
        "裁判长\t王裁判",
    ] {
        assert!(details.lines().any(|l| l == line), "{line} in {details}");
    }
    let err = refused(&["event", s(&file), "--start", "五月"]);
    assert!(err.contains("五月"), "{err}");
    add_section(&file, "公开组", "xiangqi", "swiss", "5");
    assert_eq!(
        ok(&["section", "list", s(&file)]).trim(),
        "1\t公开组\t象棋\t积分编排制\t5\t0\t0"
    );
    for name in ["甲", "乙", "丙"] {
        ok(&[
            "entrant",
            "add",
            s(&file),
            "-s",
            "1",
            "--name",
            name,
            "--unit",
            "黄浦",
            "--born",
            "2010-02-03",
        ]);
    }
    // Three entrants: the house player (补双) makes them even, of the organiser.
    assert!(ok(&["entrant", "house", s(&file), "-s", "1"]).contains("补双"));
    // A fourth would make the field odd again: no second house player.
    ok(&[
        "entrant",
        "edit",
        s(&file),
        "-s",
        "1",
        "乙",
        "--unit",
        "徐汇",
        "--rating",
        "1650",
    ]);
    let list = ok(&["entrant", "list", s(&file), "-s", "1"]);
    let yi: Vec<&str> = list
        .lines()
        .find(|l| l.contains("\t乙\t"))
        .unwrap()
        .split('\t')
        .collect();
    assert_eq!(
        &yi[1..],
        ["乙", "", "2010-02-03", "徐汇", "1650", "", "参赛"]
    );
    ok(&["draw", s(&file), "-s", "1", "--seed", "5"]);
    ok(&["entrant", "exclude", s(&file), "-s", "1", "丙"]);
    let list = ok(&["entrant", "list", s(&file), "-s", "1"]);
    assert!(
        list.lines()
            .any(|l| l.contains("\t丙\t") && l.ends_with("取消资格")),
        "{list}"
    );
    ok(&["entrant", "reinstate", s(&file), "-s", "1", "丙"]);
    let list = ok(&["entrant", "list", s(&file), "-s", "1"]);
    assert!(
        list.lines()
            .any(|l| l.contains("\t丙\t") && l.ends_with("参赛")),
        "{list}"
    );
    let err = refused(&["entrant", "withdraw", s(&file), "-s", "1", "丁"]);
    assert!(err.contains("丁"), "{err}");
}

/// Enters one round's boards as printed by `pair`, the winner chosen by `winner(red, black)`.
fn enter_boards(
    file: &Path,
    section: &str,
    round: u32,
    boards: &str,
    winner: impl Fn(u32, u32) -> u32,
) {
    let r = round.to_string();
    for line in boards.lines() {
        let f: Vec<u32> = line.split('\t').map(|x| x.parse().unwrap()).collect();
        if f[0] == 0 {
            continue;
        }
        let code = if winner(f[1], f[2]) == f[1] {
            "1-0"
        } else {
            "0-1"
        };
        let b = f[0].to_string();
        ok(&[
            "result",
            s(file),
            "-s",
            section,
            "-r",
            &r,
            "--board",
            &b,
            code,
        ]);
    }
}

/// The (red, black) of each board printed by `pair`.
fn boards_of(text: &str) -> Vec<(u32, u32)> {
    text.lines()
        .map(|l| {
            l.split('\t')
                .map(|x| x.parse().unwrap())
                .collect::<Vec<u32>>()
        })
        .filter(|f| f[0] != 0)
        .map(|f| (f[1], f[2]))
        .collect()
}

#[test]
fn seed_000_the_top_four_play_off_beside_the_swiss_from_the_command_line() {
    // Seed 000 补充细则 四: after round 7 the top four play 1对4、2对3 (one slow game, the better
    // placed choosing colours), the winners the final and the losers the match for third,
    // while the other men play on to round 9. Places 1–4 come from the playoff, the rest from
    // the Swiss.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("sh.bianpai");
    let men = "男子组";
    ok(&["new", s(&file), "--name", "上海市象棋锦标赛"]);
    add_section(&file, men, "xiangqi", "swiss", "9");
    let toml = dir.path().join("men.toml");
    ok(&["settings", s(&file), "-s", men, "--export", s(&toml)]);
    let text = std::fs::read_to_string(&toml).unwrap();
    let text = text
        .replace("after_round = 0", "after_round = 7")
        .replace("players = 0", "players = 4");
    std::fs::write(&toml, text).unwrap();
    ok(&["settings", s(&file), "-s", men, "--import", s(&toml)]);
    for i in 1..=16 {
        ok(&[
            "entrant",
            "add",
            s(&file),
            "-s",
            men,
            "--name",
            &format!("棋手{i:02}"),
            "--unit",
            &format!("区{}", i % 5),
        ]);
    }
    ok(&["draw", s(&file), "-s", men, "--seed", "2026"]);
    // Seven Swiss rounds: the lower number wins every game (the test's results, not the
    // program's).
    for round in 1..=7 {
        let boards = ok(&["pair", s(&file), "-s", men]);
        enter_boards(&file, men, round, &boards, |a, b| a.min(b));
    }
    // The top four after round 7, as the standings give them.
    let table = ok(&["standings", s(&file), "-s", men]);
    let top: Vec<u32> = table
        .lines()
        .skip(1)
        .take(4)
        .map(|l| l.split('\t').nth(1).unwrap().parse().unwrap())
        .collect();
    let (s1, s2, s3, s4) = (top[0], top[1], top[2], top[3]);
    // Round 8: the Swiss pairs the other twelve only, and says the playoff is waiting.
    let r = bianpai(&["pair", s(&file), "-s", men]);
    assert_eq!(r.code, 0, "{}", r.err);
    let swiss8 = boards_of(&r.out);
    assert_eq!(swiss8.len(), 6, "the twelve others: {}", r.out);
    assert!(
        swiss8
            .iter()
            .all(|(a, b)| !top.contains(a) && !top.contains(b))
    );
    assert!(
        r.err.contains("第8轮") && r.err.contains("--playoff"),
        "{}",
        r.err
    );
    enter_boards(&file, men, 8, &r.out, |a, b| a.min(b));
    // The playoff asks the better placed for their colours first: nothing paired.
    let err = refused(&["pair", s(&file), "-s", men, "--playoff"]);
    assert!(err.contains("--colour"), "{err}");
    // 1 takes black, 2 takes red.
    let c1 = format!("{s1}=black");
    let c2 = format!("{s2}=red");
    let r = bianpai(&[
        "pair",
        s(&file),
        "-s",
        men,
        "--playoff",
        "--colour",
        &c1,
        "--colour",
        &c2,
    ]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.err.contains("第8轮"), "{}", r.err);
    let mut semis = boards_of(&r.out);
    semis.sort();
    let mut want = vec![(s4, s1), (s2, s3)];
    want.sort();
    assert_eq!(semis, want, "1对4、2对3 with the colours chosen");
    // The seeds win their semi-finals.
    enter_boards(&file, men, 8, &r.out, |a, b| {
        if [s1, s2].contains(&a) { a } else { b }
    });
    // Round 9: the Swiss goes on; the final (1 v 2) and the match for third (3 v 4), the better
    // placed choosing red.
    let r = bianpai(&["pair", s(&file), "-s", men]);
    assert_eq!(r.code, 0, "{}", r.err);
    enter_boards(&file, men, 9, &r.out, |a, b| a.min(b));
    let c1 = format!("{s1}=red");
    let c3 = format!("{s3}=red");
    let r = bianpai(&[
        "pair",
        s(&file),
        "-s",
        men,
        "--playoff",
        "--colour",
        &c1,
        "--colour",
        &c3,
    ]);
    assert_eq!(r.code, 0, "{}", r.err);
    let mut last = boards_of(&r.out);
    last.sort();
    let mut want = vec![(s1, s2), (s3, s4)];
    want.sort();
    assert_eq!(last, want);
    // 2 wins the final, 4 the match for third.
    enter_boards(&file, men, 9, &r.out, |a, b| {
        if [s2, s4].contains(&a) { a } else { b }
    });
    // The places: 2, 1, 4, 3 from the playoff; then the others, each place once.
    let awards = ok(&["awards", s(&file), "-s", men]);
    let places: Vec<(u32, u32)> = awards
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0].parse().unwrap(), f[1].parse().unwrap())
        })
        .collect();
    assert_eq!(
        &places[..4],
        &[(1, s2), (2, s1), (3, s4), (4, s3)],
        "{awards}"
    );
    let ranks: Vec<u32> = places.iter().map(|p| p.0).collect();
    assert_eq!(ranks, (1..=16).collect::<Vec<_>>(), "{awards}");
}

#[test]
fn an_early_stop_group_with_no_pairing_left_ends_and_its_trf_passes_the_checker() {
    // Seed 004 级位赛: 已达标晋级者和中途升级无望者不再进入之后轮次的比赛. Four players, four
    // rounds, 棋协三级 → 棋协二级 at 2.5 points. After three rounds everyone has met
    // everyone: 甲 won all (3, promoted, stops), 乙 and 丙 drew each other and beat 丁 (1.5 each,
    // 2.5 still reachable), 丁 has 0 (2.5 out of reach, stops). 乙 and 丙 have met: no legal
    // round 4. The section ends after round 3 for them, said and journaled, instead of a
    // refusal with no way on.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("grade.bianpai");
    let sec = "精英组";
    ok(&["new", s(&file), "--name", "小世界杯级位赛"]);
    add_section(&file, sec, "chess", "dutch", "4");
    let toml = dir.path().join("grade.toml");
    ok(&["settings", s(&file), "-s", sec, "--export", s(&toml)]);
    let text = std::fs::read_to_string(&toml).unwrap().replace(
        "early_stop = \"Never\"\ntable = []",
        "early_stop = \"StopAtFirst\"\ntable = [{ from_grade = \"棋协三级\", to_grade = \"棋协二级\", rate_percent = 0, points = 5 }]",
    );
    assert!(text.contains("StopAtFirst"));
    std::fs::write(&toml, text).unwrap();
    ok(&["settings", s(&file), "-s", sec, "--import", s(&toml)]);
    let strength = ["甲", "乙", "丙", "丁"];
    for (i, name) in strength.iter().enumerate() {
        let rating = (2000 - 100 * i).to_string();
        ok(&[
            "entrant",
            "add",
            s(&file),
            "-s",
            sec,
            "--name",
            name,
            "--grade",
            "棋协三级",
            "--rating",
            &rating,
        ]);
    }
    ok(&["draw", s(&file), "-s", sec, "--seed", "4"]);
    let names = names_by_number(&file, sec);
    let name_of = |n: u32| -> String { names[&n].clone() };
    for round in 1..=3 {
        let boards = ok(&["pair", s(&file), "-s", sec]);
        let r = round.to_string();
        for (board, (red, black)) in boards_of(&boards).into_iter().enumerate() {
            let (a, b) = (name_of(red), name_of(black));
            let code = match (a.as_str(), b.as_str()) {
                ("甲", _) => "1-0",
                (_, "甲") => "0-1",
                ("乙", "丙") | ("丙", "乙") => "½-½",
                (_, "丁") => "1-0",
                _ => "0-1",
            };
            let b = (board + 1).to_string();
            ok(&["result", s(&file), "-s", sec, "-r", &r, "--board", &b, code]);
        }
    }
    let r = bianpai(&["pair", s(&file), "-s", sec]);
    assert_eq!(r.code, 0, "the section ends, as an action: {}", r.err);
    assert!(r.out.is_empty(), "nothing paired: {}", r.out);
    assert!(
        r.err.contains("第4轮无法编排")
            && r.err.contains("乙")
            && r.err.contains("丙")
            && r.err.contains("第3轮后结束"),
        "{}",
        r.err
    );
    // Ended: a further pair says every round is paired; the promotion stands.
    refused(&["pair", s(&file), "-s", sec]);
    let awards = ok(&["awards", s(&file), "-s", sec]);
    let first = awards.lines().next().unwrap();
    assert!(
        first.contains("甲") && first.contains("棋协二级"),
        "{awards}"
    );
    // The program's own TRF passes its checker: the stopped players' rounds are marked, not
    // left blank for the checker to pair.
    let trf = dir.path().join("grade.trf");
    ok(&[
        "export",
        "results",
        s(&file),
        "-s",
        sec,
        "-f",
        "trf",
        "-o",
        s(&trf),
    ]);
    ok(&["check", "--dutch", s(&trf)]);
}

#[test]
fn a_withdrawn_player_s_rounds_are_marked_in_the_trf_so_the_checker_passes_it() {
    // The same defect next door: a player withdrawn after round 1 was written with blank
    // rounds, and `check --dutch` paired him in rounds 2 and 3.
    let dir = tempfile::tempdir().unwrap();
    let file = chess_event(dir.path(), "dutch", 8);
    ok(&["draw", s(&file), "-s", "1", "--seed", "1"]);
    for round in 1..=3 {
        let boards = ok(&["pair", s(&file), "-s", "1"]);
        enter_boards(&file, "1", round, &boards, |a, b| a.min(b));
        if round == 1 {
            ok(&["entrant", "withdraw", s(&file), "-s", "1", "选手03"]);
        }
    }
    let trf = dir.path().join("e.trf");
    ok(&[
        "export",
        "results",
        s(&file),
        "-s",
        "1",
        "-f",
        "trf",
        "-o",
        s(&trf),
    ]);
    let text = std::fs::read_to_string(&trf).unwrap();
    let line = text.lines().find(|l| l.contains("选手03")).unwrap();
    assert_eq!(line.matches("0000 - -").count(), 2, "{line}");
    ok(&["check", "--dutch", s(&trf)]);
}

#[test]
fn seed_001_places_apart_by_sex_each_over_its_own_field() {
    // Seed 001 补充规定 八(四): U14组：男子录取前八名、女子录取前七名, with 十一's rule (不足9人参赛
    // 的，减一录取名次) applied to each list over those of it who played. Ten boys played: eight
    // places. Seven girls entered and one never came: six played, fewer than eight, so one
    // fewer than six: five places. The group awards no places of its own. 8 + 5 certificates.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bj.bianpai");
    let u14 = "U14组";
    ok(&["new", s(&file), "--name", "北京市象棋锦标赛"]);
    add_section(&file, u14, "xiangqi", "swiss", "3");
    let toml = dir.path().join("u14.toml");
    std::fs::write(
        &toml,
        r#"
[awards.places.Fixed]
places = 0

[[awards.special_prizes]]
name = "男子"
stacks = false
places = { ReduceIfFewer = { places = 8 } }
table = { bands = [], tax = "BeforeTax" }

[[awards.special_prizes]]
name = "女子"
stacks = false
places = { ReduceIfFewer = { places = 7 } }
table = { bands = [], tax = "BeforeTax" }
"#,
    )
    .unwrap();
    ok(&["settings", s(&file), "-s", u14, "--import", s(&toml)]);
    for i in 1..=10 {
        ok(&[
            "entrant",
            "add",
            s(&file),
            "-s",
            u14,
            "--name",
            &format!("男{i:02}"),
            "--sex",
            "男",
        ]);
    }
    for i in 1..=7 {
        ok(&[
            "entrant",
            "add",
            s(&file),
            "-s",
            u14,
            "--name",
            &format!("女{i:02}"),
            "--sex",
            "女",
        ]);
    }
    ok(&["draw", s(&file), "-s", u14, "--seed", "8"]);
    ok(&["entrant", "withdraw", s(&file), "-s", u14, "女07"]);
    assert_eq!(play_out(&file, u14), 3);
    let pdf = dir.path().join("certs.pdf");
    ok(&["export", "certificates", s(&file), "-s", u14, "-o", s(&pdf)]);
    let text = pdf_text(&pdf);
    let pages: Vec<&str> = text
        .split('\u{c}')
        .filter(|p| !p.trim().is_empty())
        .collect();
    let men = pages.iter().filter(|p| p.contains("男子")).count();
    let women = pages.iter().filter(|p| p.contains("女子")).count();
    assert_eq!((men, women, pages.len()), (8, 5, 13), "{text}");
}

#[test]
fn help_is_in_the_user_s_language() {
    // Chinese by default, English with --lang en; `help CMD` reads as `CMD --help`.
    let zh = ok(&["--help"]);
    assert!(
        zh.contains("用法：") && zh.contains("编排下一轮") && !zh.contains("Print help"),
        "{zh}"
    );
    let pair = ok(&["help", "pair"]);
    assert!(
        pair.contains("交叉赛") && pair.contains("显示帮助"),
        "{pair}"
    );
    let en = ok(&["--lang", "en", "pair", "--help"]);
    assert!(
        en.contains("Usage:") && en.contains("Pair the next round"),
        "{en}"
    );
}

/// The pairing numbers in the order `standings -r ROUND` places them.
fn standings_order(file: &Path, section: &str, round: u32) -> Vec<u32> {
    let r = round.to_string();
    ok(&["standings", s(file), "-s", section, "-r", &r])
        .lines()
        .skip(1)
        .map(|l| l.split('\t').nth(1).unwrap().parse().unwrap())
        .collect()
}

#[test]
fn seed_002_the_qualifier_s_stages_and_overseas_quota_enter_the_main_event() {
    // Seed 002 十(二): 女子组第7轮结束后前4名晋级正赛，第8轮结束后前4名晋级正赛，第9轮结束后前5名
    // 晋级正赛 (a player who qualified leaves the field); 九(二)2(2): 境外运动员排名前2名，如与(1)
    // 重复，则按境外运动员排名顺延. Then 晋级正赛 enters the list into the main event, numbered
    // in its order. The test works out each stage from the standings after its round.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("shcup.bianpai");
    let (q, main) = ("海选女子组", "正赛女子组");
    ok(&["new", s(&file), "--name", "第六届上海杯象棋大师公开赛"]);
    add_section(&file, q, "xiangqi", "swiss", "9");
    add_section(&file, main, "xiangqi", "round-robin", "14");
    let toml = dir.path().join("q.toml");
    std::fs::write(
        &toml,
        r#"
[qualification]
stages = [
  { after_round = 7, count = 4 },
  { after_round = 8, count = 4 },
  { after_round = 9, count = 5 },
]
sub_lists = [{ name = "境外运动员", count = 2 }]
"#,
    )
    .unwrap();
    ok(&["settings", s(&file), "-s", q, "--import", s(&toml)]);
    // 24 players; every fourth from overseas.
    for i in 1..=24 {
        let overseas = if i % 4 == 0 { "true" } else { "false" };
        ok(&[
            "entrant",
            "add",
            s(&file),
            "-s",
            q,
            "--name",
            &format!("棋手{i:02}"),
            "--overseas",
            overseas,
        ]);
    }
    ok(&["draw", s(&file), "-s", q, "--seed", "6"]);
    let names = names_by_number(&file, q);
    let name_of = |n: u32| -> String { names[&n].clone() };
    let overseas = |n: u32| {
        name_of(n)
            .trim_start_matches("棋手")
            .parse::<u32>()
            .unwrap()
            % 4
            == 0
    };
    // Nine rounds, the test's results.
    for round in 1..=9 {
        let r = bianpai(&["pair", s(&file), "-s", q]);
        assert_eq!(r.code, 0, "round {round}: {}", r.err);
        let rs = round.to_string();
        for (board, (red, black)) in boards_of(&r.out).into_iter().enumerate() {
            // An overseas player loses to any other; otherwise the lower number wins.
            let code = match (overseas(red), overseas(black)) {
                (true, false) => "0-1",
                (false, true) => "1-0",
                _ if red < black => "1-0",
                _ => "0-1",
            };
            let b = (board + 1).to_string();
            ok(&["result", s(&file), "-s", q, "-r", &rs, "--board", &b, code]);
        }
    }
    // The stages, each from the standings after its round, among those still in the field.
    let mut qualified: Vec<u32> = Vec::new();
    for (round, count) in [(7, 4), (8, 4), (9, 5)] {
        let next: Vec<u32> = standings_order(&file, q, round)
            .into_iter()
            .filter(|n| !qualified.contains(n))
            .take(count)
            .collect();
        qualified.extend(next);
    }
    // The two best overseas players of the final standings not already in.
    let quota: Vec<u32> = standings_order(&file, q, 9)
        .into_iter()
        .filter(|n| overseas(*n) && !qualified.contains(n))
        .take(2)
        .collect();
    assert_eq!(quota.len(), 2);
    let expected: Vec<String> = qualified
        .iter()
        .chain(&quota)
        .map(|&n| name_of(n))
        .collect();
    let entered: Vec<String> = ok(&["advance", s(&file), "--from", q, "--to", main])
        .lines()
        .map(|l| l.split('\t').nth(1).unwrap().to_string())
        .collect();
    assert_eq!(
        entered, expected,
        "13 by the stages, then 2 overseas, in that order"
    );
    // The players who qualified after round 7 played no round 8 or 9.
    let stage1 = &qualified[..4];
    for round in [8, 9] {
        let text = ok(&[
            "export",
            "pairings",
            s(&file),
            "-s",
            q,
            "-r",
            &round.to_string(),
            "-f",
            "csv",
            "-o",
            s(&dir.path().join("p.csv")),
            "--force",
        ]);
        let _ = text;
        let csv = std::fs::read_to_string(dir.path().join("p.csv")).unwrap();
        for &n in stage1 {
            assert!(
                !csv.contains(&name_of(n)),
                "{} played round {round}",
                name_of(n)
            );
        }
    }
}

#[test]
fn a_knockout_s_pair_says_which_round_its_games_join() {
    // The demo's 少年淘汰赛 is halfway through its first games: the next games join round 1,
    // which a script cannot guess from the boards alone.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("d.bianpai");
    ok(&["demo", s(&file)]);
    let r = bianpai(&["pair", s(&file), "-s", "少年淘汰赛"]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.err.contains("第1轮（淘汰赛/交叉赛对局）"), "{}", r.err);
    assert_eq!(boards_of(&r.out).len(), 4, "{}", r.out);
}

#[test]
fn the_journal_tab_and_the_last_round_s_hand_changes_from_the_command_line() {
    // Undo, the journal, the backups, taking a round back and 人工调整 — the window's Journal
    // tab and its changes by hand — through the same actions.
    let dir = tempfile::tempdir().unwrap();
    let file = chess_event(dir.path(), "dutch", 8);
    ok(&["draw", s(&file), "-s", "1", "--seed", "2"]);
    let boards = boards_of(&ok(&["pair", s(&file), "-s", "1"]));
    // Two players of different boards change places; round 1 breaks no rule.
    let (a, b) = (boards[0].0, boards[1].0);
    ok(&["edit", s(&file), "-s", "1", "--swap", &format!("{a},{b}")]);
    let journal = ok(&["journal", s(&file)]);
    let last = journal.lines().last().unwrap();
    assert!(last.contains("人工调整"), "{journal}");
    // Undo takes the change back, and says so.
    let undone = ok(&["undo", s(&file)]);
    assert!(
        undone.starts_with("已撤销") && undone.contains("人工调整"),
        "{undone}"
    );
    // The backup made after the pairing is listed; restoring asks first and writes nothing.
    let list = ok(&["backup", "list", s(&file)]);
    let (copy, words) = list
        .lines()
        .next()
        .and_then(|l| l.split_once('\t'))
        .expect("a backup after pairing round 1, and its words");
    // Named by its section (公开组, as chess_event added it) and round, not by a file name.
    assert!(words.starts_with("公开组 第1轮编排后 · "), "{words}");
    let err = refused(&["backup", "restore", s(&file), copy]);
    assert!(err.contains("--yes"), "{err}");
    ok(&["backup", "restore", s(&file), copy, "--yes"]);
    // The journal names the copy restored as the list did.
    let journal = ok(&["journal", s(&file)]);
    let last = journal.lines().last().unwrap();
    assert!(last.contains("恢复") && last.ends_with(words), "{journal}");
    // The round is taken back while no result is in; then it is paired again, the same.
    ok(&["unpair", s(&file), "-s", "1", "-r", "1"]);
    let again = boards_of(&ok(&["pair", s(&file), "-s", "1"]));
    assert_eq!(again, boards);
    // Round 1 played (white wins); round 2 paired.
    for (k, _) in boards.iter().enumerate() {
        let b = (k + 1).to_string();
        ok(&[
            "result",
            s(&file),
            "-s",
            "1",
            "-r",
            "1",
            "--board",
            &b,
            "1-0",
        ]);
    }
    let r2 = boards_of(&ok(&["pair", s(&file), "-s", "1"]));
    // Board 1's white plays again the one he met in round 1 if his opponent and that one
    // change places: a rematch (C1), refused until confirmed with the section's name.
    let (p, q) = r2[0];
    let met = boards
        .iter()
        .find_map(|&(w, bl)| {
            if w == p {
                Some(bl)
            } else if bl == p {
                Some(w)
            } else {
                None
            }
        })
        .unwrap();
    let swap = format!("{q},{met}");
    let err = refused(&["edit", s(&file), "-s", "1", "--swap", &swap]);
    assert!(err.contains("--confirm 公开组"), "{err}");
    ok(&[
        "edit",
        s(&file),
        "-s",
        "1",
        "--swap",
        &swap,
        "--confirm",
        "公开组",
    ]);
    let journal = ok(&["journal", s(&file)]);
    assert!(
        journal.lines().last().unwrap().contains("人工调整"),
        "{journal}"
    );
}

#[test]
fn sections_are_renamed_and_removed_and_the_entry_form_written_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("e.bianpai");
    ok(&["new", s(&file), "--name", "区赛"]);
    for name in ["甲组", "乙组"] {
        add_section(&file, name, "xiangqi", "swiss", "5");
    }
    assert_eq!(
        ok(&["section", "rename", s(&file), "甲组", "--to", "男子组"]).trim(),
        "1\t男子组"
    );
    // Removing needs the name typed; a wrong one removes nothing.
    refused(&["section", "remove", s(&file), "2", "--confirm", "男子组"]);
    ok(&["section", "remove", s(&file), "2", "--confirm", "乙组"]);
    let list = ok(&["section", "list", s(&file)]);
    assert_eq!(list.lines().count(), 1, "{list}");
    // Undone like any action.
    ok(&["undo", s(&file)]);
    assert_eq!(ok(&["section", "list", s(&file)]).lines().count(), 2);
    // 报名表: a workbook, never over an existing file without --force.
    let form = dir.path().join("报名表.xlsx");
    ok(&[
        "export",
        "entry-form",
        s(&file),
        "-s",
        "男子组",
        "-o",
        s(&form),
    ]);
    assert!(
        std::fs::read(&form).unwrap().starts_with(b"PK"),
        "an xlsx (zip)"
    );
    let err = refused(&[
        "export",
        "entry-form",
        s(&file),
        "-s",
        "男子组",
        "-o",
        s(&form),
    ]);
    assert!(err.contains("已存在"), "{err}");
    ok(&[
        "export",
        "entry-form",
        s(&file),
        "-s",
        "男子组",
        "-o",
        s(&form),
        "--force",
    ]);
}
