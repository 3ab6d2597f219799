//! The move list panel: the main line as a numbered table (the first player's move,
//! the second player's move), comments between the rows, variations indented under the
//! move they replace. Built as lines of one height, once per change of the game and
//! panel width, so only the lines in view are laid out and long records scroll without
//! stalls. Clicks and the context menu push [`Command`]s.

use crate::record::annotations::without_commands;
use egui::RichText;

use super::command::{Command, GameCommand};
use super::session::GameSession;
use crate::record::{GameResult, NodeId, RecordGame};

/// The move list's own state: the lines as last built, and the move last scrolled to.
#[derive(Default)]
pub struct MoveListPanel {
    cache: Option<MoveListCache>,
    scrolled_to: Option<NodeId>,
    /// Scroll once more next frame: egui limits the scroll offset by the list's height of
    /// the frame before, so a row just added is only reached one frame later.
    scroll_again: bool,
}

/// How Interstellar moves name their cells, for the move list's tooltip.
pub const NUMBERING_NOTE: &str = "Each player writes a move in their own numbering: row and \
index counted from their own side and their own left. So negative's NQx97 lands on the cell \
positive calls 13. The status bar names the cell under the pointer both ways, and View > \
Labels (Interstellar) chooses whose numbering the margin shows.";

impl MoveListPanel {
    /// Draws the list of `s`, pushing what the user asks for.
    pub fn ui<G: RecordGame>(&mut self, ui: &mut egui::Ui, s: &GameSession<G>, commands: &mut Vec<Command>) {
        let heading = ui.heading("Moves");
        // Interstellar writes a move in its mover's own numbering: say so where the
        // moves are read.
        if G::VARIANT == crate::core::game::Variant::Interstellar {
            heading.on_hover_text(NUMBERING_NOTE);
        }
        // Bring the shown move into view when it changes (after a move, a key, a jump).
        let moved = self.scrolled_to != Some(s.cursor);
        let scroll = moved || self.scroll_again;
        self.scroll_again = moved;
        if moved {
            ui.ctx().request_repaint();
        }
        self.scrolled_to = Some(s.cursor);
        let chars = ((ui.available_width() - 8.0) / 7.5).max(16.0) as usize;
        let key = list_key(s, chars);
        if self.cache.as_ref().is_none_or(|c| c.key != key) {
            self.cache = Some(MoveListCache { key, lines: build_lines(s, chars) });
        }
        let lines = self.cache.as_ref().map(|c| c.lines.as_slice()).unwrap_or(&[]);
        if let Some(action) = move_list_ui(ui, s, lines, scroll) {
            commands.push(match action {
                ListAction::Jump(node) => Command::Game(GameCommand::Jump(node)),
                ListAction::Promote(node) => Command::Game(GameCommand::PromoteVariation(node)),
                ListAction::Delete(node) => Command::Game(GameCommand::DeleteFrom(node)),
            });
        }
    }
}

/// What a click in the move list asks for.
enum ListAction {
    Jump(NodeId),
    Promote(NodeId),
    Delete(NodeId),
}

/// One line of the move list. Every line has the same height, so a record of any length
/// scrolls smoothly: only the lines in view are drawn.
#[derive(Clone, Debug)]
pub(crate) enum ListLine {
    /// A main-line row: number, the first player's move (`None`: "…", the row continues
    /// after a comment or variation), the second player's move.
    Row { number: u32, first: Option<(NodeId, String)>, second: Option<(NodeId, String)> },
    /// A piece of a comment of the main line, wrapped to the panel's width.
    Comment { indent: u8, text: String },
    /// A piece of a variation (moves and comment words), wrapped, indented by depth.
    Variation { indent: u8, items: Vec<LineItem> },
    /// The result token, or the hint for an empty game.
    Note(String),
}

/// A word of a variation line: a move (with its number, if written) or a comment word.
#[derive(Clone, Debug)]
pub(crate) enum LineItem {
    Move(NodeId, String),
    Word(String),
}

/// The move list's lines, kept while the game, its annotations and the panel's width
/// stay the same.
struct MoveListCache {
    key: (u64, usize),
    lines: Vec<ListLine>,
}

/// The cache key of the move list for `s` at `chars` characters a line: the record's
/// revision (it moves with every change) and the width.
fn list_key<G: RecordGame>(s: &GameSession<G>, chars: usize) -> (u64, usize) {
    (s.record.revision(), chars)
}

