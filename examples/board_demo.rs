//! A window with one board: `board_demo [interstellar|triangular]`.
//!
//! Click or drag pieces (moved freely: the demo knows no rules), right-drag for arrows,
//! right-click to mark a cell, F to flip, C to toggle coordinates, Escape to clear marks.

use eframe::egui;
use orrery::app::board::{BoardEvent, BoardPieces, BoardWidget};
use orrery::core::{interstellar, triangular};
use orrery::render::adapt::{tri_id, tri_pieces_of};
use orrery::render::interstellar::pieces_of;
use orrery::render::overlay::{Arrow, BoardOverlay, CellId, MarkColor};
use orrery::render::triangular::TriPieces;

struct Demo {
    triangular: bool,
    inter: Vec<(interstellar::Cell, interstellar::NamedPiece)>,
    tri: TriPieces,
    overlay: BoardOverlay,
    flipped: bool,
    coordinates: bool,
    dragging: Option<CellId>,
}

impl Demo {
    fn new(triangular: bool) -> Demo {
        let mut overlay = BoardOverlay::default();
        if triangular {
            let id = |n: &str| n.parse::<triangular::Cell>().expect("cell").slot();
            overlay.last_move = Some((id("d2d"), id("d4d")));
            overlay.arrows.push(Arrow { from: id("e2l"), to: id("e5l"), color: MarkColor::Green });
        } else {
            let slot = |r, i| interstellar::Cell::new(r, i).expect("cell").slot();
            overlay.last_move = Some((slot(2, 3), slot(4, 4)));
            overlay.arrows.push(Arrow { from: slot(2, 5), to: slot(5, 6), color: MarkColor::Green });
        }
        Demo {
            triangular,
            inter: pieces_of(&interstellar::Position::opening()),
            tri: tri_pieces_of(&triangular::Position::opening()),
            overlay,
            flipped: false,
            coordinates: true,
            dragging: None,
        }
    }

    fn has_piece(&self, cell: CellId) -> bool {
        if self.triangular {
            tri_id(cell).is_some_and(|t| self.tri[t as usize].is_some())
        } else {
            self.inter.iter().any(|(c, _)| c.slot() == cell)
        }
    }

    fn move_piece(&mut self, from: CellId, to: CellId) {
        if from == to {
            return;
        }
        if self.triangular {
            let (Some(a), Some(b)) = (tri_id(from), tri_id(to)) else { return };
            self.tri[b as usize] = self.tri[a as usize].take();
        } else {
            let Some(dest) = interstellar::Cell::from_slot(to) else { return };
            self.inter.retain(|(c, _)| c.slot() != to);
            if let Some(entry) = self.inter.iter_mut().find(|(c, _)| c.slot() == from) {
                entry.0 = dest;
            }
        }
        self.overlay.last_move = Some((from, to));
        self.overlay.selected = None;
    }
}

impl eframe::App for Demo {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        if ui.input(|i| i.key_pressed(egui::Key::F)) {
            self.flipped = !self.flipped;
        }
        if ui.input(|i| i.key_pressed(egui::Key::C)) {
            self.coordinates = !self.coordinates;
        }
        if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
            self.overlay.arrows.clear();
            self.overlay.marked_cells.clear();
        }
        egui::CentralPanel::default().show(ui, |ui| {
            let pieces = if self.triangular {
                BoardPieces::Triangular(&self.tri)
            } else {
                BoardPieces::Interstellar(&self.inter)
            };
            let r = BoardWidget::new(pieces, &self.overlay)
                .flipped(self.flipped)
                .coordinates(self.coordinates)
                .dragging(self.dragging)
                .show(ui);
            self.overlay.hover = r.hovered;
            for event in r.events {
                match event {
                    BoardEvent::Clicked(c) => match self.overlay.selected {
                        Some(s) if s != c => self.move_piece(s, c),
                        _ if self.has_piece(c) => self.overlay.selected = Some(c),
                        _ => self.overlay.selected = None,
                    },
                    BoardEvent::DragStarted(c) => {
                        if self.has_piece(c) {
                            self.dragging = Some(c);
                            self.overlay.selected = Some(c);
                        }
                    }
                    BoardEvent::Dropped { from, to } => {
                        if self.dragging.take().is_some()
                            && let Some(to) = to
                        {
                            self.move_piece(from, to);
                        }
                    }
                    BoardEvent::RightClicked(c) => {
                        let before = self.overlay.marked_cells.len();
                        self.overlay.marked_cells.retain(|&(m, _)| m != c);
                        if self.overlay.marked_cells.len() == before {
                            self.overlay.marked_cells.push((c, MarkColor::Red));
                        }
                    }
                    BoardEvent::RightDragged { from, to } => {
                        self.overlay.arrows.push(Arrow { from, to, color: MarkColor::Yellow })
                    }
                }
            }
        });
    }
}

fn main() -> eframe::Result {
    let triangular = std::env::args().nth(1).is_some_and(|a| a.starts_with('t'));
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default().with_inner_size([1000.0, 760.0]).with_title("Orrery board demo"),
        ..Default::default()
    };
    eframe::run_native("Orrery board demo", options, Box::new(move |_cc| Ok(Box::new(Demo::new(triangular)))))
}
