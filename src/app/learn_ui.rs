//! The Learn screen (Help → Learn, `docs/app.md` *Learn*): while a course is open it
//! replaces the docked panes — the level's board on the left, and on the right the
//! stage map (every stage with its levels' stars), the level's instruction, its
//! verdict with the board's full explanations, and the buttons. It reads the model
//! ([`Learn`], the progress in the settings) and pushes [`LearnAction`]s.

use egui::{Color32, RichText, Sense, Ui, vec2};

use super::action::LearnAction;
use super::board::BoardPointer;
use super::command::{Action, Command};
use super::learn::{Learn, LearnProgress};
use super::settings::Settings;
use super::theme;
use super::view::lesson::LessonStatus;

/// Gold for a star earned, grey for one not.
const GOLD: Color32 = Color32::from_rgb(240, 180, 20);

fn learn(action: LearnAction) -> Command {
    Command::Act(Action::Learn(action))
}

/// Paints `earned` gold stars of 3, each `size` points wide.
pub fn star_row(ui: &mut Ui, earned: u8, size: f32) {
    let (rect, _) = ui.allocate_exact_size(vec2(size * 3.0 + 4.0, size), Sense::hover());
    paint_stars(ui.painter(), rect.left_center(), earned, size, ui.visuals().weak_text_color());
}

/// Three stars from `left` (the middle of their left edge), `earned` of them gold, the
/// others `grey`.
fn paint_stars(painter: &egui::Painter, left: egui::Pos2, earned: u8, size: f32, grey: Color32) {
    for k in 0..3u8 {
        let c = left + vec2(size * (f32::from(k) + 0.5) + f32::from(k) * 2.0, 0.0);
        let points: Vec<egui::Pos2> = (0..10)
            .map(|i| {
                let angle = std::f32::consts::PI * i as f32 / 5.0 - std::f32::consts::FRAC_PI_2;
                let r = if i % 2 == 0 { size * 0.5 } else { size * 0.21 };
                c + vec2(r * angle.cos(), r * angle.sin())
            })
            .collect();
        let colour = if k < earned { GOLD } else { grey };
        // A star is not convex: painted as five triangles and the inner pentagon.
        let inner: Vec<egui::Pos2> = points.iter().skip(1).step_by(2).copied().collect();
        painter.add(egui::Shape::convex_polygon(inner, colour, egui::Stroke::NONE));
        for i in 0..5 {
            let (a, tip, b) = (points[(2 * i + 9) % 10], points[2 * i], points[2 * i + 1]);
            painter.add(egui::Shape::convex_polygon(vec![a, tip, b], colour, egui::Stroke::NONE));
        }
    }
}

/// The whole Learn screen.
pub fn learn_screen(
    ui: &mut Ui,
    learn_state: &Learn,
    settings: &Settings,
    game_kept: bool,
    pointer: &mut BoardPointer,
    commands: &mut Vec<Command>,
) {
    egui::Panel::right("learn panel").resizable(true).default_size(400.0).min_size(300.0).show(ui, |ui| {
        egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
            // Room on the right for the scroll bar: the counts stay clear of it.
            egui::Frame::new().inner_margin(egui::Margin { right: 14, ..Default::default() }).show(ui, |ui| {
                if game_kept {
                    ui.label(RichText::new("Your game is kept behind the course: Close goes back to it.").weak());
                }
                side_panel(ui, learn_state, &settings.learn_progress, commands);
            });
        });
    });
    egui::CentralPanel::default().show(ui, |ui| {
        commands.extend(learn_state.lesson.board_ui(ui, pointer, settings));
    });
}

