//! A window with one board: `board_demo [interstellar|triangular]`.
//!
//! Click or drag pieces (moved freely: the demo knows no rules), right-drag for arrows,
//! right-click to mark a cell, F to flip, C to toggle coordinates, Escape to clear marks.
//! One generic demo serves both games through the board widget's [`DrawGame`] seam.

use eframe::egui;
use orrery::app::board::{BoardEvent, BoardWidget};
use orrery::core::{BoardSetup, interstellar, triangular};
use orrery::render::overlay::{Arrow, BoardOverlay, MarkColor};
use orrery::render::view::DrawGame;

struct Demo<G: DrawGame> {
    setup: G::Setup,
    overlay: BoardOverlay<G::Cell>,
    flipped: bool,
    coordinates: bool,
    dragging: Option<G::Cell>,
}

impl<G: DrawGame> Demo<G> {
    fn new() -> Demo<G> {
        Demo {
            setup: G::opening().to_setup(),
            overlay: BoardOverlay::default(),
            flipped: false,
            coordinates: true,
            dragging: None,
        }
    }

    fn move_piece(&mut self, from: G::Cell, to: G::Cell) {
        if self.setup.move_piece(from, to) {
            self.overlay.last_move = Some((from, to));
        }
        self.overlay.selected = None;
    }
}

impl<G: DrawGame> eframe::App for Demo<G> {
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
            let r = BoardWidget::<G>::new(&self.setup, &self.overlay)
                .flipped(self.flipped)
                .coordinates(self.coordinates)
                .dragging(self.dragging)
                .show(ui);
            self.overlay.hover = r.hovered;
            for event in r.events {
                match event {
                    BoardEvent::Clicked(c) => match self.overlay.selected {
                        Some(s) if s != c => self.move_piece(s, c),
                        _ if self.setup.piece_at(c).is_some() => self.overlay.selected = Some(c),
                        _ => self.overlay.selected = None,
                    },
                    BoardEvent::DragStarted(c) => {
                        if self.setup.piece_at(c).is_some() {
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
    eframe::run_native(
        "Orrery board demo",
        options,
        Box::new(move |_cc| {
            Ok(if triangular {
                Box::new(Demo::<triangular::Position>::new()) as Box<dyn eframe::App>
            } else {
                Box::new(Demo::<interstellar::Position>::new())
            })
        }),
    )
}
