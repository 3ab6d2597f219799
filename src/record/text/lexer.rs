//! The lexer: the text as tokens with their byte spans, lines and columns.
//!
//! One lexer for everything that reads record text: the reader, and the notation
//! editor's colouring (each token is one colour class; the gaps between tokens are
//! whitespace, `%` escape lines and byte order marks).

use crate::record::game::GameResult;
use crate::record::tree::Nag;

/// What a token is.
#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    /// `[`, opening a tag pair.
    LBracket,
    /// `]`, closing a tag pair.
    RBracket,
    /// A quoted string (`"…"`), its `\"` and `\\` escapes undone.
    Str(String),
    /// A quoted string not closed on its line.
    UnclosedStr,
    /// A `{…}` comment's text (without the braces), or a `;` comment's rest of line.
    Comment(String),
    /// A `{` with no `}` after it in the whole text (the token runs to the end).
    UnclosedComment,
    /// `(`, opening a variation.
    LParen,
    /// `)`, closing a variation.
    RParen,
    /// A NAG, `$n` or a glyph (`!`, `?`, `!!`, `??`, `!?`, `?!`).
    Nag(u8),
    /// A `$` or glyph that is no NAG (`$300`, `!!!`), as written.
    BadNag(String),
    /// A word: a move, `out`, or a tag name.
    Symbol(String),
    /// A move number (`12.`, `12...`) or `...`.
    MoveNumber,
    /// A result marker: `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result(GameResult),
    /// Anything else, as written.
    Unknown(String),
}

/// A token with its place in the text.
#[derive(Clone, Debug)]
pub struct Token {
    /// What it is.
    pub tok: Tok,
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
}

/// Characters of a move word (after its first letter).
fn is_symbol_char(c: char) -> bool {
    c.is_alphanumeric() || "_+#=:-/!?.".contains(c)
}

/// The UTF-8 byte order mark; skipped wherever it stands between tokens (files joined
/// with `cat` have one at the start of each game).
const BOM: char = '\u{feff}';

impl<'a> Lexer<'a> {
    /// A lexer at the start of `text`.
    pub fn new(text: &'a str) -> Lexer<'a> {
        Lexer { text, line: 1, column: 1, offset: 0 }
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

    fn take_while(&mut self, first: char, keep: impl Fn(char) -> bool) -> String {
        let mut s = String::from(first);
        while let Some(c) = self.peek_char() {
            if !keep(c) {
                break;
            }
            s.push(c);
            self.bump();
        }
        s
    }

    /// The rest of the line (without its line ending), taken.
    fn rest_of_line(&mut self) -> String {
        let rest = &self.text[self.offset..];
        let len = rest.find(['\n', '\r']).unwrap_or(rest.len());
        let s = rest[..len].to_string();
        self.column += u32::try_from(s.chars().count()).unwrap_or(u32::MAX);
        self.offset += len;
        s
    }

    /// The next token, or `None` at the end of the text.
    pub fn next_token(&mut self) -> Option<Token> {
        loop {
            let (line, column, start) = (self.line, self.column, self.offset);
            let c = self.bump()?;
            let tok = match c {
                c if c.is_whitespace() || c == BOM => continue,
                ';' => Tok::Comment(self.rest_of_line()),
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
                    self.take_while('.', |c| c == '.');
                    Tok::MoveNumber
                }
                '"' => {
                    let mut s = String::new();
                    let mut closed = false;
                    while let Some(c) = self.peek_char() {
                        if c == '\n' || c == '\r' {
                            break;
                        }
                        self.bump();
                        match c {
                            '"' => {
                                closed = true;
                                break;
                            }
                            '\\' => {
                                if let Some(n) = self.peek_char()
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
                    let rest = &self.text[self.offset..];
                    match rest.find('}') {
                        Some(len) => {
                            let s = rest[..len].to_string();
                            while self.offset < start + 1 + len + 1 {
                                self.bump();
                            }
                            Tok::Comment(s)
                        }
                        None => {
                            while self.bump().is_some() {}
                            Tok::UnclosedComment
                        }
                    }
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
                    if s.chars().all(|c| c.is_ascii_digit()) && self.peek_char().is_some_and(char::is_alphabetic) {
                        // Digits glued to a word (`6d6d`): one token, a move to be read.
                        let mut word = s;
                        word.push_str(&self.take_while(' ', is_symbol_char)[1..]);
                        Tok::Symbol(word)
                    } else if let Some(r) = GameResult::from_token(&s) {
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

impl Iterator for Lexer<'_> {
    type Item = Token;

    fn next(&mut self) -> Option<Token> {
        self.next_token()
    }
}
