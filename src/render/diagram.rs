//! Diagrams: a position of either game as a picture for documents, books and the web,
//! with optional study marks, the last move, coordinates and a caption (title,
//! stipulation, side to move) under the board, in colour or in a printable
//! black-and-white style.
//!
//! A diagram is an ordinary [`Scene`]: the board's own scene
//! ([`InterstellarView::scene`](super::interstellar::InterstellarView::scene),
//! [`TriangularView::scene`](super::triangular::TriangularView::scene)) made taller for the
//! caption. The SVG and the PNG of a diagram come from that one scene
//! ([`diagram_svg`], [`diagram_png`]; [`diagram_bytes`] for an [`ImageFormat`]), so
//! both show the same picture. Nothing here touches the file system:
//! [`crate::files::write_diagram`] saves a diagram, choosing the format by the file's
//! extension.
//!
//! Cells in a [`BoardOverlay`] given here are the games' own ids, as records and the
//! app use them: an Interstellar cell's bit index (`Cell::slot`), a Triangular core
//! cell index (`Cell::index`).
//!
//! Typical use (what File → Export diagram does, before saving the bytes):
//!
//! ```
//! use orrery::core::interstellar::Position;
//! use orrery::record::{GameRecord, NodeId};
//! use orrery::render::diagram::{Caption, DiagramOptions, ImageFormat, diagram_bytes, record_diagram};
//!
//! let record: GameRecord<Position> = GameRecord::new();
//! let options = DiagramOptions {
//!     size_px: 120,
//!     caption: Some(Caption::new("Opening", "", &record.start)),
//!     ..DiagramOptions::default()
//! };
//! let scene = record_diagram(&record, NodeId::ROOT, &options);
//! let svg = diagram_bytes(&scene, &options, ImageFormat::Svg)?;
//! assert!(svg.starts_with(b"<svg"));
//! let png = diagram_bytes(&scene, &options, ImageFormat::Png)?;
//! assert!(png.starts_with(b"\x89PNG"));
//! // orrery::files::write_diagram(&scene, &options, path) saves it atomically.
//! # Ok::<(), orrery::render::diagram::DiagramError>(())
//! ```

use std::path::Path;

use super::interstellar::InterstellarPalette;
use super::overlay::BoardOverlay;
use super::png::{PngError, font_db, scene_to_png};
use super::scene::{Group, HAlign, Item, Paint, Point, Rgba, Role, Scene, Shape, Stroke, VAlign};
use super::svg::to_svg;
use super::triangular::TriangularPalette;
use super::view::{BoardView, DrawGame};
use crate::core::game::{Game, GameSide};
use crate::record::{GameRecord, NodeId};

/// The caption drawn under the board: up to three parts, each left out when empty.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Caption {
    /// The first line, in bold (e.g. the players, a problem's author and source).
    pub title: String,
    /// What is asked (e.g. `Target Out in 2`, `Mate in 3`), on the second line.
    pub stipulation: String,
    /// Who moves (e.g. `Positive to move`), after the stipulation on the second line.
    pub side_to_move: String,
}

impl Caption {
    /// A caption with a title, a stipulation and the side to move of `position`
    /// ([`side_to_move_text`]).
    pub fn new<G: Game>(title: &str, stipulation: &str, position: &G) -> Caption {
        Caption {
            title: title.to_string(),
            stipulation: stipulation.to_string(),
            side_to_move: side_to_move_text(position),
        }
    }

    /// The caption's lines as drawn: the title, then the stipulation and the side to
    /// move joined by ` · `; empty parts and lines are left out, and so is a
    /// stipulation that the next part says already (a finished position's "Target Out"
    /// beside "Positive wins by Target Out").
    pub fn lines(&self) -> Vec<(String, bool)> {
        let mut out = Vec::new();
        if !self.title.trim().is_empty() {
            out.push((self.title.trim().to_string(), true));
        }
        let (stipulation, side) = (self.stipulation.trim(), self.side_to_move.trim());
        let said = !stipulation.is_empty() && side.to_lowercase().contains(&stipulation.to_lowercase());
        let second: Vec<&str> =
            [if said { "" } else { stipulation }, side].into_iter().filter(|s| !s.is_empty()).collect();
        if !second.is_empty() {
            out.push((second.join(" · "), false));
        }
        out
    }
}

