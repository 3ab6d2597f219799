//! Game → Export GIF…: the shown game, or a stretch of its main line, as an animated
//! GIF ([`crate::render::gif`]) with its study marks, the record's variations and,
//! when asked, the engine's move in every position as arrows, and the moves and
//! clocks under the board. The GIF is made and written on a background thread
//! ([`GifJob`]) with a progress bar and Cancel; `orrery gif` makes the same bytes
//! through [`crate::study::gif::gif_bytes`].

use std::path::PathBuf;

use egui::RichText;

use super::jobs::{Job, JobPoll};
use crate::record::AnyGame;
use crate::render::gif::{DELAY_RANGE, GifOptions};
use crate::study::gif::{DEFAULT_ENGINE_NODES, gif_bytes};

/// A GIF being made and written on a background thread.
pub struct GifJob {
    /// Where it goes.
    pub path: PathBuf,
    job: Job<Result<usize, String>>,
}

impl GifJob {
    /// Starts making the GIF of `game` with `form`'s choices and writing it atomically
    /// to `path`.
    pub fn start(game: std::sync::Arc<AnyGame>, form: &GifForm, path: PathBuf) -> GifJob {
        let (options, from, to) = (form.options(), form.from, Some(form.to));
        let engine_nodes = form.engine_arrows.then_some(form.engine_nodes);
        let to_path = path.clone();
        let job = Job::start("gif", move |control| {
            let progress = |d: usize, t: usize| control.set_progress(d, t);
            let cancel = control.cancel_flag();
            let bytes =
                crate::with_game!(&*game, g => gif_bytes(g, from, to, &options, engine_nodes, &progress, cancel))
                    .map_err(|e| e.to_string())?;
            crate::files::write_atomic_bytes(&to_path, &bytes).map_err(|e| e.to_string())?;
            Ok(bytes.len())
        });
        GifJob { path, job }
    }

    /// The share done, `0.0..=1.0`.
    pub fn progress(&self) -> f32 {
        self.job.fraction()
    }

    /// Asks the thread to stop; [`GifJob::poll`] then gives `Err("cancelled")`.
    pub fn cancel(&self) {
        self.job.cancel();
    }

    /// The outcome once the thread has finished: the bytes written, or why not.
    pub fn poll(&mut self) -> Option<Result<usize, String>> {
        match self.job.poll() {
            JobPoll::Running => None,
            JobPoll::Done(result) => Some(result),
            JobPoll::Gone => Some(Err("the GIF could not be made".into())),
        }
    }
}

/// The Export GIF window's choices.
#[derive(Clone, Debug, PartialEq)]
pub struct GifForm {
    /// Width in pixels (16 to 8192).
    pub size_px: u32,
    /// Each frame's time on screen, in milliseconds.
    pub delay_ms: u32,
    /// The last frame's time on screen, in milliseconds.
    pub last_delay_ms: u32,
    /// The first frame: the position after this many plies of the main line.
    pub from: usize,
    /// The last frame: the position after this many plies.
    pub to: usize,
    /// Plies in the main line (the range's end).
    pub length: usize,
    /// The board turned half a turn.
    pub flipped: bool,
    /// Row and index labels.
    pub coordinates: bool,
    /// The record's study marks.
    pub marks: bool,
    /// Arrows for the record's variations (a game report's better moves).
    pub variation_arrows: bool,
    /// The engine's move in every position, as a blue arrow.
    pub engine_arrows: bool,
    /// Nodes a position for engine arrows.
    pub engine_nodes: u64,
    /// The move under the board.
    pub move_captions: bool,
    /// Both clocks under the board.
    pub clocks: bool,
    /// A bold title under the board (empty: none).
    pub title: String,
    /// Black and white.
    pub printable: bool,
    /// The frame the window previews: the position after this many plies (kept
    /// between `from` and `to`).
    pub preview_ply: usize,
}

/// A game's players as a GIF's title ("Ann – Bob"; one name when the other is not
/// known), by the game's own player tags (`White`/`Black`, `Positive`/`Negative`); a
/// puzzle without players by its `Title`; empty when there is none of these.
pub fn players_title(game: &AnyGame) -> String {
    let tags = game.tags();
    let [.., first, second] = crate::record::game::roster(game.variant());
    let known = |key: &str| tags.get(key).map(str::trim).filter(|v| !v.is_empty() && *v != "?").map(str::to_string);
    match (known(first), known(second)) {
        (Some(a), Some(b)) => format!("{a} – {b}"),
        (Some(a), None) | (None, Some(a)) => a,
        (None, None) => known("Title").unwrap_or_default(),
    }
}

