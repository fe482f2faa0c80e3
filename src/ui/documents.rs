//! 打印文件 — the one place to print: choose a document (round sheets, standings, crosstable,
//! order book, result book, certificates), the round and the paper, then save the PDF or save
//! and open it. The document is made from a copy of the event on a worker thread, so a big
//! result book never freezes the window. Below, the section's lists as data files
//! ([`super::data_export`]).

use super::widgets::Progress;
use super::widgets::{confirm_overwrite, round_picker};
use super::{Desk, Tab};
use crate::app::{AppError, DocumentKind, DocumentRequest, make_document_from, write_file};
use crate::i18n::{T, fill};
use crate::report::layout::PaperSize;
use std::path::PathBuf;

/// A document being made on a worker thread: where it goes and whether to open it after.
struct Pending {
    path: PathBuf,
    /// Written, then (when asked) opened: `Some(why)` when no viewer opened it.
    job: super::widgets::Background<Result<Option<String>, AppError>>,
}

pub struct DocumentsTab {
    kind: DocumentKind,
    round: u32,
    paper: PaperSize,
    /// The certificates of the chosen section only, not of the whole event.
    one_section: bool,
    pending: Option<Pending>,
    /// A document whose file exists: made once the person agrees to replace it.
    confirm: Option<(DocumentRequest, bool, PathBuf)>,
    /// 导出数据, below the documents.
    data: super::data_export::DataExport,
}

impl Default for DocumentsTab {
    fn default() -> Self {
        DocumentsTab {
            kind: DocumentKind::PairingSheet,
            one_section: false,
            round: 0,
            paper: PaperSize::A4,
            pending: None,
            confirm: None,
            data: Default::default(),
        }
    }
}

/// Opens a file with the desktop's viewer (`viewer` in its place, for tests), on the worker
/// thread: why it did not open, if it did not. xdg-open (and macOS' open) hand the file to a
/// viewer and end; one that ends in failure found none. One still running after a few seconds
/// is a viewer itself, taken to be open.
#[cfg(not(windows))]
fn open_with_viewer(
    path: &std::path::Path,
    viewer: Option<&std::path::Path>,
) -> Result<(), String> {
    #[cfg(target_os = "macos")]
    let default = "open";
    #[cfg(not(target_os = "macos"))]
    let default = "xdg-open";
    let program = viewer.map_or_else(|| default.into(), |v| v.display().to_string());
    let mut child = std::process::Command::new(&program)
        .arg(path)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map_err(|e| format!("{program}: {e}"))?;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while std::time::Instant::now() < deadline {
        match child.try_wait() {
            Ok(Some(status)) if status.success() => return Ok(()),
            Ok(Some(status)) => return Err(format!("{program}: {status}")),
            Ok(None) => std::thread::sleep(std::time::Duration::from_millis(50)),
            Err(e) => return Err(format!("{program}: {e}")),
        }
    }
    Ok(())
}

/// Opens a file with the desktop's viewer: Windows' own "open" of the file (ShellExecuteW), as
/// a double-click does. Not `cmd /C start`, which flashes a console and reads `&`, `^` and `%`
/// in a file name as its own.
#[cfg(windows)]
fn open_with_viewer(
    path: &std::path::Path,
    _viewer: Option<&std::path::Path>,
) -> Result<(), String> {
    use std::os::windows::ffi::OsStrExt;
    #[link(name = "shell32")]
    unsafe extern "system" {
        fn ShellExecuteW(
            hwnd: *mut core::ffi::c_void,
            operation: *const u16,
            file: *const u16,
            parameters: *const u16,
            directory: *const u16,
            show: i32,
        ) -> isize;
    }
    const SW_SHOWNORMAL: i32 = 1;
    let wide = |s: &std::ffi::OsStr| s.encode_wide().chain([0]).collect::<Vec<u16>>();
    let file = wide(path.as_os_str());
    let open = wide(std::ffi::OsStr::new("open"));
    // SAFETY: both strings are NUL-terminated and live across the call; the rest may be null.
    let code = unsafe {
        ShellExecuteW(
            std::ptr::null_mut(),
            open.as_ptr(),
            file.as_ptr(),
            std::ptr::null(),
            std::ptr::null(),
            SW_SHOWNORMAL,
        )
    };
    // Above 32 is success; below, an error such as "no program for this kind of file".
    if code > 32 {
        Ok(())
    } else {
        Err(format!("ShellExecuteW: {code}"))
    }
}

