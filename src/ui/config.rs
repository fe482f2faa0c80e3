//! The window's remembered preferences (language, zoom, window size, last file, renderer), kept as a
//! small JSON file in the user's configuration folder, and the choice of the file to open at start-up.

use crate::app::{AppError, Tournament};
use crate::i18n::Lang;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Config {
    pub lang: Lang,
    pub zoom: f32,
    pub last_file: Option<PathBuf>,
    /// The window's inner size in screen points, as it was last left.
    pub window: Option<[f32; 2]>,
    /// What draws the window; `--renderer` overrides it for one start.
    pub renderer: Renderer,
    /// Where this config is saved; `None` for tests (nothing is written).
    #[serde(skip)]
    pub path: Option<PathBuf>,
}

/// 绘图方式 — what draws the window. Auto starts wgpu (Direct3D 12, Vulkan, or its own
/// OpenGL) and, when it cannot make the window's surface (old laptops, weak or missing
/// drivers), OpenGL through glow; Wgpu and Gl use only the one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Renderer {
    #[default]
    Auto,
    Wgpu,
    Gl,
}

impl Renderer {
    /// Its name in the preferences file and on the command line: auto, wgpu, gl.
    pub fn word(self) -> &'static str {
        match self {
            Renderer::Auto => "auto",
            Renderer::Wgpu => "wgpu",
            Renderer::Gl => "gl",
        }
    }
}

fn config_path() -> Option<PathBuf> {
    dirs::config_dir().map(|d| d.join("bianpai").join("config.json"))
}

impl Config {
    pub fn load() -> Config {
        let path = config_path();
        let mut c: Config = path
            .as_deref()
            // Read as every named file is, bounded: a damaged preferences file is no reason to
            // hang or fill the memory; it falls back to the defaults.
            .and_then(|p| crate::app::read_text(p).ok())
            .and_then(|s| serde_json::from_str(&s).ok())
            .unwrap_or_default();
        c.path = path;
        c
    }

    /// Best effort: a preference that cannot be saved is not worth an error dialog.
    pub fn save(&self) {
        if let Some(p) = &self.path {
            if let Some(dir) = p.parent() {
                let _ = std::fs::create_dir_all(dir);
            }
            // Through the guarded writer: a kill mid-write never leaves half a settings file.
            if let Ok(text) = serde_json::to_string_pretty(self) {
                let _ = crate::app::write_file(p, text.as_bytes(), true);
            }
        }
    }
}

/// The demo file's place: `<data dir>/bianpai/demo.bianpai`.
pub fn demo_path() -> PathBuf {
    dirs::data_dir()
        .unwrap_or_else(std::env::temp_dir)
        .join("bianpai")
        .join("demo.bianpai")
}

/// The file to open: the one named, else the last one used (if it still exists), else the demo
/// (written on first use).
pub fn startup_file(named: Option<PathBuf>, config: &Config) -> Result<PathBuf, AppError> {
    if let Some(p) = named {
        return Ok(p);
    }
    if let Some(p) = &config.last_file
        && p.exists()
    {
        return Ok(p.clone());
    }
    let demo = demo_path();
    if !demo.exists() {
        drop(Tournament::create_demo(&demo)?);
    }
    Ok(demo)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_preferences_file_from_before_the_renderer_starts_on_auto() {
        let c: Config = serde_json::from_str(r#"{"lang":"En","zoom":1.25}"#).unwrap();
        assert_eq!(c.renderer, Renderer::Auto);
        assert_eq!(c.lang, Lang::En);
    }

    #[test]
    fn the_renderer_is_written_and_read_as_its_lower_case_name() {
        for (r, word) in [
            (Renderer::Auto, "auto"),
            (Renderer::Wgpu, "wgpu"),
            (Renderer::Gl, "gl"),
        ] {
            let c = Config {
                renderer: r,
                ..Config::default()
            };
            let text = serde_json::to_string(&c).unwrap();
            assert!(text.contains(&format!(r#""renderer":"{word}""#)), "{text}");
            let back: Config = serde_json::from_str(&text).unwrap();
            assert_eq!(back.renderer, r);
        }
    }
}
