//! The board editor's window parts: the palette and controls beside the board, the
//! board itself in editing mode, and the Save as puzzle form.

use egui::{Color32, RichText};

use super::board::BoardEvent;
use super::setup::{PalettePiece, SetupBoard, SetupMode};
use super::ui::{OrreryApp, PendingAction};
use crate::core::game::{Game, Variant};
use crate::record::{AnyGame, GameRecord};
use crate::render::overlay::BoardOverlay;

/// The Save as puzzle form: the puzzle's stipulation and credits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleForm {
    /// `Target Out`, `win` or `mate`.
    pub goal: String,
    /// Moves of the attacker, 1 to 3.
    pub moves: u8,
    /// Title.
    pub title: String,
    /// Author.
    pub author: String,
    /// Where it comes from.
    pub source: String,
}

impl PuzzleForm {
    /// A form for a puzzle of `variant`: Target Out in 2, or mate in 2.
    pub fn new(variant: Variant) -> PuzzleForm {
        PuzzleForm {
            goal: match variant {
                Variant::Interstellar => "Target Out".into(),
                Variant::Triangular => "mate".into(),
            },
            moves: 2,
            title: String::new(),
            author: String::new(),
            source: String::new(),
        }
    }

    /// The stipulation text, e.g. `Target Out in 2`.
    pub fn stipulation(&self) -> String {
        format!("{} in {}", self.goal, self.moves)
    }
}

/// A puzzle record: the position, `[SetUp "1"]`/`[Position]` (written from the start
/// position), `[Stipulation]`, `[Title]`, `[Author]`, `[Source]`.
pub fn puzzle_record(setup: &SetupMode, form: &PuzzleForm) -> Option<AnyGame> {
    fn with_tags<G: Game>(position: G, form: &PuzzleForm) -> GameRecord<G> {
        let mut record = GameRecord::from_position(position);
        record.tags.set("Stipulation", &form.stipulation());
        for (key, value) in [("Title", &form.title), ("Author", &form.author), ("Source", &form.source)] {
            if !value.trim().is_empty() {
                record.tags.set(key, value.trim());
            }
        }
        record
    }
    match setup.to_session()? {
        super::session::Session::Interstellar(s) => Some(AnyGame::Interstellar(with_tags(s.record.start, form))),
        super::session::Session::Triangular(s) => Some(AnyGame::Triangular(with_tags(s.record.start, form))),
    }
}

impl OrreryApp {
    /// Game → Board editor: opens the editor on the position shown.
    pub fn open_board_editor(&mut self) {
        let text = super::session::with_session!(&self.session, s => s.position().position_string());
        self.setup = Some(SetupMode::from_position_string(self.session.variant(), &text));
        self.message = "Board editor: pick a piece on the right, click cells to place it; right-click or drag a piece off the board to remove it".into();
    }

