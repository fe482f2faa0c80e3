//! A whole event scripted with the command line only (issue 21): `new`, `section add`,
//! `settings`, `import`, `draw`, `pair`, `result`, `awards`, `export`, `standings`. The checks
//! are worked out here, from the boards the program printed and the results this test chose
//! with its own seeded generator: every round has every player once (or the bye), no two
//! players meet twice, the places are 1..n, and each player's points are the sum of the results
//! this test entered, scored by the rule (xiangqi 13.1: 2-1-0; chess: 1-½-0, a bye 1).

use crate::common::{ok, refused};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

/// Exit status, standard output, standard error.
fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// An entry list as organisers send it: 姓名, 性别, 出生日期, 单位, 等级分.
fn entry_csv(path: &Path, players: usize, units: usize) {
    let mut text = String::from("姓名,性别,出生日期,单位,等级分\n");
    for i in 1..=players {
        text += &format!(
            "选手{i:02},{},{}-0{}-1{},单位{},{}\n",
            if i % 3 == 0 { "女" } else { "男" },
            1980 + i % 30,
            1 + i % 9,
            i % 10,
            i % units,
            1500 + 7 * i
        );
    }
    std::fs::write(path, text).unwrap();
}

/// One paired round as printed: boards (first, second) and the bye.
#[derive(Debug, Default)]
struct Round {
    boards: Vec<(u32, u32, u32)>,
    bye: Option<u32>,
}

fn parse_pairing(text: &str) -> Round {
    let mut r = Round::default();
    for line in text.lines() {
        let f: Vec<u32> = line.split('\t').map(|x| x.parse().unwrap()).collect();
        assert_eq!(f.len(), 3, "{line}");
        if f[0] == 0 {
            assert_eq!(f[2], 0, "a bye line: 0, number, 0");
            assert!(r.bye.replace(f[1]).is_none(), "one bye a round");
        } else {
            r.boards.push((f[0], f[1], f[2]));
        }
    }
    r
}

/// The event's history as the test saw it, and the points it scored by hand (half-points).
struct Book {
    met: BTreeSet<(u32, u32)>,
    byes: BTreeMap<u32, u32>,
    halves: HashMap<u32, i32>,
}

impl Book {
    fn new() -> Book {
        Book {
            met: BTreeSet::new(),
            byes: BTreeMap::new(),
            halves: HashMap::new(),
        }
    }

    /// Checks a round: every number of 1..=n once, no rematch; records the meetings.
    fn check(&mut self, round: &Round, n: u32) {
        let mut seen: Vec<u32> = round.boards.iter().flat_map(|b| [b.1, b.2]).collect();
        seen.extend(round.bye);
        seen.sort();
        assert_eq!(seen, (1..=n).collect::<Vec<_>>(), "everyone once");
        let boards: Vec<u32> = round.boards.iter().map(|b| b.0).collect();
        assert_eq!(
            boards,
            (1..=n / 2).collect::<Vec<_>>(),
            "boards 1..{}",
            n / 2
        );
        for &(_, a, b) in &round.boards {
            assert!(
                self.met.insert((a.min(b), a.max(b))),
                "{a} and {b} meet again"
            );
        }
        if let Some(b) = round.bye {
            *self.byes.entry(b).or_default() += 1;
        }
    }

    fn add(&mut self, who: u32, halves: i32) {
        *self.halves.entry(who).or_default() += halves;
    }
}

