//! The docked panes drawn: [`Panes`] is the [`egui_tiles::Behavior`] that draws each
//! [`Pane`] of the [`Layout`] kept in the settings, names its tab and turns a tab's close
//! button into the View command that hides it.

use egui_tiles::{SimplificationOptions, TileId, Tiles, UiResponse};

use super::*;
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

/// The panes' drawing for one frame: the app, and the commands its panes push.
pub(super) struct Panes<'a> {
    pub(super) app: &'a mut OrreryApp,
    pub(super) commands: &'a mut Vec<Command>,
}

impl egui_tiles::Behavior<Pane> for Panes<'_> {
    fn pane_ui(&mut self, ui: &mut egui::Ui, _tile: TileId, pane: &mut Pane) -> UiResponse {
        egui::Frame::new().inner_margin(egui::Margin::same(6)).show(ui, |ui| {
            ui.set_min_size(ui.available_size());
            self.app.pane_ui(ui, *pane, self.commands);
        });
        UiResponse::None
    }

    fn tab_title_for_pane(&mut self, pane: &Pane) -> egui::WidgetText {
        match pane {
            // The board editor's palette and controls take the move list's place.
            Pane::Moves if self.app.workspace.view.board_editor_open() => "Board editor".into(),
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
        self.settings.layout.show_only(|pane| match pane {
            Pane::Board | Pane::Moves => true,
            Pane::Analysis => analysis,
            Pane::Report => report,
            Pane::Notation => notation,
            Pane::Games => games,
            Pane::OpeningTree => tree,
            Pane::Clocks => clocks,
        });
    }

    /// Whether the analysis is on and its pane shows (not behind another tab): the
    /// engine searches, and its bar and arrows are drawn, only then.
    pub(super) fn analysis_shown(&self) -> bool {
        self.settings.analysis && self.settings.layout.is_shown(Pane::Analysis)
    }

    /// The docked panes, filling `ui` (shown as [`OrreryApp::logic`] synced them).
    pub(super) fn panes_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        let empty = Layout { tree: egui_tiles::Tree::empty(egui::Id::unique("orrery-layout")) };
        let mut layout = std::mem::replace(&mut self.settings.layout, empty);
        layout.tree.ui(&mut Panes { app: self, commands }, ui);
        self.settings.layout = layout;
    }

    /// One pane's contents.
    fn pane_ui(&mut self, ui: &mut egui::Ui, pane: Pane, commands: &mut Vec<Command>) {
        match pane {
            Pane::Board if self.workspace.view.board_editor_open() => {
                // The banner's line, empty, as in play: the board keeps its size and place
                // when the editor opens or closes.
                ui.vertical_centered(|ui| ui.label(RichText::new(" ").heading().strong()));
                ui_of(&self.workspace.view).setup_board_ui(ui, &mut self.shell.board, &self.settings, commands);
            }
            Pane::Moves if self.workspace.view.board_editor_open() => {
                ui_of(&self.workspace.view).setup_panel_ui(ui, commands);
            }
            Pane::Board => {
                // The banner's line is always there, so the board keeps its place when a
                // game ends or the shown move changes.
                let banner = self.workspace.view.banner().unwrap_or_default();
                ui.vertical_centered(|ui| {
                    ui.label(
                        RichText::new(if banner.is_empty() { " ".to_string() } else { banner })
                            .heading()
                            .strong()
                            .color(theme::BANNER),
                    );
                });
                self.board_area(ui, commands);
            }
            Pane::Moves => {
                ui_of(&self.workspace.view).opponent_ui(ui, &mut self.shell.resign_asked, commands);
                self.puzzle_set_ui(ui, commands);
                let game = ui_of(&self.workspace.view);
                game.puzzle_panel_ui(ui, commands);
                game.move_list_ui(ui, &mut self.shell.move_list, commands);
            }
            Pane::Analysis => self.analysis_panel(ui, commands),
            Pane::Report => {
                egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
                    ui_of(&self.workspace.view).report_ui(ui, commands);
                });
            }
            Pane::Notation => {
                self.shell.editor.sync(&*self.workspace.view);
                let events = self.shell.editor.show(ui);
                let cursor = self.workspace.view.cursor();
                commands.extend(events.into_iter().filter_map(|e| editor_command(e, cursor)));
            }
            Pane::Games => self.games_list_ui(ui, commands),
            Pane::OpeningTree => self.opening_tree_ui(ui, commands),
            Pane::Clocks => {
                // Scrolled rather than cut when the pane is made smaller than the faces.
                egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
                    ui_of(&self.workspace.view).clock_ui(ui, &self.settings, commands);
                });
            }
        }
    }
}
