//! The docked panes drawn: [`Panes`] is the [`egui_tiles::Behavior`] that draws each
//! [`Pane`] of the [`Layout`] kept in the settings, names its tab and turns a tab's close
//! button into the View command that hides it.

use egui_tiles::{SimplificationOptions, TileId, Tiles, UiResponse};

use super::*;
use crate::app::board::BoardPointer;
use crate::app::games_list::PositionFinder;
use crate::app::layout::{Layout, Pane};

/// The View command that hides `pane`, for the panes a user may hide.
fn hide_command(pane: Pane) -> Option<Command> {
    match pane {
        Pane::Analysis => Some(Command::ToggleAnalysis),
        Pane::Notation => Some(Command::ToggleNotationEditor),
        Pane::Games => Some(Command::ToggleGamesList),
        Pane::OpeningTree => Some(Command::ToggleOpeningTree),
        Pane::Board | Pane::Moves | Pane::Report | Pane::Clocks => None,
    }
}

/// The titles of the panes under `tile`, in order.
fn panes_in(tiles: &Tiles<Pane>, tile: TileId, names: &mut Vec<&'static str>) {
    match tiles.get(tile) {
        Some(egui_tiles::Tile::Pane(pane)) => names.push(pane.title()),
        Some(egui_tiles::Tile::Container(container)) => {
            for &child in container.children() {
                if tiles.is_visible(child) {
                    panes_in(tiles, child, names);
                }
            }
        }
        None => {}
    }
}

/// What the panes read in a frame, as rerun's `ViewerContext`: the model and the
/// settings, read-only. A pane keeps its own state (in the [`Shell`]) and pushes
/// commands; none holds `&mut` to the workspace.
pub(super) struct FrameContext<'a> {
    pub(super) workspace: &'a Workspace,
    pub(super) settings: &'a Settings,
    /// The analysis is on and its pane shows (the evaluation bar beside the board).
    pub(super) analysis_shown: bool,
    /// Where the shown puzzle stands in a puzzle set.
    pub(super) puzzle_set: Option<PuzzleSetPlace>,
}

/// The shown puzzle's place in a puzzle set (1-based; 0 when it is none), how many
/// puzzles there are, how many are solved and whether it is.
#[derive(Clone, Copy, Debug)]
pub(super) struct PuzzleSetPlace {
    pub(super) at: usize,
    pub(super) total: usize,
    pub(super) solved: usize,
    pub(super) this_solved: bool,
}

/// The panes' drawing for one frame: what they read, the state they keep, and the
/// commands they push.
pub(super) struct Panes<'a> {
    pub(super) ctx: FrameContext<'a>,
    pub(super) shell: &'a mut Shell,
    /// The position search the games list and the opening tree share (on a job).
    pub(super) positions: &'a mut PositionFinder,
    pub(super) commands: &'a mut Vec<Command>,
}

impl egui_tiles::Behavior<Pane> for Panes<'_> {
    fn pane_ui(&mut self, ui: &mut egui::Ui, _tile: TileId, pane: &mut Pane) -> UiResponse {
        egui::Frame::new().inner_margin(egui::Margin::same(6)).show(ui, |ui| {
            ui.set_min_size(ui.available_size());
            pane_ui(&self.ctx, self.shell, self.positions, ui, *pane, self.commands);
        });
        UiResponse::None
    }

    fn tab_title_for_pane(&mut self, pane: &Pane) -> egui::WidgetText {
        match pane {
            // The board editor's palette and controls take the move list's place.
            Pane::Moves if self.ctx.workspace.view.board_editor_open() => "Board editor".into(),
            _ => pane.title().into(),
        }
    }

    /// A tab that holds a split of panes (dropped onto a tab bar) is named by its
    /// panes: "Move list + Game report".
    fn tab_title_for_tile(&mut self, tiles: &Tiles<Pane>, tile: TileId) -> egui::WidgetText {
        match tiles.get(tile) {
            Some(egui_tiles::Tile::Pane(pane)) => self.tab_title_for_pane(pane),
            Some(egui_tiles::Tile::Container(_)) => {
                let mut names = Vec::new();
                panes_in(tiles, tile, &mut names);
                names.join(" + ").into()
            }
            None => String::new().into(),
        }
    }

    /// The analysis, the notation editor, the games list and the opening tree have a ×
    /// on their tab; the board, the move list, the report and the clocks come with what
    /// they show.
    fn is_tab_closable(&self, tiles: &Tiles<Pane>, tile: TileId) -> bool {
        tiles.get_pane(&tile).is_some_and(|pane| hide_command(*pane).is_some())
    }

    /// A pane is hidden through its View command (so the menu's tick and the engine
    /// follow), never taken out of the layout: shown again, it comes back in its place.
    fn on_tab_close(&mut self, tiles: &mut Tiles<Pane>, tile: TileId) -> bool {
        self.commands.extend(tiles.get_pane(&tile).and_then(|pane| hide_command(*pane)));
        false
    }

    fn simplification_options(&self) -> SimplificationOptions {
        // Every pane keeps a tab: it is what a pane is dragged by.
        SimplificationOptions { all_panes_must_have_tabs: true, ..SimplificationOptions::default() }
    }
}

