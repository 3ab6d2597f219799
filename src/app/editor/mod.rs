//! The notation editor: the whole current game in the PGN-style text format, editable.
//!
//! Typing re-parses the text after a pause of [`PARSE_DELAY`] seconds. A text that reads
//! without errors replaces the game (one undo step); a text with errors is kept as
//! typed, its errors underlined where they are, explained on hover and listed, while
//! the game and the board keep the last valid state. Moves played on the board or
//! chosen in the move list rewrite the text and put the caret at that move; moving the
//! caret onto a move shows that move's position.
//!
//! Long records stay quick to type in (a 10,000-ply game is a text of over 100 KB; see
//! `benches/editor.rs`): the text is read on a background thread, which also places its
//! errors in the text; the colouring comes from the record lexer ([`crate::record::Lexer`], one lexer
//! for the reader and the editor); and the laid-out text is kept per paragraph (the
//! text between two line breaks), so an edit lays out again only the paragraphs whose
//! text or colours changed, and a frame with no edit lays out nothing.
//!
//! This module holds the editor's state and draws the panel; [`super::ui::OrreryApp`]
//! applies what it reports ([`EditorEvent`]) to the game, so undo and the unsaved-work
//! mark work as for any other change.

use std::sync::Arc;

use egui::RichText;
use egui::text::{CCursor, CCursorRange};

use super::jobs::{Job, JobPoll};
use super::view::AnyView;
use crate::record::{AnyGame, MoveSpan, Nag, NodeId, RecordError, read_one_with_spans};

mod text;
use text::*;
pub use text::{
    Class, TextError, byte_to_char, char_to_byte, classify, highlight, locate, locate_all, movetext_start, node_at,
};

/// Seconds of quiet after the last keystroke before the text is read again.
pub const PARSE_DELAY: f64 = 0.15;

/// Texts longer than this (bytes) are read on a background thread, so typing in a long
/// record never stalls a frame.
pub const BACKGROUND_PARSE_BYTES: usize = 32 * 1024;

/// The NAG buttons of the toolbar: glyph and NAG number.
pub const NAG_BUTTONS: [(&str, u8); 6] = [("!", 1), ("?", 2), ("!!", 3), ("??", 4), ("!?", 5), ("?!", 6)];

/// The outcome of reading the editor's text.
pub type ParseOutcome = Result<(AnyGame, Vec<MoveSpan>), Vec<RecordError>>;

/// A reading of the editor's text with its errors placed in the text (done where the
/// text was read, so a long text is never scanned for them on the UI thread).
type Reading = Result<(AnyGame, Vec<MoveSpan>), Vec<TextError>>;

/// Reads `text` and places its errors.
fn read_text(text: &str) -> Reading {
    let outcome: ParseOutcome = read_one_with_spans(text);
    outcome.map_err(|errors| locate_all(text, &errors))
}

/// What the editor asks the app to do.
#[derive(Clone, Debug)]
pub enum EditorEvent {
    /// The text now reads as this game; `caret` is the node at the caret (if on a move).
    Parsed {
        /// The game read from the text (shared with the editor, which knows it so).
        game: Arc<AnyGame>,
        /// The move at the caret, if any.
        caret: Option<NodeId>,
    },
    /// The caret moved onto this move (or before the first move: the root).
    CaretAt(NodeId),
    /// Toggle a NAG on the move shown.
    ToggleNag(Nag),
    /// Promote the variation holding the move shown.
    Promote,
    /// Delete the move shown and everything after it in its line.
    DeleteFromHere,
}

/// A text being read on a background thread.
struct ParseJob {
    generation: u64,
    job: Job<Reading>,
}

