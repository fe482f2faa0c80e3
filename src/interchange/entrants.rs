//! 报名表导入 — entrant import. Units send their entries as Excel sheets (XLSX/XLS/ODS) or CSV
//! (UTF-8 or GB18030); this module reads such a file into a [`Table`] of text cells, finds the
//! header row and guesses a [`ColumnMapping`] from Chinese or English headers (姓名, 性别,
//! 出生日期, 单位 …) that the arbiter may correct, then checks every row against the format and
//! the section's [`Eligibility`](crate::model::Eligibility) and builds a [`Preview`]: the entrants it would add and the
//! errors, each naming its row and column, in Chinese and English, and every column it does
//! not import (a header it does not know, or one no field keeps: 身份证号, 证书回寄地址). A row
//! whose 组别 names no section of the event is an error, unless the arbiter's map of section
//! names says which it means. Nothing is written here; the app imports only what the arbiter
//! accepts from the preview.

use crate::i18n::{Lang, T, fill};
use crate::model::{
    Entrant, Event, Ineligibility, Payment, PaymentState, Section, Sex, WILDCARD_FLAG,
};
use chrono::NaiveDate;
use std::collections::{BTreeMap, HashMap};
use std::io::Cursor;
use std::path::Path;

/// A file that cannot be read as a table at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    /// The bytes are neither UTF-8 nor GB18030 text.
    #[error("the file is neither UTF-8 nor GB18030 text")]
    Encoding,
    /// The CSV reader failed at a row.
    #[error("CSV row {row}: {message}")]
    Csv { row: usize, message: String },
    /// The spreadsheet reader failed (not a workbook, damaged, no sheet).
    #[error("spreadsheet: {0}")]
    Spreadsheet(String),
    /// The file name has no extension this importer knows.
    #[error("unknown file type {0:?} (expected xlsx, xls, xlsm, xlsb, ods or csv)")]
    UnknownType(String),
    /// The file could not be opened.
    #[error("cannot read {path}: {kind}")]
    Io {
        path: String,
        kind: std::io::ErrorKind,
        os_code: Option<i32>,
    },
    /// A file past one of the limits on what is read ([`Limit`]), refused before it is read
    /// in full and before any grid of cells is laid out. `file` names it when it was read
    /// from a file (empty for bytes given in memory).
    #[error("{file}: the file has more than the limit of {limit:?}")]
    TooBig { file: String, limit: Limit },
}

pub use super::limits::{
    Limit, MAX_CELLS, MAX_COLUMNS, MAX_FILE_BYTES, MAX_INFLATED_BYTES, MAX_ROWS,
};

/// A workbook the measuring refused ([`extent`](super::extent)).
impl From<super::extent::Refusal> for ImportError {
    fn from(r: super::extent::Refusal) -> ImportError {
        match r {
            super::extent::Refusal::TooBig(limit) => ImportError::too_big(limit),
            super::extent::Refusal::Damaged(why) => ImportError::Spreadsheet(why),
        }
    }
}

impl ImportError {
    /// A file (or bytes) past `limit`.
    pub(crate) fn too_big(limit: Limit) -> ImportError {
        ImportError::TooBig {
            file: String::new(),
            limit,
        }
    }

    /// The error with the file it came from named, where it does not name it yet.
    fn in_file(self, path: &Path) -> ImportError {
        match self {
            ImportError::TooBig { file, limit } if file.is_empty() => ImportError::TooBig {
                file: path.display().to_string(),
                limit,
            },
            other => other,
        }
    }
}

/// A refused read as an I/O error (for a face whose errors are I/O errors): a file past its
/// size is [`FileTooLarge`](std::io::ErrorKind::FileTooLarge).
impl From<ImportError> for std::io::Error {
    fn from(e: ImportError) -> std::io::Error {
        match e {
            ImportError::Io { kind, os_code, .. } => match os_code {
                Some(c) => std::io::Error::from_raw_os_error(c),
                None => std::io::Error::from(kind),
            },
            ImportError::TooBig {
                limit: Limit::Bytes,
                ..
            } => std::io::Error::new(std::io::ErrorKind::FileTooLarge, e),
            other => std::io::Error::new(std::io::ErrorKind::InvalidData, other),
        }
    }
}

impl ImportError {
    /// The message to show the arbiter.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            ImportError::Encoding => T::ImpErrEncoding.get(lang).to_string(),
            ImportError::Csv { row, message } => fill(
                T::ImpErrAtRow.get(lang),
                &[row, &fill(T::ImpErrRead.get(lang), &[message])],
            ),
            // The reader's own words are English: the Chinese message goes without them.
            ImportError::Spreadsheet(m) => fill(T::ImpErrNotWorkbook.get(lang), &[m]),
            ImportError::Io {
                path,
                kind,
                os_code,
            } => {
                let e = match os_code {
                    Some(c) => std::io::Error::from_raw_os_error(*c),
                    None => std::io::Error::from(*kind),
                };
                fill(T::ErrIo.get(lang), &[path, &crate::i18n::io_text(&e, lang)])
            }
            ImportError::UnknownType(ext) => fill(T::ImpErrUnknownType.get(lang), &[ext]),
            ImportError::TooBig { file, limit } if file.is_empty() => {
                crate::i18n::limit_text(*limit, lang)
            }
            ImportError::TooBig { file, limit } => fill(
                T::ErrInFile.get(lang),
                &[file, &crate::i18n::limit_text(*limit, lang)],
            ),
        }
    }
}

/// The cells of one sheet as text, with where the sheet's used range begins.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    pub rows: Vec<Vec<String>>,
    /// 0-based sheet row of `rows[0]` (a spreadsheet's used range need not start at A1).
    pub first_row: usize,
    /// 0-based sheet column of every row's first cell.
    pub first_col: usize,
}

impl Table {
    /// The 1-based row number the arbiter sees for `rows[index]`.
    pub fn row_number(&self, index: usize) -> usize {
        self.first_row + index + 1
    }

    /// The 1-based column number the arbiter sees for cell `index` of a row.
    pub fn column_number(&self, index: usize) -> usize {
        self.first_col + index + 1
    }

    fn width(&self) -> usize {
        self.rows.iter().map(Vec::len).max().unwrap_or(0)
    }
}