impl OrreryApp {
    /// Shows the panes the app's switches ask for and hides the others.
    pub(super) fn sync_layout(&mut self) {
        let (analysis, notation) = (self.settings.analysis, self.settings.notation_editor);
        let (games, tree) = (self.settings.games_list, self.settings.opening_tree);
        let (report, clocks) = (self.workspace.view.report_shown(), self.workspace.view.has_clock());
        // While a move is asked for, the engine's lines and the opening tree would give
        // it away: their panes give their room to the move list and the report (the
        // move list says they are hidden).
        let asking = self.workspace.view.hides_moves();
        self.settings.layout.show_only(|pane| match pane {
            Pane::Board | Pane::Moves => true,
            Pane::Analysis => analysis && !asking,
            Pane::Report => report,
            Pane::Notation => notation,
            Pane::Games => games,
            Pane::OpeningTree => tree && !asking,
            Pane::Clocks => clocks,
        });
    }

    /// Whether the analysis is on and its pane shows (not behind another tab): the
    /// engine searches, and its bar and arrows are drawn, only then.
    /// Never while a move is asked for (a quiz chapter, Learn from your mistakes):
    /// the engine's lines, bar and arrows would give the answer away.
    pub(super) fn analysis_shown(&self) -> bool {
        self.settings.analysis && self.settings.layout.is_shown(Pane::Analysis) && !self.workspace.view.hides_moves()
    }

    /// The docked panes, filling `ui` (shown as [`OrreryApp::logic`] synced them).
    pub(super) fn panes_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let puzzle_set = self.workspace.puzzle_set.then(|| {
            let (at, total) = self.puzzle_place();
            let (solved, this_solved) = self.solved_count();
            PuzzleSetPlace { at, total, solved, this_solved }
        });
        let analysis_shown = self.analysis_shown();
        let empty = Layout { tree: egui_tiles::Tree::empty(egui::Id::unique("orrery-layout")) };
        let mut layout = std::mem::replace(&mut self.settings.layout, empty);
        let ctx = FrameContext { workspace: &self.workspace, settings: &self.settings, analysis_shown, puzzle_set };
        let mut panes = Panes { ctx, shell: &mut self.shell, positions: &mut self.jobs.positions, commands };
        layout.tree.ui(&mut panes, ui);
        // The clocks' row is as tall as its faces (measured this frame), no taller.
        if let Some(height) = self.shell.clocks_height.take()
            && layout.fit_height(Pane::Clocks, height)
        {
            ui.ctx().request_repaint();
        }
        self.settings.layout = layout;
    }
}