/// A board's result as entered: board, result code, fouls (red/black).
type Entered = (u32, &'static str, Option<(u8, u8)>);

/// The results of a round chosen by the generator: (board, code, fouls), and the points they
/// give (`win`, `draw` in half-points; a loss and a forfeit loss 0).
fn play(
    rng: &mut ChaCha8Rng,
    round: &Round,
    book: &mut Book,
    win: i32,
    draw: i32,
    forfeits: bool,
) -> Vec<Entered> {
    let mut out = Vec::new();
    for &(board, first, second) in &round.boards {
        let roll = rng.random_range(0..100);
        let code = match roll {
            0..=39 => "1-0",
            40..=74 => "0-1",
            75..=97 => "=",
            _ if forfeits => "+-",
            _ => "=",
        };
        let (a, b) = match code {
            "1-0" | "+-" => (win, 0),
            "0-1" => (0, win),
            _ => (draw, draw),
        };
        book.add(first, a);
        book.add(second, b);
        let fouls = (rng.random_range(0..10) == 0).then(|| (1, rng.random_range(0..2)));
        out.push((board, code, fouls));
    }
    out
}

/// Enters a round's results: odd rounds from a results file, even rounds board by board.
fn enter(dir: &Path, event: &str, section: &str, r: u32, results: &[Entered]) {
    let round = r.to_string();
    if r % 2 == 1 {
        let mut csv = String::from("board,result,fouls\n");
        for (b, code, fouls) in results {
            let f = fouls.map_or(String::new(), |(x, y)| format!("{x}/{y}"));
            csv += &format!("{b},{code},{f}\n");
        }
        let file = dir.join(format!("{section}-r{r}.csv"));
        std::fs::write(&file, csv).unwrap();
        ok(&[
            "result",
            event,
            "-s",
            section,
            "-r",
            &round,
            "--from",
            s(&file),
        ]);
    } else {
        for (b, code, fouls) in results {
            let board = b.to_string();
            let mut args = vec![
                "result", event, "-s", section, "-r", &round, "--board", &board,
            ];
            let f;
            if let Some((x, y)) = fouls {
                f = format!("{x}/{y}");
                args.extend(["--fouls", &f]);
            }
            args.push(code);
            ok(&args);
        }
    }
}

/// `export standings --format csv`: points by pairing number, in half-points.
fn exported_points(dir: &Path, event: &str, section: &str) -> HashMap<u32, i32> {
    let out = dir.join(format!("{section}-standings.csv"));
    ok(&[
        "export",
        "standings",
        event,
        "-s",
        section,
        "--format",
        "csv",
        "--force",
        "-o",
        s(&out),
    ]);
    let text = std::fs::read_to_string(&out).unwrap();
    let text = text
        .strip_prefix('\u{feff}')
        .expect("UTF-8 with a byte-order mark");
    let mut lines = text.lines();
    let head: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| head.iter().position(|h| *h == name).unwrap();
    let (no, pts) = (col("序号"), col("积分"));
    lines
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            let p: f64 = f[pts].parse().unwrap();
            (f[no].parse().unwrap(), (p * 2.0) as i32)
        })
        .collect()
}

/// `awards`: the places in order, and every number once.
fn check_awards(event: &str, section: &str, n: u32) {
    let text = ok(&["awards", event, "-s", section]);
    let lines: Vec<Vec<&str>> = text.lines().map(|l| l.split('\t').collect()).collect();
    assert!(lines.iter().all(|l| l.len() == 7), "seven columns");
    let places: Vec<u32> = lines.iter().map(|l| l[0].parse().unwrap()).collect();
    assert_eq!(places, (1..=n).collect::<Vec<_>>());
    let mut numbers: Vec<u32> = lines.iter().map(|l| l[1].parse().unwrap()).collect();
    numbers.sort();
    assert_eq!(numbers, (1..=n).collect::<Vec<_>>());
}

#[test]
fn a_sixty_player_xiangqi_swiss_of_nine_rounds() {
    let dir = tempfile::tempdir().unwrap();
    let event = dir.path().join("联赛.bianpai");
    let ev = s(&event);
    ok(&["new", ev, "--name", "全国象棋联赛"]);
    // Never over an existing file.
    assert!(refused(&["new", ev, "--name", "又一个"]).contains("已存在"));
    ok(&[
        "section",
        "add",
        ev,
        "--name",
        "男子组",
        "--game",
        "xiangqi",
        "--system",
        "swiss",
        "--rounds",
        "9",
    ]);
    let list = dir.path().join("报名表.csv");
    entry_csv(&list, 60, 12);
    ok(&["import", ev, "-s", "男子组", s(&list), "--dry-run"]);
    ok(&["import", ev, "-s", "男子组", s(&list)]);
    // Everyone is entered already: each row says so, in the user's language, and nothing is
    // written.
    let zh = refused(&["import", ev, "-s", "男子组", s(&list)]);
    assert!(zh.contains("第2行") && zh.contains("本组已有此人"), "{zh}");
    let en = refused(&["--lang", "en", "import", ev, "-s", "男子组", s(&list)]);
    assert!(
        en.contains("Row 2") && en.contains("already entered"),
        "{en}"
    );
    let drawn = ok(&["draw", ev, "-s", "男子组", "--seed", "2026"]);
    let mut numbers: Vec<u32> = drawn
        .lines()
        .map(|l| l.split('\t').next().unwrap().parse().unwrap())
        .collect();
    numbers.sort();
    assert_eq!(numbers, (1..=60).collect::<Vec<_>>());

    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let mut book = Book::new();
    // Board 1 of round 1 and its result, corrected at the end.
    let mut first = ((0, 0, 0), "");
    let mut from_trf = Vec::new();
    for r in 1..=9u32 {
        let round = parse_pairing(&ok(&["pair", ev, "-s", "男子组"]));
        assert_eq!(round.boards.len(), 30, "round {r}");
        if r == 4 {
            // The event held as a TRF is paired by the same engine as the event itself.
            let event: Vec<(u32, u32)> = round.boards.iter().map(|b| (b.1, b.2)).collect();
            assert_eq!(event, from_trf);
        }
        book.check(&round, 60);
        // 2-1-0 in half-points.
        let results = play(&mut rng, &round, &mut book, 4, 2, false);
        if r == 1 {
            first = (round.boards[0], results[0].1);
        }
        if r == 2 {
            bad_results(dir.path(), ev, &results);
        }
        enter(dir.path(), ev, "男子组", r, &results);
        if r == 3 {
            from_trf = xiangqi_trf(dir.path(), ev, &book);
        }
    }
    // A tenth round is refused.
    refused(&["pair", ev, "-s", "男子组"]);
    correction(ev, &mut book, first.0, first.1);
    check_awards(ev, "男子组", 60);
    let points = exported_points(dir.path(), ev, "男子组");
    for n in 1..=60 {
        assert_eq!(points[&n], book.halves[&n], "player {n}");
    }
}

