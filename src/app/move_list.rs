//! The move list panel: the main line as a numbered table (the first player's move,
//! the second player's move), comments between the rows, variations indented under the
//! move they replace. Built as lines of one height, once per change of the game and
//! panel width, so only the lines in view are laid out and long records scroll without
//! stalls. Clicks and the context menu push [`Command`]s.

use crate::record::annotations::without_commands;
use egui::RichText;

use super::command::{Command, GameCommand};
pub use super::move_box::{completions, shared_prefix};
use super::session::{GameSession, capitalise};
use super::theme;
use crate::record::{GameResult, Nag, NodeId, RecordGame};

/// The move list's own state: the lines as last built, the move last scrolled to, and
/// the comment being written.
#[derive(Default)]
pub struct MoveListPanel {
    cache: Option<MoveListCache>,
    scrolled_to: Option<NodeId>,
    /// Scroll once more next frame: egui limits the scroll offset by the list's height of
    /// the frame before, so a row just added is only reached one frame later.
    scroll_again: bool,
    /// The list's height last frame: when it changes (a row above it comes or goes, the
    /// pane is resized) the shown move is brought back into view.
    height: f32,
    /// The comment being written under the list, until Save or Cancel.
    editing: Option<CommentEdit>,
    /// The keyboard move box's text.
    pub move_text: String,
    /// Give the move box the keyboard on the next frame (Enter on the board, or a move
    /// just played from it).
    pub focus_move_box: bool,
    /// Tab going through the moves a beginning names: the beginning typed.
    tab_from: Option<String>,
    /// The shown game's place in its file (from 1), for the header's title when the
    /// players are not named ("Game 3", as the games list calls it).
    pub game_number: usize,
}

/// A comment being written in the move list: for which move, before or after it, the
/// text so far, and the move's name when it was opened (a different game shown, or the
/// move gone, closes it unsaved rather than writing into another move).
struct CommentEdit {
    node: NodeId,
    before: bool,
    text: String,
    name: String,
    /// Give the text box the keyboard on the next frame.
    focus: bool,
}

/// How Interstellar moves name their cells, for the move list's tooltip.
pub const NUMBERING_NOTE: &str = "Each player writes a move in their own numbering: row and \
index counted from their own side and their own left. So negative's NQx97 lands on the cell \
positive calls 13. The status bar names the cell under the pointer both ways, and View > \
Labels (Interstellar) chooses whose numbering the margin shows.";

