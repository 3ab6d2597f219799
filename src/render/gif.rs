//! Animated GIFs of a game: one frame per position of a stretch of the main line (the
//! start of the stretch, then the position after each move), each drawn exactly as a
//! diagram ([`super::diagram::board_diagram`]) from the board's own scene: the last
//! move tinted, the record's study marks (`[%csl]`, `[%cal]`), optional arrows for the
//! record's variations (the better moves a game report stores) and for any arrows the
//! caller adds per frame (the engine's moves), and an optional caption with the move
//! just played and both clocks (`[%clk]`).
//!
//! The same record and options always give the same bytes: the palette holds the most
//! common colours exactly and learns the rest (NeuQuant, from `color_quant`) from a
//! fixed sample of the frames' pixels, and
//! frames are written with the `gif` crate (the encoder `image` uses) as one global
//! palette and, after the first frame, only the rectangle that changed, its unchanged
//! pixels transparent.
//!
//! Speed: the board under the pieces is the same in every frame, so it is rasterised
//! once and each frame draws only what lies above it; frames are rasterised on every
//! core. `cargo bench --bench gif` measures a 100-ply game.
//!
//! Nothing here touches the file system: [`crate::files::write_atomic_bytes`] saves the
//! bytes.
//!
//! ```
//! use orrery::core::{Game, interstellar::Position};
//! use orrery::record::{GameRecord, NodeId};
//! use orrery::render::gif::{GifOptions, record_gif};
//!
//! let mut record: GameRecord<Position> = GameRecord::new();
//! let mv = record.start.parse_move("PQ-33").unwrap();
//! record.add_move(NodeId::ROOT, mv);
//! let options = GifOptions { size_px: 120, ..GifOptions::default() };
//! let bytes = record_gif(&record, 0, None, &options)?;
//! assert!(bytes.starts_with(b"GIF89a"));
//! # Ok::<(), orrery::render::gif::GifError>(())
//! ```

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use resvg::tiny_skia::Pixmap;

use super::diagram::{Caption, DiagramOptions, SIZE_RANGE, position_diagram, record_overlay};
use super::overlay::{Arrow, MarkColor};
use super::png::{PngError, rasterize_svg_onto};
use super::scene::Scene;
use super::svg::to_svg;
use super::view::DrawGame;
use crate::core::game::{Game, GameSide};
use crate::record::annotations::{clock_text, command_value, parse_clock};
use crate::record::{GameRecord, GameResult, NodeId};

/// How an animated GIF looks and runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GifOptions {
    /// Width in pixels ([`SIZE_RANGE`]; GIF frames are at most 65,535 pixels a side).
    pub size_px: u32,
    /// The second player at the bottom.
    pub flipped: bool,
    /// Row numbers and indices (cell numbers in draughts) in the margin.
    pub coordinates: bool,
    /// The record's study marks of each position (`[%csl]` cells, `[%cal]` arrows).
    pub marks: bool,
    /// An arrow (yellow) for each variation's first move, on the frame before the move
    /// it replaces: the better moves a game report stores show where the game went
    /// wrong.
    pub variation_arrows: bool,
    /// A caption line under the board: the move just played (`12... Qe2d?`), `Start`
    /// on the first frame, and the result after the game's last move.
    pub move_captions: bool,
    /// A caption line with both players' clocks (from the moves' `[%clk]` stamps and
    /// the `TimeControl` tag), when the record has any.
    pub clocks: bool,
    /// A bold first caption line (e.g. the players); empty for none.
    pub title: String,
    /// Black and white for printing, as diagrams have it.
    pub printable: bool,
    /// How long each frame is shown, in milliseconds ([`DELAY_RANGE`]; GIFs count in
    /// hundredths of a second, so this is rounded to 10 ms).
    pub delay_ms: u32,
    /// How long the last frame is shown before the animation starts again, in
    /// milliseconds ([`DELAY_RANGE`]).
    pub last_delay_ms: u32,
}

impl Default for GifOptions {
    /// 480 pixels wide, not flipped, coordinates, study marks, variation arrows and
    /// move captions, no clocks or title, in colour, a second a frame and three on the
    /// last.
    fn default() -> Self {
        GifOptions {
            size_px: 480,
            flipped: false,
            coordinates: true,
            marks: true,
            variation_arrows: true,
            move_captions: true,
            clocks: false,
            title: String::new(),
            printable: false,
            delay_ms: 1000,
            last_delay_ms: 3000,
        }
    }
}

