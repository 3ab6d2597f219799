//! The lexer: the text as tokens with their byte spans, lines and columns.
//!
//! One lexer for everything that reads record text: the reader, and the notation
//! editor's colouring (each token is one colour class; the gaps between tokens are
//! whitespace, `%` escape lines and byte order marks).

use std::borrow::Cow;

use crate::record::game::GameResult;
use crate::record::tree::Nag;

/// What a token is. Texts borrow from the text read.
#[derive(Clone, Debug, PartialEq)]
pub enum Tok<'a> {
    /// `[`, opening a tag pair.
    LBracket,
    /// `]`, closing a tag pair.
    RBracket,
    /// A quoted string (`"…"`), its `\"` and `\\` escapes undone.
    Str(Cow<'a, str>),
    /// A quoted string not closed on its line.
    UnclosedStr,
    /// A `{…}` comment's text as written (without the braces; its escapes `\}`, `\\`
    /// and `[\%` are undone by [`unescape_comment`]).
    Comment(&'a str),
    /// A `;` comment: the rest of its line, as written.
    LineComment(&'a str),
    /// A `{` with no `}` before the end of the text, or none before the next game's
    /// comments (see [`Lexer`]): its text as written, up to the end or to the first
    /// line inside it that starts a tag pair (`[Name "…`), where the token stops so that
    /// the next game is read. `recovers`: it stopped at such a line.
    UnclosedComment {
        /// The comment's text as written, without the `{`.
        raw: &'a str,
        /// It stopped at a line that starts a tag pair, where the next game is guessed
        /// to start.
        recovers: bool,
    },
    /// `(`, opening a variation.
    LParen,
    /// `)`, closing a variation.
    RParen,
    /// A NAG, `$n` or a glyph (`!`, `?`, `!!`, `??`, `!?`, `?!`).
    Nag(u8),
    /// A `$` or glyph that is no NAG (`$300`, `!!!`), as written.
    BadNag(&'a str),
    /// A word: a move, `out`, or a tag name.
    Symbol(&'a str),
    /// A move number (`12.`, `12...`) or `...`.
    MoveNumber,
    /// A result marker: `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result(GameResult),
    /// Anything else, as written.
    Unknown(&'a str),
}

/// A token with its place in the text.
#[derive(Clone, Debug)]
pub struct Token<'a> {
    /// What it is.
    pub tok: Tok<'a>,
    /// 1-based line of its first character (lines end at `\n`, `\r\n` or `\r`).
    pub line: u32,
    /// 1-based column of its first character, in characters.
    pub column: u32,
    /// Byte offset of its first character.
    pub start: usize,
    /// Byte offset just past its last character.
    pub end: usize,
}

/// Splits a record text into [`Token`]s, in order; never panics, whatever the text.
pub struct Lexer<'a> {
    text: &'a str,
    line: u32,
    column: u32,
    offset: usize,
    /// Strings starting before this byte have no `"` then `]` after them on their line
    /// (found by an earlier search, which is not repeated: lines of many quotes stay
    /// linear).
    no_tag_close_before: usize,
}

/// Characters of a move word (after its first letter).
fn is_symbol_char(c: char) -> bool {
    c.is_alphanumeric() || "_+#=:-/!?.".contains(c)
}

/// Whether `name` reads back as one word, so it can be a tag name: ASCII digits, if
/// any, then a letter, then letters, digits and `_+#=:-/!?.` (`Event`, `9lives`,
/// `20x27`; not `12`, not `9-lives`). It is exactly what the lexer reads as one word
/// after `[`, so every reader and writer of tags keeps the one rule, and a name
/// accepted anywhere is written and read back unchanged.
pub fn is_tag_name(name: &str) -> bool {
    let rest = name.trim_start_matches(|c: char| c.is_ascii_digit());
    let mut chars = rest.chars();
    chars.next().is_some_and(char::is_alphabetic) && chars.all(is_symbol_char)
}

/// Where the first tag pair named `name` stands in `text`: the line and column of its
/// `[` (1-based, columns in characters), or `None` when there is none. Linear in the
/// text up to it.
pub fn tag_place(text: &str, name: &str) -> Option<(u32, u32)> {
    let mut lexer = Lexer::new(text);
    let mut open: Option<(u32, u32)> = None;
    while let Some(t) = lexer.next_token() {
        match t.tok {
            Tok::Symbol(s) if s == name && open.is_some() => return open,
            Tok::LBracket => open = Some((t.line, t.column)),
            _ => open = None,
        }
    }
    None
}

/// Whether `text` starts like a tag pair: `[`, an ASCII letter, word characters, blanks,
/// then `"`.
fn starts_tag_pair(text: &str) -> bool {
    let b = text.as_bytes();
    if b.first() != Some(&b'[') || !b.get(1).is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    let mut i = 2;
    while b.get(i).is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'_') {
        i += 1;
    }
    let name_end = i;
    while b.get(i).is_some_and(|&c| c == b' ' || c == b'\t') {
        i += 1;
    }
    i > name_end && b.get(i) == Some(&b'"')
}

/// Where a `{` comment starting at `text` ends: `Ok(n)` when `text[n]` is its `}` (a
/// `}` after a backslash is escaped), `Err(n)` when it is not closed, `n` being where
/// it stops.
///
/// A comment ends at its `}`, whatever lines that look like tags it holds. It is taken
/// as not closed when the text ends first, or when a `{` comes after a line that starts
/// a tag pair (comments do not nest, so that `{` opens a comment of the next game, and
/// the `}` found later closes that one): it then stops at the start of that tag line,
/// or at the end of the text when there is none. Each byte is looked at a bounded
/// number of times, so reading stays linear.
fn comment_end(text: &str) -> Result<usize, usize> {
    let b = text.as_bytes();
    let mut tag_line = None;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'}' => return Ok(i),
            b'\\' if matches!(b.get(i + 1), Some(b'}' | b'\\')) => i += 1,
            b'{' if tag_line.is_some() => break,
            b'\n' | b'\r' if tag_line.is_none() && starts_tag_pair(&text[i + 1..]) => tag_line = Some(i + 1),
            _ => {}
        }
        i += 1;
    }
    Err(tag_line.unwrap_or(b.len()))
}

