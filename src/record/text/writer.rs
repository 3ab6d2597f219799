//! The writer: canonical text, wrapped at 80 columns.

use crate::core::game::Game;

use super::builder::MoveSpan;
use super::lexer::escape_comment;
use super::marks::marks_commands;
use crate::record::game::{AnyGame, GameRecord};
use crate::record::tree::{Marks, NodeId};

/// Line-wrapping writer: words joined by spaces, lines at most 80 columns (a single
/// longer word stands alone).
struct Wrap {
    out: String,
    line_len: usize,
    /// The next word follows the last one without a space (after `(`).
    glue_next: bool,
    /// Where each move was written (byte offsets in `out`).
    spans: Vec<MoveSpan>,
}

impl Wrap {
    const WIDTH: usize = 80;

    fn word(&mut self, w: &str) {
        self.word_breaking(w, true);
    }

    /// Writes a word; `may_break`: a line break may come before it.
    fn word_breaking(&mut self, w: &str, may_break: bool) {
        let len = w.chars().count();
        if !may_break && self.line_len > 0 {
            self.out.push(' ');
            self.line_len += 1;
        } else if std::mem::take(&mut self.glue_next) {
            // A line break stays: the "(" then ends its line, which reads as well.
            if self.line_len > 0 && self.line_len + len > Self::WIDTH {
                self.out.push('\n');
                self.line_len = 0;
            }
        } else if self.line_len > 0 {
            if self.line_len + 1 + len > Self::WIDTH {
                self.out.push('\n');
                self.line_len = 0;
            } else {
                self.out.push(' ');
                self.line_len += 1;
            }
        }
        self.out.push_str(w);
        self.line_len += len;
    }

    /// Breaks the line first unless `len` more columns (after a space) fit on it: a move
    /// number and its move stay on one line.
    fn keep_together(&mut self, len: usize) {
        if self.line_len > 0 && self.line_len + 1 + len > Self::WIDTH {
            self.out.push('\n');
            self.line_len = 0;
        }
    }