/// `Positive to move`, `Negative to move`, `White to move` or `Black to move`; for a
/// finished position, how it ended ([`Game::outcome_sentence`]).
pub fn side_to_move_text<G: Game>(position: &G) -> String {
    // A finished position says how it ended instead ("Positive wins by Target Out").
    if let Some(outcome) = position.outcome() {
        return G::outcome_sentence(outcome);
    }
    let word = position.side_to_move().name();
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => format!("{}{} to move", first.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}

/// How a diagram looks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramOptions {
    /// Width of the picture in pixels (the height follows from the board and caption:
    /// [`Scene::height_for_width`]). For SVG it is the document's `width`; the drawing
    /// itself is vectors and scales freely.
    pub size_px: u32,
    /// Half a turn: the second player (Interstellar's negative, Triangular's Black) at
    /// the bottom; coordinates follow.
    pub flipped: bool,
    /// Row numbers and indices (file letters) in the margin.
    pub coordinates: bool,
    /// Study marks (highlighted cells and arrows) of the overlay; when `false` they are
    /// left out (the last move is still tinted).
    pub marks: bool,
    /// Text under the board, if any.
    pub caption: Option<Caption>,
    /// Black and white for printing: white paper, black text and outlines, grey solid
    /// cells, a black hatch on Interstellar's positive cells.
    pub printable: bool,
}

impl Default for DiagramOptions {
    /// 600 pixels wide, not flipped, with coordinates and marks, no caption, in colour.
    fn default() -> Self {
        DiagramOptions { size_px: 600, flipped: false, coordinates: true, marks: true, caption: None, printable: false }
    }
}

/// Widths a diagram may have, in pixels.
pub const SIZE_RANGE: std::ops::RangeInclusive<u32> = 16..=8192;

/// A game whose positions can be drawn as diagrams: every [`DrawGame`].
pub use super::view::DrawGame as DiagramGame;

/// The printable Interstellar palette (see [`InterstellarPalette::PRINTABLE`]).
pub const PRINT_INTERSTELLAR: InterstellarPalette = InterstellarPalette::PRINTABLE;

/// The printable Triangular palette (see [`TriangularPalette::PRINTABLE`]).
pub const PRINT_TRIANGULAR: TriangularPalette = TriangularPalette::PRINTABLE;

/// Caption font sizes (board units: one hexagon width / triangle side).
const TITLE_SIZE: f32 = 0.36;
const LINE_SIZE: f32 = 0.3;
/// Space between lines, as a multiple of the font size.
const LINE_GAP: f32 = 1.45;
/// Horizontal room kept free on each side of a caption line.
const SIDE_PAD: f32 = 0.3;