/// A result of round 1 changed after round 9: refused without a reason, kept with one; the
/// points follow (2-1-0 in half-points).
fn correction(ev: &str, book: &mut Book, board: (u32, u32, u32), was: &str) {
    let (_, first, second) = board;
    let now = if was == "=" { "1-0" } else { "=" };
    for (code, sign) in [(was, -1), (now, 1)] {
        let (a, b) = match code {
            "1-0" => (4, 0),
            "0-1" => (0, 4),
            _ => (2, 2),
        };
        book.add(first, sign * a);
        book.add(second, sign * b);
    }
    let args = ["result", ev, "-s", "男子组", "-r", "1", "--board", "1", now];
    assert!(refused(&args).contains("更正成绩须填写原因"));
    let mut with_reason = args.to_vec();
    with_reason.extend(["--reason", "记分单填错"]);
    ok(&with_reason);
}

/// Bad results in round 2: an unknown code, bad fouls and a results file with a bad line are
/// refused, named in the user's language, and write nothing (the round still cannot be
/// followed by round 3).
fn bad_results(dir: &Path, ev: &str, results: &[Entered]) {
    let zh = refused(&[
        "result",
        ev,
        "-s",
        "男子组",
        "-r",
        "2",
        "--board",
        "1",
        "2-0",
    ]);
    assert!(zh.contains("“2-0”不是结果"), "{zh}");
    let en = refused(&[
        "result",
        ev,
        "-s",
        "男子组",
        "-r",
        "2",
        "--board",
        "1",
        "2-0",
        "--lang",
        "en",
    ]);
    assert!(en.contains("“2-0” is not a result"), "{en}");
    refused(&[
        "result",
        ev,
        "-s",
        "男子组",
        "-r",
        "2",
        "--board",
        "1",
        "--fouls",
        "x",
        "=",
    ]);
    refused(&[
        "result",
        ev,
        "-s",
        "男子组",
        "-r",
        "2",
        "--board",
        "31",
        "=",
    ]);
    let file = dir.join("bad.csv");
    let mut csv = String::from("board,result\n");
    for (b, code, _) in results {
        // Line 4 (board 3) is bad.
        csv += &format!("{b},{}\n", if *b == 3 { "2:0" } else { code });
    }
    std::fs::write(&file, csv).unwrap();
    let zh = refused(&["result", ev, "-s", "男子组", "-r", "2", "--from", s(&file)]);
    assert!(zh.contains("第4行") && zh.contains("“2:0”不是结果"), "{zh}");
    let en = refused(&[
        "--lang",
        "en",
        "result",
        ev,
        "-s",
        "男子组",
        "-r",
        "2",
        "--from",
        s(&file),
    ]);
    assert!(
        en.contains("line 4") && en.contains("“2:0” is not a result"),
        "{en}"
    );
    // A board the round does not have, named by its line.
    std::fs::write(&file, "1,=\n99,=\n").unwrap();
    let zh = refused(&["result", ev, "-s", "男子组", "-r", "2", "--from", s(&file)]);
    assert!(zh.contains("第2行") && zh.contains("没有第99台"), "{zh}");
    // Nothing was written: round 2 is still open.
    refused(&["pair", ev, "-s", "男子组"]);
}

