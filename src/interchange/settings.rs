//! 组别设置文件 — every setting of a section as a TOML file a person can read and edit, and
//! back. The file holds the settings' stored form ([`SectionSettings::to_stored`]: the fields and
//! their `version`), so a file written by an earlier program still reads; each key is described
//! in docs/settings.md. A file is read over a section's current settings: each key it writes
//! replaces that value, at any depth, and a key left out keeps it; TOML's own dates are read
//! as dates. Reading checks the whole file before anything is used: a line that is
//! no TOML, a value of the wrong kind or a key no setting has is refused, naming its line and
//! key. Whether the values make sense together (rounds 1–99 …) is the app's check, as for the
//! window.

use crate::i18n::{Lang, T, fill};
use crate::model::{SectionSettings, SettingsFormError};
use std::collections::BTreeSet;

/// Why a settings file was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingsFileError {
    /// No TOML, or a value that does not fit its key (`key` empty when the line has none).
    #[error("line {line} {key}: {detail}")]
    Bad {
        line: usize,
        key: String,
        detail: String,
    },
    /// A key that names no setting (a misspelling, or a setting of a newer program).
    #[error("line {line}: no setting {key}")]
    Unknown { line: usize, key: String },
    /// Written by a newer program: its version and this program's.
    #[error("settings of version {0} are newer than {1}")]
    Newer(u64, u32),
}

impl SettingsFileError {
    /// The message to show the arbiter.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            SettingsFileError::Bad { line, key, detail } => fill(
                T::SetErrBad.get(lang),
                &[line, key, &detail_text(detail, lang)],
            ),
            SettingsFileError::Unknown { line, key } => {
                fill(T::SetErrUnknown.get(lang), &[line, key])
            }
            SettingsFileError::Newer(found, ours) => fill(T::SetErrNewer.get(lang), &[found, ours]),
        }
    }
}

