//! The text format of game records: PGN conventions, so chess players feel at home.
//!
//! Tag pairs (`[Variant "Interstellar"]`, the roster, `[Result "…"]`, `[SetUp "1"]` and
//! `[Position "…"]` for set-up games), then movetext: move numbers, moves in each game's
//! notation, `{comments}` (board marks inside as `[%csl Gc1d]` and `[%cal Gc1dd3l]`),
//! `(variations)`, NAGs (`$n` or `!` `?` `!!` `??` `!?` `?!`) and a result token
//! (`1-0`, `0-1`, `1/2-1/2`, `*`). Many games per file; extension `.pgn`.
//!
//! The reader streams game by game ([`GameReader`]), never panics, and goes on after an
//! error so that every error is reported with its line and column. The writer is
//! canonical and wraps at 80 columns; reading what it writes gives back an equal game.

use std::fmt;

use crate::core::game::{Game, Variant};
use crate::core::{interstellar, triangular};

use super::game::{AnyGame, GameRecord, GameResult, Tags};
use super::tree::{Arrow, MarkColor, MarkedCell, Marks, Nag, NodeId, clean_comment};

/// An error in a record file, with the 1-based line and column where it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
    /// Which part of the record is wrong.
    pub kind: RecordErrorKind,
    /// What is wrong, in words (naming the tag, move or token).
    pub message: String,
}

impl RecordError {
    /// A text that must hold exactly one game holds `count` (at 1:1).
    fn one_game_expected(count: usize) -> RecordError {
        RecordError {
            line: 1,
            column: 1,
            kind: RecordErrorKind::GameCount,
            message: format!("expected one game, found {count}"),
        }
    }
}

/// Which part of a record a [`RecordError`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RecordErrorKind {
    /// A tag pair that cannot be read (`[Name "value"]`).
    Tag,
    /// The `Variant` tag is missing or names no known game.
    Variant,
    /// The `Position` tag is not a valid position string, or `[SetUp "1"]` has no
    /// `Position`.
    Position,
    /// A move that is not legal (or not readable) where it stands, or `out` with no
    /// move before it.
    Move,
    /// A NAG or move annotation that cannot be read, or one before any move.
    Annotation,
    /// A board mark (`[%csl …]`, `[%cal …]`) in a comment that cannot be read.
    Marks,
    /// A comment not closed with `}`.
    Comment,
    /// A variation that is empty, unmatched, not closed, too deep, or before any move.
    Variation,
    /// The result: missing, disagreeing with the `Result` tag, a draw in a game without
    /// draws, or a new game starting before it.
    Result,
    /// Text where none belongs (outside tags, between games).
    Stray,
    /// A text that must hold exactly one game holds none or several.
    GameCount,
}

impl fmt::Display for RecordError {
    /// `LINE:COL: message`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for RecordError {}

/// Variations nested deeper than this are reported as an error and skipped.
pub const MAX_VARIATION_DEPTH: usize = 100;

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    LBracket,
    RBracket,
    Str(String),
    UnclosedStr,
    Comment(String),
    UnclosedComment,
    LParen,
    RParen,
    Nag(u8),
    BadNag(String),
    Symbol(String),
    MoveNumber,
    Result(GameResult),
    Unknown(String),
}

#[derive(Clone, Debug)]
struct Token {
    tok: Tok,
    line: u32,
    column: u32,
    /// Byte offsets of the token in the text: `start..end`.
    start: usize,
    end: usize,
}

struct Lexer<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: u32,
    column: u32,
    offset: usize,
}

