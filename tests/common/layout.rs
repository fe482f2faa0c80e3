//! The layout check of the window (issue 37): a frame as it was painted, judged as an arbiter
//! at a 1024×768 laptop sees it. It fails when
//! - two texts of one layer are painted over each other ([`Kind::Overlap`]);
//! - a text is cut: elided with "…", or clipped at the side of a column or panel that is not
//!   the edge of something that scrolls sideways ([`Kind::Cut`]);
//! - a control (or a label) is neither in view nor brought into view by scrolling to it, as a
//!   screen reader or Tab does ([`Kind::Hidden`]); one just past the foot of something that
//!   scrolls down (a row a long table lays out under its edge) counts as reached;
//! - a list or panel has more than it shows but paints no scroll bar to say so
//!   ([`Kind::NoScrollBar`]).
//!
//! It reads what egui painted, layer by layer, at the end of each pass ([`watch`] hooks it into
//! the context), and the widget tree (accesskit) the harness holds. A test reaches it as
//! `crate::common::layout`; its self-test is `tests/gui/layout.rs`.

use egui::accesskit::Role;
use egui::{Context, LayerId, Order, Rect, Shape};
use egui_kittest::Harness;
use egui_kittest::kittest::NodeT;
use std::sync::{Arc, Mutex};

/// What is wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(dead_code)]
pub enum Kind {
    Overlap,
    Cut,
    Hidden,
    NoScrollBar,
}

/// One thing wrong, with the words that say where.
#[derive(Clone, Debug)]
pub struct Problem {
    pub kind: Kind,
    pub what: String,
}

/// A text as painted: its words, its rectangle, the clip it was painted under, its layer.
#[derive(Clone, Debug)]
struct Text {
    words: String,
    rect: Rect,
    clip: Rect,
    layer: LayerId,
    /// Which galley (one painted text) the row is of.
    galley: usize,
    elided: bool,
}

/// A filled rectangle as painted (a scroll bar's track or handle is one).
#[derive(Clone, Debug)]
struct Fill {
    rect: Rect,
    clip: Rect,
}

#[derive(Default)]
struct Painted {
    galleys: usize,
    texts: Vec<Text>,
    fills: Vec<Fill>,
}

/// What the last pass painted, kept by the hook [`watch`] installs.
#[derive(Clone)]
pub struct Watch(Arc<Mutex<Painted>>);

/// Hooks the check into `ctx`: from now on, the end of every pass keeps what it painted.
pub fn watch(ctx: &Context) -> Watch {
    let kept = Arc::new(Mutex::new(Painted::default()));
    let into = Arc::clone(&kept);
    ctx.on_end_pass(
        "layout check",
        Arc::new(move |ui: &mut egui::Ui| {
            let ctx = ui.ctx();
            let mut layers: Vec<LayerId> =
                ctx.memory(|m| m.areas().visible_layer_ids().into_iter().collect());
            if !layers.contains(&LayerId::background()) {
                layers.push(LayerId::background());
            }
            let mut painted = Painted::default();
            ctx.graphics(|g| {
                for &layer in &layers {
                    if let Some(list) = g.get(layer) {
                        for c in list.all_entries() {
                            collect(&mut painted, layer, c.clip_rect, &c.shape);
                        }
                    }
                }
            });
            *into.lock().unwrap() = painted;
        }),
    );
    Watch(kept)
}

impl Watch {
    /// The texts the last pass painted, row by row: words, rectangle, and the order of the
    /// layer they were painted on (a tooltip's is `Order::Tooltip`).
    pub fn texts(&self) -> Vec<(String, Rect, Order)> {
        let painted = self.0.lock().unwrap();
        painted
            .texts
            .iter()
            .map(|t| (t.words.clone(), t.rect, t.layer.order))
            .collect()
    }
}