impl MoveListPanel {
    /// Draws the list of `s`, pushing what the user asks for: the header (players,
    /// result, time control), the moves, the comment being written and the glyph
    /// buttons for the shown move.
    ///
    /// `hidden_from`: a main-line move that is hidden with everything after it (its
    /// comment, its variations, the rest of the game) while "Learn from your mistakes"
    /// asks for a better one; the list cannot be edited then.
    pub fn ui<G: RecordGame>(
        &mut self,
        ui: &mut egui::Ui,
        s: &GameSession<G>,
        hidden_from: Option<NodeId>,
        commands: &mut Vec<Command>,
    ) {
        header_ui(ui, s, self.game_number);
        // The pane's tab says "Move list" already: a small heading, so the moves keep
        // the room.
        let heading = ui.label(RichText::new("Moves").strong());
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
        // A comment opened for a move that is no longer there (undone, another game
        // shown) is dropped, never written into another move.
        if self.editing.as_ref().is_some_and(|e| move_name(s, e.node).as_deref() != Some(e.name.as_str())) {
            self.editing = None;
        }
        let chars = ((ui.available_width() - 8.0) / 7.5).max(16.0) as usize;
        let tried = hidden_from.and_then(|h| tried_instead(s, h));
        let key = (s.record.revision(), chars, hidden_from, tried);
        let mut scroll = scroll;
        if self.cache.as_ref().is_none_or(|c| c.key != key) {
            self.cache = Some(MoveListCache { key, lines: build_lines(s, chars, hidden_from) });
            // Lines came or went above the shown move (a report's comments, say): bring
            // it back into view (this frame and the next, as after a move).
            scroll = true;
            self.scroll_again = true;
            ui.ctx().request_repaint();
        }
        if hidden_from.is_some() {
            self.editing = None;
        }
        let lines = self.cache.as_ref().map(|c| c.lines.as_slice()).unwrap_or(&[]);
        // Under the list: the comment being written, and the glyph buttons.
        let row = ui.spacing().interact_size.y + ui.spacing().item_spacing.y;
        // The glyph buttons take one or two rows, as the pane's width allows.
        let below = 4.0 * row + 8.0 + if self.editing.is_some() { 6.0 * row } else { 0.0 };
        let height = (ui.available_height() - below).max(2.0 * row);
        if (height - self.height).abs() > 0.5 {
            scroll = true;
            self.scroll_again = true;
            self.height = height;
            ui.ctx().request_repaint();
        }
        let mut actions = Vec::new();
        let editable = hidden_from.is_none();
        move_list_ui(ui, s, lines, scroll, height, editable, &mut actions);
        self.move_box_ui(ui, s, commands);
        if !editable {
            ui.label(
                RichText::new(
                    "The rest of the game, the engine's lines and the opening tree are \
                     hidden while you look for a better move (Show the engine's move \
                     shows it).",
                )
                .weak(),
            );
            for action in actions {
                if let ListAction::Game(command @ GameCommand::Jump(_)) = action {
                    commands.push(Command::Game(command));
                }
            }
            return;
        }
        ui.separator();
        if let Some(edit) = &mut self.editing {
            // The words of the comment, as the box shows them (an evaluation or a clock
            // reading kept in it is not a comment to delete).
            let has_comment = !without_commands(comment_text(s, edit.node, edit.before)).trim().is_empty();
            comment_editor_ui(ui, edit, has_comment, &mut actions);
        }
        glyph_bar_ui(ui, s, &mut actions);
        for action in actions {
            match action {
                ListAction::Game(command) => {
                    if matches!(command, GameCommand::SetComment { .. }) {
                        self.editing = None;
                    }
                    commands.push(Command::Game(command));
                }
                ListAction::EditComment { node, before } => {
                    self.editing = move_name(s, node).map(|name| CommentEdit {
                        node,
                        before,
                        text: without_commands(comment_text(s, node, before)),
                        name,
                        focus: true,
                    });
                }
                ListAction::CancelComment => self.editing = None,
            }
        }
    }
}