/// Spreadsheet column letters for a 1-based column: 1 → A, 27 → AA.
pub fn column_letters(mut column: usize) -> String {
    let mut out = Vec::new();
    while column > 0 {
        let r = (column - 1) % 26;
        out.push(b'A' + r as u8);
        column = (column - 1) / 26;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// Decodes CSV bytes: UTF-8 (with or without BOM), else GB18030.
pub fn decode_text(bytes: &[u8]) -> Result<String, ImportError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(s) = std::str::from_utf8(bytes) {
        return Ok(s.to_string());
    }
    let (text, had_errors) = encoding_rs::GB18030.decode_without_bom_handling(bytes);
    if had_errors {
        return Err(ImportError::Encoding);
    }
    Ok(text.into_owned())
}

/// Reads CSV bytes (comma, semicolon or tab separated: the most frequent of them in the first
/// line wins). Refused past [`MAX_ROWS`] rows, [`MAX_COLUMNS`] columns (up to a row's last
/// cell that holds anything) or [`MAX_CELLS`] fields: the fields are counted by their
/// separators before any is read, so that one line of a million commas is refused unread.
pub fn read_csv(bytes: &[u8]) -> Result<Table, ImportError> {
    let text = decode_text(bytes)?;
    let first = text.lines().next().unwrap_or("");
    let delimiter = [b',', b';', b'\t']
        .into_iter()
        .max_by_key(|d| (first.matches(*d as char).count(), *d == b','))
        .unwrap_or(b',');
    // Every field but a line's first follows a separator (one inside quotes counts too: the
    // count can only be too high, and a real list is far below the limit either way).
    if text.bytes().filter(|b| *b == delimiter).count() > MAX_CELLS {
        return Err(ImportError::too_big(Limit::Cells));
    }
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter)
        .from_reader(text.as_bytes());
    let mut rows = Vec::new();
    for (i, record) in reader.records().enumerate() {
        if i == MAX_ROWS {
            return Err(ImportError::too_big(Limit::Rows));
        }
        let record = record.map_err(|e| ImportError::Csv {
            row: e.position().map(|p| p.line() as usize).unwrap_or(i + 1),
            message: e.to_string(),
        })?;
        let used =
            (0..record.len()).rposition(|i| record.get(i).is_some_and(|c| !c.trim().is_empty()));
        if used.is_some_and(|last| last >= MAX_COLUMNS) {
            return Err(ImportError::too_big(Limit::Columns));
        }
        // The reader passes over blank lines (and its position is where the blank lines
        // begin): they stay as empty rows, so that row numbers are the file's line numbers.
        let line = record.position().map_or(0, |p| {
            let rest = text.as_bytes().get(p.byte() as usize..).unwrap_or_default();
            let blank = rest
                .iter()
                .take_while(|b| matches!(b, b'\n' | b'\r'))
                .filter(|b| **b == b'\n')
                .count();
            p.line() as usize + blank
        });
        if line > MAX_ROWS {
            return Err(ImportError::too_big(Limit::Rows));
        }
        while rows.len() + 1 < line {
            rows.push(Vec::new());
        }
        rows.push(record.iter().map(|c| unquote_formula(c.trim())).collect());
    }
    Ok(Table {
        rows,
        first_row: 0,
        first_col: 0,
    })
}

/// A cell written as text by [`crate::interchange::export::csv_safe`] (`'=…`): without its
/// apostrophe.
fn unquote_formula(cell: &str) -> String {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(['=', '+', '-', '@']) => rest.to_string(),
        _ => cell.to_string(),
    }
}

/// Reads the first sheet of a workbook (XLSX, XLS, XLSB or ODS, told apart by content). The
/// workbook is measured first ([`extent`](super::extent)): one that declares or holds more than
/// the limits allow ([`Limit`]) is refused before its sheet is laid out in memory. A damaged
/// workbook that makes the reader panic is refused like any other damaged file: an arbiter's
/// file never brings the program down.
pub fn read_spreadsheet(bytes: &[u8]) -> Result<Table, ImportError> {
    std::panic::catch_unwind(|| read_workbook(bytes))
        .unwrap_or_else(|_| Err(ImportError::Spreadsheet("the reader gave up".into())))
}

fn read_workbook(bytes: &[u8]) -> Result<Table, ImportError> {
    use calamine::Reader;
    let err = |e: calamine::Error| ImportError::Spreadsheet(e.to_string());
    super::extent::check_workbook(bytes)?;
    let mut book = calamine::open_workbook_auto_from_rs(Cursor::new(bytes)).map_err(err)?;
    // An XLS or ODS was measured in full above (its reader lays out every sheet as it opens);
    // an XLSX or XLSB sheet is read only when asked for, so it is measured now.
    match &mut book {
        calamine::Sheets::Xlsx(xlsx) => super::extent::check_xlsx_sheet(xlsx)?,
        calamine::Sheets::Xlsb(xlsb) => super::extent::check_xlsb_sheet(xlsb)?,
        calamine::Sheets::Xls(_) | calamine::Sheets::Ods(_) => {}
    }
    let range = book
        .worksheet_range_at(0)
        .ok_or_else(|| ImportError::Spreadsheet("the workbook has no sheet".into()))?
        .map_err(err)?;
    let (first_row, first_col) = range
        .start()
        .map(|(r, c)| (r as usize, c as usize))
        .unwrap_or((0, 0));
    let rows = range
        .rows()
        .map(|row| row.iter().map(cell_text).collect())
        .collect();
    Ok(Table {
        rows,
        first_row,
        first_col,
    })
}

/// The bytes of a file a person names — an entry list, a TRF, a results or a settings file:
/// the one way such a file is read. Refused past [`MAX_FILE_BYTES`] whatever it is: a regular
/// file by its size, unread; anything else (a pipe, a FIFO, a device such as /dev/zero) by
/// reading it, never more than one byte past the limit.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, ImportError> {
    use std::io::Read;
    let io = |e: std::io::Error| ImportError::Io {
        path: path.display().to_string(),
        kind: e.kind(),
        os_code: e.raw_os_error(),
    };
    let too_big = || ImportError::TooBig {
        file: path.display().to_string(),
        limit: Limit::Bytes,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let size = file
        .metadata()
        .ok()
        .filter(std::fs::Metadata::is_file)
        .map(|m| m.len());
    if size.is_some_and(|n| n > MAX_FILE_BYTES) {
        return Err(too_big());
    }
    let mut bytes = Vec::with_capacity(size.unwrap_or(0) as usize);
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_big());
    }
    Ok(bytes)
}

/// The text of a file a person names (a settings file), read as [`read_bytes`] reads it:
/// UTF-8, else refused as text in no encoding the program reads.
pub fn read_text(path: &Path) -> Result<String, ImportError> {
    String::from_utf8(read_bytes(path)?).map_err(|_| ImportError::Encoding)
}

/// Reads a file by its extension: csv/txt as CSV, the rest as a workbook. A file of another
/// kind is refused unread; a file past a limit is refused naming itself and the limit.
pub fn read_file(path: &Path) -> Result<Table, ImportError> {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    let read: fn(&[u8]) -> Result<Table, ImportError> = match ext.as_str() {
        "csv" | "txt" => read_csv,
        "xlsx" | "xlsm" | "xls" | "xlsb" | "ods" => read_spreadsheet,
        _ => return Err(ImportError::UnknownType(ext)),
    };
    read(&read_bytes(path)?).map_err(|e| e.in_file(path))
}

/// The text of a workbook cell as the arbiter would read it: dates as YYYY-MM-DD, whole
/// numbers without a decimal point.
fn cell_text(cell: &calamine::Data) -> String {
    use calamine::Data;
    match cell {
        Data::Empty => String::new(),
        Data::String(s) => s.trim().to_string(),
        Data::Int(i) => i.to_string(),
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        Data::Float(f) => f.to_string(),
        Data::Bool(b) => if *b { "TRUE" } else { "FALSE" }.to_string(),
        Data::DateTime(d) => match d.as_datetime() {
            Some(dt) if d.is_datetime() => dt.date().format("%Y-%m-%d").to_string(),
            _ => d.as_f64().to_string(),
        },
        Data::DateTimeIso(s) | Data::DurationIso(s) => s.clone(),
        Data::Error(e) => format!("#{e}"),
    }
}