fn collect(into: &mut Painted, layer: LayerId, clip: Rect, shape: &Shape) {
    match shape {
        Shape::Vec(shapes) => {
            for s in shapes {
                collect(into, layer, clip, s);
            }
        }
        Shape::Text(t) => {
            // Row by row, the ink of each without its leading space: a label in a wrapping row
            // is laid out from the row's start, its first line indented after what precedes.
            let galley = into.galleys;
            into.galleys += 1;
            let rows = t.galley.rows.len();
            for (i, row) in t.galley.rows.iter().enumerate() {
                let words = row.text().trim().to_string();
                if words.is_empty() {
                    continue;
                }
                into.texts.push(Text {
                    words,
                    rect: row.rect_without_leading_space().translate(t.pos.to_vec2()),
                    clip,
                    layer,
                    galley,
                    elided: t.galley.elided && i + 1 == rows,
                });
            }
        }
        Shape::Rect(r) if r.fill.a() > 0 => into.fills.push(Fill { rect: r.rect, clip }),
        _ => {}
    }
}

/// The widgets a person uses or reads, by role.
fn is_widget(role: Role) -> bool {
    matches!(
        role,
        Role::Button
            | Role::CheckBox
            | Role::RadioButton
            | Role::TextInput
            | Role::MultilineTextInput
            | Role::ComboBox
            | Role::SpinButton
            | Role::Slider
            | Role::Link
            | Role::Label
            | Role::Tab
            | Role::MenuItem
    )
}

/// How much of `rect` shows in `seen` (0 … 1).
fn shown(rect: Rect, seen: Rect) -> f32 {
    let i = rect.intersect(seen);
    if !i.is_positive() || !rect.is_positive() {
        return 0.0;
    }
    i.area() / rect.area()
}

/// A scroll bar of the frame: its rectangle, and whether it scrolls sideways.
#[derive(Clone, Copy, Debug)]
struct Bar {
    rect: Rect,
    sideways: bool,
    /// The part in view (a bar inside a panel that scrolls may be partly out of it).
    seen: Rect,
}

fn bars<S>(h: &Harness<'_, S>) -> Vec<Bar> {
    h.root()
        .children_recursive()
        .filter(|n| n.accesskit_node().role() == Role::ScrollBar)
        .map(|n| {
            let rect = n.rect();
            let seen = egui_id(&n, h)
                .and_then(|id| h.ctx.read_response(id))
                .map_or(rect, |r| r.interact_rect);
            Bar {
                rect,
                sideways: rect.width() > rect.height(),
                seen,
            }
        })
        .collect()
}

/// Is `rect` at the foot of something that scrolls down: within a row's height under the top
/// of a vertical bar's span and no further than a row past its end, or beside a sideways bar?
fn at_a_scrolling_edge(bars: &[Bar], rect: Rect) -> bool {
    const ROW: f32 = 40.0;
    bars.iter().any(|b| {
        if b.sideways {
            (rect.min.y - b.rect.min.y).abs() <= ROW
        } else {
            b.rect.min.y <= rect.min.y && rect.min.y <= b.rect.max.y + ROW
        }
    })
}

/// The egui id of a widget of the tree, to read its response (its rectangle as clipped).
fn egui_id<S>(node: &egui_kittest::Node<'_>, _h: &Harness<'_, S>) -> Option<egui::Id> {
    let (id, _) = node.accesskit_node().locate();
    let bits: u64 = id.0;
    // SAFETY: not a memory question (see `Id::from_high_entropy_bits`): the value is an egui
    // id the context itself gave the widget, so it has the entropy an id map expects.
    (bits != 0).then(|| unsafe { egui::Id::from_high_entropy_bits(bits) })
}

