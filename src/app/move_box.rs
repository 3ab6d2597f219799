//! The move box's completion (Type a move, under the move list): which legal moves
//! begin with what was typed, and the beginning they share (what Tab completes). Split
//! from `move_list.rs`, which draws the box.

/// The indices of `names` (legal moves in notation) that begin with `typed`: letter
/// case as typed first, any case when none does; the check and mate signs and
/// annotation glyphs (`+ # ! ?`) are not needed. An exact name comes alone.
pub fn completions(names: &[String], typed: &str) -> Vec<usize> {
    let bare = |t: &str| t.trim().trim_end_matches(['+', '#', '!', '?']).to_string();
    let typed = bare(typed);
    if typed.is_empty() {
        return Vec::new();
    }
    if let Some(exact) = names.iter().position(|n| bare(n) == typed) {
        return vec![exact];
    }
    let begins: Vec<usize> = (0..names.len()).filter(|&i| names[i].starts_with(&typed)).collect();
    if !begins.is_empty() {
        return begins;
    }
    let lower = typed.to_lowercase();
    (0..names.len()).filter(|&i| names[i].to_lowercase().starts_with(&lower)).collect()
}

/// The longest text all of `names` begin with (empty for none).
pub fn shared_prefix<'a>(mut names: impl Iterator<Item = &'a str>) -> String {
    let Some(first) = names.next() else { return String::new() };
    let mut shared = first;
    for name in names {
        // Where they first differ; else the shorter one's end (the same bytes).
        let end = shared
            .char_indices()
            .zip(name.chars())
            .find(|((_, a), b)| a != b)
            .map_or_else(|| shared.len().min(name.len()), |((i, _), _)| i);
        shared = &shared[..end];
    }
    shared.to_string()
}

#[cfg(test)]
mod move_box_tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn completions_take_the_case_typed_first_then_any_and_an_exact_name_alone() {
        let n = names(&["Bc3d", "Bb4d", "bb2l", "Qc2d+", "Qc2l"]);
        assert_eq!(completions(&n, "B"), vec![0, 1], "the case typed first");
        assert_eq!(completions(&n, "bb"), vec![2]);
        assert_eq!(completions(&n, "BB"), vec![1, 2], "any case when none matches as typed");
        assert_eq!(completions(&n, "Qc2d"), vec![3], "the check sign need not be typed");
        assert_eq!(completions(&n, "Qc2d+!"), vec![3], "nor a glyph");
        assert_eq!(completions(&n, "Qc2"), vec![3, 4]);
        assert!(completions(&n, "Z").is_empty() && completions(&n, " ").is_empty());
    }

    #[test]
    fn the_shared_beginning_of_moves_is_what_tab_completes() {
        let n = ["Qc2d+", "Qc2l", "Qc3d"];
        assert_eq!(shared_prefix(n.iter().copied()), "Qc");
        assert_eq!(shared_prefix(n[..2].iter().copied()), "Qc2");
        assert_eq!(shared_prefix(["5x20x36", "5x20"].into_iter()), "5x20");
        assert_eq!(shared_prefix(["Ωa", "Ωb"].into_iter()), "Ω", "characters, not bytes");
        assert_eq!(shared_prefix(std::iter::empty()), "");
    }
}
