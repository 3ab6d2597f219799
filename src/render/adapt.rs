//! Adapters between the Triangular rules core and its drawing layer.
//!
//! The core numbers the 96 cells by its own bit layout ([`Cell::index`]); the drawing
//! layer numbers them row-major ([`TriCell`]). Both agree on the cell *names* (`c1d`),
//! so the two numberings are matched once, by name, into lookup tables.

use std::sync::OnceLock;

use super::overlay::{Arrow, BoardOverlay, CellId};
use super::triangular::{CELL_COUNT, TriCell, TriPieces};
use crate::core::triangular::{Cell, Position};

struct Tables {
    /// Core index → drawing index.
    to_tri: [u8; CELL_COUNT],
    /// Drawing index → core index.
    to_core: [u8; CELL_COUNT],
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let mut to_tri = [0u8; CELL_COUNT];
        let mut to_core = [0u8; CELL_COUNT];
        for cell in Cell::all() {
            let tri =
                TriCell::from_name(&cell.to_string()).expect("every core cell has a drawing cell of the same name");
            to_tri[cell.slot() as usize] = tri.index();
            to_core[tri.index() as usize] = cell.slot();
        }
        Tables { to_tri, to_core }
    })
}

/// The drawing cell of a core Triangular cell (the same name).
pub fn tri_cell(cell: Cell) -> TriCell {
    TriCell(tables().to_tri[cell.slot() as usize])
}

/// The core Triangular cell of a drawing cell (the same name).
pub fn core_cell(cell: TriCell) -> Cell {
    Cell::from_slot(tables().to_core[cell.index() as usize]).expect("valid core index")
}

/// A core cell index (`Cell::index`) as a drawing index (`TriCell::index`); `None` when
/// out of range.
pub fn tri_id(core_index: CellId) -> Option<CellId> {
    tables().to_tri.get(core_index as usize).copied()
}

/// A drawing index (`TriCell::index`) as a core cell index (`Cell::index`); `None` when
/// out of range.
pub fn core_id(tri_index: CellId) -> Option<CellId> {
    tables().to_core.get(tri_index as usize).copied()
}

/// The pieces of a real position, indexed for the drawing layer.
pub fn tri_pieces_of(position: &Position) -> TriPieces {
    let mut out: TriPieces = [None; CELL_COUNT];
    for cell in Cell::all() {
        if let Some(piece) = position.piece_at(cell) {
            out[tri_cell(cell).index() as usize] = Some((piece.side, piece.kind));
        }
    }
    out
}

/// The pieces of an unchecked setup (board editor), indexed for the drawing layer.
pub fn tri_pieces_of_setup(setup: &crate::core::triangular::Setup) -> TriPieces {
    let mut out: TriPieces = [None; CELL_COUNT];
    for cell in Cell::all() {
        if let Some(piece) = setup.board[cell.slot() as usize] {
            out[tri_cell(cell).index() as usize] = Some((piece.side, piece.kind));
        }
    }
    out
}

/// An overlay whose cells are core Triangular indices, renumbered for
/// [`TriangularView::scene`](super::triangular::TriangularView::scene) (cells out of
/// range are dropped).
pub fn tri_overlay(overlay: &BoardOverlay) -> BoardOverlay {
    let one = |c: CellId| tri_id(c);
    let many = |v: &[CellId]| v.iter().filter_map(|&c| one(c)).collect::<Vec<_>>();
    BoardOverlay {
        selected: overlay.selected.and_then(one),
        targets: many(&overlay.targets),
        captures: many(&overlay.captures),
        last_move: overlay.last_move.and_then(|(a, b)| Some((one(a)?, one(b)?))),
        in_target: many(&overlay.in_target),
        hover: overlay.hover.and_then(one),
        arrows: overlay
            .arrows
            .iter()
            .filter_map(|a| Some(Arrow { from: one(a.from)?, to: one(a.to)?, color: a.color }))
            .collect(),
        marked_cells: overlay.marked_cells.iter().filter_map(|&(c, m)| Some((one(c)?, m))).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::triangular::opening;

    #[test]
    fn every_cell_round_trips_by_name() {
        let mut seen = [false; CELL_COUNT];
        for cell in Cell::all() {
            let tri = tri_cell(cell);
            assert_eq!(tri.name(), cell.to_string());
            assert_eq!(core_cell(tri), cell);
            assert_eq!(tri_id(cell.slot()), Some(tri.index()));
            assert_eq!(core_id(tri.index()), Some(cell.slot()));
            assert!(!seen[tri.index() as usize], "two core cells map to {}", tri.name());
            seen[tri.index() as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
        for tri in TriCell::all() {
            assert_eq!(tri_cell(core_cell(tri)), tri);
        }
        assert_eq!(tri_id(96), None);
        assert_eq!(core_id(200), None);
    }

    #[test]
    fn opening_matches_the_drawing_layers_opening() {
        let pieces = tri_pieces_of(&Position::opening());
        assert_eq!(pieces, opening());
        assert_eq!(pieces.iter().flatten().count(), 2 * 14);
    }

    #[test]
    fn overlay_is_renumbered() {
        let c: Cell = "c1d".parse().unwrap();
        let ov = BoardOverlay { selected: Some(c.slot()), targets: vec![c.slot(), 250], ..Default::default() };
        let t = tri_overlay(&ov);
        assert_eq!(t.selected, Some(tri_cell(c).index()));
        assert_eq!(t.targets, vec![tri_cell(c).index()]);
    }
}
