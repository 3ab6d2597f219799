//! The game report in the side panel: progress and Cancel while it is worked out; then
//! the evaluation graph of the main line (click a point to go to that move), each
//! side's summary, and "Learn from your mistakes".

use std::time::Duration;

use egui::{Color32, Pos2, RichText, Sense, Stroke, pos2, vec2};

use super::command::{Command, GameCommand};
use super::theme;
use crate::record::NodeId;
use crate::study::report::{GraphPoint, Judgement, LearnState, Learning, SideSummary};

/// What the report panel shows.
pub struct ReportView<'a> {
    /// While the report is worked out: positions done and in all, and the time so far.
    pub progress: Option<((usize, usize), Duration)>,
    /// The graph's points (empty: the record has no evaluations).
    pub points: &'a [GraphPoint],
    /// The shown move (marked on the graph).
    pub cursor: NodeId,
    /// Each side's summary, the first player's first.
    pub summary: &'a [SideSummary; 2],
    /// The sides' names, the first player's first.
    pub names: &'a [String; 2],
    /// "Learn from your mistakes", while it runs.
    pub learning: Option<&'a Learning>,
    /// Whether "Learn from your mistakes" has moves to go through.
    pub learnable: bool,
    /// How long the last report took.
    pub took: Option<Duration>,
}

/// The graph's height in points.
pub const GRAPH_HEIGHT: f32 = 90.0;

/// The report panel (nothing when there is no report and none is running).
pub fn report_ui(ui: &mut egui::Ui, view: &ReportView<'_>, commands: &mut Vec<Command>) {
    if let Some(((done, total), elapsed)) = view.progress {
        ui.strong("Game report");
        ui.horizontal(|ui| {
            let share = if total == 0 { 0.0 } else { done as f32 / total as f32 };
            ui.add(
                egui::ProgressBar::new(share)
                    .desired_width(ui.available_width() - 70.0)
                    .text(format!("{done} of {total} positions · {:.0} s", elapsed.as_secs_f64())),
            );
            if ui.button("Cancel").clicked() {
                commands.push(Command::Game(GameCommand::CancelReport));
            }
        });
        ui.separator();
        return;
    }
    if view.points.is_empty() {
        return;
    }
    // The heading row carries the lesson's button, in view however small the pane.
    ui.horizontal_wrapped(|ui| {
        ui.strong("Game report");
        if let Some(took) = view.took {
            ui.label(RichText::new(format!("analysed in {:.1} s", took.as_secs_f64())).small().weak());
        }
        if view.learning.is_none()
            && ui
                .add_enabled(view.learnable, egui::Button::new("Learn from your mistakes"))
                .on_hover_text("Go through the moves marked ? and ?? and find a better one")
                .on_disabled_hover_text("No move of yours is marked ? or ??")
                .clicked()
        {
            commands.push(Command::Game(GameCommand::LearnFromMistakes));
        }
    });
    // A lesson takes the pane: its question and buttons first, in view whatever the
    // pane's size (the graph would only take the board away from the question).
    if let Some(learning) = view.learning {
        learning_ui(ui, learning, commands);
        ui.separator();
        // The graph up to the asked move only, while it asks: the rest of the game
        // would give the answer's worth away (as on lichess).
        let asked = learning.moves.get(learning.index).copied();
        let hides = learning.state == LearnState::Asking || (learning.state == LearnState::Solved && learning.close);
        let shown = match (hides, asked) {
            (true, Some(asked)) => view.points.iter().position(|p| p.node == asked).unwrap_or(view.points.len()),
            _ => view.points.len(),
        };
        graph(ui, view.points, shown, view.cursor, commands);
        return;
    }
    graph(ui, view.points, view.points.len(), view.cursor, commands);
    egui::Grid::new("report summary").num_columns(5).striped(true).show(ui, |ui| {
        ui.label("");
        ui.label(RichText::new("?!").color(judgement_color(Judgement::Inaccuracy))).on_hover_text("Inaccuracies");
        ui.label(RichText::new("?").color(judgement_color(Judgement::Mistake))).on_hover_text("Mistakes");
        ui.label(RichText::new("??").color(judgement_color(Judgement::Blunder))).on_hover_text("Blunders");
        ui.label("Avg. loss (cp)").on_hover_text(
            "The average drop of the evaluation per move, in hundredths of a star or pawn (scores capped at ±10)",
        );
        ui.end_row();
        for (name, s) in view.names.iter().zip(view.summary.iter()) {
            ui.label(name);
            ui.label(s.inaccuracies.to_string());
            ui.label(s.mistakes.to_string());
            ui.label(s.blunders.to_string());
            ui.label(s.average_loss.map_or_else(|| "–".to_string(), |l| format!("{l:.0}")));
            ui.end_row();
        }
    });
    ui.separator();
}