    /// The palette and controls beside the board.
    pub(crate) fn setup_panel(&mut self, ui: &mut egui::Ui) {
        let Some(mut setup) = self.setup.take() else { return };
        let mut close = false;
        let mut play: Option<super::session::Session> = None;
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            ui.heading(format!("Board editor — {}", setup.variant().name()));
            ui.label(RichText::new("Choose a piece, then click cells to place it. Right-click a piece or drag it off the board to remove it; drag a piece to move it.").weak());
            ui.add_space(4.0);
            palette(ui, &mut setup);
            ui.add_space(6.0);
            ui.horizontal_wrapped(|ui| {
                if ui.button("Clear board").clicked() {
                    setup.clear();
                }
                if ui.button("Opening position").clicked() {
                    setup.opening();
                }
                if ui.button("Flip board").clicked() {
                    self.settings.flipped = !self.settings.flipped;
                }
            });
            let words = match setup.variant() {
                Variant::Interstellar => ("Positive to move", "Negative to move"),
                Variant::Triangular => ("White to move", "Black to move"),
            };
            let mut first = setup.first_player_to_move();
            ui.horizontal(|ui| {
                let a = ui.radio_value(&mut first, true, words.0).changed();
                let b = ui.radio_value(&mut first, false, words.1).changed();
                if a || b {
                    setup.set_first_player_to_move(first);
                }
            });
            names(ui, &mut setup);
            ui.add_space(6.0);
            let label = ui.label("Position string");
            let mut text = setup.text.clone();
            let edit = ui.add(egui::TextEdit::singleline(&mut text).desired_width(f32::INFINITY)).labelled_by(label.id);
            if edit.changed() {
                setup.set_text(text);
            }
            for p in &setup.text_problems {
                ui.label(RichText::new(p).color(Color32::from_rgb(230, 70, 60)));
            }
            ui.add_space(6.0);
            let problems = setup.problems();
            if problems.is_empty() {
                ui.label(RichText::new("Valid position").color(Color32::from_rgb(90, 190, 110)).strong());
                if let Some(outcome) = setup.outcome() {
                    ui.label(RichText::new(format!("The game is over here: {outcome}")).color(Color32::from_rgb(230, 180, 60)).strong());
                }
            } else {
                ui.label(RichText::new("Problems").strong());
                for p in &problems {
                    ui.label(RichText::new(format!("• {p}")).color(Color32::from_rgb(230, 70, 60)));
                }
            }
            ui.add_space(6.0);
            ui.horizontal_wrapped(|ui| {
                let valid = problems.is_empty();
                if ui.add_enabled(valid, egui::Button::new("Play from here")).clicked() {
                    play = setup.to_session();
                }
                if ui.add_enabled(valid, egui::Button::new("Save as puzzle…")).clicked() {
                    self.puzzle_form = Some(PuzzleForm::new(setup.variant()));
                }
                if ui.button("Close editor").clicked() {
                    close = true;
                }
            });
        });
        if !close {
            self.setup = Some(setup);
        }
        // Starting the game closes the editor (after the unsaved-work prompt, if any).
        if let Some(session) = play {
            self.request(PendingAction::PlayFrom(Box::new(session)));
        }
    }

    /// The board in editing mode.
    pub(crate) fn setup_board(&mut self, ui: &mut egui::Ui) {
        use super::board::BoardPieces;
        let Some(setup) = &self.setup else { return };
        let overlay = BoardOverlay { selected: setup.selected, hover: self.hover, ..BoardOverlay::default() };
        let response = match &setup.board {
            SetupBoard::Interstellar(s) => {
                let pieces = crate::render::interstellar::pieces_of_setup(s);
                self.show_board(ui, BoardPieces::Interstellar(&pieces), &overlay)
            }
            SetupBoard::Triangular(s) => {
                let pieces = crate::render::adapt::tri_pieces_of_setup(s);
                self.show_board(ui, BoardPieces::Triangular(&pieces), &overlay)
            }
        };
        for event in response.events {
            self.setup_event(event);
        }
    }

    /// One board event in the board editor: click places the chosen piece (the same
    /// piece again removes it; with no piece chosen a click selects for renaming),
    /// right-click removes, a drag moves, a drag off the board removes.
    pub fn setup_event(&mut self, event: BoardEvent) {
        let Some(setup) = &mut self.setup else { return };
        match event {
            BoardEvent::Clicked(cell) => match setup.chosen {
                Some(piece) if setup.piece_at(cell) == Some(piece) => setup.remove(cell),
                Some(piece) => setup.place(cell, piece),
                None => setup.selected = if setup.selected == Some(cell) { None } else { Some(cell) },
            },
            BoardEvent::RightClicked(cell) => setup.remove(cell),
            BoardEvent::Dropped { from, to: Some(to) } if from != to => setup.move_piece(from, to),
            BoardEvent::Dropped { from, to: None } => setup.remove(from),
            BoardEvent::Dropped { .. } | BoardEvent::DragStarted(_) | BoardEvent::RightDragged { .. } => {}
        }
    }

    /// The Save as puzzle form.
    pub(crate) fn puzzle_window(&mut self, ctx: &egui::Context) {
        let Some(mut form) = self.puzzle_form.clone() else { return };
        let Some(setup) = self.setup.clone() else {
            self.puzzle_form = None;
            return;
        };
        let mut keep = true;
        egui::Window::new("Save as puzzle").collapsible(false).show(ctx, |ui| {
            egui::Grid::new("puzzle-form").num_columns(2).show(ui, |ui| {
                let label = ui.label("Stipulation");
                ui.horizontal(|ui| {
                    let goals: &[&str] = match setup.variant() {
                        Variant::Interstellar => &["Target Out", "win"],
                        Variant::Triangular => &["mate"],
                    };
                    egui::ComboBox::from_id_salt("puzzle-goal")
                        .selected_text(form.goal.clone())
                        .show_ui(ui, |ui| {
                            for g in goals {
                                ui.selectable_value(&mut form.goal, g.to_string(), *g);
                            }
                        })
                        .response
                        .labelled_by(label.id);
                    let moves = ui.label("in");
                    ui.add(egui::DragValue::new(&mut form.moves).range(1..=3)).labelled_by(moves.id);
                    ui.label("moves");
                });
                ui.end_row();
                for (name, value) in
                    [("Title", &mut form.title), ("Author", &mut form.author), ("Source", &mut form.source)]
                {
                    let label = ui.label(name);
                    ui.add(egui::TextEdit::singleline(value).desired_width(280.0)).labelled_by(label.id);
                    ui.end_row();
                }
            });
            ui.horizontal(|ui| {
                if ui.button("Save puzzle…").clicked()
                    && let Some(game) = puzzle_record(&setup, &form)
                    && self.save_puzzle(game)
                {
                    keep = false;
                }
                if ui.button("Cancel").clicked() {
                    keep = false;
                }
            });
        });
        self.puzzle_form = keep.then_some(form);
    }

    /// Saves a puzzle record to a file chosen in the save dialog (its own file: the
    /// game being played is not touched). Returns whether it was saved.
    fn save_puzzle(&mut self, game: AnyGame) -> bool {
        let folder = self.settings.last_folder.clone();
        let Some(path) = self.dialogs.pick_save(folder.as_deref(), "puzzle.pgn") else {
            if self.dialogs.last_was_unavailable() {
                let dir = folder.or_else(|| std::env::current_dir().ok()).unwrap_or_default();
                self.path_prompt = Some(super::ui::PathPrompt {
                    save: true,
                    text: dir.join("puzzle.pgn").display().to_string(),
                    puzzle: Some(Box::new(game)),
                });
                return true;
            }
            return false;
        };
        self.write_puzzle(&path, &game)
    }

    /// Writes a puzzle record to `path` (atomically). Returns whether it was written.
    pub(crate) fn write_puzzle(&mut self, path: &std::path::Path, game: &AnyGame) -> bool {
        let path = path.to_path_buf();
        match crate::files::write_record_file(&path, std::slice::from_ref(game)) {
            Ok(()) => {
                self.settings.remember(path.clone());
                self.message = format!("Puzzle saved to {}", path.display());
                true
            }
            Err(e) => {
                self.error_list = Some(("Could not save".into(), vec![format!("{}: {e}", path.display())]));
                false
            }
        }
    }
}

