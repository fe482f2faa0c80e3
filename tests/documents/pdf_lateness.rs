//! Issue 40: the lateness limit (迟到时限) on paper, as each regulation writes it. Seed 001:
//! "自裁判长宣布开赛后，首轮15分钟，其它轮次5分钟未到赛桌就座者按弃权处理" — the pairing sheet
//! of any round says "迟到时限：第1轮15分钟，其后各轮5分钟" under its title, and the order book's
//! rules say it with what follows. Seed 000: "每轮比赛迟到 10 分钟按弃权处理" — "每轮10分钟".
//! A section with no limit prints none.

use crate::common;
use crate::common::SectionBuilder;
use bianpai::app::{DocumentKind, DocumentRequest, Tournament};
use bianpai::i18n::Lang;
use bianpai::model::{Lateness, SectionSettings};
use bianpai::pairing::pair_round_one;

fn text(t: &Tournament, req: &DocumentRequest) -> String {
    let pdf = t.document(req).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.pdf");
    std::fs::write(&path, &pdf.bytes).unwrap();
    let out = std::process::Command::new("pdftotext")
        .args([path.to_str().unwrap(), "-"])
        .output()
        .expect("pdftotext (poppler-utils)");
    String::from_utf8(out.stdout)
        .unwrap()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect()
}

fn section(name: &str, first_round: u32, later_rounds: u32) -> bianpai::model::Section {
    let mut s = SectionBuilder::new()
        .name(name)
        .settings(SectionSettings {
            lateness: Lateness {
                first_round,
                later_rounds,
            },
            ..SectionSettings::default()
        })
        .names(&["甲", "乙", "丙", "丁"])
        .build();
    let r = pair_round_one(&s).unwrap();
    s.rounds.push(r);
    s
}

/// Seed 001's limits (15, then 5), seed 000's (10 every round) and a section with none, each
/// with round 1 paired; the event, and its sections' ids in that order.
fn three_regulations() -> (
    tempfile::TempDir,
    Tournament,
    Vec<bianpai::model::SectionId>,
) {
    let (dir, t) = common::create(&common::event(
        "象棋锦标赛",
        vec![
            section("北京男子组", 15, 5),
            section("上海男子组", 10, 10),
            section("无时限组", 0, 0),
        ],
    ));
    let ids = t.event().sections.iter().map(|s| s.id).collect();
    (dir, t, ids)
}

#[test]
fn each_regulation_s_lateness_limit_is_printed_on_the_sheet_and_in_the_order_book() {
    let (_dir, t, ids) = three_regulations();
    let sheet = |i: usize| {
        text(
            &t,
            &DocumentRequest {
                section: Some(ids[i]),
                round: Some(1),
                ..DocumentRequest::event(DocumentKind::PairingSheet, Lang::Zh)
            },
        )
    };
    let beijing = sheet(0);
    assert!(
        beijing.contains("迟到时限：第1轮15分钟，其后各轮5分钟"),
        "{beijing}"
    );
    // Under the title, before the table's first row.
    let at = |what: &str| beijing.find(what).unwrap();
    assert!(
        at("第1轮对阵表") < at("迟到时限") && at("迟到时限") < at("台次"),
        "{beijing}"
    );
    assert!(sheet(1).contains("迟到时限：每轮10分钟"));
    assert!(!sheet(2).contains("迟到"), "no limit, no line");

    let book = text(
        &t,
        &DocumentRequest::event(DocumentKind::OrderBook, Lang::Zh),
    );
    assert!(book.contains("迟到时限：第1轮15分钟，其后各轮5分钟，逾时未到赛桌就座者按弃权判负"));
    assert!(book.contains("迟到时限：每轮10分钟，逾时未到赛桌就座者按弃权判负"));
    assert_eq!(book.matches("迟到时限").count(), 2, "none for the third");
}

/// The result slips of a round carry that round's limit, one line on each slip: seed 001's
/// round 1 is 15 minutes (its later rounds' 5 apply from round 2); seed 000's is 10; a section
/// with none prints none.
#[test]
fn each_result_slip_carries_the_round_s_lateness_limit() {
    let (_dir, t, ids) = three_regulations();
    let slips = |i: usize| {
        text(
            &t,
            &DocumentRequest {
                section: Some(ids[i]),
                round: Some(1),
                ..DocumentRequest::event(DocumentKind::Slips, Lang::Zh)
            },
        )
    };
    // Four players: two boards, two slips.
    let beijing = slips(0);
    assert_eq!(
        beijing
            .matches("本轮迟到时限15分钟，逾时未到赛桌就座者按弃权判负")
            .count(),
        2,
        "{beijing}"
    );
    assert_eq!(slips(1).matches("本轮迟到时限10分钟").count(), 2);
    assert!(!slips(2).contains("迟到"), "no limit, no line");
}