/// The notation editor's state.
pub struct NotationEditor {
    /// The text as typed.
    pub text: String,
    /// The errors of the last reading of `text` (empty when it reads cleanly).
    pub errors: Vec<TextError>,
    /// Where each move stands in `text` (valid while `text` is the last valid text).
    spans: Vec<MoveSpan>,
    /// The game the text was last made from or read as, and the revision of the shown
    /// record it was found equal to (compared again only when that revision moves).
    synced: Option<(Option<u64>, Arc<AnyGame>)>,
    /// The last text that read without errors (what Revert goes back to).
    last_valid_text: String,
    /// When the text was last edited, while that edit has not been read yet.
    edited_at: Option<f64>,
    /// Counts edits, so a late background result for an older text is dropped.
    generation: u64,
    job: Option<ParseJob>,
    /// The move whose span the caret was last put on or read from.
    caret_node: Option<NodeId>,
    /// A caret position (byte offset) to set on the next frame, and whether to scroll to it.
    caret_request: Option<usize>,
    /// The caret as last seen (character index), to notice the user moving it.
    last_caret: Option<usize>,
    /// The coloured, laid-out text, kept between frames and per paragraph.
    layout: TextLayout,
    /// The id of the text field.
    id: egui::Id,
    /// Frames during which the text field is given the focus (again, if something such
    /// as the button just clicked took it).
    want_focus: u8,
}

impl Default for NotationEditor {
    fn default() -> Self {
        NotationEditor {
            text: String::new(),
            errors: Vec::new(),
            spans: Vec::new(),
            synced: None,
            last_valid_text: String::new(),
            edited_at: None,
            generation: 0,
            job: None,
            caret_node: None,
            caret_request: None,
            last_caret: None,
            layout: TextLayout::default(),
            id: egui::Id::unique("notation-editor-text"),
            want_focus: 0,
        }
    }
}

impl NotationEditor {
    /// Whether the text holds something the game does not: an edit not yet read, or
    /// errors. While it does, the board and move list must not change the game (the
    /// typed text would be lost).
    pub fn is_dirty(&self) -> bool {
        self.edited_at.is_some() || self.job.is_some() || !self.errors.is_empty()
    }

    /// Whether the text field has the keyboard focus.
    pub fn has_focus(&self, ctx: &egui::Context) -> bool {
        ctx.memory(|m| m.has_focus(self.id))
    }

    /// Gives the text field the keyboard focus (when it is next drawn, so a button
    /// clicked this frame does not keep it).
    pub fn focus(&mut self) {
        self.want_focus = 3;
    }

    /// Brings the text in step with the game: rewrites it when the game changed other
    /// than through the text, and puts the caret at the shown move when that changed.
    /// Does nothing while the text is dirty (see [`Self::is_dirty`]).
    pub fn sync(&mut self, view: &dyn AnyView) {
        if self.is_dirty() {
            return;
        }
        let revision = view.record_revision();
        let same = match &mut self.synced {
            Some((seen, _)) if *seen == Some(revision) => true,
            Some((seen, game)) if Arc::ptr_eq(game, &view.game()) || **game == *view.game() => {
                *seen = Some(revision);
                true
            }
            _ => false,
        };
        let cursor = view.cursor();
        if !same {
            let game = view.game();
            let (text, spans) = crate::with_game!(&*game, g => crate::record::write_game_with_spans(g));
            self.text = text.clone();
            self.last_valid_text = text;
            self.spans = spans;
            self.synced = Some((Some(revision), game));
            self.errors.clear();
            self.caret_node = None;
        }
        if self.caret_node != Some(cursor) {
            self.caret_node = Some(cursor);
            self.caret_request = Some(self.caret_offset_for(cursor));
        }
    }

    /// The byte offset where the caret goes for `node`: the end of its move, or the
    /// start of the movetext for the root.
    fn caret_offset_for(&self, node: NodeId) -> usize {
        match self.spans.iter().find(|s| s.node == node) {
            Some(span) => span.range.end,
            None => movetext_start(&self.text),
        }
    }

    /// Reverts the text to the last text that read cleanly.
    pub fn revert(&mut self) {
        self.text = self.last_valid_text.clone();
        self.errors.clear();
        self.edited_at = None;
        self.job = None;
        self.generation += 1;
        self.caret_node = None;
    }

    /// Opens the editor on `text` — the shown game's text as it stands in its file,
    /// errors and all — with the caret at byte `caret` of it and the keys in the text
    /// field. The text is read after the usual pause (its errors are then underlined);
    /// Revert goes back to the game as `view` holds it.
    pub fn open_on_text(&mut self, view: &dyn AnyView, text: String, caret: usize, now: f64) {
        self.revert();
        self.synced = None;
        self.sync(view);
        let caret = caret.min(text.len());
        self.caret_request = Some(if text.is_char_boundary(caret) { caret } else { 0 });
        self.set_text(text, now);
        self.focus();
    }

