//! The puzzle panels (egui): [`puzzle_ui`] for an open puzzle (its buttons, the
//! solver's progress, the keys and the solution tree) and [`check_ui`] for the Save as
//! puzzle form's check. They read the model ([`super::puzzle`]) and push commands.

use egui::RichText;

use super::command::{Command, GameCommand};
use super::puzzle::{PuzzleCheck, PuzzleState, Verdict};
use super::theme;
use crate::solver::SolverGame;

/// The puzzle panel (above the move list while a puzzle is open). Its buttons come
/// first, so they keep their place however long the words under them are.
pub fn puzzle_ui<G: SolverGame>(puzzle: &PuzzleState<G>, ui: &mut egui::Ui, commands: &mut Vec<Command>) {
    ui.heading(if puzzle.title.is_empty() { "Puzzle".to_string() } else { puzzle.title.clone() });
    if let Some(s) = &puzzle.stipulation {
        ui.label(RichText::new(s.to_string()).strong());
    }
    if let Some(g) = puzzle.shown_goal {
        ui.label(RichText::new(format!("Shows: {}", g.words())).strong());
    }
    let has_keys = puzzle.solution.as_ref().is_some_and(|s| !s.keys.is_empty());
    ui.horizontal_wrapped(|ui| {
        if puzzle.interactive && puzzle.shown_goal.is_none() && ui.button("Hint").clicked() {
            commands.push(Command::Game(GameCommand::Hint));
        }
        // Nothing to show when no move forces the goal.
        if has_keys {
            let label = if puzzle.show_tree { "Hide solution" } else { "Show solution" };
            if ui.button(label).clicked() {
                commands.push(Command::Game(GameCommand::ShowSolution(!puzzle.show_tree)));
            }
        }
        // A solve of a position is no puzzle: its result is only put away.
        let close = if puzzle.interactive { "Close puzzle" } else { "Close the solver" };
        if ui.button(close).clicked() {
            commands.push(Command::Game(GameCommand::ClosePuzzle));
        }
    });
    if !puzzle.feedback.is_empty() {
        let color = if puzzle.solved { theme::GOOD } else { ui.visuals().text_color() };
        ui.label(RichText::new(&puzzle.feedback).color(color));
    }
    if puzzle.is_solving() {
        let progress = puzzle.control().progress();
        let (tried, total) = progress.tried();
        ui.horizontal(|ui| {
            crate::app::busy::busy_ui(ui);
            ui.label(format!("Solving: {tried}/{total} first moves, {} positions", progress.nodes()));
            if ui.button("Cancel").clicked() {
                puzzle.control().cancel();
            }
        });
    }
    if let Some(e) = &puzzle.solve_error {
        ui.label(RichText::new(format!("Solver: {e}")).color(theme::ERROR));
    }
    if let Some(s) = &puzzle.solution
        && has_keys
    {
        if !puzzle.interactive || puzzle.solved || puzzle.show_tree {
            let keys = puzzle.keys();
            ui.label(format!(
                "Keys: {} — unique: {} — {} positions in {} ms",
                keys.join(", "),
                if s.is_unique() { "yes" } else { "no" },
                s.nodes,
                s.elapsed.as_millis()
            ));
        }
        if puzzle.show_tree {
            let tree = s.tree_text();
            egui::ScrollArea::vertical().id_salt("solution-tree").max_height(200.0).show(ui, |ui| {
                ui.label(RichText::new(tree).monospace());
            });
        }
    }
    ui.separator();
}

/// The check's lines in the form: progress with Cancel, or the verdict, keys, tries
/// and the work done.
pub fn check_ui(check: &PuzzleCheck, ui: &mut egui::Ui) {
    if check.is_checking() {
        let progress = check.control().progress();
        let (tried, total) = progress.tried();
        ui.horizontal(|ui| {
            crate::app::busy::busy_ui(ui);
            ui.label(format!("Checking: {tried}/{total} first moves, {} positions", progress.nodes()));
            if ui.button("Stop checking").clicked() {
                check.control().cancel();
            }
        });
        return;
    }
    let color = match check.verdict() {
        Verdict::Sound(_) => theme::GOOD,
        Verdict::Checking => ui.visuals().text_color(),
        _ => theme::ERROR,
    };
    ui.label(RichText::new(check.summary()).color(color).strong());
    if let Some(Ok(solution)) = &check.result {
        let tries = solution.tries();
        let tries = if tries.is_empty() {
            "none".to_string()
        } else {
            tries.iter().map(|(t, r)| format!("{t} (but {r})")).collect::<Vec<_>>().join(", ")
        };
        ui.label(format!("Tries: {tries}"));
        ui.label(
            RichText::new(format!("{} positions in {} ms", solution.nodes(), solution.elapsed().as_millis())).weak(),
        );
    }
}