impl GifForm {
    /// The choices for a game with `length` plies in its main line, as the app shows
    /// it now: the whole main line, the players as the title, engine arrows when the
    /// analysis is on.
    pub fn new(game: &AnyGame, flipped: bool, coordinates: bool, marks: bool, analysis: bool) -> GifForm {
        let defaults = GifOptions::default();
        let title = players_title(game);
        let length = game.main_line_len();
        GifForm {
            size_px: defaults.size_px,
            delay_ms: defaults.delay_ms,
            last_delay_ms: defaults.last_delay_ms,
            from: 0,
            to: length,
            length,
            flipped,
            coordinates,
            marks,
            variation_arrows: defaults.variation_arrows,
            engine_arrows: analysis,
            engine_nodes: DEFAULT_ENGINE_NODES,
            move_captions: defaults.move_captions,
            clocks: game.tags().get("TimeControl").is_some(),
            title,
            printable: false,
            preview_ply: 0,
        }
    }

    /// The same choices for another game: the range is the whole of its main line.
    pub fn for_game(mut self, game: &AnyGame, last_game: &AnyGame) -> GifForm {
        // A title typed stays; the last game's players give way to this game's.
        if self.title.trim().is_empty() || self.title == players_title(last_game) {
            self.title = players_title(game);
        }
        self.length = game.main_line_len();
        self.from = 0;
        self.to = self.length;
        self.preview_ply = 0;
        self
    }

    /// The GIF options these choices make.
    pub fn options(&self) -> GifOptions {
        GifOptions {
            size_px: self.size_px.clamp(16, 8192),
            flipped: self.flipped,
            coordinates: self.coordinates,
            marks: self.marks,
            variation_arrows: self.variation_arrows,
            move_captions: self.move_captions,
            clocks: self.clocks,
            title: self.title.trim().to_string(),
            printable: self.printable,
            delay_ms: self.delay_ms.clamp(*DELAY_RANGE.start(), *DELAY_RANGE.end()),
            last_delay_ms: self.last_delay_ms.clamp(*DELAY_RANGE.start(), *DELAY_RANGE.end()),
        }
    }

    /// The GIF options of the preview: [`GifForm::options`] at the preview's width.
    pub fn preview_options(&self) -> GifOptions {
        GifOptions { size_px: crate::app::export::PREVIEW_PX, ..self.options() }
    }

