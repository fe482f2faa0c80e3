//! Files built into the program: the CJK fonts (one home for them — the window and the PDFs
//! use the same bytes).

/// Noto Sans SC Regular, complete (SIL OFL 1.1, see fonts/OFL.txt).
pub const NOTO_SANS_SC: &[u8] = include_bytes!("../fonts/NotoSansSC-Regular.ttf");

/// 花園明朝B (HanaMinB) cut to CJK Extension B (U+20000–U+2A6DF): the fallback for older
/// name characters beyond Noto Sans SC, such as 𠮷 (U+20BB7). Hanazono Font License, see
/// fonts/README.md.
pub const HANAMIN_B_EXT_B: &[u8] = include_bytes!("../fonts/HanaMinB-ExtB.ttf");
