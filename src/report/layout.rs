//! The layout layer: A4/A3 pages in portrait or landscape, a header (title lines) and a footer
//! ("第 x 页 / 共 y 页") on every page, and tables whose header row repeats on each page. Text is
//! measured with the font's own advances: a cell's text shrinks to fit, and wraps onto a second
//! line if shrinking is not enough, so nothing runs outside its cell. Coordinates here are
//! millimetres from the top-left corner; the PDF's bottom-left origin is met only where a page is handed to the writer
//! ([`super::pdf`]).

use super::ReportError;
use super::pdf::{self, FontFile, Mark};
use crate::assets::{HANAMIN_B_EXT_B, NOTO_SANS_SC};
use std::collections::BTreeSet;

const PT_PER_MM: f32 = 72.0 / 25.4;

/// Paper size and orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paper {
    A4Portrait,
    A4Landscape,
    A3Portrait,
    A3Landscape,
}

impl Paper {
    /// (width, height) in mm.
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4Portrait => (210.0, 297.0),
            Paper::A4Landscape => (297.0, 210.0),
            Paper::A3Portrait => (297.0, 420.0),
            Paper::A3Landscape => (420.0, 297.0),
        }
    }
}

/// The sheet size the arbiter chooses (A4, or A3 for the wall and for wide tables); each
/// document picks its orientation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PaperSize {
    #[default]
    A4,
    A3,
}

impl PaperSize {
    pub fn portrait(self) -> Paper {
        match self {
            PaperSize::A4 => Paper::A4Portrait,
            PaperSize::A3 => Paper::A3Portrait,
        }
    }

    pub fn landscape(self) -> Paper {
        match self {
            PaperSize::A4 => Paper::A4Landscape,
            PaperSize::A3 => Paper::A3Landscape,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

/// A table column: header text, width in mm and alignment.
#[derive(Clone, Debug)]
pub struct Column {
    pub title: String,
    pub width: f32,
    pub align: Align,
}

impl Column {
    pub fn new(title: &str, width: f32, align: Align) -> Column {
        Column {
            title: title.to_string(),
            width,
            align,
        }
    }
}

/// Where a piece of text was put: the box it had to stay inside (mm from the top-left corner of
/// its page) and the size it was drawn at. Tests measure the text again against the box.
#[derive(Clone, Debug, PartialEq)]
pub struct TextBox {
    /// 0-based page index.
    pub page: usize,
    pub text: String,
    pub x: f32,
    pub width: f32,
    pub size: f32,
}

/// A finished document: the PDF bytes, the paper of each page and every text box drawn.
#[derive(Clone, Debug)]
pub struct Pdf {
    pub bytes: Vec<u8>,
    pub pages: Vec<Paper>,
    pub boxes: Vec<TextBox>,
}

/// The bundled fonts, parsed once, with text measurement: Noto Sans SC, and for the CJK
/// Extension B characters it lacks the fallback, parsed the first time a text needs it.
pub struct Font {
    main: FontFile,
    units_per_em: f32,
    fallback: std::sync::OnceLock<Option<FontFile>>,
}

/// Which of the bundled fonts draws a character (its index among the writer's fonts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Face {
    Main = 0,
    Fallback = 1,
}

/// The characters the fallback font has (CJK Extension B).
const FALLBACK_RANGE: std::ops::RangeInclusive<u32> = 0x20000..=0x2A6DF;

impl Font {
    pub fn load() -> Result<Font, ReportError> {
        let face = ttf_parser::Face::parse(NOTO_SANS_SC, 0).map_err(|_| ReportError::Font)?;
        let units_per_em = f32::from(face.units_per_em().max(1));
        Ok(Font {
            main: FontFile {
                data: NOTO_SANS_SC,
                face,
                name: "NotoSansSC-Regular",
            },
            units_per_em,
            fallback: std::sync::OnceLock::new(),
        })
    }

    /// The bundled fonts, parsed once for the whole program.
    pub fn bundled() -> Result<&'static Font, ReportError> {
        static FONT: std::sync::OnceLock<Option<Font>> = std::sync::OnceLock::new();
        FONT.get_or_init(|| Font::load().ok())
            .as_ref()
            .ok_or(ReportError::Font)
    }

    fn fallback(&self) -> Option<&FontFile> {
        self.fallback
            .get_or_init(|| {
                ttf_parser::Face::parse(HANAMIN_B_EXT_B, 0)
                    .ok()
                    .map(|face| FontFile {
                        data: HANAMIN_B_EXT_B,
                        face,
                        name: "HanaMinB",
                    })
            })
            .as_ref()
    }

    /// The font that draws `c`, if one does.
    fn face(&self, c: char) -> Option<Face> {
        if self.main.face.glyph_index(c).is_some() {
            Some(Face::Main)
        } else if FALLBACK_RANGE.contains(&(c as u32))
            && self
                .fallback()
                .is_some_and(|f| f.face.glyph_index(c).is_some())
        {
            Some(Face::Fallback)
        } else {
            None
        }
    }

    /// Width of `text` at `size` points, in mm.
    pub fn width_mm(&self, text: &str, size: f32) -> f32 {
        self.mm(text.chars().map(|c| self.advance(c)).sum(), size)
    }

    /// The advance of one character, in units of the main font.
    fn advance(&self, c: char) -> u32 {
        if let Some(g) = self.main.face.glyph_index(c) {
            return u32::from(self.main.face.glyph_hor_advance(g).unwrap_or(0));
        }
        match (self.face(c), self.fallback()) {
            (Some(Face::Fallback), Some(f)) => f
                .face
                .glyph_index(c)
                .map(|g| {
                    let em = f32::from(f.face.units_per_em().max(1));
                    let adv = f32::from(f.face.glyph_hor_advance(g).unwrap_or(0));
                    (adv * self.units_per_em / em).round() as u32
                })
                .unwrap_or(0),
            _ => 0,
        }
    }

    /// Font units at `size` points, in mm.
    fn mm(&self, units: u32, size: f32) -> f32 {
        units as f32 / self.units_per_em * size / PT_PER_MM
    }

    /// Can a bundled font draw `c` (white space and control characters need none)?
    pub fn draws(&self, c: char) -> bool {
        c.is_whitespace() || c.is_control() || self.face(c).is_some()
    }

    /// The characters of `texts` that no bundled font can draw (the writer would leave them
    /// out silently).
    pub fn missing_glyphs<'a>(&self, texts: impl IntoIterator<Item = &'a str>) -> BTreeSet<char> {
        texts
            .into_iter()
            .flat_map(str::chars)
            .filter(|c| !self.draws(*c))
            .collect()
    }
}