/// Frame delays allowed, in milliseconds (a GIF stores at most 655.35 s).
pub const DELAY_RANGE: std::ops::RangeInclusive<u32> = 20..=600_000;

/// The colour of the arrows for variations' first moves ([`GifOptions::variation_arrows`]).
pub const VARIATION_ARROW: MarkColor = MarkColor::Yellow;

/// The colour callers give engine arrows (the analysis draws its lines in blue too).
pub const ENGINE_ARROW: MarkColor = MarkColor::Blue;

/// Why a GIF could not be made.
#[derive(Debug, thiserror::Error)]
pub enum GifError {
    /// The width is outside [`SIZE_RANGE`].
    #[error("size {0} px is out of range ({min}–{max} px)", min = SIZE_RANGE.start(), max = SIZE_RANGE.end())]
    Size(u32),
    /// A delay is outside [`DELAY_RANGE`].
    #[error("a frame delay of {0} ms is out of range ({min}–{max} ms)", min = DELAY_RANGE.start(), max = DELAY_RANGE.end())]
    Delay(u32),
    /// The stretch of moves asked for is not in the main line.
    #[error("plies {from}–{to} are not a stretch of the main line (0–{length})")]
    Range {
        /// The first ply asked for.
        from: usize,
        /// The last ply asked for.
        to: usize,
        /// Plies in the main line.
        length: usize,
    },
    /// Rasterising a frame failed.
    #[error(transparent)]
    Png(#[from] PngError),
    /// Writing the GIF stream failed.
    #[error("GIF encoding failed: {0}")]
    Encode(String),
    /// The caller's cancel flag was set.
    #[error("cancelled")]
    Cancelled,
}

/// Checks the options' size and delays.
///
/// # Errors
/// [`GifError::Size`] or [`GifError::Delay`].
pub fn check_options(options: &GifOptions) -> Result<(), GifError> {
    if !SIZE_RANGE.contains(&options.size_px) {
        return Err(GifError::Size(options.size_px));
    }
    for delay in [options.delay_ms, options.last_delay_ms] {
        if !DELAY_RANGE.contains(&delay) {
            return Err(GifError::Delay(delay));
        }
    }
    Ok(())
}

/// The main line's nodes from ply `from` to ply `to` (both included; `None`: the end),
/// the root standing for ply 0.
///
/// # Errors
/// [`GifError::Range`] when `from > to` or `to` is past the end of the main line.
pub fn main_line_stretch<G: Game>(
    record: &GameRecord<G>,
    from: usize,
    to: Option<usize>,
) -> Result<Vec<NodeId>, GifError> {
    let mut line = vec![NodeId::ROOT];
    line.extend(record.tree.main_line_from(NodeId::ROOT));
    let length = line.len() - 1;
    let to_ply = to.unwrap_or(length);
    if from > to_ply || to_ply > length {
        return Err(GifError::Range { from, to: to_ply, length });
    }
    Ok(line[from..=to_ply].to_vec())
}

/// Arrows a caller adds to a frame: `(ply, position) -> arrows`.
pub type ExtraArrows<'a, G> = dyn FnMut(usize, &G) -> Vec<Arrow<<G as Game>::Cell>> + 'a;

/// The frames' scenes for plies `from..=to` of the main line (see
/// [`main_line_stretch`]). `extra_arrows(ply, position)` adds arrows to the frame of
/// that ply (the engine's moves, say; drawn whether or not marks are on).
///
/// # Errors
/// As [`main_line_stretch`].
pub fn frame_scenes<G: DrawGame>(
    record: &GameRecord<G>,
    from: usize,
    to: Option<usize>,
    options: &GifOptions,
    extra_arrows: &mut ExtraArrows<'_, G>,
) -> Result<Vec<Scene>, GifError> {
    let nodes = main_line_stretch(record, from, to)?;
    let main_end = record.tree.main_line_from(NodeId::ROOT).len();
    let clocks = if options.clocks { Clocks::of(record) } else { None };
    let mut position = record.position_at(nodes[0]);
    let mut scenes = Vec::with_capacity(nodes.len());
    for (i, &node) in nodes.iter().enumerate() {
        let ply = from + i;
        if i > 0
            && let Some(mv) = record.tree.node(node).mv
        {
            position.play(mv);
        }
        let mut overlay = record_overlay(record, node);
        if !options.marks {
            overlay.arrows.clear();
            overlay.marked_cells.clear();
        }
        if options.variation_arrows {
            for &alt in record.tree.node(node).children.iter().skip(1) {
                if let Some(mv) = record.tree.node(alt).mv {
                    overlay.arrows.extend(move_arrows(&position, mv, VARIATION_ARROW));
                }
            }
        }
        overlay.arrows.extend(extra_arrows(ply, &position));
        let move_line =
            if options.move_captions { move_caption(record, node, ply, ply == main_end) } else { String::new() };
        let clock_line = clocks.as_ref().map(|c| c.line_at(ply)).unwrap_or_default();
        let caption = (!options.title.trim().is_empty() || !move_line.is_empty() || !clock_line.is_empty())
            .then(|| Caption { title: options.title.clone(), stipulation: move_line, side_to_move: clock_line });
        let diagram = DiagramOptions {
            size_px: options.size_px,
            flipped: options.flipped,
            coordinates: options.coordinates,
            // Marks were filtered above; the variation and extra arrows always show.
            marks: true,
            caption,
            printable: options.printable,
        };
        scenes.push(position_diagram(&position, &overlay, &diagram));
    }
    Ok(scenes)
}

/// The arrows of a move in `position`: one from its cell to its last cell, or, for a
/// move that lands several times (a draughts capture), one arrow a leg along its first
/// route, so the arrows go round the pieces it jumps.
pub fn move_arrows<G: Game>(position: &G, mv: G::Move, color: MarkColor) -> Vec<Arrow<G::Cell>> {
    let (from, to) = G::move_cells(mv);
    let route = position.move_routes(mv).into_iter().next().unwrap_or_default();
    if route.len() < 2 {
        return vec![Arrow { color, from, to }];
    }
    let mut at = from;
    route
        .iter()
        .map(|landing| {
            let arrow = Arrow { color, from: at, to: landing.cell };
            at = landing.cell;
            arrow
        })
        .collect()
}

/// `12. Qe2d!`, `12... Qe2d?` (the move of `node` with its number and glyphs), `Start`
/// at the root, and the result after the main line's last move when it is known.
fn move_caption<G: Game>(record: &GameRecord<G>, node: NodeId, ply: usize, last: bool) -> String {
    let n = record.tree.node(node);
    let (Some(mv), Some(parent)) = (n.mv, n.parent) else {
        return "Start".to_string();
    };
    let (number, first) = record.move_number_at_ply(ply - 1);
    let mut text = format!("{number}{} {}", if first { "." } else { "..." }, record.position_at(parent).notation(mv));
    for nag in &n.nags {
        if let Some(glyph) = nag.glyph() {
            text.push_str(glyph);
        }
    }
    if last && record.result != GameResult::Unknown {
        text.push_str(" · ");
        text.push_str(record.result.token());
    }
    text
}

/// Whether the record has clocks to show ([`GifOptions::clocks`]): a `[%clk]` on a
/// main-line move or a `TimeControl` tag.
pub fn has_clocks<G: Game>(record: &GameRecord<G>) -> bool {
    Clocks::of(record).is_some()
}

/// Both clocks along the main line: each move's `[%clk]` (the mover's time after the
/// move) and, before a side's first stamp, the time control's first stage.
struct Clocks {
    /// Each ply's stamp (index: ply − 1), if it has one.
    stamps: Vec<Option<Duration>>,
    /// The time each side starts with, if the record says.
    start: Option<Duration>,
    /// The two sides' names, the first player first, capitalised.
    names: [String; 2],
    /// Whether the first player moves at ply 0.
    first_starts: bool,
}

impl Clocks {
    /// The record's clocks, or `None` when it has neither stamps nor a time control.
    fn of<G: Game>(record: &GameRecord<G>) -> Option<Clocks> {
        let stamps: Vec<Option<Duration>> = record
            .tree
            .main_line_from(NodeId::ROOT)
            .iter()
            .map(|&id| command_value(&record.tree.node(id).comment_after, "clk").and_then(parse_clock))
            .collect();
        let start = record
            .tags
            .get("TimeControl")
            .and_then(|t| crate::record::annotations::TimeControl::parse(t).ok())
            .and_then(|tc| tc.stages.first().map(|s| s.base));
        if start.is_none() && stamps.iter().all(Option::is_none) {
            return None;
        }
        let capital = |side: G::Side| {
            let name = side.name();
            let mut chars = name.chars();
            chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
        };
        let [first, second] = G::Side::BOTH;
        Some(Clocks {
            stamps,
            start,
            names: [capital(first), capital(second)],
            first_starts: record.start.is_first_player_to_move(),
        })
    }

