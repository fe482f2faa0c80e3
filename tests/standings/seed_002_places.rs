//! Seed 002 (上海杯 海选赛): “第9轮结束后前8名晋级正赛，第10轮结束后前8名晋级正赛，第11轮结束后前10名
//! 晋级正赛” and “1-8名各0.5万元，9-16名各0.3万元，17-32名各0.1万元”. The first eight to qualify
//! leave the field after round 9 and play no more, so their points are over fewer rounds than
//! the others'; the prize bands follow the stages: the first to qualify hold places 1–8 in
//! their order at that stage, the next 9–16, and so on; the others follow by the final
//! standings. The standings tab, the awards, the certificates and the result book agree.
//!
//! The same shape on a small field, through the app: 16 players, 5 rounds, 2 qualify after
//! round 3, 2 after round 4, 2 after round 5; prizes 1–2 500, 3–4 300, 5–6 100; six places
//! get certificates. The lower pairing number wins every game, so a player with two wins after
//! round 3 who wins twice more passes the 3–0 players who left: by points alone the first to
//! qualify would fall out of the prizes.

use crate::common;
use crate::common::{SectionBuilder, finish_round, number_of};
use bianpai::app::{DocumentKind, DocumentRequest, Tournament, final_standings, section_awards};
use bianpai::awards::{AwardOptions, PlacesRule, PrizeBand, PrizeTable, TaxBasis};
use bianpai::i18n::Lang;
use bianpai::model::{EntrantId, Outcome, Section, SectionId, SectionSettings};
use bianpai::pairing::qualification::{QualificationOptions, QualificationStage};
use bianpai::standings::standings;
use std::process::Command;

fn section(t: &Tournament) -> &Section {
    &t.event().sections[0]
}

fn stage(after_round: u32) -> QualificationStage {
    QualificationStage {
        after_round,
        count: 2,
    }
}

fn staged_event() -> (tempfile::TempDir, Tournament, SectionId) {
    let (dir, mut t) = common::create(&common::event("上海杯海选赛", vec![]));
    let settings = SectionSettings {
        rounds: 5,
        qualification: QualificationOptions {
            stages: vec![stage(3), stage(4), stage(5)],
            ..QualificationOptions::default()
        },
        awards: Box::new(AwardOptions {
            places: PlacesRule::Fixed { places: 6 },
            prizes: PrizeTable {
                bands: vec![
                    PrizeBand::range(1, 2, 500),
                    PrizeBand::range(3, 4, 300),
                    PrizeBand::range(5, 6, 100),
                ],
                tax: TaxBasis::BeforeTax,
            },
            ..AwardOptions::default()
        }),
        ..SectionSettings::default()
    };
    let s = SectionBuilder::new()
        .name("男子组")
        .settings(settings)
        .entrants((1..=16).map(|k| bianpai::model::Entrant {
            name: format!("棋手{k}号"),
            ..Default::default()
        }))
        .lot_seed(2026_0808)
        .enter(&mut t);
    for r in 1..=5 {
        assert_eq!(t.pair_next_round(s).unwrap(), r);
        finish_round(&mut t, s, r, |s, g| {
            if number_of(s, g.red) < number_of(s, g.black) {
                Outcome::RedWin
            } else {
                Outcome::BlackWin
            }
        });
    }
    (dir, t, s)
}

/// The order the regulation gives: each stage's two best not yet qualified in the standings
/// after its round, stage by stage, then everyone else in the final standings' order.
fn expected_order(s: &Section) -> Vec<EntrantId> {
    let mut order: Vec<EntrantId> = Vec::new();
    for round in 3..=5 {
        let best: Vec<EntrantId> = standings(s, round)
            .iter()
            .map(|x| x.entrant)
            .filter(|e| !order.contains(e))
            .take(2)
            .collect();
        order.extend(best);
    }
    let rest: Vec<EntrantId> = standings(s, 5)
        .iter()
        .map(|x| x.entrant)
        .filter(|e| !order.contains(e))
        .collect();
    order.extend(rest);
    order
}

fn pdf_text(t: &Tournament, kind: DocumentKind, page: Option<usize>) -> String {
    let req = DocumentRequest {
        section: Some(section(t).id),
        ..DocumentRequest::event(kind, Lang::Zh)
    };
    let pdf = t.document(&req).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.pdf");
    std::fs::write(&path, &pdf.bytes).unwrap();
    let mut args = vec!["-layout".to_string()];
    if let Some(p) = page {
        args.extend(["-f".into(), p.to_string(), "-l".into(), p.to_string()]);
    }
    args.extend([path.to_str().unwrap().to_string(), "-".into()]);
    let out = Command::new("pdftotext")
        .args(&args)
        .output()
        .expect("pdftotext (poppler-utils)");
    String::from_utf8(out.stdout).unwrap()
}

fn name(s: &Section, id: EntrantId) -> String {
    s.entrant(id).unwrap().name.clone()
}

#[test]
fn places_and_prizes_follow_the_stage_of_qualification() {
    let (_dir, t, _) = staged_event();
    let s = section(&t);
    let order = expected_order(s);
    let raw: Vec<EntrantId> = standings(s, 5).iter().map(|x| x.entrant).collect();
    // The event tests the rule: by points alone one of the first to qualify is out of the six.
    assert!(
        order[..2].iter().any(|e| !raw[..6].contains(e)),
        "the first to qualify must fall back on points"
    );

    // Standings tab and awards: the first six in order of qualification, places 1–6.
    let table = final_standings(s, 5);
    let got: Vec<EntrantId> = table.iter().map(|x| x.entrant).collect();
    assert_eq!(got, order);
    let ranks: Vec<u32> = table.iter().take(6).map(|x| x.rank).collect();
    assert_eq!(ranks, vec![1, 2, 3, 4, 5, 6]);
    let awards = section_awards(s, 5);
    let prizes: Vec<(u32, EntrantId, i64)> = awards
        .prize_lines()
        .iter()
        .map(|p| (p.place, p.winner, p.amount))
        .collect();
    let amounts = [500, 500, 300, 300, 100, 100];
    let want: Vec<(u32, EntrantId, i64)> = (1..=6)
        .map(|p| (p, order[p as usize - 1], amounts[p as usize - 1]))
        .collect();
    assert_eq!(prizes, want);

    // Certificates: one page each, 第一名 … 第六名 in that order.
    let words = ["第一名", "第二名", "第三名", "第四名", "第五名", "第六名"];
    for (page, (who, word)) in order.iter().zip(words).enumerate() {
        let text = pdf_text(&t, DocumentKind::Certificates, Some(page + 1));
        assert!(
            text.contains(&name(s, *who)) && text.contains(word),
            "certificate {}: {} {word}:\n{text}",
            page + 1,
            name(s, *who)
        );
    }

    // Result book, before the crosstable: every line that gives a player's number and name
    // (standings, prize money) begins with his place.
    let book = pdf_text(&t, DocumentKind::ResultBook, None);
    let book = book.split("成绩交叉表").next().unwrap();
    for (place, who) in order.iter().take(6).zip(1u32..).map(|(w, p)| (p, w)) {
        let number = number_of(s, *who).to_string();
        let nm = name(s, *who);
        let lines: Vec<&str> = book
            .lines()
            .filter(|l| {
                let w: Vec<&str> = l.split_whitespace().collect();
                w.windows(2).any(|p| p[0] == number && p[1] == nm)
            })
            .collect();
        assert!(lines.len() >= 2, "{nm}: standings and prize lines");
        for l in lines {
            assert_eq!(
                l.split_whitespace().next(),
                Some(place.to_string().as_str()),
                "{l}"
            );
        }
    }
}
