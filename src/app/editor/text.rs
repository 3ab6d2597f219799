//! The notation editor's text: where things are in it (bytes, characters, lines, the
//! move under the caret, errors placed) and how it is coloured and laid out (tokens
//! from the record lexer, per-paragraph layout kept between frames).

use std::collections::HashMap;
use std::hash::Hasher;
use std::ops::Range;
use std::sync::Arc;

use egui::text::{ByteIndex, LayoutJob, LayoutSection, TextFormat, TextWrapping};
use egui::{Color32, FontId, Galley, Stroke};

use crate::record::{Lexer, MoveSpan, NodeId, RecordError, Tok};

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

pub(super) fn error_color() -> Color32 {
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
/// Lines end at `\n`, `\r\n` or a lone `\r`, as the reader counts them.
pub fn locate(text: &str, error: &RecordError) -> TextError {
    locate_in(text, &line_starts(text), error)
}

/// Places every error of a reading in the text (see [`locate`]), the text scanned once
/// for all of them.
pub fn locate_all(text: &str, errors: &[RecordError]) -> Vec<TextError> {
    if errors.is_empty() {
        return Vec::new();
    }
    let starts = line_starts(text);
    errors.iter().map(|e| locate_in(text, &starts, e)).collect()
}

/// The byte offset where each line starts (lines end at `\n`, `\r\n` or a lone `\r`).
pub(super) fn line_starts(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut starts = vec![0];
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
            starts.push(i + 1);
        }
    }
    starts
}