/// A column the importer understands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// 姓名.
    Name,
    /// 性别.
    Sex,
    /// 出生日期.
    BirthDate,
    /// 单位 / 代表队.
    Unit,
    /// 组别 — rows of other sections are left out of a section's import.
    Section,
    /// 等级分.
    Rating,
    /// 级别 / 等级称号.
    Grade,
    /// 会员 (e.g. 嘉定区象棋协会会员 in seed 000: a lower fee).
    Member,
    /// 境外 — overseas entrant.
    Overseas,
    /// 团体队员 — named on the team entry form (seed 000: only they count for the team places).
    TeamMember,
    /// 外卡 — given a wildcard of the section's staged qualification (seed 002: 承办方外卡). The
    /// blank entry form has every field before it.
    Wildcard,
    /// 缴费 — the registration platform's paid column (已缴费, 缴费状态, 支付金额 …): paid or not,
    /// or the amount paid. Not on the blank entry form: the units do not fill it in.
    Paid,
}

impl Field {
    pub const ALL: [Field; 12] = [
        Field::Name,
        Field::Sex,
        Field::BirthDate,
        Field::Unit,
        Field::Section,
        Field::Rating,
        Field::Grade,
        Field::Member,
        Field::Overseas,
        Field::TeamMember,
        Field::Wildcard,
        Field::Paid,
    ];

    /// The header word in `lang`.
    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            Field::Name => T::Name,
            Field::Sex => T::Sex,
            Field::BirthDate => T::BirthDate,
            Field::Unit => T::Unit,
            Field::Section => T::Section,
            Field::Rating => T::Rating,
            Field::Grade => T::Grade,
            Field::Member => T::Member,
            Field::Overseas => T::Overseas,
            Field::TeamMember => T::TeamMember,
            Field::Wildcard => T::Wildcard,
            Field::Paid => T::FeeState,
        }
        .get(lang)
    }

    /// The field's name on the command line (`--map HEADER=FIELD`).
    pub fn key(self) -> &'static str {
        match self {
            Field::Name => "name",
            Field::Sex => "sex",
            Field::BirthDate => "birth_date",
            Field::Unit => "unit",
            Field::Section => "section",
            Field::Rating => "rating",
            Field::Grade => "grade",
            Field::Member => "member",
            Field::Overseas => "overseas",
            Field::TeamMember => "team_member",
            Field::Wildcard => "wildcard",
            Field::Paid => "paid",
        }
    }

    /// Headers recognised for this field, compared after [`normalise_header`].
    fn aliases(self) -> &'static [&'static str] {
        match self {
            Field::Name => &[
                "姓名",
                "名字",
                "运动员",
                "运动员姓名",
                "选手",
                "选手姓名",
                "name",
                "playername",
                "player",
                "fullname",
            ],
            Field::Sex => &["性别", "男女", "sex", "gender"],
            Field::BirthDate => &[
                "出生日期",
                "出生年月日",
                "出生年月",
                "生日",
                "出生",
                "birthdate",
                "dateofbirth",
                "dob",
                "birthday",
                "born",
            ],
            Field::Unit => &[
                "单位",
                "代表队",
                "参赛单位",
                "所属单位",
                "队名",
                "代表单位",
                "俱乐部",
                "培训机构",
                "所属机构",
                "unit",
                "team",
                "club",
                "federation",
            ],
            Field::Section => &["组别", "参赛组别", "组", "section", "group", "category"],
            Field::Rating => &["等级分", "棋协等级分", "rating", "elo"],
            Field::Grade => &[
                "级别",
                "现有级别",
                "现级别",
                "当前级别",
                "等级",
                "棋级",
                "等级称号",
                "技术等级",
                "grade",
                "title",
                "level",
            ],
            Field::Member => &["会员", "是否会员", "协会会员", "member", "membership"],
            Field::TeamMember => &[
                "团体队员",
                "团体",
                "团体赛",
                "是否团体队员",
                "teammember",
                "team member",
            ],
            Field::Wildcard => &["外卡", "是否外卡", "承办方外卡", "wildcard"],
            Field::Paid => &[
                "已缴费",
                "缴费",
                "缴费状态",
                "缴费情况",
                "是否缴费",
                "是否已缴费",
                "支付状态",
                "付款状态",
                "支付金额",
                "缴费金额",
                "实缴金额",
                "已缴金额",
                "实付金额",
                "订单金额",
                "paid",
                "payment",
                "feepaid",
                "amountpaid",
            ],
            Field::Overseas => &[
                "境外",
                "是否境外",
                "境外选手",
                "overseas",
                "foreign",
                "abroad",
            ],
        }
    }

    /// The field a header names, if any.
    pub fn from_header(header: &str) -> Option<Field> {
        let h = normalise_header(header);
        if h.is_empty() {
            return None;
        }
        Field::ALL
            .into_iter()
            .find(|f| f.aliases().contains(&h.as_str()))
    }
}

/// Headers of what entry forms and the registration platform ask (seed 004 十一(五): 身份证号、
/// 现有级别、培训机构、证书回寄地址) that no field of an entrant keeps: known, listed as not
/// imported, never mistaken for a header this importer does not know.
const NOT_KEPT: [&str; 22] = [
    "身份证号",
    "身份证号码",
    "身份证",
    "证件号码",
    "证件号",
    "证件类型",
    "证书回寄地址",
    "回寄地址",
    "邮寄地址",
    "地址",
    "联系电话",
    "电话",
    "手机",
    "手机号",
    "手机号码",
    "家长电话",
    "监护人",
    "邮箱",
    "序号",
    "备注",
    "idnumber",
    "phone",
];

/// Is `header` one of what entry forms ask that no field keeps ([`NOT_KEPT`])?
pub fn not_kept(header: &str) -> bool {
    NOT_KEPT.contains(&normalise_header(header).as_str())
}

/// The field a column is mapped to by its name (`name`, `birth_date`, `姓名`, any header the
/// importer knows), or `None` for a column left out (`none`, `-`, `不导入`): the words of
/// `--map HEADER=FIELD`.
pub fn field_named(text: &str) -> Result<Option<Field>, MappingError> {
    let h = normalise_header(text);
    if matches!(h.as_str(), "none" | "skip" | "" | "不导入" | "忽略") {
        return Ok(None);
    }
    Field::from_header(text)
        .map(Some)
        .ok_or_else(|| MappingError::UnknownField(text.trim().to_string()))
}

/// Lower case, without spaces, asterisks (required-field marks), brackets and what they hold,
/// so that "出生日期（年/月/日）*" and "Date of birth" match their aliases.
pub fn normalise_header(header: &str) -> String {
    let mut out = String::new();
    let mut depth = 0u32;
    for c in header.chars() {
        match c {
            '(' | '（' | '[' | '【' => depth += 1,
            ')' | '）' | ']' | '】' => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            c if c.is_whitespace() || matches!(c, '*' | '＊' | '_' | '-' | ':' | '：' | '.') => {}
            c => out.extend(c.to_lowercase()),
        }
    }
    out
}

