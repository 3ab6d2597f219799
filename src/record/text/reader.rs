//! The reader: the syntax of record text, game after game, reported to a [`Visitor`].
//!
//! It knows tags, movetext tokens, variations, comments and result markers, and where
//! a game ends; it knows nothing of moves and positions (that is the builder's part,
//! [`super::builder`]). Syntax errors are reported to the visitor with their place;
//! the reader then goes on, so that every game after an error is still read.

use std::collections::{HashSet, VecDeque};
use std::ops::Range;

use super::error::{RecordError, RecordErrorKind, Severity, shown};
use super::lexer::{Lexer, Tok, Token, unescaped_quote};
use crate::record::game::GameResult;
use crate::record::tree::Nag;

/// Variations nested deeper than this are reported as an error and skipped.
pub const MAX_VARIATION_DEPTH: usize = 100;

/// Whether the reader should skip what follows (the movetext of a game the visitor
/// cannot read, for instance): `Skip(true)` skips it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skip(pub bool);

/// A move word as the reader found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SanToken<'a> {
    /// The move as written, without a glued annotation glyph (`PQ-56!` gives `PQ-56`);
    /// a glued ` out` suffix (`PQ-56out`) stays.
    pub text: &'a str,
    /// A separate `out` word follows it (`PQ-56 out`): the Target Out suffix.
    pub out: bool,
    /// Bytes `start..end` of the move in the text, its `out` word and glyph included.
    pub range: Range<usize>,
    /// 1-based line of its first character.
    pub line: u32,
    /// 1-based column of its first character, in characters.
    pub column: u32,
}

/// What a [`Reader`] reports, in text order. Every method but
/// [`Visitor::end_game`] has a default that ignores the report.
pub trait Visitor {
    /// What one game becomes.
    type Output;