impl DocumentsTab {
    fn start(&mut self, desk: &mut Desk, req: DocumentRequest, open: bool, ctx: &egui::Context) {
        let Some(tour) = desk.tournament.as_ref() else {
            return;
        };
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        // The section named where the document is one section's (a round's sheet, one
        // section's certificates); the result book and order book are the event's.
        let section = req
            .section
            .filter(|_| req.kind.for_a_round() || req.kind.one_section_or_all())
            .and_then(|id| tour.event().section(id))
            .map(|s| s.name.clone());
        // 2026某某赛-成绩册.pdf, 2026某某赛-男子组-第3轮-对阵表.pdf.
        let round = req
            .round
            .filter(|_| req.kind.for_a_round())
            .map(|r| fill(t(T::RoundN), &[&r]))
            .unwrap_or_default();
        let name = desk.file_name(
            &[
                section.as_deref().unwrap_or_default(),
                &round,
                t(req.kind.title()),
            ],
            "pdf",
        );
        let Some(path) = desk.save_path(t(req.kind.title()), &name, "pdf", "PDF") else {
            return;
        };
        if path.exists() {
            self.confirm = Some((req, open, path));
        } else {
            self.make(desk, req, open, path, false, ctx);
        }
    }

    /// Makes the document on a worker thread and writes it to `path`.
    fn make(
        &mut self,
        desk: &Desk,
        req: DocumentRequest,
        open: bool,
        path: PathBuf,
        replace: bool,
        ctx: &egui::Context,
    ) {
        let Some(tour) = desk.tournament.as_ref() else {
            return;
        };
        // Read here (the team records are in the file); made and written on a worker thread.
        let source = tour.document_source(&req);
        let target = path.clone();
        let viewer = desk.viewer_override.clone();
        let job = super::widgets::Background::start(ctx, move || {
            make_document_from(&source?, &req)
                .and_then(|pdf| write_file(&target, &pdf.bytes, replace))?;
            Ok(if open {
                open_with_viewer(&target, viewer.as_deref()).err()
            } else {
                None
            })
        });
        self.pending = Some(Pending { path, job });
    }

    /// Reports a finished document (and opens it if asked); keeps waiting otherwise. Called
    /// every frame, whichever tab is shown.
    pub fn poll(&mut self, ctx: &egui::Context, desk: &mut Desk) {
        let Some(p) = &self.pending else { return };
        match p.job.poll(ctx) {
            Progress::Done(Ok(not_opened)) => {
                let mut msg = match &not_opened {
                    None => format!("{} {}", desk.t(T::Exported), p.path.display()),
                    // Said, with the path, when 保存并打开 found no viewer.
                    Some(why) => fill(desk.t(T::OpenNoViewer), &[&p.path.display(), why]),
                };
                let lacking = desk
                    .tournament
                    .as_ref()
                    .map(|t| crate::app::unprintable(t.event()))
                    .unwrap_or_default();
                if !lacking.is_empty() {
                    msg = format!(
                        "{msg}{}{}",
                        desk.t(T::NoteSeparator),
                        crate::app::unprintable_text(&lacking, desk.lang)
                    );
                }
                if not_opened.is_some() {
                    desk.message = Some((true, msg));
                } else {
                    desk.info(msg);
                }
                self.pending = None;
            }
            Progress::Done(Err(e)) => {
                desk.error(&e);
                self.pending = None;
            }
            Progress::Running => {}
            Progress::Died => {
                self.pending = None;
                desk.message = Some((true, desk.t(T::ErrWorkerDied).to_string()));
            }
        }
    }
}

impl Tab for DocumentsTab {
    fn title(&self) -> T {
        T::TabDocuments
    }

