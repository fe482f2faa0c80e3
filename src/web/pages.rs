//! The venue page's HTML, built from a [`VenuePage`]: the home page (sections and search), a
//! section's current round, its standings, a player's own page and the search results. Every
//! text from the event goes through [`esc`], so a name is always shown as text. Words come
//! from the i18n table in the page's language. On a phone (assets/web/app.css, under 640 px)
//! the tables' rows become cards: the cells carry their column's name (`data-l`) for that, and
//! every name is a `.name`, kept whole on its line.

use crate::app::{VenuePage, VenuePlayer, VenueSeat, VenueSection};
use crate::i18n::{Lang, T, fill};
use std::fmt::Write;

/// A page's parts: its title and the inside of its `<main>`.
pub struct Page {
    pub title: String,
    pub main: String,
}

/// Text made safe for HTML (element content and quoted attributes): the one escaper, which the
/// HTML export uses too.
pub use crate::app::escape_html as esc;

/// The query that keeps the page's language in a link ("" for Chinese, the default).
fn lang_query(lang: Lang, first: bool) -> &'static str {
    match (lang, first) {
        (Lang::Zh, _) => "",
        (Lang::En, true) => "?lang=en",
        (Lang::En, false) => "&lang=en",
    }
}

fn link(path: &str, lang: Lang) -> String {
    format!("{path}{}", lang_query(lang, true))
}

/// The whole document around a page's main part.
pub fn document(page: &VenuePage, inner: &Page, revision: u64, path: &str, query: &str) -> String {
    let lang = page.lang;
    let t = |k: T| k.get(lang);
    let other = match lang {
        Lang::Zh => Lang::En,
        Lang::En => Lang::Zh,
    };
    // The same page in the other language, its other query words kept.
    let mut kept: Vec<&str> = query
        .split('&')
        .filter(|p| !p.is_empty() && !p.starts_with("lang=") && !p.starts_with("part="))
        .collect();
    if other == Lang::En {
        kept.push("lang=en");
    }
    let switch = if kept.is_empty() {
        path.to_string()
    } else {
        format!("{path}?{}", kept.join("&"))
    };
    let html_lang = match lang {
        Lang::Zh => "zh-CN",
        Lang::En => "en",
    };
    let hidden = match lang {
        Lang::Zh => "",
        Lang::En => r#"<input type="hidden" name="lang" value="en">"#,
    };
    format!(
        r#"<!DOCTYPE html>
<html lang="{html_lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="/app.css"><script src="/app.js" defer></script></head>
<body data-rev="{revision}">
<header><a class="event" href="{home}">{event}</a><a class="lang" href="{switch}">{other_name}</a></header>
<form class="find" action="/search" method="get" role="search"><input type="search" name="q" placeholder="{hint}" aria-label="{find}">{hidden}<button type="submit">{find_button}</button></form>
<main>{main}</main>
<footer>{live}</footer>
</body></html>
"#,
        title = esc(&inner.title),
        home = esc(&link("/", lang)),
        event = esc(&page.event),
        switch = esc(&switch),
        other_name = t(T::VenueOtherLang),
        find = t(T::VenueFind),
        hint = t(T::VenueFindHint),
        find_button = t(T::VenueFindButton),
        main = inner.main,
        live = t(T::VenueLive),
    )
}

/// The home page: every section with its current round and standings, and the search.
pub fn home(page: &VenuePage) -> Page {
    let lang = page.lang;
    let t = |k: T| k.get(lang);
    let mut m = format!("<h1>{}</h1>", esc(&page.event));
    for s in &page.sections {
        let _ = write!(m, "<h2>{}</h2><nav class=\"links\">", esc(&s.name));
        match &s.round {
            Some(r) => {
                let _ = write!(
                    m,
                    "<a href=\"{}\">{}{}</a>",
                    esc(&link(&format!("/s/{}", s.id), lang)),
                    fill(t(T::RoundN), &[&r.number]),
                    t(T::TabPairings)
                );
            }
            None => {
                let _ = write!(m, "<span class=\"muted\">{}</span>", t(T::VenueNotPaired));
            }
        }
        let _ = write!(
            m,
            "<a href=\"{}\">{}</a></nav>",
            esc(&link(&format!("/s/{}/standings", s.id), lang)),
            t(T::TabStandings)
        );
    }
    Page {
        title: page.event.clone(),
        main: m,
    }
}

