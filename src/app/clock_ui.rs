//! The clock faces beside the board (big, the running one highlighted, tenths under
//! ten seconds, a delay shown while it runs), their buttons (Pause, +15 s), and the
//! evaluation bar on the board's other side.

use egui::{Align, Color32, Layout, Rect, RichText, Sense, Stroke, StrokeKind, vec2};

use super::clock::{GameClock, Reading, face_text};
use super::command::{Command, GameCommand};
use super::theme;

/// One clock face.
pub struct Face {
    /// Its side index (`0`: the side that moves first).
    pub side: usize,
    /// The side's name.
    pub name: String,
    /// What it shows.
    pub reading: Reading,
    /// Whether it is this side's move (its face is highlighted).
    pub to_move: bool,
}

/// Seconds the `+` button gives a side.
pub const ADDED_SECONDS: u32 = 15;

/// The two faces (top first), with the control's name and Pause between them: one
/// above the other in a tall pane, side by side (the top player's on the left) in a
/// short one, so the faces and their buttons always fit.
pub fn clocks_ui(ui: &mut egui::Ui, faces: &[Face; 2], clock: &GameClock, commands: &mut Vec<Command>) {
    let height = ui.available_height();
    let (stopped, paused) = (clock.is_stopped(), clock.is_paused());
    let control = |ui: &mut egui::Ui, commands: &mut Vec<Command>| {
        ui.label(clock.control.describe()).on_hover_text("The time control");
        if !stopped {
            let label = if paused { "Resume clock" } else { "Pause clock" };
            if ui.button(label).clicked() {
                commands.push(Command::Game(GameCommand::ToggleClockPause));
            }
        }
    };
    if height >= TALL_CLOCKS {
        ui.with_layout(Layout::top_down(Align::Center), |ui| {
            face_ui(ui, &faces[0], stopped, paused, 140.0, commands);
            ui.add_space((height / 2.0 - 150.0).max(8.0));
            control(ui, commands);
            ui.add_space((height / 2.0 - 150.0).max(8.0));
            face_ui(ui, &faces[1], stopped, paused, 140.0, commands);
        });
    } else {
        ui.columns(2, |columns| {
            for (ui, face) in columns.iter_mut().zip(faces) {
                let width = ui.available_width() - 16.0;
                face_ui(ui, face, stopped, paused, width, commands);
            }
        });
        ui.horizontal(|ui| control(ui, commands));
    }
}

/// The least height in which the faces stand one above the other.
const TALL_CLOCKS: f32 = 330.0;

fn face_ui(ui: &mut egui::Ui, face: &Face, stopped: bool, paused: bool, width: f32, commands: &mut Vec<Command>) {
    let dark = ui.visuals().dark_mode;
    let (fill, text) = match (face.to_move, dark) {
        (true, _) => (theme::BANNER, Color32::BLACK),
        (false, true) => (Color32::from_gray(45), Color32::from_gray(230)),
        (false, false) => (Color32::from_gray(225), Color32::from_gray(20)),
    };
    let low = face.reading.left.as_secs_f64() < 10.0;
    let color = if low && face.to_move { Color32::from_rgb(150, 0, 0) } else { text };
    egui::Frame::new().fill(fill).corner_radius(6.0).inner_margin(8.0).show(ui, |ui| {
        ui.set_min_width(width);
        ui.vertical_centered(|ui| {
            ui.label(RichText::new(&face.name).color(text).strong());
            let time = ui.label(RichText::new(face_text(face.reading.left)).size(36.0).strong().color(color));
            let state = if face.reading.running { "running" } else { "stopped" };
            time.on_hover_text(format!("{}'s clock, {state}", face.name));
            if face.to_move {
                // The line is always there, so the buttons below keep their place.
                ui.label(RichText::new(if paused { "paused" } else { " " }).small().strong().color(text));
            }
            if !face.reading.delay_left.is_zero() {
                ui.label(
                    RichText::new(format!("delay {:.1} s", face.reading.delay_left.as_secs_f64())).small().color(text),
                );
            }
            if !stopped
                && ui
                    .small_button(format!("+{ADDED_SECONDS} s"))
                    .on_hover_text(format!("Give {} {ADDED_SECONDS} seconds more", face.name))
                    .clicked()
            {
                commands.push(Command::Game(GameCommand::AddTime { side: face.side, seconds: ADDED_SECONDS }));
            }
        });
    });
}

/// The evaluation bar in `rect`: the first player's share (0–1) light, from the bottom
/// when the first player sits at the bottom (`flipped`: from the top); its tooltip says
/// the share, and in threat mode (`threat`) that it is the position's, not the threat's.
pub fn eval_bar(ui: &mut egui::Ui, rect: Rect, share: f32, flipped: bool, threat: bool) {
    let response = ui.allocate_rect(rect, Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 3.0, Color32::from_gray(40));
    let h = rect.height() * share.clamp(0.0, 1.0);
    let light = if flipped {
        Rect::from_min_size(rect.min, vec2(rect.width(), h))
    } else {
        Rect::from_min_max(egui::pos2(rect.left(), rect.bottom() - h), rect.max)
    };
    painter.rect_filled(light, 3.0, Color32::from_gray(225));
    painter.line_segment(
        [egui::pos2(rect.left(), rect.center().y), egui::pos2(rect.right(), rect.center().y)],
        Stroke::new(1.0, theme::BANNER),
    );
    painter.rect_stroke(rect, 3.0, Stroke::new(1.0, Color32::from_gray(110)), StrokeKind::Inside);
    let mut text = format!("Evaluation bar: the first player's share {:.0} %", share * 100.0);
    if threat {
        text.push_str(
            " of the position as it stands, found before the threat was asked for (the arrows show the threat: what the other side would play if it moved now)",
        );
    }
    response.on_hover_text(text);
}