    /// Replaces the text as if typed (for tests and the Comment button): it is read after
    /// the usual pause.
    pub fn set_text(&mut self, text: String, now: f64) {
        self.text = text;
        self.edited(now);
    }

    fn edited(&mut self, now: f64) {
        self.edited_at = Some(now);
        self.generation += 1;
    }

    /// Reads the text when the pause after the last edit is over (on this thread for a
    /// short text, else on a background thread), and takes a finished background result;
    /// what the app must apply is returned. Called between frames (eframe's
    /// `App::logic`).
    pub fn poll(&mut self, ctx: &egui::Context, now: f64) -> Vec<EditorEvent> {
        let mut events = Vec::new();
        self.poll_parse(ctx, now, &mut events);
        events
    }

    fn poll_parse(&mut self, ctx: &egui::Context, now: f64, events: &mut Vec<EditorEvent>) {
        if let Some(parse) = &mut self.job {
            // The thread wakes the window when it is done.
            match parse.job.poll() {
                JobPoll::Running => {}
                JobPoll::Done(outcome) => {
                    let current = parse.generation == self.generation;
                    self.job = None;
                    if current {
                        self.take_outcome(outcome, events);
                    }
                }
                JobPoll::Gone => self.job = None,
            }
        }
        let Some(at) = self.edited_at else { return };
        if now - at < PARSE_DELAY {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(PARSE_DELAY - (now - at) + 0.001));
            return;
        }
        self.edited_at = None;
        if self.text.len() < BACKGROUND_PARSE_BYTES {
            let outcome = read_text(&self.text);
            self.take_outcome(outcome, events);
        } else {
            let text = self.text.clone();
            let job = Job::start("parse", move |_| read_text(&text));
            self.job = Some(ParseJob { generation: self.generation, job });
        }
    }

    fn take_outcome(&mut self, outcome: Reading, events: &mut Vec<EditorEvent>) {
        match outcome {
            Ok((game, spans)) => {
                self.errors.clear();
                self.spans = spans;
                self.last_valid_text = self.text.clone();
                let caret = self.last_caret.map(|c| char_to_byte(&self.text, c)).and_then(|b| node_at(&self.spans, b));
                self.caret_node = Some(caret.unwrap_or(NodeId::ROOT));
                if self.synced.as_ref().is_none_or(|(_, synced)| **synced != game) {
                    let game = Arc::new(game);
                    self.synced = Some((None, game.clone()));
                    events.push(EditorEvent::Parsed { game, caret });
                }
            }
            Err(errors) => self.errors = errors,
        }
    }

    /// Draws the editor (toolbar, text, error list) and reports what the app must do.
    pub fn show(&mut self, ui: &mut egui::Ui) -> Vec<EditorEvent> {
        let mut events = Vec::new();
        let now = ui.input(|i| i.time);
        let title = self.toolbar(ui, now, &mut events);
        let dark = ui.visuals().dark_mode;
        // The laid-out text is kept while the text, errors, theme, width and scale stay,
        // and per paragraph when they change (see `TextLayout`).
        let mut layout = std::mem::take(&mut self.layout);
        let errors = &self.errors;
        let mut layouter = |ui: &egui::Ui, buffer: &dyn egui::TextBuffer, wrap_width: f32| {
            layout.galley(ui, buffer.as_str(), errors, dark, wrap_width)
        };
        // The error list always has its room, so the text and the board keep their sizes
        // when errors come and go.
        let list_height = 70.0;
        let mut output = None;
        egui::ScrollArea::vertical()
            .id_salt("notation-editor-scroll")
            .max_height((ui.available_height() - list_height).max(60.0))
            .auto_shrink([false, false])
            .show(ui, |ui| {
                let edit = egui::TextEdit::multiline(&mut self.text)
                    .id(self.id)
                    .font(egui::TextStyle::Monospace)
                    .desired_width(f32::INFINITY)
                    .desired_rows(6)
                    // The text box fills the editor, however tall it is made.
                    .min_size(egui::vec2(0.0, ui.available_height()))
                    .lock_focus(true)
                    .layouter(&mut layouter);
                if self.want_focus > 0 {
                    self.want_focus -= 1;
                    if !ui.memory(|m| m.has_focus(self.id)) {
                        ui.memory_mut(|m| m.request_focus(self.id));
                    }
                }
                let out = edit.show(ui);
                if let Some(byte) = self.caret_request.take() {
                    let chars = byte_to_char(&self.text, byte);
                    let mut state = out.state.clone();
                    state.cursor.set_char_range(Some(CCursorRange::one(CCursor::new(chars))));
                    state.store(ui.ctx(), self.id);
                    self.last_caret = Some(chars);
                    let rect = out.galley.pos_from_cursor(CCursor::new(chars)).translate(out.galley_pos.to_vec2());
                    ui.scroll_to_rect(rect.expand(8.0), Some(egui::Align::Center));
                }
                output = Some(out);
            });
        self.layout = layout;
        let Some(output) = output else { return events };
        let response = &output.response.response.clone().labelled_by(title);
        if response.changed() {
            // Typing after the result marker goes on with the game: the marker moves.
            if let Some(range) = output.cursor_range
                && let Some((moved, caret)) = text::result_marker_moved(&self.text, range.primary.index.0)
            {
                self.text = moved;
                self.caret_request = Some(char_to_byte(&self.text, caret));
            }
            self.edited(now);
        }
        // Hovering an underlined error explains it.
        if !self.errors.is_empty()
            && let Some(pointer) = response.hover_pos()
        {
            let cursor = output.galley.cursor_from_pos(pointer - output.galley_pos);
            let byte = self.layout.char_to_byte(&self.text, cursor.index.0);
            if let Some(error) = self.errors.iter().find(|e| e.range.contains(&byte)) {
                response.clone().on_hover_text(format!("{}:{}: {}", error.line, error.column, error.message));
            }
        }
        // The caret moved onto a move: show that position.
        if let Some(range) = output.cursor_range {
            let caret = range.primary.index.0;
            if self.last_caret != Some(caret) {
                self.last_caret = Some(caret);
                if !self.is_dirty() && response.has_focus() {
                    let byte = self.layout.char_to_byte(&self.text, caret);
                    let node = node_at(&self.spans, byte).unwrap_or(NodeId::ROOT);
                    if self.caret_node != Some(node) {
                        self.caret_node = Some(node);
                        events.push(EditorEvent::CaretAt(node));
                    }
                }
            }
        }
        self.error_list(ui);
        events
    }
    /// Draws the toolbar; returns the id of its title, which names the text field.
    fn toolbar(&mut self, ui: &mut egui::Ui, now: f64, events: &mut Vec<EditorEvent>) -> egui::Id {
        ui.horizontal_wrapped(|ui| {
            let title = ui.strong("Game text");
            let clean = !self.is_dirty();
            if ui
                .add_enabled(clean, egui::Button::new("Comment"))
                .on_hover_text("Insert a {comment} after the move shown (Ctrl+Shift+C)")
                .clicked()
            {
                self.insert_comment(now);
            }
            for (glyph, number) in NAG_BUTTONS {
                if ui
                    .add_enabled(clean, egui::Button::new(RichText::new(glyph).monospace()))
                    .on_hover_text(format!("Mark the move shown {glyph} (again: remove)"))
                    .clicked()
                {
                    events.push(EditorEvent::ToggleNag(Nag(number)));
                }
            }
            if ui.add_enabled(clean, egui::Button::new("Promote variation")).clicked() {
                events.push(EditorEvent::Promote);
            }
            if ui.add_enabled(clean, egui::Button::new("Delete from here")).clicked() {
                events.push(EditorEvent::DeleteFromHere);
            }
            if ui
                .add_enabled(self.text != self.last_valid_text, egui::Button::new("Revert text"))
                .on_hover_text("Go back to the last text that read without errors")
                .clicked()
            {
                self.revert();
            }
            if !self.errors.is_empty() {
                let n = self.errors.len();
                ui.label(RichText::new(format!("{n} error{}", if n == 1 { "" } else { "s" })).color(error_color()))
                    .on_hover_text("The board keeps the last valid game until the text reads again");
            } else if self.is_dirty() {
                ui.label(RichText::new("reading…").weak());
            }
            title.id
        })
        .inner
    }

    fn error_list(&mut self, ui: &mut egui::Ui) {
        if self.errors.is_empty() {
            ui.label(RichText::new("The text reads without errors.").weak());
            return;
        }
        // Only the rows in view are drawn, however many errors there are.
        let row_height = ui.spacing().interact_size.y;
        let mut clicked = None;
        egui::ScrollArea::vertical().id_salt("notation-editor-errors").max_height(60.0).show_rows(
            ui,
            row_height,
            self.errors.len(),
            |ui, rows| {
                for e in self.errors.get(rows).unwrap_or_default() {
                    let text = RichText::new(format!("{}:{}: {}", e.line, e.column, e.message)).color(error_color());
                    if ui.selectable_label(false, text).on_hover_text("Put the caret there").clicked() {
                        clicked = Some(e.range.start);
                    }
                }
            },
        );
        if let Some(at) = clicked {
            self.caret_request = Some(at);
            self.focus();
        }
    }

    /// Inserts ` {}` after the shown move (or at the start of the movetext) and puts the
    /// caret between the braces.
    pub fn insert_comment(&mut self, now: f64) {
        let at = self.caret_offset_for(self.caret_node.unwrap_or(NodeId::ROOT)).min(self.text.len());
        let at = if self.text.is_char_boundary(at) { at } else { self.text.len() };
        self.text.insert_str(at, " {}");
        self.caret_request = Some(at + 2);
        self.focus();
        self.edited(now);
    }

    /// Handles the editor's own key: Ctrl+Z with edits not yet valid reverts them (else
    /// the app's undo runs). Returns true when the key was taken.
    pub fn undo_text(&mut self) -> bool {
        if self.text != self.last_valid_text {
            self.revert();
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::Galley;
    use std::sync::Arc;

    #[test]
    fn classes_cover_the_text_in_order() {
        let text = "[Variant \"Triangular\"]\n\n1. Bc3d {good} Be6l! (1... Nb2l $14) 2. dd3l 1-0\n";
        let classes = classify(text);
        let mut at = 0;
        for (r, _) in &classes {
            assert_eq!(r.start, at);
            at = r.end;
        }
        assert_eq!(at, text.len());
        let of = |word: &str| {
            let start = text.find(word).unwrap();
            classes.iter().find(|(r, _)| r.contains(&start)).unwrap().1
        };
        assert_eq!(of("[Variant"), Class::Tag);
        assert_eq!(of("1. Bc3d"), Class::MoveNumber);
        assert_eq!(of("Bc3d"), Class::Move);
        assert_eq!(of("{good}"), Class::Comment);
        assert_eq!(of("! ("), Class::Nag);
        assert_eq!(of("(1..."), Class::Variation);
        assert_eq!(of("$14"), Class::Nag);
        assert_eq!(of("1-0"), Class::Result);
    }

    /// The class of every byte of `word` in `text` (the first place it stands), or
    /// `None` when its bytes are of different classes.
    fn class_of(text: &str, word: &str) -> Option<Class> {
        let start = text.find(word).unwrap();
        let classes = classify(text);
        let class = |b: usize| classes.iter().find(|(r, _)| r.contains(&b)).unwrap().1;
        let first = class(start);
        (start..start + word.len()).all(|b| class(b) == first).then_some(first)
    }

    #[test]
    fn the_lexer_colours_every_kind_of_token() {
        let text = "\u{feff}[Event \"A [b] game\"]\n[Site \"x\n\n1. PQ-33!? ; a rest-of-line comment\n\
                    1... NN-23 $300 {two\nlines} 2. PQ-44?! (2. ... out) & 0-1 1/2-1/2 *";
        assert!(class_of(text, "[Event \"A [b] game\"]").is_none(), "the spaces in a tag are plain");
        assert_eq!(class_of(text, "[Event"), Some(Class::Tag));
        assert_eq!(class_of(text, "Event"), Some(Class::Tag), "a tag's name is the tag's, not a move");
        assert_eq!(class_of(text, "\"A [b] game\""), Some(Class::Tag), "brackets in a tag value stay in it");
        assert_eq!(class_of(text, "\"x"), Some(Class::Tag), "an unclosed tag value");
        assert_eq!(class_of(text, "PQ-33"), Some(Class::Move));
        assert_eq!(class_of(text, "!? ;"), None);
        assert_eq!(class_of(text, "!?"), Some(Class::Nag), "a glyph after a move is a NAG");
        assert_eq!(class_of(text, "; a rest-of-line comment"), Some(Class::Comment));
        assert_eq!(class_of(text, "1..."), Some(Class::MoveNumber));
        assert_eq!(class_of(text, "$300"), Some(Class::Nag), "a NAG out of range is still coloured as one");
        assert_eq!(class_of(text, "{two\nlines}"), Some(Class::Comment), "a comment over two lines");
        assert_eq!(class_of(text, "?!"), Some(Class::Nag));
        assert_eq!(class_of(text, "(2."), None);
        assert_eq!(class_of(text, "("), Some(Class::Variation));
        assert_eq!(class_of(text, "out"), Some(Class::Move));
        assert_eq!(class_of(text, "&"), Some(Class::Plain), "what the lexer does not know is plain");
        assert_eq!(class_of(text, "0-1"), Some(Class::Result));
        assert_eq!(class_of(text, "1/2-1/2"), Some(Class::Result));
        assert_eq!(class_of(text, "*"), Some(Class::Result));
        assert_eq!(class_of(text, "\u{feff}"), Some(Class::Plain), "a byte order mark is a gap");
        assert_eq!(class_of("1. PQ-33 {open", "{open"), Some(Class::Comment), "an unclosed comment");
        assert_eq!(classify(""), Vec::new());
    }

    #[test]
    fn errors_are_located_on_their_word() {
        let text = "[Variant \"Interstellar\"]\n\n1. PQ-99 *\n";
        let e = RecordError {
            line: 3,
            column: 4,
            kind: crate::record::RecordErrorKind::Move,
            message: "illegal".into(),
            severity: crate::record::Severity::Error,
        };
        let located = locate(text, &e);
        assert_eq!(&text[located.range.clone()], "PQ-99");
        // Every line ending counts lines as the reader does.
        for ending in ["\r\n", "\r"] {
            let other = text.replace('\n', ending);
            assert_eq!(&other[locate(&other, &e).range], "PQ-99", "{ending:?}");
        }
        // Past the end of its line: the line's end.
        let past = RecordError { column: 40, ..e.clone() };
        assert_eq!(locate(text, &past).range.start, text.len() - 1);
        // Past the end: the last character.
        let e = RecordError {
            line: 9,
            column: 1,
            kind: crate::record::RecordErrorKind::Result,
            message: "end".into(),
            severity: crate::record::Severity::Error,
        };
        assert_eq!(locate(text, &e).range.end, text.len());
        assert_eq!(locate("", &e).range, 0..0);
        assert_eq!(locate_all(text, &[e.clone(), past.clone()]), vec![locate(text, &e), locate(text, &past)]);
    }

    #[test]
    fn caret_positions_map_to_moves() {
        let spans = vec![MoveSpan { range: 10..15, node: NodeId(1) }, MoveSpan { range: 20..25, node: NodeId(2) }];
        assert_eq!(node_at(&spans, 3), None);
        assert_eq!(node_at(&spans, 10), Some(NodeId(1)));
        assert_eq!(node_at(&spans, 15), Some(NodeId(1)));
        assert_eq!(node_at(&spans, 19), Some(NodeId(1)));
        assert_eq!(node_at(&spans, 22), Some(NodeId(2)));
        assert_eq!(byte_to_char("aé b", 3), 2);
        assert_eq!(char_to_byte("aé b", 2), 3);
        assert_eq!(char_to_byte("ab", 9), 2);
    }

    #[test]
    fn highlight_never_splits_a_character_and_marks_errors() {
        let text = "1. é {ü} PQ-99";
        let errors = vec![TextError { range: 12..17, line: 1, column: 12, message: "x".into() }];
        let job = highlight(text, &errors, true);
        let mut at = 0;
        for s in &job.sections {
            assert_eq!(s.byte_range.start.0, at);
            assert!(text.is_char_boundary(s.byte_range.end.0));
            at = s.byte_range.end.0;
        }
        assert_eq!(at, text.len());
        assert!(job.sections.iter().any(|s| s.format.underline.width > 0.0));
        // An error range inside a character is widened to whole characters.
        let job = highlight(text, &[TextError { range: 4..9, ..errors[0].clone() }], true);
        assert!(job.sections.iter().all(|s| text.is_char_boundary(s.byte_range.start.0)));
    }

    /// Runs `f` with a `Ui` of a fresh frame.
    fn in_frame(ctx: &egui::Context, f: impl FnOnce(&mut egui::Ui)) {
        let mut f = Some(f);
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            if let Some(f) = f.take() {
                f(ui);
            }
        });
        output.textures_delta.clear();
    }

    /// The text of each row and where it stands.
    fn rows(galley: &Galley) -> Vec<(String, egui::Pos2, bool)> {
        galley.rows.iter().map(|r| (r.row.glyphs.iter().map(|g| g.chr).collect(), r.pos, r.ends_with_newline)).collect()
    }

    #[test]
    fn an_edit_lays_out_only_the_paragraphs_it_changed_and_the_result_is_egui_s_own() {
        let line = "12. PQ-33 {a comment} NN-23!? (12... PQ-44 $14) 13. PQ-55";
        let text: String = (0..200).map(|i| format!("{i}. {line}\n")).collect::<String>() + "\n*\n";
        let ctx = egui::Context::default();
        let mut layout = TextLayout::default();
        in_frame(&ctx, |ui| {
            let first = layout.galley(ui, &text, &[], true, 300.0);
            assert_eq!(layout.laid_out, 202, "at first every paragraph is laid out");
            let again = layout.galley(ui, &text, &[], true, 300.0);
            assert!(Arc::ptr_eq(&first, &again), "nothing changed: the same galley");
            let whole = ui.ctx().fonts_mut(|f| {
                let mut job = highlight(&text, &[], true);
                job.wrap.max_width = 300.0;
                f.layout_job(job)
            });
            assert_eq!(rows(&first), rows(&whole), "laid out as egui lays out the whole text");
            assert_eq!(first.size(), whole.size());
        });
        // Typing in the middle lays out that paragraph only, in a later frame too.
        let at = text.find("100. ").unwrap() + 8;
        let mut edited = text.clone();
        edited.insert(at, 'x');
        in_frame(&ctx, |ui| {
            let galley = layout.galley(ui, &edited, &[], true, 300.0);
            assert_eq!(layout.laid_out, 1);
            assert_eq!(galley.text(), edited);
            let whole = ui.ctx().fonts_mut(|f| {
                let mut job = highlight(&edited, &[], true);
                job.wrap.max_width = 300.0;
                f.layout_job(job)
            });
            assert_eq!(rows(&galley), rows(&whole));
        });
        // An error underlined: its paragraph only.
        let error = TextError { range: at - 4..at + 1, line: 101, column: 5, message: "x".into() };
        in_frame(&ctx, |ui| {
            layout.galley(ui, &edited, std::slice::from_ref(&error), true, 300.0);
            assert_eq!(layout.laid_out, 1);
        });
        // A `{` opening a comment to the end recolours every paragraph after it.
        let mut opened = edited.clone();
        opened.insert(at, '{');
        opened = opened.replace('}', "");
        in_frame(&ctx, |ui| {
            layout.galley(ui, &opened, &[], true, 300.0);
            assert!(layout.laid_out > 100);
        });
        // Another width lays everything out again; an empty text still has its row.
        in_frame(&ctx, |ui| {
            layout.galley(ui, &opened, &[], true, 200.0);
            assert_eq!(layout.laid_out, 202);
            let empty = layout.galley(ui, "", &[], true, 200.0);
            assert_eq!(empty.rows.len(), 1);
            assert!(empty.size().y > 0.0);
        });
    }
}