    /// The Export GIF window; `path` is the typed path when no file chooser exists,
    /// `job` the GIF being made (its progress and Cancel replace the buttons),
    /// `preview` the frame at [`GifForm::preview_ply`] as the choices draw it.
    pub fn ui(
        &mut self,
        ctx: &egui::Context,
        path: &mut Option<String>,
        job: Option<&GifJob>,
        preview: Option<&egui::TextureHandle>,
    ) -> Option<GifAction> {
        let mut action = None;
        crate::app::theme::dialog("Export GIF", ctx).resizable(false).show(ctx, |ui| {
            if let Some(job) = job {
                ui.label(format!("Writing {}…", job.path.display()));
                ui.add(egui::ProgressBar::new(job.progress()).show_percentage());
                if ui.button("Cancel").clicked() {
                    action = Some(GifAction::Cancel);
                }
                return;
            }
            ui.horizontal_top(|ui| {
                ui.vertical(|ui| {
                    ui.set_max_width(420.0);
                    self.choices_ui(ui, path, &mut action);
                });
                ui.separator();
                ui.vertical(|ui| {
                    ui.set_max_width(crate::app::export::PREVIEW_PX as f32);
                    ui.label(RichText::new("Preview").weak());
                    if let Some(texture) = preview {
                        let size = texture.size_vec2();
                        let scale = (crate::app::export::PREVIEW_PX as f32 / size.x.max(1.0)).min(1.0);
                        let said = format!(
                            "The frame after {} pl{}",
                            self.preview_ply,
                            if self.preview_ply == 1 { "y" } else { "ies" }
                        );
                        ui.image((texture.id(), size * scale))
                            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &said));
                    }
                    let label = ui.label("Frame (ply)");
                    ui.add(egui::Slider::new(&mut self.preview_ply, self.from..=self.to.max(self.from)))
                        .labelled_by(label.id);
                    if self.engine_arrows {
                        ui.label(RichText::new("The engine's arrows are worked out when the GIF is made.").weak());
                    }
                });
            });
        });
        action
    }

    /// The window's choices and buttons.
    fn choices_ui(&mut self, ui: &mut egui::Ui, path: &mut Option<String>, action: &mut Option<GifAction>) {
        {
            egui::Grid::new("gif-form").num_columns(2).show(ui, |ui| {
                let label = ui.label("From ply");
                ui.add(egui::DragValue::new(&mut self.from).range(0..=self.length)).labelled_by(label.id);
                ui.end_row();
                let label = ui.label("To ply");
                ui.add(egui::DragValue::new(&mut self.to).range(0..=self.length)).labelled_by(label.id);
                ui.end_row();
                let label = ui.label("Width in pixels");
                ui.add(egui::DragValue::new(&mut self.size_px).range(16..=8192)).labelled_by(label.id);
                ui.end_row();
                let label = ui.label("Each frame (ms)");
                ui.add(egui::DragValue::new(&mut self.delay_ms).range(DELAY_RANGE).speed(10)).labelled_by(label.id);
                ui.end_row();
                let label = ui.label("Last frame (ms)");
                ui.add(egui::DragValue::new(&mut self.last_delay_ms).range(DELAY_RANGE).speed(10))
                    .labelled_by(label.id);
                ui.end_row();
                let label = ui.label("Title");
                ui.add(egui::TextEdit::singleline(&mut self.title).desired_width(260.0)).labelled_by(label.id);
                ui.end_row();
            });
            self.from = self.from.min(self.to);
            self.preview_ply = self.preview_ply.clamp(self.from, self.to.max(self.from));
            ui.checkbox(&mut self.flipped, "Flipped (the second player at the bottom)");
            ui.checkbox(&mut self.coordinates, "Coordinates");
            ui.checkbox(&mut self.marks, "Study marks (arrows and cells)");
            ui.checkbox(&mut self.variation_arrows, "Variation arrows (yellow: the moves of variations)");
            ui.horizontal(|ui| {
                ui.checkbox(&mut self.engine_arrows, "Engine arrows (blue)");
                let label = ui.label("nodes a position");
                ui.add_enabled(
                    self.engine_arrows,
                    egui::DragValue::new(&mut self.engine_nodes).range(1_000..=10_000_000).speed(1_000),
                )
                .labelled_by(label.id);
            });
            ui.checkbox(&mut self.move_captions, "Moves under the board");
            ui.checkbox(&mut self.clocks, "Clocks under the board (from [%clk])");
            ui.checkbox(&mut self.printable, "Printable (black and white)");
            let frames = self.to.saturating_sub(self.from) + 1;
            ui.label(
                RichText::new(format!("{frames} frame{}, one a position.", if frames == 1 { "" } else { "s" })).weak(),
            );
            ui.horizontal(|ui| {
                if ui.button("Export GIF…").clicked() {
                    *action = Some(GifAction::Export);
                }
                if ui.button("Close").clicked() {
                    *action = Some(GifAction::Close);
                }
            });
            if let Some(text) = path {
                ui.separator();
                ui.label("No file chooser is available here: type the file's path (.gif).");
                let label = ui.label("Path");
                ui.add(egui::TextEdit::singleline(text).desired_width(360.0)).labelled_by(label.id);
                if ui.button("Write").clicked() {
                    *action = Some(GifAction::WriteTo(PathBuf::from(text.trim())));
                }
            }
        }
    }
}

/// What the user asked for in the Export GIF window.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GifAction {
    /// Export GIF… (choose a file).
    Export,
    /// Write to the path typed (no file chooser).
    WriteTo(PathBuf),
    /// Stop making the GIF.
    Cancel,
    /// Close the window.
    Close,
}

#[cfg(test)]
mod title_tests {
    use super::*;
    use crate::core::Variant;

    #[test]
    fn the_title_is_the_players_of_any_game_else_a_puzzle_s_title() {
        let mut game = AnyGame::new(Variant::Interstellar);
        assert_eq!(players_title(&game), "");
        crate::with_game!(&mut game, g => g.tags.set("Title", "The last gap"));
        assert_eq!(players_title(&game), "The last gap");
        crate::with_game!(&mut game, g => {
            g.tags.set("Positive", "Ann");
            g.tags.set("Negative", "Bob");
        });
        assert_eq!(players_title(&game), "Ann – Bob", "Interstellar's players too");
        let form = GifForm::new(&game, false, true, true, false);
        assert_eq!(form.title, "Ann – Bob");
        // A title typed stays for the next game; the players' title follows the game.
        let other = AnyGame::new(Variant::Triangular);
        assert_eq!(form.clone().for_game(&other, &game).title, "");
        let typed = GifForm { title: "My title".into(), ..form };
        assert_eq!(typed.for_game(&other, &game).title, "My title");
    }
}