    /// A syntax error or warning. Before [`Visitor::begin_game`] it is about the text
    /// between games (it belongs to the game that follows).
    fn error(&mut self, error: RecordError);
    /// A game starts: its text at byte `start` (its header comments included), its
    /// first tag or move at `at`.
    fn begin_game(&mut self, _start: usize, _at: &Token<'_>) {}
    /// A comment before the game's first tag (`; exported by …` lines). `escaped`: a
    /// `{…}` comment, whose escapes are still to be undone; `false` for a `;` comment.
    fn header_comment(&mut self, _raw: &str, _escaped: bool, _at: &Token<'_>) {}
    /// A tag pair, its value's escapes undone; `at` is its `[`.
    fn tag(&mut self, _name: &str, _value: &str, _at: &Token<'_>) {}
    /// The tags are read and the movetext starts; `Skip(true)` skips it, up to and
    /// including its result marker (or up to the next game's tags).
    fn begin_movetext(&mut self) -> Skip {
        Skip(false)
    }
    /// A move word.
    fn san(&mut self, _san: &SanToken<'_>) {}
    /// An `out` word that follows no move directly (after a comment, say).
    fn out(&mut self, _at: &Token<'_>) {}
    /// A NAG: `$n`, a glyph standing alone, or the glyph glued to the move before.
    fn nag(&mut self, _nag: Nag, _at: &Token<'_>) {}
    /// A comment in the movetext, as written (see [`Visitor::header_comment`]).
    fn comment(&mut self, _raw: &str, _escaped: bool, _at: &Token<'_>) {}
    /// `(`: a variation starts (never deeper than [`MAX_VARIATION_DEPTH`]).
    fn begin_variation(&mut self, _at: &Token<'_>) {}
    /// `)`: the innermost open variation ends.
    fn end_variation(&mut self, _at: &Token<'_>) {}
    /// The result marker that ends the game.
    fn outcome(&mut self, _result: GameResult, _at: &Token<'_>) {}
    /// The game's text is over (after its result marker, or where the next game or
    /// the text starts or ends).
    fn end_game(&mut self) -> Self::Output;
    /// The text ended after errors outside any game: their report, if the visitor has
    /// one.
    fn end_text(&mut self) -> Option<Self::Output> {
        None
    }
}

/// Reads the syntax of a record text game by game; never panics, whatever the input,
/// and takes time linear in the text.
pub struct Reader<'a> {
    lexer: Lexer<'a>,
    peeked: VecDeque<Token<'a>>,
    /// The byte offset just past the last token taken.
    taken_to: usize,
    /// Line and column of the last token taken.
    last_at: (u32, u32),
    /// Where a comment that is not closed started, when it stopped at a line that
    /// starts a tag pair: the next game's start there is a guess, reported with it.
    guessed_from: Option<(u32, u32)>,
}

fn error_at(at: &Token<'_>, kind: RecordErrorKind, message: &str) -> RecordError {
    RecordError::new(at.line, at.column, kind, message, Severity::Error)
}

fn warning_at(at: &Token<'_>, kind: RecordErrorKind, message: &str) -> RecordError {
    RecordError::new(at.line, at.column, kind, message, Severity::Warning)
}

/// Splits trailing `!`/`?` annotation glyphs off a move word.
fn split_glyph(word: &str) -> (&str, Option<&str>) {
    let body = word.trim_end_matches(['!', '?']);
    if body.len() == word.len() { (word, None) } else { (body, Some(&word[body.len()..])) }
}

impl<'a> Reader<'a> {
    /// A reader at the start of `text`.
    pub fn new(text: &'a str) -> Reader<'a> {
        Reader::starting_at_line(text, 1)
    }

    /// A reader over `text` that is the file's text from the start of line `line` on.
    pub fn starting_at_line(text: &'a str, line: u32) -> Reader<'a> {
        Reader {
            lexer: Lexer::starting_at_line(text, line),
            peeked: VecDeque::new(),
            taken_to: 0,
            last_at: (line, 1),
            guessed_from: None,
        }
    }

    /// How far reading has come: the byte offset just past the last token read.
    pub fn offset(&self) -> usize {
        self.taken_to
    }

    fn peek(&mut self) -> Option<&Token<'a>> {
        self.peek_nth(0)
    }

    /// The token `n` places ahead (0: the next one).
    fn peek_nth(&mut self, n: usize) -> Option<&Token<'a>> {
        while self.peeked.len() <= n {
            let t = self.lexer.next_token()?;
            self.peeked.push_back(t);
        }
        self.peeked.get(n)
    }

    fn next(&mut self) -> Option<Token<'a>> {
        self.peek();
        let t = self.peeked.pop_front()?;
        self.taken_to = t.end;
        self.last_at = (t.line, t.column);
        Some(t)
    }

    /// Reads the next game and reports it to `visitor`: `None` when the text holds no
    /// more (then stray text after the last game is reported through
    /// [`Visitor::end_text`]).
    pub fn read_game<V: Visitor>(&mut self, visitor: &mut V) -> Option<V::Output> {
        // Between games: header comments, stray tokens.
        let mut header: Vec<Token<'a>> = Vec::new();
        loop {
            let Some(t) = self.peek() else {
                for c in &header {
                    visitor.error(warning_at(
                        c,
                        RecordErrorKind::Stray,
                        "a comment after the last game belongs to no game and is left out",
                    ));
                }
                return visitor.end_text();
            };
            match t.tok {
                Tok::LBracket | Tok::Symbol(_) | Tok::MoveNumber => break,
                Tok::UnclosedComment { recovers, .. } => {
                    let t = self.next().expect("peeked");
                    self.unclosed_comment(visitor, &t, recovers);
                }
                Tok::Comment(_) | Tok::LineComment(_) => {
                    if let Some(t) = self.next() {
                        header.push(t);
                    }
                }
                _ => {
                    let t = self.next().expect("peeked");
                    visitor.error(error_at(&t, RecordErrorKind::Stray, "unexpected text between games"));
                }
            }
        }
        let first = self.peek().cloned().expect("peeked");
        visitor.begin_game(header.first().map_or(first.start, |c| c.start), &first);
        if let Some((line, column)) = self.guessed_from.take() {
            let message = format!(
                "this game's start is a guess: the comment opened at {line}:{column} is not closed, and this line starts a tag pair"
            );
            visitor.error(warning_at(&first, RecordErrorKind::Comment, &message));
        }
        for c in &header {
            match c.tok {
                Tok::Comment(raw) => visitor.header_comment(raw, true, c),
                Tok::LineComment(raw) => visitor.header_comment(raw, false, c),
                _ => {}
            }
        }
        self.read_tags(visitor);
        if visitor.begin_movetext().0 {
            self.skip_movetext();
        } else {
            self.read_movetext(visitor);
        }
        Some(visitor.end_game())
    }

    /// Reads the tag section: `[Name "value"]` pairs.
    fn read_tags<V: Visitor>(&mut self, visitor: &mut V) {
        let mut seen: HashSet<&'a str> = HashSet::new();
        while matches!(self.peek(), Some(Token { tok: Tok::LBracket, .. })) {
            // A second Variant tag starts the next game (this one had tags but
            // no movetext).
            if let Some(Token { tok: Tok::Symbol("Variant"), .. }) = self.peek_nth(1)
                && seen.contains("Variant")
            {
                break;
            }
            let Some(open) = self.next() else { break };
            let name = match self.next() {
                Some(Token { tok: Tok::Symbol(s), .. }) => s,
                other => {
                    let at = other.as_ref().unwrap_or(&open);
                    visitor.error(error_at(at, RecordErrorKind::Tag, "expected a tag name after '['"));
                    self.skip_to_bracket_end(open.line);
                    continue;
                }
            };
            let value = match self.next() {
                Some(t @ Token { tok: Tok::Str(_), .. }) => {
                    let raw = self.lexer.text().get(t.start + 1..t.end - 1).unwrap_or("");
                    if let Some(k) = unescaped_quote(raw) {
                        let column = t.column.saturating_add(1).saturating_add(u32::try_from(k).unwrap_or(u32::MAX));
                        let message = format!(
                            "a '\"' inside the value of tag {} is not escaped (write \\\"): read as part of the value",
                            shown(name)
                        );
                        visitor.error(RecordError::new(
                            t.line,
                            column,
                            RecordErrorKind::Tag,
                            &message,
                            Severity::Warning,
                        ));
                    }
                    match t.tok {
                        Tok::Str(s) => s,
                        _ => unreachable!("matched above"),
                    }
                }
                Some(t @ Token { tok: Tok::UnclosedStr, .. }) => {
                    let message = format!("the value of tag {} is not closed with '\"'", shown(name));
                    visitor.error(error_at(&t, RecordErrorKind::Tag, &message));
                    self.skip_to_bracket_end(open.line);
                    continue;
                }
                other => {
                    let message = format!("expected a quoted value for tag {}", shown(name));
                    visitor.error(error_at(other.as_ref().unwrap_or(&open), RecordErrorKind::Tag, &message));
                    self.skip_to_bracket_end(open.line);
                    continue;
                }
            };
            if matches!(self.peek(), Some(Token { tok: Tok::RBracket, .. })) {
                self.next();
            } else {
                let at = self.peek().cloned().unwrap_or_else(|| open.clone());
                let message = format!("expected ']' to close tag {}", shown(name));
                visitor.error(error_at(&at, RecordErrorKind::Tag, &message));
                self.skip_to_bracket_end(open.line);
            }
            if !seen.insert(name) {
                let message = format!("duplicate tag {}: the last value is kept", shown(name));
                visitor.error(warning_at(&open, RecordErrorKind::Tag, &message));
            }
            visitor.tag(name, &value, &open);
        }
    }

    /// Reports a `{` comment that is not closed; when it stopped at a line that starts a
    /// tag pair, the next game is reported as starting there by a guess.
    fn unclosed_comment<V: Visitor>(&mut self, visitor: &mut V, at: &Token<'a>, recovers: bool) {
        visitor.error(error_at(at, RecordErrorKind::Comment, "comment not closed with '}'"));
        if recovers {
            self.guessed_from = Some((at.line, at.column));
        }
    }

    /// Skips the rest of a broken tag: up to a `]` on the same line.
    fn skip_to_bracket_end(&mut self, line: u32) {
        while let Some(t) = self.peek() {
            if t.line != line {
                return;
            }
            if self.next().is_some_and(|t| t.tok == Tok::RBracket) {
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

    /// Skips a variation nested too deep, its `(` taken: up to its `)` (taken), or up
    /// to a result marker or the next game's tags (not taken).
    fn skip_variation(&mut self) {
        let mut depth = 1usize;
        while let Some(t) = self.peek() {
            match t.tok {
                Tok::LBracket | Tok::Result(_) => return,
                Tok::LParen => depth += 1,
                Tok::RParen => {
                    depth -= 1;
                    if depth == 0 {
                        self.next();
                        return;
                    }
                }
                _ => {}
            }
            self.next();
        }
    }

    /// Reports a move word, with an `out` word right after it and its glyphs.
    fn san<V: Visitor>(&mut self, visitor: &mut V, token: &Token<'a>, word: &'a str) {
        let (body, glyph) = split_glyph(word);
        if body.eq_ignore_ascii_case("out") {
            visitor.out(token);
            self.glyph(visitor, token, glyph);
            return;
        }
        let mut san =
            SanToken { text: body, out: false, range: token.start..token.end, line: token.line, column: token.column };
        let mut out_glyph = None;
        if let Some(Token { tok: Tok::Symbol(next), .. }) = self.peek() {
            let (next_body, next_glyph) = split_glyph(next);
            if next_body.eq_ignore_ascii_case("out") {
                let out = self.next().expect("peeked");
                san.out = true;
                san.range.end = out.end;
                out_glyph = Some((out, next_glyph));
            }
        }
        visitor.san(&san);
        self.glyph(visitor, token, glyph);
        if let Some((out, glyph)) = out_glyph {
            self.glyph(visitor, &out, glyph);
        }
    }

    /// Reports a glyph glued to a word as a NAG, or as an error when it is none.
    fn glyph<V: Visitor>(&mut self, visitor: &mut V, token: &Token<'a>, glyph: Option<&str>) {
        let Some(glyph) = glyph else { return };
        match Nag::from_glyph(glyph) {
            Some(nag) => visitor.nag(nag, token),
            None => visitor.error(error_at(
                token,
                RecordErrorKind::Annotation,
                &format!("'{}' is not a move annotation", shown(glyph)),
            )),
        }
    }

    /// Reads movetext up to and including its result marker, or up to the next game's
    /// tags or the end of the text.
    fn read_movetext<V: Visitor>(&mut self, visitor: &mut V) {
        let mut depth = 0usize;
        let mut last: Option<Token<'a>> = None;
        loop {
            let Some(token) = self.peek().cloned() else {
                // At the game's last token (its last tag when it has no movetext).
                let (line, column) = last.map_or(self.last_at, |t| (t.line, t.column));
                let at = Token { tok: Tok::MoveNumber, line, column, start: 0, end: 0 };
                visitor.error(warning_at(
                    &at,
                    RecordErrorKind::Result,
                    "the game ends without a result token (1-0, 0-1, 1/2-1/2 or *)",
                ));
                return;
            };
            if token.tok == Tok::LBracket {
                visitor.error(warning_at(
                    &token,
                    RecordErrorKind::Result,
                    "a new game starts before this one's result token",
                ));
                return;
            }
            self.next();
            match &token.tok {
                Tok::Symbol(word) => self.san(visitor, &token, word),
                Tok::MoveNumber => {}
                Tok::Nag(n) => visitor.nag(Nag(*n), &token),
                Tok::BadNag(text) => visitor.error(warning_at(
                    &token,
                    RecordErrorKind::Annotation,
                    &format!("'{}' is not a NAG ($0 to $255, ! ? !! ?? !? ?!)", shown(text)),
                )),
                Tok::Comment(raw) => visitor.comment(raw, true, &token),
                Tok::LineComment(raw) => visitor.comment(raw, false, &token),
                Tok::UnclosedComment { raw, recovers } => {
                    visitor.comment(raw, true, &token);
                    self.unclosed_comment(visitor, &token, *recovers);
                    return;
                }
                Tok::LParen => {
                    if depth >= MAX_VARIATION_DEPTH {
                        visitor.error(error_at(
                            &token,
                            RecordErrorKind::Variation,
                            &format!("variations nested more than {MAX_VARIATION_DEPTH} deep"),
                        ));
                        self.skip_variation();
                    } else {
                        depth += 1;
                        visitor.begin_variation(&token);
                    }
                }
                Tok::RParen => {
                    if depth == 0 {
                        visitor.error(error_at(&token, RecordErrorKind::Variation, "')' without a matching '('"));
                    } else {
                        depth -= 1;
                        visitor.end_variation(&token);
                    }
                }
                Tok::Result(r) => {
                    if depth > 0 {
                        visitor.error(error_at(
                            &token,
                            RecordErrorKind::Variation,
                            &format!("{depth} variation(s) not closed with ')'"),
                        ));
                    }
                    visitor.outcome(*r, &token);
                    return;
                }
                Tok::Str(_) | Tok::UnclosedStr => {
                    visitor.error(error_at(&token, RecordErrorKind::Stray, "a quoted string outside a tag"));
                }
                Tok::RBracket => visitor.error(error_at(&token, RecordErrorKind::Stray, "']' outside a tag")),
                Tok::Unknown(text) => {
                    visitor.error(error_at(&token, RecordErrorKind::Stray, &format!("unexpected '{}'", shown(text))))
                }
                Tok::LBracket => unreachable!("handled above"),
            }
            last = Some(token);
        }
    }
}

/// The tag pairs (name, value, escapes undone) of the first game of `text`, in the
/// order written; its movetext is skipped, not read. What the games list's filter
/// searches in a game held as its text (`chapter:`, `annotator:`, any tag).
pub fn read_tags(text: &str) -> Vec<(String, String)> {
    struct Tags(Vec<(String, String)>);
    impl Visitor for Tags {
        type Output = Vec<(String, String)>;
        fn error(&mut self, _: RecordError) {}
        fn tag(&mut self, name: &str, value: &str, _: &Token<'_>) {
            self.0.push((name.to_string(), value.to_string()));
        }
        fn begin_movetext(&mut self) -> Skip {
            Skip(true)
        }
        fn end_game(&mut self) -> Self::Output {
            std::mem::take(&mut self.0)
        }
    }
    Reader::new(text).read_game(&mut Tags(Vec::new())).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::read_tags;

    #[test]
    fn the_tags_of_the_first_game_are_read_and_its_moves_skipped() {
        let text =
            "[Event \"A \\\"quoted\\\" cup\"]\n[Chapter \"Ladders\"]\n\n1. junk ) ( {x} 1-0\n\n[Event \"Second\"]\n*";
        assert_eq!(
            read_tags(text),
            vec![("Event".to_string(), "A \"quoted\" cup".to_string()), ("Chapter".to_string(), "Ladders".to_string())]
        );
        assert!(read_tags("").is_empty());
        assert!(read_tags("1. a b *").is_empty());
    }
}
