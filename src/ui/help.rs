//! 使用指南 — the arbiters' guide inside the window (帮助 → 使用指南, or F1), offline: the
//! guide of the window's language, `docs/guide.zh.md` or `docs/guide.en.md`, built into the
//! program with `include_str!`, so the window shows the very text the repository holds.
//!
//! A small reader of the Markdown the guide is written in, and no more: headings, paragraphs,
//! lists, tables, fenced code blocks, `code`, **bold** and links (their words) inside a line,
//! and pictures, shown by their caption and file (nothing is loaded). The guide is shown one
//! chapter (a `##` heading) at a time beside the list of chapters, so a chapter stays short
//! and the keys stay few: ← → the chapter before or after, ↑ ↓ and PgUp / PgDn scroll, Home
//! goes to the top, Esc or F1 closes; choosing a tab closes it too.

use crate::i18n::{Lang, T, fill};

/// The guide in Chinese, as the repository holds it.
pub const GUIDE_ZH: &str = include_str!("../../docs/guide.zh.md");
/// The guide in English, as the repository holds it.
pub const GUIDE_EN: &str = include_str!("../../docs/guide.en.md");

/// The guide's text in `lang`.
pub fn guide_text(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => GUIDE_ZH,
        Lang::En => GUIDE_EN,
    }
}

/// How a piece of a line is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Plain,
    Strong,
    Code,
    /// The words of a link (the window opens nothing: it says where).
    Link,
}

/// A piece of a line in one style.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Span {
    pub text: String,
    pub style: Style,
}

/// One block of a chapter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block {
    /// `###` (3) and below.
    Heading(u8, Vec<Span>),
    Paragraph(Vec<Span>),
    /// A list item: how deep (0, 1 …), its mark ("•" or "3."), its words.
    Item(u8, String, Vec<Span>),
    /// Header cells, then the rows.
    Table(Vec<Vec<Span>>, Vec<Vec<Vec<Span>>>),
    Code(String),
    /// `![caption](path)` on a line of its own.
    Picture {
        caption: String,
        path: String,
    },
}

/// A `##` chapter (the first one is what comes before it, named by the `#` title).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chapter {
    pub title: String,
    pub blocks: Vec<Block>,
}

/// The words of a line: `code`, **bold**, [words](target) and `\` before a mark read; a mark
/// left open is shown as written.
pub fn spans(line: &str) -> Vec<Span> {
    let mut out: Vec<Span> = Vec::new();
    let mut plain = String::new();
    let mut strong = false;
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    let flush = |out: &mut Vec<Span>, plain: &mut String, strong: bool| {
        if !plain.is_empty() {
            let style = if strong { Style::Strong } else { Style::Plain };
            out.push(Span {
                text: std::mem::take(plain),
                style,
            });
        }
    };
    let find = |from: usize, c: char| (from..chars.len()).find(|&k| chars[k] == c);
    while i < chars.len() {
        let c = chars[i];
        if c == '\\' && i + 1 < chars.len() && "\\`*[]()!|_#".contains(chars[i + 1]) {
            plain.push(chars[i + 1]);
            i += 2;
        } else if c == '`'
            && let Some(end) = find(i + 1, '`')
        {
            flush(&mut out, &mut plain, strong);
            out.push(Span {
                text: chars[i + 1..end].iter().collect(),
                style: Style::Code,
            });
            i = end + 1;
        } else if c == '*' && chars.get(i + 1) == Some(&'*') {
            flush(&mut out, &mut plain, strong);
            strong = !strong;
            i += 2;
        } else if c == '['
            && let Some(close) = find(i + 1, ']')
            && chars.get(close + 1) == Some(&'(')
            && let Some(end) = find(close + 2, ')')
        {
            flush(&mut out, &mut plain, strong);
            out.push(Span {
                text: chars[i + 1..close].iter().collect(),
                style: Style::Link,
            });
            i = end + 1;
        } else {
            plain.push(c);
            i += 1;
        }
    }
    if strong {
        // An unclosed ** is text: put the mark back where it stood.
        let mut back = String::from("**");
        back.push_str(&plain);
        plain = back;
        strong = false;
    }
    flush(&mut out, &mut plain, strong);
    out
}