/// A move's notation with its NAG glyphs (`$N` for NAGs without one).
fn move_text(notation: &str, nags: &[crate::record::Nag]) -> String {
    let mut text = notation.to_string();
    for nag in nags {
        match nag.glyph() {
            Some(g) => text.push_str(g),
            None => text.push_str(&format!(" ${}", nag.0)),
        }
    }
    text
}

/// Splits `text` into lines of at most `chars` characters (words kept whole).
fn wrap_words(text: &str, chars: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > chars {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push(line);
    }
    out
}

/// The move list of `s` as lines of at most about `chars` characters: the main line as
/// a table (number, first player's move, second player's move), comments between rows,
/// variations indented under the move they replace.
fn build_lines<G: RecordGame>(s: &GameSession<G>, chars: usize) -> Vec<ListLine> {
    let tree = &s.record.tree;
    let notations = s.notations();
    let mut lines = Vec::new();
    let comment = |lines: &mut Vec<ListLine>, indent: u8, text: &str| {
        for piece in wrap_words(text, chars.saturating_sub(2 * indent as usize).max(10)) {
            lines.push(ListLine::Comment { indent, text: piece });
        }
    };
    let root = tree.node(NodeId::ROOT);
    comment(&mut lines, 0, &without_commands(&root.comment_after));
    if root.children.is_empty() {
        lines.push(ListLine::Note("No moves yet: click a piece, then one of its marked cells (or drag it).".into()));
    }
    let mut ply = 0;
    let mut row: Option<(u32, Option<(NodeId, String)>)> = None;
    let mut id = root.children.first().copied();
    while let Some(node_id) = id {
        let node = tree.node(node_id);
        if node.mv.is_none() {
            break;
        }
        let (number, first_player) = s.record.move_number_at_ply(ply);
        if !without_commands(&node.comment_before).is_empty() {
            if let Some((n, first)) = row.take() {
                lines.push(ListLine::Row { number: n, first, second: None });
            }
            comment(&mut lines, 0, &without_commands(&node.comment_before));
        }
        let text = move_text(&notations[node_id.0 as usize], &node.nags);
        if first_player {
            if let Some((n, first)) = row.take() {
                lines.push(ListLine::Row { number: n, first, second: None });
            }
            row = Some((number, Some((node_id, text))));
        } else {
            let first = row.take().and_then(|(_, f)| f);
            lines.push(ListLine::Row { number, first, second: Some((node_id, text)) });
        }
        ply += 1;
        let parent = node.parent.unwrap_or(NodeId::ROOT);
        let alternatives = &tree.node(parent).children[1..];
        // Clock and evaluation commands are for the clock and the graph, not the reader.
        let after = without_commands(&node.comment_after);
        if !after.is_empty() || !alternatives.is_empty() {
            if let Some((n, first)) = row.take() {
                lines.push(ListLine::Row { number: n, first, second: None });
            }
            comment(&mut lines, 0, &after);
            for &v in alternatives {
                variation_lines(s, &notations, v, ply - 1, 1, chars, &mut lines);
            }
        }
        id = node.children.first().copied();
    }
    if let Some((n, first)) = row.take() {
        lines.push(ListLine::Row { number: n, first, second: None });
    }
    if s.record.result != GameResult::Unknown {
        lines.push(ListLine::Note(s.record.result.token().to_string()));
    }
    lines
}

