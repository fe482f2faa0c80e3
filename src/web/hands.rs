//! The venue page's pages for devices with a role (授权): the QR address that signs a device in
//! (`/k/TOKEN`: the token is traded at once for an HttpOnly, SameSite=Strict cookie and the
//! phone sent on to `/d`, so the token is in no later address), a deputy's boards and the form
//! of one board (`/d`, `/d/b?s=…&b=…`), a player's own game with his report and his opponent's
//! to confirm (`/d`), and the one write (`POST /d/enter`).
//!
//! A write is refused, and nothing queued, unless all of these hold: the page serves writes
//! (a [`Hands`] was given), the body is a small form, the request comes from the page itself
//! (`Origin` — or, without it, `Referer` — names this host; `Sec-Fetch-Site` is not cross-site),
//! the cookie's token opens a live role, the device is within its rate, the form token is the
//! one its page was made with, and the board is in the role's reach and in the current round.
//! Then the submission is queued for the event's owner, which alone writes ([`Hands::submit`]);
//! the same submission sent again is one entry. Pages with a role are never cached and carry no
//! script: a form being filled is never replaced under the thumb.
//!
//! The door (检录) has a page of its own at `/d`: a search as the desk's (a 序号, a name, pinyin
//! initials, an entry card's code: [`check_in_matches`]), a big 签到 under each one found (撤销签到
//! under one checked in), the count per section and the list of who is still missing; its one
//! write is `POST /d/door`, checked as a result is and queued the same way
//! ([`Hands::submit_door`]).
//!
//! A phone is answered only once what it sent is stored in the file, or refused — never while it
//! only waits in the queue, which a crash of the laptop would lose (see [`crate::app::Taken`]'s
//! module). The answer waits without holding a thread of the page ([`super::http::Later`]);
//! if the owner does not come round within [`WAIT_STORED`], the phone is told it is not stored
//! yet, with a button that sends the same submission again.

use super::{Reply, Venue, decode_n, lang_of, pages::esc};
use crate::app::{
    CheckedIn, DoorSubmission, Hands, Submission, Taken, VenueBoard, VenueSection, card_code,
    check_in_count, check_in_matches, not_checked_in,
};
use crate::i18n::{Lang, T, fill, outcome_text};
use crate::i18n::{entry_state_word, role_kind_word};
use crate::model::{EntrantId, Event, GameKind, Outcome, Role, RoleKind, Section, SectionId};
use std::fmt::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The longest a phone's submission waits to be stored before the phone is told it is not yet
/// (and may send it again): well within the page's time for a connection.
pub const WAIT_STORED: Duration = Duration::from_secs(6);

/// The cookie that carries a device's token.
const COOKIE: &str = "bianpai_device";

