//! The docked panes drawn: [`Panes`] is the [`egui_tiles::Behavior`] that draws each
//! [`Pane`] of the [`Layout`] kept in the settings, names its tab and turns a tab's close
//! button into the View command that hides it.

use egui_tiles::{SimplificationOptions, TileId, Tiles, UiResponse};

use super::*;
use crate::app::layout::{Layout, Pane};

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

    /// A Hide button at the right of a tab bar, for its front pane when it can be
    /// hidden: the pane is hidden through its View command (so the menu's tick and the
    /// engine follow), never taken out of the layout, and shown again it comes back in
    /// its place.
    fn top_bar_right_ui(
        &mut self,
        tiles: &Tiles<Pane>,
        ui: &mut egui::Ui,
        _tile: TileId,
        tabs: &egui_tiles::Tabs,
        _scroll_offset: &mut f32,
    ) {
        let Some(pane) = tabs.active.and_then(|id| tiles.get_pane(&id)).copied() else { return };
        let command = match pane {
            Pane::Analysis => Command::ToggleAnalysis,
            Pane::Notation => Command::ToggleNotationEditor,
            Pane::Games => Command::ToggleGamesList,
            Pane::OpeningTree => Command::ToggleOpeningTree,
            Pane::Board | Pane::Moves | Pane::Report | Pane::Clocks => return,
        };
        let label = format!("Hide the {}", pane.title().to_lowercase());
        let button = ui.add(egui::Button::new("×").frame(false).small());
        button.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
        if button.on_hover_text(format!("{label} (the View menu shows it again)")).clicked() {
            self.commands.push(command);
        }
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
        let (games, tree) = (self.shell.games_list, self.shell.opening_tree_open);
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

    /// The docked panes, filling `ui`.
    pub(super) fn panes_ui(&mut self, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
        self.sync_layout();
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
                self.workspace.view.setup_board_ui(ui, &self.settings);
            }
            Pane::Moves if self.workspace.view.board_editor_open() => self.workspace.view.setup_panel_ui(ui, commands),
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
                self.workspace.view.opponent_ui(ui, commands);
                self.puzzle_set_ui(ui, commands);
                self.workspace.view.puzzle_panel_ui(ui, commands);
                self.workspace.view.move_list_ui(ui, &mut self.shell.move_list, commands);
            }
            Pane::Analysis => self.analysis_panel(ui, commands),
            Pane::Report => self.workspace.view.report_ui(ui, commands),
            Pane::Notation => {
                self.shell.editor.sync(self.workspace.view.as_ref());
                let events = self.shell.editor.show(ui);
                let cursor = self.workspace.view.cursor();
                commands.extend(events.into_iter().filter_map(|e| editor_command(e, cursor)));
            }
            Pane::Games => self.games_list_ui(ui, commands),
            Pane::OpeningTree => self.opening_tree_ui(ui, commands),
            Pane::Clocks => {
                // Scrolled rather than cut when the pane is made smaller than the faces.
                egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
                    self.workspace.view.clock_ui(ui, &self.settings, commands);
                });
            }
        }
    }
}