/// The lines of a variation (and of the variations inside it), written inline: move
/// numbers at its start, on the first player's moves and after comments.
fn variation_lines<G: RecordGame>(
    s: &GameSession<G>,
    notations: &[String],
    first: NodeId,
    ply: usize,
    indent: u8,
    chars: usize,
    lines: &mut Vec<ListLine>,
) {
    let tree = &s.record.tree;
    let width = chars.saturating_sub(2 * indent as usize).max(10);
    let flush = |items: &mut Vec<LineItem>, lines: &mut Vec<ListLine>| {
        let mut line: Vec<LineItem> = Vec::new();
        let mut used = 0;
        for item in items.drain(..) {
            // A move is a button: its padding and the gap after it take about three
            // characters' room; a word one.
            let len = match &item {
                LineItem::Move(_, t) => t.chars().count() + 3,
                LineItem::Word(t) => t.chars().count() + 1,
            };
            if !line.is_empty() && used + len > width {
                lines.push(ListLine::Variation { indent, items: std::mem::take(&mut line) });
                used = 0;
            }
            used += len;
            line.push(item);
        }
        if !line.is_empty() {
            lines.push(ListLine::Variation { indent, items: line });
        }
    };
    let words = |items: &mut Vec<LineItem>, text: &str| {
        items.extend(text.split_whitespace().map(|w| LineItem::Word(w.to_string())));
    };
    let mut items = Vec::new();
    let mut id = first;
    let mut ply = ply;
    let mut need_number = true;
    loop {
        let node = tree.node(id);
        if node.mv.is_none() {
            break;
        }
        words(&mut items, &node.comment_before);
        let (number, first_player) = s.record.move_number_at_ply(ply);
        let mut text = String::new();
        if first_player {
            text.push_str(&format!("{number}. "));
        } else if need_number {
            text.push_str(&format!("{number}… "));
        }
        text.push_str(&move_text(&notations[id.0 as usize], &node.nags));
        items.push(LineItem::Move(id, text));
        let after = without_commands(&node.comment_after);
        words(&mut items, &after);
        need_number = !after.is_empty();
        ply += 1;
        let parent = node.parent.unwrap_or(NodeId::ROOT);
        let siblings = &tree.node(parent).children;
        if id != first && siblings.first() == Some(&id) && siblings.len() > 1 {
            flush(&mut items, lines);
            for &v in &siblings[1..] {
                variation_lines(s, notations, v, ply - 1, indent + 1, chars, lines);
            }
            need_number = true;
        }
        match node.children.first() {
            Some(&next) => id = next,
            None => break,
        }
    }
    flush(&mut items, lines);
}

/// Draws the lines of the move list that are in view; the move at the cursor is
/// highlighted and brought into view when `scroll` is set.
fn move_list_ui<G: RecordGame>(
    ui: &mut egui::Ui,
    s: &GameSession<G>,
    lines: &[ListLine],
    scroll: bool,
) -> Option<ListAction> {
    let mut action = None;
    let row_height = ui.spacing().interact_size.y;
    // Scrolls sideways too: a line wider than the panel (a long word in a comment)
    // never widens the panel and pushes its contents out of view.
    let mut area = egui::ScrollArea::both().auto_shrink([false, false]);
    if scroll {
        let at = lines.iter().position(|l| match l {
            ListLine::Row { first, second, .. } => {
                first.as_ref().is_some_and(|(n, _)| *n == s.cursor)
                    || second.as_ref().is_some_and(|(n, _)| *n == s.cursor)
            }
            ListLine::Variation { items, .. } => {
                items.iter().any(|i| matches!(i, LineItem::Move(n, _) if *n == s.cursor))
            }
            _ => false,
        });
        // At the start (Home) no move is highlighted: the list goes to its top.
        let at = if s.cursor == NodeId::ROOT { Some(0) } else { at };
        if let Some(at) = at {
            let step = row_height + ui.spacing().item_spacing.y;
            let offset = at as f32 * step - ui.available_height() / 2.0;
            area = area.vertical_scroll_offset(offset.max(0.0));
        }
    }
    let number_width = 44.0;
    area.show_rows(ui, row_height, lines.len(), |ui, range| {
        let column = ((ui.available_width() - number_width) / 2.0).max(60.0);
        for line in &lines[range] {
            match line {
                ListLine::Row { number, first, second } => {
                    ui.horizontal(|ui| {
                        ui.spacing_mut().item_spacing.x = 0.0;
                        let (rect, _) =
                            ui.allocate_exact_size(egui::vec2(number_width, row_height), egui::Sense::hover());
                        ui.painter().text(
                            rect.left_center() + egui::vec2(4.0, 0.0),
                            egui::Align2::LEFT_CENTER,
                            format!("{number}."),
                            egui::TextStyle::Body.resolve(ui.style()),
                            ui.visuals().weak_text_color(),
                        );
                        for (index, cell) in [first, second].into_iter().enumerate() {
                            if index == 1 && cell.is_none() {
                                break;
                            }
                            let (rect, _) =
                                ui.allocate_exact_size(egui::vec2(column, row_height), egui::Sense::hover());
                            let mut child = ui.new_child(
                                egui::UiBuilder::new()
                                    .max_rect(rect)
                                    .layout(egui::Layout::left_to_right(egui::Align::Center)),
                            );
                            match cell {
                                Some((node, text)) => move_button(&mut child, s, *node, text, false, &mut action),
                                // The second player's move continues a row broken by a comment or variation.
                                None => {
                                    child.label(RichText::new("…").weak());
                                }
                            }
                        }
                    });
                }
                ListLine::Comment { indent, text } => {
                    ui.horizontal(|ui| {
                        ui.add_space(*indent as f32 * 16.0);
                        ui.add(egui::Label::new(RichText::new(text).italics()).wrap_mode(egui::TextWrapMode::Truncate));
                    });
                }
                ListLine::Variation { indent, items } => {
                    ui.horizontal(|ui| {
                        ui.add_space(*indent as f32 * 16.0);
                        // Comment words next to each other make one label.
                        let mut words = String::new();
                        let flush = |ui: &mut egui::Ui, words: &mut String| {
                            if !words.is_empty() {
                                ui.label(RichText::new(std::mem::take(words)).italics().weak());
                            }
                        };
                        for item in items {
                            match item {
                                LineItem::Move(node, text) => {
                                    flush(ui, &mut words);
                                    move_button(ui, s, *node, text, true, &mut action);
                                }
                                LineItem::Word(word) => {
                                    if !words.is_empty() {
                                        words.push(' ');
                                    }
                                    words.push_str(word);
                                }
                            }
                        }
                        flush(ui, &mut words);
                    });
                }
                ListLine::Note(text) => {
                    ui.label(RichText::new(text).weak());
                }
            }
        }
    });
    action
}

