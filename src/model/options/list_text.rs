//! 一行列表 — the grammar the arbiter types a list of settings in, on one line: items separated
//! by commas, 、 or semicolons (Chinese or Latin), the parts of an item by ":" or "：", places as
//! "4" or "4-6". The prize bands, the titles by place and the qualification stages are read and
//! written in it; an item that cannot be read is a [`ListItemError`], put into words by `i18n`.

/// What is wrong with one item of a list typed on one line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemProblem {
    /// No ":" between the parts of the item.
    NoColon,
    /// The places are not "4" or "4-6" (titles also need 1 ≤ from ≤ to).
    Places,
    /// The amount is not a whole number of yuan, 0 or more.
    Amount,
    /// A count (of players, of places) is not a whole number, 0 or more.
    Count,
    /// The title is missing.
    Title,
    /// More parts than the item has.
    ExtraPart,
    /// A qualification stage after round 0.
    RoundZero,
    /// A sub-list quota without the sub-list's name.
    Name,
    /// A promotion without both grades ("原级别>晋升级别").
    Grades,
    /// A promotion's need is neither a rate ("65%", at most 100) nor points ("4.5分").
    Rate,
}

/// An item of a list typed on one line that could not be read: its number in the list (from
/// 1, blank items not counted), the item as typed, and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListItemError {
    pub item: usize,
    pub text: String,
    pub problem: ItemProblem,
}

/// What separates the items of a list typed on one line: a comma, 、 or a semicolon, in either
/// width. The one set every list reader uses.
pub const LIST_SEPARATORS: [char; 5] = [',', '，', '、', ';', '；'];

/// The items of a list typed on one line, trimmed, blanks dropped.
pub fn list_items(text: &str) -> impl Iterator<Item = &str> {
    text.split(LIST_SEPARATORS)
        .map(str::trim)
        .filter(|s| !s.is_empty())
}

/// Reads every item of `text` with `read`, which is given the item's text; the first item it
/// refuses is named in the error.
pub(super) fn read_items<T>(
    text: &str,
    mut read: impl FnMut(&str) -> Result<T, ItemProblem>,
) -> Result<Vec<T>, ListItemError> {
    list_items(text)
        .enumerate()
        .map(|(i, item)| {
            read(item).map_err(|problem| ListItemError {
                item: i + 1,
                text: item.to_string(),
                problem,
            })
        })
        .collect()
}

/// Between the parts of an item: ":" or "：".
pub(super) const PART: [char; 2] = [':', '：'];

/// The items written back, in the form [`read_items`] reads.
pub(super) fn items_text(items: impl Iterator<Item = String>) -> String {
    items.collect::<Vec<_>>().join(", ")
}

/// "4-6" or "4" — a range of places as typed (also with – ~ ～).
pub(super) fn place_range(text: &str) -> Option<(u32, u32)> {
    let text = text.trim();
    match text.split_once(['-', '–', '~', '～']) {
        Some((a, b)) => Some((a.trim().parse().ok()?, b.trim().parse().ok()?)),
        None => text.parse().ok().map(|p| (p, p)),
    }
}

/// [`place_range`] written back.
pub(super) fn place_range_text(from: u32, to: u32) -> String {
    if from == to {
        from.to_string()
    } else {
        format!("{from}-{to}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_are_numbered_without_the_blanks_and_places_read_both_ways() {
        let read = |item: &str| item.parse::<u32>().map_err(|_| ItemProblem::Count);
        assert_eq!(read_items("1，2、 ；3;", read), Ok(vec![1, 2, 3]));
        assert_eq!(
            read_items(", 1, , x", read),
            Err(ListItemError {
                item: 2,
                text: "x".into(),
                problem: ItemProblem::Count
            })
        );
        assert_eq!(place_range(" 4 ～ 6"), Some((4, 6)));
        assert_eq!(place_range("4"), Some((4, 4)));
        assert_eq!(place_range("四"), None);
        assert_eq!(place_range_text(4, 6), "4-6");
        assert_eq!(place_range_text(4, 4), "4");
    }
}
