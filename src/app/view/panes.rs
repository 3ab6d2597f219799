//! Drawing the shown game: [`GameUi`], the panes' face of the shown game. Every method
//! reads the game (`&self`) and pushes [`Command`]s; what the panes keep between frames
//! (the board's pointer, the Resign question) is theirs, passed in. [`ui_of`] opens the
//! erased [`ShownGame`] for drawing: the model does not know this trait.

use super::*;
use crate::app::board::{BoardEvent, BoardPointer, BoardWidget};
use crate::app::command::Command;
use crate::app::move_list::MoveListPanel;
use crate::app::promotion::{PromotionOutcome, PromotionPicker};
use crate::app::settings::Settings;

/// The panes' view of the shown game: the board, the board editor, the move list, the
/// analysis, the game report, the clocks, the opponent and the promotion picker.
pub trait GameUi {
    /// The name of the cell under the pointer, if any ([`DrawGame::cell_caption`]).
    fn hovered_cell(&self, pointer: &BoardPointer) -> Option<String>;
    /// The analysis panel.
    fn analysis_ui(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>);
    /// The game-against-the-computer panel (who plays what, thinking, Take back), when
    /// the game has an opponent; `resign_asked`: the panel asks "Resign this game?".
    fn opponent_ui(&self, ui: &mut egui::Ui, resign_asked: &mut bool, commands: &mut Vec<Command>);
    /// The board, its events pushed as commands; the pointer's hover, drag and the
    /// board's rectangle kept in `pointer`.
    fn board_ui(&self, ui: &mut egui::Ui, pointer: &mut BoardPointer, settings: &Settings, commands: &mut Vec<Command>);
    /// The board editor's board, its events pushed as [`GameCommand::Setup`].
    fn setup_board_ui(
        &self,
        ui: &mut egui::Ui,
        pointer: &mut BoardPointer,
        settings: &Settings,
        commands: &mut Vec<Command>,
    );
    /// The board editor's palette and controls.
    fn setup_panel_ui(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>);
    /// The puzzle panel, when a puzzle is open.
    fn puzzle_panel_ui(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>);
    /// The move list.
    fn move_list_ui(&self, ui: &mut egui::Ui, panel: &mut MoveListPanel, commands: &mut Vec<Command>);
    /// The promotion picker, while a promotion waits.
    fn promotion_ui(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>);
    /// The game report's pane: progress and Cancel while it runs; then the evaluation
    /// graph, the per-side summary and "Learn from your mistakes".
    fn report_ui(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>);
    /// The two clock faces, the top one first (as the board is turned), with Pause and
    /// the added-time buttons.
    fn clock_ui(&self, ui: &mut egui::Ui, settings: &Settings, commands: &mut Vec<Command>);
    /// The evaluation bar beside the board in `rect`, while the analysis runs.
    fn eval_bar_ui(&self, ui: &mut egui::Ui, rect: egui::Rect, settings: &Settings);
    /// The centre of the cell with this slot on the board as drawn last frame.
    fn cell_px(&self, pointer: &BoardPointer, slot: u8, settings: &Settings) -> Option<egui::Pos2>;
}

/// The shown game, to draw.
pub fn ui_of(view: &ShownGame) -> &dyn GameUi {
    match view {
        ShownGame::Interstellar(v) => v,
        ShownGame::Triangular(v) => v,
        ShownGame::Draughts(v) => v,
    }
}

/// What the board's overlay shows, as the settings say.
pub fn overlay_options(settings: &Settings) -> OverlayOptions {
    OverlayOptions { hints: settings.hints, show_marks: settings.show_marks, analysis: settings.analysis }
}

/// The colour of a mark drawn with these modifier keys held, as on lichess: none →
/// green, Shift → red, Alt → blue, Shift+Alt → yellow (Ctrl counts as Alt, for systems
/// where Alt+drag moves the window).
pub fn mark_color(modifiers: egui::Modifiers) -> MarkColor {
    match (modifiers.shift, modifiers.alt || modifiers.ctrl || modifiers.command) {
        (false, false) => MarkColor::Green,
        (true, false) => MarkColor::Red,
        (false, true) => MarkColor::Blue,
        (true, true) => MarkColor::Yellow,
    }
}

impl<G: AppGame> GameUi for GameView<G> {
    fn hovered_cell(&self, pointer: &BoardPointer) -> Option<String> {
        let cell = pointer.hover.and_then(Self::cell)?;
        let setup = match &self.setup {
            Some(editor) => editor.board.clone(),
            None => self.session.position().to_setup(),
        };
        Some(super::lesson::describe_cell::<G>(&setup, cell))
    }