/// Which column holds which field, and which row holds the headers. The arbiter may change
/// any of it before the rows are checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColumnMapping {
    /// Index into [`Table::rows`] of the header row; data rows follow it.
    pub header_row: usize,
    /// One entry per column index of the table: the field it holds, or `None` to ignore it.
    pub columns: Vec<Option<Field>>,
    /// 组别 as the file writes it → the section of the event it means (`男子` → `男子组`).
    pub sections: BTreeMap<String, String>,
}

/// A mapping that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MappingError {
    #[error("no column holds the name")]
    NoNameColumn,
    #[error("{field:?} is mapped to columns {first} and {second}")]
    FieldTwice {
        field: Field,
        first: usize,
        second: usize,
    },
    #[error("the header row {0} is past the end of the table")]
    HeaderPastEnd(usize),
    /// A column named by its header that no header row of the table has: the header, and
    /// the headers there are.
    #[error("no column is headed {header:?} (the headers: {headers:?})")]
    NoSuchHeader {
        header: String,
        headers: Vec<String>,
    },
    /// A field name the importer does not know.
    #[error("no field is called {0:?}")]
    UnknownField(String),
}

impl MappingError {
    pub fn message(&self, lang: Lang) -> String {
        match self {
            MappingError::NoNameColumn => T::ImpErrNoNameColumn.get(lang).to_string(),
            MappingError::FieldTwice {
                field,
                first,
                second,
            } => fill(
                T::ImpErrColumnTwice.get(lang),
                &[&field.label(lang), first, second],
            ),
            MappingError::HeaderPastEnd(r) => fill(T::ImpErrHeaderPastEnd.get(lang), &[r]),
            MappingError::NoSuchHeader { header, headers } => fill(
                T::ImpErrNoSuchHeader.get(lang),
                &[header, &headers.join(T::ListSeparator.get(lang))],
            ),
            MappingError::UnknownField(name) => {
                let names: Vec<String> = Field::ALL.iter().map(|f| f.key().to_string()).collect();
                fill(
                    T::ImpErrUnknownField.get(lang),
                    &[name, &names.join(T::ListSeparator.get(lang))],
                )
            }
        }
    }
}

/// How many leading rows are searched for the header row (title lines come first on forms).
const HEADER_SEARCH_ROWS: usize = 15;

impl ColumnMapping {
    /// Finds the header row (the first of the leading rows in which at least two cells name
    /// a field, one of them the name) and maps its columns. `None` if there is no such row.
    pub fn detect(table: &Table) -> Option<ColumnMapping> {
        let width = table.width();
        table
            .rows
            .iter()
            .take(HEADER_SEARCH_ROWS)
            .enumerate()
            .find_map(|(i, row)| {
                let mut columns: Vec<Option<Field>> = vec![None; width];
                for (c, cell) in row.iter().enumerate() {
                    let f = Field::from_header(cell);
                    // The first column naming a field keeps it.
                    if f.is_some() && !columns.contains(&f) {
                        columns[c] = f;
                    }
                }
                let known = columns.iter().flatten().count();
                (known >= 2 && columns.contains(&Some(Field::Name))).then_some(ColumnMapping {
                    header_row: i,
                    columns,
                    sections: BTreeMap::new(),
                })
            })
    }

    /// Maps the column headed `header` (as written, or as [`normalise_header`] reads it) to
    /// `field`, or leaves it out (`None`), as the arbiter's choice in the window does; a
    /// column that held `field` before holds nothing now. When no header row was found, the
    /// first of the leading rows that has `header` becomes the header row.
    pub fn map_header(
        &mut self,
        table: &Table,
        header: &str,
        field: Option<Field>,
    ) -> Result<(), MappingError> {
        let wanted = header.trim();
        let column_in = |row: &[String]| {
            row.iter().position(|c| c.trim() == wanted).or_else(|| {
                let n = normalise_header(wanted);
                row.iter()
                    .position(|c| !n.is_empty() && normalise_header(c) == n)
            })
        };
        let found = table
            .rows
            .get(self.header_row)
            .and_then(|r| column_in(r))
            .map(|c| (self.header_row, c))
            .or_else(|| {
                if self.columns.iter().any(Option::is_some) {
                    return None;
                }
                table
                    .rows
                    .iter()
                    .take(HEADER_SEARCH_ROWS)
                    .enumerate()
                    .find_map(|(i, r)| column_in(r).map(|c| (i, c)))
            });
        let Some((row, column)) = found else {
            return Err(MappingError::NoSuchHeader {
                header: wanted.to_string(),
                headers: table
                    .rows
                    .get(self.header_row)
                    .map(|r| {
                        r.iter()
                            .map(|c| c.trim().to_string())
                            .filter(|c| !c.is_empty())
                            .collect()
                    })
                    .unwrap_or_default(),
            });
        };
        self.header_row = row;
        if self.columns.len() <= column {
            self.columns.resize(column + 1, None);
        }
        if field.is_some() {
            for slot in self.columns.iter_mut().filter(|s| **s == field) {
                *slot = None;
            }
        }
        self.columns[column] = field;
        Ok(())
    }

    /// The columns of the header row that hold a header and no field: each with its 1-based
    /// column number and header, known ([`not_kept`]) or not.
    pub fn unused(&self, table: &Table) -> Vec<UnusedColumn> {
        let Some(headers) = table.rows.get(self.header_row) else {
            return Vec::new();
        };
        headers
            .iter()
            .enumerate()
            .filter(|(c, h)| {
                !h.trim().is_empty() && self.columns.get(*c).is_none_or(Option::is_none)
            })
            .map(|(c, h)| UnusedColumn {
                column: table.column_number(c),
                header: h.trim().to_string(),
                known: not_kept(h),
            })
            .collect()
    }

    /// The column index holding `field`.
    pub fn column_of(&self, field: Field) -> Option<usize> {
        self.columns.iter().position(|f| *f == Some(field))
    }

    /// Checks the mapping against the table (1-based column numbers in errors).
    pub fn validate(&self, table: &Table) -> Result<(), MappingError> {
        if self.header_row >= table.rows.len() {
            return Err(MappingError::HeaderPastEnd(
                table.row_number(self.header_row),
            ));
        }
        let mut seen: HashMap<Field, usize> = HashMap::new();
        for (c, f) in self.columns.iter().enumerate() {
            if let Some(f) = f
                && let Some(first) = seen.insert(*f, c)
            {
                return Err(MappingError::FieldTwice {
                    field: *f,
                    first: table.column_number(first),
                    second: table.column_number(c),
                });
            }
        }
        if !seen.contains_key(&Field::Name) {
            return Err(MappingError::NoNameColumn);
        }
        Ok(())
    }
}

/// A column of the file that is not imported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnusedColumn {
    /// 1-based column.
    pub column: usize,
    /// Its header, as written.
    pub header: String,
    /// A header entry forms ask that no field keeps (身份证号, 证书回寄地址 …); else a header
    /// this importer does not know, which the arbiter may map to a field.
    pub known: bool,
}

