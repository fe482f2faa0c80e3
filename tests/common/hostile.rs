//! Hostile files for the import tests (issue 34): tiny workbooks that declare or hold far more
//! than any entry list — a far cell, a repeated row, a zip entry whose size lies, a compound
//! file whose chain loops — built here, each beside a control of the same shape within the
//! limits (so that a refusal is the limit's, not a broken file's); and the command line run
//! with its peak memory measured.
//!
//! A test module that uses it says `use crate::common::hostile;`.

#![allow(dead_code)]

use std::io::Write;

/// An XLSX whose sheet holds 姓名 in A1 and 王小明 at (`row`, `col`), 0-based: its rectangle is
/// `row + 1` rows × `col + 1` columns. rust_xlsxwriter writes the dimension it declares too.
pub fn xlsx_with_far_cell(row: u32, col: u16) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    sheet.write_string(0, 0, "姓名").unwrap();
    sheet.write_string(row, col, "王小明").unwrap();
    book.save_to_buffer().unwrap()
}

/// The XLSX of [`xlsx_with_far_cell`]`(1, 1)` whose shared texts declare `n` of them
/// (`<sst uniqueCount>`, for which the reader reserves room before reading one).
pub fn xlsx_declaring_texts(n: u64) -> Vec<u8> {
    use std::io::Read;
    let book = xlsx_with_far_cell(1, 1);
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(book)).unwrap();
    let mut parts: Vec<(String, Vec<u8>)> = Vec::new();
    for i in 0..zip.len() {
        let mut f = zip.by_index(i).unwrap();
        let name = f.name().unwrap().to_string();
        let mut content = Vec::new();
        f.read_to_end(&mut content).unwrap();
        if name == "xl/sharedStrings.xml" {
            let text = String::from_utf8(content).unwrap();
            assert!(text.contains(r#"uniqueCount="2""#), "{text}");
            content = text
                .replace(r#"uniqueCount="2""#, &format!(r#"uniqueCount="{n}""#))
                .into_bytes();
        }
        parts.push((name, content));
    }
    let parts: Vec<(&str, &[u8])> = parts
        .iter()
        .map(|(n, c)| (n.as_str(), c.as_slice()))
        .collect();
    zip_of(&parts)
}

/// A zip of `parts` (name, content), deflated.
fn zip_of(parts: &[(&str, &[u8])]) -> Vec<u8> {
    let mut z = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, content) in parts {
        let method = if *name == "mimetype" {
            zip::CompressionMethod::Stored
        } else {
            zip::CompressionMethod::Deflated
        };
        let options = zip::write::SimpleFileOptions::default().compression_method(method);
        z.start_file(*name, options).unwrap();
        z.write_all(content).unwrap();
    }
    z.finish().unwrap().into_inner()
}

/// An ODS of one table: a header row (姓名), then a row of 王小明 repeated `rows` times, whose
/// one cell is repeated `cols` times.
pub fn ods_repeated(rows: u64, cols: u64) -> Vec<u8> {
    let content = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"><office:body><office:spreadsheet><table:table table:name="报名表"><table:table-row><table:table-cell office:value-type="string"><text:p>姓名</text:p></table:table-cell></table:table-row><table:table-row table:number-rows-repeated="{rows}"><table:table-cell table:number-columns-repeated="{cols}" office:value-type="string"><text:p>王小明</text:p></table:table-cell></table:table-row></table:table></office:spreadsheet></office:body></office:document-content>"#
    );
    let manifest = r#"<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>"#;
    zip_of(&[
        (
            "mimetype",
            b"application/vnd.oasis.opendocument.spreadsheet",
        ),
        ("META-INF/manifest.xml", manifest.as_bytes()),
        ("content.xml", content.as_bytes()),
    ])
}