/// 禁则 — characters a Chinese line must not start with (closing punctuation and brackets).
const NO_LINE_START: &str = "，。、；：？！）」』》〉】〕”’…·%,.;:?!)]}";
/// Characters a Chinese line must not end with (opening brackets and quotes).
const NO_LINE_END: &str = "（「『《〈【〔“‘([{";

/// May a line break fall between `before` and `after` by the Chinese rules (禁则)?
fn may_break(before: char, after: char) -> bool {
    !NO_LINE_START.contains(after) && !NO_LINE_END.contains(before)
}

/// The characters that end a word of a Chinese unit's or place's name: the level of a place
/// (省, 市, 区, 县 …) and the kind of a body (宫, 院, 校, 队, 会 …).
const WORD_ENDS: &str = "省市区县州盟旗镇乡村街道路宫院校馆队会部局委厅所站社团心";
/// Places whose names end in no level (北京, 澳门 …): a word ends after them.
const PLACES: [&str; 8] = [
    "北京",
    "上海",
    "天津",
    "重庆",
    "香港",
    "澳门",
    "台湾",
    "内蒙古",
];
/// Words a unit's name is made of that begin a new word (澳门/象棋总会, 黄浦区/少年宫).
const WORD_STARTS: [&str; 16] = [
    "象棋",
    "国际象棋",
    "棋院",
    "棋协",
    "棋类",
    "少年宫",
    "文化",
    "体育",
    "俱乐部",
    "协会",
    "教育",
    "有限公司",
    "中心",
    "大学",
    "中学",
    "小学",
];

/// Does a word of a unit's name end before `chars[i]` (so that a line may break there)? After
/// one of [`WORD_ENDS`] unless the next character continues a compound (区域, 市场 …; two word
/// ends in a row are one word: 街道, 社区), after one of [`PLACES`], or before one of
/// [`WORD_STARTS`].
fn word_end(chars: &[char], i: usize) -> bool {
    if i < 2 || i >= chars.len() {
        return false;
    }
    // The few characters either side are all a place or a word needs (linear in the text).
    let before: String = chars[i.saturating_sub(3)..i].iter().collect();
    let after: String = chars[i..(i + 4).min(chars.len())].iter().collect();
    (WORD_ENDS.contains(chars[i - 1])
        && !WORD_ENDS.contains(chars[i])
        && !matches!(chars[i], '域' | '场' | '长' | '民' | '级' | '属'))
        || PLACES.iter().any(|p| before.ends_with(p))
        || WORD_STARTS.iter().any(|w| after.starts_with(w))
}

