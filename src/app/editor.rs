//! The notation editor: the whole current game in the PGN-style text format, editable.
//!
//! Typing re-parses the text after a pause of [`PARSE_DELAY`] seconds. A text that reads
//! without errors replaces the game (one undo step); a text with errors is kept as
//! typed, its errors underlined where they are, explained on hover and listed, while
//! the game and the board keep the last valid state. Moves played on the board or
//! chosen in the move list rewrite the text and put the caret at that move; moving the
//! caret onto a move shows that move's position.
//!
//! This module holds the editor's state and draws the panel; [`super::ui::OrreryApp`]
//! applies what it reports ([`EditorEvent`]) to the game, so undo and the unsaved-work
//! mark work as for any other change.

use std::hash::{Hash, Hasher};
use std::ops::Range;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, TryRecvError};

use egui::text::{CCursor, CCursorRange, LayoutJob, TextFormat};
use egui::{Color32, FontId, RichText, Stroke};

use super::view::AnyView;
use crate::record::{AnyGame, MoveSpan, Nag, NodeId, RecordError, read_one_with_spans};

/// Seconds of quiet after the last keystroke before the text is read again.
pub const PARSE_DELAY: f64 = 0.15;

/// Texts longer than this (bytes) are read on a background thread, so typing in a long
/// record never stalls a frame.
pub const BACKGROUND_PARSE_BYTES: usize = 32 * 1024;

/// The NAG buttons of the toolbar: glyph and NAG number.
pub const NAG_BUTTONS: [(&str, u8); 6] = [("!", 1), ("?", 2), ("!!", 3), ("??", 4), ("!?", 5), ("?!", 6)];

/// One error of the text, located for underlining: byte range, 1-based line and column
/// (in characters) and the reader's explanation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TextError {
    /// Bytes of the text to underline (the word where the error was found).
    pub range: Range<usize>,
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
    /// What is wrong.
    pub message: String,
}

/// The outcome of reading the editor's text.
pub type ParseOutcome = Result<(AnyGame, Vec<MoveSpan>), Vec<RecordError>>;

/// What the editor asks the app to do.
#[derive(Clone, Debug)]
pub enum EditorEvent {
    /// The text now reads as this game; `caret` is the node at the caret (if on a move).
    Parsed {
        /// The game read from the text.
        game: Box<AnyGame>,
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
    receiver: Receiver<ParseOutcome>,
}

/// The notation editor's state.
pub struct NotationEditor {
    /// The text as typed.
    pub text: String,
    /// The errors of the last reading of `text` (empty when it reads cleanly).
    pub errors: Vec<TextError>,
    /// Where each move stands in `text` (valid while `text` is the last valid text).
    spans: Vec<MoveSpan>,
    /// The game the text was last made from or read as.
    synced: Option<AnyGame>,
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
    /// The syntax colouring of the text, kept while the text, errors and theme stay.
    job_cache: Option<(u64, Arc<egui::Galley>)>,
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
            job_cache: None,
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
        let same = self.synced.as_ref().is_some_and(|g| view.same_game(g));
        let cursor = view.cursor();
        if !same {
            let game = view.to_game();
            let (text, spans) = crate::with_game!(&game, g => crate::record::write_game_with_spans(g));
            self.text = text.clone();
            self.last_valid_text = text;
            self.spans = spans;
            self.synced = Some(game);
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
        self.job_cache = None;
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
        if let Some(job) = &self.job {
            match job.receiver.try_recv() {
                Ok(outcome) => {
                    let current = job.generation == self.generation;
                    self.job = None;
                    if current {
                        self.take_outcome(outcome, events);
                    }
                }
                Err(TryRecvError::Empty) => ctx.request_repaint_after(std::time::Duration::from_millis(20)),
                Err(TryRecvError::Disconnected) => self.job = None,
            }
        }
        let Some(at) = self.edited_at else { return };
        if now - at < PARSE_DELAY {
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(PARSE_DELAY - (now - at) + 0.001));
            return;
        }
        self.edited_at = None;
        if self.text.len() < BACKGROUND_PARSE_BYTES {
            let outcome = read_one_with_spans(&self.text);
            self.take_outcome(outcome, events);
        } else {
            let (sender, receiver) = std::sync::mpsc::channel();
            let text = self.text.clone();
            let repaint = ctx.clone();
            std::thread::spawn(move || {
                let _ = sender.send(read_one_with_spans(&text));
                repaint.request_repaint();
            });
            self.job = Some(ParseJob { generation: self.generation, receiver });
        }
    }

