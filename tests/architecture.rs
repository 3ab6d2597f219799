//! The layering of `ARCHITECTURE.md`, checked on the source: every path a module names
//! (`use`, or inline `crate::…`/`super::…` paths) is an edge to the module it lands in.
//! No two modules may depend on each other, directly or in a loop, and each layer may
//! only depend on the layers below it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every module file under `src/`, by module path (`app::ui`, `core::interstellar`).
fn modules() -> BTreeMap<String, PathBuf> {
    fn walk(dir: &Path, prefix: &[String], out: &mut BTreeMap<String, PathBuf>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir).expect("src").map(|e| e.expect("entry").path()).collect();
        entries.sort();
        for path in entries {
            let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
            if path.is_dir() {
                let mut p = prefix.to_vec();
                p.push(name);
                walk(&path, &p, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let mut p = prefix.to_vec();
                if name != "mod" {
                    p.push(name);
                }
                if !p.is_empty() && p != ["main"] {
                    out.insert(p.join("::"), path);
                }
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(Path::new("src"), &[], &mut out);
    out
}

/// The source without comments, string literals and `#[cfg(test)]` modules (tests may
/// reach anywhere).
fn code_of(text: &str) -> String {
    let test_module = text.match_indices("#[cfg(test)]").map(|(at, _)| at).find(|&at| {
        let after = text[at + 12..].trim_start();
        let after = after.lines().skip_while(|l| l.trim_start().starts_with("#[")).collect::<Vec<_>>().join("\n");
        after.trim_start().starts_with("mod ")
    });
    let text = match test_module {
        Some(at) => &text[..at],
        None => text,
    };
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let line = match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        };
        let mut in_string = false;
        let mut prev = ' ';
        for c in line.chars() {
            if c == '"' && prev != '\\' {
                in_string = !in_string;
            } else if !in_string {
                out.push(c);
            }
            prev = c;
        }
        out.push('\n');
    }
    out
}

/// The module paths named in `code` of the module `me` (`is_mod`: it is a `mod.rs`).
fn targets(code: &str, me: &str, is_mod: bool, all: &BTreeMap<String, PathBuf>) -> BTreeSet<String> {
    let own: Vec<&str> = me.split("::").collect();
    let sup = own[..own.len() - 1].to_vec();
    let mut out = BTreeSet::new();
    let bytes = code.as_bytes();
    // `$crate::` in a macro's body counts where the macro is used, not where it is defined.
    let word =
        |at: usize| at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || matches!(bytes[at - 1], b'_' | b':' | b'$'));
    let resolve = |base: Vec<&str>, rest: &str| -> Option<String> {
        let segments: Vec<&str> = rest
            .split("::")
            .map(|s| s.trim_start_matches('{').trim())
            .take_while(|s| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
            .collect();
        let mut path = base.clone();
        let mut best = base.join("::");
        for s in segments {
            path.push(s);
            let joined = path.join("::");
            if all.contains_key(&joined) {
                best = joined;
            } else {
                break;
            }
        }
        (!best.is_empty()).then_some(best)
    };
    for (at, _) in code.match_indices("crate::") {
        if word(at) {
            let rest = &code[at + 7..];
            // Macros exported at the crate root live in their defining modules.
            let rest = rest.trim_start_matches("with_game!").trim_start_matches("with_variant!");
            if code[at + 7..].starts_with("with_game!") {
                out.insert("record::game".to_string());
            } else if code[at + 7..].starts_with("with_variant!") {
                out.insert("core::game".to_string());
            } else {
                out.extend(resolve(Vec::new(), rest));
            }
        }
    }
    for (at, _) in code.match_indices("super::") {
        if word(at) {
            out.extend(resolve(sup.clone(), &code[at + 7..]));
        }
    }
    if is_mod {
        for (at, _) in code.match_indices("pub use ") {
            if word(at) {
                let rest = &code[at + 8..];
                if !rest.starts_with("crate::") && !rest.starts_with("super::") {
                    out.extend(resolve(own.clone(), rest));
                }
            }
        }
    }
    out.remove(me);
    out
}

/// The layer of a module: its top-level folder or file.
fn layer(module: &str) -> &str {
    module.split("::").next().unwrap_or(module)
}

/// The layers each layer may depend on (itself included).
fn allowed(layer: &str) -> &'static [&'static str] {
    match layer {
        "core" => &["core"],
        "record" => &["core", "record"],
        "files" => &["core", "record", "solver", "render", "files"],
        "solver" => &["core", "record", "solver"],
        "engine" => &["core", "engine"],
        "render" => &["core", "record", "render"],
        "study" => &["core", "record", "files", "solver", "engine", "render", "study"],
        "app" => &["core", "record", "files", "solver", "engine", "render", "study", "app"],
        "cli" => &["core", "record", "files", "solver", "engine", "render", "study", "app", "cli"],
        _ => &["core", "record", "files", "solver", "engine", "render", "study", "app", "cli", "lib"],
    }
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let all = modules();
    all.iter()
        .map(|(module, path)| {
            let text = std::fs::read_to_string(path).expect("source");
            let is_mod = path.file_name().is_some_and(|n| n == "mod.rs");
            (module.clone(), targets(&code_of(&text), module, is_mod, &all))
        })
        .collect()
}