pub(super) fn locate_in(text: &str, line_starts: &[usize], error: &RecordError) -> TextError {
    let mut start = text.len();
    let line_start = (error.line as usize).checked_sub(1).and_then(|l| line_starts.get(l)).copied();
    if let Some(line_start) = line_start {
        for ((i, c), column) in text[line_start..].char_indices().zip(1u32..) {
            if column == error.column || c == '\n' || c == '\r' {
                start = line_start + i;
                break;
            }
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

/// Text typed after the game's result marker (`1-0`, `0-1`, `1/2-1/2`, `*`) is more of
/// the game, not a second one: the marker moves to the end, after what was typed. Given
/// the text and the caret (in characters), the text with the marker moved and the
/// caret's new place (in characters, still after the character just typed); `None`
/// when nothing follows the marker, the caret is before it, or a new game's tags follow
/// (a second game typed on purpose).
pub fn result_marker_moved(text: &str, caret: usize) -> Option<(String, usize)> {
    let tokens = classify(text);
    let mut depth = 0i32;
    let mut marker = None;
    for (range, class) in &tokens {
        match class {
            Class::Variation => depth += if &text[range.clone()] == "(" { 1 } else { -1 },
            Class::Result if depth <= 0 => {
                marker = Some(range.clone());
                break;
            }
            _ => {}
        }
    }
    let marker = marker?;
    let after = &text[marker.end..];
    if after.trim().is_empty() || tokens.iter().any(|(r, c)| r.start >= marker.end && *c == Class::Tag) {
        return None;
    }
    let caret_byte = char_to_byte(text, caret);
    if caret_byte < marker.end {
        return None;
    }
    let before = text[..marker.start].trim_end();
    let typed = after.trim();
    let lead = after.len() - after.trim_start().len();
    let gap = if before.is_empty() { "" } else { " " };
    let moved = format!("{before}{gap}{typed} {}\n", &text[marker.clone()]);
    let within = (caret_byte - marker.end).saturating_sub(lead).min(typed.len());
    let caret = byte_to_char(&moved, before.len() + gap.len() + within);
    Some((moved, caret))
}

/// What a stretch of the text is, for colouring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

/// Splits `text` into coloured stretches: `(byte range, class)`, covering the text in
/// order. The stretches are the record lexer's tokens ([`Lexer`], the reader's own), one
/// class a token (a move's annotation glyph, `PQ-33!?`, is a NAG as the reader reads
/// it; the words of a tag pair are the tag's); the gaps between tokens are plain.
pub fn classify(text: &str) -> Vec<(Range<usize>, Class)> {
    let mut out: Vec<(Range<usize>, Class)> = Vec::new();
    let mut push = |range: Range<usize>, class: Class| {
        if range.is_empty() {
            return;
        }
        if let Some(last) = out.last_mut()
            && last.1 == class
            && last.0.end == range.start
        {
            last.0.end = range.end;
            return;
        }
        out.push((range, class));
    };
    let mut at = 0;
    // The line of the open tag pair's `[`: its words are the tag's.
    let mut tag_line = None;
    for token in Lexer::new(text) {
        push(at..token.start, Class::Plain);
        at = token.end;
        if tag_line.is_some_and(|line| line != token.line) {
            tag_line = None;
        }
        let class = match &token.tok {
            Tok::LBracket => {
                tag_line = Some(token.line);
                Class::Tag
            }
            Tok::RBracket => {
                tag_line = None;
                Class::Tag
            }
            Tok::Str(_) | Tok::UnclosedStr => Class::Tag,
            Tok::Symbol(_) if tag_line.is_some() => Class::Tag,
            Tok::Symbol(_) => {
                let word = &text[token.start..token.end];
                let body = token.start + word.trim_end_matches(['!', '?']).len();
                push(token.start..body, Class::Move);
                push(body..token.end, Class::Nag);
                continue;
            }
            Tok::Comment(_) | Tok::LineComment(_) | Tok::UnclosedComment { .. } => Class::Comment,
            Tok::LParen | Tok::RParen => Class::Variation,
            Tok::Nag(_) | Tok::BadNag(_) => Class::Nag,
            Tok::MoveNumber => Class::MoveNumber,
            Tok::Result(_) => Class::Result,
            Tok::Unknown(_) => Class::Plain,
        };
        push(token.start..token.end, class);
    }
    push(at..text.len(), Class::Plain);
    out
}

/// The text's coloured stretches cut where errors begin and end: `(byte range, class,
/// underlined)`, covering the text in order, on character boundaries.
pub(super) fn styled_runs(text: &str, errors: &[TextError]) -> Vec<(Range<usize>, Class, bool)> {
    // The underlined bytes as sorted, disjoint ranges.
    let boundary = |mut i: usize| {
        i = i.min(text.len());
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let mut marked: Vec<Range<usize>> =
        errors.iter().map(|e| boundary(e.range.start)..boundary(e.range.end)).filter(|r| !r.is_empty()).collect();
    marked.sort_unstable_by_key(|r| r.start);
    let mut merged: Vec<Range<usize>> = Vec::with_capacity(marked.len());
    for r in marked {
        match merged.last_mut() {
            Some(last) if r.start <= last.end => last.end = last.end.max(r.end),
            _ => merged.push(r),
        }
    }
    let mut out = Vec::new();
    let mut m = 0;
    for (range, class) in classify(text) {
        let mut at = range.start;
        while at < range.end {
            while m < merged.len() && merged[m].end <= at {
                m += 1;
            }
            let (end, underlined) = match merged.get(m) {
                Some(r) if r.start <= at => (r.end.min(range.end), true),
                Some(r) => (r.start.min(range.end), false),
                None => (range.end, false),
            };
            out.push((at..end, class, underlined));
            at = end;
        }
    }
    out
}

/// The font of the editor's text.
pub(super) fn editor_font() -> FontId {
    FontId::monospace(13.0)
}

/// How a stretch of `class` looks (underlined: it holds an error).
pub(super) fn text_format(class: Class, underlined: bool, dark: bool) -> TextFormat {
    let color = match (class, dark) {
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
    };
    let mut format = TextFormat::simple(editor_font(), color);
    format.italics = class == Class::Comment;
    if underlined {
        format.underline = Stroke::new(2.0, error_color());
        format.background = error_color().gamma_multiply(0.18);
    }
    format
}

/// One layout section.
pub(super) fn section(range: Range<usize>, format: TextFormat) -> LayoutSection {
    LayoutSection { leading_space: 0.0, byte_range: ByteIndex(range.start)..ByteIndex(range.end), format }
}

/// The colouring of `text` as a layout job: classes as colours, errors underlined.
pub fn highlight(text: &str, errors: &[TextError], dark: bool) -> LayoutJob {
    let sections =
        styled_runs(text, errors).into_iter().map(|(range, class, bad)| section(range, text_format(class, bad, dark)));
    LayoutJob { text: text.to_string(), sections: sections.collect(), ..LayoutJob::default() }
}

/// The paragraphs of `text`: the byte ranges between line breaks (`\n`, not included,
/// except a last one, which ends the last paragraph), as egui's own layout splits them.
/// At least one, so an empty text has its (empty) row.
pub(super) fn paragraphs(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    while start < text.len() {
        let mut end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        if end + 1 == text.len() {
            end += 1;
        }
        out.push(start..end);
        start = end + 1;
    }
    if out.is_empty() {
        out.push(0..0);
    }
    out
}

/// A stretch of a paragraph: byte range (in the paragraph), class, underlined.
pub(super) type Piece = (Range<usize>, Class, bool);

/// A paragraph laid out: its colouring and its galley (which holds its text).
pub(super) struct Paragraph {
    pieces: Vec<Piece>,
    galley: Arc<Galley>,
}

/// A quick hasher (FxHash's mixing) for keying paragraphs; a hit is checked against the
/// paragraph's text and colouring, so a collision only costs a layout.
#[derive(Default)]
pub(super) struct QuickHasher(u64);

impl QuickHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for QuickHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let mut word = [0u8; 8];
        word[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
        self.add(u64::from_le_bytes(word) ^ ((bytes.len() as u64) << 56));
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The editor's text, coloured and laid out, kept between frames.
///
/// A frame whose text, errors, theme, width and scale are those of the last one gets the
/// same galley back (one comparison of the text, no hashing and no layout). When
/// something changed, the text is lexed again (linear and quick) and cut into
/// paragraphs; a paragraph whose text and colouring are those of a paragraph laid out
/// before reuses its galley, so an edit lays out only the paragraphs it changed, and the
/// galleys are joined (egui's `Galley::concat`, which shares the rows).
#[derive(Default)]
pub(super) struct TextLayout {
    /// The text of `galley`.
    text: String,
    /// The underlined ranges of `galley`.
    underlined: Vec<Range<usize>>,
    /// Theme, wrap width and scale of `galley`.
    style: Option<(bool, u32, u32)>,
    /// The laid-out text.
    galley: Option<Arc<Galley>>,
    /// The galley of each paragraph of `text`, by a hash of its text and colouring.
    paragraphs: HashMap<u64, Paragraph>,
    /// Whether `text` is ASCII (then characters and bytes count alike).
    ascii: bool,
    /// How many paragraphs the last change laid out.
    pub(super) laid_out: usize,
}

impl TextLayout {
    /// The galley of `text` with `errors` underlined.
    pub(super) fn galley(
        &mut self,
        ui: &egui::Ui,
        text: &str,
        errors: &[TextError],
        dark: bool,
        wrap_width: f32,
    ) -> Arc<Galley> {
        // Wrap widths are whole points (as egui's own cache rounds them), so a width that
        // wobbles by rounding errors does not lay the text out again.
        let wrap_width = wrap_width.round();
        let pixels_per_point = ui.ctx().pixels_per_point();
        let style = Some((dark, wrap_width.to_bits(), pixels_per_point.to_bits()));
        let same_errors = self.underlined.len() == errors.len()
            && self.underlined.iter().zip(errors).all(|(range, e)| *range == e.range);
        if let Some(galley) = &self.galley
            && self.style == style
            && same_errors
            && self.text == text
        {
            return Arc::clone(galley);
        }
        if self.style != style {
            self.paragraphs.clear();
        }
        let runs = styled_runs(text, errors);
        let mut kept: HashMap<u64, Paragraph> = HashMap::with_capacity(self.paragraphs.len());
        let mut children = Vec::new();
        let mut laid_out = 0;
        let mut first_run = 0;
        for paragraph in paragraphs(text) {
            while first_run < runs.len() && runs[first_run].0.end <= paragraph.start {
                first_run += 1;
            }
            let mut pieces: Vec<Piece> = Vec::new();
            for (range, class, bad) in runs[first_run..].iter().take_while(|r| r.0.start < paragraph.end) {
                let start = range.start.max(paragraph.start) - paragraph.start;
                let end = range.end.min(paragraph.end) - paragraph.start;
                if start < end {
                    pieces.push((start..end, *class, *bad));
                }
            }
            if pieces.is_empty() {
                // An empty paragraph still has a row of the editor's font.
                pieces.push((0..0, Class::Plain, false));
            }
            let words = &text[paragraph.clone()];
            let mut hasher = QuickHasher::default();
            hasher.write(words.as_bytes());
            for (range, class, bad) in &pieces {
                hasher.add(range.start as u64);
                hasher.add(range.end as u64 ^ ((*class as u64) << 40) ^ (u64::from(*bad) << 48));
            }
            let key = hasher.finish();
            let same = |p: &Paragraph| p.galley.text() == words && p.pieces == pieces;
            let reused = match kept.get(&key) {
                Some(p) if same(p) => Some(Arc::clone(&p.galley)),
                _ => self.paragraphs.remove(&key).filter(same).map(|p| p.galley),
            };
            let galley = match reused {
                Some(galley) => galley,
                None => {
                    laid_out += 1;
                    let sections =
                        pieces.iter().map(|(r, class, bad)| section(r.clone(), text_format(*class, *bad, dark)));
                    let job = LayoutJob {
                        text: words.to_string(),
                        sections: sections.collect(),
                        wrap: TextWrapping { max_width: wrap_width, ..TextWrapping::default() },
                        ..LayoutJob::default()
                    };
                    ui.ctx().fonts_mut(|f| f.layout_job(job))
                }
            };
            children.push(Arc::clone(&galley));
            kept.insert(key, Paragraph { pieces, galley });
        }
        let whole = LayoutJob {
            text: text.to_string(),
            sections: vec![section(0..text.len(), text_format(Class::Plain, false, dark))],
            wrap: TextWrapping { max_width: wrap_width, ..TextWrapping::default() },
            ..LayoutJob::default()
        };
        let galley = Arc::new(Galley::concat(Arc::new(whole), &children, pixels_per_point));
        self.paragraphs = kept;
        self.text.clear();
        self.text.push_str(text);
        self.ascii = text.is_ascii();
        self.underlined = errors.iter().map(|e| e.range.clone()).collect();
        self.style = style;
        self.laid_out = laid_out;
        self.galley = Some(Arc::clone(&galley));
        galley
    }

    /// The byte offset of character index `chars` of `text`, the text last laid out
    /// (counted at once when it is ASCII).
    pub(super) fn char_to_byte(&self, text: &str, chars: usize) -> usize {
        if self.ascii && text.len() == self.text.len() { chars.min(text.len()) } else { char_to_byte(text, chars) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typing_after_the_result_marker_moves_the_marker() {
        // "1. a b 1-0 2" with the caret after the 2: the marker goes to the end and the
        // caret stays after the 2.
        let text = "[Variant \"Triangular\"]\n\n1. Ra1l Bd3l 1-0 2";
        let caret = text.chars().count();
        let (moved, at) = result_marker_moved(text, caret).expect("moved");
        assert_eq!(moved, "[Variant \"Triangular\"]\n\n1. Ra1l Bd3l 2 1-0\n");
        assert_eq!(&moved[..char_to_byte(&moved, at)], "[Variant \"Triangular\"]\n\n1. Ra1l Bd3l 2");
        // The next key typed there lands before the marker: nothing more to move.
        let next = format!("{}.{}", &moved[..char_to_byte(&moved, at)], &moved[char_to_byte(&moved, at)..]);
        assert_eq!(result_marker_moved(&next, at + 1), None);
        // Each result token, and an empty game.
        for marker in ["0-1", "1/2-1/2", "*"] {
            let (moved, _) = result_marker_moved(&format!("{marker} 1."), 4 + marker.len()).expect("moved");
            assert_eq!(moved, format!("1. {marker}\n"));
        }
        // A comment holding a result is no marker.
        assert_eq!(result_marker_moved("1. Ra1l {1-0 is near} Bd3l *", 5), None);
        // Nothing after the marker, the caret before it, or a second game's tags.
        assert_eq!(result_marker_moved("1. Ra1l *\n", 10), None);
        assert_eq!(result_marker_moved("1. Ra1l * 2.", 2), None);
        assert_eq!(result_marker_moved("1. Ra1l *\n\n[Event \"x\"]\n1. Ra1l", 30), None);
    }
}