impl MoveListPanel {
    /// The keyboard move box, as lichess's keyboard input: a move typed in the game's
    /// notation is played with Enter; while the text begins several legal moves they
    /// are listed (a click plays one) and Tab completes what they share; one legal move
    /// is played with Enter as soon as the text names it alone.
    pub fn move_box_ui<G: RecordGame>(&mut self, ui: &mut egui::Ui, s: &GameSession<G>, commands: &mut Vec<Command>) {
        let position = s.position();
        let mut play = None;
        let mut names: Vec<String> = Vec::new();
        let mut matching = Vec::new();
        let mut typed = String::new();
        ui.horizontal(|ui| {
            let label = ui.label("Type a move");
            let edit = egui::TextEdit::singleline(&mut self.move_text)
                .id_salt("move-box")
                .desired_width(110.0)
                .lock_focus(true)
                .hint_text("then Enter");
            let response = ui.add(edit).labelled_by(label.id).on_hover_text(
                "Type a move in the game's notation and press Enter. While several moves begin \
                 with what you typed they are listed: Tab completes what they share, then goes \
                 through them one by one. Enter on the board comes here; Escape leaves.",
            );
            if std::mem::take(&mut self.focus_move_box) {
                response.request_focus();
            }
            // The text as it stands after this frame's keys.
            typed = self.move_text.trim().to_string();
            if !typed.is_empty() {
                let mut moves = crate::core::moves::MoveList::new();
                position.legal_moves(&mut moves);
                names = moves.iter().map(|&m| position.notation(m)).collect();
                matching = completions(&names, &typed);
            }
            let enter = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if response.has_focus() && ui.input(|i| i.key_pressed(egui::Key::Tab)) {
                let shared = shared_prefix(matching.iter().map(|&i| names[i].as_str()));
                // Tab again, on a move it put there: the next move of the same beginning.
                let cycle = self
                    .tab_from
                    .as_ref()
                    .map(|from| completions(&names, from))
                    .filter(|c| c.len() > 1 && c.iter().any(|&i| names[i] == typed));
                // Shift+Tab goes back through them.
                let back = ui.input(|i| i.modifiers.shift);
                let next = if let Some(cycle) = cycle {
                    let at = cycle.iter().position(|&i| names[i] == typed).unwrap_or(0);
                    let step = if back { cycle.len() - 1 } else { 1 };
                    Some(names[cycle[(at + step) % cycle.len()]].clone())
                } else if shared.chars().count() > typed.chars().count() {
                    self.tab_from = None;
                    Some(shared)
                } else if matching.len() > 1 {
                    // Nothing more they share: the first of them, then the others.
                    self.tab_from = Some(typed.clone());
                    Some(names[matching[0]].clone())
                } else {
                    None
                };
                if let Some(next) = next {
                    self.move_text = next;
                    typed = self.move_text.clone();
                    matching = completions(&names, &typed);
                    if let Some(mut state) = egui::TextEdit::load_state(ui.ctx(), response.id) {
                        let end = egui::text::CCursor::new(self.move_text.chars().count());
                        state.cursor.set_char_range(Some(egui::text::CCursorRange::one(end)));
                        state.store(ui.ctx(), response.id);
                    }
                }
            }
            if enter && !typed.is_empty() {
                // The text as typed when it reads as a move; else the one move it begins.
                play = if position.parse_move(&typed).is_ok() {
                    Some(typed.clone())
                } else if let [only] = matching.as_slice() {
                    Some(names[*only].clone())
                } else {
                    None
                };
                if play.is_none() {
                    // Kept, with the keyboard, to be finished.
                    self.focus_move_box = true;
                }
            }
        });
        // While Tab goes through the moves of a beginning, they stay listed.
        let cycling = self
            .tab_from
            .as_ref()
            .map(|from| completions(&names, from))
            .filter(|c| c.len() > 1 && matching.len() == 1 && c.contains(&matching[0]));
        if let (Some(cycle), None) = (&cycling, &play) {
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new("Tab, Shift+Tab:").weak());
                for &i in cycle.iter().take(12) {
                    if ui.selectable_label(names[i] == typed, &names[i]).clicked() {
                        play = Some(names[i].clone());
                    }
                }
            });
        }
        if !typed.is_empty() && play.is_none() {
            match matching.len() {
                0 => {
                    ui.label(RichText::new(format!("No legal move here begins with {typed}")).color(theme::WARNING));
                }
                1 => {
                    ui.label(RichText::new(format!("Enter plays {}", names[matching[0]])).weak());
                }
                n => {
                    ui.horizontal_wrapped(|ui| {
                        ui.label(RichText::new(format!("{n} moves:")).weak());
                        for &i in matching.iter().take(12) {
                            if ui.small_button(&names[i]).clicked() {
                                play = Some(names[i].clone());
                            }
                        }
                        if n > 12 {
                            ui.label(RichText::new("…").weak());
                        }
                    });
                }
            }
        }
        if let Some(text) = play {
            commands.push(Command::Game(GameCommand::PlayNotation(text)));
            self.move_text.clear();
            self.focus_move_box = true;
        }
    }
}