    fn analysis_ui(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        self.analysis_panel(ui, commands);
    }

    fn opponent_ui(&self, ui: &mut egui::Ui, resign_asked: &mut bool, commands: &mut Vec<Command>) {
        let Some(opponent) = &self.opponent else { return };
        let human = opponent.side.other();
        ui.horizontal_wrapped(|ui| {
            ui.strong(format!("You ({}) against {}", human.name(), opponent.name()));
        });
        // The hint shares the state's row, so the buttons under it stay in place.
        ui.horizontal_wrapped(|ui| {
            if opponent.is_thinking() {
                crate::app::busy::busy_ui(ui);
                ui.label("Thinking…");
            } else if self.session.game_over() {
                ui.label("The game is over");
            } else {
                ui.label("Your move");
            }
            if let Some((key, mv, step)) = self.hint
                && key == self.session.position().zobrist()
            {
                // The piece is marked on the board (then the move's arrow); the move is
                // written as the move list writes it (the board's labels may number the
                // cells from the other side).
                let (from, _) = G::move_cells(mv);
                let (text, more) = if step < 2 {
                    (
                        "· Hint: move the highlighted piece (Hint again: where to)".to_string(),
                        format!("The piece on {from}, as the move list names the cell"),
                    )
                } else {
                    let written = self.session.position().notation(mv);
                    (format!("· Hint: {written}, the green arrow"), "The move the engine would play".to_string())
                };
                ui.label(egui::RichText::new(text).color(crate::app::theme::BANNER)).on_hover_text(more);
            } else if self.hint_job.is_some() {
                crate::app::busy::busy_ui(ui);
                ui.label("Looking for a hint…");
            }
        });
        // Whether the user has made a move yet (the main line's sides take turns from the
        // start's side to move).
        let plies = self.session.record.tree.main_line_from(NodeId::ROOT).len();
        let user_starts = self.session.record.start.side_to_move() == human;
        let moved = plies >= if user_starts { 1 } else { 2 };
        // Resigned or agreed: no take back (after a mate the user may try again).
        let decided = self.session.game_over() && self.session.position().outcome().is_none();
        let playing = !self.session.game_over();
        // Resign asks on rows of its own, in the panel's width.
        if *resign_asked && playing {
            ui.label("Resign this game? It ends as a loss for you.");
            ui.horizontal_wrapped(|ui| {
                if ui.button("Yes, resign").clicked() {
                    commands.push(Command::Game(GameCommand::Resign));
                    *resign_asked = false;
                }
                if ui.button("Keep playing").clicked() {
                    *resign_asked = false;
                }
            });
            ui.separator();
            return;
        }
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(moved && !decided, egui::Button::new("Take back"))
                .on_hover_text("Take back your last move and the answer to it")
                .on_disabled_hover_text(if decided {
                    "The game was decided by resignation or agreement"
                } else {
                    "You have not moved yet"
                })
                .clicked()
            {
                commands.push(Command::Game(GameCommand::TakeBack));
            }
            // A finished game keeps only what still does something: take back (off,
            // saying why, after a resignation or agreement) and the game report, which
            // once there (its evaluations in the moves) is worked out again on request.
            if !playing {
                let analysed = matches!(self.evaluated, Some((r, true)) if r == self.session.record.revision());
                let (text, hover) = if analysed {
                    ("Analyse again", "The report is in the Game report tab; this works it out again")
                } else {
                    ("Analyse game", "The game report: the engine looks at every move")
                };
                if self.report.is_none() && ui.button(text).on_hover_text(hover).clicked() {
                    commands.push(Command::AnalyseGame);
                }
                return;
            }
            if ui.button("Resign").clicked() {
                *resign_asked = true;
            }
            if G::HAS_DRAWS && ui.button("Offer a draw").clicked() {
                commands.push(Command::Game(GameCommand::AgreeDraw));
            }
            // A draw the rules let either player claim: offered only while it may be.
            if G::HAS_DRAWS
                && self.session.position().can_claim_draw(&self.session.position_keys())
                && ui
                    .button(egui::RichText::new("Claim a draw").color(crate::app::theme::BANNER))
                    .on_hover_text("The same position for the third time, or fifty moves each without a capture or a pawn move: either player may claim a draw")
                    .clicked()
            {
                commands.push(Command::Game(GameCommand::ClaimDraw));
            }
            let my_move = !self.computer_to_move();
            if ui
                .add_enabled(my_move, egui::Button::new("Hint"))
                .on_hover_text("Mark the piece the engine would move; again, where it goes")
                .clicked()
            {
                commands.push(Command::Game(GameCommand::Hint));
            }
        });
        ui.separator();
    }

    fn board_ui(
        &self,
        ui: &mut egui::Ui,
        pointer: &mut BoardPointer,
        settings: &Settings,
        commands: &mut Vec<Command>,
    ) {
        let mut overlay = self.overlay(overlay_options(settings));
        overlay.hover = pointer.hover.and_then(Self::cell);
        let setup = self.session.shown_setup();
        for event in self.show_board(ui, pointer, &setup, &overlay, settings) {
            commands.push(match event {
                BoardEvent::Clicked(cell) => Command::Game(GameCommand::ClickCell(cell.slot())),
                BoardEvent::DragStarted(cell) => Command::Game(GameCommand::DragStart(cell.slot())),
                BoardEvent::Dropped { from, to: Some(to) } if from != to => {
                    Command::Game(GameCommand::DropPiece { from: from.slot(), to: to.slot() })
                }
                BoardEvent::Dropped { .. } => continue,
                BoardEvent::RightClicked(cell) => Command::Game(GameCommand::ToggleMark {
                    from: cell.slot(),
                    to: None,
                    color: mark_color(ui.input(|i| i.modifiers)),
                }),
                BoardEvent::RightDragged { from, to } => Command::Game(GameCommand::ToggleMark {
                    from: from.slot(),
                    to: Some(to.slot()),
                    color: mark_color(ui.input(|i| i.modifiers)),
                }),
            });
        }
    }

    fn setup_board_ui(
        &self,
        ui: &mut egui::Ui,
        pointer: &mut BoardPointer,
        settings: &Settings,
        commands: &mut Vec<Command>,
    ) {
        let Some(setup) = &self.setup else { return };
        let hover = pointer.hover.and_then(Self::cell);
        let overlay = BoardOverlay { selected: setup.selected, hover, ..BoardOverlay::default() };
        let events = self.show_board(ui, pointer, &setup.board, &overlay, settings);
        let actions = events.into_iter().filter_map(crate::app::setup_ui::board_action);
        commands.extend(actions.map(|action| Command::Game(GameCommand::Setup(action))));
    }

    fn setup_panel_ui(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        // The solver's result for the editor's position, above the editor.
        if let Some(puzzle) = self.puzzle.as_ref().filter(|p| p.for_editor) {
            crate::app::puzzle_ui::puzzle_ui(puzzle, ui, commands);
            let solved_here = puzzle.solution.as_ref().map(|s| s.start.position_string());
            let now = self.setup.as_ref().and_then(SetupMode::position).map(|p| p.position_string());
            if solved_here.is_some() && solved_here != now {
                ui.label(egui::RichText::new("The board has changed since: solve again for the position now").weak());
            }
        }
        if let Some(setup) = &self.setup {
            crate::app::setup_ui::panel_ui(ui, setup, commands);
        }
    }

    fn puzzle_panel_ui(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        if let Some(puzzle) = self.puzzle.as_ref().filter(|p| !p.for_editor) {
            crate::app::puzzle_ui::puzzle_ui(puzzle, ui, commands);
        }
    }

    fn move_list_ui(&self, ui: &mut egui::Ui, panel: &mut MoveListPanel, commands: &mut Vec<Command>) {
        if !self.quizzing() {
            // While "Learn from your mistakes" asks, the asked move and what follows are
            // hidden.
            let hidden_from =
                self.learning.as_ref().filter(|_| self.learning_hides()).and_then(|l| l.moves.get(l.index).copied());
            panel.ui(ui, &self.session, hidden_from, commands);
            return;
        }
        // A quiz chapter: its note, the moves so far, the comment after the last of
        // them, the rest hidden.
        ui.heading("Moves");
        let s = &self.session;
        let note = crate::record::annotations::without_commands(&s.record.tree.node(NodeId::ROOT).comment_after);
        if !note.trim().is_empty() {
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.label(egui::RichText::new(note.trim()).strong());
            });
        }
        let path = s.record.tree.path_to(s.cursor);
        let mut text = String::new();
        for (ply, &id) in path.iter().enumerate() {
            let (number, first) = s.record.move_number_at_ply(ply);
            if first || ply == 0 {
                text.push_str(&format!("{number}{} ", if first { "." } else { "..." }));
            }
            text.push_str(&s.notation_of(id));
            text.push(' ');
        }
        ui.label(if text.is_empty() { "(the start)".to_string() } else { text.trim_end().to_string() });
        if s.cursor != NodeId::ROOT {
            let said = crate::record::annotations::without_commands(&s.record.tree.node(s.cursor).comment_after);
            if !said.trim().is_empty() {
                ui.label(egui::RichText::new(said.trim()).italics());
            }
        }
        let left = s.record.tree.main_line_from(s.cursor).len();
        let what = match self.chapter_mode() {
            ChapterMode::Recall => "play every move of the line",
            _ => "find each move of the line; the replies follow",
        };
        // How many moves are left is not said: it would tell where the line ends.
        ui.label(
            egui::RichText::new(if left == 0 {
                "The line is complete: any move now is your own.".to_string()
            } else {
                format!("The rest of the line, the engine's lines and the opening tree are hidden: {what}.")
            })
            .weak(),
        );
        // The verdict on the reader's last move, here as well as in the status bar.
        if let Some((said, right)) = &self.quiz_said {
            let color = if *right { crate::app::theme::GOOD } else { crate::app::theme::ERROR };
            ui.label(egui::RichText::new(said).color(color));
        }
        if ui.button("Show the line").clicked() {
            commands.push(Command::Game(GameCommand::RevealLine));
        }
        panel.move_box_ui(ui, s, commands);
    }

    fn promotion_ui(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let Some((from, to)) = self.promotion else { return };
        let kinds: Vec<&'static str> = self
            .session
            .moves_between(from, to)
            .into_iter()
            .map(|m| G::promotion(m).map_or("piece", G::Setup::kind_name))
            .collect();
        match PromotionPicker::new().show(ui, &kinds) {
            Some(PromotionOutcome::Chosen(index)) => {
                commands.push(Command::Game(GameCommand::ChoosePromotion(Some(index))))
            }
            Some(PromotionOutcome::Cancelled) => commands.push(Command::Game(GameCommand::ChoosePromotion(None))),
            None => {}
        }
    }

    fn report_ui(&self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        // A quiz chapter's report (its graph and scores) would give the moves away.
        if self.quizzing() {
            return;
        }
        let progress = self.report.as_ref().map(|job| (job.progress(), job.elapsed()));
        // Read from the record in the frame's logic ([`GameView::refresh_report_data`]).
        let Some((_, data)) = &self.report_data else { return };
        let (points, summary) = (&data.points, &data.summary);
        let first = G::opening().side_to_move();
        let names = [capitalise(first.name()), capitalise(first.other().name())];
        crate::app::report_ui::report_ui(
            ui,
            &crate::app::report_ui::ReportView {
                progress,
                points,
                cursor: self.session.cursor,
                summary,
                names: &names,
                learning: self.learning.as_ref(),
                learnable: data.learnable,
                took: self.report_time,
            },
            commands,
        );
    }

    fn clock_ui(&self, ui: &mut egui::Ui, settings: &Settings, commands: &mut Vec<Command>) {
        let Some(live) = &self.clock else { return };
        // A finished game shows the clocks as they stood at the shown move.
        let at_cursor = (live.is_stopped() && self.session.cursor != self.main_line_end())
            .then(|| self.clock_at(self.session.cursor))
            .flatten();
        let clock = at_cursor.as_ref().unwrap_or(live);
        let first = G::opening().side_to_move();
        let sides = [first, first.other()];
        // Unflipped, the side that moves first sits at the bottom.
        let order = if settings.flipped { [0, 1] } else { [1, 0] };
        let faces = order.map(|i| crate::app::clock_ui::Face {
            side: i,
            name: capitalise(sides[i].name()),
            reading: clock.reading(i, self.now),
            to_move: clock.turn() == i && !clock.is_stopped(),
        });
        crate::app::clock_ui::clocks_ui(ui, &faces, clock, commands);
    }

    fn eval_bar_ui(&self, ui: &mut egui::Ui, rect: egui::Rect, settings: &Settings) {
        // While the analysis looks at the threat, the bar stays on the position's own
        // evaluation, as last found.
        let share = if self.threat {
            self.bar_share.filter(|(key, _)| *key == self.session.position().zobrist()).map(|(_, share)| share)
        } else {
            self.bar_share_now()
        };
        if let Some(share) = share {
            crate::app::clock_ui::eval_bar(ui, rect, share, settings.flipped, self.threat);
        }
    }

    fn cell_px(&self, pointer: &BoardPointer, slot: u8, settings: &Settings) -> Option<egui::Pos2> {
        let rect = pointer.rect?;
        let cell = Self::cell(slot)?;
        let setup = G::Setup::empty(G::Side::BOTH[0]);
        let overlay = BoardOverlay::default();
        Some(BoardWidget::<G>::new(&setup, &overlay).flipped(settings.flipped).cell_center_px(cell, rect))
    }
}