/// One pane's contents.
fn pane_ui(
    ctx: &FrameContext<'_>,
    shell: &mut Shell,
    positions: &mut PositionFinder,
    ui: &mut egui::Ui,
    pane: Pane,
    commands: &mut Vec<Command>,
) {
    match pane {
        Pane::Board if ctx.workspace.view.board_editor_open() => {
            // The banner's line, empty, as in play: the board keeps its size and place
            // when the editor opens or closes.
            ui.vertical_centered(|ui| ui.label(RichText::new(" ").heading().strong()));
            ui_of(&ctx.workspace.view).setup_board_ui(ui, &mut shell.board, ctx.settings, commands);
        }
        Pane::Moves if ctx.workspace.view.board_editor_open() => {
            ui_of(&ctx.workspace.view).setup_panel_ui(ui, commands);
        }
        Pane::Board => {
            // The banner's line is always there, so the board keeps its place when a
            // game ends or the shown move changes.
            let banner = ctx.workspace.view.banner().unwrap_or_default();
            ui.vertical_centered(|ui| {
                ui.label(
                    RichText::new(if banner.is_empty() { " ".to_string() } else { banner })
                        .heading()
                        .strong()
                        .color(theme::BANNER),
                );
            });
            board_area(ctx, &mut shell.board, ui, commands);
        }
        Pane::Moves => {
            ui_of(&ctx.workspace.view).opponent_ui(ui, &mut shell.resign_asked, commands);
            puzzle_set_ui(ctx, ui, commands);
            let game = ui_of(&ctx.workspace.view);
            game.puzzle_panel_ui(ui, commands);
            shell.move_list.game_number = ctx.workspace.document.current() + 1;
            game.move_list_ui(ui, &mut shell.move_list, commands);
        }
        Pane::Analysis if ctx.workspace.view.hides_moves() => {
            // The engine's lines would give the asked moves away.
            ui.label("Hidden while a move is asked for: the engine's lines come back with the answer.");
        }
        Pane::Analysis => analysis_panel(ctx, ui, commands),
        Pane::Report => {
            // A scroll bar that shows: the summary's last rows may be below the pane's edge.
            ui.style_mut().spacing.scroll = egui::style::ScrollStyle::solid();
            egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
                ui_of(&ctx.workspace.view).report_ui(ui, commands);
            });
        }
        Pane::Notation if ctx.workspace.view.hides_moves() => {
            // The game's text would give the asked moves away.
            ui.label("Hidden while a move is asked for.");
        }
        Pane::Notation => {
            shell.editor.sync(&*ctx.workspace.view);
            let events = shell.editor.show(ui);
            let cursor = ctx.workspace.view.cursor();
            commands.extend(events.into_iter().filter_map(|e| editor_command(e, cursor)));
        }
        Pane::Games => games_list_ui(ctx, shell, positions, ui, commands),
        Pane::OpeningTree => opening_tree_ui(ctx, shell, positions, ui, commands),
        Pane::Clocks => {
            // Scrolled rather than cut when the pane is made smaller than the faces.
            let shown = egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
                ui_of(&ctx.workspace.view).clock_ui(ui, ctx.settings, commands);
            });
            shell.clocks_height = Some(shown.content_size.y + 2.0 * ui.spacing().item_spacing.y);
        }
    }
}

/// The board, with the evaluation bar on its left while the analysis runs.
fn board_area(ctx: &FrameContext<'_>, pointer: &mut BoardPointer, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
    let area = ui.available_rect_before_wrap();
    let bar = if ctx.analysis_shown { 16.0 } else { 0.0 };
    let board = egui::Rect::from_min_max(
        egui::pos2(area.left() + bar + if bar > 0.0 { 6.0 } else { 0.0 }, area.top()),
        area.max,
    );
    ui.scope_builder(egui::UiBuilder::new().max_rect(board), |ui| {
        ui_of(&ctx.workspace.view).board_ui(ui, pointer, ctx.settings, commands);
    });
    if bar > 0.0 {
        let drawn = pointer.rect;
        let height = drawn.map_or(area.height(), |r| r.height());
        let top = drawn.map_or(area.top(), |r| r.top());
        let rect = egui::Rect::from_min_size(egui::pos2(area.left(), top), egui::vec2(bar, height));
        ui_of(&ctx.workspace.view).eval_bar_ui(ui, rect, ctx.settings);
    }
}

