//! The reader: game after game from a record text, every error located.

use crate::core::game::{Game, Variant};
use crate::core::{interstellar, triangular};

use super::error::{RecordError, RecordErrorKind, Severity, clean_message, shown};
use super::lexer::{Lexer, Tok, Token};
use super::marks::split_marks;
use crate::record::game::{AnyGame, GameRecord, GameResult, Tags};
use crate::record::tree::{Nag, NodeId, clean_comment};

/// Variations nested deeper than this are reported as an error and skipped.
pub const MAX_VARIATION_DEPTH: usize = 100;

/// Reads game after game from a record text; each item is one game (possibly partly
/// read) with the errors found in it. Never panics, whatever the input.
pub struct GameReader<'a> {
    lexer: Lexer<'a>,
    peeked: std::collections::VecDeque<Token>,
    spans: Vec<MoveSpan>,
    /// The byte offset just past the last token taken.
    taken_to: usize,
}

/// Where a move of a game was written in the text it was read from: the byte range of
/// its word (with a glued annotation glyph, `PQ-56!`) and the node it became.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveSpan {
    /// Byte offsets `start..end` in the text.
    pub range: std::ops::Range<usize>,
    /// The move's node in the game's tree.
    pub node: NodeId,
}

/// One game as read, with the errors found while reading it. `game` is `None` when
/// not even the game's variant or start position could be read.
#[derive(Clone, Debug)]
pub struct ReadGame {
    /// The game, as far as it could be read.
    pub game: Option<AnyGame>,
    /// Every error found in the game's text.
    pub errors: Vec<RecordError>,
    /// Where each move that was read stands in the text, in text order.
    pub move_spans: Vec<MoveSpan>,
    /// Whether this is a game's text (`false` for stray text after the last game,
    /// which has only errors).
    pub is_game: bool,
    /// The byte range `start..end` of the game's text in the text read: from its first
    /// tag (or move) to the end of its result token (or of the last token read for it).
    pub range: std::ops::Range<usize>,
}