impl UnusedColumn {
    /// "第D列“身份证号”：本程序不记录此项，未导入。"
    pub fn message(&self, lang: Lang) -> String {
        let key = if self.known {
            T::ImpColumnNotKept
        } else {
            T::ImpColumnUnknown
        };
        fill(key.get(lang), &[&column_letters(self.column), &self.header])
    }
}

/// One data row turned into an entrant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportRow {
    /// 1-based sheet row.
    pub row: usize,
    /// With 会员 and 境外 set from their yes/no columns.
    pub entrant: Entrant,
}

/// What is wrong with a row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// 姓名为空.
    EmptyName,
    /// A birth date that is no date.
    BadDate(String),
    /// A sex that is neither male nor female.
    UnknownSex(String),
    /// A rating that is not a whole number 0–4000.
    BadRating(String),
    /// A yes/no column holding something else.
    BadFlag(String),
    /// A paid column holding neither a payment state nor an amount.
    BadPaid(String),
    /// Paid (or refunded) with no amount written, in a section that sets no fee.
    PaidNoFee,
    /// Same name, unit and birth date as an earlier row (1-based row number).
    Duplicate(usize),
    /// Same name, unit and birth date as an entrant already in the section.
    AlreadyEntered,
    /// Breaks one of the section's entry rules.
    Ineligible(Ineligibility),
    /// Past the section's cap (限报人数).
    OverCap(u32),
    /// Past the event-wide cap (全赛限报人数, seed 001: 300).
    OverEventCap(u32),
    /// A text longer than its field takes (the most characters).
    TooLong(usize),
    /// 组别 names no section of the event (after the arbiter's map of section names): the
    /// sections there are.
    NoSuchSection(Vec<String>),
}

impl Problem {
    /// A row with this problem has no entrant to import; the others (entry rules, duplicates,
    /// cap) describe an entrant the arbiter may still admit.
    pub fn is_invalid(&self) -> bool {
        matches!(
            self,
            Problem::EmptyName
                | Problem::BadDate(_)
                | Problem::UnknownSex(_)
                | Problem::BadRating(_)
                | Problem::BadFlag(_)
                | Problem::BadPaid(_)
                | Problem::PaidNoFee
                | Problem::TooLong(_)
                | Problem::NoSuchSection(_)
        )
    }
}

/// One error of the preview: where (1-based row and column) and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowError {
    pub row: usize,
    /// 1-based column, when one cell is to blame.
    pub column: Option<usize>,
    pub field: Option<Field>,
    pub problem: Problem,
    /// The cell text, for the message.
    pub value: String,
}

impl RowError {
    /// The message: "第3行第C列（出生日期）：…" / "row 3, column C (Birth date): …".
    pub fn message(&self, lang: Lang) -> String {
        let what = self.problem_text(lang);
        match (self.column, self.field) {
            (Some(c), Some(f)) => fill(
                T::ImpErrAtCell.get(lang),
                &[&self.row, &column_letters(c), &f.label(lang), &what],
            ),
            _ => fill(T::ImpErrAtRow.get(lang), &[&self.row, &what]),
        }
    }

    /// The 组别 written in the row, when it names a section the event does not have: the name
    /// for the arbiter to map to a section.
    pub fn unknown_section(&self) -> Option<&str> {
        matches!(self.problem, Problem::NoSuchSection(_)).then_some(self.value.as_str())
    }

    fn problem_text(&self, lang: Lang) -> String {
        let t = |k: T| k.get(lang);
        match &self.problem {
            Problem::EmptyName => t(T::ImpErrEmptyName).to_string(),
            Problem::BadDate(v) => fill(t(T::ImpErrBadDate), &[v]),
            Problem::UnknownSex(v) => fill(t(T::ImpErrUnknownSex), &[v]),
            Problem::BadRating(v) => fill(t(T::ImpErrBadRating), &[v]),
            Problem::BadFlag(v) => fill(t(T::ImpErrBadFlag), &[v]),
            Problem::BadPaid(v) => fill(t(T::ErrImportPaid), &[v]),
            Problem::PaidNoFee => t(T::ErrImportPaidNoFee).to_string(),
            Problem::TooLong(max) => fill(t(T::ImpErrTooLong), &[max]),
            Problem::Duplicate(r) => fill(t(T::ImpErrDuplicate), &[r]),
            Problem::AlreadyEntered => t(T::ImpErrAlreadyEntered).to_string(),
            Problem::OverCap(cap) => fill(t(T::ImpErrOverCap), &[cap]),
            Problem::OverEventCap(cap) => fill(t(T::ImpErrOverEventCap), &[cap]),
            Problem::Ineligible(i) => crate::i18n::ineligibility_text(i, &self.value, lang),
            Problem::NoSuchSection(names) => fill(
                t(T::ImpErrNoSuchSection),
                &[&self.value, &names.join(T::ListSeparator.get(lang))],
            ),
        }
    }
}

/// The checked rows of a file, before anything is imported.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Preview {
    /// Every data row that forms an entrant (with or without an entry-rule error), in order.
    pub rows: Vec<ImportRow>,
    /// Every error, in row order.
    pub errors: Vec<RowError>,
    /// Rows left out because their 组别 names another section: (row, section named, after
    /// the map of section names). Of those, the rows of a section the event does not have are
    /// errors ([`preview_in_event`]).
    pub other_sections: Vec<(usize, String)>,
    /// The columns not imported (headers with no field), in column order.
    pub unused: Vec<UnusedColumn>,
    /// The column the payments (缴费) were read from: 1-based column and its header.
    pub paid_column: Option<(usize, String)>,
}

impl Preview {
    /// "缴费情况取自第F列“已缴费”", when a column of payments was read.
    pub fn paid_column_text(&self, lang: Lang) -> Option<String> {
        self.paid_column.as_ref().map(|(c, header)| {
            fill(
                T::ImportPaidColumn.get(lang),
                &[&column_letters(*c), header],
            )
        })
    }
}

/// What the arbiter accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Acceptance {
    /// Only rows without any error.
    ValidOnly,
    /// Every row that forms an entrant, admitting those that break an entry rule, are
    /// duplicates or are over the cap. Refused while any row cannot form an entrant.
    All,
}

/// Accepting every row while some cannot form an entrant: their 1-based row numbers.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("rows {0:?} cannot be imported; correct them or import only the valid rows")]
pub struct InvalidRows(pub Vec<usize>);

impl Preview {
    /// The entrants to import under `acceptance`, in file order.
    pub fn accept(&self, acceptance: Acceptance) -> Result<Vec<ImportRow>, InvalidRows> {
        match acceptance {
            Acceptance::ValidOnly => Ok(self
                .rows
                .iter()
                .filter(|r| !self.errors.iter().any(|e| e.row == r.row))
                .cloned()
                .collect()),
            Acceptance::All => {
                let mut bad: Vec<usize> = self
                    .errors
                    .iter()
                    .filter(|e| e.problem.is_invalid())
                    .map(|e| e.row)
                    .collect();
                bad.dedup();
                if bad.is_empty() {
                    Ok(self.rows.clone())
                } else {
                    Err(InvalidRows(bad))
                }
            }
        }
    }
}

