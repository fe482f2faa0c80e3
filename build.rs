//! Build script: gives the Windows program its face in Explorer — the icon (assets/icon.ico),
//! the version and the product's name in the file's properties, and a manifest (Windows 10 and
//! later, the common controls the file dialogs use, UTF-8 as the process's code page) — by
//! compiling a resource script with the MinGW resource compiler and linking the object into the
//! program. Other targets need nothing and this does nothing for them.
//!
//! A Windows build without the resource compiler still builds, with a warning that says what
//! is missing (the program runs the same; only Explorer shows a blank icon and no version).

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=assets/icon.ico");
    println!("cargo:rerun-if-env-changed=WINDRES");
    if env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return;
    }
    let manifest_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let out = PathBuf::from(env::var("OUT_DIR").expect("set by cargo"));
    if env::var("CARGO_CFG_TARGET_ENV").as_deref() != Ok("gnu") {
        println!(
            "cargo:warning=the Windows resources (icon, version) are built for the GNU target \
             only; this build has none"
        );
        return;
    }
    let windres = env::var("WINDRES").unwrap_or_else(|_| {
        let arch = env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
        format!("{arch}-w64-mingw32-windres")
    });
    let rc = out.join("bianpai.rc");
    let manifest = out.join("bianpai.exe.manifest");
    fs::write(&manifest, MANIFEST).expect("OUT_DIR is writable");
    fs::write(
        &rc,
        resource_script(&manifest_dir.join("assets/icon.ico"), &manifest),
    )
    .expect("OUT_DIR is writable");
    let object = out.join("bianpai-resources.o");
    let status = Command::new(&windres)
        .args(["-c", "65001", "-O", "coff", "-i"])
        .arg(&rc)
        .arg("-o")
        .arg(&object)
        .status();
    match status {
        Ok(s) if s.success() => {
            // An object on the link line is linked whole, so its resources stay in the program.
            println!("cargo:rustc-link-arg-bin=bianpai={}", object.display());
        }
        Ok(s) => println!(
            "cargo:warning={windres} failed ({s}): bianpai.exe is built without its icon and \
             version"
        ),
        Err(e) => println!(
            "cargo:warning={windres} could not be run ({e}; Debian: apt-get install \
             binutils-mingw-w64-x86-64): bianpai.exe is built without its icon and version"
        ),
    }
}

/// The resource script: the icon first (Explorer shows a program's first icon), the manifest,
/// and the version block with the package's version from Cargo.toml.
fn resource_script(icon: &Path, manifest: &Path) -> String {
    let part = |name: &str| -> u16 {
        env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    let (major, minor, patch) = (
        part("CARGO_PKG_VERSION_MAJOR"),
        part("CARGO_PKG_VERSION_MINOR"),
        part("CARGO_PKG_VERSION_PATCH"),
    );
    let version = env::var("CARGO_PKG_VERSION").unwrap_or_default();
    // Resource strings are C strings: backslashes doubled.
    let quoted = |p: &Path| p.display().to_string().replace('\\', "\\\\");
    format!(
        r#"#pragma code_page(65001)
1 ICON "{icon}"
1 24 "{manifest}"
1 VERSIONINFO
FILEVERSION {major},{minor},{patch},0
PRODUCTVERSION {major},{minor},{patch},0
FILEOS 0x40004
FILETYPE 0x1
BEGIN
  BLOCK "StringFileInfo"
  BEGIN
    BLOCK "080404b0"
    BEGIN
      VALUE "CompanyName", "Bianpai"
      VALUE "FileDescription", "编排 Bianpai — 象棋与国际象棋赛事编排"
      VALUE "FileVersion", "{version}"
      VALUE "InternalName", "bianpai"
      VALUE "LegalCopyright", "MIT OR Apache-2.0"
      VALUE "OriginalFilename", "bianpai.exe"
      VALUE "ProductName", "编排 Bianpai"
      VALUE "ProductVersion", "{version}"
    END
  END
  BLOCK "VarFileInfo"
  BEGIN
    VALUE "Translation", 0x0804, 1200
  END
END
"#,
        icon = quoted(icon),
        manifest = quoted(manifest),
    )
}

/// Windows 10 and later (the program needs them: ProcessPrng), version 6 of the common
/// controls (the task dialogs rfd shows), and UTF-8 as the code page of the program's ANSI
/// calls, so that a Chinese path given to an old API is not mangled.
const MANIFEST: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<assembly xmlns="urn:schemas-microsoft-com:asm.v1" manifestVersion="1.0">
  <assemblyIdentity type="win32" name="Bianpai.Bianpai" version="1.0.0.0" processorArchitecture="amd64"/>
  <compatibility xmlns="urn:schemas-microsoft-com:compatibility.v1">
    <application>
      <supportedOS Id="{8e0f7a12-bfb3-4fe8-b9a5-48fd50a15a9a}"/>
    </application>
  </compatibility>
  <dependency>
    <dependentAssembly>
      <assemblyIdentity type="win32" name="Microsoft.Windows.Common-Controls" version="6.0.0.0"
        processorArchitecture="*" publicKeyToken="6595b64144ccf1df" language="*"/>
    </dependentAssembly>
  </dependency>
  <application xmlns="urn:schemas-microsoft-com:asm.v3">
    <windowsSettings>
      <activeCodePage xmlns="http://schemas.microsoft.com/SMI/2019/WindowsSettings">UTF-8</activeCodePage>
    </windowsSettings>
  </application>
</assembly>
"#;