fn player_href(s: &VenueSection, number: u32, lang: Lang) -> String {
    link(&format!("/s/{}/p/{number}", s.id), lang)
}

fn seat_html(s: &VenueSection, seat: &VenueSeat, class: &str, lang: Lang) -> String {
    let name = match seat.number {
        Some(n) => format!(
            "<a href=\"{}\"><span class=\"num\">{n}</span><span class=\"name\">{}</span></a>",
            esc(&player_href(s, n, lang)),
            esc(&seat.name)
        ),
        None => format!("<span class=\"name\">{}</span>", esc(&seat.name)),
    };
    let mut small = esc(&seat.unit);
    if !seat.points.is_empty() {
        if !small.is_empty() {
            small.push_str(" · ");
        }
        let _ = write!(
            small,
            "<span class=\"nw\">{} {}</span>",
            T::Points.get(lang),
            esc(&seat.points)
        );
    }
    format!("<span class=\"player {class}\">{name} <small>{small}</small></span>")
}

/// A section's current round: one card a board, the bye last.
pub fn pairings(page: &VenuePage, s: &VenueSection) -> Page {
    let lang = page.lang;
    let t = |k: T| k.get(lang);
    let mut m = format!("<h1>{}</h1>", esc(&s.name));
    let chess = if s.first_side == T::White.get(lang) {
        " chess"
    } else {
        ""
    };
    match &s.round {
        None => {
            let _ = write!(m, "<p class=\"muted\">{}</p>", t(T::VenueNotPaired));
        }
        Some(r) => {
            let _ = write!(
                m,
                "<h2 id=\"round\" data-round=\"{n}\">{}{}</h2>",
                fill(t(T::RoundN), &[&r.number]),
                if r.time.is_empty() {
                    String::new()
                } else {
                    format!(" <small class=\"muted\">{}</small>", esc(&r.time))
                },
                n = r.number
            );
            let _ = write!(m, "<ol class=\"boards{chess}\">");
            for b in &r.boards {
                let first = seat_html(s, &b.first, "first", lang);
                match &b.second {
                    Some(second) => {
                        let phase = if b.phase.is_empty() {
                            String::new()
                        } else {
                            format!("<br><small>{}</small>", esc(&b.phase))
                        };
                        let _ = write!(
                            m,
                            "<li id=\"b{n}\"><span class=\"no\">{n}</span>{first}<span class=\"res\">{}{phase}</span>{}</li>",
                            esc(&b.result),
                            seat_html(s, second, "second", lang),
                            n = b.board
                        );
                    }
                    None => {
                        let _ = write!(
                            m,
                            "<li class=\"bye\"><span class=\"no\"></span>{first}<span class=\"res\">{}</span></li>",
                            t(T::Bye)
                        );
                    }
                }
            }
            m.push_str("</ol>");
        }
    }
    let _ = write!(
        m,
        "<nav class=\"links\"><a href=\"{}\">{}</a></nav>",
        esc(&link(&format!("/s/{}/standings", s.id), lang)),
        t(T::TabStandings)
    );
    Page {
        title: format!("{} {}", s.name, t(T::TabPairings)),
        main: m,
    }
}