    fn take_outcome(&mut self, outcome: ParseOutcome, events: &mut Vec<EditorEvent>) {
        self.job_cache = None;
        match outcome {
            Ok((game, spans)) => {
                self.errors.clear();
                self.spans = spans;
                self.last_valid_text = self.text.clone();
                let caret = self.last_caret.map(|c| char_to_byte(&self.text, c)).and_then(|b| node_at(&self.spans, b));
                self.caret_node = Some(caret.unwrap_or(NodeId::ROOT));
                if self.synced.as_ref() != Some(&game) {
                    self.synced = Some(game.clone());
                    events.push(EditorEvent::Parsed { game: Box::new(game), caret });
                }
            }
            Err(errors) => {
                self.errors = errors.iter().map(|e| locate(&self.text, e)).collect();
            }
        }
    }

    /// Draws the editor (toolbar, text, error list) and reports what the app must do.
    pub fn show(&mut self, ui: &mut egui::Ui) -> Vec<EditorEvent> {
        let mut events = Vec::new();
        let now = ui.input(|i| i.time);
        let title = self.toolbar(ui, now, &mut events);
        let dark = ui.visuals().dark_mode;
        let errors_key = {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            self.errors.hash(&mut h);
            dark.hash(&mut h);
            h.finish()
        };
        let mut job_cache = self.job_cache.take();
        let mut layouter = |ui: &egui::Ui, buffer: &dyn egui::TextBuffer, wrap_width: f32| {
            // The laid-out text is kept while the text, errors, theme, width and scale
            // stay: a long record is coloured and laid out once per edit, not per frame.
            let text = buffer.as_str();
            let mut h = std::collections::hash_map::DefaultHasher::new();
            text.hash(&mut h);
            errors_key.hash(&mut h);
            wrap_width.to_bits().hash(&mut h);
            ui.ctx().pixels_per_point().to_bits().hash(&mut h);
            let key = h.finish();
            match &job_cache {
                Some((k, galley)) if *k == key => galley.clone(),
                _ => {
                    let mut job = highlight(text, &self.errors, dark);
                    job.wrap.max_width = wrap_width;
                    let galley = ui.ctx().fonts_mut(|f| f.layout_job(job));
                    job_cache = Some((key, galley.clone()));
                    galley
                }
            }
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
        self.job_cache = job_cache;
        let Some(output) = output else { return events };
        let response = &output.response.response.clone().labelled_by(title);
        if response.changed() {
            self.edited(now);
        }
        // Hovering an underlined error explains it.
        if let Some(pointer) = response.hover_pos() {
            let cursor = output.galley.cursor_from_pos(pointer - output.galley_pos);
            let byte = char_to_byte(&self.text, cursor.index.0);
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
                    let node = node_at(&self.spans, char_to_byte(&self.text, caret)).unwrap_or(NodeId::ROOT);
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
        egui::ScrollArea::vertical().id_salt("notation-editor-errors").max_height(60.0).show(ui, |ui| {
            for e in self.errors.clone() {
                let text = RichText::new(format!("{}:{}: {}", e.line, e.column, e.message)).color(error_color());
                if ui.selectable_label(false, text).on_hover_text("Put the caret there").clicked() {
                    self.caret_request = Some(e.range.start);
                    self.focus();
                }
            }
        });
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

fn error_color() -> Color32 {
    Color32::from_rgb(230, 70, 60)
}

/// The byte offset after the tag pairs (where the moves begin).
pub fn movetext_start(text: &str) -> usize {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        if trimmed.starts_with('[') || trimmed.is_empty() {
            offset += line.len();
        } else {
            break;
        }
    }
    offset.min(text.len())
}

/// The move at byte offset `at`: the move whose word holds or ends at `at`, else the
/// last move written before `at`. `None` before the first move.
pub fn node_at(spans: &[MoveSpan], at: usize) -> Option<NodeId> {
    let index = spans.partition_point(|s| s.range.start <= at);
    index.checked_sub(1).map(|i| spans[i].node)
}

/// The byte offset of character index `chars` (clamped to the text).
pub fn char_to_byte(text: &str, chars: usize) -> usize {
    text.char_indices().nth(chars).map_or(text.len(), |(b, _)| b)
}

/// The character index of byte offset `byte` (clamped to the text).
pub fn byte_to_char(text: &str, byte: usize) -> usize {
    let byte = byte.min(text.len());
    text.char_indices().take_while(|&(b, _)| b < byte).count()
}

/// Places a reader error in the text: from its line and column to the end of the word
/// there (at least one character; the last character when it points past the end).
pub fn locate(text: &str, error: &RecordError) -> TextError {
    let mut start = text.len();
    let mut line = 1u32;
    let mut column = 1u32;
    for (b, c) in text.char_indices() {
        if line == error.line && column == error.column {
            start = b;
            break;
        }
        if c == '\n' {
            if line == error.line {
                start = b;
                break;
            }
            line += 1;
            column = 1;
        } else {
            column += 1;
        }
    }
    if start >= text.len() {
        start = text.char_indices().last().map_or(0, |(b, _)| b);
    }
    let rest = &text[start..];
    let mut end = start
        + rest
            .char_indices()
            .find(|&(i, c)| i > 0 && (c.is_whitespace() || "(){}[]".contains(c)))
            .map_or(rest.len(), |(i, _)| i);
    if end == start {
        end = start + rest.chars().next().map_or(0, char::len_utf8);
    }
    TextError { range: start..end, line: error.line, column: error.column, message: error.message.clone() }
}

/// What a stretch of the text is, for colouring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// Spaces and anything unrecognised.
    Plain,
    /// A tag pair `[Key "value"]`.
    Tag,
    /// A move number `12.` or `12...`.
    MoveNumber,
    /// A move.
    Move,
    /// A `{comment}` or `; comment`.
    Comment,
    /// A NAG `$n` or an annotation glyph `!?`.
    Nag,
    /// `(` or `)`.
    Variation,
    /// A result token.
    Result,
}

/// Splits `text` into coloured stretches: `(byte range, class)`, covering the text in order.
pub fn classify(text: &str) -> Vec<(Range<usize>, Class)> {
    let bytes = text.as_bytes();
    let mut out: Vec<(Range<usize>, Class)> = Vec::new();
    let mut push = |range: Range<usize>, class: Class| {
        if let Some(last) = out.last_mut()
            && last.1 == class
            && last.0.end == range.start
        {
            last.0.end = range.end;
            return;
        }
        if !range.is_empty() {
            out.push((range, class));
        }
    };
    let until = |from: usize, stop: &dyn Fn(u8) -> bool| -> usize {
        bytes[from..].iter().position(|&b| stop(b)).map_or(bytes.len(), |p| from + p)
    };
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let (end, class) = match b {
            b'[' => {
                let end = until(i, &|c| c == b']' || c == b'\n');
                ((end + usize::from(end < bytes.len() && bytes[end] == b']')).min(bytes.len()), Class::Tag)
            }
            b'{' => {
                let end = until(i, &|c| c == b'}');
                ((end + 1).min(bytes.len()), Class::Comment)
            }
            b';' => (until(i, &|c| c == b'\n'), Class::Comment),
            b'(' | b')' => (i + 1, Class::Variation),
            b'*' => (i + 1, Class::Result),
            b'$' => (until(i + 1, &|c| !c.is_ascii_digit()), Class::Nag),
            b'!' | b'?' => (until(i, &|c| c != b'!' && c != b'?'), Class::Nag),
            b'0'..=b'9' => {
                let end = until(i, &|c| !(c.is_ascii_digit() || c == b'.' || c == b'-' || c == b'/'));
                let word = &text[i..end];
                let class = if matches!(word, "1-0" | "0-1" | "1/2-1/2") { Class::Result } else { Class::MoveNumber };
                (end, class)
            }
            c if c.is_ascii_alphabetic() => {
                let end = until(i, &|c| !(c.is_ascii_alphanumeric() || b"_+#=:-/.".contains(&c)));
                (end, Class::Move)
            }
            _ => {
                // One whole character (never split a multi-byte one).
                let len = text[i..].chars().next().map_or(1, char::len_utf8);
                (i + len, Class::Plain)
            }
        };
        let end = end.max(i + 1);
        push(i..end, class);
        i = end;
    }
    out
}

/// The colouring of `text` as a layout job: classes as colours, errors underlined.
pub fn highlight(text: &str, errors: &[TextError], dark: bool) -> LayoutJob {
    let font = FontId::monospace(13.0);
    let color = |class: Class| -> Color32 {
        match (class, dark) {
            (Class::Plain, true) | (Class::Move, true) => Color32::from_rgb(230, 230, 230),
            (Class::Plain, false) | (Class::Move, false) => Color32::from_rgb(20, 20, 20),
            (Class::Tag, true) => Color32::from_rgb(150, 170, 200),
            (Class::Tag, false) => Color32::from_rgb(60, 80, 130),
            (Class::MoveNumber, _) => Color32::from_rgb(140, 140, 140),
            (Class::Comment, true) => Color32::from_rgb(130, 200, 130),
            (Class::Comment, false) => Color32::from_rgb(30, 120, 40),
            (Class::Nag, true) => Color32::from_rgb(240, 180, 80),
            (Class::Nag, false) => Color32::from_rgb(170, 100, 0),
            (Class::Variation, true) => Color32::from_rgb(120, 170, 255),
            (Class::Variation, false) => Color32::from_rgb(30, 80, 200),
            (Class::Result, true) => Color32::WHITE,
            (Class::Result, false) => Color32::BLACK,
        }
    };
    // Cut points: class boundaries and error boundaries.
    let classes = classify(text);
    let mut cuts: Vec<usize> = classes.iter().flat_map(|(r, _)| [r.start, r.end]).collect();
    for e in errors {
        cuts.push(e.range.start.min(text.len()));
        cuts.push(e.range.end.min(text.len()));
    }
    cuts.push(0);
    cuts.push(text.len());
    cuts.retain(|&c| text.is_char_boundary(c));
    cuts.sort_unstable();
    cuts.dedup();
    let mut job = LayoutJob { text: text.to_string(), ..LayoutJob::default() };
    let mut class_index = 0;
    for w in cuts.windows(2) {
        let range = w[0]..w[1];
        if range.is_empty() {
            continue;
        }
        while class_index + 1 < classes.len() && classes[class_index].0.end <= range.start {
            class_index += 1;
        }
        let class = classes.get(class_index).map_or(Class::Plain, |c| c.1);
        let in_error = errors.iter().any(|e| e.range.start < range.end && range.start < e.range.end);
        let mut format = TextFormat::simple(font.clone(), color(class));
        format.italics = class == Class::Comment;
        if in_error {
            format.underline = Stroke::new(2.0, error_color());
            format.background = error_color().gamma_multiply(0.18);
        }
        job.sections.push(egui::text::LayoutSection {
            leading_space: 0.0,
            byte_range: egui::text::ByteIndex(range.start)..egui::text::ByteIndex(range.end),
            format,
        });
    }
    job
}

#[cfg(test)]
mod tests {
    use super::*;

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
    }
}
