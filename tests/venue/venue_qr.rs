//! The QR code of the venue page on the printed sheets (issue 26): the wall sheet and the
//! pairing sheet, rendered to pixels by pdftoppm (poppler-utils), decode with zbarimg
//! (zbar-tools) to the page's address. `.ci/run` installs both.

use bianpai::app::{DocumentKind, DocumentRequest, Tournament};
use bianpai::i18n::Lang;
use bianpai::report::layout::PaperSize;
use std::process::Command;

fn tool(name: &str) {
    let found = Command::new("sh")
        .args(["-c", &format!("command -v {name}")])
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        found,
        "{name} is missing: `bash .ci/run` installs it (apt-get install poppler-utils zbar-tools)"
    );
}

/// The texts zbarimg reads from page 1 of `pdf`.
fn decode(pdf: &[u8], dir: &std::path::Path, name: &str) -> Vec<String> {
    let path = dir.join(format!("{name}.pdf"));
    std::fs::write(&path, pdf).unwrap();
    let prefix = dir.join(name);
    let status = Command::new("pdftoppm")
        .args(["-r", "150", "-f", "1", "-l", "1", "-png", "-singlefile"])
        .arg(&path)
        .arg(&prefix)
        .status()
        .unwrap();
    assert!(status.success(), "pdftoppm");
    let png = prefix.with_extension("png");
    let out = Command::new("zbarimg")
        .args(["--quiet", "--raw"])
        .arg(&png)
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn the_sheets_qr_code_reads_as_the_page_s_address() {
    tool("pdftoppm");
    tool("zbarimg");
    let dir = tempfile::tempdir().unwrap();
    let t = Tournament::create_demo(&dir.path().join("demo.bianpai")).unwrap();
    let url = "http://192.168.31.7:8088/";
    let section = t.event().sections[0].id;
    let cases = [
        (DocumentKind::WallSheet, PaperSize::A4, "wall"),
        (DocumentKind::WallSheet, PaperSize::A3, "wall-a3"),
        (DocumentKind::PairingSheet, PaperSize::A4, "pairings"),
    ];
    for (kind, paper, name) in cases {
        let req = DocumentRequest {
            section: Some(section),
            paper,
            venue_url: Some(url.to_string()),
            ..DocumentRequest::event(kind, Lang::Zh)
        };
        let pdf = t.document(&req).unwrap();
        assert_eq!(decode(&pdf.bytes, dir.path(), name), [url], "{name}");
        // The address is printed as text too, for a phone without a scanner.
        let text = pdf
            .boxes
            .iter()
            .map(|b| b.text.as_str())
            .collect::<String>();
        assert!(text.contains(url), "{name}: the address is not printed");
    }
    // Without the page served, no code.
    let plain = DocumentRequest {
        section: Some(section),
        ..DocumentRequest::event(DocumentKind::WallSheet, Lang::Zh)
    };
    let pdf = t.document(&plain).unwrap();
    assert!(decode(&pdf.bytes, dir.path(), "plain").is_empty());
}
