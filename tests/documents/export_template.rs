//! The blank entry form: a returned form maps every column by itself, in either language,
//! and states the section's rules above the table.

use bianpai::i18n::Lang;
use bianpai::interchange::entrants::{ColumnMapping, read_csv, read_spreadsheet};
use bianpai::interchange::template::{FORM_FIELDS, entry_form_csv, entry_form_xlsx};
use bianpai::model::Eligibility;
use chrono::NaiveDate;

#[test]
fn xlsx_form_maps_every_field_and_states_the_rules() {
    // Seed 001: U12组 born 2014-01-01 … 2015-12-31, 限报300人.
    let rules = Eligibility {
        born_from: NaiveDate::from_ymd_opt(2014, 1, 1),
        born_to: NaiveDate::from_ymd_opt(2015, 12, 31),
        cap: Some(300),
        ..Eligibility::default()
    };
    for lang in [Lang::Zh, Lang::En] {
        let bytes = entry_form_xlsx("2026年北京市象棋锦标赛", "U12组", &rules, lang).unwrap();
        let table = read_spreadsheet(&bytes).unwrap();
        let m = ColumnMapping::detect(&table).unwrap();
        // Title, the general note, the birth-date rule and the cap come before the header.
        assert_eq!(m.header_row, 4, "{lang:?}");
        let mapped: Vec<_> = m.columns.iter().flatten().copied().collect();
        assert_eq!(mapped, FORM_FIELDS.to_vec(), "{lang:?}");
        assert_eq!(
            table.rows[0][0],
            match lang {
                Lang::Zh => "2026年北京市象棋锦标赛 U12组 报名表",
                Lang::En => "2026年北京市象棋锦标赛 U12组 Entry form",
            }
        );
    }
    let zh = read_spreadsheet(&entry_form_xlsx("", "", &rules, Lang::Zh).unwrap()).unwrap();
    assert_eq!(zh.rows[2][0], "出生日期须在 2014-01-01 至 2015-12-31 之间");
    assert_eq!(zh.rows[3][0], "限报 300 人");
}

#[test]
fn csv_form_is_one_header_line() {
    let bytes = entry_form_csv(Lang::Zh);
    assert_eq!(
        bytes,
        "\u{feff}姓名,性别,出生日期,单位,组别,等级分,级别,会员,境外,团体队员\n".as_bytes()
    );
    let table = read_csv(&bytes).unwrap();
    let m = ColumnMapping::detect(&table).unwrap();
    assert_eq!(m.columns.iter().flatten().count(), FORM_FIELDS.len());
}
