//! 编排检查 — placeholder replaced below.
