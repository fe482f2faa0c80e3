//! A small driver of the window for the seed tests (issue 20: one window test per seed): only
//! what a person does — keys, clicks, text typed into labelled fields, a file path given where
//! the native file dialog would ask for one — and a reader of the PDFs the window writes
//! (`pdftotext`, from poppler-utils, which `.ci/run` installs).
//!
//! A test module reaches it as `crate::common::window`. No test uses every helper, so the items
//! carry `#[allow(dead_code)]`.

use bianpai::app::Tournament;
use bianpai::model::{EntrantId, Event, Game, Outcome, Section};
use bianpai::ui::{BianpaiApp, TabKind};
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::{Harness, kittest::Queryable};
use std::collections::HashMap;
use std::path::Path;
use std::time::Duration;

#[allow(dead_code)]
pub type Window = Harness<'static, BianpaiApp>;

/// The window on `tournament`, tall enough that the Event tab's whole form is laid out.
#[allow(dead_code)]
pub fn harness(tournament: Tournament) -> Window {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 4000.0))
        .with_max_steps(64)
        .build_eframe(move |cc| BianpaiApp::for_test(&cc.egui_ctx, tournament))
}

/// The window with nothing but an empty placeholder file open (the test harness needs an
/// event to start on), from which 文件 → 新建赛事… makes the real one.
#[allow(dead_code)]
pub fn empty_window(dir: &Path) -> Window {
    let t = Tournament::create(&dir.join("placeholder.bianpai"), &Event::default())
        .expect("a placeholder event file");
    let mut h = harness(t);
    h.run();
    h
}

/// 文件 → 新建赛事…, the save dialog answered with `path`: the window opens the new, empty
/// event on its Event tab.
#[allow(dead_code)]
pub fn new_event(h: &mut Window, path: &Path) {
    h.state_mut().desk.dialog_override = Some(path.to_path_buf());
    click(h, "文件");
    click(h, "新建赛事…");
    h.state_mut().desk.dialog_override = None;
    assert_eq!(event(h).sections.len(), 0, "a new event has no section");
    assert_eq!(
        h.state().desk.tournament.as_ref().unwrap().path(),
        path,
        "the new file is open"
    );
    assert_eq!(h.state().tab, TabKind::Event);
}

/// The open event, read (never changed) from the window's state.
#[allow(dead_code)]
pub fn event(h: &Window) -> &Event {
    h.state()
        .desk
        .tournament
        .as_ref()
        .expect("an open event")
        .event()
}

/// The section the window shows.
#[allow(dead_code)]
pub fn shown_section(h: &Window) -> Section {
    h.state().desk.section().expect("a section").clone()
}

/// Ctrl+`key`, and the frames that follow.
#[allow(dead_code)]
pub fn ctrl(h: &mut Window, key: Key) {
    h.key_press_modifiers(Modifiers::COMMAND, key);
    h.run();
}

/// One key, and the frames that follow.
#[allow(dead_code)]
pub fn key(h: &mut Window, k: Key) {
    h.key_press(k);
    h.run();
}

/// Text typed into the focused field.
#[allow(dead_code)]
pub fn type_text(h: &mut Window, text: &str) {
    h.event(egui::Event::Text(text.into()));
    h.run();
}

/// Opens tab `n` (Ctrl+1 … Ctrl+9) and checks it is `kind`.
#[allow(dead_code)]
pub fn tab(h: &mut Window, kind: TabKind) {
    let n = TabKind::ALL.iter().position(|&k| k == kind).unwrap();
    let keys = [
        Key::Num1,
        Key::Num2,
        Key::Num3,
        Key::Num4,
        Key::Num5,
        Key::Num6,
        Key::Num7,
        Key::Num8,
        Key::Num9,
    ];
    ctrl(h, keys[n]);
    assert_eq!(h.state().tab, kind);
}

