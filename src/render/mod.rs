//! The drawing layer: both boards, their pieces and highlights as a retained scene of
//! vector primitives, and the backends that draw it.
//!
//! - [`scene`]: points, colours, paints, primitives ([`scene::Shape`]), groups with
//!   roles, the [`scene::Scene`] and its transform to pixels, geometry helpers.
//! - [`interstellar`]: the 77-hexagon board ([`interstellar::InterstellarView`]).
//! - [`view`]: the [`view::BoardView`] trait every board implements and the
//!   [`view::DrawGame`] link from a game to its view.
//! - [`triangular`]: the 96-triangle board ([`triangular::TriangularView`]), drawn from
//!   the rules core's own cells.
//! - [`draughts`]: the Triangular draughts board ([`draughts::DraughtsView`]): the
//!   same triangles turned a quarter turn, men and kings on the dark cells, cell
//!   numbers.
//! - [`glyphs`]: the piece pictures of every game in a unit box.
//! - [`overlay`]: selection, targets, last move, Target/check glow, hover, study marks
//!   ([`overlay::BoardOverlay`]).
//! - [`svg`]: the SVG writer; [`png`]: rasterising that SVG with resvg and the bundled
//!   font.
//! - [`diagram`]: diagrams of any position for documents and print (caption,
//!   printable black-and-white style), written as SVG or PNG from one scene.
//! - [`gif`]: animated GIFs of a stretch of a game, one diagram a position.
//!
//! Pure Rust with no user interface and no I/O: the backends return text or bytes, and
//! [`crate::files`] writes them.

#[rustfmt::skip]
mod chess_outlines;
pub mod diagram;
pub mod draughts;
pub mod gif;
pub mod glyphs;
pub mod interstellar;
pub mod overlay;
pub mod png;
pub mod scene;
pub mod svg;
pub mod triangular;
pub mod view;

pub use overlay::{Arrow, BoardOverlay, MarkColor};
pub use scene::{Point, Rgba, Scene};
pub use view::{BoardView, DrawGame};
