//! Issue 40: the certificate office's list (办证处名单) of a worked grade event, against seed
//! 004's own words. 九、1 gives the score rates (棋协二级棋士 55% → 一级, 三级 55% → 二级, 四级 50%
//! → 三级, 五级 50% → 四级, 六级 50% → 五级, 七级 40% → 六级, 九级 40% → 八级 and 70% → 七级,
//! 一级 65% → 候补棋协大师); 九、2(4) the certificate fees: "棋协一级棋士150元、棋协二级棋士135元、
//! 棋协三级棋士65元、棋协四级棋士60元、棋协五级棋士55元、棋协六级棋士30元、棋协七至十级25元".
//!
//! Eight players, one of each grade, play four rounds (chess points: a win 1, a draw ½). Over 4
//! rounds a rate needs ⌈rate × 4⌉ in half points: 55% → 2.5, 50% → 2, 40% → 2 (1.6 rounded up
//! to the half), 70% → 3 (2.8), 65% → 3 (2.6). The games below give 甲 2.5, 乙 2.5, 丙 2, 丁 1.5,
//! 戊 2, 己 2, 庚 3, 辛 ½ (16 points in all, as 16 games give). So six are promoted:
//!
//! | player | held | reached | fee |
//! |---|---|---|---|
//! | 甲 (2.5 ≥ 2.5) | 二级 | 一级 | 150 |
//! | 乙 (2.5 ≥ 2.5) | 三级 | 二级 | 135 |
//! | 丙 (2 ≥ 2) | 四级 | 三级 | 65 |
//! | 戊 (2 ≥ 2) | 六级 | 五级 | 55 |
//! | 己 (2 ≥ 2) | 七级 | 六级 | 30 |
//! | 庚 (3 ≥ 3) | 九级 | 七级 | 25 |
//!
//! and 丁 (五级, 1.5 < 2) and 辛 (一级, ½ < 3) are not: 6 players, 150 + 135 + 65 + 55 + 30 + 25
//! = 460 元.

use crate::common;
use crate::common::SectionBuilder;
use bianpai::interchange::entrants::read_spreadsheet;
use bianpai::model::{AwardOptions, AwardPreset, Entrant, Outcome, SectionSettings};

const PLAYERS: [(&str, &str); 8] = [
    ("甲", "棋协二级棋士"),
    ("乙", "棋协三级棋士"),
    ("丙", "棋协四级棋士"),
    ("丁", "棋协五级棋士"),
    ("戊", "棋协六级棋士"),
    ("己", "棋协七级棋士"),
    ("庚", "棋协九级棋士"),
    ("辛", "棋协一级棋士"),
];

/// The worked event: seed 004's promotion table and fees (its 公开组 preset), four rounds.
fn grade_event() -> bianpai::model::Event {
    use Outcome::{BlackWin as B, Draw as D, RedWin as W};
    let mut settings = SectionSettings::chess();
    settings.rounds = 4;
    settings.awards = Box::new(AwardOptions::preset(AwardPreset::Seed004Open));
    let s = SectionBuilder::new()
        .name("公开组")
        .settings(settings)
        .entrants(PLAYERS.iter().map(|(name, grade)| Entrant {
            name: (*name).into(),
            grade: (*grade).into(),
            unit: "闵行区罗阳小学".into(),
            ..Entrant::default()
        }))
        .round(&[(1, 8, W), (2, 7, B), (3, 6, W), (4, 5, D)])
        .round(&[(8, 5, B), (6, 4, D), (7, 3, W), (1, 2, D)])
        .round(&[(2, 8, W), (3, 1, W), (4, 7, D), (5, 6, B)])
        .round(&[(8, 6, D), (7, 5, D), (1, 4, W), (2, 3, W)])
        .build();
    common::event("第二十一届“小世界杯”国际象棋公开赛", vec![s])
}

#[test]
fn seed_004_s_fees_by_grade_reached_on_the_office_list_and_in_its_workbook() {
    let (dir, t) = common::create(&grade_event());
    drop(t);
    let file = dir.path().join("event.bianpai");
    let f = file.to_str().unwrap();
    let pdf = dir.path().join("办证处.pdf");
    common::ok(&[
        "export",
        "certificate-office",
        f,
        "-o",
        pdf.to_str().unwrap(),
    ]);
    let out = std::process::Command::new("pdftotext")
        .args(["-layout", pdf.to_str().unwrap(), "-"])
        .output()
        .expect("pdftotext (poppler-utils)");
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<Vec<&str>> = text
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|w| w.len() >= 6 && w[0].parse::<u32>().is_ok())
        .collect();
    // 序号 姓名 单位 原级别 晋升级别 证书费 — in number order.
    let want = [
        [
            "1",
            "甲",
            "闵行区罗阳小学",
            "棋协二级棋士",
            "棋协一级棋士",
            "150",
        ],
        [
            "2",
            "乙",
            "闵行区罗阳小学",
            "棋协三级棋士",
            "棋协二级棋士",
            "135",
        ],
        [
            "3",
            "丙",
            "闵行区罗阳小学",
            "棋协四级棋士",
            "棋协三级棋士",
            "65",
        ],
        [
            "5",
            "戊",
            "闵行区罗阳小学",
            "棋协六级棋士",
            "棋协五级棋士",
            "55",
        ],
        [
            "6",
            "己",
            "闵行区罗阳小学",
            "棋协七级棋士",
            "棋协六级棋士",
            "30",
        ],
        [
            "7",
            "庚",
            "闵行区罗阳小学",
            "棋协九级棋士",
            "棋协七级棋士",
            "25",
        ],
    ];
    assert_eq!(rows, want, "{text}");
    let squeezed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    assert!(
        squeezed.contains("公开组（晋级6人，证书费460元）"),
        "{text}"
    );
    assert!(squeezed.contains("合计：晋级6人，证书费460元"));
    assert!(squeezed.contains("签名"), "a column to sign");
    assert!(
        !squeezed.contains("丁") && !squeezed.contains("辛"),
        "not promoted"
    );

    let xlsx = dir.path().join("办证处.xlsx");
    common::ok(&[
        "export",
        "certificate-office",
        f,
        "-f",
        "xlsx",
        "-o",
        xlsx.to_str().unwrap(),
    ]);
    let sheet = read_spreadsheet(&std::fs::read(&xlsx).unwrap()).unwrap();
    // Row 0 the title, row 1 the headers, then the players and the total.
    assert_eq!(
        sheet.rows[1],
        [
            "组别",
            "序号",
            "姓名",
            "单位",
            "原级别",
            "晋升级别",
            "证书费（元）",
            "签名"
        ]
    );
    let fees: Vec<(String, String)> = sheet.rows[2..8]
        .iter()
        .map(|r| (r[2].clone(), r[6].clone()))
        .collect();
    let want: Vec<(String, String)> = [
        ("甲", "150"),
        ("乙", "135"),
        ("丙", "65"),
        ("戊", "55"),
        ("己", "30"),
        ("庚", "25"),
    ]
    .iter()
    .map(|(n, f)| (n.to_string(), f.to_string()))
    .collect();
    assert_eq!(fees, want);
    let total = &sheet.rows[8];
    assert_eq!(
        (total[0].as_str(), total[2].as_str(), total[6].as_str()),
        ("合计", "6", "460")
    );
}