/// Splits `text` into at most two lines that each fit `width` at `size`; returns the lines
/// and the size actually used (shrunk down to `min_size` if needed). Linear in the length of
/// the text: every character is measured once.
pub fn fit_text(
    font: &Font,
    text: &str,
    width: f32,
    size: f32,
    min_size: f32,
) -> (Vec<String>, f32) {
    let chars: Vec<char> = text.chars().collect();
    // prefix[i]: the width of the first i characters, in font units.
    let mut prefix = Vec::with_capacity(chars.len() + 1);
    prefix.push(0u32);
    for &c in &chars {
        prefix.push(prefix[prefix.len() - 1] + font.advance(c));
    }
    let whole = prefix[chars.len()];
    let mut s = size;
    while s > min_size && font.mm(whole, s) > width {
        s -= 0.5;
    }
    if font.mm(whole, s) <= width {
        return (vec![text.to_string()], s);
    }
    // Two lines, as even as they can be (the larger the print). Latin words stay whole: when
    // the text has spaces it breaks at one of them, and the space is not printed.
    let spaces: Vec<usize> = (1..chars.len()).filter(|&i| chars[i] == ' ').collect();
    let rest_from = |i: usize| {
        if chars[i] == ' ' && !spaces.is_empty() {
            i + 1
        } else {
            i
        }
    };
    let widths = |i: usize| (prefix[i], whole - prefix[rest_from(i)]);
    let cuts: Vec<usize> = if spaces.is_empty() {
        let allowed: Vec<usize> = (1..chars.len())
            .filter(|&i| may_break(chars[i - 1], chars[i]))
            .collect();
        let allowed = if allowed.is_empty() {
            (1..chars.len()).collect()
        } else {
            allowed
        };
        // A unit's name breaks between its words where that costs little print (a line at
        // most a third longer than the even cut's): after a place (深圳市/宝安区少年宫), not
        // inside one (深圳市宝/安区少年宫).
        let even = allowed.iter().map(|&i| {
            let (a, b) = widths(i);
            a.max(b)
        });
        let best = even.min().unwrap_or(whole);
        let words: Vec<usize> = allowed
            .iter()
            .copied()
            .filter(|&i| word_end(&chars, i))
            .filter(|&i| {
                let (a, b) = widths(i);
                u64::from(a.max(b)) * 3 <= u64::from(best) * 4
            })
            .collect();
        if words.is_empty() { allowed } else { words }
    } else {
        spaces.clone()
    };
    let ((first, second), (wa, wb)) = match cuts.into_iter().min_by_key(|&i| {
        let (a, b) = widths(i);
        a.max(b)
    }) {
        Some(cut) => (
            (
                chars[..cut].iter().collect(),
                chars[rest_from(cut)..].iter().collect(),
            ),
            widths(cut),
        ),
        // One character: it stays on the first line.
        None => ((text.to_string(), String::new()), (whole, 0)),
    };
    let mut s2 = size;
    while s2 > 1.0 && (font.mm(wa, s2) > width || font.mm(wb, s2) > width) {
        s2 -= 0.25;
    }
    (vec![first, second], s2)
}

/// Fixed phrases of the documents never broken across lines where a line can hold them: a
/// certificate must not end “特发此/证”.
pub const KEEP_WHOLE: [&str; 3] = ["特发此证", "以资鼓励", "特此证明"];

/// For each character of `chars`, may a line begin with it without breaking one of `keep`
/// (or of [`KEEP_WHOLE`]) that fits on a line of `width`? A phrase wider than a line may
/// break; the 禁则 still apply.
fn breakable(font: &Font, chars: &[char], keep: &[&str], width: f32, size: f32) -> Vec<bool> {
    let mut ok = vec![true; chars.len() + 1];
    for phrase in KEEP_WHOLE.iter().copied().chain(keep.iter().copied()) {
        let p: Vec<char> = phrase.chars().collect();
        if p.len() < 2 || font.width_mm(phrase, size) > width {
            continue;
        }
        for start in 0..chars.len().saturating_sub(p.len() - 1) {
            if chars[start..start + p.len()] == p[..] {
                for flag in &mut ok[start + 1..start + p.len()] {
                    *flag = false;
                }
            }
        }
    }
    for i in 1..chars.len() {
        ok[i] &= may_break(chars[i - 1], chars[i]);
    }
    ok
}

/// Breaks `text` into lines no wider than `width` at `size`: between two CJK characters where
/// the Chinese rules allow (no line starts with closing punctuation or ends with an opening
/// bracket: the character before moves down with it), never inside a fixed phrase
/// ([`KEEP_WHOLE`]) that fits a line, at a space for Latin words when one is near, otherwise
/// anywhere. Linear in the length of the text: each line keeps its running width.
pub fn wrap_lines(font: &Font, text: &str, width: f32, size: f32) -> Vec<String> {
    wrap_lines_keeping(font, text, width, size, &[])
}