impl<'a> GameReader<'a> {
    /// A reader over `text`.
    pub fn new(text: &'a str) -> GameReader<'a> {
        GameReader {
            lexer: Lexer::new(text),
            peeked: std::collections::VecDeque::new(),
            spans: Vec::new(),
            taken_to: 0,
        }
    }

    /// How far reading has come: the byte offset just past the last token read (for a
    /// progress bar: `offset / text.len()`).
    pub fn offset(&self) -> usize {
        self.taken_to
    }

    fn peek(&mut self) -> Option<&Token> {
        self.peek_nth(0)
    }

    /// The token `n` places ahead (0: the next one).
    fn peek_nth(&mut self, n: usize) -> Option<&Token> {
        while self.peeked.len() <= n {
            let t = self.lexer.next_token()?;
            self.peeked.push_back(t);
        }
        self.peeked.get(n)
    }

    fn next(&mut self) -> Option<Token> {
        self.peek();
        let t = self.peeked.pop_front()?;
        self.taken_to = t.end;
        Some(t)
    }

    fn error(errors: &mut Vec<RecordError>, at: &Token, kind: RecordErrorKind, message: impl Into<String>) {
        errors.push(RecordError {
            line: at.line,
            column: at.column,
            kind,
            message: clean_message(&message.into()),
            severity: Severity::Error,
        });
    }

    fn warn(errors: &mut Vec<RecordError>, at: &Token, kind: RecordErrorKind, message: impl Into<String>) {
        Self::error(errors, at, kind, message);
        if let Some(e) = errors.last_mut() {
            e.severity = Severity::Warning;
        }
    }

    /// Reads the tag section: `[Name "value"]` pairs.
    fn read_tags(&mut self, errors: &mut Vec<RecordError>) -> Vec<(String, String, Token)> {
        let mut tags = Vec::new();
        let mut seen = std::collections::HashSet::new();
        while matches!(self.peek(), Some(Token { tok: Tok::LBracket, .. })) {
            // A second Variant tag starts the next game (this one had tags but
            // no movetext).
            if let Some(Token { tok: Tok::Symbol(name), .. }) = self.peek_nth(1)
                && name == "Variant"
                && seen.contains("Variant")
            {
                break;
            }
            let Some(open) = self.next() else { break };
            let name = match self.next() {
                Some(Token { tok: Tok::Symbol(s), .. }) => s,
                other => {
                    Self::error(
                        errors,
                        other.as_ref().unwrap_or(&open),
                        RecordErrorKind::Tag,
                        "expected a tag name after '['",
                    );
                    self.skip_to_bracket_end(open.line);
                    continue;
                }
            };
            let value = match self.next() {
                Some(Token { tok: Tok::Str(s), .. }) => s,
                Some(t @ Token { tok: Tok::UnclosedStr, .. }) => {
                    Self::error(
                        errors,
                        &t,
                        RecordErrorKind::Tag,
                        format!("the value of tag {} is not closed with '\"'", shown(&name)),
                    );
                    self.skip_to_bracket_end(open.line);
                    continue;
                }
                other => {
                    Self::error(
                        errors,
                        other.as_ref().unwrap_or(&open),
                        RecordErrorKind::Tag,
                        format!("expected a quoted value for tag {}", shown(&name)),
                    );
                    self.skip_to_bracket_end(open.line);
                    continue;
                }
            };
            match self.peek() {
                Some(Token { tok: Tok::RBracket, .. }) => {
                    self.next();
                }
                _ => {
                    let at = self.peek().cloned().unwrap_or(open.clone());
                    Self::error(
                        errors,
                        &at,
                        RecordErrorKind::Tag,
                        format!("expected ']' to close tag {}", shown(&name)),
                    );
                    self.skip_to_bracket_end(open.line);
                }
            }
            if !seen.insert(name.clone()) {
                Self::warn(
                    errors,
                    &open,
                    RecordErrorKind::Tag,
                    format!("duplicate tag {}: the last value is kept", shown(&name)),
                );
            }
            tags.push((name, value, open));
        }
        tags
    }

    /// Skips the rest of a broken tag: up to a `]` on the same line.
    fn skip_to_bracket_end(&mut self, line: u32) {
        while let Some(t) = self.peek() {
            if t.line != line {
                return;
            }
            let t = self.next().expect("peeked");
            if t.tok == Tok::RBracket {
                return;
            }
        }
    }

    /// Skips movetext up to and including a result token, or up to the next tag.
    fn skip_movetext(&mut self) {
        while let Some(t) = self.peek() {
            match t.tok {
                Tok::LBracket => return,
                Tok::Result(_) => {
                    self.next();
                    return;
                }
                _ => {
                    self.next();
                }
            }
        }
    }

    fn read_game(&mut self) -> Option<ReadGame> {
        self.spans.clear();
        let mut errors = Vec::new();
        let first = self.peek()?.clone();
        let tags = self.read_tags(&mut errors);
        if tags.is_empty() && self.peek().is_none() {
            return if errors.is_empty() {
                None
            } else {
                Some(ReadGame { game: None, errors, move_spans: Vec::new(), is_game: true, range: 0..0 })
            };
        }
        let tag = |key: &str| tags.iter().find(|(k, _, _)| k == key);
        let variant = match tag("Variant") {
            None if tags.is_empty() => {
                // Moves with no tags at all: most often text typed after a game's result
                // marker, which starts a new game.
                Self::error(
                    &mut errors,
                    &first,
                    RecordErrorKind::Variant,
                    "moves without a [Variant \"Interstellar\"] or [Variant \"Triangular\"] tag: text after a result marker (`*`, `1-0`, …) starts a new game; put moves before the marker",
                );
                None
            }
            None => {
                Self::error(
                    &mut errors,
                    &first,
                    RecordErrorKind::Variant,
                    "missing [Variant \"Interstellar\"] or [Variant \"Triangular\"] tag",
                );
                None
            }
            Some((_, v, at)) => match v.parse::<Variant>() {
                Ok(variant) => Some(variant),
                Err(e) => {
                    Self::error(&mut errors, at, RecordErrorKind::Variant, e.to_string());
                    None
                }
            },
        };
        let Some(variant) = variant else {
            self.skip_movetext();
            return Some(ReadGame { game: None, errors, move_spans: Vec::new(), is_game: true, range: 0..0 });
        };
        let game = match variant {
            Variant::Interstellar => {
                self.read_body::<interstellar::Position>(&tags, &mut errors).map(AnyGame::Interstellar)
            }
            Variant::Triangular => self.read_body::<triangular::Position>(&tags, &mut errors).map(AnyGame::Triangular),
        };
        Some(ReadGame { game, errors, move_spans: std::mem::take(&mut self.spans), is_game: true, range: 0..0 })
    }

    fn read_body<G: Game>(
        &mut self,
        tags: &[(String, String, Token)],
        errors: &mut Vec<RecordError>,
    ) -> Option<GameRecord<G>> {
        let tag = |key: &str| tags.iter().find(|(k, _, _)| k == key);
        let mut record = GameRecord::<G>::new();
        let mut record_tags = Tags::new(G::VARIANT);
        record_tags.set_all(tags.iter().map(|(k, v, _)| (k.as_str(), v.as_str())));
        record.tags = record_tags;
        let set_up = tag("SetUp").is_some_and(|(_, v, _)| v == "1");
        if let Some((_, text, at)) = tag("Position") {
            match G::from_position_string(text) {
                Ok(p) => {
                    record.start = p;
                    record.set_up = true;
                    if !set_up {
                        Self::warn(errors, at, RecordErrorKind::Position, "a [Position] tag without [SetUp \"1\"]");
                    }
                }
                Err(e) => {
                    let reason = e.to_string().lines().collect::<Vec<_>>().join("; ");
                    Self::error(errors, at, RecordErrorKind::Position, format!("invalid Position: {reason}"));
                    self.skip_movetext();
                    return None;
                }
            }
        } else if set_up {
            let at = &tag("SetUp").expect("present").2;
            Self::error(errors, at, RecordErrorKind::Position, "[SetUp \"1\"] without a [Position] tag");
        }
        let result_tag = tag("Result").map(|(_, v, at)| (v.clone(), at.clone()));
        let end = self.read_movetext(&mut record, errors);
        if let (Some((value, at)), Some(token)) = (result_tag, end)
            && value != token.token()
        {
            Self::warn(
                errors,
                &at,
                RecordErrorKind::Result,
                format!("the Result tag says {} but the moves end with {}", shown(&value), token.token()),
            );
        }
        Some(record)
    }

    /// Reads movetext into `record`; returns the result token, if one ended the game.
    fn read_movetext<G: Game>(
        &mut self,
        record: &mut GameRecord<G>,
        errors: &mut Vec<RecordError>,
    ) -> Option<GameResult> {
        struct Line<G> {
            last: NodeId,
            after: G,
            before: Option<G>,
            dead: bool,
            moves: usize,
            pending_before: String,
        }
        let fresh = |last: NodeId, after: G, dead: bool| Line {
            last,
            after,
            before: None,
            dead,
            moves: 0,
            pending_before: String::new(),
        };
        let mut stack: Vec<Line<G>> = Vec::new();
        let mut line = fresh(NodeId::ROOT, record.start.clone(), false);
        let mut last_token: Option<Token> = None;
        loop {
            let Some(token) = self.peek().cloned() else {
                let at = last_token.unwrap_or(Token { tok: Tok::MoveNumber, line: 1, column: 1, start: 0, end: 0 });
                Self::warn(
                    errors,
                    &at,
                    RecordErrorKind::Result,
                    "the game ends without a result token (1-0, 0-1, 1/2-1/2 or *)",
                );
                return None;
            };
            if token.tok == Tok::LBracket {
                Self::warn(errors, &token, RecordErrorKind::Result, "a new game starts before this one's result token");
                return None;
            }
            self.next();
            match &token.tok {
                Tok::Symbol(s) => {
                    let (body, glyph) = split_glyph(s);
                    let glyph_nag = glyph.and_then(Nag::from_glyph);
                    if glyph.is_some() && glyph_nag.is_none() {
                        Self::error(
                            errors,
                            &token,
                            RecordErrorKind::Annotation,
                            format!("'{}' is not a move annotation", shown(glyph.unwrap_or(""))),
                        );
                    }
                    if body.eq_ignore_ascii_case("out") {
                        // The Target Out suffix written apart from its move (`PQ-56 out`).
                        if let Some(span) = self.spans.last_mut()
                            && span.node == line.last
                            && !line.dead
                        {
                            span.range.end = token.end;
                        }
                        if line.moves == 0 && !line.dead {
                            Self::error(errors, &token, RecordErrorKind::Move, "'out' must follow a move");
                        } else if !line.dead
                            && let Some(n) = glyph_nag
                        {
                            record.tree.node_mut(line.last).nags.push(n);
                        }
                        continue;
                    }
                    if line.dead {
                        continue;
                    }
                    match line.after.parse_move(body) {
                        Ok(mv) => {
                            let before = line.after.clone();
                            let out_follows = matches!(
                                self.peek(),
                                Some(Token { tok: Tok::Symbol(next), .. })
                                    if split_glyph(next).0.eq_ignore_ascii_case("out")
                            );
                            let written = if out_follows { " out" } else { suffix(body) };
                            let canonical = before.notation(mv);
                            let expected = suffix(&canonical);
                            if !written.eq_ignore_ascii_case(expected) {
                                let say =
                                    |s: &str| if s.is_empty() { "none".to_string() } else { format!("'{}'", s.trim()) };
                                Self::warn(
                                    errors,
                                    &token,
                                    RecordErrorKind::Move,
                                    format!(
                                        "move '{}': the suffix is {}, expected {} ({canonical})",
                                        shown(body),
                                        say(written),
                                        say(expected)
                                    ),
                                );
                            }
                            line.after.play(mv);
                            let node = record.tree.add_move(line.last, mv);
                            self.spans.push(MoveSpan { range: token.start..token.end, node });
                            if !line.pending_before.is_empty() {
                                let text = std::mem::take(&mut line.pending_before);
                                if !record.tree.set_comment_before(node, &text) {
                                    let prev = line.last;
                                    append_comment(&mut record.tree.node_mut(prev).comment_after, &text);
                                }
                            }
                            if let Some(n) = glyph_nag {
                                record.tree.node_mut(node).nags.push(n);
                            }
                            line.before = Some(before);
                            line.last = node;
                            line.moves += 1;
                        }
                        Err(e) => {
                            Self::error(
                                errors,
                                &token,
                                RecordErrorKind::Move,
                                format!("illegal move '{}': {}", shown(body), one_line(&e.to_string())),
                            );
                            line.dead = true;
                        }
                    }
                }
                Tok::MoveNumber => {}
                Tok::Nag(n) => {
                    if line.moves == 0 && !line.dead {
                        Self::error(errors, &token, RecordErrorKind::Annotation, format!("NAG ${n} before any move"));
                    } else if !line.dead {
                        record.tree.node_mut(line.last).nags.push(Nag(*n));
                    }
                }
                Tok::BadNag(text) => Self::warn(
                    errors,
                    &token,
                    RecordErrorKind::Annotation,
                    format!("'{}' is not a NAG ($0 to $255, ! ? !! ?? !? ?!)", shown(text)),
                ),
                Tok::Comment(raw) => {
                    if line.dead {
                        continue;
                    }
                    if line.moves == 0 && !stack.is_empty() {
                        append_comment(&mut line.pending_before, raw);
                        continue;
                    }
                    let (text, marks, mark_errors) = split_marks::<G>(raw);
                    for m in mark_errors {
                        Self::error(errors, &token, RecordErrorKind::Marks, m);
                    }
                    let node = line.last;
                    append_comment(&mut record.tree.node_mut(node).comment_after, &text);
                    let target = &mut record.tree.node_mut(node).marks;
                    target.arrows.extend(marks.arrows);
                    target.cells.extend(marks.cells);
                }
                Tok::UnclosedComment => {
                    Self::error(errors, &token, RecordErrorKind::Comment, "comment not closed with '}'");
                    return None;
                }
                Tok::LParen => {
                    if stack.len() >= MAX_VARIATION_DEPTH {
                        Self::error(
                            errors,
                            &token,
                            RecordErrorKind::Variation,
                            format!("variations nested more than {MAX_VARIATION_DEPTH} deep"),
                        );
                        let dead = fresh(line.last, line.after.clone(), true);
                        stack.push(std::mem::replace(&mut line, dead));
                        continue;
                    }
                    if line.moves == 0 && !line.dead {
                        Self::error(errors, &token, RecordErrorKind::Variation, "a variation must follow a move");
                    }
                    let parent = record.tree.node(line.last).parent;
                    let new_line = match (&line.before, parent, line.dead || line.moves == 0) {
                        (Some(before), Some(parent), false) => fresh(parent, before.clone(), false),
                        _ => fresh(line.last, line.after.clone(), true),
                    };
                    stack.push(std::mem::replace(&mut line, new_line));
                }
                Tok::RParen => match stack.pop() {
                    None => Self::error(errors, &token, RecordErrorKind::Variation, "')' without a matching '('"),
                    Some(outer) => {
                        if line.moves == 0 && !line.dead {
                            Self::error(errors, &token, RecordErrorKind::Variation, "empty variation");
                        }
                        line = outer;
                    }
                },
                Tok::Result(r) => {
                    if *r == GameResult::Draw && G::VARIANT == Variant::Interstellar {
                        Self::error(
                            errors,
                            &token,
                            RecordErrorKind::Result,
                            "Interstellar has no draws: the result is 1-0, 0-1 or *",
                        );
                    }
                    if !stack.is_empty() {
                        Self::error(
                            errors,
                            &token,
                            RecordErrorKind::Variation,
                            format!("{} variation(s) not closed with ')'", stack.len()),
                        );
                    }
                    record.result = *r;
                    return Some(*r);
                }
                Tok::Str(_) | Tok::UnclosedStr => {
                    Self::error(errors, &token, RecordErrorKind::Stray, "a quoted string outside a tag")
                }
                Tok::RBracket => Self::error(errors, &token, RecordErrorKind::Stray, "']' outside a tag"),
                Tok::Unknown(text) => {
                    Self::error(errors, &token, RecordErrorKind::Stray, format!("unexpected '{}'", shown(text)))
                }
                Tok::LBracket => unreachable!("handled above"),
            }
            last_token = Some(token);
        }
    }
}

impl Iterator for GameReader<'_> {
    type Item = ReadGame;

