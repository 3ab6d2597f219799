//! The builder: a [`Visitor`] that turns what the [`Reader`](super::reader::Reader)
//! reports into games. It reads the variant and start position from the tags, checks
//! every move against its position, places comments, NAGs and board marks, and
//! collects every error and warning with its place.

use std::ops::Range;

use crate::core::game::{Game, Variant};

use super::error::{RecordError, RecordErrorKind, Severity, shown};
use super::lexer::{Token, unescape_comment};
use super::marks::split_marks;
use super::reader::{SanToken, Skip, Visitor};
use crate::record::game::{AnyGame, GameRecord, GameResult, RecordGame, Tags};
use crate::record::tree::{Nag, NodeId, clean_comment};

/// Where a move of a game was written in the text it was read from: the byte range of
/// its word (with a glued annotation glyph, `PQ-56!`, and a following `out` word) and
/// the node it became.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveSpan {
    /// Byte offsets `start..end` in the text.
    pub range: Range<usize>,
    /// The move's node in the game's tree.
    pub node: NodeId,
}

/// One game as read, with the errors found while reading it. `game` is `None` when
/// not even the game's variant or start position could be read.
#[derive(Clone, Debug)]
pub struct ReadGame {
    /// The game, as far as it could be read.
    pub game: Option<AnyGame>,
    /// Every error and warning found in the game's text (and in stray text just
    /// before it).
    pub errors: Vec<RecordError>,
    /// Where each move that was read stands in the text, in text order.
    pub move_spans: Vec<MoveSpan>,
    /// Whether this is a game's text (`false` for stray text after the last game,
    /// which has only errors).
    pub is_game: bool,
    /// The byte range `start..end` of the game's text in the text read: from its first
    /// header comment, tag or move to the end of its result token (or of the last token
    /// read for it).
    pub range: Range<usize>,
}

/// A tag as read, with its place.
struct TagAt {
    name: String,
    value: String,
    line: u32,
    column: u32,
}

/// Builds [`ReadGame`]s from a reader's reports, one game at a time.
#[derive(Default)]
pub struct GameBuilder {
    errors: Vec<RecordError>,
    start: usize,
    /// Line and column of the game's first tag or move.
    first: (u32, u32),
    tags: Vec<TagAt>,
    header: String,
    body: Option<Box<dyn Body>>,
}

impl GameBuilder {
    /// A builder before its first game.
    pub fn new() -> GameBuilder {
        GameBuilder::default()
    }

    fn error(&mut self, (line, column): (u32, u32), kind: RecordErrorKind, message: &str) {
        self.errors.push(RecordError::new(line, column, kind, message, Severity::Error));
    }

    fn find_tag(&self, name: &str) -> Option<&TagAt> {
        // The last value of a duplicated tag is kept.
        self.tags.iter().rev().find(|t| t.name == name)
    }

    /// The variant the tags name, or why there is none (reported).
    fn variant(&mut self) -> Option<Variant> {
        match self.find_tag("Variant") {
            None if self.tags.is_empty() => {
                // Moves with no tags at all: most often text typed after a game's result
                // marker, which starts a new game.
                self.error(
                    self.first,
                    RecordErrorKind::Variant,
                    "moves without a [Variant \"Interstellar\"], [Variant \"Triangular\"] or [Variant \"Triangular draughts\"] tag: text after a result marker (`*`, `1-0`, …) starts a new game; put moves before the marker",
                );
                None
            }
            None => {
                self.error(
                    self.first,
                    RecordErrorKind::Variant,
                    "missing [Variant \"Interstellar\"], [Variant \"Triangular\"] or [Variant \"Triangular draughts\"] tag",
                );
                None
            }
            Some(t) => match t.value.parse::<Variant>() {
                Ok(variant) => Some(variant),
                Err(e) => {
                    let at = (t.line, t.column);
                    self.error(at, RecordErrorKind::Variant, &e.to_string());
                    None
                }
            },
        }
    }