/// As [`wrap_lines`], keeping each of `keep` (a name, a unit, a place in words) on one line
/// where a line can hold it.
pub fn wrap_lines_keeping(
    font: &Font,
    text: &str,
    width: f32,
    size: f32,
    keep: &[&str],
) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let ok = breakable(font, &chars, keep, width, size);
    let mut lines = Vec::new();
    // The current line is chars[from..i].
    let mut from = 0usize;
    let mut units = 0u32;
    let mut i = 0usize;
    while i < chars.len() {
        let c = chars[i];
        let adv = font.advance(c);
        if i > from && font.mm(units + adv, size) > width {
            let line = &chars[from..i];
            // Prefer breaking at the last space for Latin words.
            let space = line
                .iter()
                .rposition(|&x| x == ' ')
                .filter(|&k| k > 0 && c.is_ascii_alphanumeric());
            let cut = match space {
                Some(k) => {
                    lines.push(line[..k].iter().collect());
                    from + k + 1
                }
                None => {
                    // Carry characters down until the break is allowed (never the whole
                    // line).
                    let mut cut = i;
                    while cut > from + 1 && !ok[cut] {
                        cut -= 1;
                    }
                    if !ok[cut] {
                        cut = i;
                    }
                    lines.push(chars[from..cut].iter().collect());
                    cut
                }
            };
            from = cut;
            units = chars[from..i].iter().map(|&r| font.advance(r)).sum();
        }
        units += adv;
        i += 1;
    }
    if from < chars.len() || lines.is_empty() {
        lines.push(chars[from..].iter().collect());
    }
    lines
}

/// A document under construction: pages of operations in top-left millimetre coordinates.
pub struct Document<'f> {
    font: &'f Font,
    /// The document's title, in the PDF's information.
    title: String,
    /// The paper of pages started from now on.
    paper: Paper,
    pub margin: f32,
    /// Each page's paper and marks (in PDF points from the bottom-left corner).
    pages: Vec<(Paper, Vec<Mark>)>,
    footers: bool,
    /// Pages (from 1) printed without a footer: a book's cover.
    unnumbered: Vec<usize>,
    /// Room (mm) kept below the last two rows of a table, for what must stay with them (a
    /// signature line): see [`Document::set_table_tail`].
    table_tail: f32,
    /// Where the content of the current page begins (below the header).
    top: f32,
    boxes: Vec<TextBox>,
    /// Lines printed at the top of every page (the first one larger).
    header: Vec<String>,
    /// The size of each header line in points (the last one for the lines after it).
    header_sizes: Vec<f32>,
    footer_left: String,
    page_of: String,
    /// Room kept free on each side of the header lines (for a QR code in a corner).
    header_inset: f32,
}

/// Where the next content goes on the current page (mm from the top).
pub struct Cursor {
    pub y: f32,
}

/// A document of one table that may run over several pages: `event`, `title` and `when` head
/// every page. `draw` puts the table on the first page.
pub fn titled_sheet(
    font: &Font,
    paper: Paper,
    [event, title, when]: [&str; 3],
    page_of: &str,
    stamp: i64,
    draw: impl FnOnce(&mut Document, Cursor),
) -> Result<Pdf, ReportError> {
    let header = vec![event.to_string(), title.to_string(), when.to_string()];
    let mut doc = Document::new(font, title, paper, header, "", page_of);
    let cursor = doc.new_page();
    draw(&mut doc, cursor);
    doc.finish(stamp)
}

impl<'f> Document<'f> {
    /// `page_of` is the footer template with two `{}`: page and page count.
    pub fn new(
        font: &'f Font,
        title: &str,
        paper: Paper,
        header: Vec<String>,
        footer_left: &str,
        page_of: &str,
    ) -> Self {
        Document {
            font,
            title: title.to_string(),
            paper,
            margin: 15.0,
            pages: Vec::new(),
            footers: true,
            unnumbered: Vec::new(),
            table_tail: 0.0,
            top: 0.0,
            boxes: Vec::new(),
            header,
            header_sizes: vec![16.0, 11.0],
            footer_left: footer_left.to_string(),
            page_of: page_of.to_string(),
            header_inset: 0.0,
        }
    }

    /// The width between the margins of the current page (or of the next one).
    pub fn content_width(&self) -> f32 {
        self.pages.last().map_or(self.paper, |p| p.0).size().0 - 2.0 * self.margin
    }

    pub fn paper(&self) -> Paper {
        self.paper
    }

    /// Pages started from now on use `paper` (a book may turn to landscape for a wide table).
    pub fn set_paper(&mut self, paper: Paper) {
        self.paper = paper;
    }

