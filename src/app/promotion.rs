//! The promotion picker: a small modal window offering the pieces a pawn may become
//! when several moves share the same two cells (Triangular's promotion,
//! `docs/rules-triangular.md` §4 *Promotion*). It shows whatever choices the game
//! gives, by their kind names.

use egui::{Button, Id, Modal, Ui, WidgetInfo};

use super::session::capitalise;

/// What the user did with the picker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromotionOutcome {
    /// The choice at this index of the list shown was taken.
    Chosen(usize),
    /// The picker was dismissed (Cancel, Escape or a click outside it).
    Cancelled,
}

/// The accessible label of the button for a kind: `"Promote to queen"`, ….
pub fn button_label(kind_name: &str) -> String {
    format!("Promote to {kind_name}")
}

/// A modal promotion picker. Show it every frame while a promotion is pending; it
/// returns `Some` once, when the user decides.
#[derive(Clone, Debug)]
pub struct PromotionPicker {
    id: Id,
}

impl Default for PromotionPicker {
    fn default() -> Self {
        Self::new()
    }
}

impl PromotionPicker {
    /// A picker with the default id.
    pub fn new() -> Self {
        PromotionPicker { id: Id::unique("orrery-promotion-picker") }
    }

    /// Shows the modal over everything with one button per kind name of `choices`;
    /// `Some` when the user chose or cancelled.
    pub fn show(&self, ui: &Ui, choices: &[&'static str]) -> Option<PromotionOutcome> {
        let modal = Modal::new(self.id).show(ui.ctx(), |ui| {
            ui.heading("Promote to");
            let mut chosen = None;
            ui.horizontal(|ui| {
                for (index, kind) in choices.iter().enumerate() {
                    if choice_button(ui, kind).clicked() {
                        chosen = Some(PromotionOutcome::Chosen(index));
                    }
                }
            });
            ui.separator();
            if ui.button("Cancel").clicked() {
                chosen = Some(PromotionOutcome::Cancelled);
            }
            chosen
        });
        modal.inner.or_else(|| modal.should_close().then_some(PromotionOutcome::Cancelled))
    }
}

fn choice_button(ui: &mut Ui, kind: &str) -> egui::Response {
    let label = button_label(kind);
    let response = ui.add(Button::new(capitalise(kind)).min_size(egui::vec2(64.0, 32.0))).on_hover_text(label.clone());
    response.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, label.clone()));
    response
}
