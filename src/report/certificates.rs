//! 获奖证书 — one certificate a page for every awardee (a place awarded to a player or a
//! team): a framed landscape page with the title, the awardee and unit, the place in words
//! (第一名), the organiser and the date. No page numbers.

use super::ReportError;
use super::layout::{Align, Document, Font, PaperSize, Pdf};
use crate::i18n::{Lang, T, fill};

/// One certificate.
#[derive(Clone, Debug, Default)]
pub struct Certificate {
    /// The player's name or the team.
    pub recipient: String,
    pub unit: String,
    pub section: String,
    /// What was won, in words: "第一名", "团体第三名", "三级运动员" ….
    pub award: String,
    /// Not every result of the section is in: printed 非最终成绩 under the title.
    pub provisional: bool,
}

/// Everything the certificates print; built by the app services.
#[derive(Clone, Debug, Default)]
pub struct Certificates {
    pub event: String,
    pub organiser: String,
    /// The date printed under the organiser (the last day of the event).
    pub date: String,
    pub certificates: Vec<Certificate>,
}

/// "第一名", "第十二名" in Chinese; "1st place" … in English.
pub fn place_words(place: u32, lang: Lang) -> String {
    match lang {
        Lang::Zh => fill(T::PlaceWords.get(lang), &[&chinese_number(place)]),
        Lang::En => {
            let suffix = match (place % 10, place % 100) {
                (_, 11..=13) => "th",
                (1, _) => "st",
                (2, _) => "nd",
                (3, _) => "rd",
                _ => "th",
            };
            fill(T::PlaceWords.get(lang), &[&format!("{place}{suffix}")])
        }
    }
}

/// A number in Chinese characters as places are written (一, 十二, 二十, 一百零五).
pub fn chinese_number(n: u32) -> String {
    const DIGITS: [&str; 10] = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    if n >= 1000 {
        return n.to_string();
    }
    let (h, t, u) = (
        (n / 100) as usize,
        (n / 10 % 10) as usize,
        (n % 10) as usize,
    );
    let mut s = String::new();
    if h > 0 {
        s.push_str(DIGITS[h]);
        s.push('百');
        if t == 0 && u > 0 {
            s.push('零');
        }
    }
    if t > 0 {
        if !(h == 0 && t == 1) {
            s.push_str(DIGITS[t]);
        }
        s.push('十');
    }
    if u > 0 || n == 0 {
        s.push_str(DIGITS[u]);
    }
    s
}

pub fn render(
    certs: &Certificates,
    size: PaperSize,
    font: &Font,
    lang: Lang,
    stamp: i64,
) -> Result<Pdf, ReportError> {
    let t = |k: T| k.get(lang);
    let paper = size.landscape();
    let mut doc = Document::new(font, t(T::DocCertificates), paper, vec![], "", t(T::PageOf));
    doc.without_footers();
    let (w, h) = paper.size();
    let k = w / 297.0;
    for c in &certs.certificates {
        let mut cur = doc.new_page();
        doc.rect(10.0 * k, 10.0 * k, w - 20.0 * k, h - 20.0 * k, 2.5);
        doc.rect(14.0 * k, 14.0 * k, w - 28.0 * k, h - 28.0 * k, 0.8);
        let inner = w - 2.0 * doc.margin;
        cur.y = 45.0 * k;
        doc.paragraph_aligned(&mut cur, t(T::CertificateTitle), 40.0 * k, Align::Center);
        if c.provisional {
            let mark = fill(t(T::InParens), &[&t(T::NotFinal)]);
            let mark = mark.trim();
            doc.paragraph_aligned(&mut cur, mark, 14.0 * k, Align::Center);
        }
        cur.y += 18.0 * k;
        let who = if c.unit.is_empty() || c.unit == c.recipient {
            format!("{}{}", c.recipient, t(T::ListColon))
        } else {
            format!(
                "{}{}{}",
                c.recipient,
                fill(t(T::InParens), &[&c.unit]),
                t(T::ListColon)
            )
        };
        doc.text_fit(
            &who,
            doc.margin + 20.0 * k,
            cur.y,
            inner - 40.0 * k,
            22.0 * k,
            Align::Left,
        );
        cur.y += 16.0 * k;
        let body = fill(t(T::CertificateBody), &[&certs.event, &c.section, &c.award]);
        // Indented two characters, wrapped inside the frame.
        doc.margin += 20.0 * k;
        let body = match lang {
            Lang::Zh => format!("　　{body}"),
            Lang::En => body,
        };
        // The event, the section and the award each on one line where a line holds them;
        // 特发此证 and 以资鼓励 always (layout::KEEP_WHOLE).
        let keep = [certs.event.as_str(), c.section.as_str(), c.award.as_str()];
        doc.paragraph_keeping(&mut cur, &body, 20.0 * k, Align::Left, &keep);
        doc.margin -= 20.0 * k;
        cur.y = h - 55.0 * k;
        for line in [&certs.organiser, &certs.date] {
            if !line.is_empty() {
                doc.text_fit(
                    line,
                    w / 2.0,
                    cur.y,
                    w / 2.0 - 35.0 * k,
                    16.0 * k,
                    Align::Right,
                );
                cur.y += 10.0 * k;
            }
        }
    }
    if certs.certificates.is_empty() {
        doc.new_page();
    }
    doc.finish(stamp)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_in_chinese_words() {
        let got: Vec<String> = [1, 2, 10, 11, 12, 20, 32, 100, 105, 110, 999]
            .iter()
            .map(|&n| chinese_number(n))
            .collect();
        assert_eq!(
            got,
            [
                "一",
                "二",
                "十",
                "十一",
                "十二",
                "二十",
                "三十二",
                "一百",
                "一百零五",
                "一百一十",
                "九百九十九"
            ]
        );
        assert_eq!(place_words(3, Lang::Zh), "第三名");
        assert_eq!(place_words(2, Lang::En), "2nd place");
        assert_eq!(place_words(13, Lang::En), "13th place");
    }
}
