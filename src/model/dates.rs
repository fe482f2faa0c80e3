//! Dates as a person types them (a birth date in the entrant form, the event's dates, a cell of
//! an entry list): the one reader every face and file uses.

use chrono::NaiveDate;

/// Reads a date as people and forms write it: 2014-05-03, 2014/5/3, 2014.5.3, 2014年5月3日,
/// 20140503, or a date-time whose date comes first ("2014-05-03 00:00:00", "2014-05-03T…").
pub fn parse_date(text: &str) -> Option<NaiveDate> {
    let t = text.trim();
    let t = t.split([' ', 'T']).next().unwrap_or(t);
    if t.len() == 8 && t.bytes().all(|b| b.is_ascii_digit()) {
        let n = |r: std::ops::Range<usize>| t.get(r).and_then(|s| s.parse::<u32>().ok());
        return NaiveDate::from_ymd_opt(n(0..4)? as i32, n(4..6)?, n(6..8)?);
    }
    let t = t.strip_suffix('日').unwrap_or(t);
    let parts: Vec<&str> = t.split(['-', '/', '.', '年', '月']).collect();
    if parts.len() != 3 || parts[0].len() != 4 {
        return None;
    }
    let mut n = parts.iter().map(|p| {
        (!p.is_empty() && p.len() <= 4 && p.bytes().all(|b| b.is_ascii_digit()))
            .then(|| p.parse::<u32>().ok())
            .flatten()
    });
    let (y, m, d) = (n.next()??, n.next()??, n.next()??);
    NaiveDate::from_ymd_opt(y as i32, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ymd(y: i32, m: u32, d: u32) -> Option<NaiveDate> {
        NaiveDate::from_ymd_opt(y, m, d)
    }

    #[test]
    fn dates_in_the_ways_forms_write_them() {
        for t in [
            "2014-05-03",
            "2014/5/3",
            "2014.05.03",
            "2014年5月3日",
            "20140503",
            "2014-05-03 00:00:00",
            " 2014-5-3 ",
        ] {
            assert_eq!(parse_date(t), ymd(2014, 5, 3), "{t}");
        }
        for t in [
            "2014-02-30",
            "14-5-3",
            "2014-5",
            "五月",
            "2014-05-03-01",
            "20141303",
            "",
        ] {
            assert_eq!(parse_date(t), None, "{t}");
        }
    }

    #[test]
    fn birth_dates_in_the_forms_arbiters_type() {
        let d = NaiveDate::from_ymd_opt(2012, 5, 1);
        assert_eq!(parse_date("2012-05-01"), d);
        assert_eq!(parse_date("2012.5.1"), d);
        assert_eq!(parse_date("2012/05/01"), d);
        assert_eq!(parse_date("20120501"), d);
        assert_eq!(parse_date("2012-13-01"), None);
        assert_eq!(parse_date("五月"), None);
    }
}
