//! The lexer: the text as tokens with their byte spans, lines and columns.
//!
//! Not yet shared with the notation editor: `app/editor.rs`'s `classify` still has its
//! own byte scanner. Switching it over means making [`Lexer`] and [`Tok`] public (with
//! docs) and mapping each token to a colour class, the gaps (whitespace) as plain text.

use crate::record::game::GameResult;
use crate::record::tree::Nag;

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok {
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
pub(super) struct Token {
    pub(super) tok: Tok,
    pub(super) line: u32,
    pub(super) column: u32,
    /// Byte offsets of the token in the text: `start..end`.
    pub(super) start: usize,
    pub(super) end: usize,
}

pub(super) struct Lexer<'a> {
    text: &'a str,
    pub(super) line: u32,
    pub(super) column: u32,
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
    pub(super) fn new(text: &'a str) -> Lexer<'a> {
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

    pub(super) fn next_token(&mut self) -> Option<Token> {
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