    /// `Positive 0:04:58 · Negative 0:05:00` after `ply` plies (`–` for a clock not
    /// known yet).
    fn line_at(&self, ply: usize) -> String {
        let mut times = [self.start, self.start];
        for (i, stamp) in self.stamps.iter().take(ply).enumerate() {
            // Ply i + 1 was played by the first player when i is even and the first
            // player started.
            let side = usize::from((i % 2 == 0) != self.first_starts);
            if let Some(t) = stamp {
                times[side] = Some(*t);
            }
        }
        let text = |t: Option<Duration>| t.map(clock_text).unwrap_or_else(|| "–".to_string());
        format!("{} {} · {} {}", self.names[0], text(times[0]), self.names[1], text(times[1]))
    }
}

/// The GIF of plies `from..=to` of a record's main line (`to`: `None` for the end),
/// with no extra arrows, on the calling thread's cores.
///
/// # Errors
/// [`check_options`]'s and [`main_line_stretch`]'s errors, [`GifError::Png`] or
/// [`GifError::Encode`].
pub fn record_gif<G: DrawGame>(
    record: &GameRecord<G>,
    from: usize,
    to: Option<usize>,
    options: &GifOptions,
) -> Result<Vec<u8>, GifError> {
    check_options(options)?;
    let scenes = frame_scenes(record, from, to, options, &mut |_, _| Vec::new())?;
    encode_gif(&scenes, options, &|_, _| {}, &AtomicBool::new(false))
}

/// Encodes scenes as an animated GIF that loops forever, [`GifOptions::size_px`]
/// wide, each frame shown [`GifOptions::delay_ms`] and the last
/// [`GifOptions::last_delay_ms`]. `progress(done, total)` is called as frames are
/// rasterised and written; `cancel` is read between frames.
///
/// Every scene must have the first one's view box (the frames of [`frame_scenes`]
/// do); a scene of another height is drawn scaled into the first one's frame.
///
/// # Errors
/// [`check_options`]'s errors, [`GifError::Cancelled`] when `cancel` is set,
/// [`GifError::Png`] or [`GifError::Encode`].
pub fn encode_gif(
    scenes: &[Scene],
    options: &GifOptions,
    progress: &(dyn Fn(usize, usize) + Sync),
    cancel: &AtomicBool,
) -> Result<Vec<u8>, GifError> {
    check_options(options)?;
    let Some(first) = scenes.first() else {
        return Err(GifError::Encode("no frames".into()));
    };
    let width = options.size_px;
    let height = first.height_for_width(width);
    if width > u32::from(u16::MAX) || height > u32::from(u16::MAX) {
        return Err(GifError::Size(width));
    }
    let total = scenes.len();
    let frames = rasterise_frames(scenes, width, height, &|done| progress(done, 2 * total), cancel)?;
    let palette = learn_palette(&frames);
    let mut out = Vec::new();
    {
        let mut encoder = ::gif::Encoder::new(&mut out, width as u16, height as u16, &palette.rgb())
            .map_err(|e| GifError::Encode(e.to_string()))?;
        encoder.set_repeat(::gif::Repeat::Infinite).map_err(|e| GifError::Encode(e.to_string()))?;
        let mut previous: Option<(&[u8], Vec<u8>)> = None;
        let mut lookup = palette.lookup();
        for (i, rgba) in frames.iter().enumerate() {
            if cancel.load(Ordering::Relaxed) {
                return Err(GifError::Cancelled);
            }
            let delay_ms = if i + 1 == total { options.last_delay_ms } else { options.delay_ms };
            let indices = match &previous {
                // Only pixels that changed are looked up again.
                Some((prev_rgba, prev_indices)) => {
                    let mut indices = prev_indices.clone();
                    for ((now, before), index) in
                        rgba.chunks_exact(4).zip(prev_rgba.chunks_exact(4)).zip(indices.iter_mut())
                    {
                        if now != before {
                            *index = lookup.index(now);
                        }
                    }
                    indices
                }
                None => rgba.chunks_exact(4).map(|px| lookup.index(px)).collect(),
            };
            let rect = match &previous {
                Some((_, prev_indices)) => changed_rect(&indices, prev_indices, width as usize),
                None => Some((0, 0, width as usize, height as usize)),
            };
            // A frame that changes nothing still holds its delay: one unchanged pixel.
            let (left, top, w, h) = rect.unwrap_or((0, 0, 1, 1));
            let mut buffer = Vec::with_capacity(w * h);
            for y in top..top + h {
                let row = y * width as usize + left..y * width as usize + left + w;
                match &previous {
                    // Inside the rectangle, a pixel as it was is left transparent (the
                    // frame before shows through): long runs that compress well.
                    Some((_, prev_indices)) => buffer.extend(
                        indices[row.clone()]
                            .iter()
                            .zip(&prev_indices[row])
                            .map(|(&now, &before)| if now == before { TRANSPARENT } else { now }),
                    ),
                    None => buffer.extend_from_slice(&indices[row]),
                }
            }
            let frame = ::gif::Frame {
                transparent: previous.is_some().then_some(TRANSPARENT),
                left: left as u16,
                top: top as u16,
                width: w as u16,
                height: h as u16,
                delay: (delay_ms.div_ceil(10)).min(u32::from(u16::MAX)) as u16,
                dispose: ::gif::DisposalMethod::Keep,
                buffer: std::borrow::Cow::Owned(buffer),
                ..::gif::Frame::default()
            };
            encoder.write_frame(&frame).map_err(|e| GifError::Encode(e.to_string()))?;
            previous = Some((rgba.as_slice(), indices));
            progress(total + i + 1, 2 * total);
        }
    }
    Ok(out)
}

/// The smallest rectangle `(left, top, width, height)` holding every pixel whose index
/// differs, or `None` when none does.
fn changed_rect(now: &[u8], before: &[u8], width: usize) -> Option<(usize, usize, usize, usize)> {
    let (mut left, mut top, mut right, mut bottom) = (usize::MAX, usize::MAX, 0, 0);
    for (y, (row, prev)) in now.chunks_exact(width).zip(before.chunks_exact(width)).enumerate() {
        if row == prev {
            continue;
        }
        let first = row.iter().zip(prev).position(|(a, b)| a != b).unwrap_or(0);
        let last = width - 1 - row.iter().rev().zip(prev.iter().rev()).position(|(a, b)| a != b).unwrap_or(0);
        left = left.min(first);
        right = right.max(last);
        top = top.min(y);
        bottom = y;
    }
    (top != usize::MAX).then(|| (left, top, right - left + 1, bottom - top + 1))
}

/// Each scene's pixels (RGBA, opaque), `width × height`. The groups every scene begins
/// with alike (the background and the cells) are rasterised once; each frame draws the
/// rest over a copy, the frames shared out among the cores.
fn rasterise_frames(
    scenes: &[Scene],
    width: u32,
    height: u32,
    progress: &(dyn Fn(usize) + Sync),
    cancel: &AtomicBool,
) -> Result<Vec<Vec<u8>>, GifError> {
    let first = &scenes[0];
    let same_box = |s: &Scene| s.width == first.width && s.height == first.height;
    let common = if scenes.iter().all(same_box) {
        (0..first.groups.len())
            .take_while(|&k| scenes.iter().all(|s| s.groups.get(k) == Some(&first.groups[k])))
            .count()
    } else {
        0
    };
    let mut base = Pixmap::new(width, height).ok_or(PngError::Size(width, height))?;
    let prefix = Scene { width: first.width, height: first.height, groups: first.groups[..common].to_vec() };
    rasterize_svg_onto(&to_svg(&prefix, width), &mut base)?;
    let done = std::sync::atomic::AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, 8);
    let chunk = scenes.len().div_ceil(threads);
    let results: Vec<Result<Vec<Vec<u8>>, GifError>> = std::thread::scope(|scope| {
        let handles: Vec<_> = scenes
            .chunks(chunk)
            .map(|part| {
                let (base, done) = (&base, &done);
                scope.spawn(move || {
                    let mut out = Vec::with_capacity(part.len());
                    for scene in part {
                        if cancel.load(Ordering::Relaxed) {
                            return Err(GifError::Cancelled);
                        }
                        let mut pixmap = base.clone();
                        let rest = Scene {
                            width: scene.width,
                            height: scene.height,
                            groups: if same_box(scene) {
                                scene.groups[common..].to_vec()
                            } else {
                                scene.groups.clone()
                            },
                        };
                        rasterize_svg_onto(&to_svg(&rest, width), &mut pixmap)?;
                        out.push(pixmap.take());
                        progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                    }
                    Ok(out)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| Err(GifError::Encode("a frame failed".into()))))
            .collect()
    });
    let mut frames = Vec::with_capacity(scenes.len());
    for part in results {
        frames.extend(part?);
    }
    Ok(frames)
}

/// Up to 255 colours (entry 255 is [`TRANSPARENT`]).
struct Palette {
    colors: Vec<[u8; 3]>,
}

/// Pixel → palette entry (the nearest colour), remembering the colours already looked
/// up.
struct Lookup<'a> {
    colors: &'a [[u8; 3]],
    cache: HashMap<[u8; 4], u8>,
}

impl Lookup<'_> {
    fn index(&mut self, px: &[u8]) -> u8 {
        let key = [px[0], px[1], px[2], px[3]];
        let colors = self.colors;
        *self.cache.entry(key).or_insert_with(|| {
            let distance = |c: &[u8; 3]| -> u32 { (0..3).map(|i| u32::from(c[i].abs_diff(key[i])).pow(2)).sum() };
            // The first of the nearest, so the choice is the same every time.
            colors.iter().enumerate().min_by_key(|&(i, c)| (distance(c), i)).map_or(0, |(i, _)| i as u8)
        })
    }
}

