//! Files built into the program: the CJK fonts (one home for them — the window and the PDFs
//! use the same bytes). They are `static`s, not `const`s: a `const` is copied into the program
//! at each use, which put both fonts (32.6 MB) into the release binary twice.

/// Noto Sans SC Regular, complete (SIL OFL 1.1, see fonts/OFL.txt).
pub static NOTO_SANS_SC: &[u8] = include_bytes!("../fonts/NotoSansSC-Regular.ttf");

/// 花園明朝B (HanaMinB) cut to CJK Extension B (U+20000–U+2A6DF): the fallback for older
/// name characters beyond Noto Sans SC, such as 𠮷 (U+20BB7). Hanazono Font License, see
/// fonts/README.md.
pub static HANAMIN_B_EXT_B: &[u8] = include_bytes!("../fonts/HanaMinB-ExtB.ttf");
