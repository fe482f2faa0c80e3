//! The PDF writer: turns the pages the layout layer drew ([`super::layout`]) into PDF bytes.
//! Text is set in the bundled fonts, each embedded once as a subset of the glyphs the document
//! uses (a TrueType subset, CID-keyed with Identity-H, a width for every glyph, and a ToUnicode
//! map so that the text can be searched and copied, and read back by pdftotext). Lines,
//! dashed lines and filled rectangles are the only other marks. Coordinates here are PDF points
//! from the bottom-left corner. The same pages give the same bytes: nothing depends on the
//! clock or on hashing order (the date is the caller's stamp).
//!
//! Chosen over printpdf (issue 35) by measurement on this machine: a test page of 200 Chinese
//! cells wrote in 0.9 ms against 106 ms, its build took 100 s of CPU against 352 s (32 crates
//! against 124), and the program was 1.5 MB smaller, for the same PDF (13.8 against 14.0 KB).

use super::ReportError;
use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Content, Date, Filter, Finish, Name, Pdf, Rect, Ref, Str, TextStr};
use std::collections::BTreeMap;

/// A bundled font as the writer needs it: its bytes (for the subset) and its parsed tables
/// (for glyphs and widths).
pub struct FontFile {
    pub data: &'static [u8],
    pub face: ttf_parser::Face<'static>,
    /// The PostScript name, for the font's name in the PDF.
    pub name: &'static str,
}

/// One mark on a page, in points from the bottom-left corner.
#[derive(Clone, Debug)]
pub enum Mark {
    /// `text` set in font `font` (an index into the writer's fonts) at `size` points, its
    /// baseline starting at (`x`, `y`).
    Text {
        font: usize,
        x: f32,
        y: f32,
        size: f32,
        text: String,
    },
    /// A straight line `width` points thick, solid or dashed (4 on, 3 off).
    Line {
        from: (f32, f32),
        to: (f32, f32),
        width: f32,
        dashed: bool,
    },
    /// A filled black rectangle from its bottom-left corner.
    Fill { x: f32, y: f32, w: f32, h: f32 },
}

/// A page: its size in points and its marks, in drawing order.
#[derive(Clone, Debug, Default)]
pub struct Page {
    pub width: f32,
    pub height: f32,
    pub marks: Vec<Mark>,
}

/// The glyphs one font draws in this document: their new numbers in the subset and the
/// characters they stand for.
struct Used {
    remapper: subsetter::GlyphRemapper,
    chars: BTreeMap<u16, char>,
}

/// Writes `pages` as a PDF titled `title`, dated `stamp` (Unix seconds), with `fonts` (the
/// fonts the marks name by index; those no mark uses are left out).
pub fn write(
    fonts: &[&FontFile],
    title: &str,
    stamp: i64,
    pages: &[Page],
) -> Result<Vec<u8>, ReportError> {
    // 1. Every text as glyph numbers of its font's subset (two bytes each, Identity-H).
    let mut used: Vec<Option<Used>> = fonts.iter().map(|_| None).collect();
    let mut encoded: Vec<Vec<Vec<u8>>> = Vec::with_capacity(pages.len());
    for page in pages {
        let mut texts = Vec::new();
        for mark in &page.marks {
            let Mark::Text { font, text, .. } = mark else {
                continue;
            };
            let file = fonts.get(*font).ok_or(ReportError::Font)?;
            let u = used[*font].get_or_insert_with(|| Used {
                remapper: subsetter::GlyphRemapper::new(),
                chars: BTreeMap::new(),
            });
            let mut bytes = Vec::with_capacity(text.len() * 2);
            for c in text.chars() {
                // A character the font lacks (a control character; the layout layer refuses
                // a document with any other) takes no room and is not drawn.
                let Some(g) = file.face.glyph_index(c) else {
                    continue;
                };
                let new = u.remapper.remap(g.0);
                u.chars.entry(new).or_insert(c);
                bytes.extend_from_slice(&new.to_be_bytes());
            }
            texts.push(bytes);
        }
        encoded.push(texts);
    }

    // 2. The objects' numbers: the catalog, the page tree and the information first, then
    // each page and its content, then five for each font used.
    let mut next = 1;
    let mut alloc = || {
        let r = Ref::new(next);
        next += 1;
        r
    };
    let (catalog, tree, info) = (alloc(), alloc(), alloc());
    let page_refs: Vec<(Ref, Ref)> = pages.iter().map(|_| (alloc(), alloc())).collect();
    let font_refs: Vec<Option<[Ref; 5]>> = used
        .iter()
        .map(|u| {
            u.as_ref()
                .map(|_| [alloc(), alloc(), alloc(), alloc(), alloc()])
        })
        .collect();

    let mut pdf = Pdf::new();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(page_refs.iter().map(|p| p.0))
        .count(pages.len() as i32);
    let mut doc_info = pdf.document_info(info);
    doc_info.title(TextStr(title));
    doc_info.producer(TextStr("Bianpai 编排"));
    if let Some(date) = pdf_date(stamp) {
        doc_info.creation_date(date);
        doc_info.modified_date(date);
    }
    doc_info.finish();

    // 3. The pages.
    for ((page, texts), (page_ref, content_ref)) in pages.iter().zip(&encoded).zip(&page_refs) {
        let mut p = pdf.page(*page_ref);
        p.media_box(Rect::new(0.0, 0.0, page.width, page.height));
        p.parent(tree);
        p.contents(*content_ref);
        {
            let mut resources = p.resources();
            let mut names = resources.fonts();
            for (i, refs) in font_refs.iter().enumerate() {
                if let Some(refs) = refs {
                    names.pair(Name(font_key(i).as_bytes()), refs[0]);
                }
            }
        }
        p.finish();
        let content = draw(page, texts);
        pdf.stream(*content_ref, &deflate(&content))
            .filter(Filter::FlateDecode);
    }

    // 4. The fonts, each a subset of the glyphs used.
    for ((file, u), refs) in fonts.iter().zip(&used).zip(&font_refs) {
        let (Some(u), Some(refs)) = (u, refs) else {
            continue;
        };
        embed(&mut pdf, file, u, *refs)?;
    }
    Ok(pdf.finish())
}