/// The role pages' own style: big targets for one thumb.
pub const HANDS_CSS: &str = "\
.trust { font-size: 13px; color: #7a4b00; background: #fff4d6; border: 1px solid #e8c66a; border-radius: 8px; padding: 8px 10px; margin: 10px 0; }
.who { font-size: 14px; color: #555; margin: 6px 0; }
.ok { background: #e6f4e6; border: 1px solid #7cb87c; border-radius: 8px; padding: 8px 10px; margin: 8px 0; }
.refused { background: #fde8e8; border: 1px solid #d98080; border-radius: 8px; padding: 8px 10px; margin: 8px 0; }
form.go, form.entry { background: #fff; border: 1px solid #e2ddd2; border-radius: 10px; padding: 10px 12px; margin: 8px 0; }
form.go { display: flex; gap: 8px; align-items: flex-end; flex-wrap: wrap; }
form.go label { flex: 1 1 10em; min-width: 0; }
label { display: block; font-size: 15px; color: #444; }
input[type=number], input[type=text], select { width: 100%; font-size: 18px; padding: 10px; border: 1px solid #bbb; border-radius: 8px; margin-top: 2px; }
button.big, form.go button { font-size: 18px; padding: 12px 18px; border: 0; border-radius: 10px; background: #8b1e1e; color: #fff; min-height: 48px; }
button.big { width: 100%; margin-top: 10px; }
fieldset.outcome { border: 0; padding: 0; margin: 6px 0; display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 6px; }
fieldset.outcome label { display: flex; align-items: center; justify-content: center; min-height: 52px; border: 1px solid #bbb; border-radius: 10px; background: #faf7f0; font-size: 17px; line-height: 1.2; color: #1b1b1b; text-align: center; padding: 4px 6px; }
fieldset.outcome label:lang(en) { font-size: 16px; }
fieldset.outcome input { margin: 0 6px 0 0; width: 20px; height: 20px; flex: none; }
fieldset.outcome label:has(input:checked) { background: #8b1e1e; color: #fff; border-color: #8b1e1e; }
.fouls { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; margin: 6px 0; }
ol.picks { list-style: none; margin: 0; padding: 0; }
ol.picks li a { display: grid; grid-template-columns: 44px minmax(0, 1fr) auto; gap: 8px; align-items: center; background: #fff; border: 1px solid #e2ddd2; border-radius: 8px; margin: 6px 0; padding: 10px; color: inherit; text-decoration: none; min-height: 48px; }
ol.picks .no { font-size: 20px; font-weight: 700; color: #8b1e1e; text-align: center; }
ol.picks .res { font-weight: 700; white-space: nowrap; }
ul.mine { padding-left: 18px; font-size: 15px; }
p.back { margin: 4px 0 0; }
p.back a { display: inline-block; padding: 10px 4px; font-size: 17px; color: #8b1e1e; text-decoration: none; min-height: 44px; box-sizing: border-box; }
p.seats { display: grid; grid-template-columns: auto minmax(0, 1fr); gap: 6px 10px; align-items: baseline; font-size: 19px; margin: 8px 0; }
p.seats .side { font-size: 15px; font-weight: 700; color: #fff; border-radius: 6px; padding: 2px 8px; text-align: center; border: 1px solid #1b1b1b; }
p.seats .red { background: #b3261e; border-color: #b3261e; }
p.seats .white { background: #fff; color: #1b1b1b; }
p.seats .black { background: #1b1b1b; }
#done p { margin: 0; }
#confirm p { margin: 0 0 4px; font-size: 19px; font-weight: 700; }
#done form { margin: 0; }
ul.counts { list-style: none; padding: 0; margin: 6px 0; font-size: 16px; }
ul.counts li { padding: 4px 0; }
ol.found { list-style: none; margin: 0; padding: 0; }
ol.found li { background: #fff; border: 1px solid #e2ddd2; border-radius: 10px; margin: 8px 0; padding: 10px 12px; }
ol.found .name { font-size: 19px; font-weight: 700; margin: 0; }
ol.found .sec { display: block; font-size: 14px; font-weight: 400; color: #555; }
ol.found .in { color: #1e6b1e; font-weight: 700; margin: 6px 0 0; }
button.undo { background: #fff; color: #8b1e1e; border: 2px solid #8b1e1e; }
input[type=search] { width: 100%; font-size: 18px; padding: 10px; border: 1px solid #bbb; border-radius: 8px; margin-top: 2px; }
ul.missing { list-style: none; margin: 0; padding: 0; }
ul.missing li a { display: block; background: #fff; border: 1px solid #e2ddd2; border-radius: 8px; margin: 6px 0; padding: 12px 10px; color: inherit; text-decoration: none; min-height: 48px; box-sizing: border-box; }
";

/// A device's role pages and its write, if `path` is one of them.
pub(super) fn route(
    venue: &Venue,
    request: &super::Request,
    path: &str,
    query: &str,
) -> Option<Reply> {
    let lang = lang_of(query);
    if path == "/hands.css" {
        static CSS: std::sync::OnceLock<super::Body> = std::sync::OnceLock::new();
        return Some(Reply::asset("text/css; charset=utf-8", HANDS_CSS, &CSS));
    }
    let in_hands = path.starts_with("/k/") || path == "/d" || path.starts_with("/d/");
    if !in_hands {
        return None;
    }
    let Some(hands) = venue.hands.as_ref() else {
        return Some(venue.refusal(404, T::VenueNoPage, request.target.as_str()));
    };
    if request.method == super::Method::Post {
        return Some(if path == "/d/enter" {
            enter(venue, hands, request, lang)
        } else if path == "/d/door" {
            door(venue, hands, request, lang)
        } else {
            refused(405, T::VenueReadOnlyRefusal, lang)
        });
    }
    if let Some(token) = path.strip_prefix("/k/") {
        return Some(sign_in(hands, token, lang));
    }
    let Some(role) = device_role(hands, request) else {
        return Some(refused(403, T::HandsRefusedToken, lang));
    };
    let Some(snap) = venue.feed.current() else {
        return Some(Reply::html(503, esc(T::VenueNothingYet.get(lang))));
    };
    venue.feed.asked();
    let page = snap.page(lang);
    let param = |key: &str| query_value(query, key);
    match path {
        "/d" => Some(private(
            200,
            document(
                lang,
                &page.event,
                &role_page(hands, &role, &page.sections, query, lang),
                "/d",
            ),
        )),
        "/d/b" => {
            let section = param("s").and_then(|s| s.parse::<i64>().ok());
            let board = param("b").and_then(|b| b.trim().parse::<u32>().ok());
            let (Some(sid), Some(board)) = (section, board) else {
                return Some(refused(400, T::HandsRefusedForm, lang));
            };
            if role.kind != RoleKind::Deputy || !role.may_enter(SectionId(sid), board) {
                return Some(refused(403, T::HandsRefusedScope, lang));
            }
            let found = page.section(sid).and_then(|s| {
                let r = s.round.as_ref()?;
                let b = r
                    .boards
                    .iter()
                    .find(|b| b.board == board && b.second.is_some())?;
                Some((s, r.number, b))
            });
            let Some((s, round, b)) = found else {
                return Some(refused(404, T::VenueNoPage, lang));
            };
            let main = board_form(hands, &role, s, round, b, lang);
            Some(private(
                200,
                document(lang, &page.event, &main, &format!("/d/b?s={sid}&b={board}")),
            ))
        }
        _ => Some(refused(404, T::VenueNoPage, lang)),
    }
}

/// `/k/TOKEN`: a live token becomes the device's cookie, and the phone goes on to `/d`.
fn sign_in(hands: &Hands, token: &str, lang: Lang) -> Reply {
    let now = crate::app::local_now();
    let Some(role) = hands.role_of(token).filter(|r| r.is_live(now)) else {
        return refused(403, T::HandsRefusedToken, lang);
    };
    let age = role
        .expires
        .map_or(7 * 24 * 3600, |end| (end - now).num_seconds().max(0));
    let mut reply = private(303, String::new());
    reply.extra.push((
        "Set-Cookie",
        format!("{COOKIE}={token}; Path=/; Max-Age={age}; HttpOnly; SameSite=Strict"),
    ));
    reply.extra.push(("Location", link("/d", lang)));
    reply
}

/// The live role the request's cookie opens.
fn device_role(hands: &Hands, request: &super::Request) -> Option<Arc<Role>> {
    let cookie = request.cookie.as_deref()?;
    let token = cookie
        .split(';')
        .filter_map(|c| c.trim().split_once('='))
        .find(|(k, _)| *k == COOKIE)
        .map(|(_, v)| v.trim())?;
    hands
        .role_of(token)
        .filter(|r| r.is_live(crate::app::local_now()))
}

/// Did the request come from a page of this host (not another site's form or script)?
fn from_this_page(request: &super::Request) -> bool {
    let Some(host) = request.host.as_deref() else {
        return false;
    };
    if request
        .fetch_site
        .as_deref()
        .is_some_and(|s| s != "same-origin" && s != "none")
    {
        return false;
    }
    let here = format!("http://{host}");
    match (request.origin.as_deref(), request.referer.as_deref()) {
        (Some(origin), _) => origin == here,
        (None, Some(referer)) => referer == here || referer.starts_with(&format!("{here}/")),
        (None, None) => false,
    }
}

/// A phone's write that passed what every write must: a body within bounds, from this page
/// (Origin/Referer), a live device token, a role the route admits, the device's rate, and a
/// form of this page (urlencoded, with its submission id and the form token made for it).
struct PhoneWrite {
    role: Arc<Role>,
    body: String,
    lang: Lang,
    submission: String,
}

/// The one gate of `POST /d/enter` and `POST /d/door`, in that order; `admits` refuses a role
/// the route is not for (status and reason). The refusal is the reply.
fn gate(
    venue: &Venue,
    hands: &Hands,
    request: &super::Request,
    query_lang: Lang,
    admits: impl Fn(&Role) -> Option<(u16, T)>,
) -> Result<PhoneWrite, Reply> {
    if request.body_too_large {
        return Err(refused(413, T::HandsRefusedSize, query_lang));
    }
    let body = String::from_utf8_lossy(&request.body).into_owned();
    let form = |key: &str| query_value(&body, key);
    let lang = if form("lang").as_deref() == Some("en") {
        Lang::En
    } else {
        query_lang
    };
    if !from_this_page(request) {
        return Err(refused(403, T::HandsRefusedOrigin, lang));
    }
    let Some(role) = device_role(hands, request) else {
        return Err(refused(403, T::HandsRefusedToken, lang));
    };
    if let Some((status, why)) = admits(&role) {
        return Err(refused(status, why, lang));
    }
    if !venue.writes.allow(role.id, Instant::now()) {
        let mut r = refused(429, T::VenueTooMany, lang);
        r.extra.push(("Retry-After", "2".into()));
        return Err(r);
    }
    let urlencoded = request
        .content_type
        .as_deref()
        .is_some_and(|c| c.starts_with("application/x-www-form-urlencoded"));
    let submission = form("sub").unwrap_or_default();
    let token_ok = !submission.is_empty()
        && submission.len() <= 64
        && form("ft").is_some_and(|ft| ft == hands.form_token(role.id, &submission));
    if !urlencoded || !token_ok {
        return Err(refused(400, T::HandsRefusedForm, lang));
    }
    Ok(PhoneWrite {
        role,
        body,
        lang,
        submission,
    })
}

/// `POST /d/enter`: checks everything (see the module's note) and queues the submission.
fn enter(venue: &Venue, hands: &Hands, request: &super::Request, query_lang: Lang) -> Reply {
    let w = match gate(venue, hands, request, query_lang, |_| None) {
        Ok(w) => w,
        Err(reply) => return reply,
    };
    let (role, lang, submission) = (w.role, w.lang, w.submission);
    let body = w.body;
    let form = |key: &str| query_value(&body, key);
    let number = |key: &str| form(key).and_then(|v| v.trim().parse::<u32>().ok());
    let fouls = |key: &str| number(key).unwrap_or(0);
    let (Some(sid), Some(round), Some(board)) = (number("s"), number("r"), number("b")) else {
        return refused(400, T::HandsRefusedForm, lang);
    };
    let outcome = form("o").and_then(|o| Outcome::from_code(&o));
    let note = form("note").unwrap_or_default();
    if outcome.is_none()
        || fouls("fr") > 9
        || fouls("fb") > 9
        || note.chars().count() > crate::app::MAX_PHONE_NOTE
    {
        return refused(400, T::HandsRefusedForm, lang);
    }
    let section = SectionId(i64::from(sid));
    if !role.may_enter(section, board) {
        return refused(403, T::HandsRefusedScope, lang);
    }
    // The board must be in the section's current round as the page shows it (the owner looks
    // again against the file), and a player's own.
    if let Some(snap) = venue.feed.current() {
        let page = snap.page(lang);
        let Some(s) = page.section(section.0) else {
            return refused(403, T::HandsRefusedScope, lang);
        };
        if s.round.as_ref().map(|r| r.number) != Some(round) {
            return refused(409, T::HandsRefusedRound, lang);
        }
        if role.kind == RoleKind::Player && own_board(&role, s).map(|(_, b)| b.board) != Some(board)
        {
            return refused(403, T::HandsRefusedScope, lang);
        }
    }
    let queued = hands.submit(Submission {
        submission: submission.clone(),
        role: role.id,
        section,
        round,
        board,
        outcome,
        fouls: (fouls("fr") as u8, fouls("fb") as u8),
        note,
        at: crate::app::local_now(),
    });
    let Some(new) = queued else {
        return refused(503, T::HandsTooBusy, lang);
    };
    let resend = Resend {
        action: "/d/enter",
        body,
    };
    when_stored(hands, submission, resend, lang, move |taken| {
        let target = match taken {
            Taken::Refused(why) => return refused(refusal_status(why), why, lang),
            Taken::Again => "/d?again=1".to_string(),
            // The same submission sent again while the first was waiting: stored once.
            _ if !new => "/d?again=1".to_string(),
            _ => format!("/d?sent={board}"),
        };
        see_other(&target, lang)
    })
}

/// The answer to a submission, once the owner has stored or refused it (`done` makes it from
/// the receipt); or, past [`WAIT_STORED`], a page saying it is not stored yet, with the same
/// submission to send again.
fn when_stored(
    hands: &Hands,
    submission: String,
    resend: Resend,
    lang: Lang,
    done: impl Fn(Taken) -> Reply + Send + 'static,
) -> Reply {
    if let Some(taken) = hands.receipt(&submission) {
        return done(taken);
    }
    let hands = hands.clone();
    let deadline = Instant::now() + WAIT_STORED;
    let mut waiting = private(202, String::new());
    waiting.later = Some(Box::new(move || {
        if let Some(taken) = hands.receipt(&submission) {
            return Some(done(taken));
        }
        (Instant::now() >= deadline).then(|| resend.page(lang))
    }));
    waiting
}

/// A submission as the phone sent it, to send again.
struct Resend {
    action: &'static str,
    body: String,
}

impl Resend {
    /// 503: not stored yet; the same form, hidden, behind one button.
    fn page(&self, lang: Lang) -> Reply {
        let mut main = format!(
            "<p class=\"refused\" id=\"not-yet\">{}</p><form class=\"entry\" id=\"again\" method=\"post\" action=\"{}\">",
            T::HandsNotYetStored.get(lang),
            self.action
        );
        for (k, v) in self
            .body
            .split('&')
            .filter_map(|p| p.split_once('='))
            .take(20)
        {
            let _ = write!(
                main,
                "<input type=\"hidden\" name=\"{}\" value=\"{}\">",
                esc(&decode_n(k, 20)),
                esc(&decode_n(v, 1000))
            );
        }
        let _ = write!(
            main,
            "<button class=\"big\" type=\"submit\">{}</button></form>",
            T::HandsSendAgain.get(lang)
        );
        let mut r = private(503, document(lang, "", &main, "/d"));
        r.extra.push(("Retry-After", "2".into()));
        r
    }
}

/// The status a refusal the owner gave is answered with.
fn refusal_status(why: T) -> u16 {
    match why {
        T::HandsRefusedToken | T::HandsRefusedScope | T::HandsDoorRefusedScope => 403,
        T::HandsRefusedForm => 400,
        T::HandsDoorNoOne => 404,
        _ => 409,
    }
}

/// 303 to `target` (in the page's language): the phone's next page after a write.
fn see_other(target: &str, lang: Lang) -> Reply {
    let mut reply = private(303, String::new());
    reply.extra.push(("Location", link(target, lang)));
    reply
}

/// `POST /d/door`: the door's check-in (or its undo), checked as a result is (see the
/// module's note), and queued.
fn door(venue: &Venue, hands: &Hands, request: &super::Request, query_lang: Lang) -> Reply {
    let only_the_door =
        |role: &Role| (role.kind != RoleKind::CheckIn).then_some((403, T::HandsDoorRefusedRole));
    let w = match gate(venue, hands, request, query_lang, only_the_door) {
        Ok(w) => w,
        Err(reply) => return reply,
    };
    let (role, lang, submission) = (w.role, w.lang, w.submission);
    let body = w.body;
    let form = |key: &str| query_value(&body, key);
    let number = |key: &str| form(key).and_then(|v| v.trim().parse::<i64>().ok());
    let (Some(sid), Some(eid)) = (number("s"), number("e")) else {
        return refused(400, T::HandsRefusedForm, lang);
    };
    let (section, entrant) = (SectionId(sid), EntrantId(eid));
    if !role.scope.has_section(section) {
        return refused(403, T::HandsDoorRefusedScope, lang);
    }
    // As the page knows the section (the owner looks again against the file).
    if let Some(book) = hands.door_book() {
        let Some(s) = book.section(section) else {
            return refused(403, T::HandsDoorRefusedScope, lang);
        };
        if s.entrant(entrant).is_none_or(|e| e.house) {
            return refused(404, T::HandsDoorNoOne, lang);
        }
        if s.checkin_closed.is_some() {
            return refused(409, T::HandsDoorClosed, lang);
        }
    }
    let undo = form("u").as_deref() == Some("1");
    let queued = hands.submit_door(DoorSubmission {
        submission: submission.clone(),
        role: role.id,
        section,
        entrant,
        undo,
        at: crate::app::local_now(),
    });
    let Some(new) = queued else {
        return refused(503, T::HandsTooBusy, lang);
    };
    let resend = Resend {
        action: "/d/door",
        body,
    };
    when_stored(hands, submission, resend, lang, move |taken| {
        let how = match taken {
            Taken::Refused(why) => return refused(refusal_status(why), why, lang),
            Taken::CheckedIn(CheckedIn::Already(_)) | Taken::Again => "again",
            // The same tap sent again while the first was waiting: done once.
            _ if !new && undo => "out",
            _ if !new => "again",
            Taken::CheckedIn(_) => "in",
            Taken::CheckInUndone(true) => "out",
            Taken::CheckInUndone(false) => "notin",
            Taken::Stored(_) => "in",
        };
        see_other(&format!("/d?s={sid}&e={eid}&how={how}"), lang)
    })
}

/// A player's board this round in his section: (round, board).
fn own_board<'a>(role: &Role, s: &'a VenueSection) -> Option<(u32, &'a VenueBoard)> {
    let who = role.scope.player?;
    let me = s.players.iter().find(|p| p.id == who)?;
    let r = s.round.as_ref()?;
    let game = me.games.iter().find(|g| g.round == r.number)?;
    let board = game.board?;
    let b = r
        .boards
        .iter()
        .find(|b| b.board == board && b.second.is_some())?;
    Some((r.number, b))
}

fn is_chess(s: &VenueSection, lang: Lang) -> bool {
    s.first_side == T::White.get(lang)
}

fn seat_names(b: &VenueBoard) -> String {
    let seat = |s: &crate::app::VenueSeat| {
        let n = s.number.map(|n| format!("{n} ")).unwrap_or_default();
        format!("{n}{}", s.name)
    };
    let second = b.second.as_ref().map(seat).unwrap_or_default();
    format!(
        "<span class=\"name\">{}</span> — <span class=\"name\">{}</span>",
        esc(&seat(&b.first)),
        esc(&second)
    )
}

/// `/d`: what the device's role sees.
fn role_page(
    hands: &Hands,
    role: &Role,
    sections: &[VenueSection],
    query: &str,
    lang: Lang,
) -> String {
    let t = |k: T| k.get(lang);
    let mut m = String::new();
    let _ = write!(
        m,
        "<p class=\"who\">{}</p>",
        esc(&fill(
            t(T::HandsSignedIn),
            &[&role.person, &t(role_kind_word(role.kind)), &role.id]
        ))
    );
    if let Some(board) = query_value(query, "sent") {
        let state = hands
            .entries()
            .iter()
            .rev()
            .find(|e| e.role == role.id && e.board.to_string() == board)
            .map_or(T::HandsStateSent, |e| entry_state_word(e.state));
        let _ = write!(
            m,
            "<p class=\"ok\" id=\"sent\">{}</p>",
            esc(&fill(t(T::HandsSentBoard), &[&board, &t(state)]))
        );
    }
    if query_value(query, "again").is_some() {
        let _ = write!(
            m,
            "<p class=\"ok\" id=\"again\">{}</p>",
            t(T::HandsAlreadySent)
        );
    }
    match role.kind {
        RoleKind::Deputy => deputy_boards(&mut m, hands, role, sections, lang),
        RoleKind::Player => player_game(&mut m, hands, role, sections, lang),
        RoleKind::CheckIn => {
            door_page(&mut m, hands, role, query, lang);
            return m;
        }
    }
    mine(&mut m, hands, role, sections, lang);
    m
}

/// The door's page (检录): what the last tap did, the search and what it found, each with its
/// button, the count per section and who is still missing.
fn door_page(m: &mut String, hands: &Hands, role: &Role, query: &str, lang: Lang) {
    let t = |k: T| k.get(lang);
    let _ = write!(m, "<h1>{}</h1>", t(T::HandsCheckIn));
    let book = hands.door_book();
    let sections: Vec<&Section> = book
        .as_deref()
        .map(|b| {
            b.sections
                .iter()
                .filter(|s| role.scope.has_section(s.id))
                .collect()
        })
        .unwrap_or_default();
    if sections.is_empty() {
        let _ = write!(m, "<p class=\"muted\">{}</p>", t(T::HandsDoorNoSections));
        return;
    }
    let param = |key: &str| query_value(query, key);
    let chosen = param("s")
        .and_then(|s| s.parse::<i64>().ok())
        .filter(|s| sections.iter().any(|x| x.id.0 == *s));
    // What the last tap did.
    let last = param("e")
        .and_then(|e| e.parse::<i64>().ok())
        .and_then(|e| {
            sections
                .iter()
                .find_map(|s| s.entrant(EntrantId(e)).map(|e| (*s, e)))
        });
    if let (Some((s, e)), Some(how)) = (last, param("how")) {
        let at = e
            .checked_in
            .map(|at| at.format("%H:%M").to_string())
            .unwrap_or_default();
        let who = entrant_label(e);
        let text = match how.as_str() {
            "in" => fill(t(T::HandsDoorDone), &[&who, &at]),
            "again" => fill(t(T::HandsDoorAlready), &[&who, &at]),
            "out" => fill(t(T::HandsDoorUndone), &[&who]),
            _ => fill(t(T::HandsDoorNotIn), &[&who]),
        };
        let _ = write!(m, "<div class=\"ok\" id=\"done\"><p>{}</p>", esc(&text));
        // A tap on the wrong name is undone where the thumb is.
        if how == "in" && e.checked_in.is_some() && s.checkin_closed.is_none() {
            door_form(m, hands, role, s.id, e.id, true, lang);
        }
        m.push_str("</div>");
    }
    // The counts.
    m.push_str("<ul class=\"counts\" id=\"counts\">");
    for s in &sections {
        let c = check_in_count(s);
        let closed = if s.checkin_closed.is_some() {
            format!(" · <b>{}</b>", t(T::HandsDoorClosedNote))
        } else {
            String::new()
        };
        let _ = write!(
            m,
            "<li data-section=\"{}\">{}{closed}</li>",
            s.id.0,
            esc(&fill(
                t(T::CheckInCount),
                &[&s.name, &c.present, &c.entered]
            ))
        );
    }
    m.push_str("</ul>");
    // The search.
    let q = param("q").unwrap_or_default();
    let q = q.trim();
    let _ = write!(
        m,
        "<form class=\"go\" id=\"find\" method=\"get\" action=\"/d\">{}",
        lang_field(lang)
    );
    if sections.len() > 1 {
        let _ = write!(
            m,
            "<label class=\"pick\">{}<select name=\"s\"><option value=\"\">{}</option>",
            t(T::HandsSections),
            t(T::HandsAllSections)
        );
        for s in &sections {
            let on = if chosen == Some(s.id.0) {
                " selected"
            } else {
                ""
            };
            let _ = write!(
                m,
                "<option value=\"{}\"{on}>{}</option>",
                s.id.0,
                esc(&s.name)
            );
        }
        m.push_str("</select></label>");
    } else {
        let _ = write!(
            m,
            "<input type=\"hidden\" name=\"s\" value=\"{}\">",
            sections[0].id.0
        );
    }
    let _ = write!(
        m,
        "<label>{}<input type=\"search\" name=\"q\" value=\"{}\" autocomplete=\"off\" autocapitalize=\"off\" enterkeyhint=\"search\"{}></label>\
         <button type=\"submit\">{}</button></form>",
        t(T::HandsDoorSearch),
        esc(q),
        if q.is_empty() { " autofocus" } else { "" },
        t(T::HandsDoorFind)
    );
    if !q.is_empty()
        && let Some(book) = book.as_deref()
    {
        door_matches(m, hands, role, book, &sections, chosen, q, lang);
    }
    // Who is still missing.
    for s in sections
        .iter()
        .filter(|s| chosen.is_none_or(|c| c == s.id.0))
    {
        let missing = not_checked_in(s);
        let _ = write!(
            m,
            "<h2>{} · {}</h2>",
            esc(&s.name),
            fill(t(T::HandsDoorMissing), &[&missing.len()])
        );
        if missing.is_empty() {
            let _ = write!(m, "<p class=\"muted\">{}</p>", t(T::HandsDoorAllIn));
            continue;
        }
        let _ = write!(m, "<ul class=\"missing\" data-section=\"{}\">", s.id.0);
        for e in missing {
            let _ = write!(
                m,
                "<li><a href=\"{}\">{}</a></li>",
                esc(&link(
                    &format!("/d?s={}&q={}", s.id.0, card_code(e.id)),
                    lang
                )),
                esc(&entrant_label(e))
            );
        }
        m.push_str("</ul>");
    }
}

/// An entrant as the door reads him: his 序号 (once drawn), name and unit.
fn entrant_label(e: &crate::model::Entrant) -> String {
    let number = e.number.map(|n| format!("{n} ")).unwrap_or_default();
    let unit = if e.unit.trim().is_empty() {
        String::new()
    } else {
        format!(" · {}", e.unit.trim())
    };
    format!("{number}{}{unit}", e.name)
}

/// The most entrants one search shows.
const MAX_FOUND: usize = 20;

/// The entrants the door's search names in its sections, each with its button.
#[allow(clippy::too_many_arguments)]
fn door_matches(
    m: &mut String,
    hands: &Hands,
    role: &Role,
    book: &Event,
    sections: &[&Section],
    chosen: Option<i64>,
    q: &str,
    lang: Lang,
) {
    let t = |k: T| k.get(lang);
    let mut found: Vec<(SectionId, EntrantId)> = Vec::new();
    for s in sections
        .iter()
        .filter(|s| chosen.is_none_or(|c| c == s.id.0))
    {
        for hit in check_in_matches(book, s.id, q) {
            if role.scope.has_section(hit.0) && !found.contains(&hit) {
                found.push(hit);
            }
        }
    }
    if found.is_empty() {
        let _ = write!(
            m,
            "<p class=\"refused\" id=\"none\">{}</p>",
            esc(&fill(t(T::HandsDoorNoMatch), &[&q]))
        );
        return;
    }
    m.push_str("<ol class=\"found\" id=\"found\">");
    for (sid, eid) in found.into_iter().take(MAX_FOUND) {
        let Some(s) = book.section(sid) else { continue };
        let Some(e) = s.entrant(eid) else { continue };
        let where_ = if sections.len() > 1 {
            format!("<span class=\"sec\">{}</span>", esc(&s.name))
        } else {
            String::new()
        };
        let _ = write!(
            m,
            "<li data-entrant=\"{}\"><p class=\"name\">{}{where_}</p>",
            eid.0,
            esc(&entrant_label(e))
        );
        let state = e.checked_in.map(|at| {
            format!(
                "<p class=\"in\">✓ {}</p>",
                esc(&fill(t(T::HandsDoorAt), &[&at.format("%H:%M")]))
            )
        });
        if s.checkin_closed.is_some() {
            let _ = write!(
                m,
                "{}<p class=\"muted\">{}</p></li>",
                state.unwrap_or_default(),
                t(T::HandsDoorClosedNote)
            );
            continue;
        }
        let undo = state.is_some();
        m.push_str(&state.unwrap_or_default());
        door_form(m, hands, role, sid, eid, undo, lang);
        m.push_str("</li>");
    }
    m.push_str("</ol>");
}

/// The door's one button for an entrant: 签到, or 撤销签到 (`undo`).
fn door_form(
    m: &mut String,
    hands: &Hands,
    role: &Role,
    section: SectionId,
    entrant: EntrantId,
    undo: bool,
    lang: Lang,
) {
    let sub = hands.new_submission();
    let ft = hands.form_token(role.id, &sub);
    let (field, button, class) = if undo {
        (
            "<input type=\"hidden\" name=\"u\" value=\"1\">",
            T::HandsDoorUndo.get(lang),
            "big undo",
        )
    } else {
        ("", T::HandsDoorCheckIn.get(lang), "big")
    };
    let _ = write!(
        m,
        "<form class=\"door\" method=\"post\" action=\"/d/door\">\
         <input type=\"hidden\" name=\"sub\" value=\"{sub}\"><input type=\"hidden\" name=\"ft\" value=\"{ft}\">\
         <input type=\"hidden\" name=\"s\" value=\"{}\"><input type=\"hidden\" name=\"e\" value=\"{}\">{field}{}\
         <button class=\"{class}\" type=\"submit\">{button}</button></form>",
        section.0,
        entrant.0,
        lang_field(lang)
    );
}

/// A deputy's sections: the board number to type, and his boards to pick.
fn deputy_boards(
    m: &mut String,
    hands: &Hands,
    role: &Role,
    sections: &[VenueSection],
    lang: Lang,
) {
    let t = |k: T| k.get(lang);
    let _ = write!(m, "<h1>{}</h1>", t(T::HandsEnterResult));
    let mut any = false;
    for s in sections
        .iter()
        .filter(|s| role.scope.has_section(SectionId(s.id)))
    {
        let Some(r) = &s.round else { continue };
        any = true;
        let _ = write!(
            m,
            "<h2>{} · {}</h2><form class=\"go\" method=\"get\" action=\"/d/b\">\
             <input type=\"hidden\" name=\"s\" value=\"{}\">{}\
             <label>{}<input type=\"number\" name=\"b\" inputmode=\"numeric\" min=\"1\" required></label>\
             <button type=\"submit\">{}</button></form><ol class=\"picks\" data-section=\"{}\">",
            esc(&s.name),
            fill(t(T::RoundN), &[&r.number]),
            s.id,
            lang_field(lang),
            t(T::HandsBoardNumber),
            t(T::HandsGo),
            s.id
        );
        for b in r
            .boards
            .iter()
            .filter(|b| b.second.is_some() && role.may_enter(SectionId(s.id), b.board))
        {
            // A board without a result says where an entry sent for it stands.
            let shown = if b.result.is_empty() {
                hands
                    .open_on(SectionId(s.id), r.number, b.board)
                    .last()
                    .map_or(String::new(), |e| t(entry_state_word(e.state)).to_string())
            } else {
                b.result.clone()
            };
            let _ = write!(
                m,
                "<li><a href=\"{}\" id=\"pick-{}-{}\"><span class=\"no\">{}</span><span>{}</span><span class=\"res\">{}</span></a></li>",
                esc(&link(&format!("/d/b?s={}&b={}", s.id, b.board), lang)),
                s.id,
                b.board,
                b.board,
                seat_names(b),
                esc(&shown)
            );
        }
        m.push_str("</ol>");
    }
    if !any {
        let _ = write!(m, "<p class=\"muted\">{}</p>", t(T::HandsNoBoards));
    }
}

/// The result form of one board: the outcome, the fouls, a note.
fn board_form(
    hands: &Hands,
    role: &Role,
    s: &VenueSection,
    round: u32,
    b: &VenueBoard,
    lang: Lang,
) -> String {
    let t = |k: T| k.get(lang);
    // The way back to the boards first, the round in the heading, and which name plays which
    // side, as the slip in the deputy's hand says it.
    let mut m = format!(
        "<p class=\"back\"><a href=\"{}\" id=\"back\">← {}</a></p><h1>{} · {} · {}</h1>{}",
        esc(&link("/d", lang)),
        t(T::HandsBackToBoards),
        esc(&s.name),
        fill(t(T::RoundN), &[&round]),
        fill(t(T::VenueBoardN), &[&b.board]),
        sides(s, b, None, lang)
    );
    if !b.result.is_empty() {
        let _ = write!(m, "<p class=\"muted\">{}</p>", esc(&b.result));
    }
    entry_form(&mut m, hands, role, s, round, b.board, true, lang);
    m
}

/// Which name plays which side of board `b`, each under its side's mark; `me` (a player's
/// number) is marked as "you".
fn sides(s: &VenueSection, b: &VenueBoard, me: Option<u32>, lang: Lang) -> String {
    let seat = |v: &crate::app::VenueSeat| {
        let n = v.number.map(|n| format!("{n} ")).unwrap_or_default();
        let you = if me.is_some() && v.number == me {
            T::HandsYou.get(lang)
        } else {
            ""
        };
        format!("{}{you}", esc(&format!("{n}{}", v.name)))
    };
    format!(
        "<p class=\"seats\"><span class=\"side {}\">{}</span><span class=\"name\">{}</span>\
         <span class=\"side black\">{}</span><span class=\"name\">{}</span></p>",
        if is_chess(s, lang) { "white" } else { "red" },
        esc(&s.first_side),
        seat(&b.first),
        T::Black.get(lang),
        b.second.as_ref().map(seat).unwrap_or_default()
    )
}

/// The form that sends a result of `board` (with fouls and a note for a deputy).
#[allow(clippy::too_many_arguments)]
fn entry_form(
    m: &mut String,
    hands: &Hands,
    role: &Role,
    s: &VenueSection,
    round: u32,
    board: u32,
    full: bool,
    lang: Lang,
) {
    let t = |k: T| k.get(lang);
    let game = if is_chess(s, lang) {
        GameKind::Chess
    } else {
        GameKind::Xiangqi
    };
    let sub = hands.new_submission();
    let ft = hands.form_token(role.id, &sub);
    let _ = write!(
        m,
        "<form class=\"entry\" id=\"entry\" method=\"post\" action=\"/d/enter\">\
         <input type=\"hidden\" name=\"sub\" value=\"{sub}\"><input type=\"hidden\" name=\"ft\" value=\"{ft}\">\
         <input type=\"hidden\" name=\"s\" value=\"{}\"><input type=\"hidden\" name=\"r\" value=\"{round}\">\
         <input type=\"hidden\" name=\"b\" value=\"{board}\">{}<fieldset class=\"outcome\">",
        s.id,
        lang_field(lang)
    );
    for o in Outcome::ALL {
        let _ = write!(
            m,
            "<label><input type=\"radio\" name=\"o\" value=\"{}\" required>{}</label>",
            esc(o.code()),
            outcome_text(Some(o), game, lang)
        );
    }
    m.push_str("</fieldset>");
    if full {
        let (red, black) = match game {
            GameKind::Chess => (T::White.get(lang), T::Black.get(lang)),
            _ => (t(T::HandsFoulsRed), t(T::HandsFoulsBlack)),
        };
        let _ = write!(
            m,
            "<div class=\"fouls\"><label>{red}<input type=\"number\" name=\"fr\" min=\"0\" max=\"9\" value=\"0\" inputmode=\"numeric\"></label>\
             <label>{black}<input type=\"number\" name=\"fb\" min=\"0\" max=\"9\" value=\"0\" inputmode=\"numeric\"></label></div>\
             <label>{}<input type=\"text\" name=\"note\" maxlength=\"{}\"></label>",
            t(T::HandsNote),
            crate::app::MAX_PHONE_NOTE
        );
    }
    let _ = write!(
        m,
        "<button class=\"big\" type=\"submit\">{}</button></form>",
        t(T::HandsSend)
    );
}

/// A player's game this round: his report, and his opponent's to confirm.
fn player_game(m: &mut String, hands: &Hands, role: &Role, sections: &[VenueSection], lang: Lang) {
    let t = |k: T| k.get(lang);
    let _ = write!(m, "<h1>{}</h1>", t(T::HandsYourGame));
    let found = sections
        .iter()
        .filter(|s| role.scope.has_section(SectionId(s.id)))
        .find_map(|s| own_board(role, s).map(|(r, b)| (s, r, b)));
    let Some((s, round, b)) = found else {
        let _ = write!(m, "<p class=\"muted\">{}</p>", t(T::HandsNoGame));
        return;
    };
    let me = role
        .scope
        .player
        .and_then(|id| s.players.iter().find(|p| p.id == id))
        .map(|p| p.number);
    let _ = write!(
        m,
        "<p id=\"game\" data-board=\"{}\">{} · {} · {}</p>{}",
        b.board,
        esc(&s.name),
        fill(t(T::RoundN), &[&round]),
        fill(t(T::VenueBoardN), &[&b.board]),
        sides(s, b, me, lang)
    );
    if !b.result.is_empty() {
        let _ = write!(m, "<p class=\"ok\">{}</p>", esc(&b.result));
        return;
    }
    let game = if is_chess(s, lang) {
        GameKind::Chess
    } else {
        GameKind::Xiangqi
    };
    // The opponent's report, waiting for this player.
    let theirs = hands
        .open_on(SectionId(s.id), round, b.board)
        .into_iter()
        .find(|e| {
            e.role != role.id
                && e.state == crate::model::EntryState::AwaitingOpponent
                && hands
                    .role(e.role)
                    .is_some_and(|r| r.kind == RoleKind::Player)
        });
    if let Some(e) = theirs {
        let sub = hands.new_submission();
        let ft = hands.form_token(role.id, &sub);
        let _ = write!(
            m,
            "<form class=\"entry\" id=\"confirm\" method=\"post\" action=\"/d/enter\"><p>{}</p>\
             <input type=\"hidden\" name=\"sub\" value=\"{sub}\"><input type=\"hidden\" name=\"ft\" value=\"{ft}\">\
             <input type=\"hidden\" name=\"s\" value=\"{}\"><input type=\"hidden\" name=\"r\" value=\"{round}\">\
             <input type=\"hidden\" name=\"b\" value=\"{}\"><input type=\"hidden\" name=\"o\" value=\"{}\">{}\
             <button class=\"big\" type=\"submit\">{}</button></form>",
            esc(&fill(
                t(T::HandsOpponentSays),
                &[&outcome_text(e.outcome, game, lang)]
            )),
            s.id,
            b.board,
            esc(e.outcome.map_or("", Outcome::code)),
            lang_field(lang),
            t(T::HandsConfirm)
        );
    }
    let _ = write!(m, "<h2>{}</h2>", t(T::HandsReportResult));
    entry_form(m, hands, role, s, round, b.board, false, lang);
}

/// What this device has sent, newest first, and where each stands.
fn mine(m: &mut String, hands: &Hands, role: &Role, sections: &[VenueSection], lang: Lang) {
    let t = |k: T| k.get(lang);
    let entries = hands.entries();
    let waiting = hands.waiting_of(role.id);
    let own: Vec<_> = entries.iter().filter(|e| e.role == role.id).collect();
    if own.is_empty() && waiting.is_empty() {
        return;
    }
    let game_of = |sid: SectionId| {
        sections
            .iter()
            .find(|s| s.id == sid.0)
            .map_or(GameKind::Xiangqi, |s| {
                if is_chess(s, lang) {
                    GameKind::Chess
                } else {
                    GameKind::Xiangqi
                }
            })
    };
    let _ = write!(
        m,
        "<h2>{}</h2><ul class=\"mine\" id=\"mine\">",
        t(T::HandsMyEntries)
    );
    for w in waiting.iter().rev() {
        let _ = write!(
            m,
            "<li>{} {} — {}</li>",
            fill(t(T::VenueBoardN), &[&w.board]),
            outcome_text(w.outcome, game_of(w.section), lang),
            t(T::HandsStateSent)
        );
    }
    for e in own.iter().rev().take(30) {
        let note = if e.note.is_empty() {
            String::new()
        } else {
            format!(" · {}", esc(&e.note))
        };
        let _ = write!(
            m,
            "<li data-state=\"{}\">{} {}{note} — {}</li>",
            e.state.code(),
            fill(t(T::VenueBoardN), &[&e.board]),
            outcome_text(e.outcome, game_of(e.section), lang),
            t(entry_state_word(e.state))
        );
    }
    m.push_str("</ul>");
}

/// A value of a query or form (`key=value&…`), decoded.
fn query_value(query: &str, key: &str) -> Option<String> {
    query
        .split('&')
        .filter_map(|p| p.split_once('='))
        .find(|(k, _)| *k == key)
        .map(|(_, v)| decode_n(v, 1000))
}

fn lang_field(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "",
        Lang::En => "<input type=\"hidden\" name=\"lang\" value=\"en\">",
    }
}

fn link(path: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => path.to_string(),
        Lang::En if path.contains('?') => format!("{path}&lang=en"),
        Lang::En => format!("{path}?lang=en"),
    }
}

/// An answer no one keeps (a device's own page), and whose forms send their origin.
fn private(status: u16, body: String) -> Reply {
    let mut r = Reply::html(status, body);
    r.private = true;
    r
}

/// A refusal in a page of its own, with the way back: to the device's own page when the
/// refusal leaves its role standing (a board out of reach, a closed check-in …), to the
/// read-only page otherwise.
fn refused(status: u16, why: T, lang: Lang) -> Reply {
    let own = !matches!(why, T::HandsRefusedToken | T::HandsRefusedOrigin);
    let (back, label) = if own {
        ("/d", T::HandsBackToMine)
    } else {
        ("/", T::VenueHome)
    };
    let main = format!(
        "<p class=\"refused\" id=\"refused\">{}</p><p><a class=\"button\" id=\"back\" href=\"{}\">{}</a></p>",
        why.get(lang),
        esc(&link(back, lang)),
        label.get(lang)
    );
    private(status, document(lang, "", &main, back))
}

/// A role page's whole document: no script, the trust note always.
fn document(lang: Lang, event: &str, main: &str, path: &str) -> String {
    let (html_lang, other, switch) = match lang {
        Lang::Zh => ("zh-CN", T::VenueOtherLang.get(lang), link(path, Lang::En)),
        Lang::En => ("en", T::VenueOtherLang.get(lang), path.to_string()),
    };
    let home = link("/", lang);
    format!(
        r#"<!DOCTYPE html>
<html lang="{html_lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="/app.css"><link rel="stylesheet" href="/hands.css"></head>
<body>
<header><a class="event" href="{home}">{event}</a><a class="lang" href="{switch}">{other}</a></header>
<main>{main}<p class="trust" id="trust">{trust}</p></main>
</body></html>
"#,
        title = esc(if event.is_empty() {
            T::HandsPanel.get(lang)
        } else {
            event
        }),
        home = esc(&home),
        event = esc(event),
        switch = esc(&switch),
        trust = T::HandsTrustNote.get(lang),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(
        origin: Option<&str>,
        referer: Option<&str>,
        site: Option<&str>,
    ) -> super::super::Request {
        super::super::Request {
            method: super::super::Method::Post,
            target: "/d/enter".into(),
            if_none_match: None,
            gzip: false,
            client: [127, 0, 0, 1].into(),
            body: Vec::new(),
            body_too_large: false,
            cookie: None,
            origin: origin.map(str::to_string),
            referer: referer.map(str::to_string),
            host: Some("192.168.1.20:8088".into()),
            fetch_site: site.map(str::to_string),
            content_type: None,
        }
    }

    #[test]
    fn only_the_page_s_own_forms_pass_the_origin_check() {
        let here = "http://192.168.1.20:8088";
        assert!(from_this_page(&request(
            Some(here),
            None,
            Some("same-origin")
        )));
        assert!(from_this_page(&request(
            None,
            Some(&format!("{here}/d/b?s=1&b=2")),
            None
        )));
        assert!(!from_this_page(&request(
            Some("http://evil.example"),
            None,
            None
        )));
        assert!(!from_this_page(&request(Some("null"), None, None)));
        assert!(!from_this_page(&request(
            None,
            Some("http://192.168.1.20:8088.evil/"),
            None
        )));
        assert!(!from_this_page(&request(
            Some(here),
            None,
            Some("cross-site")
        )));
        assert!(
            !from_this_page(&request(None, None, None)),
            "no origin at all"
        );
    }
}