fn learning_ui(ui: &mut egui::Ui, learning: &Learning, commands: &mut Vec<Command>) {
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.strong(format!("Learn from your mistakes: {} of {}", learning.index + 1, learning.moves.len()));
        let color = match learning.state {
            LearnState::Solved => theme::GOOD,
            LearnState::Shown | LearnState::Asking => ui.visuals().text_color(),
        };
        ui.label(RichText::new(&learning.feedback).color(color));
        ui.horizontal_wrapped(|ui| {
            let show = learning.state == LearnState::Asking || (learning.state == LearnState::Solved && learning.close);
            if learning.state == LearnState::Solved
                && learning.close
                && ui.button("Try for the best").on_hover_text("Take the move back and look again").clicked()
            {
                commands.push(Command::Game(GameCommand::LearnRetry));
            }
            if show && ui.button("Show the engine's move").clicked() {
                commands.push(Command::Game(GameCommand::LearnShow));
            }
            if learning.keep.as_ref().is_some_and(|(node, _)| learning.added.contains(node))
                && ui
                    .button("Keep as a variation")
                    .on_hover_text("Keep this move in the game, with a comment; otherwise it goes when you go on")
                    .clicked()
            {
                commands.push(Command::Game(GameCommand::LearnKeep));
            }
            let last = learning.index + 1 >= learning.moves.len();
            if last {
                if ui.button("Finish").on_hover_text("That was the last marked move").clicked() {
                    commands.push(Command::Game(GameCommand::LearnNext));
                }
            } else {
                if ui.button("Next mistake").clicked() {
                    commands.push(Command::Game(GameCommand::LearnNext));
                }
                if ui.button("Stop").on_hover_text("End the lesson here").clicked() {
                    commands.push(Command::Game(GameCommand::LearnStop));
                }
            }
        });
    });
}

/// The colour of a judgement's mark on the graph and in the summary.
pub fn judgement_color(j: Judgement) -> Color32 {
    match j {
        Judgement::Inaccuracy => Color32::from_rgb(220, 200, 60),
        Judgement::Mistake => Color32::from_rgb(235, 140, 40),
        Judgement::Blunder => theme::ERROR,
    }
}

/// The evaluation graph: the first player's winning share after each move (up: the
/// first player better), marks on judged moves, a line at the shown move. Clicking goes
/// to the nearest move; hovering names it.
fn graph(ui: &mut egui::Ui, all: &[GraphPoint], shown: usize, cursor: NodeId, commands: &mut Vec<Command>) {
    // The width is the whole game's; only the first `shown` points are drawn.
    let points = &all[..shown.min(all.len())];
    let (rect, response) = ui.allocate_exact_size(vec2(ui.available_width(), GRAPH_HEIGHT), Sense::click());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "Evaluation graph"));
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 3.0, Color32::from_gray(40));
    // Inset, so the dots at the ends are drawn whole.
    let rect = rect.shrink2(vec2(4.0, 3.0));
    let n = all.len().max(2) - 1;
    let at = |i: usize, share: f32| -> Pos2 {
        pos2(rect.left() + rect.width() * i as f32 / n as f32, rect.bottom() - rect.height() * share.clamp(0.0, 1.0))
    };
    // The first player's share, light, from the bottom up to the line: one convex
    // piece per segment.
    for (i, w) in points.windows(2).enumerate() {
        let (a, b) = (at(i, w[0].share), at(i + 1, w[1].share));
        let piece = vec![pos2(a.x, rect.bottom()), a, b, pos2(b.x, rect.bottom())];
        painter.add(egui::Shape::convex_polygon(piece, Color32::from_gray(205), Stroke::NONE));
    }
    painter.line_segment(
        [pos2(rect.left(), rect.center().y), pos2(rect.right(), rect.center().y)],
        Stroke::new(1.0, Color32::from_gray(120)),
    );
    let line: Vec<Pos2> = points.iter().enumerate().map(|(i, p)| at(i, p.share)).collect();
    painter.add(egui::Shape::line(line, Stroke::new(1.5, theme::BANNER)));
    for (i, p) in points.iter().enumerate() {
        if let Some(j) = p.judgement {
            painter.circle_filled(at(i, p.share), 3.5, judgement_color(j));
        }
        if p.node == cursor {
            let x = at(i, 0.0).x;
            painter.line_segment([pos2(x, rect.top()), pos2(x, rect.bottom())], Stroke::new(1.5, Color32::LIGHT_BLUE));
        }
    }
    let nearest = |pos: Pos2| {
        let i = (((pos.x - rect.left()) / rect.width()) * n as f32).round().max(0.0) as usize;
        points.get(i.min(points.len().saturating_sub(1)))
    };
    if let Some(pos) = response.hover_pos()
        && let Some(p) = nearest(pos)
    {
        let text = match p.judgement {
            Some(j) => format!("{} ({})", p.label, j.name().to_lowercase()),
            None => p.label.clone(),
        };
        response.clone().on_hover_text_at_pointer(text);
    }
    if response.clicked()
        && let Some(pos) = response.interact_pointer_pos()
        && let Some(p) = nearest(pos)
    {
        commands.push(Command::Game(GameCommand::Jump(p.node)));
    }
}
