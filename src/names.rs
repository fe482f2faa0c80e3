//! Names in 拼音 order: the sort key that lists Chinese names the way arbiters look them up
//! (by the pinyin of each character, tone-less), and the initials used to search (周喆 → zz).

use pinyin::ToPinyin;

/// Surnames read otherwise than the character's common reading (百家姓 readings): 曾 is zēng
/// as a surname, not céng; 单 shàn, not dān; and so on. Only the first character of a name is
/// read as a surname.
const SURNAME_READINGS: [(char, &str); 23] = [
    ('曾', "zeng"),
    ('单', "shan"),
    ('仇', "qiu"),
    ('区', "ou"),
    ('解', "xie"),
    ('朴', "piao"),
    ('查', "zha"),
    ('盖', "ge"),
    ('乐', "yue"),
    ('覃', "qin"),
    ('缪', "miao"),
    ('翟', "zhai"),
    ('种', "chong"),
    ('重', "chong"),
    ('秘', "bi"),
    ('尉', "wei"),
    ('召', "shao"),
    ('员', "yun"),
    ('繁', "po"),
    ('折', "she"),
    ('能', "nai"),
    ('句', "gou"),
    ('长', "chang"),
];

/// The tone-less pinyin of each character of a text (the first read as a surname when
/// `surname`); `None` for a character that is not Chinese.
fn readings(text: &str, surname: bool) -> impl Iterator<Item = (char, Option<&'static str>)> + '_ {
    text.chars().enumerate().map(move |(i, c)| {
        let surname = (surname && i == 0)
            .then(|| SURNAME_READINGS.iter().find(|(s, _)| *s == c))
            .flatten()
            .map(|(_, r)| *r);
        (c, surname.or_else(|| c.to_pinyin().map(|p| p.plain())))
    })
}

/// The key to sort a text (a unit, a place) by pinyin: each character's tone-less pinyin
/// (non-Chinese characters as themselves, lowercased), joined by spaces so that "li ming"
/// sorts before "lin".
pub fn pinyin_key(text: &str) -> String {
    key(text, false)
}

/// [`pinyin_key`] for a person's name: the first character is read as a surname (曾 zeng).
pub fn name_key(name: &str) -> String {
    key(name, true)
}

fn key(text: &str, surname: bool) -> String {
    readings(text, surname)
        .map(|(c, r)| match r {
            Some(p) => p.to_string(),
            None => c.to_lowercase().collect(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The pinyin initials of a name: 周喆 → "zz", 王堃 → "wk", 曾一帆 → "zyf"; other characters
/// lowercased.
pub fn pinyin_initials(name: &str) -> String {
    readings(name, true)
        .filter_map(|(c, r)| match r {
            Some(p) => p.chars().next(),
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
        names.sort_by_key(|n| name_key(n));
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

    #[test]
    fn surnames_take_their_surname_reading() {
        // 曾 zēng, 单 shàn, 区 ōu as surnames; inside a given name the common reading stays
        // (曾 céng in 何曾).
        assert_eq!(name_key("曾一帆"), "zeng yi fan");
        assert_eq!(pinyin_initials("单志强"), "szq");
        assert_eq!(name_key("何曾"), "he ceng");
        // A unit is not a name: 解放军 is jiě, not the surname xiè.
        assert_eq!(pinyin_key("解放军"), "jie fang jun");
        let mut names = vec!["曾一帆", "曹喆", "陈堃", "赵子龙", "区子龙"];
        names.sort_by_key(|n| name_key(n));
        // cao, chen, ou, zeng, zhao
        assert_eq!(names, vec!["曹喆", "陈堃", "区子龙", "曾一帆", "赵子龙"]);
    }
}
