//! 二维码 — a QR code as modules, for the printed sheets and the window: the venue page's
//! address on the wall sheet and the pairing sheet, and on screen.

/// A QR code (二维码) of `text`: its modules row by row, `true` for dark, without the quiet
/// zone (leave four modules blank around it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QrCode {
    pub width: usize,
    pub dark: Vec<bool>,
}

impl QrCode {
    /// `None` if the text is too long for any QR code.
    pub fn of(text: &str) -> Option<QrCode> {
        let code = qrcode::QrCode::new(text.as_bytes()).ok()?;
        Some(QrCode {
            width: code.width(),
            dark: code
                .to_colors()
                .into_iter()
                .map(|c| c == qrcode::Color::Dark)
                .collect(),
        })
    }

    pub fn is_dark(&self, x: usize, y: usize) -> bool {
        x < self.width && self.dark.get(y * self.width + x).copied().unwrap_or(false)
    }
}

/// Draws `code` with its top-left corner at (`x`, `y`), `size` mm square including a quiet zone
/// of four modules; each row's run of dark modules is one rectangle.
pub fn draw(doc: &mut super::layout::Document, code: &QrCode, x: f32, y: f32, size: f32) {
    let quiet = 4;
    let modules = code.width + 2 * quiet;
    let m = size / modules as f32;
    for row in 0..code.width {
        let mut col = 0;
        while col < code.width {
            if !code.is_dark(col, row) {
                col += 1;
                continue;
            }
            let start = col;
            while col < code.width && code.is_dark(col, row) {
                col += 1;
            }
            // A hair taller than a module, so that no light seam shows between rows.
            doc.fill_rect(
                x + (start + quiet) as f32 * m,
                y + (row + quiet) as f32 * m,
                (col - start) as f32 * m,
                m * 1.02,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_address_makes_a_small_square_code() {
        let code = QrCode::of("http://192.168.1.20:8088/").expect("a code");
        // Version 2 is 25 modules wide; the address needs no more.
        assert_eq!(code.width, 25);
        assert_eq!(code.dark.len(), 25 * 25);
        // The three finder patterns: dark corners top-left, top-right and bottom-left.
        assert!(code.is_dark(0, 0) && code.is_dark(24, 0) && code.is_dark(0, 24));
    }
}