fn side_panel(ui: &mut Ui, l: &Learn, progress: &LearnProgress, commands: &mut Vec<Command>) {
    ui.horizontal(|ui| {
        ui.heading(&l.course.title);
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui.button("Close").on_hover_text("Leave Learn: back to your game").clicked() {
                commands.push(learn(LearnAction::Close));
            }
        });
    });
    let stage = &l.course.stages[l.stage];
    let level = l.shown_level();
    let face = l.lesson.face();
    // The course at a glance: stars earned, stages done.
    let stages = l.course.stages.len();
    let (earned, most, done) = l.course_stars(progress);
    let summary = if done == stages {
        format!("Course complete: {earned} of {most} stars. Play any level again for more.")
    } else {
        format!("Stars: {earned} of {most} · stages done: {done} of {stages}")
    };
    ui.label(RichText::new(summary).weak());
    ui.separator();
    ui.label(RichText::new(format!("{} — level {} of {}", stage.title, l.level + 1, stage.levels.len())).strong());
    if l.level == 0 {
        ui.label(RichText::new(&stage.intro).italics());
        ui.add_space(4.0);
    } else {
        // The stage's introduction stays at hand for a level chosen on the map.
        egui::CollapsingHeader::new("About this stage").id_salt(("stage intro", l.stage)).show(ui, |ui| {
            ui.label(RichText::new(&stage.intro).italics());
        });
    }
    ui.label(&level.text);
    if !level.moves.is_empty() {
        // The moves that led to the position (a repetition counts them).
        ui.label(RichText::new(format!("The moves that led here: {}", level.moves.join(", "))).weak());
    }
    ui.add_space(6.0);
    let goal = level.goal.describe(face.par);
    let side = if face.learner_second { format!(" You play {}.", face.learner) } else { String::new() };
    ui.label(RichText::new(format!("Goal: {goal}.{side}")).strong());
    if level.goal.other_side_passes() {
        // The exercises' own rule, said before it can fail a try.
        let royal = match l.variant {
            crate::core::Variant::Interstellar => " nor attack its planet before your last move",
            crate::core::Variant::Triangular => " nor give check before your last move",
            crate::core::Variant::Draughts => "",
        };
        ui.label(
            RichText::new(format!(
                "The other side does not move here. Don't stop a piece where one of its pieces could take it{royal} (click one of its pieces to see where it could go)."
            )),
        );
    }
    match &face.status {
        LessonStatus::Preparing => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("Setting up the level…");
            });
        }
        LessonStatus::Playing => {
            if l.game_level().is_none() {
                let left =
                    if face.coins_left > 0 { format!(" · coins left: {}", face.coins_left) } else { String::new() };
                ui.label(format!("Your move. Moves: {}{left}", face.moves));
            }
        }
        LessonStatus::Done { moves, stars } => {
            ui.horizontal(|ui| {
                ui.label(RichText::new("Well done!").strong().color(theme::GOOD));
                star_row(ui, *stars, 18.0);
            });
            let par = if *moves <= face.par {
                "the fewest possible".to_string()
            } else {
                format!("{} is possible: try again for three stars", face.par)
            };
            if level.goal.other_side_passes() {
                ui.label(format!("{moves} move{} — {par}.", if *moves == 1 { "" } else { "s" }));
            } else if face.failures > 0 {
                ui.label("Solved without a mistake earns three stars: try again for them.");
            }
            if let Some(success) = &level.success {
                ui.label(RichText::new(success).italics());
            }
        }
        LessonStatus::Failed(why) => {
            ui.label(RichText::new("Not this time.").strong().color(theme::ERROR));
            ui.label(RichText::new(why).color(theme::ERROR));
        }
        LessonStatus::Broken(why) => {
            ui.label(RichText::new(format!("This level cannot be played: {why}")).color(theme::ERROR));
        }
    }
    if !face.note.is_empty() {
        ui.add_space(4.0);
        let text = RichText::new(&face.note);
        ui.label(if face.refused { text.color(theme::ERROR) } else { text });
    }
    if !face.promotion.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label("Promote to:");
            for (k, name) in face.promotion.iter().enumerate() {
                if ui.button(name).clicked() {
                    commands.push(learn(LearnAction::Promote(Some(k))));
                }
            }
            if ui.button("Cancel").clicked() {
                commands.push(learn(LearnAction::Promote(None)));
            }
        });
    }
    ui.add_space(6.0);
    ui.horizontal_wrapped(|ui| {
        if let Some(level) = l.game_level() {
            if ui
                .button(format!("Play against level {level}"))
                .on_hover_text("A game against the computer from this position, in the main window")
                .clicked()
            {
                commands.push(learn(LearnAction::PlayGame));
            }
        } else {
            if ui.button("Retry").on_hover_text("Start the level again").clicked() {
                commands.push(learn(LearnAction::Retry));
            }
            let playing = face.status == LessonStatus::Playing;
            if ui
                .add_enabled(playing, egui::Button::new("Hint"))
                .on_hover_text("Mark the piece to move; again, where it goes (the level then earns at most two stars)")
                .on_disabled_hover_text("A hint is for a try under way: Retry first")
                .clicked()
            {
                commands.push(learn(LearnAction::Hint));
            }
        }
        let done = matches!(face.status, LessonStatus::Done { .. }) || progress.contains_key(&l.key());
        if let Some((s, k)) = l.next() {
            let button = egui::Button::new(if s != l.stage { "Next stage" } else { "Next level" });
            if ui
                .add_enabled(done, button)
                .on_disabled_hover_text("Reach the goal first (or pick a level below)")
                .clicked()
            {
                commands.push(learn(LearnAction::Go { stage: s, level: k }));
            }
        }
    });
    // Under the buttons, so that Hint stays where it was for the second click.
    if !face.hint.is_empty() {
        ui.add_space(4.0);
        ui.label(RichText::new(&face.hint).color(theme::BANNER));
    }
    ui.add_space(10.0);
    ui.separator();
    stage_map(ui, l, progress, commands);
    ui.add_space(10.0);
    if ui.small_button("Reset progress").on_hover_text("Forget the stars of this course").clicked() {
        commands.push(learn(LearnAction::ResetProgress));
    }
}