/// What a click in the move list asks for: a game command, or opening or closing the
/// comment editor (the panel's own state).
enum ListAction {
    Game(GameCommand),
    EditComment { node: NodeId, before: bool },
    CancelComment,
}

/// The move's name as the list writes it ("12. NQx97", "12… NQx97"); "the start" for
/// the root; `None` when the node is not in the tree.
fn move_name<G: RecordGame>(s: &GameSession<G>, node: NodeId) -> Option<String> {
    let tree = &s.record.tree;
    if node.0 as usize >= tree.arena_len() {
        return None;
    }
    if node == NodeId::ROOT {
        return Some("the start".into());
    }
    let ply = tree.path_to(node).len() - 1;
    let (number, first) = s.record.move_number_at_ply(ply);
    Some(format!("{number}{} {}", if first { "." } else { "…" }, s.notation_of(node)))
}

/// The comment before or after the move of `node` as stored (with its commands).
fn comment_text<G: RecordGame>(s: &GameSession<G>, node: NodeId, before: bool) -> &str {
    let tree = &s.record.tree;
    let slot = if before { tree.comment_before_slot(node) } else { Some((node, false)) };
    match slot {
        Some((at, true)) => &tree.node(at).comment_before,
        Some((at, false)) => &tree.node(at).comment_after,
        None => "",
    }
}

/// The header above the moves: the players (names from the tags, the sides' names
/// when unknown), the result and the time control.
fn header_ui<G: RecordGame>(ui: &mut egui::Ui, s: &GameSession<G>, number: usize) {
    let sides = crate::record::study::side_names(&s.record);
    let tags = &s.record.tags;
    // The games list's title for the game: a study chapter's title (after its section),
    // else the players, else the event, else "Game N".
    let known = |key: &str| tags.get(key).map(str::trim).filter(|v| !v.is_empty() && *v != "?");
    use crate::record::study::{CHAPTER_TAG, SECTION_TAG};
    let title = match (known(CHAPTER_TAG), known(SECTION_TAG)) {
        (Some(chapter), Some(section)) => format!("{section}: {chapter}"),
        (Some(chapter), None) => chapter.to_string(),
        _ => super::document::title_from_tags(tags, G::VARIANT, number.max(1)),
    };
    ui.label(RichText::new(title).strong()).on_hover_text(format!(
        "{} (moves first) against {}; the players' names are the game's tags (the notation editor, Ctrl+E, edits them)",
        capitalise(sides[0]),
        sides[1]
    ));
    let mut facts = Vec::new();
    facts.push(match s.record.result {
        // A finished position (a patent figure) is decided although no move was played
        // (after a move, the game's ending sets the result itself: nothing is replayed
        // here each frame).
        GameResult::Unknown => {
            match s.record.tree.node(NodeId::ROOT).children.is_empty().then(|| s.record.start.outcome()).flatten() {
                Some(outcome) => {
                    let first = <G as crate::core::Game>::opening().side_to_move();
                    let token = match G::winner(outcome) {
                        Some(w) if w == first => "1-0",
                        Some(_) => "0-1",
                        None => "1/2-1/2",
                    };
                    format!("Result: {token} ({})", G::ending_title(outcome))
                }
                None => "Result: not decided".to_string(),
            }
        }
        result => format!("Result: {}", result.token()),
    });
    if let Some(control) = tags
        .get(crate::record::annotations::TIME_CONTROL_TAG)
        .and_then(|t| crate::record::annotations::TimeControl::parse(t).ok())
    {
        facts.push(control.describe());
    }
    if let Some(date) = tags.get("Date").filter(|d| !d.contains('?')) {
        facts.push(date.to_string());
    }
    ui.label(RichText::new(facts.join(" · ")).weak());
}

