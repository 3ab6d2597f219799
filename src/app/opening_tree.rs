//! The opening tree (View → Opening tree): for the shown position, every move the open
//! file's games played from it in their main lines — how many games, how they ended
//! for the side that played it (won / drawn / lost and the score), and, while the
//! analysis runs, the engine's score for the moves among its lines. Positions reached
//! by different move orders are one (they are found by their Zobrist key). A click on
//! a move plays it; a click on its count keeps those games in the games list.
//!
//! The tree is worked out again only when the position or the document changes: the
//! games that hold the position anywhere come from a position index (built once per
//! change to the list of games), and only they are walked.

use egui::RichText;

use super::command::{Action, Command, GameCommand};
use super::document::Document;
use super::games_list::IndexCache;
use crate::core::game::Variant;
use crate::record::collection::{TreeMove, games_playing, main_line_reaches, opening_tree};

/// The opening tree window's state: what it last worked out.
#[derive(Default)]
pub struct OpeningTree {
    tree: Option<Worked>,
}

/// The tree as last worked out.
struct Worked {
    /// For which document revision, game and position key.
    for_: (u64, Variant, u64),
    /// The moves played from the position.
    moves: Vec<TreeMove>,
    /// How many games reach the position in their main line.
    reaching: usize,
}

impl OpeningTree {
    /// The moves from the shown position and how many games reach it; `None` while the
    /// index is built.
    fn refresh(
        &mut self,
        index: &mut IndexCache,
        document: &Document,
        position: (Variant, u64),
    ) -> Option<(&[TreeMove], usize)> {
        let wanted = (document.revision(), position.0, position.1);
        if self.tree.as_ref().is_none_or(|w| w.for_ != wanted) {
            let games: Vec<usize> = index.candidates(document, position)?;
            let moves = opening_tree(games.iter().map(|&i| &*document.games[i]), position.0, position.1);
            let reaching = games.iter().filter(|&&i| main_line_reaches(&document.games[i], position.1)).count();
            self.tree = Some(Worked { for_: wanted, moves, reaching });
        }
        self.tree.as_ref().map(|w| (w.moves.as_slice(), w.reaching))
    }

    /// The opening tree pane. `scores` are the analysis's first moves and scores.
    #[allow(clippy::too_many_arguments)] // the pane reads each of the app's parts it shows
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        document: &Document,
        position: (Variant, u64),
        scores: &[(String, String)],
        index: &mut IndexCache,
        commands: &mut Vec<Command>,
    ) {
        {
            {
                let Some((moves, reaching)) = self.refresh(index, document, position) else {
                    ui.horizontal(|ui| {
                        crate::app::busy::busy_ui(ui);
                        ui.label("Indexing the games…");
                    });
                    return;
                };
                let n = document.games.len();
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
                                    "Engine" => header.on_hover_text(
                                        "The analysis's score of this move, from the first player's point of view \
                                         (as the analysis pane writes it)",
                                    ),
                                    _ => header,
                                };
                            }
                            ui.end_row();
                            for m in moves {
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
                                    filter = Some(m.notation.clone());
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
                if let Some(notation) = filter {
                    let games = games_playing(document.games.iter().map(|g| &**g), position.0, position.1, &notation);
                    commands.push(Command::Act(Action::FilterGames(format!("played {notation} here"), games)));
                }
            }
        }
    }
}