/// Parses 性别: 男/女, M/F, male/female (any case); `Some(Unknown)` for an empty cell.
pub fn parse_sex(text: &str) -> Option<Sex> {
    match text.trim().to_lowercase().as_str() {
        "" => Some(Sex::Unknown),
        "男" | "男子" | "男性" | "m" | "male" | "man" => Some(Sex::Male),
        "女" | "女子" | "女性" | "f" | "w" | "female" | "woman" => Some(Sex::Female),
        _ => None,
    }
}

/// Parses a yes/no cell; an empty cell is no.
pub fn parse_flag(text: &str) -> Option<bool> {
    match text.trim().to_lowercase().as_str() {
        "" | "否" | "不是" | "非" | "无" | "n" | "no" | "false" | "0" | "×" => Some(false),
        "是" | "有" | "y" | "yes" | "true" | "1" | "√" | "✓" | "✔" | "x" => Some(true),
        _ => None,
    }
}

/// What a paid cell (缴费) says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaidCell {
    /// 未缴费 (an empty cell too: nothing recorded).
    Unpaid,
    /// 已缴费: the amount when the cell gives one, else the section's fee for him.
    Paid(Option<u32>),
    /// 已退款.
    Refunded,
}

/// Parses a paid cell: a state as registration platforms write it (已缴费, 未缴费, 已支付, 待支付,
/// 已退款, 是, 否, 1, √ …) or an amount paid (150, 150.00, ¥150, 150元; 0 is nothing paid, 1 is
/// yes, as in a yes/no column).
/// `None`: neither — the row is named, never read as unpaid.
pub fn parse_paid(text: &str) -> Option<PaidCell> {
    let t = text.trim().to_lowercase();
    let state = match t.as_str() {
        "" | "否" | "未缴" | "未缴费" | "未交" | "未交费" | "未支付" | "待支付" | "待缴费"
        | "未付款" | "no" | "n" | "unpaid" | "false" | "×" => Some(PaidCell::Unpaid),
        "是" | "已缴" | "已缴费" | "已交" | "已交费" | "已支付" | "支付成功" | "已付款"
        | "缴费成功" | "yes" | "y" | "paid" | "true" | "1" | "√" | "✓" | "✔" => {
            Some(PaidCell::Paid(None))
        }
        "已退" | "已退费" | "已退款" | "退款成功" | "refunded" => {
            Some(PaidCell::Refunded)
        }
        _ => None,
    };
    if state.is_some() {
        return state;
    }
    // An amount: whole yuan, a currency sign or 元 around it, 150.00 written by a spreadsheet.
    let digits = t
        .trim_start_matches(['¥', '￥'])
        .trim_start_matches("rmb")
        .trim_end_matches('元')
        .trim();
    let whole = match digits.split_once('.') {
        Some((w, f)) if !f.is_empty() && f.bytes().all(|b| b == b'0') => w,
        Some(_) => return None,
        None => digits,
    };
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    match whole.parse::<u32>().ok()? {
        0 => Some(PaidCell::Unpaid),
        n if n <= crate::model::MAX_FEE => Some(PaidCell::Paid(Some(n))),
        _ => None,
    }
}

/// The event-wide cap (全赛限报人数) as an import into one section counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EventCap {
    pub cap: u32,
    /// Entries already in the event, all sections together (house players not counted).
    pub entered: usize,
}

impl EventCap {
    /// The cap of `event`, if it has one.
    pub fn of(event: &Event) -> Option<EventCap> {
        event.entry_cap.map(|cap| EventCap {
            cap,
            entered: event.entries(),
        })
    }
}

/// Checks every data row under `mapping` for `section`, counting its entrants toward the
/// section's cap and the event's (`event_cap`).
pub fn preview(
    table: &Table,
    mapping: &ColumnMapping,
    section: &Section,
    event_cap: Option<EventCap>,
) -> Preview {
    let rules = &section.settings.eligibility;
    let mut out = Preview::default();
    let key = |e: &Entrant| {
        (
            e.name.trim().to_string(),
            e.unit.trim().to_string(),
            e.birth_date,
        )
    };
    let existing: Vec<_> = section.entrants.iter().map(key).collect();
    let mut seen: HashMap<(String, String, Option<NaiveDate>), usize> = HashMap::new();
    let mut admitted = section.entrants.iter().filter(|e| !e.house).count();
    let mut in_event = event_cap.map_or(0, |c| c.entered);
    out.unused = mapping.unused(table);
    out.paid_column = mapping.column_of(Field::Paid).map(|c| {
        let header = table
            .rows
            .get(mapping.header_row)
            .and_then(|r| r.get(c))
            .map(|h| h.trim().to_string())
            .unwrap_or_default();
        (table.column_number(c), header)
    });
    for (index, cells) in table.rows.iter().enumerate().skip(mapping.header_row + 1) {
        if cells.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        let row = table.row_number(index);
        let cell = |f: Field| -> (Option<usize>, &str) {
            match mapping.column_of(f) {
                Some(c) => (
                    Some(table.column_number(c)),
                    cells.get(c).map(|s| s.trim()).unwrap_or(""),
                ),
                None => (None, ""),
            }
        };
        let (_, written) = cell(Field::Section);
        let section_name = mapping.sections.get(written).map_or(written, |s| s.trim());
        if !section_name.is_empty() && section_name != section.name.trim() {
            out.other_sections.push((row, section_name.to_string()));
            continue;
        }
        let mut errors: Vec<RowError> = Vec::new();
        let err = |errors: &mut Vec<RowError>, f: Field, problem: Problem| {
            let (column, value) = cell(f);
            errors.push(RowError {
                row,
                column,
                field: Some(f),
                problem,
                value: value.to_string(),
            });
        };
        let mut e = Entrant::default();
        let (_, name) = cell(Field::Name);
        if name.is_empty() {
            err(&mut errors, Field::Name, Problem::EmptyName);
        }
        e.name = name.to_string();
        let (_, sex) = cell(Field::Sex);
        match parse_sex(sex) {
            Some(s) => e.sex = s,
            None => err(
                &mut errors,
                Field::Sex,
                Problem::UnknownSex(sex.to_string()),
            ),
        }
        let (_, date) = cell(Field::BirthDate);
        if !date.is_empty() {
            match crate::model::parse_date(date) {
                Some(d) => e.birth_date = Some(d),
                None => err(
                    &mut errors,
                    Field::BirthDate,
                    Problem::BadDate(date.to_string()),
                ),
            }
        }
        e.unit = cell(Field::Unit).1.to_string();
        e.grade = cell(Field::Grade).1.to_string();
        // As the entrant form takes them: the row and column of a text too long are named here,
        // not after the preview when nothing can point at the row.
        for (f, max) in [
            (Field::Name, crate::model::MAX_NAME),
            (Field::Unit, crate::model::MAX_TEXT),
            (Field::Grade, crate::model::MAX_NAME),
        ] {
            if crate::model::without_invisible(cell(f).1).0.chars().count() > max {
                err(&mut errors, f, Problem::TooLong(max));
            }
        }
        let (_, rating) = cell(Field::Rating);
        if !rating.is_empty() {
            match rating.parse::<i32>() {
                Ok(r) if (0..=4000).contains(&r) => e.rating = Some(r),
                _ => err(
                    &mut errors,
                    Field::Rating,
                    Problem::BadRating(rating.to_string()),
                ),
            }
        }
        for f in [
            Field::Member,
            Field::Overseas,
            Field::TeamMember,
            Field::Wildcard,
        ] {
            let (_, v) = cell(f);
            match parse_flag(v) {
                Some(yes) => match f {
                    Field::Member => e.member = yes,
                    Field::Overseas => e.overseas = yes,
                    Field::TeamMember => e.team_member = yes,
                    _ if yes => e.flags.push(WILDCARD_FLAG.to_string()),
                    _ => {}
                },
                None => err(&mut errors, f, Problem::BadFlag(v.to_string())),
            }
        }
        // 缴费, after the marks that decide the fee he owes: 已缴费 with no amount is that fee.
        let (_, paid) = cell(Field::Paid);
        match parse_paid(paid) {
            Some(PaidCell::Unpaid) => {}
            Some(cell @ (PaidCell::Paid(_) | PaidCell::Refunded)) => {
                let (state, amount) = match cell {
                    PaidCell::Paid(amount) => (PaymentState::Paid, amount),
                    _ => (PaymentState::Refunded, None),
                };
                match amount.or(section.settings.fees.due(&e).map(|d| d.0)) {
                    Some(amount) => {
                        e.payment = Payment {
                            state,
                            amount,
                            ..Payment::default()
                        }
                    }
                    // No amount written and none set: named, not taken as 0 元.
                    None => err(&mut errors, Field::Paid, Problem::PaidNoFee),
                }
            }
            None => err(&mut errors, Field::Paid, Problem::BadPaid(paid.to_string())),
        }
        let invalid = errors.iter().any(|x| x.problem.is_invalid());
        if !invalid {
            for i in rules.check(&e) {
                let f = match i {
                    Ineligibility::BirthDateMissing
                    | Ineligibility::BornBefore(_)
                    | Ineligibility::BornAfter(_) => Field::BirthDate,
                    Ineligibility::GradeNotAdmitted => Field::Grade,
                    Ineligibility::SexNotAdmitted(_) => Field::Sex,
                    Ineligibility::NoRoute => Field::Grade,
                };
                err(&mut errors, f, Problem::Ineligible(i));
            }
            let k = key(&e);
            if existing.contains(&k) {
                err(&mut errors, Field::Name, Problem::AlreadyEntered);
            } else if let Some(first) = seen.get(&k) {
                err(&mut errors, Field::Name, Problem::Duplicate(*first));
            } else {
                seen.insert(k, row);
            }
            if errors.is_empty() {
                let over = match (rules.cap, event_cap) {
                    (Some(cap), _) if admitted >= cap as usize => Some(Problem::OverCap(cap)),
                    (_, Some(e)) if in_event >= e.cap as usize => {
                        Some(Problem::OverEventCap(e.cap))
                    }
                    _ => None,
                };
                if let Some(problem) = over {
                    errors.push(RowError {
                        row,
                        column: None,
                        field: None,
                        problem,
                        value: String::new(),
                    });
                } else {
                    admitted += 1;
                    in_event += 1;
                }
            }
            out.rows.push(ImportRow { row, entrant: e });
        }
        out.errors.extend(errors);
    }
    out
}