fn is_symbol_char(c: char) -> bool {
    c.is_alphanumeric() || "_+#=:-/!?.".contains(c)
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Lexer<'a> {
        Lexer { chars: text.chars().peekable(), line: 1, column: 1, offset: 0 }
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        self.offset += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn take_while(&mut self, first: char, keep: impl Fn(char) -> bool) -> String {
        let mut s = String::from(first);
        while let Some(&c) = self.chars.peek() {
            if !keep(c) {
                break;
            }
            s.push(c);
            self.bump();
        }
        s
    }

    fn next_token(&mut self) -> Option<Token> {
        loop {
            let (line, column, start) = (self.line, self.column, self.offset);
            let c = self.bump()?;
            let tok = match c {
                c if c.is_whitespace() => continue,
                ';' => {
                    while let Some(c) = self.bump() {
                        if c == '\n' {
                            break;
                        }
                    }
                    continue;
                }
                '%' if column == 1 => {
                    while let Some(c) = self.bump() {
                        if c == '\n' {
                            break;
                        }
                    }
                    continue;
                }
                '[' => Tok::LBracket,
                ']' => Tok::RBracket,
                '(' => Tok::LParen,
                ')' => Tok::RParen,
                '*' => Tok::Result(GameResult::Unknown),
                '"' => {
                    let mut s = String::new();
                    let mut closed = false;
                    while let Some(&c) = self.chars.peek() {
                        if c == '\n' {
                            break;
                        }
                        self.bump();
                        match c {
                            '"' => {
                                closed = true;
                                break;
                            }
                            '\\' => {
                                if let Some(&n) = self.chars.peek()
                                    && (n == '"' || n == '\\')
                                {
                                    self.bump();
                                    s.push(n);
                                } else {
                                    s.push('\\');
                                }
                            }
                            _ => s.push(c),
                        }
                    }
                    if closed { Tok::Str(s) } else { Tok::UnclosedStr }
                }
                '{' => {
                    let mut s = String::new();
                    let mut closed = false;
                    while let Some(c) = self.bump() {
                        if c == '}' {
                            closed = true;
                            break;
                        }
                        s.push(c);
                    }
                    if closed { Tok::Comment(s) } else { Tok::UnclosedComment }
                }
                '$' => {
                    let digits = self.take_while('$', |c| c.is_ascii_digit());
                    match digits[1..].parse::<u8>() {
                        Ok(n) => Tok::Nag(n),
                        Err(_) => Tok::BadNag(digits),
                    }
                }
                '!' | '?' => {
                    let glyph = self.take_while(c, |c| c == '!' || c == '?');
                    match Nag::from_glyph(&glyph) {
                        Some(n) => Tok::Nag(n.0),
                        None => Tok::BadNag(glyph),
                    }
                }
                c if c.is_ascii_digit() => {
                    let s = self.take_while(c, |c| c.is_ascii_digit() || c == '.' || c == '-' || c == '/');
                    if let Some(r) = GameResult::from_token(&s) {
                        Tok::Result(r)
                    } else if s.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()) {
                        Tok::MoveNumber
                    } else {
                        Tok::Unknown(s)
                    }
                }
                c if c.is_alphabetic() => Tok::Symbol(self.take_while(c, is_symbol_char)),
                c => Tok::Unknown(c.to_string()),
            };
            return Some(Token { tok, line, column, start, end: self.offset });
        }
    }
}

/// Reads game after game from a record text; each item is one game (possibly partly
/// read) with the errors found in it. Never panics, whatever the input.
pub struct GameReader<'a> {
    lexer: Lexer<'a>,
    peeked: Option<Token>,
    spans: Vec<MoveSpan>,
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
}