/// Checks the frame the harness shows. `state` names it in the problems ("Event tab, en,
/// 1024×768"). Scrolls to widgets out of view to see whether they can be reached: the window
/// may be left scrolled.
pub fn check<S>(h: &mut Harness<'_, S>, watch: &Watch, state: &str) -> Vec<Problem> {
    let mut problems = Vec::new();
    let screen = h.ctx.content_rect();
    let bars = bars(h);
    let near = |a: f32, b: f32| (a - b).abs() <= 16.0;
    {
        let painted = watch.0.lock().unwrap();
        let texts: Vec<&Text> = painted
            .texts
            .iter()
            .filter(|t| {
                matches!(
                    t.layer.order,
                    Order::Background | Order::Middle | Order::Foreground
                )
            })
            .collect();

        // Texts over texts, within one layer (a list open over a form is not an overlap).
        for (i, a) in texts.iter().enumerate() {
            let va = a.rect.intersect(a.clip).intersect(screen);
            if !va.is_positive() {
                continue;
            }
            for b in &texts[i + 1..] {
                if a.layer != b.layer || a.galley == b.galley {
                    continue;
                }
                let vb = b.rect.intersect(b.clip).intersect(screen);
                let both = va.intersect(vb);
                if both.width() > 2.0 && both.height() > 2.0 {
                    problems.push(Problem {
                        kind: Kind::Overlap,
                        what: format!(
                            "{state}: “{}” is painted over “{}” at {:?}",
                            b.words, a.words, both
                        ),
                    });
                }
            }
        }

        // Cut texts: elided, or clipped where nothing scrolls to the rest.
        for t in &texts {
            let seen = t.rect.intersect(t.clip).intersect(screen);
            if !seen.is_positive() {
                continue; // wholly out of view: the reach check below judges its widget
            }
            if t.elided {
                problems.push(Problem {
                    kind: Kind::Cut,
                    what: format!("{state}: “{}” is cut short with “…”", t.words),
                });
                continue;
            }
            let clip = t.clip.intersect(screen);
            let cut_left = t.rect.min.x < clip.min.x - 1.0;
            let cut_right = t.rect.max.x > clip.max.x + 1.0;
            let cut_top = t.rect.min.y < clip.min.y - 1.0;
            let cut_bottom = t.rect.max.y > clip.max.y + 1.0;
            let scrolls_sideways = |x: f32| {
                bars.iter()
                    .any(|b| b.sideways && (near(x, b.rect.min.x) || near(x, b.rect.max.x)))
            };
            let scrolls_down = |y: f32| {
                bars.iter()
                    .any(|b| !b.sideways && (near(y, b.rect.min.y) || near(y, b.rect.max.y)))
            };
            let sideways = (cut_left && !scrolls_sideways(clip.min.x))
                || (cut_right && !scrolls_sideways(clip.max.x));
            let down =
                (cut_top && !scrolls_down(clip.min.y)) || (cut_bottom && !scrolls_down(clip.max.y));
            if sideways || down {
                problems.push(Problem {
                    kind: Kind::Cut,
                    what: format!(
                        "{state}: “{}” is cut ({:.0} of {:.0}×{:.0} shows) at {:?}",
                        t.words,
                        seen.area(),
                        t.rect.width(),
                        t.rect.height(),
                        t.rect
                    ),
                });
            }
        }

        // A scroll bar is there (the content is larger than its view) but nothing is painted
        // where it is: the list looks complete and is not.
        for b in &bars {
            // A table's own bar at its right edge, past the view of an area that scrolls
            // sideways, is reached by scrolling there.
            let past_the_side = bars.iter().any(|s| {
                s.sideways
                    && b.rect.min.x >= s.rect.max.x - 12.0
                    && b.rect.min.y >= s.rect.min.y - 2000.0
                    && b.rect.max.y <= s.rect.max.y + 2.0
            });
            // A bar partly out of view is in a panel that scrolls to it.
            if past_the_side || shown(b.rect, b.seen) < 0.99 {
                continue;
            }
            let painted_bar = painted.fills.iter().any(|f| {
                let r = f.rect.intersect(f.clip);
                r.is_positive() && r.intersects(b.rect) && r.width().min(r.height()) <= 20.0
            });
            // A bar under the foot of a panel that scrolls down shows once it is scrolled to.
            let others: Vec<Bar> = bars
                .iter()
                .filter(|o| !o.sideways && o.rect != b.rect)
                .copied()
                .collect();
            if !painted_bar && !at_a_scrolling_edge(&others, b.rect) {
                problems.push(Problem {
                    kind: Kind::NoScrollBar,
                    what: format!(
                        "{state}: a {} scroll bar at {:?} is not painted",
                        if b.sideways { "sideways" } else { "vertical" },
                        b.rect
                    ),
                });
            }
        }
    }

    // Widgets out of view: scroll to each (as Tab or a screen reader does); one that still
    // does not show cannot be reached.
    let bars_now = bars.clone();
    let visible = |h: &Harness<'_, S>, id: egui::Id, rect: Rect| -> bool {
        let Some(r) = h.ctx.read_response(id) else {
            return false;
        };
        // Half of it in view, or (a widget wider or taller than the view) half the view, or
        // just past the foot of what scrolls down (a row of a long table laid out under its
        // edge).
        let seen = r.interact_rect.intersect(screen);
        rect.area() < 1.0
            || shown(r.rect, seen) > 0.5
            || at_a_scrolling_edge(&bars_now, r.rect)
            || (seen.width() >= 0.5 * r.rect.width().min(300.0)
                && seen.height() >= 0.5 * r.rect.height().min(300.0))
    };
    // A label is in view when its words are painted in view (its widget rectangle, laid out
    // from a wrapping row's start, may say otherwise).
    let painted_in_view: Vec<(String, Rect)> = watch
        .0
        .lock()
        .unwrap()
        .texts
        .iter()
        .filter(|t| shown(t.rect, t.clip.intersect(screen)) > 0.5)
        .map(|t| (t.words.clone(), t.rect))
        .collect();
    let mut out_of_view: Vec<(egui::Id, String)> = Vec::new();
    for n in h.root().children_recursive() {
        let role = n.accesskit_node().role();
        if !is_widget(role) {
            continue;
        }
        let Some(id) = egui_id(&n, h) else { continue };
        let rect = n.rect();
        if rect.area() < 1.0 {
            continue;
        }
        let label = n.accesskit_node().label().unwrap_or_default();
        let words_in_view = role == Role::Label
            && painted_in_view
                .iter()
                .any(|(w, r)| label.contains(w.as_str()) && r.intersects(rect));
        if !words_in_view && !visible(h, id, rect) {
            let name = n
                .accesskit_node()
                .label()
                .or_else(|| n.accesskit_node().value())
                .unwrap_or_default();
            let seen = h.ctx.read_response(id).map(|r| r.interact_rect);
            out_of_view.push((id, format!("{role:?} “{name}” at {rect:?} (seen {seen:?})")));
        }
    }
    let mut tried = 0;
    while let Some((id, name)) = out_of_view.first().cloned() {
        tried += 1;
        if tried > 60 {
            problems.push(Problem {
                kind: Kind::Hidden,
                what: format!(
                    "{state}: {} widgets still out of view after 60 scrolls, first {name}",
                    out_of_view.len()
                ),
            });
            break;
        }
        let node = h
            .root()
            .children_recursive()
            .find(|n| egui_id(n, h) == Some(id));
        if let Some(node) = node {
            node.scroll_to_me();
        }
        // The scroll area moves at the end of the pass that asked: the next one shows it.
        h.run();
        h.run();
        let rect_of = |h: &Harness<'_, S>, id: egui::Id| {
            h.root()
                .children_recursive()
                .find(|n| egui_id(n, h) == Some(id))
                .map(|n| n.rect())
        };
        // Rows of a long table are laid out only in view, their widgets' ids by place: a
        // label also counts as reached when its words are painted in view.
        let words_now: Vec<String> = watch
            .0
            .lock()
            .unwrap()
            .texts
            .iter()
            .filter(|t| shown(t.rect, t.clip.intersect(screen)) > 0.5)
            .map(|t| t.words.clone())
            .collect();
        out_of_view.retain(|(i, name)| {
            let by_words = words_now.iter().any(|w| name.contains(&format!("“{w}”")));
            !by_words
                && match rect_of(h, *i) {
                    Some(rect) => !visible(h, *i, rect),
                    None => true,
                }
        });
        if out_of_view.iter().any(|(i, _)| *i == id) {
            out_of_view.retain(|(i, _)| *i != id);
            problems.push(Problem {
                kind: Kind::Hidden,
                what: format!("{state}: {name} is out of view and scrolling does not reach it"),
            });
        }
    }
    problems
}

/// The check of the frame, which must find nothing: panics listing every problem.
#[allow(dead_code)]
pub fn assert_clean<S>(h: &mut Harness<'_, S>, watch: &Watch, state: &str) {
    report(&check(h, watch, state));
}

/// Panics listing every problem found, if there is one.
#[allow(dead_code)]
pub fn report(problems: &[Problem]) {
    if !problems.is_empty() {
        let list: Vec<String> = problems
            .iter()
            .map(|p| format!("  {:?}: {}", p.kind, p.what))
            .collect();
        panic!(
            "the layout check finds {} problems:\n{}",
            problems.len(),
            list.join("\n")
        );
    }
}