    /// No footer (page numbers) on any page: for certificates.
    pub fn without_footers(&mut self) {
        self.footers = false;
    }

    /// No footer on the current page (a book's cover carries no page number); the pages are
    /// still counted, so that a page's number is its place in the file.
    pub fn unnumbered_page(&mut self) {
        let page = self.pages.len();
        if page > 0 && !self.unnumbered.contains(&page) {
            self.unnumbered.push(page);
        }
    }

    /// The number of the current page, from 1 (0 before the first).
    pub fn page_number(&self) -> usize {
        self.pages.len()
    }

    /// The content width over that of A4 portrait (180 mm): documents give column widths for
    /// A4 portrait and multiply them by this.
    pub fn scale(&self) -> f32 {
        self.content_width() / 180.0
    }

    /// The height of the current page (the paper for the next page before the first one).
    fn height(&self) -> f32 {
        self.pages.last().map_or(self.paper, |p| p.0).size().1
    }

    /// Bottom limit of the content area (mm from top), above the footer.
    fn bottom(&self) -> f32 {
        self.height() - self.margin - 8.0
    }

    /// Starts a new page with the header; returns the cursor below the header.
    pub fn new_page(&mut self) -> Cursor {
        self.pages.push((self.paper, Vec::new()));
        let mut y = self.margin;
        let header = self.header.clone();
        for (i, line) in header.iter().enumerate() {
            let size = self
                .header_sizes
                .get(i)
                .or(self.header_sizes.last())
                .copied()
                .unwrap_or(11.0);
            let inset = self.header_inset.min(self.content_width() / 3.0);
            let w = self.content_width() - 2.0 * inset;
            y += size / PT_PER_MM * 1.2;
            self.text_fit(line, self.margin + inset, y, w, size, Align::Center);
            y += 2.0;
        }
        self.top = y + 3.0;
        Cursor { y: y + 3.0 }
    }

    /// Where the content of the current page begins.
    fn page_top(&self) -> f32 {
        self.top
    }

    /// Tables drawn from now on keep their last two rows on a page with `mm` below them free
    /// for what follows (a signature line), so that it never goes onto a page of its own.
    pub fn set_table_tail(&mut self, mm: f32) {
        self.table_tail = mm.max(0.0);
    }

    /// Draws `text` with its baseline at `y`, fitted into `width` (shrinks; never wraps).
    pub fn text_fit(&mut self, text: &str, x: f32, y: f32, width: f32, size: f32, align: Align) {
        let (lines, s) = fit_text(self.font, text, width, size, size * 0.6);
        let joined = lines.concat();
        let (line, s) = if lines.len() == 1 {
            (joined, s)
        } else {
            let mut s = s;
            while s > 1.0 && self.font.width_mm(&joined, s) > width {
                s -= 0.25;
            }
            (joined, s)
        };
        self.text_at(&line, x, y, width, s, align);
    }

    fn text_at(&mut self, text: &str, x: f32, y: f32, width: f32, size: f32, align: Align) {
        let page = self.pages.len().saturating_sub(1);
        self.text_on(page, text, x, y, width, size, align);
    }

    #[allow(clippy::too_many_arguments)]
    fn text_on(
        &mut self,
        page: usize,
        text: &str,
        x: f32,
        y: f32,
        width: f32,
        size: f32,
        align: Align,
    ) {
        if text.is_empty() {
            return;
        }
        self.boxes.push(TextBox {
            page,
            text: text.to_string(),
            x,
            width,
            size,
        });
        let w = self.font.width_mm(text, size);
        let x = match align {
            Align::Left => x,
            Align::Center => x + (width - w) / 2.0,
            Align::Right => x + width - w,
        };
        // Runs of characters drawn by one font; a character no font has stays with the run
        // before it (the glyph check refuses the document before it is saved).
        let mut runs: Vec<(Face, String)> = vec![];
        for c in text.chars() {
            let face = self.font.face(c).unwrap_or(match runs.last() {
                Some((f, _)) => *f,
                None => Face::Main,
            });
            match runs.last_mut() {
                Some((f, run)) if *f == face => run.push(c),
                _ => runs.push((face, c.to_string())),
            }
        }
        let Some((paper, marks)) = self.pages.get_mut(page) else {
            return;
        };
        let h = paper.size().1;
        let mut x = x;
        for (face, run) in runs {
            let advance = self.font.width_mm(&run, size);
            marks.push(Mark::Text {
                font: face as usize,
                x: x * PT_PER_MM,
                y: (h - y) * PT_PER_MM,
                size,
                text: run,
            });
            x += advance;
        }
    }

