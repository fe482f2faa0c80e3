//! 奖励办法设置 — every award rule of a section in one value, and the presets the seed
//! regulations spell out.

use super::{
    CertificateFee, EarlyStop, FieldCount, PlacesRule, PrizeBand, PrizeTable, PromotionOptions,
    PromotionStep, SpecialPrize, TaxBasis, TitleRule,
};
use serde::{Deserialize, Serialize};

/// The award rules of one section (组别的录取与奖励办法).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct AwardOptions {
    /// 录取名次 — places awarded to individuals.
    pub places: PlacesRule,
    /// Who counts for the field the places rules read: those who played (the default) or
    /// every entry.
    pub field: FieldCount,
    /// 个人奖金 — money by place.
    pub prizes: PrizeTable,
    /// Prizes for the best of a sub-ranking (境外运动员 …).
    pub special_prizes: Vec<SpecialPrize>,
    /// 团体录取名次.
    pub team_places: PlacesRule,
    /// 团体奖金.
    pub team_prizes: PrizeTable,
    /// 等级称号 granted by place.
    pub titles: Vec<TitleRule>,
    /// 级位晋升 — grade promotions and the early-stopping rule of grade events.
    pub promotion: PromotionOptions,
    /// 参赛资格 — how many of the top places qualify for a further event (0: none).
    pub qualifiers: u32,
    /// Refuse the result book and the certificates until every result of the section is in;
    /// otherwise (the default) they are printed marked 非最终成绩.
    pub refuse_unfinished: bool,
}

/// The award rules the seed regulations give, by seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AwardPreset {
    /// Seed 000 (上海市象棋锦标赛), 男子组: 8 places (one fewer below 9 entrants), the men's
    /// money table to place 16 (税前), 三级运动员 to the top 8 if 15 played, top 32 qualify
    /// for the 甲乙组 event.
    Seed000Men,
    /// Seed 000, 女子组: the women's money table to place 8, 三级运动员 as for the men.
    Seed000Women,
    /// Seed 002 (上海杯 海选赛), 男子组: 1–8 5000, 9–16 3000, 17–32 1000, and 1000 to each of
    /// the 8 best overseas players (可兼得).
    Seed002QualifierMen,
    /// Seed 002 海选赛, 女子组: 1–8 3000, 9–16 2000, overseas top 8 1000 (可兼得).
    Seed002QualifierWomen,
    /// Seed 002 正赛, 男子组: 200000, 120000, 70000, 50000, 5–8 12000, 9–16 8000, 17–32 4000.
    Seed002MainMen,
    /// Seed 002 正赛, 女子组: 100000, 60000, 35000, 25000, 5–8 8000, 9–16 4000.
    Seed002MainWomen,
    /// Seed 004 (小世界杯) 公开组: 8 places up to 80 entrants, 16 above; 2000, 1200, 800,
    /// 4–6 500, 7–8 300 (税后); places 1–3 may apply for 上海棋协大师, 4–6 for 上海棋协候补大师.
    /// The event is played in full (中途没有淘汰).
    Seed004Open,
    /// Seed 004 级位赛 (申童): the promotion table, and players who have been promoted or can
    /// no longer be are not paired again (淘汰制).
    Seed004GradeEvent,
}

impl AwardPreset {
    /// Every preset, by seed.
    pub const ALL: [AwardPreset; 8] = [
        AwardPreset::Seed000Men,
        AwardPreset::Seed000Women,
        AwardPreset::Seed002QualifierMen,
        AwardPreset::Seed002QualifierWomen,
        AwardPreset::Seed002MainMen,
        AwardPreset::Seed002MainWomen,
        AwardPreset::Seed004Open,
        AwardPreset::Seed004GradeEvent,
    ];
}

/// The places each section of seed 001 (北京) awards, as its regulations list them (八、录取名次).
pub const SEED_001_PLACES: [(&str, u32); 11] = [
    ("男子个人组", 8),
    ("女子个人组", 6),
    ("U16组", 8),
    ("U14男子组", 8),
    ("U14女子组", 7),
    ("U12男子组", 8),
    ("U12女子组", 5),
    ("U10男子组", 8),
    ("U10女子组", 7),
    ("U8男子组", 8),
    ("U8女子组", 3),
];