/// What the TOML reader said of a value, in the arbiter's language: its English sentences
/// ("invalid type: string \"x\", expected u32") put into words of the kinds a person writes —
/// a whole number, a text in quotes, a table — and the values named as written.
fn detail_text(detail: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return detail.to_string();
    }
    let t = |k: T| k.get(lang).to_string();
    // The first `quoted` part of a text (backquotes or double quotes).
    let quoted = |text: &str| -> String {
        let start = text.find(['`', '"']).map(|i| i + 1);
        start
            .and_then(|i| {
                let rest = &text[i..];
                rest.find(['`', '"']).map(|j| rest[..j].to_string())
            })
            .unwrap_or_default()
    };
    let kind = |what: &str| -> String {
        let what = what.trim();
        let k = if what.starts_with("string") || what == "a string" {
            T::SetKindText
        } else if what.starts_with("integer")
            || what.starts_with('u') && what[1..].chars().all(|c| c.is_ascii_digit())
            || what.starts_with('i') && what[1..].chars().all(|c| c.is_ascii_digit())
            || what == "usize"
        {
            T::SetKindWhole
        } else if what.starts_with("floating point") || what.starts_with('f') && what.len() == 3 {
            T::SetKindDecimal
        } else if what.contains("bool") {
            T::SetKindBool
        } else if what.contains("sequence") || what.contains("array") {
            T::SetKindList
        } else if what.contains("struct") || what.contains("map") || what.contains("table") {
            T::SetKindTable
        } else if what.contains("date") {
            T::SetKindDate
        } else {
            T::SetKindOther
        };
        t(k)
    };
    let written = |what: &str| {
        let v = quoted(what);
        if v.is_empty() {
            kind(what)
        } else {
            format!("{}“{v}”", kind(what))
        }
    };
    if let Some(rest) = detail.strip_prefix("invalid type: ") {
        let (found, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        return fill(&t(T::SetDetailType), &[&kind(expected), &written(found)]);
    }
    if let Some(rest) = detail.strip_prefix("invalid value: ") {
        let (found, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        return fill(&t(T::SetDetailValue), &[&quoted(found), &kind(expected)]);
    }
    if let Some(rest) = detail.strip_prefix("unknown variant ") {
        let (found, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
        let choices: Vec<&str> = expected
            .split('`')
            .enumerate()
            .filter(|(i, _)| i % 2 == 1)
            .map(|(_, c)| c)
            .collect();
        return fill(
            &t(T::SetDetailVariant),
            &[&quoted(found), &choices.join(T::ListSeparator.get(lang))],
        );
    }
    if detail.starts_with("missing field") {
        return fill(&t(T::SetDetailMissing), &[&quoted(detail)]);
    }
    if detail.starts_with("unknown field") {
        return fill(&t(T::SetDetailUnknownField), &[&quoted(detail)]);
    }
    if detail.contains("duplicate key") {
        return t(T::SetDetailDuplicate);
    }
    if detail.contains("must be quoted") {
        return t(T::SetDetailQuote);
    }
    t(T::SetDetailSyntax)
}

/// The settings as a TOML file; a date is written as TOML writes dates (`born_from =
/// 1951-01-01`).
pub fn to_toml(settings: &SectionSettings) -> String {
    // The stored form is objects, strings, numbers, booleans and arrays, all of which TOML
    // holds; its nulls are keys left out.
    match toml_of(&settings.to_stored()) {
        Some(toml::Value::Table(t)) => toml::to_string_pretty(&t).unwrap_or_default(),
        _ => String::new(),
    }
}

/// A value of the stored form as TOML: TOML has no null, so a setting left unset (`None`) is
/// a key left out, which reads back unset; a text that is a date (`2008-01-31`) is a TOML
/// date, which reads back as the same text.
fn toml_of(value: &serde_json::Value) -> Option<toml::Value> {
    use serde_json::Value as J;
    Some(match value {
        J::Null => return None,
        J::Bool(b) => toml::Value::Boolean(*b),
        J::Number(n) => match n.as_i64() {
            Some(i) => toml::Value::Integer(i),
            None => toml::Value::Float(n.as_f64().unwrap_or_default()),
        },
        J::String(s) if is_day(s) => s
            .parse::<toml::value::Datetime>()
            .map_or_else(|_| toml::Value::String(s.clone()), toml::Value::Datetime),
        J::String(s) => toml::Value::String(s.clone()),
        J::Array(items) => toml::Value::Array(items.iter().filter_map(toml_of).collect()),
        J::Object(map) => toml::Value::Table(
            map.iter()
                .filter_map(|(k, v)| Some((k.clone(), toml_of(v)?)))
                .collect(),
        ),
    })
}

/// A day as the stored form writes one: `2008-01-31`.
fn is_day(text: &str) -> bool {
    text.len() == 10 && chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d").is_ok()
}

/// A TOML value as the stored form holds it: a date (`1951-01-01`, unquoted) as its text.
fn json_of(value: &toml::Value) -> serde_json::Value {
    match value {
        toml::Value::String(s) => s.clone().into(),
        toml::Value::Integer(i) => (*i).into(),
        toml::Value::Float(f) => (*f).into(),
        toml::Value::Boolean(b) => (*b).into(),
        toml::Value::Datetime(d) => d.to_string().into(),
        toml::Value::Array(items) => items.iter().map(json_of).collect(),
        toml::Value::Table(t) => t
            .iter()
            .map(|(k, v)| (k.clone(), json_of(v)))
            .collect::<serde_json::Map<_, _>>()
            .into(),
    }
}

/// Reads a settings file over a new xiangqi section's settings (the defaults): as
/// [`from_toml_over`].
pub fn from_toml(text: &str) -> Result<SectionSettings, SettingsFileError> {
    from_toml_over(text, &SectionSettings::default())
}

/// Reads a settings file written by [`to_toml`] (or by hand) over `current`: each key the
/// file writes replaces its value, at every depth — a table may name only some of its keys
/// (`[points]` with `bye` alone) — and a key left out keeps its value in `current`. A list
/// is one value: the file's list replaces the whole list. A table named by a variant
/// (`[awards.places.BySize]`) is laid over the same variant, else replaces it whole.
pub fn from_toml_over(
    text: &str,
    current: &SectionSettings,
) -> Result<SectionSettings, SettingsFileError> {
    let table: toml::Table = toml::from_str(text).map_err(|e| located(text, &e))?;
    let file = json_of(&toml::Value::Table(table));
    let settings = current.with_stored(file.clone()).map_err(|e| match e {
        SettingsFormError::Newer(found, ours) => SettingsFileError::Newer(found, ours),
        SettingsFormError::Unreadable(detail) => blame(text, current, &file, detail),
    })?;
    // A key the typed reading passed over names no setting: every key read is written back.
    let known = key_paths(&settings.to_stored());
    if let Some(key) = key_paths(&file)
        .into_iter()
        .filter(|k| !known.contains(k) && !variant_path(k))
        .min_by_key(|k| line_of_key(text, k))
    {
        return Err(SettingsFileError::Unknown {
            line: line_of_key(text, &key),
            key,
        });
    }
    Ok(settings)
}

/// The key of the file whose value does not read (`detail`, what the whole said): each value
/// the file lays over `current` is read alone, in the file's order, and the first that does
/// not read is named with its line. Values that read alone but not together are the whole
/// file's (line 1).
fn blame(
    text: &str,
    current: &SectionSettings,
    file: &serde_json::Value,
    detail: String,
) -> SettingsFileError {
    let mut values = Vec::new();
    values_laid(&current.to_stored(), file, &mut Vec::new(), &mut values);
    values.sort_by_key(|(path, _)| line_of_key(text, &path.join(".")));
    for (path, value) in values {
        let alone = path
            .iter()
            .rev()
            .fold(value.clone(), |inner, k| serde_json::json!({ k: inner }));
        if let Err(SettingsFormError::Unreadable(detail)) = current.with_stored(alone) {
            let key = path.join(".");
            return SettingsFileError::Bad {
                line: line_of_key(text, &key),
                key,
                detail,
            };
        }
    }
    SettingsFileError::Bad {
        line: 1,
        key: String::new(),
        detail,
    }
}

/// Each value `over` lays over `base` whole ([`crate::model::lay_over`]), with its path.
fn values_laid<'a>(
    base: &serde_json::Value,
    over: &'a serde_json::Value,
    path: &mut Vec<String>,
    out: &mut Vec<(Vec<String>, &'a serde_json::Value)>,
) {
    match over {
        serde_json::Value::Object(map)
            if path.is_empty() || crate::model::goes_into(base, over) =>
        {
            for (k, v) in map {
                path.push(k.clone());
                values_laid(
                    base.get(k).unwrap_or(&serde_json::Value::Null),
                    v,
                    path,
                    out,
                );
                path.pop();
            }
        }
        _ => out.push((path.clone(), over)),
    }
}

/// The keys under which an enum's variant holds its own fields (`standings.tiebreaks.Buchholz`,
/// `awards.places.ReduceIfFewer`): their names are values, checked by the typed reading.
fn variant_path(key: &str) -> bool {
    key.split('.')
        .any(|part| part.starts_with(|c: char| c.is_ascii_uppercase()))
}

/// Every dotted key path of a value (arrays add no part: their items share their key).
pub fn key_paths(value: &serde_json::Value) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    collect_paths(value, "", &mut out);
    out
}

fn collect_paths(value: &serde_json::Value, path: &str, out: &mut BTreeSet<String>) {
    match value {
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                out.insert(p.clone());
                collect_paths(v, &p, out);
            }
        }
        serde_json::Value::Array(items) => {
            for v in items {
                collect_paths(v, path, out);
            }
        }
        _ => {}
    }
}

