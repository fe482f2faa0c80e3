//! The order book (秩序册) states the rules in force, from each section's settings, as the
//! regulations write them: the round-1 line of the section's own system (seed 000's
//! “1-2、4-3 依次对阵” only for a xiangqi Swiss), a knockout's match format and tie-break games
//! (seed 002 七(三)), the qualification stages and quotas (seed 002 七(二)), the promotion
//! table and the early stop (seed 004 九、八(二)), same-unit avoidance and exclusion after
//! forfeits (seed 000 补充细则 三、四), and 录谱 (seed 000 补充细则 六). Its entrant count and
//! places line count the players who take part for places: a house player (补双) does not.
//!
//! Rendered through the app and read back with `pdftotext` (poppler-utils).

use crate::common;
use crate::common::SectionBuilder;
use bianpai::app::{DocumentKind, DocumentRequest, Tournament};
use bianpai::awards::{AwardOptions, AwardPreset};
use bianpai::i18n::Lang;
use bianpai::model::{
    Entrant, KnockoutOptions, PairingSystem, PromotionStep, RecordMoves, SectionSettings,
};
use bianpai::pairing::qualification::QualificationOptions;
use std::process::Command;

fn squeezed_text(t: &Tournament) -> String {
    let pdf = t
        .document(&DocumentRequest::event(DocumentKind::OrderBook, Lang::Zh))
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("order.pdf");
    std::fs::write(&path, &pdf.bytes).unwrap();
    let out = Command::new("pdftotext")
        .args([path.to_str().unwrap(), "-"])
        .output()
        .expect("pdftotext (poppler-utils)");
    String::from_utf8(out.stdout)
        .unwrap()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect()
}

/// The text of one section's pages: from its heading to the next section's.
fn part<'a>(text: &'a str, name: &str, next: Option<&str>) -> &'a str {
    let from = text
        .find(&format!("{name}（"))
        .unwrap_or_else(|| panic!("{name} in:\n{text}"));
    let rest = &text[from..];
    match next.and_then(|n| rest.find(&format!("{n}（"))) {
        Some(to) => &rest[..to],
        None => rest,
    }
}