/// The analysis panel: its settings (lines, time), then the engine's lines.
fn analysis_panel(ctx: &FrameContext<'_>, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
    ui.horizontal_wrapped(|ui| {
        let title = ui.strong("Analysis");
        egui::ComboBox::from_id_salt("analysis lines")
            .width(72.0)
            .selected_text(lines_text(ctx.settings.analysis_lines))
            .show_ui(ui, |ui| {
                for n in 1..=5u8 {
                    if ui.selectable_label(ctx.settings.analysis_lines == n, lines_text(n)).clicked() {
                        commands.push(Command::Act(Action::SetAnalysisLines(n)));
                    }
                }
            })
            .response
            .labelled_by(title.id);
        let time_text = |t: Option<u32>| t.map_or_else(|| "unlimited".to_string(), |s| format!("{s} s"));
        egui::ComboBox::from_id_salt("analysis time")
            .width(72.0)
            .selected_text(time_text(ctx.settings.analysis_seconds))
            .show_ui(ui, |ui| {
                for t in [Some(5), Some(10), Some(30), None] {
                    if ui.selectable_label(ctx.settings.analysis_seconds == t, time_text(t)).clicked() {
                        commands.push(Command::Act(Action::SetAnalysisTime(t)));
                    }
                }
            })
            .response
            .labelled_by(title.id);
        let threat = if ctx.settings.threat { "Lines" } else { "Threat" };
        if ui
            .small_button(threat)
            .on_hover_text("Show what the other side would play if it were its move, or the lines again (X)")
            .clicked()
        {
            commands.push(Command::ToggleThreat);
        }
        if ui.small_button("Hide").on_hover_text("Hide the analysis (L)").clicked() {
            commands.push(Command::ToggleAnalysis);
        }
    });
    // What the arrows on the board mean.
    ui.label(
        RichText::new(if ctx.settings.threat {
            "Arrows: red, the threat (the other side's best move if it could move now)"
        } else {
            "Arrows: blue, the best line's move; green, the other lines' moves"
        })
        .weak(),
    );
    // Long lines wrap and scroll rather than run off the pane's bottom; the scroll bar
    // takes its own room rather than float over the lines' ends.
    ui.style_mut().spacing.scroll = egui::style::ScrollStyle::solid();
    egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
        ui_of(&ctx.workspace.view).analysis_ui(ui, commands);
    });
}

/// The games list pane.
fn games_list_ui(
    ctx: &FrameContext<'_>,
    shell: &mut Shell,
    positions: &mut PositionFinder,
    ui: &mut egui::Ui,
    commands: &mut Vec<Command>,
) {
    let shown = (ctx.workspace.view.variant(), ctx.workspace.view.position_key(), ctx.workspace.view.position_string());
    let editor = ctx.workspace.view.setup_position_string();
    shell.games.ui(ui, &ctx.workspace.document, &mut shell.games_filter, shown, editor, positions, commands);
}

/// The opening tree of the shown position over the open file ([`OpeningTree`]).
fn opening_tree_ui(
    ctx: &FrameContext<'_>,
    shell: &mut Shell,
    positions: &mut PositionFinder,
    ui: &mut egui::Ui,
    commands: &mut Vec<Command>,
) {
    let position = (ctx.workspace.view.variant(), ctx.workspace.view.position_key());
    let scores = ctx.workspace.view.analysis_move_scores();
    if ctx.workspace.view.hides_moves() {
        // A study chapter quizzing its line, or a mistake to learn from: the tree would
        // give the answers away.
        ui.label("Hidden while a move is asked for.");
        return;
    }
    shell.opening_tree.ui(ui, &ctx.workspace.document, position, &scores, positions, commands);
}

/// The puzzle set's bar above the puzzle panel, or, for a game that is a puzzle and
/// not being solved, the offer to solve it.
fn puzzle_set_ui(ctx: &FrameContext<'_>, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
    if let Some(PuzzleSetPlace { at, total, solved, this_solved }) = ctx.puzzle_set {
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(format!(
                    "Puzzle {at} of {total}{} · solved {solved} of {total}",
                    if this_solved { " (solved)" } else { "" }
                ))
                .strong(),
            );
        });
        ui.horizontal(|ui| {
            for forward in [false, true] {
                let command = Command::Act(Action::NextPuzzle(forward));
                let enabled = if forward { at < total } else { at > 1 };
                if ui.add_enabled(enabled, egui::Button::new(command.label())).clicked() {
                    commands.push(command);
                }
            }
        });
    } else if !ctx.workspace.view.board_editor_open()
        && ctx.workspace.view.puzzle_status().is_none()
        && let Some(stipulation) = stipulation_of(ctx.workspace.document.shown())
    {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("This game is a puzzle: {stipulation}."));
            if ui
                .button(Command::SolvePuzzles.label())
                .on_hover_text("Solving mode: play the attacker's moves, the app answers; the solution stays hidden")
                .clicked()
            {
                commands.push(Command::SolvePuzzles);
            }
        });
        ui.separator();
    }
}