/// The resource name of font `i`.
fn font_key(i: usize) -> String {
    format!("F{i}")
}

/// The content stream of one page.
fn draw(page: &Page, texts: &[Vec<u8>]) -> Vec<u8> {
    let mut c = Content::new();
    let mut texts = texts.iter();
    let mut width = None;
    let mut dashed = false;
    for mark in &page.marks {
        match mark {
            Mark::Text {
                font, x, y, size, ..
            } => {
                let Some(bytes) = texts.next() else { break };
                c.begin_text();
                c.set_font(Name(font_key(*font).as_bytes()), *size);
                c.next_line(*x, *y);
                c.show(Str(bytes));
                c.end_text();
            }
            Mark::Line {
                from,
                to,
                width: w,
                dashed: d,
            } => {
                if width != Some(*w) {
                    c.set_line_width(*w);
                    width = Some(*w);
                }
                if dashed != *d {
                    if *d {
                        c.set_dash_pattern([4.0, 3.0], 0.0);
                    } else {
                        c.set_dash_pattern([], 0.0);
                    }
                    dashed = *d;
                }
                c.move_to(from.0, from.1);
                c.line_to(to.0, to.1);
                c.stroke();
            }
            Mark::Fill { x, y, w, h } => {
                c.rect(*x, *y, *w, *h);
                c.fill_nonzero();
            }
        }
    }
    c.finish().into_vec()
}

