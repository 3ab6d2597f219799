//! The lexer: the text as tokens with their byte spans, lines and columns.

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
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    pub(super) line: u32,
    pub(super) column: u32,
    offset: usize,
}

fn is_symbol_char(c: char) -> bool {
    c.is_alphanumeric() || "_+#=:-/!?.".contains(c)
}

impl<'a> Lexer<'a> {
    pub(super) fn new(text: &'a str) -> Lexer<'a> {
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

    pub(super) fn next_token(&mut self) -> Option<Token> {
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