    fn next(&mut self) -> Option<ReadGame> {
        // Skip stray tokens before a game's tags, reporting them.
        let mut errors = Vec::new();
        loop {
            let Some(t) = self.peek().cloned() else {
                // Stray text at the end: reported, though it is no game.
                return (!errors.is_empty()).then_some(ReadGame {
                    game: None,
                    errors,
                    move_spans: Vec::new(),
                    is_game: false,
                    range: 0..0,
                });
            };
            match t.tok {
                Tok::LBracket => break,
                Tok::Comment(_) => {
                    // Comments before a game's tags (`;` lines at the top of a file)
                    // belong to no game; before movetext they start a game without tags.
                    let mut k = 1;
                    while matches!(self.peek_nth(k), Some(Token { tok: Tok::Comment(_), .. })) {
                        k += 1;
                    }
                    if matches!(self.peek_nth(k), None | Some(Token { tok: Tok::LBracket, .. })) {
                        for _ in 0..k {
                            self.next();
                        }
                        continue;
                    }
                    break;
                }
                Tok::Symbol(_) | Tok::MoveNumber => {
                    // Movetext without tags: read it as a game, which reports the missing Variant.
                    break;
                }
                _ => {
                    GameReader::error(&mut errors, &t, RecordErrorKind::Stray, "unexpected text between games");
                    self.next();
                }
            }
        }
        let taken_to = self.taken_to;
        let start = self.peek().map_or(taken_to, |t| t.start);
        let mut read = self.read_game()?;
        read.range = start..self.taken_to.max(start);
        errors.append(&mut read.errors);
        read.errors = errors;
        Some(read)
    }
}

