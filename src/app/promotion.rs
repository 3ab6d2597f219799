//! The promotion picker: a small modal window offering the four pieces a Triangular
//! pawn may become.

use egui::{Button, Id, Modal, Ui, WidgetInfo};

use crate::core::triangular::Kind;

/// What the user did with the picker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromotionOutcome {
    /// A piece was chosen (queen, rook, knight or bishop).
    Chosen(Kind),
    /// The picker was dismissed (Cancel, Escape or a click outside it).
    Cancelled,
}

/// The kinds offered, in the order shown.
pub const CHOICES: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Knight, Kind::Bishop];

/// The accessible label of the button for `kind`: `"Promote to queen"`, ….
pub fn button_label(kind: Kind) -> String {
    format!("Promote to {}", kind.word())
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

    /// Shows the modal over everything; `Some` when the user chose or cancelled.
    pub fn show(&self, ui: &Ui) -> Option<PromotionOutcome> {
        let modal = Modal::new(self.id).show(ui.ctx(), |ui| {
            ui.heading("Promote to");
            let mut chosen = None;
            ui.horizontal(|ui| {
                for kind in CHOICES {
                    if choice_button(ui, kind).clicked() {
                        chosen = Some(PromotionOutcome::Chosen(kind));
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

fn choice_button(ui: &mut Ui, kind: Kind) -> egui::Response {
    let text = match kind {
        Kind::Queen => "Queen",
        Kind::Rook => "Rook",
        Kind::Knight => "Knight",
        Kind::Bishop => "Bishop",
        Kind::King => "King",
        Kind::Pawn => "Pawn",
    };
    let label = button_label(kind);
    let response = ui.add(Button::new(text).min_size(egui::vec2(64.0, 32.0))).on_hover_text(label.clone());
    response.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, label.clone()));
    response
}