/// Joins a wrapped line to the one before: with a space, unless both sides are Chinese.
fn join(to: &mut String, line: &str) {
    let line = line.trim();
    if to.is_empty() {
        to.push_str(line);
        return;
    }
    let last = to.chars().last().unwrap_or(' ');
    let first = line.chars().next().unwrap_or(' ');
    if last.is_ascii() || first.is_ascii() {
        to.push(' ');
    }
    to.push_str(line);
}

/// A list item's mark and words, if the line (leading spaces taken off) is one.
fn item(line: &str) -> Option<(String, &str)> {
    if let Some(rest) = line.strip_prefix("- ").or_else(|| line.strip_prefix("* ")) {
        return Some(("•".to_string(), rest));
    }
    let digits = line.chars().take_while(|c| c.is_ascii_digit()).count();
    if digits > 0
        && let Some(rest) = line[digits..].strip_prefix(". ")
    {
        return Some((line[..=digits].to_string(), rest));
    }
    None
}

/// The cells of a table row `| a | b |`.
fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    let mut out = vec![String::new()];
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                out.last_mut().expect("one cell").push('|');
                chars.next();
            }
            '|' => out.push(String::new()),
            _ => out.last_mut().expect("one cell").push(c),
        }
    }
    out.into_iter().map(|c| c.trim().to_string()).collect()
}

fn is_rule_row(line: &str) -> bool {
    let c = cells(line);
    !c.is_empty()
        && c.iter()
            .all(|c| !c.is_empty() && c.chars().all(|x| matches!(x, '-' | ':' | ' ')))
}

/// A picture on a line of its own: `![caption](path)`.
fn picture(line: &str) -> Option<Block> {
    let rest = line.trim().strip_prefix("![")?;
    let (caption, rest) = rest.split_once("](")?;
    let path = rest.strip_suffix(')')?;
    Some(Block::Picture {
        caption: caption.to_string(),
        path: path.to_string(),
    })
}

/// What is being gathered line by line.
enum Open {
    None,
    Paragraph(String),
    Item(u8, String, String),
    Table(Vec<String>),
    Code(String),
}

fn close(open: Open, blocks: &mut Vec<Block>) {
    match open {
        Open::None => {}
        Open::Paragraph(text) => blocks.push(Block::Paragraph(spans(&text))),
        Open::Item(depth, mark, text) => blocks.push(Block::Item(depth, mark, spans(&text))),
        Open::Table(rows) => {
            let mut rows = rows.iter().filter(|r| !is_rule_row(r));
            let head = rows
                .next()
                .map(|r| cells(r).iter().map(|c| spans(c)).collect())
                .unwrap_or_default();
            let body = rows
                .map(|r| cells(r).iter().map(|c| spans(c)).collect())
                .collect();
            blocks.push(Block::Table(head, body));
        }
        Open::Code(text) => blocks.push(Block::Code(text)),
    }
}