/// Everything read from a record text.
#[derive(Clone, Debug, Default)]
pub struct ReadReport {
    /// The games that could be read (some may be partial: see `errors`).
    pub games: Vec<AnyGame>,
    /// Every error and warning, in the order found.
    pub errors: Vec<RecordError>,
    /// How many games the text holds, read or not (at least `games.len()`).
    pub game_count: usize,
    /// How many games had errors (were read in part, or not at all).
    pub damaged: usize,
}

impl ReadReport {
    /// Whether any diagnostic is an error (not a warning).
    pub fn has_errors(&self) -> bool {
        self.errors.iter().any(RecordError::is_error)
    }
}

/// Reads every game of a record text.
pub fn read_games(text: &str) -> ReadReport {
    let mut report = ReadReport::default();
    for read in GameReader::new(text) {
        if read.is_game {
            report.game_count += 1;
            report.damaged += usize::from(read.errors.iter().any(RecordError::is_error));
        }
        report.games.extend(read.game);
        report.errors.extend(read.errors);
    }
    report
}

/// Reads every game of a record file's bytes. Bytes that are not UTF-8 are read as
/// `\u{fffd}` and each stretch of them is reported as an error with its line and column.
pub fn read_games_bytes(bytes: &[u8]) -> ReadReport {
    match std::str::from_utf8(bytes) {
        Ok(text) => read_games(text),
        Err(_) => {
            let text = String::from_utf8_lossy(bytes);
            let mut report = read_games(&text);
            let mut bad = encoding_errors(bytes);
            bad.append(&mut report.errors);
            bad.sort_by_key(|e| (e.line, e.column));
            report.errors = bad;
            report
        }
    }
}