fn third_grade_athlete() -> Vec<TitleRule> {
    vec![TitleRule {
        title: "三级运动员".into(),
        from: 1,
        to: 8,
        min_played: 15,
    }]
}

/// Seed 004 九、晋级标准 (rules.md §3.2): (current grade, target grade, score rate %).
const SEED_004_PROMOTION: [(&str, &str, u32); 15] = [
    ("候补棋协大师", "棋协大师", 65),
    ("棋协一级棋士", "候补棋协大师", 65),
    ("棋协二级棋士", "棋协一级棋士", 55),
    ("棋协三级棋士", "棋协二级棋士", 55),
    ("棋协四级棋士", "棋协三级棋士", 50),
    ("棋协五级棋士", "棋协四级棋士", 50),
    ("棋协六级棋士", "棋协五级棋士", 50),
    ("棋协七级棋士", "棋协六级棋士", 40),
    ("棋协八级棋士", "棋协七级棋士", 40),
    ("棋协九级棋士", "棋协七级棋士", 70),
    ("棋协九级棋士", "棋协八级棋士", 40),
    ("棋协十级棋士", "棋协八级棋士", 50),
    ("棋协十级棋士", "棋协九级棋士", 30),
    ("无级", "棋协九级棋士", 50),
    ("无级", "棋协十级棋士", 30),
];

/// Seed 004 九、2(4) 证书费用: "棋协一级棋士150元、棋协二级棋士135元、棋协三级棋士65元、棋协四级
/// 棋士60元、棋协五级棋士55元、棋协六级棋士30元、棋协七至十级25元" (七至十级: each of the four).
pub const SEED_004_CERTIFICATE_FEES: [(&str, i64); 10] = [
    ("棋协一级棋士", 150),
    ("棋协二级棋士", 135),
    ("棋协三级棋士", 65),
    ("棋协四级棋士", 60),
    ("棋协五级棋士", 55),
    ("棋协六级棋士", 30),
    ("棋协七级棋士", 25),
    ("棋协八级棋士", 25),
    ("棋协九级棋士", 25),
    ("棋协十级棋士", 25),
];

/// Seed 004's fee table as [`CertificateFee`]s.
pub fn seed_004_certificate_fees() -> Vec<CertificateFee> {
    SEED_004_CERTIFICATE_FEES
        .iter()
        .map(|&(grade, fee)| CertificateFee {
            grade: grade.into(),
            fee,
        })
        .collect()
}

fn seed_004_promotion(early_stop: EarlyStop) -> PromotionOptions {
    let table = SEED_004_PROMOTION
        .iter()
        .map(|&(from, to, rate)| PromotionStep {
            from_grade: from.into(),
            to_grade: to.into(),
            rate_percent: rate,
            points: None,
        })
        .collect();
    PromotionOptions {
        table,
        early_stop,
        certificate_fees: seed_004_certificate_fees(),
        ..PromotionOptions::default()
    }
}