/// A zip of one part, `xl/worksheets/sheet1.xml`, whose directory says it inflates to 1,000
/// bytes while its deflated data inflates to `inflates` bytes (of blanks).
pub fn zip_lying(inflates: u64) -> Vec<u8> {
    let mut deflated = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::fast());
    let chunk = vec![b' '; 1 << 20];
    let mut left = inflates;
    while left > 0 {
        let n = left.min(chunk.len() as u64) as usize;
        deflated.write_all(&chunk[..n]).unwrap();
        left -= n as u64;
    }
    let data = deflated.finish().unwrap();
    let name = b"xl/worksheets/sheet1.xml";
    let declared: u32 = 1_000;
    let mut z = Vec::new();
    let local = |z: &mut Vec<u8>| {
        z.extend(20u16.to_le_bytes()); // version needed
        z.extend(0u16.to_le_bytes()); // flags
        z.extend(8u16.to_le_bytes()); // deflated
        z.extend([0; 8]); // time, date, CRC
        z.extend((data.len() as u32).to_le_bytes());
        z.extend(declared.to_le_bytes());
        z.extend((name.len() as u16).to_le_bytes());
        z.extend(0u16.to_le_bytes()); // extra
    };
    z.extend(0x0403_4b50u32.to_le_bytes());
    local(&mut z);
    z.extend(name);
    z.extend(&data);
    let central = z.len() as u32;
    z.extend(0x0201_4b50u32.to_le_bytes());
    z.extend(20u16.to_le_bytes()); // version made by
    local(&mut z);
    z.extend([0; 10]); // comment length, disk, attributes
    z.extend(0u32.to_le_bytes()); // local header at 0
    z.extend(name);
    let central_len = z.len() as u32 - central;
    z.extend(0x0605_4b50u32.to_le_bytes());
    z.extend([0; 4]);
    z.extend(1u16.to_le_bytes());
    z.extend(1u16.to_le_bytes());
    z.extend(central_len.to_le_bytes());
    z.extend(central.to_le_bytes());
    z.extend(0u16.to_le_bytes());
    z
}

/// A BIFF record.
fn record(typ: u16, data: &[u8]) -> Vec<u8> {
    let mut r = typ.to_le_bytes().to_vec();
    r.extend((data.len() as u16).to_le_bytes());
    r.extend(data);
    r
}

/// A BIFF8 cell holding text (LABEL), in UTF-16.
fn label(row: u16, col: u16, text: &str) -> Vec<u8> {
    let mut d = Vec::new();
    d.extend(row.to_le_bytes());
    d.extend(col.to_le_bytes());
    d.extend(0u16.to_le_bytes()); // XF
    let units: Vec<u16> = text.encode_utf16().collect();
    d.extend((units.len() as u16).to_le_bytes());
    d.push(1); // UTF-16
    for u in units {
        d.extend(u.to_le_bytes());
    }
    record(0x0204, &d)
}

/// An XLS (BIFF8 in a compound file) of one sheet, 报名表, holding 姓名 in A1 and 王小明 at
/// (`row`, `col`), whose DIMENSIONS record declares rows `rows.0..rows.1` and columns
/// `cols.0..cols.1` (last + 1, as BIFF writes them). With `loop_directory`, the compound
/// file's directory chain leads back to itself.
pub fn xls(
    (row, col): (u16, u16),
    rows: (u32, u32),
    cols: (u16, u16),
    loop_directory: bool,
) -> Vec<u8> {
    let bof = |dt: u16| {
        let mut d = 0x0600u16.to_le_bytes().to_vec();
        d.extend(dt.to_le_bytes());
        d.extend([0; 12]);
        record(0x0809, &d)
    };
    let sheet_name: Vec<u16> = "报名表".encode_utf16().collect();
    let bound_sheet = |pos: u32| {
        let mut d = pos.to_le_bytes().to_vec();
        d.extend([0, 0]); // visible worksheet
        d.push(sheet_name.len() as u8);
        d.push(1); // UTF-16
        for u in &sheet_name {
            d.extend(u.to_le_bytes());
        }
        record(0x0085, &d)
    };
    // The globals: padded (an EXTSST record the reader passes over) so that the stream is
    // longer than 4096 bytes and lies in ordinary sectors.
    let mut globals = bof(0x0005);
    globals.extend(record(0x0042, &1200u16.to_le_bytes()));
    let pad = record(0x00FF, &[0; 4096]);
    let sheet_at = globals.len() + bound_sheet(0).len() + pad.len() + 4;
    globals.extend(bound_sheet(sheet_at as u32));
    globals.extend(pad);
    globals.extend(record(0x000A, &[]));
    assert_eq!(globals.len(), sheet_at);
    let mut dims = rows.0.to_le_bytes().to_vec();
    dims.extend(rows.1.to_le_bytes());
    dims.extend(cols.0.to_le_bytes());
    dims.extend(cols.1.to_le_bytes());
    dims.extend([0, 0]);
    let mut stream = globals;
    stream.extend(bof(0x0010));
    stream.extend(record(0x0200, &dims));
    stream.extend(label(0, 0, "姓名"));
    stream.extend(label(row, col, "王小明"));
    stream.extend(record(0x000A, &[]));
    compound_file(&stream, loop_directory)
}