/// An error for each stretch of bytes that is not UTF-8, at its line and column (columns
/// count characters, a bad stretch counting as one).
fn encoding_errors(bytes: &[u8]) -> Vec<RecordError> {
    let mut errors: Vec<RecordError> = Vec::new();
    let (mut line, mut column) = (1u32, 1u32);
    for chunk in bytes.utf8_chunks() {
        let valid = chunk.valid();
        let mut chars = valid.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\r' if chars.peek() == Some(&'\n') => {}
                '\n' | '\r' => {
                    line += 1;
                    column = 1;
                }
                _ => column += 1,
            }
        }
        let invalid = chunk.invalid();
        if valid.is_empty()
            && !invalid.is_empty()
            && let Some(last) = errors.last_mut()
        {
            // The same stretch, cut by the decoder into several.
            let hex: Vec<String> = invalid.iter().map(|b| format!("{b:02x}")).collect();
            last.message = format!("{} {}", last.message.trim_end_matches(" are not UTF-8 text"), hex.join(" "));
            last.message.push_str(" are not UTF-8 text");
            column += 1;
        } else if !invalid.is_empty() {
            let hex: Vec<String> = invalid.iter().map(|b| format!("{b:02x}")).collect();
            errors.push(RecordError {
                line,
                column,
                kind: RecordErrorKind::Encoding,
                message: format!("bytes {} are not UTF-8 text", hex.join(" ")),
                severity: Severity::Error,
            });
            column += 1;
        }
    }
    errors
}