    /// The movetext reader of a game of `G`, its start position read from the tags;
    /// `None` (reported) when the `Position` tag cannot be read.
    fn body<G: RecordGame>(&mut self) -> Option<Box<dyn Body>> {
        let mut record = GameRecord::<G>::new();
        let mut tags = Tags::new(G::VARIANT);
        tags.set_all(self.tags.iter().map(|t| (t.name.as_str(), t.value.as_str())));
        record.tags = tags;
        let set_up = self.find_tag("SetUp").is_some_and(|t| t.value == "1");
        if let Some(t) = self.find_tag("Position") {
            let at = (t.line, t.column);
            match G::from_position_string(&t.value) {
                Ok(p) => {
                    record.start = p;
                    record.set_up = true;
                    if !set_up {
                        let (line, column) = at;
                        self.errors.push(RecordError::new(
                            line,
                            column,
                            RecordErrorKind::Position,
                            "a [Position] tag without [SetUp \"1\"]",
                            Severity::Warning,
                        ));
                    }
                }
                Err(e) => {
                    let reason = e.to_string().lines().collect::<Vec<_>>().join("; ");
                    self.error(at, RecordErrorKind::Position, &format!("invalid Position: {reason}"));
                    return None;
                }
            }
        } else if let Some(t) = self.find_tag("SetUp")
            && set_up
        {
            let at = (t.line, t.column);
            self.error(at, RecordErrorKind::Position, "[SetUp \"1\"] without a [Position] tag");
        }
        if !self.header.is_empty() {
            record.tree.set_comment_after(NodeId::ROOT, &self.header);
        }
        let result_tag = self.find_tag("Result").map(|t| (t.value.clone(), t.line, t.column));
        let line = Line::fresh(NodeId::ROOT, record.start.clone(), false);
        Some(Box::new(Movetext { record, stack: Vec::new(), line, spans: Vec::new(), result_tag }))
    }
}

impl Visitor for GameBuilder {
    type Output = ReadGame;

    fn error(&mut self, error: RecordError) {
        self.errors.push(error);
    }

    fn begin_game(&mut self, start: usize, at: &Token<'_>) {
        self.start = start;
        self.first = (at.line, at.column);
    }

    fn header_comment(&mut self, raw: &str, escaped: bool, _at: &Token<'_>) {
        append_comment(&mut self.header, &unescaped(raw, escaped));
    }

    fn tag(&mut self, name: &str, value: &str, at: &Token<'_>) {
        self.tags.push(TagAt { name: name.to_string(), value: value.to_string(), line: at.line, column: at.column });
    }

    fn begin_movetext(&mut self) -> Skip {
        self.body = match self.variant() {
            Some(variant) => crate::with_variant!(variant, G => self.body::<G>()),
            None => None,
        };
        Skip(self.body.is_none())
    }

    fn san(&mut self, san: &SanToken<'_>) {
        if let Some(body) = &mut self.body {
            body.san(san, &mut self.errors);
        }
    }

    fn out(&mut self, at: &Token<'_>) {
        if let Some(body) = &mut self.body {
            body.out(at, &mut self.errors);
        }
    }

    fn nag(&mut self, nag: Nag, at: &Token<'_>) {
        if let Some(body) = &mut self.body {
            body.nag(nag, at, &mut self.errors);
        }
    }

    fn comment(&mut self, raw: &str, escaped: bool, at: &Token<'_>) {
        if let Some(body) = &mut self.body {
            body.comment(raw, escaped, at, &mut self.errors);
        }
    }

    fn begin_variation(&mut self, at: &Token<'_>) {
        if let Some(body) = &mut self.body {
            body.begin_variation(at, &mut self.errors);
        }
    }

    fn end_variation(&mut self, at: &Token<'_>) {
        if let Some(body) = &mut self.body {
            body.end_variation(at, &mut self.errors);
        }
    }

    fn outcome(&mut self, result: GameResult, at: &Token<'_>) {
        if let Some(body) = &mut self.body {
            body.outcome(result, at, &mut self.errors);
        }
    }

    fn end_game(&mut self) -> ReadGame {
        let (game, move_spans) = match self.body.take() {
            Some(body) => {
                let (game, spans) = body.finish();
                (Some(game), spans)
            }
            None => (None, Vec::new()),
        };
        self.tags.clear();
        self.header.clear();
        let errors = std::mem::take(&mut self.errors);
        ReadGame { game, errors, move_spans, is_game: true, range: self.start..self.start }
    }

    fn end_text(&mut self) -> Option<ReadGame> {
        let errors = std::mem::take(&mut self.errors);
        (!errors.is_empty()).then_some(ReadGame {
            game: None,
            errors,
            move_spans: Vec::new(),
            is_game: false,
            range: 0..0,
        })
    }
}