/// Clicks the one widget labelled `label`.
#[allow(dead_code)]
pub fn click(h: &mut Window, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

/// Clicks the `nth` widget labelled `label` (where a form has the same words twice).
#[allow(dead_code)]
pub fn click_nth(h: &mut Window, label: &str, nth: usize) {
    h.query_all_by_label(label)
        .nth(nth)
        .unwrap_or_else(|| panic!("no {nth}th “{label}”"))
        .click();
    h.run();
}

/// Replaces the text of the `nth` field of `role` labelled `label` by keyboard: focus it,
/// Ctrl+A, type.
#[allow(dead_code)]
pub fn retype_nth(h: &mut Window, role: Role, label: &str, nth: usize, text: &str) {
    let field = |h: &Window| {
        h.query_all_by_role_and_label(role, label)
            .nth(nth)
            .unwrap_or_else(|| panic!("no field “{label}” ({nth})"))
            .focus()
    };
    field(h);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
    h.event(egui::Event::Text(text.into()));
    h.run();
    // Leave the field, as Tab would, so that the next keys go to the form.
    h.key_press(Key::Escape);
    h.run();
}

/// Replaces the text of the single-line field labelled `label`.
#[allow(dead_code)]
pub fn retype(h: &mut Window, label: &str, text: &str) {
    retype_nth(h, Role::TextInput, label, 0, text);
}

/// Replaces the text of the multi-line field labelled `label` (lines apart by "\n").
#[allow(dead_code)]
pub fn retype_lines(h: &mut Window, label: &str, text: &str) {
    retype_nth(h, Role::MultilineTextInput, label, 0, text);
}

/// A number field (a drag value): focus, Ctrl+A, the number, Enter.
#[allow(dead_code)]
pub fn type_number(h: &mut Window, label: &str, nth: usize, value: u32) {
    h.query_all_by_role_and_label(Role::SpinButton, label)
        .nth(nth)
        .unwrap_or_else(|| panic!("no number field “{label}”"))
        .focus();
    h.run();
    ctrl(h, Key::A);
    type_text(h, &value.to_string());
    key(h, Key::Enter);
}

/// Is `text` shown anywhere (a label or a field's value)?
#[allow(dead_code)]
pub fn shows(h: &Window, text: &str) -> bool {
    h.query_all_by(|n| {
        n.label().is_some_and(|l| l.contains(text)) || n.value().is_some_and(|v| v.contains(text))
    })
    .next()
    .is_some()
}

/// The message line: panics on an error shown there.
#[allow(dead_code)]
pub fn no_error(h: &Window, doing: &str) {
    if let Some((true, m)) = &h.state().desk.message {
        panic!("{doing}: the window says “{m}”");
    }
}

/// The Event tab's 新组别名称 field and 添加组别: a new section, shown at once.
#[allow(dead_code)]
pub fn add_section(h: &mut Window, name: &str) {
    tab(h, TabKind::Event);
    let before = event(h).sections.len();
    retype(h, "新组别名称", name);
    click(h, "添加组别");
    no_error(h, "adding a section");
    assert_eq!(event(h).sections.len(), before + 1);
    assert_eq!(shown_section(h).name, name);
}

/// Ctrl+S in the Event tab: the section's form is saved, nothing left unsaved.
#[allow(dead_code)]
pub fn save_section(h: &mut Window) {
    ctrl(h, Key::S);
    no_error(h, "saving the section");
    assert!(!shows(h, "有未保存的修改"), "the form is saved");
}

/// Ctrl+PageDown until the section named `name` is shown.
#[allow(dead_code)]
pub fn show_section(h: &mut Window, name: &str) {
    for _ in 0..event(h).sections.len() {
        if shown_section(h).name == name {
            return;
        }
        ctrl(h, Key::PageDown);
    }
    assert_eq!(shown_section(h).name, name, "no section {name}");
}

/// The Entrants tab's import (Ctrl+I): the file's path typed, Enter reads it, the preview
/// must show `count` entrants for this section and no problem; then 导入.
#[allow(dead_code)]
pub fn import_entrants(h: &mut Window, file: &Path, count: usize) {
    tab(h, TabKind::Entrants);
    let before = shown_section(h).entrants.len();
    ctrl(h, Key::I);
    type_text(h, &file.display().to_string());
    key(h, Key::Enter);
    let ready = format!("导入 {count} 名选手");
    assert!(
        shows(h, &format!("可导入 {count} 名选手；0 行有问题")),
        "the preview of {} is clean",
        file.display()
    );
    click(h, &ready);
    no_error(h, "importing");
    assert_eq!(shown_section(h).entrants.len(), before + count);
}

/// The Entrants tab's import (Ctrl+I) of a file with `rows` rows the section refuses: the
/// preview names the problem, and nothing is entered.
#[allow(dead_code)]
pub fn refused_import(h: &mut Window, file: &Path, rows: usize, problem: &str) {
    tab(h, TabKind::Entrants);
    let before = shown_section(h).entrants.len();
    ctrl(h, Key::I);
    type_text(h, &file.display().to_string());
    key(h, Key::Enter);
    assert!(
        shows(h, &format!("{rows} 行有问题")),
        "the preview of {} names {rows} rows",
        file.display()
    );
    assert!(shows(h, problem), "the preview says “{problem}”");
    assert_eq!(shown_section(h).entrants.len(), before, "nothing entered");
}

/// The drawing of lots in the Entrants tab: Ctrl+L, the seed over what the field holds,
/// Enter.
#[allow(dead_code)]
pub fn draw_lots(h: &mut Window, seed: u64) {
    tab(h, TabKind::Entrants);
    ctrl(h, Key::L);
    ctrl(h, Key::A);
    type_text(h, &seed.to_string());
    key(h, Key::Enter);
    no_error(h, "drawing lots");
    let s = shown_section(h);
    assert_eq!(s.lot_seed, Some(seed));
    assert!(s.entrants.iter().all(|e| e.number.is_some()));
}

/// Steps frames (the window's workers run meanwhile) until `done`, or panics after `what`
/// took too long.
#[allow(dead_code)]
pub fn wait_until(h: &mut Window, what: &str, mut done: impl FnMut(&Window) -> bool) {
    for _ in 0..4000 {
        h.step();
        if done(h) {
            h.run();
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("{what}: still waiting");
}

/// The Pairings tab's Ctrl+P: the next round is paired (on a worker thread) and stored.
#[allow(dead_code)]
pub fn pair_next_round(h: &mut Window) -> u32 {
    tab(h, TabKind::Pairings);
    let before = shown_section(h).rounds.len();
    h.key_press_modifiers(Modifiers::COMMAND, Key::P);
    wait_until(h, "pairing", |h| {
        !h.state().pairings_tab.is_pairing() && shown_section(h).rounds.len() > before
            || h.state().desk.message.as_ref().is_some_and(|m| m.0)
    });
    no_error(h, "pairing");
    shown_section(h).rounds.last().unwrap().number
}

/// The result key of the grid for an outcome: 1 red (white) wins, = draw, 0 black wins.
#[allow(dead_code)]
pub fn result_key(o: Outcome) -> Key {
    match o {
        Outcome::RedWin => Key::Num1,
        Outcome::Draw => Key::Equals,
        Outcome::BlackWin => Key::Num0,
        Outcome::RedWinByForfeit => Key::Plus,
        Outcome::BlackWinByForfeit => Key::Minus,
        Outcome::DoubleForfeit => panic!("no key for a double forfeit"),
    }
}

/// The Results tab (Ctrl+4): every game of the shown section still without a result, in round
/// and board order, gets the key of the outcome `decide` gives it. The grid puts its cursor on
/// a new round's first board, or on the first of games just added to a round, and each key
/// moves it on; each game is checked to hold what was typed. Returns the games as entered.
#[allow(dead_code)]
pub fn enter_results(
    h: &mut Window,
    mut decide: impl FnMut(&Section, &Game) -> Outcome,
) -> Vec<(u32, Game)> {
    tab(h, TabKind::Results);
    let s = shown_section(h);
    let open: Vec<(u32, Game)> = s
        .rounds
        .iter()
        .flat_map(|r| r.games.iter().map(move |g| (r.number, g.clone())))
        .filter(|(_, g)| g.outcome.is_none())
        .collect();
    let mut typed = Vec::new();
    for (round, g) in open {
        let o = decide(&s, &g);
        key(h, result_key(o));
        let stored = shown_section(h)
            .round(round)
            .and_then(|r| r.games.iter().find(|x| x.board == g.board))
            .and_then(|x| x.outcome);
        assert_eq!(stored, Some(o), "round {round}, board {}", g.board);
        typed.push((
            round,
            Game {
                outcome: Some(o),
                ..g
            },
        ));
    }
    no_error(h, "entering results");
    typed
}

/// The Bracket tab (Ctrl+6): Ctrl+P pairs the next games of the playoff or knockout. Each
/// player the window asks to choose colours must be the one `choosers` names next ("序号
/// 姓名"); he answers with R (red, white in chess) or B (black).
#[allow(dead_code)]
pub fn pair_next_games(h: &mut Window, choosers: &[(&str, Key)]) {
    tab(h, TabKind::Bracket);
    ctrl(h, Key::P);
    for (who, answer) in choosers {
        let asked = format!("{who} 选择先后手：");
        assert!(shows(h, &asked), "the window asks {who} to choose colours");
        key(h, *answer);
    }
    no_error(h, "pairing the next games");
}

/// The Documents tab: the document `kind` (its name in the 文件种类 list) saved as a PDF at
/// `path` (the save dialog answered with it); waits for the worker to write it.
#[allow(dead_code)]
pub fn save_document(h: &mut Window, kind: &str, path: &Path) {
    tab(h, TabKind::Documents);
    h.get_by_role_and_label(Role::ComboBox, "文件种类").click();
    h.run();
    // An item of an open list is chosen as a screen reader does (a press and release in one
    // frame, as the harness sends a pointer click, does not choose it).
    h.get_by_role_and_label(Role::Button, kind)
        .click_accesskit();
    h.run();
    assert_eq!(
        h.get_by_role_and_label(Role::ComboBox, "文件种类").value(),
        Some(kind.to_string())
    );
    h.state_mut().desk.message = None;
    h.state_mut().desk.dialog_override = Some(path.to_path_buf());
    h.get_by_label("保存PDF…").click();
    wait_until(h, kind, |h| h.state().desk.message.is_some());
    h.state_mut().desk.dialog_override = None;
    no_error(h, kind);
    assert!(
        std::fs::read(path).is_ok_and(|b| b.starts_with(b"%PDF")),
        "{kind} written to {}",
        path.display()
    );
}

/// The text of a PDF, its pages apart by form feeds ('\u{c}'), as `pdftotext -layout` reads it.
#[allow(dead_code)]
pub fn pdf_text(pdf: &Path) -> String {
    let out = std::process::Command::new("pdftotext")
        .args(["-layout", pdf.to_str().unwrap(), "-"])
        .output()
        .unwrap_or_else(|e| panic!("pdftotext not found ({e}); install poppler-utils"));
    assert!(out.status.success(), "pdftotext {}", pdf.display());
    String::from_utf8(out.stdout).unwrap()
}

/// `text` without any white space: a table row reads as its cells run together.
#[allow(dead_code)]
pub fn squeeze(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The part of `text` from the first `from` on, up to the first `to` after it (or the end).
#[allow(dead_code)]
pub fn between<'a>(text: &'a str, from: &str, to: &str) -> &'a str {
    let start = text
        .find(from)
        .unwrap_or_else(|| panic!("“{from}” is not in the text"));
    let rest = &text[start + from.len()..];
    match rest.find(to) {
        Some(end) => &rest[..end],
        None => rest,
    }
}

/// The games the seed tests type are decided by a fixed strength order (0 strongest): the
/// stronger wins, two neighbours in it draw.
#[allow(dead_code)]
pub fn by_strength(strength: &HashMap<EntrantId, usize>, g: &Game) -> Outcome {
    let (r, b) = (strength[&g.red], strength[&g.black]);
    if r.abs_diff(b) == 1 {
        Outcome::Draw
    } else if r < b {
        Outcome::RedWin
    } else {
        Outcome::BlackWin
    }
}

/// The outcome of a match game that `winner` wins (none: a draw).
#[allow(dead_code)]
pub fn outcome_for_winner(g: &Game, winner: Option<EntrantId>) -> Outcome {
    match winner {
        None => Outcome::Draw,
        Some(w) if w == g.red => Outcome::RedWin,
        Some(_) => Outcome::BlackWin,
    }
}

/// The amount a prize table as a regulation gives it, (from, to, amount), pays `place`.
#[allow(dead_code)]
pub fn prize(table: &[(u32, u32, i64)], place: u32) -> Option<i64> {
    table
        .iter()
        .find(|(a, b, _)| (*a..=*b).contains(&place))
        .map(|x| x.2)
}

/// What a test typed for one player: points, opponents, wins, games and wins with black.
#[allow(dead_code)]
#[derive(Clone, Default)]
pub struct Record {
    pub points: i64,
    pub opponents: Vec<EntrantId>,
    pub wins: i64,
    pub black_games: i64,
    pub black_wins: i64,
}

/// The records of `players` over the games typed in rounds 1..=`upto`, a win and a draw
/// worth `win` and `draw` points.
#[allow(dead_code)]
pub fn records(
    typed: &[(u32, Game)],
    players: &[EntrantId],
    upto: u32,
    (win, draw): (i64, i64),
) -> HashMap<EntrantId, Record> {
    let mut out: HashMap<EntrantId, Record> =
        players.iter().map(|&p| (p, Record::default())).collect();
    for (_, g) in typed.iter().filter(|(r, _)| *r <= upto) {
        let (red, black) = match g.outcome.unwrap() {
            Outcome::RedWin => (win, 0),
            Outcome::BlackWin => (0, win),
            Outcome::Draw => (draw, draw),
            o => panic!("no {o:?} typed"),
        };
        let r = out.get_mut(&g.red).unwrap();
        r.points += red;
        r.wins += i64::from(red == win);
        r.opponents.push(g.black);
        let b = out.get_mut(&g.black).unwrap();
        b.points += black;
        b.wins += i64::from(black == win);
        b.black_games += 1;
        b.black_wins += i64::from(black == win);
        b.opponents.push(g.red);
    }
    out
}

/// The event's details (一、主办单位、地点、日期 of a regulation) typed in the Event tab and
/// saved: name, organiser, venue, first and last day.
#[allow(dead_code)]
pub fn type_event_details(h: &mut Window, details: [&str; 5]) {
    tab(h, TabKind::Event);
    for (label, text) in ["赛事名称", "主办单位", "比赛地点", "开始日期", "结束日期"]
        .into_iter()
        .zip(details)
    {
        retype(h, label, text);
    }
    click(h, "保存赛事信息");
    no_error(h, "saving the event's details");
    assert_eq!(event(h).name, details[0]);
}

/// Every round of the shown section, round 1 paired already: its results typed by the strength
/// order of `names` (strongest first), then each next round paired (Ctrl+P) and typed, up to
/// `rounds`. Returns the games as entered.
#[allow(dead_code)]
pub fn play_rounds(h: &mut Window, names: &[String], rounds: u32) -> Vec<(u32, Game)> {
    let strength: HashMap<EntrantId, usize> = shown_section(h)
        .entrants
        .iter()
        .map(|e| (e.id, names.iter().position(|n| *n == e.name).unwrap()))
        .collect();
    let mut games = enter_results(h, |_, g| by_strength(&strength, g));
    for round in 2..=rounds {
        assert_eq!(pair_next_round(h), round);
        games.extend(enter_results(h, |_, g| by_strength(&strength, g)));
    }
    games
}

/// BIANPAI_DUMP_DIR=dir: the text of the PDFs a test read, kept there under the names given.
#[allow(dead_code)]
pub fn dump_texts(pdfs: &[(&Path, &str)]) {
    if let Ok(dir) = std::env::var("BIANPAI_DUMP_DIR") {
        for (pdf, name) in pdfs {
            std::fs::write(Path::new(&dir).join(name), pdf_text(pdf)).unwrap();
        }
    }
}

/// BIANPAI_KEEP_SEED_FILE=path: the event file kept there, the window closed first.
#[allow(dead_code)]
pub fn keep_event_file(h: Window, file: &Path) {
    if let Ok(keep) = std::env::var("BIANPAI_KEEP_SEED_FILE") {
        drop(h);
        std::fs::copy(file, &keep).expect("the event file kept");
    }
}

/// The newest journal entry of the open event: (action, entry).
#[allow(dead_code)]
pub fn last_journal(h: &Window) -> (String, bianpai::conduct::JournalEntry) {
    let (_, action, entry) = h
        .state()
        .desk
        .tournament
        .as_ref()
        .expect("an event is open")
        .journal()
        .unwrap()
        .last()
        .expect("a journal entry")
        .clone();
    (action, entry)
}
