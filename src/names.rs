//! Names in 拼音 order: the sort key that lists Chinese names the way arbiters look them up
//! (by the pinyin of each character, tone-less), and the initials used to search (周喆 → zz).

use pinyin::ToPinyin;

/// The key to sort names by pinyin: each character's tone-less pinyin (non-Chinese characters
/// as themselves, lowercased), joined by spaces so that "li ming" sorts before "lin".
pub fn pinyin_key(name: &str) -> String {
    name.chars()
        .map(|c| match c.to_pinyin() {
            Some(p) => p.plain().to_string(),
            None => c.to_lowercase().collect(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The pinyin initials of a name: 周喆 → "zz", 王堃 → "wk"; other characters lowercased.
pub fn pinyin_initials(name: &str) -> String {
    name.chars()
        .filter_map(|c| match c.to_pinyin() {
            Some(p) => p.plain().chars().next(),
            None => c.to_lowercase().next().filter(|c| c.is_alphanumeric()),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_sort_by_pinyin() {
        let mut names = vec!["赵子龙", "王堃", "李明", "陈一帆", "李敏", "周喆", "Anna"];
        names.sort_by_key(|n| pinyin_key(n));
        // an(na), chen, li min, li ming, wang, zhao, zhou
        assert_eq!(
            names,
            vec!["Anna", "陈一帆", "李敏", "李明", "王堃", "赵子龙", "周喆"]
        );
    }

    #[test]
    fn initials_for_search() {
        assert_eq!(pinyin_initials("周喆"), "zz");
        assert_eq!(pinyin_initials("王堃"), "wk");
        assert_eq!(pinyin_initials("陈一帆"), "cyf");
        assert_eq!(pinyin_initials("Li Ming"), "liming");
    }
}