#[test]
fn the_order_book_states_the_rules_in_force() {
    let (_dir, mut t) = common::create(&common::event("秩序册", vec![]));
    // 1. Seed 000's men: xiangqi Swiss, round 1 with same-unit avoidance, two consecutive
    //    forfeits exclude, boards 1–12 record from round 2; 9 entrants and a house player.
    let men = SectionBuilder::new()
        .name("男子组")
        .settings(SectionSettings {
            rounds: 9,
            record_moves: RecordMoves {
                from_round: 2,
                boards: 12,
            },
            awards: Box::new(AwardOptions::preset(AwardPreset::Seed000Men)),
            ..SectionSettings::default()
        })
        .named("男", 9)
        .lot_seed(1)
        .enter(&mut t);
    t.add_house_player(men).unwrap();
    // 2. A chess section on the Dutch system.
    SectionBuilder::new()
        .name("国际象棋组")
        .settings(SectionSettings::chess())
        .named("棋", 6)
        .lot_seed(2)
        .enter(&mut t);
    // 3. Seed 002's main event: a knockout of two slow games, then two super-rapid, then
    //    sudden death, and a match for third place.
    SectionBuilder::new()
        .name("正赛")
        .settings(SectionSettings {
            system: PairingSystem::Knockout,
            rounds: 3,
            knockout: KnockoutOptions::default(),
            ..SectionSettings::default()
        })
        .named("正", 8)
        .lot_seed(3)
        .enter(&mut t);
    // 4. Seed 002's qualifier: after rounds 9, 10, 11 the best 8, 8, 10; 境外运动员 4;
    //    2 wildcards.
    SectionBuilder::new()
        .name("海选赛")
        .settings(SectionSettings {
            rounds: 11,
            qualification: QualificationOptions::seed_002_men(),
            ..SectionSettings::default()
        })
        .named("海", 12)
        .lot_seed(4)
        .enter(&mut t);
    // 5. Seed 004's 二级组: the promotion table, promoted and hopeless players stop.
    SectionBuilder::new()
        .name("二级组")
        .settings(SectionSettings {
            rounds: 7,
            awards: Box::new(AwardOptions::preset(AwardPreset::Seed004GradeEvent)),
            ..SectionSettings::chess()
        })
        .entrants((1..=6).map(|k| Entrant {
            name: format!("级{k}"),
            grade: "棋协二级棋士".into(),
            ..Entrant::default()
        }))
        .lot_seed(5)
        .enter(&mut t);
    // 6. Seed 004's 精英组: 上海一级棋士 → 上海棋协候补大师 with 4.5 points, not a rate.
    let mut elite = AwardOptions::default();
    elite.promotion.table =
        PromotionStep::parse_list("上海一级棋士>上海棋协候补大师:4.5分").unwrap();
    SectionBuilder::new()
        .name("一级组")
        .settings(SectionSettings {
            rounds: 7,
            awards: Box::new(elite),
            ..SectionSettings::chess()
        })
        .entrants((1..=4).map(|k| Entrant {
            name: format!("精{k}"),
            grade: "上海一级棋士".into(),
            ..Entrant::default()
        }))
        .lot_seed(6)
        .enter(&mut t);

    let text = squeezed_text(&t);
    let xq = part(&text, "男子组", Some("国际象棋组"));
    let dutch = part(&text, "国际象棋组", Some("正赛"));
    let ko = part(&text, "正赛", Some("海选赛"));
    let qualifier = part(&text, "海选赛", Some("二级组"));
    let grade = part(&text, "二级组", Some("一级组"));
    let elite = part(&text, "一级组", None);

    // The seeds' round-1 pattern only where the xiangqi Swiss pairs by it.
    let pattern = "1-2、4-3、5-6、8-7";
    assert!(xq.contains(pattern), "{xq}");
    for (name, p) in [("Dutch", dutch), ("knockout", ko)] {
        assert!(!p.contains(pattern), "{name}: {p}");
    }
    assert!(dutch.contains("荷兰制"), "{dutch}");
    assert!(ko.contains("1号对末号"), "{ko}");

    // Seed 000: 同队队员首轮回避; 连续两轮弃权者，取消比赛资格; 录谱.
    assert!(xq.contains("同队队员第1轮回避"), "{xq}");
    assert!(xq.contains("连续2轮弃权者取消比赛资格"), "{xq}");
    assert!(
        xq.contains("自第2轮起，前12台须录谱：胜方录谱，和棋由红方录谱"),
        "{xq}"
    );
    // 9 entrants besides the house player: 9 take part, places min(8, 9 − 1) = 8.
    assert!(xq.starts_with("男子组（9人）"), "{xq}");
    assert!(xq.contains("9人参赛录取前8名"), "{xq}");

    // Seed 002: 两局分先制 …, 如打平，则换先加赛两局超快棋 … 如再打平，则加赛超快棋.
    assert!(
        ko.contains("慢棋2局（猜先）→超快棋2局（换先）→超快棋决胜（猜先）")
            || ko.contains("慢棋2局（猜先）→快棋2局（换先）→超快棋决胜（猜先）"),
        "{ko}"
    );
    assert!(ko.contains("三四名决赛"), "{ko}");
    assert!(
        qualifier.contains("第9轮后前8名晋级")
            && qualifier.contains("第10轮后前8名晋级")
            && qualifier.contains("第11轮后前10名晋级")
            && qualifier.contains("境外运动员前4名")
            && qualifier.contains("外卡2名"),
        "{qualifier}"
    );

    // Seed 004: 棋协二级棋士 → 棋协一级棋士 at 55 %, and the early stop.
    assert!(grade.contains("棋协二级棋士→棋协一级棋士55%"), "{grade}");
    assert!(
        grade.contains("已达标晋级者和中途升级无望者不再进入之后轮次的比赛"),
        "{grade}"
    );
    // Seed 004 九(一): 上海一级棋士 → 上海棋协候补大师 4.5分.
    assert!(
        elite.contains("上海一级棋士→上海棋协候补大师4.5分"),
        "{elite}"
    );
}