/// A TOML error with the line and the dotted key it points at.
fn located(text: &str, e: &toml::de::Error) -> SettingsFileError {
    let offset = e.span().map_or(0, |s| s.start).min(text.len());
    let before = text.get(..offset).unwrap_or("");
    let line = before.matches('\n').count() + 1;
    let mut table = String::new();
    for l in before.lines() {
        let l = l.trim();
        if l.starts_with('[') {
            table = l.trim_matches(['[', ']']).trim().to_string();
        }
    }
    let this = text.lines().nth(line - 1).unwrap_or("").trim();
    let with_table = |k: &str| {
        let k = k.trim().trim_matches('"');
        if table.is_empty() {
            k.to_string()
        } else {
            format!("{table}.{k}")
        }
    };
    let key = if this.starts_with('[') {
        // A table's own header ([points.red], [[knockout.phases]]): the table is the key.
        this.trim_matches(['[', ']']).trim().to_string()
    } else if let Some((k, _)) = this.split_once('=') {
        with_table(k)
    } else {
        // A line inside a value written over several lines: the key whose value it is.
        before
            .lines()
            .rev()
            .map(str::trim)
            .take_while(|l| !l.starts_with('['))
            .find_map(|l| l.split_once('=').map(|(k, _)| with_table(k)))
            .unwrap_or(table.clone())
    };
    SettingsFileError::Bad {
        line,
        key,
        detail: e.message().trim().to_string(),
    }
}