/// The diagram of a board: the board's scene with `overlay` (selection, legal targets
/// and hover are interactive and never drawn; study marks only with
/// [`DiagramOptions::marks`]), the caption under it, on a background of the board's
/// frame colour (white when printable).
pub fn board_diagram<V: BoardView>(
    mut view: V,
    setup: &V::Setup,
    overlay: &BoardOverlay<V::Cell>,
    options: &DiagramOptions,
) -> Scene {
    let overlay = diagram_overlay(overlay, options.marks);
    if options.printable {
        view.set_printable();
    }
    let (mut scene, background, text) = (view.scene(setup, &overlay), view.frame_color(), view.label_color());
    if options.printable {
        print_marks(&mut scene);
    }
    let lines = options.caption.as_ref().map(Caption::lines).unwrap_or_default();
    let board_height = scene.height;
    if !lines.is_empty() {
        let mut y = board_height + 0.1;
        let mut items = Vec::new();
        for (text_line, bold) in &lines {
            let wanted = if *bold { TITLE_SIZE } else { LINE_SIZE };
            let room = scene.width - 2.0 * SIDE_PAD;
            let width = text_width(text_line, wanted);
            let size = if width > room { wanted * room / width } else { wanted };
            // Each line takes the room of its full-size text, however much a long
            // line is shrunk, so the caption's height depends only on which lines it
            // has (the frames of an animation keep one size). The shrunk text is
            // centred in that room.
            let line_top = y;
            y += wanted * (LINE_GAP - 1.0) / 2.0 + wanted * 0.729 - (wanted - size) * (0.729 - 0.27) / 2.0;
            items.push(Item::new(
                Shape::Text {
                    pos: Point::new(scene.width / 2.0, y),
                    text: text_line.clone(),
                    size,
                    h: HAlign::Middle,
                    v: VAlign::Baseline,
                    bold: *bold,
                },
                Paint::fill(text),
            ));
            // Room for descenders and the gap to the next line.
            y = line_top + wanted * (LINE_GAP - 1.0) + wanted * (0.729 + 0.27);
        }
        scene.height = y + 0.25;
        scene.push(Role::Layer("caption"), items);
    }
    // The background under everything (the board's frame has rounded corners). It
    // bleeds past the view box so that no half-covered pixel row is left at an edge
    // when the pixel height is rounded.
    let (w, h) = (scene.width, scene.height);
    let rect = |inset: f32| {
        vec![
            Point::new(inset, inset),
            Point::new(w - inset, inset),
            Point::new(w - inset, h - inset),
            Point::new(inset, h - inset),
        ]
    };
    let background = Item::new(Shape::Polygon(rect(-0.5)), Paint::fill(background));
    scene.groups.insert(0, Group { role: Role::Decoration, items: vec![background] });
    if options.printable {
        // A hairline border keeps the white diagram apart from white paper.
        scene
            .push(Role::Layer("border"), vec![Item::new(Shape::Polygon(rect(0.03)), Paint::stroke(Rgba::BLACK, 0.02))]);
    }
    scene
}

/// Black and white marks for printing: the last move's tint, the Target/check glow and
/// the study marks in opaque greys (each colour its own grey, darker ones for arrows),
/// and every arrow outlined in white so that its head stands out on grey cells.
fn print_marks(scene: &mut Scene) {
    let grey = |c: Rgba, darkest: u8| {
        let level = (u16::from(c.grey()) * 3 / 5).max(u16::from(darkest)) as u8;
        Rgba::rgb(level, level, level)
    };
    for group in &mut scene.groups {
        match group.role {
            Role::Layer("highlights") | Role::Layer("target") => {
                for item in &mut group.items {
                    if let Some(fill) = &mut item.paint.fill {
                        *fill = Rgba::new(120, 120, 120, 70);
                    }
                }
            }
            Role::Layer("study") => {
                for item in &mut group.items {
                    let arrow = matches!(item.shape, Shape::Path(_));
                    if let Some(fill) = item.paint.fill {
                        item.paint.fill = Some(grey(fill, 0));
                        if arrow {
                            item.paint.stroke = Some(Stroke::new(Rgba::WHITE, 0.035));
                        }
                    }
                    if let Some(stroke) = &mut item.paint.stroke
                        && !arrow
                    {
                        stroke.color = grey(stroke.color, 0);
                    }
                }
            }
            // A piece's coloured parts (the black hole's gold ring) in grey too.
            Role::Piece { .. } => {
                for item in &mut group.items {
                    if let Some(fill) = &mut item.paint.fill {
                        *fill = Rgba::new(fill.grey(), fill.grey(), fill.grey(), fill.a);
                    }
                    if let Some(stroke) = &mut item.paint.stroke {
                        let g = stroke.color.grey();
                        stroke.color = Rgba::new(g, g, g, stroke.color.a);
                    }
                }
            }
            _ => {}
        }
    }
}

/// The overlay a diagram draws: the last move, Target/check glows and (when `marks`)
/// the study marks; never selection, legal targets or hover.
pub fn diagram_overlay<C: Copy>(overlay: &BoardOverlay<C>, marks: bool) -> BoardOverlay<C> {
    BoardOverlay {
        last_move: overlay.last_move,
        in_target: overlay.in_target.clone(),
        arrows: if marks { overlay.arrows.clone() } else { Vec::new() },
        marked_cells: if marks { overlay.marked_cells.clone() } else { Vec::new() },
        ..BoardOverlay::default()
    }
}