/// Embeds the subset of `file` that `u` names: the composite font, its CID font with the
/// glyphs' widths, the descriptor, the font program and the map back to Unicode.
fn embed(pdf: &mut Pdf, file: &FontFile, u: &Used, refs: [Ref; 5]) -> Result<(), ReportError> {
    let [type0, cid, descriptor, program, to_unicode] = refs;
    let face = &file.face;
    let subset = subsetter::subset(file.data, 0, &u.remapper).map_err(|_| ReportError::Font)?;
    // A subset's name starts with six capitals that say which subset it is (ISO 32000 9.6.4);
    // made from the glyphs it holds, so the same text gives the same name.
    let tag = subset_tag(u.remapper.remapped_gids());
    let name = format!("{tag}+{}", file.name);
    let em = f32::from(face.units_per_em().max(1));
    let scale = 1000.0 / em;
    let system = SystemInfo {
        registry: Str(b"Adobe"),
        ordering: Str(b"Identity"),
        supplement: 0,
    };

    pdf.type0_font(type0)
        .base_font(Name(name.as_bytes()))
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(cid)
        .to_unicode(to_unicode);

    let cff = face.tables().cff.is_some();
    let mut widths = vec![0.0f32; usize::from(u.remapper.num_gids())];
    for old in u.remapper.remapped_gids() {
        if let Some(new) = u.remapper.get(old) {
            let advance = face
                .glyph_hor_advance(ttf_parser::GlyphId(old))
                .unwrap_or(0);
            widths[usize::from(new)] = f32::from(advance) * scale;
        }
    }
    let mut c = pdf.cid_font(cid);
    c.subtype(if cff {
        CidFontType::Type0
    } else {
        CidFontType::Type2
    });
    c.base_font(Name(name.as_bytes()));
    c.system_info(system);
    c.font_descriptor(descriptor);
    c.default_width(0.0);
    if !cff {
        c.cid_to_gid_map_predefined(Name(b"Identity"));
    }
    c.widths().consecutive(0, widths);
    c.finish();

    let b = face.global_bounding_box();
    let mut d = pdf.font_descriptor(descriptor);
    d.name(Name(name.as_bytes()))
        .flags(FontFlags::SYMBOLIC)
        .bbox(Rect::new(
            f32::from(b.x_min) * scale,
            f32::from(b.y_min) * scale,
            f32::from(b.x_max) * scale,
            f32::from(b.y_max) * scale,
        ))
        .italic_angle(0.0)
        .ascent(f32::from(face.ascender()) * scale)
        .descent(f32::from(face.descender()) * scale)
        .cap_height(f32::from(face.capital_height().unwrap_or(face.ascender())) * scale)
        .stem_v(80.0);
    if cff {
        d.font_file3(program);
    } else {
        d.font_file2(program);
    }
    d.finish();

    let packed = deflate(&subset);
    let mut stream = pdf.stream(program, &packed);
    stream.filter(Filter::FlateDecode);
    if cff {
        stream.pair(Name(b"Subtype"), Name(b"OpenType"));
    }
    stream.finish();

    let mut cmap = UnicodeCmap::new(
        Name(b"Bianpai-UCS"),
        SystemInfo {
            registry: Str(b"Adobe"),
            ordering: Str(b"UCS"),
            supplement: 0,
        },
    );
    for (&g, &ch) in &u.chars {
        cmap.pair(g, ch);
    }
    pdf.cmap(to_unicode, &cmap.finish());
    Ok(())
}

/// Six capitals made from the glyph numbers (FNV-1a over them).
fn subset_tag(glyphs: impl Iterator<Item = u16>) -> String {
    let mut h: u32 = 0x811c_9dc5;
    for g in glyphs {
        for byte in g.to_be_bytes() {
            h = (h ^ u32::from(byte)).wrapping_mul(0x0100_0193);
        }
    }
    (0..6)
        .map(|_| {
            let c = char::from(b'A' + (h % 26) as u8);
            h /= 26;
            c
        })
        .collect()
}

/// A PDF date (UTC) for a Unix time in seconds.
fn pdf_date(stamp: i64) -> Option<Date> {
    use chrono::{Datelike, Timelike};
    let t = chrono::DateTime::from_timestamp(stamp, 0)?;
    let year = u16::try_from(t.year()).ok()?;
    Some(
        Date::new(year)
            .month(t.month() as u8)
            .day(t.day() as u8)
            .hour(t.hour() as u8)
            .minute(t.minute() as u8)
            .second(t.second() as u8)
            .utc_offset_hour(0)
            .utc_offset_minute(0),
    )
}

/// A stream's bytes, zlib-compressed (FlateDecode).
fn deflate(bytes: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::new(6));
    // Writing into memory cannot fail.
    let _ = z.write_all(bytes);
    z.finish().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_subset_tag_is_six_capitals_and_follows_the_glyphs() {
        let a = subset_tag([0u16, 5, 9].into_iter());
        assert_eq!(a.len(), 6);
        assert!(a.chars().all(|c| c.is_ascii_uppercase()));
        assert_eq!(
            a,
            subset_tag([0u16, 5, 9].into_iter()),
            "the same glyphs, the same tag"
        );
        assert_ne!(a, subset_tag([0u16, 5, 10].into_iter()));
    }

    #[test]
    fn a_date_is_the_stamp_in_utc() {
        // 2026-08-29 00:00:00 UTC is 20,694 days × 86,400 s = 1,787,961,600 s after 1970.
        let d = pdf_date(1_787_961_600).unwrap();
        let mut pdf = Pdf::new();
        pdf.document_info(Ref::new(1)).creation_date(d);
        let bytes = pdf.finish();
        let text = String::from_utf8_lossy(&bytes);
        assert!(
            text.contains("D:20260829000000Z") || text.contains("D:20260829000000+00'00"),
            "{text}"
        );
    }
}
