//! The layering of `DESIGN.md`, read from the sources: the rule book (model, conduct, pairing,
//! standings, awards) imports nothing from the floors above it, the model nothing from the
//! rest of the rule book, and no two files import each other, directly or round a circle.
//!
//! A file's imports are the `crate::`, `super::` and `self::` paths it names outside
//! `#[cfg(test)]` items and comments, each resolved to the deepest module file it reaches. A
//! module's own `mod x;` and relative `pub use x::…` lines declare its children; they are not
//! imports.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Module = Vec<String>;

/// Every module file under `src`, by module path (`src/pairing/dutch/engine.rs` →
/// `pairing::dutch::engine`; `mod.rs`, `lib.rs` and `main.rs` name their folder).
fn modules() -> BTreeMap<Module, PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![];
    walk(&src, &mut files);
    files
        .into_iter()
        .map(|p| {
            let rel = p.strip_prefix(&src).unwrap().with_extension("");
            let mut m: Module = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if matches!(m.last().map(String::as_str), Some("mod" | "lib" | "main")) {
                m.pop();
            }
            (m, p)
        })
        .collect()
}

/// The source without comments and without the items marked `#[cfg(test)]`.
fn code(text: &str) -> String {
    let lines: Vec<&str> = text
        .lines()
        .map(|l| match l.trim_start().starts_with("//") {
            true => "",
            false => l,
        })
        .collect();
    let text = lines.join("\n");
    let mut out = String::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        // Skip the item: up to its `;` (or `,` for a field), or its balanced `{ … }` block.
        let mut depth = 0usize;
        let mut end = after.len();
        for (i, ch) in after.char_indices() {
            match ch {
                '{' => depth += 1,
                // The end of the block that holds the item (a field marked for tests).
                '}' if depth == 0 => {
                    end = i;
                    break;
                }
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = i + 1;
                        break;
                    }
                }
                ';' | ',' if depth == 0 => {
                    end = i + 1;
                    break;
                }
                _ => {}
            }
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// The paths a file names: each `use` tree expanded, and every other `crate::`/`super::`/
/// `self::` path in the code.
fn paths(code: &str) -> Vec<Vec<String>> {
    fn expand(prefix: &str, tree: &str, out: &mut Vec<String>) {
        let tree = tree.trim();
        if let Some(open) = tree.find('{') {
            let head = tree[..open].trim_end_matches("::");
            let inner = &tree[open + 1..tree.rfind('}').unwrap()];
            let mut depth = 0;
            let mut start = 0;
            let joined = if prefix.is_empty() {
                head.to_string()
            } else {
                format!("{prefix}::{head}")
            };
            for (i, ch) in inner.char_indices() {
                match ch {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        expand(&joined, &inner[start..i], out);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            expand(&joined, &inner[start..], out);
        } else if !tree.is_empty() {
            let item = tree.split(" as ").next().unwrap().trim();
            out.push(if prefix.is_empty() {
                item.to_string()
            } else {
                format!("{prefix}::{item}")
            });
        }
    }
    let mut found = vec![];
    // `use` trees.
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let before_ok = at == 0 || !rest[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_');
        let after = &rest[at + 4..];
        let end = after.find(';').unwrap_or(after.len());
        if before_ok {
            let tree: String = after[..end].split_whitespace().collect();
            if tree.starts_with("crate") || tree.starts_with("super") || tree.starts_with("self") {
                expand("", &tree, &mut found);
            }
        }
        rest = &after[end.min(after.len())..];
    }
    // Paths anywhere else.
    let bytes = code.as_bytes();
    for root in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(i) = code[from..].find(root) {
            let at = from + i;
            let starts_word = at == 0
                || !(bytes[at - 1].is_ascii_alphanumeric()
                    || bytes[at - 1] == b'_'
                    || bytes[at - 1] == b':');
            let mut end = at;
            while end < bytes.len()
                && (bytes[end].is_ascii_alphanumeric() || bytes[end] == b'_' || bytes[end] == b':')
            {
                end += 1;
            }
            if starts_word {
                found.push(code[at..end].trim_end_matches(':').to_string());
            }
            from = end.max(at + root.len());
        }
    }
    found.sort();
    found.dedup();
    found
        .into_iter()
        .map(|p| p.split("::").map(str::to_string).collect())
        .collect()
}

/// The module file a path reaches from module `at`, if it names one.
fn resolve(at: &Module, path: &[String], known: &BTreeMap<Module, PathBuf>) -> Option<Module> {
    let (mut base, mut rest): (Module, &[String]) = match path.first()?.as_str() {
        "crate" => (vec![], &path[1..]),
        "self" => (at.clone(), &path[1..]),
        "super" => (at.clone(), path),
        _ => return None,
    };
    while rest.first().is_some_and(|s| s == "super") {
        base.pop();
        rest = &rest[1..];
    }
    for seg in rest {
        let mut next = base.clone();
        next.push(seg.clone());
        if known.contains_key(&next) {
            base = next;
        } else {
            break;
        }
    }
    Some(base)
}

/// Each module file's imports, as module files.
fn imports() -> BTreeMap<Module, BTreeSet<Module>> {
    let known = modules();
    known
        .iter()
        .map(|(m, p)| {
            let text = std::fs::read_to_string(p).unwrap();
            let targets = paths(&code(&text))
                .iter()
                .filter_map(|path| resolve(m, path, &known))
                .filter(|t| t != m)
                .collect();
            (m.clone(), targets)
        })
        .collect()
}

fn name(m: &Module) -> String {
    if m.is_empty() {
        "lib".into()
    } else {
        m.join("/")
    }
}

#[test]
fn the_rule_book_imports_nothing_above_it() {
    const RULE_BOOK: [&str; 5] = ["model", "conduct", "pairing", "standings", "awards"];
    const ABOVE: [&str; 8] = [
        "store",
        "report",
        "interchange",
        "app",
        "ui",
        "cli",
        "web",
        "i18n",
    ];
    let mut wrong = vec![];
    for (m, targets) in imports() {
        let Some(floor) = m.first().map(String::as_str) else {
            continue;
        };
        if !RULE_BOOK.contains(&floor) {
            continue;
        }
        for t in targets {
            let Some(to) = t.first().map(String::as_str) else {
                continue;
            };
            let up = ABOVE.contains(&to) || (floor == "model" && to != "model");
            if up {
                wrong.push(format!("{} imports {}", name(&m), name(&t)));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layering:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_faces_reach_the_event_through_the_app_only() {
    // The window, the command line and the venue page never speak to the store (SQL, the
    // file): every action and every constant of the file comes through the app services. The
    // window reads no file format either.
    let mut wrong = vec![];
    for (m, targets) in imports() {
        let Some(face) = m.first().map(String::as_str) else {
            continue;
        };
        let barred: &[&str] = match face {
            "ui" => &["store", "interchange"],
            "cli" | "web" => &["store"],
            _ => continue,
        };
        for t in targets {
            if t.first().is_some_and(|to| barred.contains(&to.as_str())) {
                wrong.push(format!("{} imports {}", name(&m), name(&t)));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "faces past the app:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn no_two_files_import_each_other() {
    let graph = imports();
    // Tarjan's strongly connected components: any component of more than one file is a circle.
    struct Walk<'a> {
        graph: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        on_stack: BTreeSet<&'a Module>,
        circles: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a Module) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in &self.graph[v] {
                let Some((w, _)) = self.graph.get_key_value(w) else {
                    continue;
                };
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let lw = self.low[w];
                    let lv = self.low.get_mut(v).unwrap();
                    *lv = (*lv).min(lw);
                } else if self.on_stack.contains(w) {
                    let iw = self.index[w];
                    let lv = self.low.get_mut(v).unwrap();
                    *lv = (*lv).min(iw);
                }
            }
            if self.low[v] == self.index[v] {
                let mut circle = vec![];
                loop {
                    let w = self.stack.pop().unwrap();
                    self.on_stack.remove(w);
                    circle.push(name(w));
                    if w == v {
                        break;
                    }
                }
                if circle.len() > 1 {
                    circle.sort();
                    self.circles.push(circle);
                }
            }
        }
    }
    let mut walk = Walk {
        graph: &graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: vec![],
        on_stack: BTreeSet::new(),
        circles: vec![],
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v) {
            walk.visit(v);
        }
    }
    assert!(
        walk.circles.is_empty(),
        "import circles: {:?}",
        walk.circles
    );
}

#[test]
fn the_reader_finds_imports_it_must_see() {
    // A check on the reader itself, so that the two tests above cannot pass by reading nothing.
    let graph = imports();
    let m = |s: &str| s.split('/').map(str::to_string).collect::<Module>();
    assert!(graph[&m("pairing/xiangqi/solver")].contains(&m("pairing/xiangqi/weights")));
    assert!(graph[&m("pairing/xiangqi/solver")].contains(&m("pairing/matching")));
    assert!(graph[&m("app")].contains(&m("store")));
    let test_only =
        code("use crate::a;\n#[cfg(test)]\nmod tests {\n use crate::ui::X;\n}\n// crate::cli\n");
    assert_eq!(
        paths(&test_only),
        vec![vec!["crate".to_string(), "a".to_string()]]
    );
}