/// Every stage with its stars and a button per level.
fn stage_map(ui: &mut Ui, l: &Learn, progress: &LearnProgress, commands: &mut Vec<Command>) {
    ui.label(RichText::new("Stages").strong());
    for (s, stage) in l.course.stages.iter().enumerate() {
        let (earned, most) = l.stage_stars(s, progress);
        let done = (0..stage.levels.len()).all(|k| progress.contains_key(&l.course.level_key(s, k)));
        ui.horizontal(|ui| {
            let title = RichText::new(format!("{}. {}{}", s + 1, stage.title, if done { " (done)" } else { "" }));
            ui.label(if s == l.stage { title.strong() } else { title });
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.label(RichText::new(format!("{earned}/{most}")).weak());
            });
        });
        ui.horizontal_wrapped(|ui| {
            ui.add_space(14.0);
            for k in 0..stage.levels.len() {
                let stars = progress.get(&l.course.level_key(s, k)).copied().unwrap_or(0);
                let shown = s == l.stage && k == l.level;
                let goal = stage.levels[k].goal.describe(stage.levels[k].par.unwrap_or(0));
                if level_chip(ui, k + 1, stars, shown).on_hover_text(format!("Level {}: {goal}", k + 1)).clicked()
                    && !shown
                {
                    commands.push(learn(LearnAction::Go { stage: s, level: k }));
                }
            }
        });
    }
}

/// A level on the stage map: its number and its stars in one fixed-size button, so a
/// row never breaks between a number and its stars.
fn level_chip(ui: &mut Ui, number: usize, stars: u8, shown: bool) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(vec2(62.0, 20.0), Sense::click());
    response.widget_info(|| egui::WidgetInfo::selected(egui::Role::Button, true, shown, format!("Level {number}")));
    let visuals = ui.style().interact_selectable(&response, shown);
    if shown || response.hovered() {
        ui.painter().rect_filled(rect, 3.0, visuals.weak_bg_fill);
    }
    ui.painter().text(
        rect.left_center() + vec2(6.0, 0.0),
        egui::Align2::LEFT_CENTER,
        number.to_string(),
        egui::TextStyle::Body.resolve(ui.style()),
        visuals.text_color(),
    );
    paint_stars(ui.painter(), rect.left_center() + vec2(20.0, 0.0), stars, 10.0, ui.visuals().weak_text_color());
    response
}