/// After round 3 the section leaves as a TRF, and `pair --xiangqi` pairs its round 4 with the
/// xiangqi engine: 30 pairs of the 60 players (bbpPairings' file: the count, then one pair a
/// line), none of whom have met. The caller checks they are the event's own round 4.
fn xiangqi_trf(dir: &Path, ev: &str, book: &Book) -> Vec<(u32, u32)> {
    let trf = dir.join("男子组.trf");
    ok(&[
        "export",
        "results",
        ev,
        "-s",
        "男子组",
        "--format",
        "trf",
        "-o",
        s(&trf),
    ]);
    let out = dir.join("r4.txt");
    ok(&[
        "pair",
        "--xiangqi",
        s(&trf),
        "-p",
        s(&out),
        "--points",
        "2,1,0",
    ]);
    let text = std::fs::read_to_string(&out).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("30"));
    let mut seen = BTreeSet::new();
    let mut pairs = Vec::new();
    for l in lines {
        let (a, b) = l.split_once(' ').unwrap();
        let (a, b): (u32, u32) = (a.parse().unwrap(), b.parse().unwrap());
        assert!(seen.insert(a) && seen.insert(b));
        assert!(
            !book.met.contains(&(a.min(b), a.max(b))),
            "{a}–{b} met before"
        );
        pairs.push((a, b));
    }
    assert_eq!(seen.len(), 60);
    pairs
}

#[test]
fn a_chess_dutch_section_of_seven_rounds() {
    let dir = tempfile::tempdir().unwrap();
    let event = dir.path().join("open.bianpai");
    let ev = s(&event);
    ok(&["new", ev, "--name", "Spring Open"]);
    ok(&[
        "section",
        "add",
        ev,
        "--name",
        "公开组",
        "--game",
        "chess",
        "--system",
        "dutch",
        "--rounds",
        "7",
    ]);
    settings_file(dir.path(), ev);
    let list = dir.path().join("entries.csv");
    entry_csv(&list, 25, 25);
    ok(&["import", ev, "-s", "公开组", s(&list)]);
    round_trips(dir.path(), ev);
    ok(&["draw", ev, "-s", "公开组", "--seed", "5"]);

    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut book = Book::new();
    for r in 1..=7u32 {
        let round = parse_pairing(&ok(&["pair", ev, "-s", "公开组"]));
        assert_eq!(round.boards.len(), 12, "round {r}");
        book.check(&round, 25);
        // 1-½-0 in half-points; the pairing-allocated bye scores a win.
        let bye = round.bye.expect("25 players: a bye");
        book.add(bye, 2);
        let results = play(&mut rng, &round, &mut book, 2, 1, r == 7);
        enter(dir.path(), ev, "公开组", r, &results);
    }
    // C.04.1 c: no player receives the pairing-allocated bye twice.
    assert!(book.byes.values().all(|&n| n == 1), "{:?}", book.byes);
    check_awards(ev, "公开组", 25);
    let points = exported_points(dir.path(), ev, "公开组");
    for n in 1..=25 {
        assert_eq!(points[&n], book.halves[&n], "player {n}");
    }
    // Every list in every format; the PDF documents of a round; a list is no PDF.
    for (kind, format) in [
        ("crosstable", "html"),
        ("results", "xlsx"),
        ("pairings", "csv"),
        ("crosstable", "pdf"),
        ("wall", "pdf"),
    ] {
        let out = dir.path().join(format!("{kind}.{format}"));
        ok(&[
            "export",
            kind,
            ev,
            "-s",
            "公开组",
            "--format",
            format,
            "-o",
            s(&out),
        ]);
        assert!(
            std::fs::metadata(&out).unwrap().len() > 0,
            "{kind}.{format}"
        );
    }
    let html = std::fs::read_to_string(dir.path().join("crosstable.html")).unwrap();
    assert!(html.contains("<table>") && html.contains("选手01"));
    let out = dir.path().join("entrants.pdf");
    let en = refused(&[
        "export",
        "entrants",
        ev,
        "-s",
        "公开组",
        "-o",
        s(&out),
        "--lang",
        "en",
    ]);
    assert!(en.contains("not offered as PDF"), "{en}");
    // The section as a TRF, read by `standings`, gives the event's standings.
    let trf = dir.path().join("open.trf");
    ok(&[
        "export",
        "standings",
        ev,
        "-s",
        "公开组",
        "--format",
        "trf",
        "-o",
        s(&trf),
    ]);
    let from_trf = ok(&["standings", s(&trf)]);
    let from_event = ok(&["standings", ev, "-s", "公开组"]);
    assert_eq!(from_trf, from_event);
    for line in from_trf.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let (no, pts): (u32, f64) = (f[1].parse().unwrap(), f[2].parse().unwrap());
        assert_eq!((pts * 2.0) as i32, book.halves[&no], "player {no}");
    }
}

