//! Files built into the program: the CJK font (one home for it — the window and the PDFs use
//! the same bytes).

/// Noto Sans SC Regular, complete (SIL OFL 1.1, see fonts/OFL.txt).
pub const NOTO_SANS_SC: &[u8] = include_bytes!("../fonts/NotoSansSC-Regular.ttf");