/// As [`preview`], for section `section` of `event`: a row whose 组别 names a section the
/// event does not have (after the map of section names) is an error of that row, naming the
/// sections there are — never a row left out without a word. Rows of the event's other
/// sections stay left out, for their own section's import.
pub fn preview_in_event(
    table: &Table,
    mapping: &ColumnMapping,
    event: &Event,
    section: &Section,
) -> Preview {
    let mut out = preview(table, mapping, section, EventCap::of(event));
    let names: Vec<String> = event.sections.iter().map(|s| s.name.clone()).collect();
    let column = mapping
        .column_of(Field::Section)
        .map(|c| table.column_number(c));
    let (kept, missing): (Vec<_>, Vec<_>) = std::mem::take(&mut out.other_sections)
        .into_iter()
        .partition(|(_, name)| names.iter().any(|n| n.trim() == name));
    out.other_sections = kept;
    for (row, _) in missing {
        let written = mapping
            .column_of(Field::Section)
            .and_then(|c| table.rows.get(row_index(table, row)?)?.get(c))
            .map_or("", |s| s.trim());
        out.errors.push(RowError {
            row,
            column,
            field: Some(Field::Section),
            problem: Problem::NoSuchSection(names.clone()),
            value: written.to_string(),
        });
    }
    out.errors.sort_by_key(|e| e.row);
    out
}

/// The index into [`Table::rows`] of the row the arbiter sees as `row`.
fn row_index(table: &Table, row: usize) -> Option<usize> {
    row.checked_sub(table.first_row + 1)
}

/// Reads, maps and checks in one step with the detected mapping (for the command line and
/// the tests; the window lets the arbiter correct the mapping between the steps).
pub fn preview_file(
    path: &Path,
    section: &Section,
    event_cap: Option<EventCap>,
) -> Result<Preview, FileImportError> {
    let table = read_file(path)?;
    let mapping = ColumnMapping::detect(&table).ok_or(MappingError::NoNameColumn)?;
    mapping.validate(&table)?;
    Ok(preview(&table, &mapping, section, event_cap))
}