/// A `{` comment's text with the writer's escapes undone: `\}` is `}`, `\\` is `\`,
/// `[\%` is `[%`; any other backslash stays as written.
pub fn unescape_comment(raw: &str) -> Cow<'_, str> {
    if !raw.contains('\\') {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(k) = rest.find('\\') {
        let (before, after) = rest.split_at(k);
        match after.as_bytes().get(1) {
            Some(b'}' | b'\\') => {
                out.push_str(before);
                out.push_str(&after[1..2]);
                rest = &after[2..];
            }
            Some(b'%') if before.ends_with('[') => {
                out.push_str(before);
                out.push('%');
                rest = &after[2..];
            }
            _ => {
                out.push_str(before);
                out.push('\\');
                rest = &after[1..];
            }
        }
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// A comment's text as the writer puts it between `{` and `}`: `\` doubled, `}` as
/// `\}`, and `[%` as `[\%` where the reader would take it for a board mark command
/// (`[%csl …]`, `[%cal …]`) or for the start of one running into the marks written
/// after the text (a `[%` with no `]` after it). Other commands (`[%clk 0:01]`) stay.
pub fn escape_comment(text: &str) -> Cow<'_, str> {
    if !text.contains(['\\', '}']) && !text.contains("[%") {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for (k, c) in text.char_indices() {
        match c {
            '\\' => out.push_str("\\\\"),
            '}' => out.push_str("\\}"),
            '%' if text[..k].ends_with('[') && {
                // A board mark command, or a `[%` with no `]` after it, which would
                // swallow the marks written after the text.
                let after = &text[k + 1..];
                super::marks::is_mark_command(after) || !after.contains(']')
            } =>
            {
                out.push_str("\\%");
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// The UTF-8 byte order mark; skipped wherever it stands between tokens (files joined
/// with `cat` have one at the start of each game).
const BOM: char = '\u{feff}';

impl<'a> Lexer<'a> {
    /// A lexer at the start of `text`.
    pub fn new(text: &'a str) -> Lexer<'a> {
        Lexer::starting_at_line(text, 1)
    }

    /// A lexer over `text` that is the file's text from the start of line `line` on
    /// (places are given as the file's).
    pub fn starting_at_line(text: &'a str, line: u32) -> Lexer<'a> {
        Lexer { text, line, column: 1, offset: 0, no_tag_close_before: 0 }
    }

    fn peek_char(&self) -> Option<char> {
        self.text[self.offset..].chars().next()
    }

    /// Takes one character. A line ends at `\n`, `\r\n` or a lone `\r`, so every
    /// line-ending convention reports the same line and column.
    fn bump(&mut self) -> Option<char> {
        let c = self.peek_char()?;
        self.offset += c.len_utf8();
        match c {
            '\r' if self.peek_char() == Some('\n') => {}
            '\n' | '\r' => {
                self.line += 1;
                self.column = 1;
            }
            _ => self.column += 1,
        }
        Some(c)
    }

    /// Takes the characters that `keep` accepts; returns the text from `start` (the
    /// token's first byte) to here.
    fn take_while(&mut self, start: usize, keep: impl Fn(char) -> bool) -> &'a str {
        while let Some(c) = self.peek_char() {
            if !keep(c) {
                break;
            }
            self.bump();
        }
        &self.text[start..self.offset]
    }

    /// The rest of the line (without its line ending), taken.
    fn rest_of_line(&mut self) -> &'a str {
        let rest = &self.text[self.offset..];
        let len = rest.find(['\n', '\r']).unwrap_or(rest.len());
        let s = &rest[..len];
        self.column += u32::try_from(s.chars().count()).unwrap_or(u32::MAX);
        self.offset += len;
        s
    }

    /// Moves to byte `to` (at a character boundary after the current offset), counting
    /// lines and columns.
    fn skip_to(&mut self, to: usize) {
        while self.offset < to && self.bump().is_some() {}
    }

    /// The next token, or `None` at the end of the text.
    pub fn next_token(&mut self) -> Option<Token<'a>> {
        loop {
            let (line, column, start) = (self.line, self.column, self.offset);
            let c = self.bump()?;
            let tok = match c {
                c if c.is_whitespace() || c == BOM => continue,
                ';' => Tok::LineComment(self.rest_of_line()),
                '%' if column == 1 => {
                    self.rest_of_line();
                    continue;
                }
                '[' => Tok::LBracket,
                ']' => Tok::RBracket,
                '(' => Tok::LParen,
                ')' => Tok::RParen,
                '*' => Tok::Result(GameResult::Unknown),
                '.' => {
                    // `...` before the second player's move (`1. ... NN-23`).
                    self.take_while(start, |c| c == '.');
                    Tok::MoveNumber
                }
                '"' => self.string(),
                '{' => {
                    let body = self.offset;
                    match comment_end(&self.text[body..]) {
                        Ok(len) => {
                            self.skip_to(body + len + 1);
                            Tok::Comment(&self.text[body..body + len])
                        }
                        Err(len) => {
                            self.skip_to(body + len);
                            Tok::UnclosedComment {
                                raw: &self.text[body..body + len],
                                recovers: body + len < self.text.len(),
                            }
                        }
                    }
                }
                '$' => {
                    let digits = self.take_while(start, |c| c.is_ascii_digit());
                    match digits[1..].parse::<u8>() {
                        Ok(n) => Tok::Nag(n),
                        Err(_) => Tok::BadNag(digits),
                    }
                }
                '!' | '?' => {
                    let glyph = self.take_while(start, |c| c == '!' || c == '?');
                    match Nag::from_glyph(glyph) {
                        Some(n) => Tok::Nag(n.0),
                        None => Tok::BadNag(glyph),
                    }
                }
                c if c.is_ascii_digit() => {
                    let s = self.take_while(start, |c| c.is_ascii_digit() || c == '.' || c == '-' || c == '/');
                    if s.bytes().all(|c| c.is_ascii_digit()) && self.peek_char().is_some_and(char::is_alphabetic) {
                        // Digits glued to a word (`6d6d`): one token, a move to be read.
                        Tok::Symbol(self.take_while(start, is_symbol_char))
                    } else if let Some(r) = GameResult::from_token(s) {
                        Tok::Result(r)
                    } else if s.trim_end_matches('.').bytes().all(|c| c.is_ascii_digit()) {
                        Tok::MoveNumber
                    } else if is_numbered_step(s) {
                        // A step in cell numbers, as PDN writes draughts (`33-28`),
                        // with its glyph (`33-28!`).
                        Tok::Symbol(self.take_while(start, |c| c == '!' || c == '?'))
                    } else {
                        Tok::Unknown(s)
                    }
                }
                c if c.is_alphabetic() => Tok::Symbol(self.take_while(start, is_symbol_char)),
                _ => Tok::Unknown(&self.text[start..self.offset]),
            };
            return Some(Token { tok, line, column, start, end: self.offset });
        }
    }
}

/// Whether `s` is cell numbers joined by single `-` (`33-28`): a draughts step. Results
/// (`1-0`) are matched before this.
fn is_numbered_step(s: &str) -> bool {
    let mut parts = s.split('-');
    let ok = |p: &str| !p.is_empty() && p.len() <= 3 && p.bytes().all(|c| c.is_ascii_digit());
    parts.clone().count() >= 2 && parts.all(ok)
}

impl<'a> Lexer<'a> {
    /// A quoted string, the opening `"` taken: up to its closing `"` on the same line.
    ///
    /// A value with quotes that are not escaped (`[Event "The "big" one"]`) is read
    /// whole: the string ends at the first `"` followed by blanks and `]`, when the line
    /// has one, and otherwise at the first `"`. The reader reports the quotes inside
    /// (see [`unescaped_quote`]).
    fn string(&mut self) -> Tok<'a> {
        let body = self.offset;
        let b = self.text.as_bytes();
        // A line searched to its end without finding `"` then `]` is not searched again.
        let search = body >= self.no_tag_close_before;
        let (mut first, mut close) = (None, None);
        let mut i = body;
        while i < b.len() && b[i] != b'\n' && b[i] != b'\r' {
            match b[i] {
                b'\\' if matches!(b.get(i + 1), Some(b'"' | b'\\')) => i += 1,
                b'"' => {
                    first = first.or(Some(i));
                    if !search {
                        break;
                    }
                    let mut j = i + 1;
                    while matches!(b.get(j), Some(b' ' | b'\t')) {
                        j += 1;
                    }
                    if b.get(j) == Some(&b']') {
                        close = Some(i);
                        break;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        if search && close.is_none() {
            self.no_tag_close_before = i;
        }
        let Some(end) = close.or(first) else {
            self.skip_to(i);
            return Tok::UnclosedStr;
        };
        self.skip_to(end + 1);
        let raw = &self.text[body..end];
        Tok::Str(if raw.contains('\\') { Cow::Owned(unescape_string(raw)) } else { Cow::Borrowed(raw) })
    }

    /// The text being read.
    pub fn text(&self) -> &'a str {
        self.text
    }
}

/// Where a quoted string's text as written (between its quotes) has a `"` that is not
/// escaped: its character index, or `None`.
pub fn unescaped_quote(raw: &str) -> Option<usize> {
    let mut chars = raw.chars().peekable();
    let mut k = 0;
    while let Some(c) = chars.next() {
        match c {
            '\\' if matches!(chars.peek(), Some('"' | '\\')) => {
                chars.next();
                k += 1;
            }
            '"' => return Some(k),
            _ => {}
        }
        k += 1;
    }
    None
}

/// A quoted string's text with `\"` and `\\` undone (any other backslash kept).
fn unescape_string(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\'
            && let Some(&n) = chars.peek()
            && (n == '"' || n == '\\')
        {
            chars.next();
            out.push(n);
        } else {
            out.push(c);
        }
    }
    out
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        self.next_token()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_steps_and_captures_are_moves_and_results_stay_results() {
        let toks: Vec<Tok> = Lexer::new("1. 33-28 17-21 2. 5x20x36 1-0 12-3-4 1-").map(|t| t.tok).collect();
        assert_eq!(toks[0], Tok::MoveNumber);
        assert_eq!(toks[1], Tok::Symbol("33-28"));
        assert_eq!(toks[2], Tok::Symbol("17-21"));
        assert_eq!(toks[4], Tok::Symbol("5x20x36"));
        assert_eq!(toks[5], Tok::Result(GameResult::FirstPlayerWins));
        assert_eq!(toks[6], Tok::Symbol("12-3-4"), "read as a move, rejected by the game");
        assert!(matches!(toks[7], Tok::Unknown("1-")));
    }
}