/// The guide in chapters: what comes before the first `##` is the first chapter, named by the
/// `#` title; each `##` begins the next.
pub fn parse(text: &str) -> Vec<Chapter> {
    let mut chapters = vec![Chapter {
        title: String::new(),
        blocks: Vec::new(),
    }];
    let mut open = Open::None;
    for raw in text.lines() {
        let line = raw.trim_end();
        let blocks = &mut chapters.last_mut().expect("one chapter").blocks;
        if let Open::Code(code) = &mut open {
            if line.trim_start().starts_with("```") {
                close(std::mem::replace(&mut open, Open::None), blocks);
            } else {
                if !code.is_empty() {
                    code.push('\n');
                }
                code.push_str(line);
            }
            continue;
        }
        let trimmed = line.trim_start();
        let indent = (line.len() - trimmed.len()) as u8;
        if trimmed.is_empty() {
            close(std::mem::replace(&mut open, Open::None), blocks);
        } else if trimmed.starts_with("```") {
            close(std::mem::replace(&mut open, Open::None), blocks);
            open = Open::Code(String::new());
        } else if indent == 0 && trimmed.starts_with('#') {
            close(std::mem::replace(&mut open, Open::None), blocks);
            let level = trimmed.chars().take_while(|&c| c == '#').count() as u8;
            let words = trimmed[level as usize..].trim().to_string();
            if level > 2 {
                blocks.push(Block::Heading(level, spans(&words)));
            } else if level == 1 && chapters.len() == 1 && chapters[0].title.is_empty() {
                chapters[0].title = words;
            } else {
                chapters.push(Chapter {
                    title: words,
                    blocks: Vec::new(),
                });
            }
        } else if trimmed.starts_with('|') {
            if let Open::Table(rows) = &mut open {
                rows.push(trimmed.to_string());
            } else {
                close(std::mem::replace(&mut open, Open::None), blocks);
                open = Open::Table(vec![trimmed.to_string()]);
            }
        } else if let Some(p) = picture(trimmed) {
            close(std::mem::replace(&mut open, Open::None), blocks);
            blocks.push(p);
        } else if let Some((mark, words)) = item(trimmed) {
            close(std::mem::replace(&mut open, Open::None), blocks);
            open = Open::Item(indent / 2, mark, words.trim().to_string());
        } else {
            match &mut open {
                Open::Paragraph(text) => join(text, trimmed),
                Open::Item(_, _, text) if indent > 0 => join(text, trimmed),
                _ => {
                    close(std::mem::replace(&mut open, Open::None), blocks);
                    open = Open::Paragraph(trimmed.to_string());
                }
            }
        }
    }
    let blocks = &mut chapters.last_mut().expect("one chapter").blocks;
    close(open, blocks);
    // A guide that begins with a `##` has no first chapter of its own.
    if chapters.len() > 1 && chapters[0].title.is_empty() && chapters[0].blocks.is_empty() {
        chapters.remove(0);
    }
    chapters
}

/// The guide panel: open or not, the chapter shown, the guide read once per language.
#[derive(Default)]
pub struct HelpPanel {
    open: bool,
    chapter: usize,
    read: Option<(Lang, Vec<Chapter>)>,
    /// The chapter just changed: its text starts at the top.
    to_top: bool,
}

impl HelpPanel {
    pub fn is_open(&self) -> bool {
        self.open
    }

    pub fn open(&mut self) {
        self.open = true;
    }

    pub fn close(&mut self) {
        self.open = false;
    }

    pub fn toggle(&mut self) {
        self.open = !self.open;
    }

    /// The chapter shown (0 is the first).
    pub fn chapter(&self) -> usize {
        self.chapter
    }

    /// How many chapters the guide in `lang` has.
    pub fn chapters(&mut self, lang: Lang) -> usize {
        self.guide(lang).len()
    }

    fn guide(&mut self, lang: Lang) -> &[Chapter] {
        if self.read.as_ref().is_none_or(|(l, _)| *l != lang) {
            self.read = Some((lang, parse(guide_text(lang))));
        }
        &self.read.as_ref().expect("read above").1
    }

    fn go(&mut self, chapter: usize, count: usize) {
        let chapter = chapter.min(count.saturating_sub(1));
        if chapter != self.chapter {
            self.chapter = chapter;
            self.to_top = true;
        }
    }

