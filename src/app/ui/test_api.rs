//! The app's face for UI tests and benchmarks: what they read after driving the app
//! through its window (clicks, keys, typed text) — the workspace, the shell's panes and
//! windows, the settings, the jobs and platform services — and the board's geometry
//! for clicking cells. `OrreryApp`'s parts are private; this is the way in.

use super::*;
use crate::render::overlay::BoardOverlay;

impl OrreryApp {
    /// The model: the document, the shown game, undo, the status message.
    pub fn workspace(&self) -> &Workspace {
        &self.workspace
    }

    /// The model, to set a test's stage (the shown move, a message to clear).
    pub fn workspace_mut(&mut self) -> &mut Workspace {
        &mut self.workspace
    }

    /// The panes and windows with their state.
    pub fn shell(&self) -> &Shell {
        &self.shell
    }

    /// The panes and windows, to type into a window's field as a user would.
    pub fn shell_mut(&mut self) -> &mut Shell {
        &mut self.shell
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The settings, to change one as the Settings window would.
    pub fn settings_mut(&mut self) -> &mut Settings {
        &mut self.settings
    }

    /// The background work the app waits on.
    pub fn jobs(&self) -> &Jobs {
        &self.jobs
    }

    /// Dialogs, clipboard, autosave, sounds.
    pub fn platform(&self) -> &Platform {
        &self.platform
    }

    /// Where the board was drawn last frame.
    pub fn board_rect(&self) -> Option<egui::Rect> {
        self.shell.board.rect
    }

    /// The centre of the cell with this slot on the board as drawn last frame.
    pub fn cell_px(&self, slot: u8) -> Option<egui::Pos2> {
        ui_of(&self.workspace.view).cell_px(&self.shell.board, slot, &self.settings)
    }

    /// The centre of the cell named `name` on the Learn screen's board as drawn last
    /// frame (`None` without a course open, or for a name that is no cell).
    pub fn lesson_cell_px(&self, name: &str) -> Option<egui::Pos2> {
        let learn = self.workspace.learn.as_ref()?;
        let slot = learn.lesson.slot_of(name)?;
        learn.lesson.cell_px(&self.shell.learn_board, slot)
    }

    /// The board's highlights as drawn, cells as slots (the pointer's hover included).
    pub fn overlay_slots(&self) -> BoardOverlay<u8> {
        let mut overlay = self.workspace.view.overlay_slots(crate::app::view::panes::overlay_options(&self.settings));
        overlay.hover = self.shell.board.hover;
        overlay
    }
}