    fn ui(&mut self, ui: &mut egui::Ui, desk: &mut Desk) {
        let ctx = ui.ctx().clone();
        let lang = desk.lang;
        let t = |k: T| k.get(lang);
        if let Some((_, _, path)) = &self.confirm
            && let Some(yes) = confirm_overwrite(&ctx, path, lang)
        {
            let (req, open, path) = self.confirm.take().expect("asked above");
            if yes {
                self.make(desk, req, open, path, true, &ctx);
            }
        }
        ui.horizontal(|ui| {
            let l = ui.label(t(T::DocumentKind));
            egui::ComboBox::from_id_salt("document_kind")
                .selected_text(t(self.kind.title()))
                .width(260.0)
                // Tall enough for every kind: a list ending at an item's edge looked complete.
                .height(f32::INFINITY)
                .show_ui(ui, |ui| {
                    for k in DocumentKind::ALL {
                        ui.selectable_value(&mut self.kind, k, t(k.title()));
                    }
                })
                .response
                .labelled_by(l.id);
        });
        let section = desk.section().cloned();
        let mut round = None;
        if self.kind.for_a_round() {
            let Some(s) = section.as_ref() else {
                ui.label(t(T::NoSection));
                return;
            };
            if s.rounds.is_empty() {
                ui.label(t(T::NoRounds));
                return;
            }
            ui.horizontal(|ui| {
                ui.label(format!("{}：{}", t(T::Section), s.name));
                round_picker(ui, "documents_round", s, &mut self.round, lang);
            });
            round = Some(self.round);
        } else if self.kind.one_section_or_all()
            && let Some(s) = section.as_ref()
        {
            ui.horizontal(|ui| {
                ui.radio_value(&mut self.one_section, false, t(T::WholeEvent));
                ui.radio_value(&mut self.one_section, true, s.name.as_str());
            });
        } else {
            ui.label(t(T::WholeEvent));
        }
        if self.kind.offers_a3() {
            ui.horizontal(|ui| {
                ui.label(t(T::PaperSize));
                ui.radio_value(&mut self.paper, PaperSize::A4, "A4");
                ui.radio_value(&mut self.paper, PaperSize::A3, "A3");
            });
        }
        let req = DocumentRequest {
            kind: self.kind,
            // The certificates and the sign-in sheet print one section's only when asked.
            section: section
                .as_ref()
                .map(|s| s.id)
                .filter(|_| !self.kind.one_section_or_all() || self.one_section),
            round,
            paper: if self.kind.offers_a3() {
                self.paper
            } else {
                PaperSize::A4
            },
            lang,
            venue_url: desk.venue_url.clone(),
        };
        ui.separator();
        if self.pending.is_some() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(t(req.kind.title()));
            });
            return;
        }
        ui.horizontal(|ui| {
            if ui.button(t(T::SaveDocument)).clicked() {
                self.start(desk, req.clone(), false, &ctx);
            }
            if ui.button(t(T::SaveAndOpen)).clicked() {
                self.start(desk, req.clone(), true, &ctx);
            }
            // 办证处名单, 奖金签收表 and 缴费名单 go to the treasurer as a workbook too.
            if crate::app::has_workbook(req.kind) && ui.button(t(T::SaveWorkbook)).clicked() {
                save_workbook(desk, &req);
            }
        });
        ui.add_space(12.0);
        ui.separator();
        self.data.ui(ui, desk);
    }
}

/// Writes the desk's list `req` names as a workbook (XLSX) where the person chooses (the file
/// dialog has asked before replacing a file, as for the data files).
fn save_workbook(desk: &mut Desk, req: &DocumentRequest) {
    let lang = desk.lang;
    let t = |k: T| k.get(lang);
    let section = req
        .section
        .and_then(|id| desk.tournament.as_ref()?.event().section(id))
        .map(|s| s.name.clone());
    let name = desk.file_name(
        &[section.as_deref().unwrap_or_default(), t(req.kind.title())],
        "xlsx",
    );
    let Some(path) = desk.save_path(t(req.kind.title()), &name, "xlsx", "XLSX") else {
        return;
    };
    if desk
        .act(|tour| tour.export_desk_list(req.kind, req.section, &path, true, lang))
        .is_some()
    {
        desk.info(format!("{} {}", t(T::Exported), path.display()));
    }
}