/// One clickable move in the list, with its context menu (promote, delete). The move at
/// the cursor is drawn selected at full contrast, also inside variations.
fn move_button<G: RecordGame>(
    ui: &mut egui::Ui,
    s: &GameSession<G>,
    id: NodeId,
    text: &str,
    in_variation: bool,
    action: &mut Option<ListAction>,
) {
    let tree = &s.record.tree;
    let current = s.cursor == id;
    let mut label = RichText::new(text);
    if current {
        label = label.strong().color(ui.visuals().strong_text_color());
    } else if in_variation {
        label = label.color(ui.visuals().weak_text_color());
    }
    let response = ui.selectable_label(current, label);
    if response.clicked() {
        *action = Some(ListAction::Jump(id));
    }
    response.context_menu(|ui| {
        if (tree.starts_variation(id) || in_variation) && ui.button("Promote variation").clicked() {
            *action = Some(ListAction::Promote(id));
            ui.close();
        }
        if ui.button("Delete from here").clicked() {
            *action = Some(ListAction::Delete(id));
            ui.close();
        }
    });
}

#[cfg(test)]
mod move_list_tests {
    use super::*;
    use crate::core::interstellar;
    use crate::record::{AnyGame, read_one};

    #[test]
    fn every_move_of_the_tree_is_on_exactly_one_line_and_lines_fit() {
        let text = std::fs::read_to_string("assets/games/interstellar-planet-hunt.pgn").unwrap();
        let AnyGame::Interstellar(record) = read_one(&text).unwrap() else { panic!("an Interstellar game") };
        let s: GameSession<interstellar::Position> = GameSession::from_record(record);
        for chars in [20, 40, 80] {
            let lines = build_lines(&s, chars);
            let mut seen = Vec::new();
            for line in &lines {
                match line {
                    ListLine::Row { first, second, .. } => {
                        seen.extend(first.iter().chain(second.iter()).map(|(n, _)| *n));
                    }
                    ListLine::Variation { items, indent } => {
                        let width: usize = items
                            .iter()
                            .map(|i| match i {
                                LineItem::Move(_, t) | LineItem::Word(t) => t.chars().count() + 1,
                            })
                            .sum();
                        assert!(items.len() == 1 || width <= chars - 2 * *indent as usize, "{width} > {chars}");
                        seen.extend(items.iter().filter_map(|i| match i {
                            LineItem::Move(n, _) => Some(*n),
                            LineItem::Word(_) => None,
                        }));
                    }
                    ListLine::Comment { text, .. } => assert!(!text.is_empty()),
                    ListLine::Note(_) => {}
                }
            }
            let mut sorted = seen.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), seen.len(), "no move twice");
            assert_eq!(seen.len(), s.record.tree.move_count(), "every move once");
        }
    }
}