/// Reads a text that must hold exactly one game without errors (warnings are allowed).
///
/// # Errors
/// Every error found, or one saying the text holds no game or several.
pub fn read_one(text: &str) -> Result<AnyGame, Vec<RecordError>> {
    let report = read_games(text);
    if report.has_errors() {
        return Err(report.errors);
    }
    let count = report.games.len();
    match <[AnyGame; 1]>::try_from(report.games) {
        Ok([game]) => Ok(game),
        Err(_) => Err(vec![RecordError::one_game_expected(count)]),
    }
}

/// Reads a text that must hold exactly one game without errors (warnings are allowed), and says where each
/// of its moves was written (byte ranges, in text order).
///
/// # Errors
/// Every error found, or one saying the text holds no game or several.
pub fn read_one_with_spans(text: &str) -> Result<(AnyGame, Vec<MoveSpan>), Vec<RecordError>> {
    let mut errors = Vec::new();
    let mut found = Vec::new();
    for read in GameReader::new(text) {
        errors.extend(read.errors);
        if let Some(game) = read.game {
            found.push((game, read.move_spans));
        }
    }
    if errors.iter().any(RecordError::is_error) {
        return Err(errors);
    }
    let count = found.len();
    match <[(AnyGame, Vec<MoveSpan>); 1]>::try_from(found) {
        Ok([one]) => Ok(one),
        Err(_) => Err(vec![RecordError::one_game_expected(count)]),
    }
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

/// Splits trailing `!`/`?` annotation glyphs off a move symbol.
fn split_glyph(symbol: &str) -> (&str, Option<&str>) {
    let body = symbol.trim_end_matches(['!', '?']);
    if body.len() == symbol.len() { (symbol, None) } else { (body, Some(&symbol[body.len()..])) }
}
