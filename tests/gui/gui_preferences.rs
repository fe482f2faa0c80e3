//! Issue 39, the window's part: the renderer chosen in 设置 (saved for the next start, and
//! said so), and 帮助 → 关于编排 naming the version and where the start-up log is.

use crate::common::{self, window};
use bianpai::ui::Renderer;
use window::{click, shows};

#[test]
fn the_renderer_is_chosen_in_the_settings_menu_for_the_next_start() {
    let (_dir, t) = common::create(&common::event("绘图方式测试", vec![]));
    let mut h = window::harness(t);
    h.run();
    assert_eq!(h.state().renderer(), Renderer::Auto);
    click(&mut h, "设置");
    assert!(shows(&h, "下次启动时生效"), "the menu says when it applies");
    click(&mut h, "OpenGL（旧显卡、远程桌面）");
    assert_eq!(h.state().renderer(), Renderer::Gl);
    let (error, text) = h.state().desk.message.clone().unwrap();
    assert!(!error && text.contains("下次启动时生效"), "{text}");
    click(&mut h, "设置");
    click(&mut h, "自动（先用 wgpu，无法启动时改用 OpenGL）");
    assert_eq!(h.state().renderer(), Renderer::Auto);
}

#[test]
fn about_names_the_version_and_the_log() {
    let (_dir, t) = common::create(&common::event("关于测试", vec![]));
    let mut h = window::harness(t);
    h.run();
    click(&mut h, "帮助");
    click(&mut h, "关于编排");
    assert!(shows(
        &h,
        &format!("编排 Bianpai {}", env!("CARGO_PKG_VERSION"))
    ));
    assert!(shows(&h, "启动记录（如改用 OpenGL 绘图）写在："));
    // A test's window keeps no preferences, so it has no log either, and says so.
    assert!(shows(&h, "（没有数据文件夹，不写启动记录）"));
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(!shows(&h, "启动记录（如改用 OpenGL 绘图）写在："));
}
