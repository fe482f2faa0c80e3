//! 空白报名表 — the blank entry form the arbiter sends to the units. Its headers are the ones
//! the importer recognises, so a returned form maps itself; the section's entry rules (age
//! range, grades, cap) are printed above the table so units can check before they send.

use super::entrants::Field;
use super::export::ExportError;
use crate::i18n::{Lang, T, fill};
use crate::model::{Eligibility, Sex};
use rust_xlsxwriter::{DataValidation, Format, Workbook};

/// The columns of the form, in order: every field the importer knows but the last, 外卡, which
/// is the organiser's to give, not a unit's to fill in.
pub const FORM_FIELDS: [Field; 10] = *Field::ALL.first_chunk().unwrap();

/// Rows prepared (sex drop-down, date format) below the header.
const FORM_ROWS: u32 = 300;

/// The lines printed above the table: what to write and the section's entry rules.
pub fn form_notes(rules: &Eligibility, lang: Lang) -> Vec<String> {
    let mut notes = vec![T::EntryFormNote.get(lang).to_string()];
    if rules.has_age_range() {
        let d = |x: Option<chrono::NaiveDate>| x.map(|d| d.to_string()).unwrap_or("…".into());
        notes.push(fill(
            T::EntryFormBorn.get(lang),
            &[&d(rules.born_from), &d(rules.born_to)],
        ));
    }
    if !rules.grades.is_empty() {
        notes.push(fill(
            T::EntryFormGrades.get(lang),
            &[&rules.grades.join("、")],
        ));
    }
    if !rules.any_of.is_empty() {
        let routes: Vec<String> = rules.any_of.iter().map(|r| r.text()).collect();
        notes.push(fill(T::EntryFormAnyOf.get(lang), &[&routes.join("；")]));
    }
    if let Some(sex) = rules.sex {
        let s = if sex == Sex::Female {
            T::Female
        } else {
            T::Male
        };
        notes.push(format!("{}：{}", T::Sex.get(lang), s.get(lang)));
    }
    if let Some(cap) = rules.cap {
        notes.push(fill(T::EntryFormCap.get(lang), &[&cap]));
    }
    notes
}

/// The blank form as XLSX: title, notes, the header row, and prepared rows with a 男/女
/// drop-down and a date format for the birth date.
pub fn entry_form_xlsx(
    event: &str,
    section: &str,
    rules: &Eligibility,
    lang: Lang,
) -> Result<Vec<u8>, ExportError> {
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    sheet.set_name(T::EntryForm.get(lang))?;
    let title = Format::new().set_bold().set_font_size(14);
    let bold = Format::new().set_bold();
    let heading = [event, section, T::EntryForm.get(lang)]
        .into_iter()
        .filter(|s| !s.trim().is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    sheet.write_string_with_format(0, 0, heading, &title)?;
    let notes = form_notes(rules, lang);
    for (i, n) in notes.iter().enumerate() {
        sheet.write_string(i as u32 + 1, 0, n)?;
    }
    let header_row = notes.len() as u32 + 1;
    for (c, f) in FORM_FIELDS.iter().enumerate() {
        sheet.write_string_with_format(header_row, c as u16, f.label(lang), &bold)?;
        sheet.set_column_width(c as u16, if *f == Field::Unit { 24 } else { 12 })?;
    }
    let col = |f: Field| FORM_FIELDS.iter().position(|x| *x == f).unwrap_or(0) as u16;
    let (first, last) = (header_row + 1, header_row + FORM_ROWS);
    let sexes =
        DataValidation::new().allow_list_strings(&[T::Male.get(lang), T::Female.get(lang)])?;
    sheet.add_data_validation(first, col(Field::Sex), last, col(Field::Sex), &sexes)?;
    let yes_no = DataValidation::new().allow_list_strings(&[T::Yes.get(lang), T::No.get(lang)])?;
    for f in [Field::Member, Field::Overseas, Field::TeamMember] {
        sheet.add_data_validation(first, col(f), last, col(f), &yes_no)?;
    }
    let date = Format::new().set_num_format("yyyy-mm-dd");
    sheet.set_column_format(col(Field::BirthDate), &date)?;
    Ok(book.save_to_buffer()?)
}

/// The blank form as CSV (UTF-8 with BOM): the header line only.
pub fn entry_form_csv(lang: Lang) -> Vec<u8> {
    let mut out = "\u{feff}".as_bytes().to_vec();
    let line: Vec<&str> = FORM_FIELDS.iter().map(|f| f.label(lang)).collect();
    out.extend_from_slice(line.join(",").as_bytes());
    out.push(b'\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    #[test]
    fn notes_state_the_seed_001_u12_rules() {
        // Seed 001: U12组 2014-01-01 … 2015-12-31; 限报300人.
        let rules = Eligibility {
            born_from: NaiveDate::from_ymd_opt(2014, 1, 1),
            born_to: NaiveDate::from_ymd_opt(2015, 12, 31),
            cap: Some(300),
            ..Eligibility::default()
        };
        let notes = form_notes(&rules, Lang::Zh);
        assert!(notes.contains(&"出生日期须在 2014-01-01 至 2015-12-31 之间".to_string()));
        assert!(notes.contains(&"限报 300 人".to_string()));
    }
}