/// A section's standings after its last complete round.
pub fn standings(page: &VenuePage, s: &VenueSection) -> Page {
    let lang = page.lang;
    let t = |k: T| k.get(lang);
    let mut m = format!("<h1>{}</h1>", esc(&s.name));
    match &s.standings {
        None => {
            let _ = write!(m, "<p class=\"muted\">{}</p>", t(T::VenueNoStandings));
        }
        Some(st) => {
            let _ = write!(
                m,
                "<h2 id=\"after\" data-round=\"{}\">{}</h2><div class=\"scroll\"><table id=\"standings\" class=\"cards\"><thead><tr><th class=\"n\">{}</th><th class=\"n\">{}</th><th>{}</th><th>{}</th><th class=\"n\">{}</th>",
                st.after_round,
                esc(&st.title),
                t(T::Rank),
                t(T::Number),
                t(T::Name),
                t(T::Unit),
                t(T::Points)
            );
            for tb in &st.tiebreaks {
                let _ = write!(m, "<th class=\"n\">{}</th>", esc(tb));
            }
            m.push_str("</tr></thead><tbody>");
            let mut lot = false;
            for row in &st.rows {
                lot |= row.by_lot;
                let name = match row.number.parse::<u32>() {
                    Ok(n) => format!(
                        "<a class=\"name\" href=\"{}\">{}</a>",
                        esc(&player_href(s, n, lang)),
                        esc(&row.name)
                    ),
                    Err(_) => format!("<span class=\"name\">{}</span>", esc(&row.name)),
                };
                // Each cell names its column (data-l): on a phone the row is a card and the
                // cells that are not obvious carry their column's name before them.
                let _ = write!(
                    m,
                    "<tr><td class=\"n lead\">{}{}</td><td class=\"n\" data-l=\"{}\">{}</td><td class=\"who\">{name}</td><td class=\"unit\">{}</td><td class=\"n pts\" data-l=\"{}\">{}</td>",
                    row.rank,
                    if row.by_lot { "*" } else { "" },
                    t(T::Number),
                    esc(&row.number),
                    esc(&row.unit),
                    t(T::Points),
                    esc(&row.points)
                );
                for (v, tb) in row.tiebreaks.iter().zip(&st.tiebreaks) {
                    let _ = write!(m, "<td class=\"n\" data-l=\"{}\">{}</td>", esc(tb), esc(v));
                }
                m.push_str("</tr>");
            }
            m.push_str("</tbody></table></div>");
            if lot {
                let _ = write!(m, "<p class=\"muted\">{}</p>", t(T::VenueByLot));
            }
        }
    }
    let _ = write!(
        m,
        "<nav class=\"links\"><a href=\"{}\">{}</a></nav>",
        esc(&link(&format!("/s/{}", s.id), lang)),
        t(T::TabPairings)
    );
    Page {
        title: format!("{} {}", s.name, t(T::TabStandings)),
        main: m,
    }
}

/// A player's own page: this round's board, colour and opponent with the board's note, then
/// every round so far.
pub fn player(page: &VenuePage, s: &VenueSection, p: &VenuePlayer) -> Page {
    let lang = page.lang;
    let t = |k: T| k.get(lang);
    let mut m = format!(
        "<h1 id=\"player\">{}</h1><p class=\"muted\">{} · {}</p>",
        esc(&fill(t(T::VenueYouAre), &[&p.number, &p.name])),
        esc(&s.name),
        esc(&p.unit)
    );
    let current = s
        .round
        .as_ref()
        .and_then(|r| p.games.iter().find(|g| g.round == r.number));
    match (current, &s.round) {
        (Some(g), Some(r)) => {
            let board = match g.board {
                Some(b) => fill(t(T::VenueBoardN), &[&b]),
                None => t(T::Bye).to_string(),
            };
            let colour = if g.colour.is_empty() {
                String::new()
            } else {
                format!(" · {}", esc(&g.colour))
            };
            let _ = write!(
                m,
                "<section class=\"now\"><div>{} · {}</div><p id=\"board\" class=\"big\" data-round=\"{}\" data-board=\"{}\">{}{colour}</p>",
                t(T::VenueThisRound),
                fill(t(T::RoundN), &[&r.number]),
                r.number,
                g.board.unwrap_or(0),
                esc(&board),
            );
            // "：" in Chinese, ": " in English.
            let lead = t(T::ListLead);
            if g.board.is_some() {
                let _ = write!(
                    m,
                    "<p id=\"opponent\">{}{lead}{}</p>",
                    t(T::VenueOpponent),
                    esc(&g.opponent)
                );
            }
            if !g.result.is_empty() {
                let _ = write!(m, "<p>{}{lead}{}</p>", t(T::Result), esc(&g.result));
            }
            if !p.note.is_empty() {
                let _ = write!(
                    m,
                    "<p class=\"note\" id=\"note\">{}{lead}{}</p>",
                    t(T::VenueNote),
                    esc(&p.note)
                );
            }
            m.push_str("</section>");
        }
        _ => {
            let _ = write!(m, "<p class=\"muted\">{}</p>", t(T::VenueNotPaired));
        }
    }
    if !p.games.is_empty() {
        let _ = write!(
            m,
            "<h2>{}</h2><div class=\"scroll\"><table id=\"games\" class=\"cards\"><thead><tr><th class=\"n\">{}</th><th class=\"n\">{}</th><th>{}</th><th>{}</th><th>{}</th><th class=\"n\">{}</th></tr></thead><tbody>",
            t(T::VenueResultsSoFar),
            t(T::VenueRoundCol),
            t(T::Board),
            t(T::VenueColour),
            t(T::VenueOpponent),
            t(T::Result),
            t(T::VenuePointsAfter)
        );
        for g in &p.games {
            // On a phone the opponent has the card's first line to himself (see app.css).
            let board = g.board.map(|b| b.to_string()).unwrap_or_default();
            let _ = write!(
                m,
                "<tr><td class=\"n lead\">{}</td><td class=\"n\" data-l=\"{}\">{}</td><td>{}</td><td class=\"who\"><span class=\"name\">{}</span></td><td class=\"res\">{}</td><td class=\"n pts\" data-l=\"{}\">{}</td></tr>",
                g.round,
                if board.is_empty() { "" } else { t(T::Board) },
                board,
                esc(&g.colour),
                esc(&g.opponent),
                esc(&g.result),
                t(T::VenuePointsAfter),
                esc(&g.points)
            );
        }
        m.push_str("</tbody></table></div>");
    }
    let _ = write!(
        m,
        "<nav class=\"links\"><a href=\"{}\">{}</a><a href=\"{}\">{}</a></nav>",
        esc(&link(&format!("/s/{}", s.id), lang)),
        t(T::TabPairings),
        esc(&link(&format!("/s/{}/standings", s.id), lang)),
        t(T::TabStandings)
    );
    Page {
        title: format!("{} {}", p.number, p.name),
        main: m,
    }
}