    /// The panel, in the window's central area.
    pub fn ui(&mut self, ui: &mut egui::Ui, lang: Lang) {
        let t = |k: T| k.get(lang);
        let count = self.chapters(lang);
        if ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape)) {
            self.open = false;
            return;
        }
        let (left, right) = ui.input_mut(|i| {
            (
                i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowLeft),
                i.consume_key(egui::Modifiers::NONE, egui::Key::ArrowRight),
            )
        });
        if left {
            self.go(self.chapter.saturating_sub(1), count);
        }
        if right {
            self.go(self.chapter + 1, count);
        }
        self.chapter = self.chapter.min(count.saturating_sub(1));
        ui.horizontal_wrapped(|ui| {
            ui.heading(t(T::HelpGuide));
            if ui
                .add_enabled(self.chapter > 0, egui::Button::new(t(T::HelpPrevious)))
                .clicked()
            {
                self.go(self.chapter - 1, count);
            }
            if ui
                .add_enabled(self.chapter + 1 < count, egui::Button::new(t(T::HelpNext)))
                .clicked()
            {
                self.go(self.chapter + 1, count);
            }
            if ui.button(t(T::HelpClose)).clicked() {
                self.open = false;
            }
            ui.weak(t(T::HelpKeys));
        });
        ui.separator();
        let mut chosen = None;
        let current = self.chapter;
        egui::Panel::left("guide_contents")
            .resizable(false)
            .exact_size(220.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("guide_contents")
                    .auto_shrink(false)
                    .show(ui, |ui| {
                        ui.label(egui::RichText::new(t(T::HelpContents)).strong());
                        for (i, chapter) in self.guide(lang).iter().enumerate() {
                            let b = egui::Button::selectable(i == current, chapter.title.as_str())
                                .wrap();
                            if ui.add(b).clicked() {
                                chosen = Some(i);
                            }
                        }
                    });
            });
        if let Some(i) = chosen {
            self.go(i, count);
        }
        let to_top = std::mem::take(&mut self.to_top);
        let (up, down, page_up, page_down, home) = ui.input_mut(|i| {
            let mut k = |key| i.consume_key(egui::Modifiers::NONE, key);
            (
                k(egui::Key::ArrowUp),
                k(egui::Key::ArrowDown),
                k(egui::Key::PageUp),
                k(egui::Key::PageDown),
                k(egui::Key::Home),
            )
        });
        let chapter = self.chapter;
        let guide = self.guide(lang);
        let Some(shown) = guide.get(chapter) else {
            return;
        };
        egui::CentralPanel::default().show(ui, |ui| {
            let mut area = egui::ScrollArea::vertical()
                .id_salt(("guide_text", lang == Lang::En, chapter))
                .auto_shrink(false);
            if to_top || home {
                area = area.vertical_scroll_offset(0.0);
            }
            area.show(ui, |ui| {
                let page = ui.clip_rect().height() - 40.0;
                let step = 40.0;
                let delta = match (up, down, page_up, page_down) {
                    (true, ..) => step,
                    (_, true, ..) => -step,
                    (_, _, true, _) => page,
                    (_, _, _, true) => -page,
                    _ => 0.0,
                };
                if delta != 0.0 {
                    ui.scroll_with_delta(egui::vec2(0.0, delta));
                }
                ui.label(egui::RichText::new(&shown.title).heading().strong());
                ui.add_space(4.0);
                let mut after_list = false;
                for block in &shown.blocks {
                    let list = matches!(block, Block::Item(..));
                    if after_list && !list {
                        ui.add_space(6.0);
                    }
                    after_list = list;
                    show_block(ui, block, lang);
                }
                ui.add_space(24.0);
            });
        });
    }
}