impl<'a> GameReader<'a> {
    /// A reader over `text`.
    pub fn new(text: &'a str) -> GameReader<'a> {
        GameReader { lexer: Lexer::new(text), peeked: None, spans: Vec::new() }
    }

    fn peek(&mut self) -> Option<&Token> {
        if self.peeked.is_none() {
            self.peeked = self.lexer.next_token();
        }
        self.peeked.as_ref()
    }

    fn next(&mut self) -> Option<Token> {
        self.peek();
        self.peeked.take()
    }

    fn error(errors: &mut Vec<RecordError>, at: &Token, kind: RecordErrorKind, message: impl Into<String>) {
        errors.push(RecordError { line: at.line, column: at.column, kind, message: message.into() });
    }

    /// Reads the tag section: `[Name "value"]` pairs.
    fn read_tags(&mut self, errors: &mut Vec<RecordError>) -> Vec<(String, String, Token)> {
        let mut tags = Vec::new();
        while matches!(self.peek(), Some(Token { tok: Tok::LBracket, .. })) {
            let open = self.next().expect("peeked");
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
                        format!("the value of tag {name} is not closed with '\"'"),
                    );
                    self.skip_to_bracket_end(open.line);
                    continue;
                }
                other => {
                    Self::error(
                        errors,
                        other.as_ref().unwrap_or(&open),
                        RecordErrorKind::Tag,
                        format!("expected a quoted value for tag {name}"),
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
                    Self::error(errors, &at, RecordErrorKind::Tag, format!("expected ']' to close tag {name}"));
                    self.skip_to_bracket_end(open.line);
                }
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
                Some(ReadGame { game: None, errors, move_spans: Vec::new() })
            };
        }
        let tag = |key: &str| tags.iter().find(|(k, _, _)| k == key);
        let variant = match tag("Variant") {
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
            return Some(ReadGame { game: None, errors, move_spans: Vec::new() });
        };
        let game = match variant {
            Variant::Interstellar => {
                self.read_body::<interstellar::Position>(&tags, &mut errors).map(AnyGame::Interstellar)
            }
            Variant::Triangular => self.read_body::<triangular::Position>(&tags, &mut errors).map(AnyGame::Triangular),
        };
        Some(ReadGame { game, errors, move_spans: std::mem::take(&mut self.spans) })
    }

    fn read_body<G: Game>(
        &mut self,
        tags: &[(String, String, Token)],
        errors: &mut Vec<RecordError>,
    ) -> Option<GameRecord<G>> {
        let tag = |key: &str| tags.iter().find(|(k, _, _)| k == key);
        let mut record = GameRecord::<G>::new();
        let mut record_tags = Tags::new(G::VARIANT);
        for (k, v, _) in tags {
            record_tags.set(k, v);
        }
        record.tags = record_tags;
        let set_up = tag("SetUp").is_some_and(|(_, v, _)| v == "1");
        if let Some((_, text, at)) = tag("Position") {
            match G::from_position_string(text) {
                Ok(p) => {
                    record.start = p;
                    record.set_up = true;
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
            Self::error(
                errors,
                &at,
                RecordErrorKind::Result,
                format!("the Result tag says {value} but the moves end with {}", token.token()),
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
                Self::error(
                    errors,
                    &at,
                    RecordErrorKind::Result,
                    "the game ends without a result token (1-0, 0-1, 1/2-1/2 or *)",
                );
                return None;
            };
            if token.tok == Tok::LBracket {
                Self::error(
                    errors,
                    &token,
                    RecordErrorKind::Result,
                    "a new game starts before this one's result token",
                );
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
                            format!("'{}' is not a move annotation", glyph.unwrap_or("")),
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
                            line.after.play(mv);
                            let node = record.tree.add_move(line.last, mv);
                            self.spans.push(MoveSpan { range: token.start..token.end, node });
                            if !line.pending_before.is_empty() {
                                let text = std::mem::take(&mut line.pending_before);
                                if !record.tree.set_comment_before(node, &text) {
                                    let prev = line.last;
                                    let joined = join_comment(&record.tree.node(prev).comment_after, &text);
                                    record.tree.set_comment_after(prev, &joined);
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
                                format!("illegal move '{body}': {}", one_line(&e.to_string())),
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
                Tok::BadNag(text) => Self::error(
                    errors,
                    &token,
                    RecordErrorKind::Annotation,
                    format!("'{text}' is not a NAG ($0 to $255, ! ? !! ?? !? ?!)"),
                ),
                Tok::Comment(raw) => {
                    if line.dead {
                        continue;
                    }
                    if line.moves == 0 && !stack.is_empty() {
                        line.pending_before = join_comment(&line.pending_before, raw);
                        continue;
                    }
                    let (text, marks, mark_errors) = split_marks::<G>(raw);
                    for m in mark_errors {
                        Self::error(errors, &token, RecordErrorKind::Marks, m);
                    }
                    let node = line.last;
                    let joined = join_comment(&record.tree.node(node).comment_after, &text);
                    record.tree.set_comment_after(node, &joined);
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
                    Self::error(errors, &token, RecordErrorKind::Stray, format!("unexpected '{text}'"))
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
            let t = self.peek()?.clone();
            match t.tok {
                Tok::LBracket => break,
                Tok::Symbol(_) | Tok::MoveNumber | Tok::Comment(_) => {
                    // Movetext without tags: read it as a game, which reports the missing Variant.
                    break;
                }
                _ => {
                    GameReader::error(&mut errors, &t, RecordErrorKind::Stray, "unexpected text between games");
                    self.next();
                }
            }
        }
        let mut read = self.read_game()?;
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
    /// Every error, in the order found.
    pub errors: Vec<RecordError>,
}

/// Reads every game of a record text.
pub fn read_games(text: &str) -> ReadReport {
    let mut report = ReadReport::default();
    for read in GameReader::new(text) {
        report.games.extend(read.game);
        report.errors.extend(read.errors);
    }
    report
}

/// Reads a text that must hold exactly one game without errors.
///
/// # Errors
/// Every error found, or one saying the text holds no game or several.
pub fn read_one(text: &str) -> Result<AnyGame, Vec<RecordError>> {
    let report = read_games(text);
    if !report.errors.is_empty() {
        return Err(report.errors);
    }
    let count = report.games.len();
    match <[AnyGame; 1]>::try_from(report.games) {
        Ok([game]) => Ok(game),
        Err(_) => Err(vec![RecordError::one_game_expected(count)]),
    }
}

/// Reads a text that must hold exactly one game without errors, and says where each
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
    if !errors.is_empty() {
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

fn join_comment(existing: &str, more: &str) -> String {
    clean_comment(&format!("{existing} {more}"))
}

/// Splits trailing `!`/`?` annotation glyphs off a move symbol.
fn split_glyph(symbol: &str) -> (&str, Option<&str>) {
    let body = symbol.trim_end_matches(['!', '?']);
    if body.len() == symbol.len() { (symbol, None) } else { (body, Some(&symbol[body.len()..])) }
}

/// Takes `[%csl …]` and `[%cal …]` commands out of a comment: the remaining text, the
/// marks, and a message for every mark that could not be read.
fn split_marks<G: Game>(raw: &str) -> (String, Marks<G::Cell>, Vec<String>) {
    let mut text = String::new();
    let mut marks = Marks::default();
    let mut errors = Vec::new();
    let mut rest = raw;
    while let Some(start) = rest.find("[%") {
        text.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let Some(end) = after.find(']') else {
            text.push_str(&rest[start..]);
            rest = "";
            break;
        };
        let command = &after[..end];
        let mut words = command.split_whitespace();
        match words.next() {
            Some("csl") => {
                for item in words.flat_map(|w| w.split(',')).filter(|s| !s.is_empty()) {
                    match parse_marked_cell::<G>(item) {
                        Some(m) => marks.cells.push(m),
                        None => {
                            errors.push(format!("'{item}' is not a marked cell (colour G, R, B or Y, then a cell)"))
                        }
                    }
                }
            }
            Some("cal") => {
                for item in words.flat_map(|w| w.split(',')).filter(|s| !s.is_empty()) {
                    match parse_arrow::<G>(item) {
                        Some(a) => marks.arrows.push(a),
                        None => errors.push(format!("'{item}' is not an arrow (colour G, R, B or Y, then two cells)")),
                    }
                }
            }
            _ => {
                // Other commands (clocks, evaluations) stay in the text.
                text.push_str(&rest[start..start + 2 + end + 1]);
            }
        }
        rest = &after[end + 1..];
    }
    text.push_str(rest);
    (clean_comment(&text), marks, errors)
}

fn parse_marked_cell<G: Game>(item: &str) -> Option<MarkedCell<G::Cell>> {
    let mut chars = item.chars();
    let color = MarkColor::from_letter(chars.next()?)?;
    let cell = chars.as_str().parse::<G::Cell>().ok()?;
    Some(MarkedCell { color, cell })
}

fn parse_arrow<G: Game>(item: &str) -> Option<Arrow<G::Cell>> {
    let mut chars = item.chars();
    let color = MarkColor::from_letter(chars.next()?)?;
    let cells = chars.as_str();
    (1..cells.len()).filter(|&k| cells.is_char_boundary(k)).find_map(|k| {
        let from = cells[..k].parse::<G::Cell>().ok()?;
        let to = cells[k..].parse::<G::Cell>().ok()?;
        Some(Arrow { color, from, to })
    })
}

/// The `[%csl …] [%cal …]` commands for a set of marks (empty when there are none).
fn marks_commands<G: Game>(marks: &Marks<G::Cell>) -> String {
    let name = |c: G::Cell| c.to_string();
    let mut out = Vec::new();
    if !marks.cells.is_empty() {
        let items: Vec<String> = marks.cells.iter().map(|m| format!("{}{}", m.color.letter(), name(m.cell))).collect();
        out.push(format!("[%csl {}]", items.join(",")));
    }
    if !marks.arrows.is_empty() {
        let items: Vec<String> =
            marks.arrows.iter().map(|a| format!("{}{}{}", a.color.letter(), name(a.from), name(a.to))).collect();
        out.push(format!("[%cal {}]", items.join(",")));
    }
    out.join(" ")
}

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
        let len = w.chars().count();
        if std::mem::take(&mut self.glue_next) {
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

    /// A `{comment}` split into words so it wraps like the rest.
    fn comment(&mut self, text: &str) {
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.len() {
            0 => self.word("{}"),
            1 => self.word(&format!("{{{}}}", words[0])),
            n => {
                self.word(&format!("{{{}", words[0]));
                for w in &words[1..n - 1] {
                    self.word(w);
                }
                self.word(&format!("{}}}", words[n - 1]));
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
    for (k, v) in record.tags.iter() {
        out.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
    }
    out.push_str(&format!("[Result \"{}\"]\n", record.result.token()));
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

fn comment_with_marks<G: Game>(text: &str, marks: &Marks<G::Cell>) -> String {
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
            wrap.comment(&node.comment_before);
        }
        let (number, first_player) = record.move_number_at_ply(ply);
        if first_player {
            wrap.word(&format!("{number}."));
        } else if need_number {
            wrap.word(&format!("{number}..."));
        }
        let notation = pos.notation(mv);
        let mut words: Vec<&str> = notation.split(' ').collect();
        let last = words.pop().unwrap_or("");
        let mut start = None;
        for w in words {
            wrap.word(w);
            start.get_or_insert(wrap.out.len() - w.len());
        }
        // A first NAG with a glyph is glued on (`PQ-56!`); the others follow as `$n`,
        // so the order of NAGs survives.
        let glued = usize::from(node.nags.first().is_some_and(|n| n.glyph().is_some()));
        if glued == 1 {
            let first_glyph = node.nags[0].glyph().unwrap_or("");
            wrap.word(&format!("{last}{first_glyph}"));
        } else {
            wrap.word(last);
        }
        let end = wrap.out.len();
        wrap.spans
            .push(MoveSpan { range: start.unwrap_or(end - last.len() - glued_len(node)).min(end)..end, node: id });
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

/// The length in bytes of the annotation glyph glued to a move's last word, if any.
fn glued_len<M, C>(node: &super::tree::Node<M, C>) -> usize {
    node.nags.first().and_then(|n| n.glyph()).map_or(0, str::len)
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