/// `settings`: the file reads back unchanged; a bad value or key is named (line and key, in
/// the user's language) and changes nothing; a good change is kept.
fn settings_file(dir: &Path, ev: &str) {
    let toml = dir.join("公开组.toml");
    ok(&["settings", ev, "-s", "公开组", "--export", s(&toml)]);
    let text = std::fs::read_to_string(&toml).unwrap();
    assert!(
        text.contains("game = \"Chess\"") && text.contains("rounds = 7"),
        "{text}"
    );
    ok(&["settings", ev, "-s", "公开组", "--import", s(&toml)]);
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, text.replace("rounds = 7", "rounds = \"seven\"")).unwrap();
    let zh = refused(&["settings", ev, "-s", "公开组", "--import", s(&bad)]);
    assert!(zh.contains("设置文件第") && zh.contains("rounds"), "{zh}");
    let en = refused(&[
        "settings",
        ev,
        "-s",
        "公开组",
        "--import",
        s(&bad),
        "--lang",
        "en",
    ]);
    assert!(
        en.contains("Settings file, line") && en.contains("rounds"),
        "{en}"
    );
    // Zero rounds reads as TOML but is no section: the field is named in words.
    std::fs::write(&bad, text.replace("rounds = 7", "rounds = 0")).unwrap();
    assert!(refused(&["settings", ev, "-s", "公开组", "--import", s(&bad)]).contains("轮数"));
    let en = refused(&[
        "--lang",
        "en",
        "settings",
        ev,
        "-s",
        "公开组",
        "--import",
        s(&bad),
    ]);
    assert!(en.contains("Rounds"), "{en}");
    std::fs::write(&bad, text.replace("rounds = 7", "rounds = 7\nround = 8")).unwrap();
    assert!(refused(&["settings", ev, "-s", "公开组", "--import", s(&bad)]).contains("“round”"));
    // Nothing changed: the file written now is the one written before.
    let again = dir.join("again.toml");
    ok(&["settings", ev, "-s", "公开组", "--export", s(&again)]);
    assert_eq!(std::fs::read_to_string(&again).unwrap(), text);
}

/// Entrants exported to XLSX, to CSV (UTF-8 and GB18030) and imported into a fresh event are
/// the same entrants; a bad row is named in the user's language.
fn round_trips(dir: &Path, ev: &str) {
    let listed = |event: &str| -> Vec<String> {
        let out = dir.join("listed.csv");
        ok(&[
            "export",
            "entrants",
            event,
            "-s",
            "公开组",
            "--format",
            "csv",
            "--force",
            "-o",
            s(&out),
        ]);
        let mut rows: Vec<String> = std::fs::read_to_string(&out)
            .unwrap()
            .lines()
            .skip(1)
            // Without the pairing number: the fresh events have not drawn lots.
            .map(|l| l.split_once(',').unwrap().1.to_string())
            .collect();
        rows.sort();
        rows
    };
    let original = listed(ev);
    assert_eq!(original.len(), 25);
    for (format, encoding, name) in [
        ("xlsx", "utf8", "e.xlsx"),
        ("csv", "utf8", "e.csv"),
        ("csv", "gb18030", "e-gb.csv"),
    ] {
        let file: PathBuf = dir.join(name);
        ok(&[
            "export",
            "entrants",
            ev,
            "-s",
            "公开组",
            "--format",
            format,
            "--encoding",
            encoding,
            "-o",
            s(&file),
        ]);
        let fresh = dir.join(format!("{name}.bianpai"));
        let fr = s(&fresh);
        ok(&["new", fr, "--name", "copy"]);
        ok(&[
            "section",
            "add",
            fr,
            "--name",
            "公开组",
            "--game",
            "chess",
            "--system",
            "dutch",
            "--rounds",
            "7",
        ]);
        ok(&["import", fr, "-s", "公开组", s(&file)]);
        assert_eq!(listed(fr), original, "{name}");
    }
    // A birth date that is no date, on row 3 (column C).
    let bad = dir.join("bad.csv");
    std::fs::write(
        &bad,
        "姓名,性别,出生日期\n甲,男,2001-01-01\n乙,女,2001-13-01\n",
    )
    .unwrap();
    let zh = refused(&["import", ev, "-s", "公开组", s(&bad)]);
    assert!(zh.contains("第3行C列（出生日期）"), "{zh}");
    let en = refused(&["import", ev, "-s", "公开组", s(&bad), "--lang", "en"]);
    assert!(en.contains("Row 3, column C (Birth date)"), "{en}");
}