/// The comment being written: which one, the text, Save (also Ctrl+Enter), Cancel
/// (also Escape), Delete (greyed while the move has no such comment yet).
fn comment_editor_ui(ui: &mut egui::Ui, edit: &mut CommentEdit, has_comment: bool, actions: &mut Vec<ListAction>) {
    let place = if edit.node == NodeId::ROOT {
        "Comment before the first move".to_string()
    } else if edit.before {
        format!("Comment before {}", edit.name)
    } else {
        format!("Comment after {}", edit.name)
    };
    ui.label(RichText::new(place).strong());
    let response = ui.add(
        egui::TextEdit::multiline(&mut edit.text)
            .id_salt("move list comment")
            .desired_rows(3)
            .desired_width(f32::INFINITY)
            .hint_text("Your comment (Ctrl+Enter saves, Escape cancels)"),
    );
    if edit.focus {
        response.request_focus();
        edit.focus = false;
    }
    let save_keys = response.has_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter) && i.modifiers.command);
    // Escape in the box (which gives up the keyboard on it): not an Escape meant for
    // a menu or the board elsewhere.
    let cancel_keys = (response.has_focus() || response.lost_focus()) && ui.input(|i| i.key_pressed(egui::Key::Escape));
    let set = |text: String| GameCommand::SetComment { node: edit.node, before: edit.before, text };
    ui.horizontal(|ui| {
        if ui.button("Save").clicked() || save_keys {
            actions.push(ListAction::Game(set(edit.text.clone())));
        }
        if ui.button("Cancel").clicked() || cancel_keys {
            actions.push(ListAction::CancelComment);
        }
        if ui
            .add_enabled(has_comment, egui::Button::new("Delete"))
            .on_hover_text("Delete this comment")
            .on_disabled_hover_text("This move has no such comment yet: Cancel closes the box")
            .clicked()
        {
            actions.push(ListAction::Game(set(String::new())));
        }
    });
}

/// The buttons under the list for the shown move, as on lichess: the six move glyphs,
/// the position glyphs' menu, and Comment.
fn glyph_bar_ui<G: RecordGame>(ui: &mut egui::Ui, s: &GameSession<G>, actions: &mut Vec<ListAction>) {
    let node = s.cursor;
    let nags = &s.record.tree.node(node).nags;
    ui.horizontal_wrapped(|ui| {
        ui.add_enabled_ui(node != NodeId::ROOT, |ui| {
            glyph_buttons(ui, node, nags, actions);
            let shown = nags.iter().find(|n| n.group() == Some(1)).and_then(|n| n.symbol()).unwrap_or("±");
            let sides = crate::record::study::side_names(&s.record);
            ui.menu_button(format!("{shown} Position"), |ui| position_menu(ui, node, nags, sides, actions))
                .response
                .on_hover_text("How the position stands after the move");
        });
        let has = !without_commands(comment_text(s, node, false)).is_empty();
        let label = if has { "Edit comment…" } else { "Comment…" };
        if ui
            .button(label)
            .on_hover_text(if node == NodeId::ROOT {
                "Write a comment before the first move"
            } else {
                "Write a comment after the shown move (right-click a move for more)"
            })
            .clicked()
        {
            actions.push(ListAction::EditComment { node, before: false });
        }
    });
}

/// The six move glyphs as buttons (on when the move carries it), each toggling its NAG
/// on the move of `node`; whether one was clicked.
fn glyph_buttons(ui: &mut egui::Ui, node: NodeId, nags: &[Nag], actions: &mut Vec<ListAction>) -> bool {
    let mut clicked = false;
    for (glyph, number, meaning) in &Nag::MOVE[..6] {
        let on = nags.contains(&Nag(*number));
        if ui.selectable_label(on, RichText::new(*glyph).strong()).on_hover_text(*meaning).clicked() {
            actions.push(ListAction::Game(GameCommand::ToggleNag(node, Nag(*number))));
            clicked = true;
        }
    }
    clicked
}