/// A compound file (version 3, sectors of 512 bytes) holding `stream` (4096 bytes or more) as
/// its Workbook stream: the header, one sector of the sector table, one of the directory, then
/// the stream's.
fn compound_file(stream: &[u8], loop_directory: bool) -> Vec<u8> {
    const END: u32 = 0xFFFF_FFFE;
    const FREE: u32 = 0xFFFF_FFFF;
    assert!(stream.len() >= 4096);
    let n = stream.len().div_ceil(512);
    let mut file = vec![0u8; 512];
    file[..8].copy_from_slice(b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1");
    let put16 =
        |f: &mut Vec<u8>, at: usize, v: u16| f[at..at + 2].copy_from_slice(&v.to_le_bytes());
    let put32 =
        |f: &mut Vec<u8>, at: usize, v: u32| f[at..at + 4].copy_from_slice(&v.to_le_bytes());
    put16(&mut file, 24, 0x003E);
    put16(&mut file, 26, 3);
    put16(&mut file, 28, 0xFFFE);
    put16(&mut file, 30, 9);
    put16(&mut file, 32, 6);
    put32(&mut file, 44, 1); // one sector of the table
    put32(&mut file, 48, 1); // the directory in sector 1
    put32(&mut file, 56, 4096);
    put32(&mut file, 60, END); // no mini table
    put32(&mut file, 68, END); // no further lists
    put32(&mut file, 76, 0); // the table in sector 0
    for i in 1..109 {
        put32(&mut file, 76 + 4 * i, FREE);
    }
    // Sector 0: the table of sectors.
    let mut fat = vec![FREE; 128];
    fat[0] = 0xFFFF_FFFD;
    fat[1] = if loop_directory { 1 } else { END };
    for i in 0..n {
        fat[2 + i] = if i + 1 == n { END } else { (3 + i) as u32 };
    }
    assert!(n + 2 <= 128);
    for v in fat {
        file.extend(v.to_le_bytes());
    }
    // Sector 1: the directory, the root and the stream.
    let entry = |name: &str, typ: u8, start: u32, size: u32, child: u32| {
        let mut e = vec![0u8; 128];
        let units: Vec<u16> = name.encode_utf16().collect();
        for (i, u) in units.iter().enumerate() {
            e[2 * i..2 * i + 2].copy_from_slice(&u.to_le_bytes());
        }
        e[64..66].copy_from_slice(&((units.len() as u16 + 1) * 2).to_le_bytes());
        e[66] = typ;
        e[67] = 1; // black
        e[68..72].copy_from_slice(&FREE.to_le_bytes());
        e[72..76].copy_from_slice(&FREE.to_le_bytes());
        e[76..80].copy_from_slice(&child.to_le_bytes());
        e[116..120].copy_from_slice(&start.to_le_bytes());
        e[120..124].copy_from_slice(&size.to_le_bytes());
        e
    };
    file.extend(entry("Root Entry", 5, END, 0, 1));
    file.extend(entry("Workbook", 2, 2, stream.len() as u32, FREE));
    file.extend(vec![0u8; 256]);
    file.extend(stream);
    file.resize(512 * (3 + n), 0);
    file
}

/// What one run of the command line gave, with its peak memory (its largest resident set).
pub struct Measured {
    pub code: i32,
    pub out: String,
    pub err: String,
    pub peak_kb: u64,
    pub seconds: f64,
}

/// Runs the command line with `args` and measures its peak memory (Linux: the resident set
/// the kernel reports for it when it has ended).
#[cfg(target_os = "linux")]
pub fn run_measured(args: &[&std::ffi::OsStr]) -> Measured {
    use std::io::Read;
    let start = std::time::Instant::now();
    #[allow(
        clippy::zombie_processes,
        reason = "reaped by wait4 below, which gives its peak memory"
    )]
    let mut child = super::command()
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("runs");
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = stdout.read_to_end(&mut s);
        s
    });
    let err = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = stderr.read_to_end(&mut s);
        s
    });
    let pid = child.id() as libc::pid_t;
    let mut status: libc::c_int = 0;
    // SAFETY: a zeroed rusage is a valid value for wait4 to fill in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: waits for our own child, whose pid `child` holds; status and usage are ours.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4");
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        -libc::WTERMSIG(status)
    };
    Measured {
        code,
        out: String::from_utf8_lossy(&out.join().unwrap()).into_owned(),
        err: String::from_utf8_lossy(&err.join().unwrap()).into_owned(),
        peak_kb: usage.ru_maxrss as u64,
        seconds: start.elapsed().as_secs_f64(),
    }
}

/// This process's peak resident memory so far (VmHWM), in kB.
#[cfg(target_os = "linux")]
pub fn own_peak_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}