/// The line (1-based) where `key` (dotted, as [`key_paths`] gives it) is written as a key or a
/// table: the key's own line, else the line of the nearest table or key it is written in (an
/// inline table, a list of tables), else line 1.
fn line_of_key(text: &str, key: &str) -> usize {
    let unquote = |k: &str| {
        k.split('.')
            .map(|p| p.trim().trim_matches(['"', '\'']))
            .collect::<Vec<_>>()
            .join(".")
    };
    let mut table = String::new();
    let mut best = (0, 1);
    for (i, line) in text.lines().enumerate() {
        let l = line.trim();
        let path = if l.starts_with('[') {
            table = unquote(l.trim_matches(['[', ']']));
            table.clone()
        } else if let Some((k, _)) = l.split_once('=') {
            let k = unquote(k);
            if table.is_empty() {
                k
            } else {
                format!("{table}.{k}")
            }
        } else {
            continue;
        };
        if path == key {
            return i + 1;
        }
        let within = key
            .strip_prefix(path.as_str())
            .is_some_and(|rest| rest.starts_with('.'));
        if within && path.len() > best.0 {
            best = (path.len(), i + 1);
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{PairingSystem, PointSystemPreset};

    #[test]
    fn every_setting_reads_back_as_written() {
        let mut s = SectionSettings::chess();
        s.rounds = 9;
        s.round_times = vec!["8月29日 09:00".into()];
        let text = to_toml(&s);
        assert_eq!(from_toml(&text), Ok(s));
    }

    #[test]
    fn a_date_is_written_as_a_toml_date_and_reads_back() {
        let mut s = SectionSettings::chess();
        s.eligibility.born_to = chrono::NaiveDate::from_ymd_opt(2008, 1, 31);
        s.round_times = vec!["2026-01-10".into()];
        let text = to_toml(&s);
        assert!(text.contains("born_to = 2008-01-31\n"), "{text}");
        assert_eq!(from_toml(&text), Ok(s));
    }

    #[test]
    fn keys_left_out_keep_their_defaults() {
        let s = from_toml("rounds = 5\nsystem = \"Dutch\"\n").unwrap();
        assert_eq!(s.rounds, 5);
        assert_eq!(s.system, PairingSystem::Dutch);
        assert_eq!(s.points, PointSystemPreset::TwoOneZero.system());
    }

    #[test]
    fn the_reader_s_english_is_put_into_the_arbiter_s_words() {
        let zh = |text: &str| from_toml(text).unwrap_err().message(Lang::Zh);
        let cases = [
            ("rounds = \"x\"\n", "应为整数，写的是文字“x”"),
            ("rounds = 1.5\n", "应为整数，写的是小数“1.5”"),
            ("rounds = -1\n", "“-1”超出范围（应为整数）"),
            ("game = \"Go\"\n", "“Go”不是可选的值，可选：Xiangqi、Chess"),
            ("rounds = 3\nrounds = 4\n", "同一设置写了两次"),
            ("rounds = \n", "文字要加引号"),
            ("x y\n", "不是正确的TOML写法"),
            ("round_times = [1]\n", "应为文字，写的是整数“1”"),
        ];
        for (text, words) in cases {
            let m = zh(text);
            assert!(m.contains(words), "{text:?}: {m}");
            assert!(
                !m.chars().any(|c| c.is_ascii_lowercase())
                    || m.contains("rounds")
                    || m.contains("game")
                    || m.contains("round_times"),
                "no English but the key: {m}"
            );
            assert!(!m.contains("expected"), "{m}");
            assert!(!m.contains("invalid"), "{m}");
        }
    }

    #[test]
    fn an_error_on_a_table_s_header_or_inside_a_long_value_names_its_key() {
        let key_of = |text: &str| match from_toml(text) {
            Err(SettingsFileError::Bad { line, key, .. }) => (line, key),
            other => panic!("{other:?}"),
        };
        assert_eq!(
            key_of("rounds = 9\n\n[[knockout.phases]]\nkind = \"Slow\"\n"),
            (3, "knockout.phases".to_string())
        );
        // A value written over lines is named by the line its key is on.
        assert_eq!(
            key_of("rounds = 9\nround_times = [\"a\",\n  3]\n"),
            (2, "round_times".to_string())
        );
        // A bad value in a table given in part: its own line and key.
        assert_eq!(
            key_of("[points.red]\nwin = 4\n[points.black]\nwin = \"x\"\n"),
            (4, "points.black.win".to_string())
        );
        // Two variants in one table: the table, on its header's line.
        assert_eq!(
            key_of(
                "rounds = 9\n[awards.places]\nBySize = { threshold = 80 }\nFixed = { places = 3 }\n"
            ),
            (2, "awards.places".to_string())
        );
    }

    #[test]
    fn a_bad_value_names_its_line_and_key() {
        // Line 3 of this file, in the table [points.red], gives win a word.
        let text = "rounds = 7\n[points.red]\nwin = \"two\"\ndraw = 2\nloss = 0\n";
        match from_toml(text) {
            Err(SettingsFileError::Bad { line, key, .. }) => {
                assert_eq!((line, key.as_str()), (3, "points.red.win"));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_misspelt_key_is_refused_with_its_line() {
        let text = "rounds = 7\n\n[xiangqi]\nbye_polcy = \"LowestNeverHadBye\"\n";
        assert_eq!(
            from_toml(text),
            Err(SettingsFileError::Unknown {
                line: 4,
                key: "xiangqi.bye_polcy".into()
            })
        );
    }

    #[test]
    fn a_newer_program_s_file_is_refused() {
        let text = format!("version = {}\n", crate::model::SETTINGS_VERSION + 1);
        assert!(matches!(
            from_toml(&text),
            Err(SettingsFileError::Newer(_, _))
        ));
    }

    #[test]
    fn no_toml_at_all_is_refused_with_its_line() {
        assert!(matches!(
            from_toml("rounds = 7\nthis is no toml\n"),
            Err(SettingsFileError::Bad { line: 2, .. })
        ));
    }
}
