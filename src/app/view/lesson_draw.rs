//! Drawing a lesson's board (egui): the level's position with its coins, the piece
//! picked up and its targets, the last move; clicks and drags become
//! [`LearnAction`]s.

use super::AppGame;
use super::lesson::{LessonView, ShownLesson, with_lesson};
use crate::app::action::LearnAction;
use crate::app::board::{BoardEvent, BoardPointer, BoardWidget};
use crate::app::command::{Action, Command};
use crate::app::settings::Settings;
use crate::core::{BoardCell, BoardSetup};

impl ShownLesson {
    /// Draws the lesson's board in `ui` (all the space it gets) and returns what the
    /// user did on it. `pointer` is the board's pointer kept by the shell.
    pub fn board_ui(&self, ui: &mut egui::Ui, pointer: &mut BoardPointer, settings: &Settings) -> Vec<Command> {
        with_lesson!(self, l => board_of(l.as_ref(), ui, pointer, settings))
    }
}

impl ShownLesson {
    /// The centre of the cell with this slot on the lesson's board as drawn last frame
    /// (for the UI tests' clicks).
    pub fn cell_px(&self, pointer: &BoardPointer, slot: u8) -> Option<egui::Pos2> {
        with_lesson!(self, l => cell_px_of(l.as_ref(), pointer, slot))
    }
}

fn cell_px_of<G: AppGame>(lesson: &LessonView<G>, pointer: &BoardPointer, slot: u8) -> Option<egui::Pos2> {
    let rect = pointer.rect?;
    let cell = G::Cell::from_slot(slot)?;
    let (setup, overlay) = lesson.board();
    Some(BoardWidget::<G>::new(&setup, &overlay).flipped(lesson.learner_second()).cell_center_px(cell, rect))
}

fn board_of<G: AppGame>(
    lesson: &LessonView<G>,
    ui: &mut egui::Ui,
    pointer: &mut BoardPointer,
    settings: &Settings,
) -> Vec<Command> {
    let (setup, mut overlay) = lesson.board();
    overlay.hover = pointer.hover.and_then(G::Cell::from_slot);
    let flipped = lesson.learner_second();
    let labels = settings.labels.resolve(usize::from(flipped));
    let response = BoardWidget::<G>::new(&setup, &overlay)
        .flipped(flipped)
        .coordinates(true)
        .scheme(settings.scheme_of(G::VARIANT))
        .labels(labels)
        .dragging(pointer.drag_origin.and_then(G::Cell::from_slot))
        .id_salt("lesson board")
        .show(ui);
    pointer.rect = Some(response.board_rect);
    pointer.hover = response.hovered.map(BoardCell::slot);
    // The piece under a still pointer, named in full beside it.
    if let Some(cell) = response.hovered
        && BoardSetup::piece_at(&setup, cell).is_some()
        && pointer.drag_origin.is_none()
    {
        let _ = response.response.clone().on_hover_text_at_pointer(super::lesson::describe_cell::<G>(&setup, cell));
    }
    pointer.drag_origin = response.drag_origin.map(BoardCell::slot);
    let learn = |a: LearnAction| Command::Act(Action::Learn(a));
    response
        .events
        .into_iter()
        .filter_map(|event| match event {
            BoardEvent::Clicked(c) => Some(learn(LearnAction::Click(c.slot()))),
            BoardEvent::DragStarted(c) => Some(learn(LearnAction::DragStart(c.slot()))),
            BoardEvent::Dropped { from, to } if to == Some(from) => Some(learn(LearnAction::Click(from.slot()))),
            BoardEvent::Dropped { from, to } => {
                Some(learn(LearnAction::Drop { from: from.slot(), to: to.map(BoardCell::slot) }))
            }
            BoardEvent::RightClicked(_) | BoardEvent::RightDragged { .. } => None,
        })
        .collect()
}