/// The movetext half of a game being built, for one game type (so the builder holds
/// either game behind one face).
trait Body {
    fn san(&mut self, san: &SanToken<'_>, errors: &mut Vec<RecordError>);
    fn out(&mut self, at: &Token<'_>, errors: &mut Vec<RecordError>);
    fn nag(&mut self, nag: Nag, at: &Token<'_>, errors: &mut Vec<RecordError>);
    fn comment(&mut self, raw: &str, escaped: bool, at: &Token<'_>, errors: &mut Vec<RecordError>);
    fn begin_variation(&mut self, at: &Token<'_>, errors: &mut Vec<RecordError>);
    fn end_variation(&mut self, at: &Token<'_>, errors: &mut Vec<RecordError>);
    fn outcome(&mut self, result: GameResult, at: &Token<'_>, errors: &mut Vec<RecordError>);
    fn finish(self: Box<Self>) -> (AnyGame, Vec<MoveSpan>);
}

/// A line being read (the main line or a variation).
struct Line<G> {
    /// The node of its last move (where the next move goes).
    last: NodeId,
    /// The position after its last move.
    after: G,
    /// The position before its last move (where a variation branches).
    before: Option<G>,
    /// An illegal move was found in it: the rest of it is skipped.
    dead: bool,
    /// Moves read in it.
    moves: usize,
    /// Comment before its first move (a variation's opening comment).
    pending_before: String,
}

impl<G> Line<G> {
    fn fresh(last: NodeId, after: G, dead: bool) -> Line<G> {
        Line { last, after, before: None, dead, moves: 0, pending_before: String::new() }
    }
}

struct Movetext<G: Game> {
    record: GameRecord<G>,
    stack: Vec<Line<G>>,
    line: Line<G>,
    spans: Vec<MoveSpan>,
    /// The Result tag's value and place, checked against the result marker.
    result_tag: Option<(String, u32, u32)>,
}

fn push(errors: &mut Vec<RecordError>, at: &Token<'_>, kind: RecordErrorKind, message: &str, severity: Severity) {
    errors.push(RecordError::new(at.line, at.column, kind, message, severity));
}

impl<G: RecordGame> Body for Movetext<G> {
    fn san(&mut self, san: &SanToken<'_>, errors: &mut Vec<RecordError>) {
        let line = &mut self.line;
        if line.dead {
            return;
        }
        let at =
            |message: &str, severity| RecordError::new(san.line, san.column, RecordErrorKind::Move, message, severity);
        match line.after.parse_move(san.text) {
            Ok(mv) => {
                let before = line.after.clone();
                let written = if san.out { " out" } else { suffix(san.text) };
                let expected = before.notation_suffix(mv);
                if !written.eq_ignore_ascii_case(expected) {
                    let canonical = before.notation(mv);
                    let say = |s: &str| if s.is_empty() { "none".to_string() } else { format!("'{}'", s.trim()) };
                    errors.push(at(
                        &format!(
                            "move '{}': the suffix is {}, expected {} ({canonical})",
                            shown(san.text),
                            say(written),
                            say(expected)
                        ),
                        Severity::Warning,
                    ));
                }
                line.after.play(mv);
                let node = self.record.tree.add_move(line.last, mv);
                self.spans.push(MoveSpan { range: san.range.clone(), node });
                if !line.pending_before.is_empty() {
                    let text = std::mem::take(&mut line.pending_before);
                    if !self.record.tree.set_comment_before(node, &text) {
                        append_comment(&mut self.record.tree.node_mut(line.last).comment_after, &text);
                    }
                }
                line.before = Some(before);
                line.last = node;
                line.moves += 1;
            }
            Err(e) => {
                errors.push(at(
                    &format!("illegal move '{}': {}", shown(san.text), one_line(&e.to_string())),
                    Severity::Error,
                ));
                line.dead = true;
            }
        }
    }

    fn out(&mut self, at: &Token<'_>, errors: &mut Vec<RecordError>) {
        // The Target Out suffix apart from its move, after a comment (`PQ-56 {…} out`).
        let line = &self.line;
        if line.dead {
            return;
        }
        if line.moves == 0 {
            push(errors, at, RecordErrorKind::Move, "'out' must follow a move", Severity::Error);
        } else if let Some(span) = self.spans.last_mut()
            && span.node == line.last
        {
            span.range.end = at.end;
        }
    }

    fn nag(&mut self, nag: Nag, at: &Token<'_>, errors: &mut Vec<RecordError>) {
        if self.line.dead {
            return;
        }
        if self.line.moves == 0 {
            let message = format!("NAG ${} before any move", nag.0);
            push(errors, at, RecordErrorKind::Annotation, &message, Severity::Error);
        } else {
            self.record.tree.node_mut(self.line.last).nags.push(nag);
        }
    }

    fn comment(&mut self, raw: &str, escaped: bool, at: &Token<'_>, errors: &mut Vec<RecordError>) {
        let line = &mut self.line;
        if line.dead {
            return;
        }
        if line.moves == 0 && !self.stack.is_empty() {
            append_comment(&mut line.pending_before, &unescaped(raw, escaped));
            return;
        }
        let (text, marks, mark_errors) = split_marks::<G>(raw);
        for m in mark_errors {
            push(errors, at, RecordErrorKind::Marks, &m, Severity::Error);
        }
        let node = self.record.tree.node_mut(line.last);
        append_comment(&mut node.comment_after, &unescaped(&text, escaped));
        node.marks.arrows.extend(marks.arrows);
        node.marks.cells.extend(marks.cells);
    }

    fn begin_variation(&mut self, at: &Token<'_>, errors: &mut Vec<RecordError>) {
        let line = &self.line;
        if line.moves == 0 && !line.dead {
            push(errors, at, RecordErrorKind::Variation, "a variation must follow a move", Severity::Error);
        }
        let parent = self.record.tree.node(line.last).parent;
        let new_line = match (&line.before, parent, line.dead || line.moves == 0) {
            (Some(before), Some(parent), false) => Line::fresh(parent, before.clone(), false),
            _ => Line::fresh(line.last, line.after.clone(), true),
        };
        self.stack.push(std::mem::replace(&mut self.line, new_line));
    }

    fn end_variation(&mut self, at: &Token<'_>, errors: &mut Vec<RecordError>) {
        let Some(outer) = self.stack.pop() else { return };
        if self.line.moves == 0 && !self.line.dead {
            push(errors, at, RecordErrorKind::Variation, "empty variation", Severity::Error);
        }
        self.line = outer;
    }

    fn outcome(&mut self, result: GameResult, at: &Token<'_>, errors: &mut Vec<RecordError>) {
        if result == GameResult::Draw && !G::HAS_DRAWS {
            let message = format!("{} has no draws: the result is 1-0, 0-1 or *", G::VARIANT);
            push(errors, at, RecordErrorKind::Result, &message, Severity::Error);
            // Left out, as the message says: the game is kept unfinished, so that no
            // writer puts back a result its reader refuses.
            self.record.result = GameResult::Unknown;
            return;
        }
        self.record.result = result;
        if let Some((value, line, column)) = &self.result_tag
            && value != result.token()
        {
            let message = format!("the Result tag says {} but the moves end with {}", shown(value), result.token());
            errors.push(RecordError::new(*line, *column, RecordErrorKind::Result, &message, Severity::Warning));
        }
    }

    fn finish(self: Box<Self>) -> (AnyGame, Vec<MoveSpan>) {
        (G::into_any(self.record), self.spans)
    }
}

/// A comment's text with its escapes undone when it was a `{…}` comment (`escaped`).
fn unescaped(text: &str, escaped: bool) -> std::borrow::Cow<'_, str> {
    if escaped { unescape_comment(text) } else { std::borrow::Cow::Borrowed(text) }
}

fn one_line(text: &str) -> String {
    text.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join("; ")
}

/// Appends `more` to a clean comment, cleaning only `more` (linear in its length, so
/// many comments on one move read in linear time).
fn append_comment(existing: &mut String, more: &str) {
    let more = clean_comment(more);
    if more.is_empty() {
        return;
    }
    if !existing.is_empty() {
        existing.push(' ');
    }
    existing.push_str(&more);
}

/// The check or Target suffix of a move's text: ` out` (also glued, `out`), or its
/// trailing `+` and `#` characters (empty when none).
fn suffix(text: &str) -> &str {
    let lower_out =
        text.len() >= 3 && text.is_char_boundary(text.len() - 3) && text[text.len() - 3..].eq_ignore_ascii_case("out");
    if lower_out && text.len() > 3 {
        return " out";
    }
    let body = text.trim_end_matches(['+', '#']);
    &text[body.len()..]
}