/// The palette: one button per piece of each side, drawn with the board's glyphs.
fn palette(ui: &mut egui::Ui, setup: &mut SetupMode) {
    let pieces = PalettePiece::all(setup.variant());
    for row in pieces.chunks(6) {
        ui.horizontal(|ui| {
            for &piece in row {
                let selected = setup.chosen == Some(piece);
                let (rect, response) = ui.allocate_exact_size(egui::vec2(40.0, 40.0), egui::Sense::click());
                let label = piece.label();
                response.widget_info(|| egui::WidgetInfo::selected(egui::Role::Button, true, selected, &label));
                let visuals = ui.style().interact_selectable(&response, selected);
                if selected || response.hovered() {
                    ui.painter().rect(rect, 4.0, visuals.bg_fill, visuals.bg_stroke, egui::StrokeKind::Inside);
                }
                let items = palette_glyph(piece);
                let t = super::painter::fit_size(1.0, 1.0, rect.shrink(4.0));
                for item in &items {
                    super::painter::paint_item(ui.painter(), item, &t);
                }
                if response.on_hover_text(&label).clicked() {
                    setup.chosen = if selected { None } else { Some(piece) };
                }
            }
        });
    }
    let hint = match setup.chosen {
        Some(p) => format!("Placing: {} (click it again to stop)", p.label()),
        None => "No piece chosen: a click selects a piece (to rename it)".to_string(),
    };
    ui.label(RichText::new(hint).weak());
}

/// The glyph of a palette piece, in the unit box.
fn palette_glyph(piece: PalettePiece) -> Vec<crate::render::scene::Item> {
    use crate::render::glyphs::{Army, glyph};
    match piece {
        PalettePiece::Interstellar(side, kind) => {
            let army = if side == crate::core::interstellar::Side::Positive { Army::Light } else { Army::Dark };
            glyph(crate::render::interstellar::glyph_of(kind), army)
        }
        PalettePiece::Triangular(color, role) => {
            let army = if color == crate::core::triangular::Side::White { Army::Light } else { Army::Dark };
            glyph(crate::render::triangular::glyph_of(role, false), army)
        }
    }
}

/// The name chooser for the selected Interstellar piece.
fn names(ui: &mut egui::Ui, setup: &mut SetupMode) {
    let Some(cell) = setup.selected else { return };
    let Some(current) = setup.name_at(cell) else { return };
    let free = setup.free_names(cell);
    if free.len() < 2 {
        ui.label(RichText::new(format!("Selected piece: {} (no other name is free)", current.as_str())).weak());
        return;
    }
    ui.horizontal(|ui| {
        let label = ui.label("Selected piece's name");
        let mut chosen = current;
        egui::ComboBox::from_id_salt("setup-name")
            .selected_text(current.as_str())
            .show_ui(ui, |ui| {
                for n in &free {
                    ui.selectable_value(&mut chosen, *n, n.as_str());
                }
            })
            .response
            .labelled_by(label.id);
        if chosen != current {
            setup.rename(cell, chosen);
        }
    });
}
