//! Issue 40: 迟到判负 from a script. Seed 001's limit ("自裁判长宣布开赛后，首轮15分钟，其它轮次
//! 5分钟未到赛桌就座者按弃权处理") set through the settings file is printed on the pairing sheet
//! as the regulation writes it; `result --late black` gives red the forfeit win and says why in
//! the journal and the result book; `undo` takes it back.

use crate::common::{add_section, bianpai, ok};
use std::path::Path;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn pdf_text(pdf: &Path) -> String {
    let out = std::process::Command::new("pdftotext")
        .args([s(pdf), "-"])
        .output()
        .expect("pdftotext (poppler-utils)");
    String::from_utf8_lossy(&out.stdout)
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect()
}

#[test]
fn late_black_is_a_forfeit_win_for_red_named_in_the_journal_and_result_book_and_undone() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("e.bianpai");
    ok(&["new", s(&file), "--name", "2026年北京市象棋锦标赛"]);
    add_section(&file, "男子个人组", "xiangqi", "swiss", "5");
    for name in ["甲", "乙", "丙", "丁"] {
        ok(&[
            "entrant",
            "add",
            s(&file),
            "-s",
            "男子个人组",
            "--name",
            name,
        ]);
    }
    ok(&["draw", s(&file), "-s", "男子个人组", "--seed", "3"]);
    // The limit through the settings file, as any setting.
    let toml = dir.path().join("s.toml");
    ok(&[
        "settings",
        s(&file),
        "-s",
        "男子个人组",
        "--export",
        s(&toml),
    ]);
    let text = std::fs::read_to_string(&toml).unwrap().replace(
        "[lateness]\nfirst_round = 0\nlater_rounds = 0",
        "[lateness]\nfirst_round = 15\nlater_rounds = 5",
    );
    std::fs::write(&toml, text).unwrap();
    ok(&[
        "settings",
        s(&file),
        "-s",
        "男子个人组",
        "--import",
        s(&toml),
    ]);
    ok(&["pair", s(&file), "-s", "男子个人组"]);

    let sheet = dir.path().join("r1.pdf");
    ok(&[
        "export",
        "pairings",
        s(&file),
        "-s",
        "男子个人组",
        "-o",
        s(&sheet),
    ]);
    assert!(pdf_text(&sheet).contains("迟到时限：第1轮15分钟，其后各轮5分钟"));

    // Not with a result beside it.
    let both = bianpai(&[
        "result",
        s(&file),
        "-s",
        "男子个人组",
        "-r",
        "1",
        "-b",
        "1",
        "1-0",
        "--late",
        "black",
    ]);
    assert_ne!(both.code, 0, "a result and --late together are refused");
    ok(&[
        "result",
        s(&file),
        "-s",
        "男子个人组",
        "-r",
        "1",
        "-b",
        "1",
        "--late",
        "black",
    ]);
    ok(&[
        "result",
        s(&file),
        "-s",
        "男子个人组",
        "-r",
        "1",
        "-b",
        "2",
        "1-0",
    ]);
    let t = bianpai::app::Tournament::open(&file).unwrap();
    let g = &t.event().sections[0].rounds[0].games[0];
    assert_eq!(
        (g.outcome, g.late),
        (Some(bianpai::model::Outcome::RedWinByForfeit), true),
        "black late: red wins by forfeit"
    );
    drop(t);
    let journal = ok(&["journal", s(&file)]);
    assert!(journal.contains("第1台：黑方迟到判负"), "{journal}");

    let book = dir.path().join("book.pdf");
    ok(&["export", "result-book", s(&file), "-o", s(&book)]);
    assert!(pdf_text(&book).contains("黑方迟到判负"));

    // Undo board 2, then board 1: no result, no lateness.
    ok(&["undo", s(&file)]);
    ok(&["undo", s(&file)]);
    let t = bianpai::app::Tournament::open(&file).unwrap();
    let g = &t.event().sections[0].rounds[0].games[0];
    assert_eq!((g.outcome, g.late), (None, false));
}