#[test]
fn layers_only_depend_on_layers_below() {
    let mut wrong = Vec::new();
    for (module, deps) in graph() {
        for dep in deps {
            if !allowed(layer(&module)).contains(&layer(&dep)) {
                wrong.push(format!("{module} → {dep}"));
            }
        }
    }
    assert!(wrong.is_empty(), "imports against the layering of ARCHITECTURE.md:\n{}", wrong.join("\n"));
}

#[test]
fn no_two_modules_depend_on_each_other() {
    let g = graph();
    // Strongly connected components (Tarjan, iteratively small enough to recurse).
    struct State<'a> {
        g: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        next: usize,
        cycles: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        s.index.insert(v, s.next);
        s.low.insert(v, s.next);
        s.next += 1;
        s.stack.push(v);
        s.on_stack.insert(v);
        let g = s.g;
        for w in g.get(v).into_iter().flatten() {
            let w = w.as_str();
            if !g.contains_key(w) {
                continue;
            }
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.low[w];
                let lv = s.low[v];
                s.low.insert(v, lv.min(lw));
            } else if s.on_stack.contains(w) {
                let iw = s.index[w];
                let lv = s.low[v];
                s.low.insert(v, lv.min(iw));
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                component.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.cycles.push(component);
            }
        }
    }
    let mut s = State {
        g: &g,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        next: 0,
        cycles: Vec::new(),
    };
    for v in g.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    let shown: Vec<String> = s
        .cycles
        .iter()
        .map(|c| {
            let edges: Vec<String> = c
                .iter()
                .flat_map(|a| g[a].iter().filter(|b| c.contains(b)).map(move |b| format!("{a} → {b}")))
                .collect();
            edges.join(", ")
        })
        .collect();
    assert!(shown.is_empty(), "modules that depend on each other:\n{}", shown.join("\n"));
}

#[test]
fn the_engine_uses_only_the_rules_core() {
    // The engine is a library over `core` alone: no records, files, drawing or app.
    let g = graph();
    let engine: Vec<_> = g.iter().filter(|(m, _)| layer(m) == "engine").collect();
    assert!(!engine.is_empty(), "no engine modules found");
    for (module, deps) in engine {
        for dep in deps {
            assert!(matches!(layer(dep), "core" | "engine"), "{module} → {dep}");
        }
    }
}

#[test]
fn the_checker_sees_imports() {
    // The checker itself: a `use super::` and an inline `crate::` path are both edges.
    let all = modules();
    let code = "use super::session::GameSession;\nfn f() { crate::files::write_record_file(); }\n";
    let t = targets(code, "app::ui", false, &all);
    assert!(t.contains("app::session") && t.contains("files"), "{t:?}");
}

#[test]
fn the_command_line_uses_no_gui_code_but_the_window() {
    // `orrery` alone opens the app (`crate::app::run_native`); everything else the
    // command line shares with the app lives below both (`study`: the game report, GIFs).
    let mut wrong = Vec::new();
    for (module, path) in modules() {
        if layer(&module) != "cli" {
            continue;
        }
        let code = code_of(&std::fs::read_to_string(&path).expect("source"));
        for (at, _) in code.match_indices("crate::app::") {
            if !code[at + 12..].starts_with("run_native") {
                wrong.push(format!("{module}: {}", code[at..].lines().next().unwrap_or_default()));
            }
        }
    }
    assert!(wrong.is_empty(), "the command line uses the app:\n{}", wrong.join("\n"));
}

#[test]
fn the_apps_jobs_and_models_use_no_egui() {
    // The app's model (the workspace, the shown game's view, the document, undo, the
    // board editor, puzzles, clocks) and its background work know nothing of the
    // window: they are tested, and could be driven, without egui. Each names no egui,
    // and of the app uses only modules of this list.
    let model = [
        "app::action",
        "app::jobs",
        "app::jobs::engine",
        "app::workspace",
        "app::view",
        "app::view::any",
        "app::view::play",
        "app::view::studying",
        "app::view::clocks",
        "app::view::overlay",
        "app::view::lesson",
        "app::learn",
        "app::document",
        "app::history",
        "app::session",
        "app::setup",
        "app::puzzle",
        "app::clock",
        "app::analysis",
        "app::opponent",
        "app::sounds",
    ];
    // The platform's services name no egui either (they may read the settings).
    let services = ["app::autosave", "app::dialogs"];
    let all = modules();
    let graph = graph();
    for module in model.iter().chain(&services) {
        let path = all.get(*module).unwrap_or_else(|| panic!("{module} is a module"));
        let code = code_of(&std::fs::read_to_string(path).expect("source"));
        assert!(!code.contains("egui"), "{module} uses egui");
    }
    for module in model {
        for target in &graph[module] {
            assert!(
                layer(target) != "app" || model.contains(&target.as_str()),
                "the model's {module} uses {target}, which is not the model's"
            );
        }
    }
}
