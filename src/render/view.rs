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
}