impl Palette {
    fn lookup(&self) -> Lookup<'_> {
        Lookup { colors: &self.colors, cache: HashMap::with_capacity(4096) }
    }

    /// The palette as the GIF stores it: 256 RGB triples, the last the transparent one.
    fn rgb(&self) -> Vec<u8> {
        let mut rgb: Vec<u8> = self.colors.iter().flatten().copied().collect();
        rgb.resize(256 * 3, 0);
        rgb
    }
}

/// How many of the most common colours go into the palette exactly (the board's
/// cells, the frame, the pieces' fills); NeuQuant learns the rest from what is left.
const EXACT_COLORS: usize = 96;

/// The palette entry of "as in the frame before": 255 colours are learnt, the last
/// entry is left for it.
const TRANSPARENT: u8 = 255;

/// How many pixels of the first frame train the palette, at most.
const PALETTE_SAMPLE: usize = 40_000;

/// Learns one palette from a fixed sample of the frames' pixels: the first frame's,
/// then in each later frame only the pixels that changed (new pieces' places, tints,
/// arrows, captions), so colours that appear late are learnt too while most frames
/// cost nothing. The same frames always give the same palette.
fn learn_palette(frames: &[Vec<u8>]) -> Palette {
    let mut sample = Vec::new();
    if let Some(first) = frames.first() {
        // A stride prime to the common widths, so the sample does not follow columns.
        let stride = (first.len() / 4 / PALETTE_SAMPLE).max(1) | 1;
        for px in first.chunks_exact(4).step_by(stride) {
            sample.extend_from_slice(&[px[0], px[1], px[2], 255]);
        }
    }
    for pair in frames.windows(2) {
        for (px, before) in pair[1].chunks_exact(4).zip(pair[0].chunks_exact(4)) {
            if px != before {
                sample.extend_from_slice(&[px[0], px[1], px[2], 255]);
            }
        }
    }
    // Each colour's count; ties broken by the colour, so the order is fixed.
    let mut counts: HashMap<[u8; 3], u32> = HashMap::new();
    for px in sample.chunks_exact(4) {
        *counts.entry([px[0], px[1], px[2]]).or_insert(0) += 1;
    }
    let mut by_count: Vec<([u8; 3], u32)> = counts.into_iter().collect();
    by_count.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let learnt = usize::from(TRANSPARENT);
    if by_count.len() <= learnt {
        return Palette { colors: by_count.into_iter().map(|(c, _)| c).collect() };
    }
    let mut colors: Vec<[u8; 3]> = by_count[..EXACT_COLORS].iter().map(|&(c, _)| c).collect();
    let exact: std::collections::HashSet<[u8; 3]> = colors.iter().copied().collect();
    let rest: Vec<u8> =
        sample.chunks_exact(4).filter(|px| !exact.contains(&[px[0], px[1], px[2]])).flatten().copied().collect();
    let quant = color_quant::NeuQuant::new(10, learnt - EXACT_COLORS, &rest);
    colors.extend(quant.color_map_rgb().chunks_exact(3).map(|c| [c[0], c[1], c[2]]));
    Palette { colors }
}