/// The words of a line, laid out in their styles at the body size (or `size`).
fn job(ui: &egui::Ui, spans: &[Span], size: Option<f32>, strong: bool) -> egui::text::LayoutJob {
    use egui::{FontFamily, FontId, TextFormat, TextStyle};
    let body = ui
        .style()
        .text_styles
        .get(&TextStyle::Body)
        .cloned()
        .unwrap_or_else(|| FontId::new(17.0, FontFamily::Proportional));
    let size = size.unwrap_or(body.size);
    let visuals = ui.visuals();
    let mut job = egui::text::LayoutJob::default();
    for s in spans {
        let mut format = TextFormat {
            font_id: FontId::new(size, FontFamily::Proportional),
            color: if strong {
                visuals.strong_text_color()
            } else {
                visuals.text_color()
            },
            ..Default::default()
        };
        match s.style {
            Style::Plain => {}
            Style::Strong => format.color = visuals.strong_text_color(),
            Style::Code => {
                format.font_id = FontId::new(size - 1.0, FontFamily::Monospace);
                format.background = visuals.code_bg_color;
            }
            Style::Link => format.color = visuals.hyperlink_color,
        }
        job.append(&s.text, 0.0, format);
    }
    job
}

fn wrapped(ui: &mut egui::Ui, job: egui::text::LayoutJob) {
    ui.add(egui::Label::new(job).wrap());
}

fn show_block(ui: &mut egui::Ui, block: &Block, lang: Lang) {
    match block {
        Block::Heading(level, words) => {
            ui.add_space(8.0);
            let size = if *level <= 3 { 20.0 } else { 18.0 };
            let job = job(ui, words, Some(size), true);
            wrapped(ui, job);
        }
        Block::Paragraph(words) => {
            let job = job(ui, words, None, false);
            wrapped(ui, job);
            ui.add_space(4.0);
        }
        Block::Item(depth, mark, words) => {
            ui.horizontal_top(|ui| {
                ui.add_space(8.0 + 22.0 * f32::from(*depth));
                ui.label(mark.as_str());
                let job = job(ui, words, None, false);
                wrapped(ui, job);
            });
        }
        Block::Code(code) => {
            egui::Frame::new()
                .fill(ui.visuals().extreme_bg_color)
                .inner_margin(8.0)
                .corner_radius(4.0)
                .show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    ui.add(egui::Label::new(egui::RichText::new(code).monospace()).wrap());
                });
            ui.add_space(4.0);
        }
        Block::Picture { caption, path } => {
            ui.weak(fill(T::HelpPicture.get(lang), &[caption, path]));
        }
        Block::Table(head, rows) => table(ui, head, rows),
    }
}

