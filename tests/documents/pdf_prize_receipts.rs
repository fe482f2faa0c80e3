//! Issue 40: the prize desk's receipt list (奖金签收表) of two sections whose places are plain
//! (eight players each, every game won by the lower number, so places follow the numbers with
//! no tie to break), against the regulations' words:
//! - seed 004 公开组, "奖金(税后) 第一名2000元；第二名1200元；第三名800元；第四-六名500元；第七-八
//!   名300元": 8 places, 2000 + 1200 + 800 + 3 × 500 + 2 × 300 = 6100 元, 税后;
//! - seed 000 女子组, 奖金标准（税前） 2000, 1000, 700, 500, 400, 300, 200, 200, and "不足9人参赛，减
//!   一录取名次": 8 players take 7 places, 2000 + 1000 + 700 + 500 + 400 + 300 + 200 = 5100 元, 税前.
//!
//! The event's total is 6100 + 5100 = 11200 元. Read back from the PDF (pdftotext) and from the
//! workbook.

use crate::common;
use crate::common::SectionBuilder;
use bianpai::app::{DocumentKind, DocumentRequest};
use bianpai::i18n::Lang;
use bianpai::interchange::entrants::read_spreadsheet;
use bianpai::model::{AwardOptions, AwardPreset, Outcome, SectionSettings};

/// Seven rounds of a round robin of eight (the circle method), each game won by the lower
/// number.
fn all_play_all(b: SectionBuilder) -> SectionBuilder {
    let mut b = b;
    for r in 0..7u32 {
        let mut games = vec![];
        for k in 0..4u32 {
            let (x, y) = if k == 0 {
                (8, r + 1)
            } else {
                ((r + k) % 7 + 1, (r + 7 - k) % 7 + 1)
            };
            let outcome = if x < y {
                Outcome::RedWin
            } else {
                Outcome::BlackWin
            };
            games.push((x, y, outcome));
        }
        b = b.round(&games);
    }
    b
}

fn section(
    name: &str,
    mut settings: SectionSettings,
    preset: AwardPreset,
    prefix: &str,
) -> bianpai::model::Section {
    settings.rounds = 7;
    settings.awards = Box::new(AwardOptions::preset(preset));
    all_play_all(
        SectionBuilder::new()
            .name(name)
            .settings(settings)
            .named(prefix, 8),
    )
    .build()
}

#[test]
fn each_prize_with_its_amount_tax_basis_and_totals_for_signing() {
    let (dir, t) = common::create(&common::event(
        "奖金签收",
        vec![
            section(
                "公开组",
                SectionSettings::chess(),
                AwardPreset::Seed004Open,
                "公开",
            ),
            section(
                "女子组",
                SectionSettings::default(),
                AwardPreset::Seed000Women,
                "女子",
            ),
        ],
    ));
    // Every pair met once.
    let s = &t.event().sections[0];
    let mut met: Vec<(u32, u32)> = s
        .rounds
        .iter()
        .flat_map(|r| r.games.iter())
        .map(|g| {
            let (a, b) = (common::number_of(s, g.red), common::number_of(s, g.black));
            (a.min(b), a.max(b))
        })
        .collect();
    met.sort();
    met.dedup();
    assert_eq!(met.len(), 28);

    let pdf = t
        .document(&DocumentRequest::event(
            DocumentKind::PrizeReceipts,
            Lang::Zh,
        ))
        .unwrap();
    let path = dir.path().join("奖金签收表.pdf");
    std::fs::write(&path, &pdf.bytes).unwrap();
    let text = crate::common::window::pdf_text(&path);
    let squeezed = crate::common::window::squeeze(&text);
    assert!(
        squeezed.contains("公开组（奖金税后，合计6100元）"),
        "{text}"
    );
    assert!(
        squeezed.contains("女子组（奖金税前，合计5100元）"),
        "{text}"
    );
    assert!(squeezed.contains("全部合计：11200元"));
    assert!(squeezed.contains("签名") && squeezed.contains("日期"));
    // Each line: 名次 序号 姓名 单位(none) 奖项 金额.
    let lines: Vec<(u32, String, i64)> = text
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|w| w.len() == 5 && w[0].parse::<u32>().is_ok())
        .map(|w| {
            (
                w[0].parse().unwrap(),
                w[2].to_string(),
                w[4].parse().unwrap(),
            )
        })
        .collect();
    let open = [2000, 1200, 800, 500, 500, 500, 300, 300];
    let women = [2000, 1000, 700, 500, 400, 300, 200];
    let want: Vec<(u32, String, i64)> = open
        .iter()
        .zip(1u32..)
        .map(|(a, p)| (p, format!("公开{p}"), *a))
        .chain(
            women
                .iter()
                .zip(1u32..)
                .map(|(a, p)| (p, format!("女子{p}"), *a)),
        )
        .collect();
    assert_eq!(lines, want, "{text}");

    // The workbook: one line a prize, the tax basis beside each, the total last.
    let xlsx = dir.path().join("奖金签收表.xlsx");
    t.export_desk_list(DocumentKind::PrizeReceipts, None, &xlsx, false, Lang::Zh)
        .unwrap();
    let sheet = read_spreadsheet(&std::fs::read(&xlsx).unwrap()).unwrap();
    assert_eq!(sheet.rows.len(), 2 + 15 + 1);
    assert_eq!(
        sheet.rows[2][..8],
        ["公开组", "1", "1", "公开1", "", "名次奖", "2000", "税后"]
    );
    assert_eq!(
        sheet.rows[10][..8],
        ["女子组", "1", "1", "女子1", "", "名次奖", "2000", "税前"]
    );
    assert_eq!(
        (sheet.rows[17][0].as_str(), sheet.rows[17][6].as_str()),
        ("合计", "11200")
    );

    // One section: its prizes only.
    let one = t
        .document(&DocumentRequest {
            section: Some(t.event().sections[1].id),
            ..DocumentRequest::event(DocumentKind::PrizeReceipts, Lang::Zh)
        })
        .unwrap();
    std::fs::write(&path, &one.bytes).unwrap();
    let only = crate::common::window::squeeze(&crate::common::window::pdf_text(&path));
    assert!(only.contains("女子组（奖金税前，合计5100元）") && !only.contains("公开组"));
}

#[test]
fn an_event_that_pays_no_prize_money_says_so_on_the_sheet() {
    // The demo sets places but no prize money: the sheet says why there is nothing to sign
    // instead of coming out blank.
    let dir = tempfile::tempdir().unwrap();
    let t = bianpai::app::Tournament::create_demo(&dir.path().join("d.bianpai")).unwrap();
    let pdf = t
        .document(&DocumentRequest::event(
            DocumentKind::PrizeReceipts,
            Lang::Zh,
        ))
        .unwrap();
    let path = dir.path().join("奖金签收表.pdf");
    std::fs::write(&path, &pdf.bytes).unwrap();
    let text = crate::common::window::squeeze(&crate::common::window::pdf_text(&path));
    assert!(text.contains("没有组别发奖金"), "{text}");
}