/// The diagram of a position with an overlay (cells as the game's ids).
pub fn position_diagram<G: DrawGame>(position: &G, overlay: &BoardOverlay<G::Cell>, options: &DiagramOptions) -> Scene {
    board_diagram(G::view(options.flipped, options.coordinates), &position.to_setup(), overlay, options)
}

/// The overlay of a record's node: the move that led there (tinted) and its study
/// marks (`[%csl]` cells, `[%cal]` arrows).
pub fn record_overlay<G: Game>(record: &GameRecord<G>, node: NodeId) -> BoardOverlay<G::Cell> {
    let n = record.tree.node(node);
    BoardOverlay {
        last_move: n.mv.map(G::move_cells),
        arrows: n.marks.arrows.clone(),
        marked_cells: n.marks.cells.iter().map(|m| (m.cell, m.color)).collect(),
        ..BoardOverlay::default()
    }
}

/// The diagram of the position after `node`'s move in a record, with the last move
/// tinted and the node's marks (see [`record_overlay`]).
pub fn record_diagram<G: DrawGame>(record: &GameRecord<G>, node: NodeId, options: &DiagramOptions) -> Scene {
    position_diagram(&record.position_at(node), &record_overlay(record, node), options)
}

/// The node of a record's main line `ply` half-moves after the start (`0`: the root).
///
/// # Errors
/// [`DiagramError::PlyOutOfRange`] when the main line is shorter than `ply`.
pub fn main_line_node<G: Game>(record: &GameRecord<G>, ply: usize) -> Result<NodeId, DiagramError> {
    if ply == 0 {
        return Ok(NodeId::ROOT);
    }
    let line = record.tree.main_line_from(NodeId::ROOT);
    line.get(ply - 1).copied().ok_or(DiagramError::PlyOutOfRange { ply, length: line.len() })
}

/// An image file format for diagrams.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageFormat {
    /// Scalable vector graphics (`.svg`).
    Svg,
    /// A PNG bitmap (`.png`).
    Png,
}

impl ImageFormat {
    /// The format for a path's extension (`.svg` or `.png`, any case), or `None`.
    pub fn from_path(path: &Path) -> Option<ImageFormat> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "svg" => Some(ImageFormat::Svg),
            "png" => Some(ImageFormat::Png),
            _ => None,
        }
    }
}