/// A table: every column but the last as wide as its widest cell (at most a third of the
/// width), the last the rest, every cell wrapping inside its column.
fn table(ui: &mut egui::Ui, head: &[Vec<Span>], rows: &[Vec<Vec<Span>>]) {
    let columns = std::iter::once(head)
        .chain(rows.iter().map(Vec::as_slice))
        .map(<[Vec<Span>]>::len)
        .max()
        .unwrap_or(0);
    if columns == 0 {
        return;
    }
    let gap = ui.spacing().item_spacing.x;
    let width = ui.available_width();
    let cap = (width / 3.0).max(60.0);
    let mut widths = vec![0.0f32; columns];
    for row in std::iter::once(head).chain(rows.iter().map(Vec::as_slice)) {
        for (c, cell) in row.iter().enumerate().take(columns - 1) {
            let g = egui::WidgetText::from(job(ui, cell, None, true)).into_galley(
                ui,
                Some(egui::TextWrapMode::Extend),
                f32::INFINITY,
                egui::TextStyle::Body,
            );
            widths[c] = widths[c].max(g.size().x.ceil() + 2.0).min(cap);
        }
    }
    let used: f32 = widths[..columns - 1].iter().map(|w| w + gap).sum();
    widths[columns - 1] = (width - used).max(60.0);
    let row_ui = |ui: &mut egui::Ui, row: &[Vec<Span>], strong: bool| {
        ui.horizontal_top(|ui| {
            for (c, w) in widths.iter().enumerate() {
                let words = row.get(c).map(Vec::as_slice).unwrap_or(&[]);
                ui.allocate_ui_with_layout(
                    egui::vec2(*w, 0.0),
                    egui::Layout::top_down(egui::Align::Min),
                    |ui| {
                        ui.set_width(*w);
                        let job = job(ui, words, None, strong);
                        wrapped(ui, job);
                    },
                );
            }
        });
    };
    row_ui(ui, head, true);
    ui.separator();
    for row in rows {
        row_ui(ui, row, false);
    }
    ui.add_space(6.0);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(text: &str) -> Span {
        Span {
            text: text.into(),
            style: Style::Plain,
        }
    }

    fn styled(text: &str, style: Style) -> Span {
        Span {
            text: text.into(),
            style,
        }
    }

    #[test]
    fn a_line_reads_its_code_bold_and_links() {
        assert_eq!(
            spans("按 `Ctrl+P` 编排，**不可撤销**的见[设置](settings.md)。"),
            vec![
                plain("按 "),
                styled("Ctrl+P", Style::Code),
                plain(" 编排，"),
                styled("不可撤销", Style::Strong),
                plain("的见"),
                styled("设置", Style::Link),
                plain("。"),
            ]
        );
        // A mark left open is text as written; a backslash keeps a mark.
        assert_eq!(spans("a ` b"), vec![plain("a ` b")]);
        assert_eq!(spans("**open"), vec![plain("**open")]);
        assert_eq!(spans(r"1 \* 2"), vec![plain("1 * 2")]);
    }

    #[test]
    fn the_guide_reads_as_chapters_of_blocks() {
        let text = "# 指南\n\n开头一段\n接着一行。\n\n## 第一章\n\n### 小节\n\n- 甲\n  续行\n- 乙\n  1. 子项\n\n| 键 | 作用 |\n|---|---|\n| `1` | 红胜 |\n| `\\|` | 竖线 |\n\n```\nbianpai demo d.bianpai\n  缩进\n```\n\n![对阵页](screens/tab-pairings-1024-zh.png)\n\nEnglish words\nwrapped here.\n";
        let chapters = parse(text);
        assert_eq!(chapters.len(), 2);
        assert_eq!(chapters[0].title, "指南");
        // Two Chinese lines join without a space.
        assert_eq!(
            chapters[0].blocks,
            vec![Block::Paragraph(vec![plain("开头一段接着一行。")])]
        );
        assert_eq!(chapters[1].title, "第一章");
        assert_eq!(
            chapters[1].blocks,
            vec![
                Block::Heading(3, vec![plain("小节")]),
                Block::Item(0, "•".into(), vec![plain("甲续行")]),
                Block::Item(0, "•".into(), vec![plain("乙")]),
                Block::Item(1, "1.".into(), vec![plain("子项")]),
                Block::Table(
                    vec![vec![plain("键")], vec![plain("作用")]],
                    vec![
                        vec![vec![styled("1", Style::Code)], vec![plain("红胜")]],
                        vec![vec![styled("|", Style::Code)], vec![plain("竖线")]],
                    ]
                ),
                Block::Code("bianpai demo d.bianpai\n  缩进".into()),
                Block::Picture {
                    caption: "对阵页".into(),
                    path: "screens/tab-pairings-1024-zh.png".into()
                },
                // English lines join with a space.
                Block::Paragraph(vec![plain("English words wrapped here.")]),
            ]
        );
    }

    #[test]
    fn both_guides_have_a_title_and_the_same_chapters_in_number() {
        let zh = parse(GUIDE_ZH);
        let en = parse(GUIDE_EN);
        assert!(zh.len() > 5, "{} chapters", zh.len());
        assert_eq!(zh.len(), en.len(), "the English guide follows the Chinese");
        for c in zh.iter().chain(&en) {
            assert!(!c.title.is_empty());
            assert!(!c.blocks.is_empty(), "chapter “{}” is empty", c.title);
        }
    }
}