/// Does player `p` answer the search `q`: his number, the code of his entry card (参赛证, as a
/// phone's camera reads it), a part of his name, or the start of his name's pinyin initials?
pub fn matches(p: &VenuePlayer, q: &str) -> bool {
    let q = q.trim();
    if q.is_empty() {
        return false;
    }
    if let Ok(n) = q.parse::<u32>() {
        return p.number == n;
    }
    if let Some(id) = crate::app::parse_card_code(q) {
        return p.id == id;
    }
    let lower = q.to_lowercase();
    p.name.to_lowercase().contains(&lower) || p.initials.starts_with(&lower)
}

/// The players of every section who answer the search `q`.
pub fn search(page: &VenuePage, q: &str) -> Page {
    let lang = page.lang;
    let t = |k: T| k.get(lang);
    let mut m = format!("<h1>{}</h1>", esc(q));
    let mut found = 0;
    m.push_str("<ul id=\"found\">");
    for s in &page.sections {
        for p in s.players.iter().filter(|p| matches(p, q)) {
            found += 1;
            let _ = write!(
                m,
                "<li><a href=\"{}\">{} <span class=\"name\">{}</span></a> <small class=\"muted\">{} · {}</small></li>",
                esc(&player_href(s, p.number, lang)),
                p.number,
                esc(&p.name),
                esc(&s.name),
                esc(&p.unit)
            );
        }
    }
    m.push_str("</ul>");
    if found == 0 {
        let _ = write!(
            m,
            "<p class=\"muted\">{}</p>",
            esc(&fill(t(T::VenueNoMatch), &[&q]))
        );
    }
    Page {
        title: q.to_string(),
        main: m,
    }
}

/// A short page for a refusal or a page that does not exist.
pub fn message(text: &str) -> Page {
    Page {
        title: text.to_string(),
        main: format!("<p class=\"muted\">{}</p>", esc(text)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_is_found_by_the_code_on_his_entry_card() {
        let player = |id, number, name: &str| VenuePlayer {
            id: crate::model::EntrantId(id),
            number,
            name: name.into(),
            unit: String::new(),
            initials: String::new(),
            games: vec![],
            note: String::new(),
        };
        // 报名号 123 drew 序号 7; 报名号 7 drew 序号 123.
        let (a, b) = (player(123, 7, "周喆"), player(7, 123, "王堃"));
        for code in ["BP000123", "bp123", " BP000123 "] {
            assert!(matches(&a, code), "{code}");
            assert!(!matches(&b, code), "{code}");
        }
        // A plain number stays the pairing number (序号).
        assert!(matches(&b, "123") && !matches(&a, "123"));
    }

    #[test]
    fn markup_in_text_is_shown_as_text() {
        assert_eq!(
            esc("<script>alert('x')</script> & \"q\""),
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;"
        );
    }
}
