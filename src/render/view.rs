//! The seam between the games and the drawing layer: a [`BoardView`] knows a board's
//! geometry (size, cell polygons and centres, hit testing) and draws a setup with an
//! overlay as a [`Scene`]; a [`DrawGame`] names its game's view. The board widget, the
//! board editor and diagrams are written once over these traits.

use super::overlay::BoardOverlay;
use super::scene::{Item, Point, Rgba, Scene};
use crate::core::{BoardCell, BoardSetup, Game};

/// How one game's board is shown (orientation, coordinates, colours) and its geometry in
/// view board units (the scene's units; [`BoardView::size`] is the whole view box).
pub trait BoardView: Clone + std::fmt::Debug + Send + Sync + 'static {
    /// The game's cell.
    type Cell: BoardCell;
    /// The unchecked position the view draws (a checked position draws through
    /// [`Game::to_setup`]).
    type Setup: BoardSetup<Cell = Self::Cell>;

    /// The view box `(width, height)` in board units.
    fn size(&self) -> (f32, f32);
    /// The cell's polygon in view units.
    fn cell_polygon(&self, cell: Self::Cell) -> Vec<Point>;
    /// The cell's centre in view units.
    fn cell_center(&self, cell: Self::Cell) -> Point;
    /// The cell under a point in view units, if any.
    fn cell_at(&self, p: Point) -> Option<Self::Cell>;
    /// The board with the pieces of `setup` and the highlights of `overlay`.
    fn scene(&self, setup: &Self::Setup, overlay: &BoardOverlay<Self::Cell>) -> Scene;
    /// The frame's colour (diagrams draw their border in it).
    fn frame_color(&self) -> Rgba;
    /// The coordinates' colour.
    fn label_color(&self) -> Rgba;
    /// Switches to the black-and-white palette for printing.
    fn set_printable(&mut self);
    /// Uses the colours of `scheme`.
    fn set_scheme(&mut self, scheme: BoardScheme);
    /// The numbering of the coordinates in the margin, for a game whose cells are
    /// numbered from each player's side; the others name cells one way and ignore it.
    fn set_labels(&mut self, _labels: Labels) {}
    /// The picture of a piece in the unit box `0..1` (the board editor's palette).
    fn piece_glyph(piece: <Self::Setup as BoardSetup>::Piece) -> Vec<Item>;
}

/// A game the drawing layer can draw.
pub trait DrawGame: Game {
    /// Its board view.
    type View: BoardView<Cell = Self::Cell, Setup = Self::Setup>;
    /// A view turned half a turn when `flipped` (the second player at the bottom), with
    /// or without coordinates in the margin, in the default colours.
    fn view(flipped: bool, coordinates: bool) -> Self::View;

    /// The name of `cell` for the line under the pointer: its name, and where the
    /// notation counts cells from each player's side, its name for each player
    /// (`docs/rules-interstellar.md` §2 *Cell names*).
    fn cell_caption(cell: Self::Cell) -> String {
        format!("Cell {cell}")
    }
}

/// Which numbering the coordinates in the margin follow (Interstellar numbers cells
/// from each player's side).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Labels {
    /// The player at the bottom's numbering.
    #[default]
    Bottom,
    /// Player `0` (who moves first) or `1`'s numbering, wherever they sit.
    Player(usize),
    /// Both, each player's on its own left and near edges: the bottom player's left
    /// and below the board, the other's right and above it.
    Both,
}

/// The board's colours: four schemes for each game, the last with high contrast (its
/// kinds of cell told apart by lightness alone, for colour-blind players).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum BoardScheme {
    /// The game's own colours (Interstellar slate blue, Triangular wood).
    #[default]
    Classic,
    /// Blues.
    Ocean,
    /// Greens.
    Forest,
    /// White, mid grey and black.
    HighContrast,
}

impl BoardScheme {
    /// Every scheme, in menu order.
    pub const ALL: [BoardScheme; 4] =
        [BoardScheme::Classic, BoardScheme::Ocean, BoardScheme::Forest, BoardScheme::HighContrast];

    /// The scheme's name in menus.
    pub fn name(self) -> &'static str {
        match self {
            BoardScheme::Classic => "Classic",
            BoardScheme::Ocean => "Ocean",
            BoardScheme::Forest => "Forest",
            BoardScheme::HighContrast => "High contrast",
        }
    }
}

/// The relative luminance of a colour (WCAG 2: 0 for black, 1 for white), to check
/// that cells differ in lightness and not only in hue.
pub fn luminance(c: Rgba) -> f32 {
    let channel = |v: u8| {
        let v = f32::from(v) / 255.0;
        if v <= 0.039_28 { v / 12.92 } else { ((v + 0.055) / 1.055).powf(2.4) }
    };
    0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)
}