/// Either kind of whole-file failure.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FileImportError {
    #[error(transparent)]
    Read(#[from] ImportError),
    #[error(transparent)]
    Mapping(#[from] MappingError),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_paid_cell_reads_as_a_state_or_an_amount_and_anything_else_is_refused() {
        use PaidCell::*;
        for (text, want) in [
            ("已缴费", Paid(None)),
            (" 支付成功 ", Paid(None)),
            ("√", Paid(None)),
            ("未缴费", Unpaid),
            ("待支付", Unpaid),
            ("", Unpaid),
            ("已退款", Refunded),
            ("220", Paid(Some(220))),
            ("220.00", Paid(Some(220))),
            ("¥150", Paid(Some(150))),
            ("100元", Paid(Some(100))),
            ("0", Unpaid),
        ] {
            assert_eq!(parse_paid(text), Some(want), "{text:?}");
        }
        for bad in ["部分缴费", "150.5", "-150", "二百二", "x"] {
            assert_eq!(parse_paid(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn sexes_and_flags() {
        assert_eq!(parse_sex("男"), Some(Sex::Male));
        assert_eq!(parse_sex("F"), Some(Sex::Female));
        assert_eq!(parse_sex(""), Some(Sex::Unknown));
        assert_eq!(parse_sex("X"), None);
        assert_eq!(parse_flag("是"), Some(true));
        assert_eq!(parse_flag(""), Some(false));
        assert_eq!(parse_flag("maybe"), None);
    }

    #[test]
    fn headers_chinese_english_and_decorated() {
        assert_eq!(Field::from_header("姓名"), Some(Field::Name));
        assert_eq!(
            Field::from_header("出生日期（年/月/日）*"),
            Some(Field::BirthDate)
        );
        assert_eq!(Field::from_header("Date of Birth"), Some(Field::BirthDate));
        assert_eq!(Field::from_header("代表队"), Some(Field::Unit));
        assert_eq!(Field::from_header("备注"), None);
    }

    #[test]
    fn column_letters_like_a_spreadsheet() {
        assert_eq!(column_letters(1), "A");
        assert_eq!(column_letters(26), "Z");
        assert_eq!(column_letters(27), "AA");
        assert_eq!(column_letters(703), "AAA");
    }

    #[test]
    fn a_missing_or_damaged_file_is_named_in_chinese() {
        let dir = std::env::temp_dir().join(format!("bianpai-missing-{}", std::process::id()));
        let e = read_file(&dir.join("报名表.xlsx")).unwrap_err();
        let zh = e.message(Lang::Zh);
        assert!(
            zh.contains("报名表.xlsx") && zh.contains("文件不存在"),
            "{zh}"
        );
        assert!(e.message(Lang::En).contains("no such file"));
        let e = read_spreadsheet(b"PK\x03\x04 not a zip").unwrap_err();
        assert_eq!(e.message(Lang::Zh), "文件已损坏，或不是 Excel/ODS 表格。");
    }

    #[test]
    fn a_file_over_50_mb_is_refused_unread() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.csv");
        let f = std::fs::File::create(&path).unwrap();
        // A sparse file: nothing is written, and nothing may be read.
        f.set_len(50 * 1024 * 1024 + 1).unwrap();
        let e = read_file(&path).unwrap_err();
        assert_eq!(
            e,
            ImportError::TooBig {
                file: path.display().to_string(),
                limit: Limit::Bytes
            }
        );
        assert_eq!(
            e.message(Lang::Zh),
            format!("{}：文件超过 50 MB，未读取。", path.display())
        );
        f.set_len(3).unwrap();
        assert!(read_file(&path).is_ok());
    }

    #[test]
    fn a_csv_of_more_than_100000_rows_is_refused() {
        let rows = |n: usize| "a\n".repeat(n).into_bytes();
        assert_eq!(read_csv(&rows(100_000)).map(|t| t.rows.len()), Ok(100_000));
        assert_eq!(
            read_csv(&rows(100_001)),
            Err(ImportError::too_big(Limit::Rows))
        );
        // Blank lines count as the rows they are.
        let far = format!("a{}b\n", "\n".repeat(100_000));
        assert_eq!(
            read_csv(far.as_bytes()),
            Err(ImportError::too_big(Limit::Rows))
        );
    }

    #[test]
    fn a_csv_of_more_than_200_columns_or_1000000_fields_is_refused() {
        // 200 columns, the last of them filled; then 201.
        let row = |n: usize| format!("{}x\n", ",".repeat(n - 1));
        assert_eq!(read_csv(row(200).as_bytes()).map(|t| t.width()), Ok(200));
        assert_eq!(
            read_csv(row(201).as_bytes()),
            Err(ImportError::too_big(Limit::Columns))
        );
        // Empty cells after a row's last filled one are no columns of the sheet.
        assert!(read_csv(format!("x{}\n", ",".repeat(300)).as_bytes()).is_ok());
        // A million separators and one more: refused before a field is read.
        let commas = ",".repeat(1_000_001);
        assert_eq!(
            read_csv(commas.as_bytes()),
            Err(ImportError::too_big(Limit::Cells))
        );
    }

    #[test]
    fn an_xlsx_of_more_than_100000_rows_is_refused() {
        let sheet = |last_row: u32| {
            let mut book = rust_xlsxwriter::Workbook::new();
            let ws = book.add_worksheet();
            ws.write_string(0, 0, "姓名").unwrap();
            ws.write_string(last_row, 0, "甲").unwrap();
            book.save_to_buffer().unwrap()
        };
        // Rows 1 to 100,000 are 100,000 rows; one more is too many.
        assert!(read_spreadsheet(&sheet(99_999)).is_ok());
        assert_eq!(
            read_spreadsheet(&sheet(100_000)),
            Err(ImportError::too_big(Limit::Rows))
        );
    }

    /// A zip file of one part whose directory says it inflates to `size` bytes (the part's
    /// data is never read).
    fn zip_claiming(size: u32) -> Vec<u8> {
        let name = b"xl/worksheets/sheet1.xml";
        let le16 = |v: u16| v.to_le_bytes();
        let le32 = |v: u32| v.to_le_bytes();
        let mut z = Vec::new();
        // Local file header: deflated, no data.
        z.extend(le32(0x0403_4b50));
        z.extend(le16(20));
        z.extend(le16(0));
        z.extend(le16(8));
        z.extend([0; 8]); // time, date, CRC
        z.extend(le32(0));
        z.extend(le32(size));
        z.extend(le16(name.len() as u16));
        z.extend(le16(0));
        z.extend(name);
        let central = z.len() as u32;
        z.extend(le32(0x0201_4b50));
        z.extend(le16(20));
        z.extend(le16(20));
        z.extend(le16(0));
        z.extend(le16(8));
        z.extend([0; 8]);
        z.extend(le32(0));
        z.extend(le32(size));
        z.extend(le16(name.len() as u16));
        z.extend([0; 12]); // extra, comment, disk, attributes
        z.extend(le32(0)); // local header offset
        z.extend(name);
        let central_len = z.len() as u32 - central;
        z.extend(le32(0x0605_4b50));
        z.extend([0; 4]);
        z.extend(le16(1));
        z.extend(le16(1));
        z.extend(le32(central_len));
        z.extend(le32(central));
        z.extend(le16(0));
        z
    }

    #[test]
    fn a_workbook_that_would_inflate_past_100_mb_is_refused() {
        assert_eq!(
            read_spreadsheet(&zip_claiming(100 * 1024 * 1024 + 1)),
            Err(ImportError::too_big(Limit::Inflated))
        );
        // Within the limit the same file goes on to the workbook reader (which finds no
        // workbook in it).
        assert!(matches!(
            read_spreadsheet(&zip_claiming(1024)),
            Err(ImportError::Spreadsheet(_))
        ));
    }

    #[test]
    fn csv_rows_are_numbered_as_the_file_s_lines() {
        let t = read_csv("姓名\n\n甲\n\n\n乙\n".as_bytes()).unwrap();
        assert_eq!(t.rows[2], ["甲"]);
        assert_eq!(t.row_number(5), 6);
        assert_eq!(t.rows[5], ["乙"]);
    }

    #[test]
    fn a_cell_written_as_text_reads_back_without_its_apostrophe() {
        let t = read_csv("姓名,单位\n'=1+2,'@家\n'abc,a'\n".as_bytes()).unwrap();
        assert_eq!(t.rows[1], ["=1+2", "@家"]);
        // Only a formula's apostrophe is taken off.
        assert_eq!(t.rows[2], ["'abc", "a'"]);
    }

    #[test]
    fn gb18030_is_decoded() {
        // "姓名" in GB18030 is D0 D5 C3 FB.
        assert_eq!(decode_text(&[0xD0, 0xD5, 0xC3, 0xFB]).unwrap(), "姓名");
        assert_eq!(decode_text(&[0xFF, 0xFF]), Err(ImportError::Encoding));
    }
}