/// The position glyphs, each a button (its meaning, then its symbol in brackets) that puts it on or
/// takes it off.
fn position_menu(ui: &mut egui::Ui, node: NodeId, nags: &[Nag], sides: [&str; 2], actions: &mut Vec<ListAction>) {
    for (glyph, number, meaning) in &Nag::POSITION {
        let on = nags.contains(&Nag(*number));
        // In the game's own words: "White is better", "Negative is winning".
        let meaning = meaning
            .replace("The first player", &capitalise(sides[0]))
            .replace("The second player", &capitalise(sides[1]));
        if ui.selectable_label(on, format!("{meaning}  ({glyph})")).clicked() {
            actions.push(ListAction::Game(GameCommand::ToggleNag(node, Nag(*number))));
            ui.close();
        }
    }
}

/// One line of the move list. Every line has the same height, so a record of any length
/// scrolls smoothly: only the lines in view are drawn.
#[derive(Clone, Debug)]
pub(crate) enum ListLine {
    /// A main-line row: number, the first player's move (`None`: "…", the row continues
    /// after a comment or variation), the second player's move.
    Row { number: u32, first: Option<(NodeId, String)>, second: Option<(NodeId, String)> },
    /// A piece of a comment of the main line, wrapped to the panel's width: the move
    /// it belongs to (the root for the game's opening comment) and whether it stands
    /// before the move.
    Comment { indent: u8, text: String, of: NodeId, before: bool },
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

/// The move list's lines, kept while the game, its annotations, the panel's width and
/// the hidden part stay the same: the key is the record's revision (it moves with
/// every change), the width in characters and the first move hidden.
struct MoveListCache {
    key: (u64, usize, Option<NodeId>, Option<NodeId>),
    lines: Vec<ListLine>,
}

/// A move's notation with its NAG glyphs (`$N` for NAGs without one).
fn move_text(notation: &str, nags: &[crate::record::Nag]) -> String {
    let mut text = notation.to_string();
    for nag in nags {
        match (nag.glyph(), nag.symbol()) {
            (Some(g), _) => text.push_str(g),
            (None, Some(symbol)) => {
                text.push(' ');
                text.push_str(symbol);
            }
            (None, None) => text.push_str(&format!(" ${}", nag.0)),
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
/// variations indented under the move they replace; from the main-line move
/// `hidden_from` on, nothing but the move the user tried instead of it (the shown
/// move's, when it branches off there: [`tried_instead`]).
fn build_lines<G: RecordGame>(s: &GameSession<G>, chars: usize, hidden_from: Option<NodeId>) -> Vec<ListLine> {
    let tree = &s.record.tree;
    let notations = s.notations();
    let mut lines = Vec::new();
    let comment = |lines: &mut Vec<ListLine>, indent: u8, text: &str, of: NodeId, before: bool| {
        for piece in wrap_words(text, chars.saturating_sub(2 * indent as usize).max(10)) {
            lines.push(ListLine::Comment { indent, text: piece, of, before });
        }
    };
    let root = tree.node(NodeId::ROOT);
    comment(&mut lines, 0, &without_commands(&root.comment_after), NodeId::ROOT, false);
    if root.children.is_empty() {
        lines.push(ListLine::Note(if s.record.start.outcome().is_some() {
            "No moves: the game is over in this position.".into()
        } else {
            "No moves yet: click a piece, then one of its marked cells (or drag it).".into()
        }));
    }
    // While a move is asked for, the variations stop before its ply: a line of an
    // earlier move that goes on past it could give the answer away.
    let until =
        hidden_from.map_or(usize::MAX, |h| tree.main_line_from(NodeId::ROOT).iter().take_while(|&&n| n != h).count());
    let mut ply = 0;
    let mut row: Option<(u32, Option<(NodeId, String)>)> = None;
    let mut id = root.children.first().copied();
    while let Some(node_id) = id {
        let node = tree.node(node_id);
        if node.mv.is_none() || hidden_from == Some(node_id) {
            break;
        }
        let (number, first_player) = s.record.move_number_at_ply(ply);
        if !without_commands(&node.comment_before).is_empty() {
            if let Some((n, first)) = row.take() {
                lines.push(ListLine::Row { number: n, first, second: None });
            }
            comment(&mut lines, 0, &without_commands(&node.comment_before), node_id, true);
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
            comment(&mut lines, 0, &after, node_id, false);
            for &v in alternatives {
                variation_lines(s, &notations, v, ply - 1, until, 1, chars, &mut lines);
            }
        }
        id = node.children.first().copied();
    }
    if let Some((n, first)) = row.take() {
        lines.push(ListLine::Row { number: n, first, second: None });
    }
    if let Some(tried) = hidden_from.and_then(|h| tried_instead(s, h)) {
        variation_lines(s, &notations, tried, ply, usize::MAX, 1, chars, &mut lines);
    }
    if s.record.result != GameResult::Unknown && hidden_from.is_none() {
        lines.push(ListLine::Note(s.record.result.token().to_string()));
    }
    lines
}

/// A comment's line in the move list answers a double click and a right click: edit
/// the comment there (below the list), or delete it.
fn comment_menu(label: egui::Response, of: NodeId, before: bool, actions: &mut Vec<ListAction>) {
    let label = label.on_hover_text("Double-click to edit; right-click for more");
    if label.double_clicked() {
        actions.push(ListAction::EditComment { node: of, before });
    }
    label.context_menu(|ui| {
        if ui.button("Edit comment").clicked() {
            actions.push(ListAction::EditComment { node: of, before });
            ui.close();
        }
        if ui.button("Delete comment").clicked() {
            actions.push(ListAction::Game(GameCommand::SetComment { node: of, before, text: String::new() }));
            ui.close();
        }
    });
}

/// The move the user plays instead of the hidden main-line move `hidden`: the sibling
/// of `hidden` on the way to the shown move, if any.
fn tried_instead<G: RecordGame>(s: &GameSession<G>, hidden: NodeId) -> Option<NodeId> {
    let tree = &s.record.tree;
    let parent = tree.node(hidden).parent?;
    let path = tree.path_to(s.cursor);
    let at = path
        .iter()
        .position(|&n| n == parent)
        .map_or_else(|| (parent == NodeId::ROOT).then_some(0), |i| Some(i + 1))?;
    path.get(at).copied().filter(|&n| n != hidden && tree.node(n).parent == Some(parent))
}

/// The lines of a variation (and of the variations inside it), written inline: move
/// numbers at its start, on the first player's moves and after comments. `ply` is its
/// first move's (from 0); moves from ply `until` on are left out.
#[allow(clippy::too_many_arguments)] // the list's lines, built recursively
fn variation_lines<G: RecordGame>(
    s: &GameSession<G>,
    notations: &[String],
    first: NodeId,
    ply: usize,
    until: usize,
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
        if node.mv.is_none() || ply >= until {
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
                variation_lines(s, notations, v, ply - 1, until, indent + 1, chars, lines);
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

/// Draws the lines of the move list that are in view, in at most `height` points; the
/// move at the cursor is highlighted and brought into view when `scroll` is set.
fn move_list_ui<G: RecordGame>(
    ui: &mut egui::Ui,
    s: &GameSession<G>,
    lines: &[ListLine],
    scroll: bool,
    height: f32,
    editable: bool,
    actions: &mut Vec<ListAction>,
) {
    let row_height = ui.spacing().interact_size.y;
    // Scrolls sideways too: a line wider than the panel (a long word in a comment)
    // never widens the panel and pushes its contents out of view.
    let mut area = egui::ScrollArea::both().auto_shrink([false, false]).max_height(height);
    // No rubber band: an offset set past last frame's end (the list just grew, or its
    // room changed) would spring back with a speed that then carries the list away
    // from the shown move. The offset is set again next frame, once the end is known.
    let kinetic = ui.spacing().scroll.kinetic;
    ui.spacing_mut().scroll.kinetic.rubber_band = false;
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
            let offset = at as f32 * step - height.min(ui.available_height()) / 2.0;
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
                                Some((node, text)) => move_button(&mut child, s, *node, text, false, editable, actions),
                                // The second player's move continues a row broken by a comment or variation.
                                None => {
                                    child.label(RichText::new("…").weak());
                                }
                            }
                        }
                    });
                }
                ListLine::Comment { indent, text, of, before } => {
                    ui.horizontal(|ui| {
                        ui.add_space(*indent as f32 * 16.0);
                        let label = ui.add(
                            egui::Label::new(RichText::new(text).italics())
                                .wrap_mode(egui::TextWrapMode::Truncate)
                                .sense(egui::Sense::click()),
                        );
                        if editable {
                            comment_menu(label, *of, *before, actions);
                        }
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
                                    move_button(ui, s, *node, text, true, editable, actions);
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
    ui.spacing_mut().scroll.kinetic = kinetic;
}

/// One clickable move in the list, with its context menu (glyphs, comments, promote,
/// make main line, delete). The move at the cursor is drawn selected at full
/// contrast, also inside variations.
fn move_button<G: RecordGame>(
    ui: &mut egui::Ui,
    s: &GameSession<G>,
    id: NodeId,
    text: &str,
    in_variation: bool,
    editable: bool,
    actions: &mut Vec<ListAction>,
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
        actions.push(ListAction::Game(GameCommand::Jump(id)));
    }
    if !editable {
        return;
    }
    response.context_menu(|ui| {
        let nags = &tree.node(id).nags;
        if ui.horizontal(|ui| glyph_buttons(ui, id, nags, actions)).inner {
            ui.close();
        }
        let sides = crate::record::study::side_names(&s.record);
        ui.menu_button("Position", |ui| position_menu(ui, id, nags, sides, actions));
        let mut act = |ui: &mut egui::Ui, action: ListAction| {
            actions.push(action);
            ui.close();
        };
        // The meaning first: "□" and "⨀" at a row's start read as a checkbox and a
        // radio button.
        for (number, meaning) in Nag::MOVE[6..].iter().map(|(g, n, m)| (*n, format!("{m}  ({g})"))) {
            if ui.selectable_label(nags.contains(&Nag(number)), meaning).clicked() {
                act(ui, ListAction::Game(GameCommand::ToggleNag(id, Nag(number))));
            }
        }
        ui.separator();
        let after = !without_commands(comment_text(s, id, false)).is_empty();
        let before = !without_commands(comment_text(s, id, true)).is_empty();
        if ui.button(if after { "Edit comment after" } else { "Comment after" }).clicked() {
            act(ui, ListAction::EditComment { node: id, before: false });
        }
        if ui.button(if before { "Edit comment before" } else { "Comment before" }).clicked() {
            act(ui, ListAction::EditComment { node: id, before: true });
        }
        if after && ui.button("Delete comment after").clicked() {
            act(ui, ListAction::Game(GameCommand::SetComment { node: id, before: false, text: String::new() }));
        }
        if before && ui.button("Delete comment before").clicked() {
            act(ui, ListAction::Game(GameCommand::SetComment { node: id, before: true, text: String::new() }));
        }
        ui.separator();
        let on_main_line = tree.path_to(id).iter().all(|&n| !tree.starts_variation(n));
        if (tree.starts_variation(id) || in_variation) && ui.button("Promote variation").clicked() {
            act(ui, ListAction::Game(GameCommand::PromoteVariation(id)));
        }
        if !on_main_line && ui.button("Make main line").clicked() {
            act(ui, ListAction::Game(GameCommand::MakeMainLine(id)));
        }
        if ui.button("Delete from here").clicked() {
            act(ui, ListAction::Game(GameCommand::DeleteFrom(id)));
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
            let lines = build_lines(&s, chars, None);
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