    /// A `{comment}` split into words so it wraps like the rest.
    fn comment(&mut self, text: &str) {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.len() {
            0 => self.word("{}"),
            1 => self.word(&format!("{{{}}}", words[0])),
            n => {
                // A line inside a comment never starts with `[` and a letter: the reader
                // takes a line starting `[Name "` for the next game's tags.
                let may_break =
                    |w: &str| !(w.starts_with('[') && w.as_bytes().get(1).is_some_and(u8::is_ascii_alphabetic));
                self.word(&format!("{{{}", words[0]));
                for w in &words[1..n - 1] {
                    self.word_breaking(w, may_break(w));
                }
                let last = words[n - 1];
                self.word_breaking(&format!("{last}}}"), may_break(last));
            }
        }
    }
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes one game in the canonical text format, ending with a newline.
pub fn write_game<G: Game>(record: &GameRecord<G>) -> String {
    write_game_with_spans(record).0
}

/// Writes one game like [`write_game`] and says where each move was written (byte
/// ranges in the text, in text order), for editors that map the text to the tree.
pub fn write_game_with_spans<G: Game>(record: &GameRecord<G>) -> (String, Vec<MoveSpan>) {
    let mut out = String::new();
    out.push_str(&format!("[Variant \"{}\"]\n", G::VARIANT.name()));
    // PGN's seven-tag roster in its order (the six of the tags, then Result), then the
    // other tags.
    let mut tags = record.tags.iter();
    for (k, v) in tags.by_ref().take(crate::record::game::roster(G::VARIANT).len()) {
        out.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
    }
    out.push_str(&format!("[Result \"{}\"]\n", record.result.token()));
    for (k, v) in tags {
        out.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
    }
    if record.set_up {
        out.push_str("[SetUp \"1\"]\n");
        out.push_str(&format!("[Position \"{}\"]\n", escape(&record.start.position_string())));
    }
    out.push('\n');
    let mut wrap = Wrap { out: String::new(), line_len: 0, glue_next: false, spans: Vec::new() };
    let root = record.tree.node(NodeId::ROOT);
    let intro = comment_with_marks::<G>(&root.comment_after, &root.marks);
    if !intro.is_empty() {
        wrap.comment(&intro);
    }
    if let Some(&first) = root.children.first() {
        write_line(record, &mut wrap, first, record.start.clone(), 0);
    }
    wrap.word(record.result.token());
    let header = out.len();
    out.push_str(&wrap.out);
    out.push('\n');
    let spans = wrap
        .spans
        .into_iter()
        .map(|s| MoveSpan { range: s.range.start + header..s.range.end + header, node: s.node })
        .collect();
    (out, spans)
}

/// A comment's text (escaped) and then its board marks' commands.
fn comment_with_marks<G: Game>(text: &str, marks: &Marks<G::Cell>) -> String {
    let text = escape_comment(text);
    let commands = marks_commands::<G>(marks);
    match (text.is_empty(), commands.is_empty()) {
        (_, true) => text.to_string(),
        (true, false) => commands,
        (false, false) => format!("{text} {commands}"),
    }
}

/// Writes the line starting with `first` (played from `position`, `ply` plies after the
/// start), with its variations.
fn write_line<G: Game>(record: &GameRecord<G>, wrap: &mut Wrap, first: NodeId, position: G, ply: usize) {
    let tree = &record.tree;
    let mut pos = position;
    let mut ply = ply;
    let mut id = first;
    let mut need_number = true;
    loop {
        let node = tree.node(id);
        let Some(mv) = node.mv else { return };
        if !node.comment_before.is_empty() {
            wrap.comment(&escape_comment(&node.comment_before));
        }
        let (number, first_player) = record.move_number_at_ply(ply);
        // The notation is one word for wrapping: a Target Out suffix (` out`) is never
        // put at the start of a line.
        let notation = pos.notation(mv);
        // A first NAG with a glyph is glued on (`PQ-56!`); the others follow as `$n`,
        // so the order of NAGs survives.
        let glued = usize::from(node.nags.first().is_some_and(|n| n.glyph().is_some()));
        let word = match node.nags.first().and_then(|n| n.glyph()) {
            Some(glyph) => format!("{notation}{glyph}"),
            None => notation,
        };
        let number_text = if first_player {
            Some(format!("{number}."))
        } else if need_number {
            Some(format!("{number}..."))
        } else {
            None
        };
        match number_text {
            Some(n) => {
                // The number and its move on one line (`6. 29x22`, never `6.` at a line's end).
                let len = n.chars().count() + 1 + word.chars().count();
                if len <= Wrap::WIDTH && !wrap.glue_next {
                    wrap.keep_together(len);
                }
                wrap.word(&n);
                wrap.word_breaking(&word, wrap.line_len + 1 + word.chars().count() > Wrap::WIDTH);
            }
            None => wrap.word(&word),
        }
        let end = wrap.out.len();
        wrap.spans.push(MoveSpan { range: end - word.len()..end, node: id });
        for nag in node.nags.iter().skip(glued) {
            wrap.word(&format!("${}", nag.0));
        }
        let comment = comment_with_marks::<G>(&node.comment_after, &node.marks);
        if !comment.is_empty() {
            wrap.comment(&comment);
        }
        need_number = !comment.is_empty();
        let before = pos.clone();
        pos.play(mv);
        if let Some(parent) = node.parent {
            let siblings = &tree.node(parent).children;
            if siblings.first() == Some(&id) && siblings.len() > 1 {
                for &variation in &siblings[1..] {
                    wrap.word("(");
                    // "(" is glued to the first word of the variation.
                    wrap.glue_next = true;
                    write_line(record, wrap, variation, before.clone(), ply);
                    wrap.word(")");
                    glue_before_last(&mut wrap.out);
                }
                need_number = true;
            }
        }
        ply += 1;
        match node.children.first() {
            Some(&next) => id = next,
            None => return,
        }
    }
}

/// Removes the separator before the last character (a `)`), if it is a space.
fn glue_before_last(out: &mut String) {
    let n = out.len();
    if n >= 2 && out.as_bytes()[n - 2] == b' ' {
        out.remove(n - 2);
    }
}

/// Writes one game of either variant.
pub fn write_any(game: &AnyGame) -> String {
    crate::with_game!(game, g => write_game(g))
}

/// Writes several games, separated by blank lines.
pub fn write_games(games: &[AnyGame]) -> String {
    games.iter().map(write_any).collect::<Vec<_>>().join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::triangular::Position;

    #[test]
    fn the_result_closes_the_seven_tag_roster_before_the_other_tags() {
        let mut record: GameRecord<Position> = GameRecord::new();
        record.tags.set("Annotator", "Ann");
        record.tags.set("White", "W");
        record.tags.set("Study", "S");
        let text = write_game(&record);
        let keys: Vec<&str> =
            text.lines().filter_map(|l| l.strip_prefix('[')).filter_map(|l| l.split(' ').next()).collect();
        assert_eq!(
            keys,
            ["Variant", "Event", "Site", "Date", "Round", "White", "Black", "Result", "Annotator", "Study"]
        );
        // Read back as written.
        let again = crate::record::text::read_one(&text).expect("reads");
        assert_eq!(crate::record::write_any(&again), text);
    }
}