impl AwardOptions {
    /// The award rules of a seed.
    pub fn preset(preset: AwardPreset) -> AwardOptions {
        use PrizeBand as B;
        let table = |tax, bands: &[PrizeBand]| PrizeTable {
            bands: bands.to_vec(),
            tax,
        };
        let before = TaxBasis::BeforeTax;
        let overseas = |amount| SpecialPrize {
            places: None,
            name: "境外运动员".into(),
            table: table(before, &[B::range(1, 8, amount)]),
            stacks: true,
        };
        match preset {
            AwardPreset::Seed000Men => AwardOptions {
                prizes: table(
                    before,
                    &[
                        B::place(1, 10000),
                        B::place(2, 5000),
                        B::place(3, 3000),
                        B::place(4, 1500),
                        B::place(5, 1000),
                        B::place(6, 800),
                        B::place(7, 600),
                        B::place(8, 500),
                        B::range(9, 12, 300),
                        B::range(13, 16, 200),
                    ],
                ),
                titles: third_grade_athlete(),
                qualifiers: 32,
                ..AwardOptions::default()
            },
            AwardPreset::Seed000Women => AwardOptions {
                prizes: table(
                    before,
                    &[
                        B::place(1, 2000),
                        B::place(2, 1000),
                        B::place(3, 700),
                        B::place(4, 500),
                        B::place(5, 400),
                        B::place(6, 300),
                        B::place(7, 200),
                        B::place(8, 200),
                    ],
                ),
                titles: third_grade_athlete(),
                ..AwardOptions::default()
            },
            AwardPreset::Seed002QualifierMen => AwardOptions {
                places: PlacesRule::Fixed { places: 8 },
                prizes: table(
                    before,
                    &[
                        B::range(1, 8, 5000),
                        B::range(9, 16, 3000),
                        B::range(17, 32, 1000),
                    ],
                ),
                special_prizes: vec![overseas(1000)],
                ..AwardOptions::default()
            },
            AwardPreset::Seed002QualifierWomen => AwardOptions {
                places: PlacesRule::Fixed { places: 8 },
                prizes: table(before, &[B::range(1, 8, 3000), B::range(9, 16, 2000)]),
                special_prizes: vec![overseas(1000)],
                ..AwardOptions::default()
            },
            AwardPreset::Seed002MainMen => AwardOptions {
                places: PlacesRule::Fixed { places: 8 },
                prizes: table(
                    before,
                    &[
                        B::place(1, 200_000),
                        B::place(2, 120_000),
                        B::place(3, 70_000),
                        B::place(4, 50_000),
                        B::range(5, 8, 12_000),
                        B::range(9, 16, 8_000),
                        B::range(17, 32, 4_000),
                    ],
                ),
                ..AwardOptions::default()
            },
            AwardPreset::Seed002MainWomen => AwardOptions {
                places: PlacesRule::Fixed { places: 8 },
                prizes: table(
                    before,
                    &[
                        B::place(1, 100_000),
                        B::place(2, 60_000),
                        B::place(3, 35_000),
                        B::place(4, 25_000),
                        B::range(5, 8, 8_000),
                        B::range(9, 16, 4_000),
                    ],
                ),
                ..AwardOptions::default()
            },
            AwardPreset::Seed004Open => AwardOptions {
                places: PlacesRule::BySize {
                    threshold: 80,
                    up_to_places: 8,
                    above_places: 16,
                },
                prizes: table(
                    TaxBasis::AfterTax,
                    &[
                        B::place(1, 2000),
                        B::place(2, 1200),
                        B::place(3, 800),
                        B::range(4, 6, 500),
                        B::range(7, 8, 300),
                    ],
                ),
                titles: vec![
                    TitleRule {
                        title: "上海棋协大师".into(),
                        from: 1,
                        to: 3,
                        min_played: 0,
                    },
                    TitleRule {
                        title: "上海棋协候补大师".into(),
                        from: 4,
                        to: 6,
                        min_played: 0,
                    },
                ],
                promotion: seed_004_promotion(EarlyStop::Never),
                ..AwardOptions::default()
            },
            AwardPreset::Seed004GradeEvent => AwardOptions {
                places: PlacesRule::BySize {
                    threshold: 80,
                    up_to_places: 8,
                    above_places: 16,
                },
                promotion: seed_004_promotion(EarlyStop::ContinueWhileHigherReachable),
                ..AwardOptions::default()
            },
        }
    }

    /// Seed 001's listed places for a section named as in [`SEED_001_PLACES`].
    pub fn seed_001(section: &str) -> Option<AwardOptions> {
        SEED_001_PLACES
            .iter()
            .find(|(name, _)| *name == section)
            .map(|&(_, places)| AwardOptions {
                places: PlacesRule::Fixed { places },
                ..AwardOptions::default()
            })
    }
}