    /// A straight line between two points (mm from top-left).
    pub fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, thickness_pt: f32) {
        self.stroke((x1, y1), (x2, y2), thickness_pt, false);
    }

    /// A line on the current page, solid or dashed (mm from top-left).
    fn stroke(&mut self, from: (f32, f32), to: (f32, f32), width: f32, dashed: bool) {
        let h = self.height();
        let at = |(x, y): (f32, f32)| (x * PT_PER_MM, (h - y) * PT_PER_MM);
        if let Some((_, marks)) = self.pages.last_mut() {
            marks.push(Mark::Line {
                from: at(from),
                to: at(to),
                width,
                dashed,
            });
        }
    }

    /// A rectangle outline (mm from top-left).
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, thickness_pt: f32) {
        self.line(x, y, x + w, y, thickness_pt);
        self.line(x + w, y, x + w, y + h, thickness_pt);
        self.line(x + w, y + h, x, y + h, thickness_pt);
        self.line(x, y + h, x, y, thickness_pt);
    }

    /// A filled black rectangle (mm from top-left): the modules of a QR code.
    pub fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32) {
        let page_h = self.height();
        if let Some((_, marks)) = self.pages.last_mut() {
            marks.push(Mark::Fill {
                x: x * PT_PER_MM,
                y: (page_h - y - h) * PT_PER_MM,
                w: w * PT_PER_MM,
                h: h * PT_PER_MM,
            });
        }
    }

    /// A dashed line (cut lines between slips).
    pub fn dashed_line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32) {
        self.stroke((x1, y1), (x2, y2), 0.5, true);
    }

    /// The usable height of a page below `top` (mm), above the footer.
    pub fn room_below(&self, top: f32) -> f32 {
        self.bottom() - top
    }

    /// Starts a new page unless `needed` mm are left below the cursor (keeps a heading with
    /// the first rows of its table).
    pub fn ensure_room(&mut self, cursor: &mut Cursor, needed: f32) {
        if cursor.y + needed > self.bottom() {
            *cursor = self.new_page();
        }
    }

    /// Draws a table from `cursor` down, starting new pages as needed and repeating the header
    /// row on each. Cells shrink or wrap their text to stay inside. Returns the cursor below.
    pub fn table(
        &mut self,
        cursor: Cursor,
        columns: &[Column],
        rows: &[Vec<String>],
        row_height: f32,
        size: f32,
    ) -> Cursor {
        self.table_at(cursor, self.margin, columns, rows, row_height, size)
    }

    /// As [`Document::table`], its left edge at `x0` mm (a second column of boards).
    #[allow(clippy::too_many_arguments)]
    pub fn table_at(
        &mut self,
        mut cursor: Cursor,
        x0: f32,
        columns: &[Column],
        rows: &[Vec<String>],
        row_height: f32,
        size: f32,
    ) -> Cursor {
        let total: f32 = columns.iter().map(|c| c.width).sum();
        let header_row: Vec<String> = columns.iter().map(|c| c.title.clone()).collect();
        let draw_row = |doc: &mut Self, y: f32, cells: &[String], bold_line: bool| {
            let mut x = x0;
            doc.line(x, y, x, y + row_height, 0.3);
            for (c, text) in columns.iter().zip(cells) {
                doc.cell(text, x, y, c.width, row_height, size, c.align);
                x += c.width;
                doc.line(x, y, x, y + row_height, 0.3);
            }
            doc.line(
                x0,
                y + row_height,
                x0 + total,
                y + row_height,
                if bold_line { 1.0 } else { 0.3 },
            );
        };
        let mut need_header = true;
        let n = rows.len();
        let tail = self.table_tail;
        // A row is never alone on a page: the first page of a table holds the header and two
        // rows (a short table whole, with what must follow it), and the last two rows go
        // together with the room `table_tail` asks below them.
        let first_need = if n <= 4 {
            (n as f32 + 1.0) * row_height + tail
        } else {
            3.0 * row_height
        };
        // Rows of this table on the current page.
        let mut here = 0usize;
        for (i, row) in rows.iter().enumerate() {
            let last_two = n >= 2 && i == n - 2;
            let room_for = if last_two {
                2.0 * row_height + tail
            } else {
                row_height
            };
            // The last two rows move on together only where two rows stay behind.
            let fits = cursor.y + room_for <= self.bottom()
                || (last_two && here < 2 && cursor.y + row_height <= self.bottom());
            if !need_header && !fits {
                cursor = self.new_page();
                need_header = true;
                here = 0;
            }
            if need_header {
                let need = if i == 0 { first_need } else { 2.0 * row_height };
                if cursor.y + need > self.bottom() && cursor.y > self.page_top() {
                    cursor = self.new_page();
                }
                self.line(x0, cursor.y, x0 + total, cursor.y, 1.0);
                draw_row(self, cursor.y, &header_row, true);
                cursor.y += row_height;
                need_header = false;
            }
            draw_row(self, cursor.y, row, false);
            cursor.y += row_height;
            here += 1;
        }
        cursor
    }

    /// One cell: padding in proportion to the print (1 mm up to 11 pt, 2.5 mm at 28 pt), text
    /// vertically centred; one line, or two when it must wrap.
    #[allow(clippy::too_many_arguments)]
    fn cell(
        &mut self,
        text: &str,
        x: f32,
        y: f32,
        width: f32,
        height: f32,
        size: f32,
        align: Align,
    ) {
        let pad = (size / PT_PER_MM * 0.25).max(1.0).min(width / 4.0);
        let inner = width - 2.0 * pad;
        let (lines, s) = fit_text(self.font, text, inner, size, size * 0.7);
        // Two lines must also fit the row's height.
        let s = if lines.len() > 1 {
            s.min((height - 0.6) / (1.15 * lines.len() as f32) * PT_PER_MM)
        } else {
            s
        };
        let line_h = s / PT_PER_MM;
        let block = line_h * 1.15 * lines.len() as f32;
        let mut base = y + (height - block) / 2.0 + line_h * 0.9;
        for line in &lines {
            self.text_at(line, x + pad, base, inner, s, align);
            base += line_h * 1.15;
        }
    }

    /// Adds a paragraph at the cursor, wrapped onto as many lines as it needs (CJK text breaks
    /// between any two characters, Latin text at spaces where it can).
    pub fn paragraph(&mut self, cursor: &mut Cursor, text: &str, size: f32) {
        self.paragraph_aligned(cursor, text, size, Align::Left);
    }

    /// A list as a paragraph: `head`, then the items separated by `sep`, breaking lines only
    /// between items (an item wider than a line breaks like any paragraph), so that a name
    /// and its number stay together. Lines after the first begin with `indent`.
    #[allow(clippy::too_many_arguments)]
    pub fn list_paragraph(
        &mut self,
        cursor: &mut Cursor,
        head: &str,
        indent: &str,
        items: &[String],
        sep: &str,
        size: f32,
    ) {
        let w = self.content_width();
        let mut lines: Vec<String> = Vec::new();
        let mut line = head.to_string();
        for (i, item) in items.iter().enumerate() {
            let piece = if i + 1 < items.len() {
                format!("{item}{sep}")
            } else {
                item.clone()
            };
            let joined = format!("{line}{piece}");
            if self.font.width_mm(&joined, size) <= w {
                line = joined;
                continue;
            }
            if !line.is_empty() && line != indent {
                lines.push(std::mem::take(&mut line));
            }
            let mut parts = wrap_lines(self.font, &format!("{indent}{piece}"), w, size);
            line = parts.pop().unwrap_or_default();
            lines.extend(parts);
        }
        if !line.is_empty() {
            lines.push(line);
        }
        self.lines_at_cursor(cursor, &lines, size, Align::Left);
    }

    /// As [`Document::paragraph`], aligned.
    pub fn paragraph_aligned(&mut self, cursor: &mut Cursor, text: &str, size: f32, align: Align) {
        self.paragraph_keeping(cursor, text, size, align, &[]);
    }

    /// As [`Document::paragraph_aligned`], each of `keep` (a name, a unit, an award) on one
    /// line where a line can hold it ([`wrap_lines_keeping`]).
    pub fn paragraph_keeping(
        &mut self,
        cursor: &mut Cursor,
        text: &str,
        size: f32,
        align: Align,
        keep: &[&str],
    ) {
        let w = self.content_width();
        let lines = wrap_lines_keeping(self.font, text, w, size, keep);
        self.lines_at_cursor(cursor, &lines, size, align);
    }

    /// Prints ready-made lines down from the cursor, starting new pages as needed.
    fn lines_at_cursor(&mut self, cursor: &mut Cursor, lines: &[String], size: f32, align: Align) {
        let w = self.content_width();
        for line in lines {
            if cursor.y + size / PT_PER_MM * 1.5 > self.bottom() {
                *cursor = self.new_page();
            }
            cursor.y += size / PT_PER_MM * 1.45;
            self.text_at(line, self.margin, cursor.y, w, size, align);
        }
    }

    /// The header lines are kept this far (mm) from each side of the page's content.
    pub fn set_header_inset(&mut self, mm: f32) {
        self.header_inset = mm.max(0.0);
    }

    /// Replaces the lines printed at the top of the pages started from now on.
    /// The sizes of the header lines of pages started from now on, in points, line by line
    /// (the last size for the lines after it). By default 16 pt, then 11 pt.
    pub fn set_header_sizes(&mut self, sizes: &[f32]) {
        if !sizes.is_empty() {
            self.header_sizes = sizes.to_vec();
        }
    }

    pub fn set_header(&mut self, header: Vec<String>) {
        self.header = header;
    }

    /// Every text drawn so far, with its box (for the glyph check and for tests).
    pub fn boxes(&self) -> &[TextBox] {
        &self.boxes
    }

    /// Adds the footers, checks glyph coverage and returns the PDF bytes, with only the glyphs
    /// used embedded. `stamp` is the creation time as a Unix timestamp.
    pub fn finish(mut self, stamp: i64) -> Result<Pdf, ReportError> {
        let n = self.pages.len();
        for i in 0..n {
            if !self.footers {
                break;
            }
            if self.unnumbered.contains(&(i + 1)) {
                continue;
            }
            let (w, h) = self.pages[i].0.size();
            let label = crate::i18n::fill(&self.page_of, &[&(i + 1), &n]);
            let left = self.footer_left.clone();
            let y = h - self.margin + 2.0;
            let cw = w - 2.0 * self.margin;
            self.text_on(i, &label, self.margin, y, cw, 9.0, Align::Center);
            self.text_on(i, &left, self.margin, y, cw, 8.0, Align::Left);
        }
        let missing = self
            .font
            .missing_glyphs(self.boxes.iter().map(|b| b.text.as_str()));
        if !missing.is_empty() {
            return Err(ReportError::MissingGlyphs(missing.into_iter().collect()));
        }
        let papers: Vec<Paper> = self.pages.iter().map(|p| p.0).collect();
        let pages: Vec<pdf::Page> = self
            .pages
            .into_iter()
            .map(|(paper, marks)| {
                let (w, h) = paper.size();
                pdf::Page {
                    width: w * PT_PER_MM,
                    height: h * PT_PER_MM,
                    marks,
                }
            })
            .collect();
        // The fallback font is parsed only if some text needed it (then it is loaded).
        let mut fonts = vec![&self.font.main];
        if let Some(f) = self.font.fallback.get().and_then(Option::as_ref) {
            fonts.push(f);
        }
        let bytes = pdf::write(&fonts, &self.title, stamp, &pages)?;
        Ok(Pdf {
            bytes,
            pages: papers,
            boxes: self.boxes,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_names_fit_in_two_lines_and_wrap_whole() {
        let font = Font::load().unwrap();
        let name: String = "王堃周喆李明远".chars().cycle().take(5_000).collect();
        let (lines, size) = fit_text(&font, &name, 40.0, 10.0, 6.0);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines.concat(), name, "every character is kept, in order");
        let (a, b) = (lines[0].chars().count(), lines[1].chars().count());
        assert!(a.abs_diff(b) <= 1, "as even as can be: {a} and {b}");
        assert_eq!(size, 1.0, "far too long to fit: the smallest print");
        // Sixty characters fit on two lines at a smaller size.
        let sixty: String = name.chars().take(60).collect();
        let (lines, size) = fit_text(&font, &sixty, 40.0, 10.0, 6.0);
        assert_eq!(lines.concat(), sixty);
        assert!(size > 1.0 && size < 6.0, "{size}");
        assert!(lines.iter().all(|l| font.width_mm(l, size) <= 40.0));

        let wrapped = wrap_lines(&font, &name, 40.0, 10.0);
        assert_eq!(wrapped.concat(), name);
        assert!(wrapped.iter().all(|l| font.width_mm(l, 10.0) <= 40.0));
        // Every line but the last is full: one more character would not fit.
        for w in wrapped.windows(2) {
            let next = w[1].chars().next().unwrap();
            assert!(font.width_mm(&format!("{}{next}", w[0]), 10.0) > 40.0);
        }
        // 禁则: no line starts with closing punctuation or ends with an opening bracket.
        let text = "授予王堃同志在本次比赛中获得第一名（个人），以资鼓励。";
        for width in 25..120 {
            for line in wrap_lines(&font, text, width as f32, 12.0) {
                let first = line.chars().next().unwrap();
                let last = line.chars().next_back().unwrap();
                assert!(!NO_LINE_START.contains(first), "{width} mm: {line}");
                assert!(!NO_LINE_END.contains(last), "{width} mm: {line}");
            }
            let (lines, _) = fit_text(&font, text, width as f32, 12.0, 12.0);
            if lines.len() == 2 {
                assert!(!NO_LINE_START.contains(lines[1].chars().next().unwrap()));
            }
        }
        // A Latin name breaks at its space, which is not printed.
        let (lines, _) = fit_text(&font, "Nakamura Emil Christopher", 20.0, 10.0, 10.0);
        assert_eq!(lines, ["Nakamura Emil", "Christopher"]);
    }
}
