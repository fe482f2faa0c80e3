//! Issue 37, paper an arbiter would post without a second look (points 3, 7 and 8): a
//! knockout's documents show its bracket places and its matches; words, unit names and the
//! certificate's fixed phrase stay whole; English headings are spaced and punctuated as
//! English; the wall sheet uses its page; the order book carries the parts of a 秩序册.
//! Every expected value is worked out here by hand from the rules, never read back from the
//! program. The PDFs are read with `pdftotext` (poppler-utils).

use crate::common::SectionBuilder;
use bianpai::app::{DocumentKind, DocumentRequest, make_document};
use bianpai::i18n::Lang;
use bianpai::model::{Event, GamePhase, Outcome, PairingSystem, SectionId};
use std::process::Command;

/// The text of `kind` (of section 1 where it needs one) made from `event`, as `pdftotext
/// -layout` reads it; pages separated by form feeds.
fn text(event: &Event, kind: DocumentKind, lang: Lang) -> String {
    let req = DocumentRequest {
        section: kind.for_a_round().then_some(SectionId(1)),
        ..DocumentRequest::event(kind, lang)
    };
    let pdf = make_document(event, &req).unwrap_or_else(|e| panic!("{kind:?}: {e}"));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.pdf");
    std::fs::write(&path, &pdf.bytes).unwrap();
    let out = Command::new("pdftotext")
        .args(["-layout", path.to_str().unwrap(), "-"])
        .output()
        .unwrap_or_else(|e| panic!("pdftotext not found ({e}); install poppler-utils"));
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

/// The printed line that holds `needle` (the first one).
fn line_with<'a>(text: &'a str, needle: &str) -> &'a str {
    text.lines()
        .find(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line with {needle} in:\n{text}"))
}

/// The cells of a printed line, split at runs of spaces.
fn cells(line: &str) -> Vec<&str> {
    line.split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect()
}

const KNOCKOUT_NAMES: [&str; 8] = [
    "甲一", "乙二", "丙三", "丁四", "戊五", "己六", "庚七", "辛八",
];

/// Eight players numbered 1–8, a knockout with seed 002's match (two slow games, tie-breaks
/// after), its quarter-finals (round 1) played out. The bracket pairs seeds 1–8, 4–5, 2–7,
/// 3–6 (rules.md §5.1):
/// - 1 beats 8 twice: 2:0;
/// - 4 beats 5 and draws: 1.5:0.5;
/// - 7 beats 2 twice: 2:0 for 7 (2 loses);
/// - 3 and 6 draw, then 3 wins: 1.5:0.5.
///
/// So the quarter-final losers 8, 5, 2 and 6 share places 5–8 (rules.md §5.2), and the four
/// still in play, 1, 4, 7 and 3, share 1–4 above them.
fn knockout_event() -> Event {
    use Outcome::{BlackWin, Draw, RedWin};
    let mut settings = bianpai::model::SectionSettings::default();
    settings.system = PairingSystem::Knockout;
    let mut s = SectionBuilder::new()
        .name("少年淘汰赛")
        .entrants(KNOCKOUT_NAMES.iter().map(|n| bianpai::model::Entrant {
            name: n.to_string(),
            unit: "黄浦区".into(),
            ..bianpai::model::Entrant::default()
        }))
        .settings(settings)
        .round(&[
            (1, 8, RedWin),
            (8, 1, BlackWin),
            (4, 5, RedWin),
            (5, 4, Draw),
            (2, 7, BlackWin),
            (7, 2, RedWin),
            (3, 6, Draw),
            (6, 3, BlackWin),
        ])
        .build();
    s.id = SectionId(1);
    for g in &mut s.rounds[0].games {
        g.phase = GamePhase::Slow;
    }
    Event {
        name: "淘汰赛".into(),
        sections: vec![s],
        ..Event::default()
    }
}

/// Point 3: the knockout's standings, crosstable, result book and certificates show the
/// bracket's places (5–8 for the quarter-final losers, 1–4 for those still in play), no
/// points, and the matches of round 1 with who won them and their scores.
#[test]
fn a_knockout_is_printed_by_its_bracket_places_and_its_matches() {
    let e = knockout_event();
    let place = |text: &str, name: &str| cells(line_with(text, name))[0].to_string();
    for kind in [DocumentKind::Standings, DocumentKind::ResultBook] {
        let text = text(&e, kind, Lang::Zh);
        for name in ["辛八", "戊五", "乙二", "己六"] {
            assert_eq!(place(&text, name), "5–8", "{kind:?}: {name}");
        }
        for name in ["甲一", "丁四", "庚七", "丙三"] {
            assert_eq!(place(&text, name), "1–4", "{kind:?}: {name}");
        }
        assert!(
            !text.contains("积分"),
            "{kind:?}: no points column:\n{text}"
        );
    }
    // The crosstable (also in the result book): the round's match, own score first.
    let want = [
        ("甲一", "8胜 2:0"),
        ("辛八", "1负 0:2"),
        ("丁四", "5胜 1.5:0.5"),
        ("戊五", "4负 0.5:1.5"),
        ("乙二", "7负 0:2"),
        ("庚七", "2胜 2:0"),
        ("丙三", "6胜 1.5:0.5"),
        ("己六", "3负 0.5:1.5"),
    ];
    let cross = text(&e, DocumentKind::Crosstable, Lang::Zh);
    let book = text(&e, DocumentKind::ResultBook, Lang::Zh);
    let book_cross = &book[book.find("成绩交叉表").expect("the book's crosstable")..];
    for (name, cell) in want {
        for t in [&cross, &book_cross.to_string()] {
            let line = line_with(t, name);
            assert!(line.contains(cell), "{name}: {cell} in {line}");
            assert!(
                cells(line).first().is_some_and(|c| c.contains('–')),
                "{line}"
            );
        }
    }
    // The round's games with their results, in the book.
    let games = &book[book.find("第1轮对阵及成绩").expect("round 1's games")..];
    let board = |b: &str| {
        games
            .lines()
            .find(|l| cells(l).first() == Some(&b))
            .unwrap_or_else(|| panic!("board {b} in {games}"))
    };
    assert!(board("1").contains("红胜（慢棋）") && board("1").contains("甲一"));
    assert!(board("4").contains("和（慢棋）") && board("4").contains("戊五"));
    assert!(board("8").contains("黑胜（慢棋）") && board("8").contains("丙三"));
    // Certificates: 8 players, 录取 places 1–7 (减一录取名次 below 9); 1–4 are undecided and
    // get none yet; the four who share 5–8 each get 并列第五名.
    let certs = text(&e, DocumentKind::Certificates, Lang::Zh);
    let squeezed: String = certs.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!(squeezed.matches("并列第五名").count(), 4, "{certs}");
    for name in ["辛八", "戊五", "乙二", "己六"] {
        assert!(squeezed.contains(name), "{name}");
    }
    for name in ["甲一", "丁四", "庚七", "丙三"] {
        assert!(!squeezed.contains(name), "{name} is still in play");
    }
}