/// Why a diagram could not be made.
#[derive(Debug, thiserror::Error)]
pub enum DiagramError {
    /// The width is outside [`SIZE_RANGE`].
    #[error("size {0} px is out of range ({min}–{max} px)", min = SIZE_RANGE.start(), max = SIZE_RANGE.end())]
    Size(u32),
    /// The record's main line is shorter than the ply asked for.
    #[error("ply {ply} is past the end of the main line ({length} plies)")]
    PlyOutOfRange {
        /// The ply asked for.
        ply: usize,
        /// Plies in the main line.
        length: usize,
    },
    /// Rasterising failed.
    #[error(transparent)]
    Png(#[from] PngError),
}

fn check_size(options: &DiagramOptions) -> Result<(), DiagramError> {
    if SIZE_RANGE.contains(&options.size_px) { Ok(()) } else { Err(DiagramError::Size(options.size_px)) }
}

/// The diagram as an SVG document, [`DiagramOptions::size_px`] wide. Each cell is one
/// `<g class="cell" data-cell="…">`, each piece one `<g class="piece" data-piece="…">`,
/// the caption lines are `<text>` elements in `<g data-layer="caption">`.
pub fn diagram_svg(scene: &Scene, options: &DiagramOptions) -> String {
    to_svg(scene, options.size_px)
}

/// The diagram as PNG bytes, rasterised from the same SVG, [`DiagramOptions::size_px`]
/// wide.
///
/// # Errors
/// [`DiagramError::Size`] for a width outside [`SIZE_RANGE`], [`DiagramError::Png`]
/// when rasterising fails.
pub fn diagram_png(scene: &Scene, options: &DiagramOptions) -> Result<Vec<u8>, DiagramError> {
    check_size(options)?;
    Ok(scene_to_png(scene, options.size_px)?)
}

/// The diagram's file contents in `format`.
///
/// # Errors
/// As [`diagram_png`].
pub fn diagram_bytes(scene: &Scene, options: &DiagramOptions, format: ImageFormat) -> Result<Vec<u8>, DiagramError> {
    check_size(options)?;
    match format {
        ImageFormat::Svg => Ok(diagram_svg(scene, options).into_bytes()),
        ImageFormat::Png => diagram_png(scene, options),
    }
}

/// The ink width of a line of text in the bundled font at `size` board units (an
/// estimate of 0.6 em a character if the font cannot lay it out).
pub fn text_width(text: &str, size: f32) -> f32 {
    use resvg::usvg;
    const EM: f32 = 100.0;
    let fallback = text.chars().count() as f32 * 0.6 * size;
    let svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><text x=\"0\" y=\"{EM}\" \
         font-family=\"{}\" font-size=\"{EM}\">{}</text></svg>",
        super::svg::FONT_FAMILY,
        super::svg::escape(text)
    );
    let opt = usvg::Options {
        font_family: super::svg::FONT_FAMILY.to_string(),
        fontdb: font_db(),
        ..usvg::Options::default()
    };
    match usvg::Tree::from_str(&svg, &opt) {
        Ok(tree) => {
            let w = tree.root().abs_bounding_box().width();
            if w > 0.0 { w / EM * size } else { fallback }
        }
        Err(_) => fallback,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{interstellar, triangular};

    #[test]
    fn caption_lines_leave_out_empty_parts() {
        let c = Caption::new("Study", "", &interstellar::Position::opening());
        assert_eq!(c.lines(), vec![("Study".to_string(), true), ("Positive to move".to_string(), false)]);
        let c = Caption { stipulation: "Mate in 2".into(), side_to_move: "White to move".into(), ..Caption::default() };
        assert_eq!(c.lines(), vec![("Mate in 2 · White to move".to_string(), false)]);
        // A finished position's ending names the stipulation already: said once.
        let c = Caption {
            title: String::new(),
            stipulation: "Target Out".into(),
            side_to_move: "Positive wins by Target Out".into(),
        };
        assert_eq!(c.lines(), vec![("Positive wins by Target Out".to_string(), false)]);
        assert!(Caption::default().lines().is_empty());
    }

    #[test]
    fn text_width_grows_with_the_text() {
        let a = text_width("Mate", 1.0);
        let b = text_width("Mate in two moves", 1.0);
        assert!(a > 1.5 && a < 3.5, "{a}");
        assert!(b > 3.0 * a, "{a} {b}");
    }

    #[test]
    fn a_long_caption_is_shrunk_to_fit() {
        let long = "A very long title that would never fit under the board at its normal size, not at all";
        let options = DiagramOptions {
            caption: Some(Caption { title: long.into(), ..Caption::default() }),
            ..DiagramOptions::default()
        };
        let scene = position_diagram(&triangular::Position::opening(), &BoardOverlay::default(), &options);
        let caption = scene.groups.iter().find(|g| g.role == Role::Layer("caption")).unwrap();
        let Shape::Text { size, text, .. } = &caption.items[0].shape else { panic!() };
        assert!(*size < TITLE_SIZE);
        assert!(text_width(text, *size) <= scene.width - 2.0 * SIDE_PAD + 1e-3);
    }

    #[test]
    fn ply_past_the_end_is_an_error() {
        let record: GameRecord<triangular::Position> = GameRecord::new();
        assert_eq!(main_line_node(&record, 0).unwrap(), NodeId::ROOT);
        assert!(matches!(main_line_node(&record, 1), Err(DiagramError::PlyOutOfRange { ply: 1, length: 0 })));
    }
}
