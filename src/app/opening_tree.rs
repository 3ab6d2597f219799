//! The opening tree (View → Opening tree): for the shown position, every move the open
//! file's games played from it in their main lines — how many games, how they ended
//! for the side that played it (won / drawn / lost and the score), and, while the
//! analysis runs, the engine's score for the moves among its lines. Positions reached
//! by different move orders are one (they are found by their Zobrist key). A click on
//! a move plays it; a click on its count keeps those games in the games list.
//!
//! The tree is worked out again, on a thread, only when the position or the document
//! changes ([`PositionFinder`], which the games list's position search shares): every
//! game is walked once, read again from its text when it is not held.

use egui::RichText;

use super::command::{Action, Command, GameCommand};
use super::document::Document;
use super::games_list::PositionFinder;
use crate::core::game::Variant;

/// The opening tree window (what it shows comes from the [`PositionFinder`]).
#[derive(Default)]
pub struct OpeningTree;

impl OpeningTree {
    /// The opening tree pane. `scores` are the analysis's first moves and scores.
    #[allow(clippy::too_many_arguments)] // the pane reads each of the app's parts it shows
    pub fn ui(
        &self,
        ui: &mut egui::Ui,
        document: &Document,
        position: (Variant, u64),
        scores: &[(String, String)],
        finder: &mut PositionFinder,
        commands: &mut Vec<Command>,
    ) {
        {
            {
                let Some(found) = finder.get(document, position) else {
                    ui.horizontal(|ui| {
                        crate::app::busy::busy_ui(ui);
                        ui.label("Searching the games…");
                    });
                    return;
                };
                let (moves, reaching) = (&found.moves, found.reaching);
                let n = document.len();
                ui.label(
                    RichText::new(format!(
                        "{reaching} of {n} game{} reach{} this position in their main line",
                        if n == 1 { "" } else { "s" },
                        if reaching == 1 { "es" } else { "" }
                    ))
                    .weak(),
                );
                if moves.is_empty() {
                    ui.label("No game plays on from here.");
                    return;
                }
                let mut play = None;
                let mut filter = None;
                egui::ScrollArea::vertical()
                    .max_height(ui.available_height().max(80.0))
                    .auto_shrink([false, true])
                    .show(ui, |ui| {
                        egui::Grid::new("opening-tree").num_columns(5).striped(true).show(ui, |ui| {
                            for title in ["Move", "Games", "Score", "Won / drawn / lost", "Engine"] {
                                let header = ui.label(RichText::new(title).strong());
                                match title {
                                    "Score" => header.on_hover_text(
                                        "The share of the points the side that played this move made in these games",
                                    ),
                                    "Won / drawn / lost" => header.on_hover_text(
                                        "How the games that played this move ended, for the side that played it \
                                         (unfinished games count in Games only)",
                                    ),
                                    "Engine" => header.on_hover_text(
                                        "The analysis's score of this move, from the first player's point of view \
                                         (as the analysis pane writes it)",
                                    ),
                                    _ => header,
                                };
                            }
                            ui.end_row();
                            for (k, m) in moves.iter().enumerate() {
                                let button = ui.button(&m.notation);
                                // Read out as what it does: the move list shows the same text.
                                let label = format!("Play {}", m.notation);
                                button.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
                                if button.on_hover_text("Play this move").clicked() {
                                    play = Some(m.mv);
                                }
                                let games = format!("{} game{}", m.games, if m.games == 1 { "" } else { "s" });
                                if ui
                                    .add(egui::Button::new(games).frame(false))
                                    .on_hover_text("Show these games in the games list")
                                    .clicked()
                                {
                                    filter = Some((k, m.notation.clone()));
                                }
                                ui.label(
                                    m.score_percent()
                                        .map_or_else(|| "–".to_string(), |p| format!("{} %", (p + 0.5).floor())),
                                );
                                ui.label(format!("{} / {} / {}", m.won, m.drawn, m.lost));
                                let engine = scores.iter().find(|(n, _)| *n == m.notation).map(|(_, s)| s.as_str());
                                ui.label(engine.unwrap_or(""));
                                ui.end_row();
                            }
                        });
                    });
                if let Some(mv) = play {
                    commands.push(Command::Game(GameCommand::PlayMoves(vec![mv])));
                }
                if let Some((k, notation)) = filter {
                    let games = found.games_playing(k);
                    commands.push(Command::Act(Action::FilterGames(format!("played {notation} here"), games)));
                }
            }
        }
    }
}
