//! UI tests of the game report: Analyse game on a short record writes evaluations and
//! NAGs, the evaluation graph is drawn and leads to moves, the summary counts, and
//! "Learn from your mistakes" asks, judges and shows the engine's move.

#![allow(clippy::unwrap_used)] // tests may unwrap

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use orrery::app::OrreryApp;
use orrery::app::command::{Action, Command, GameCommand};
use orrery::app::dialogs::FakeDialogs;
use orrery::core::game::Variant;
use orrery::core::{Game, triangular};
use orrery::engine::{Limits, Player, PlayerKind};
use orrery::record::{NodeId, write_any};

mod ui_support;

/// A Triangular game of `plies` random moves (a fixed seed): random moves give pieces
/// away, so the report has mistakes to mark.
fn random_game(h: &mut Harness<'static, OrreryApp>, plies: usize) {
    h.state_mut().apply(Command::Act(Action::NewGame(Variant::Triangular)));
    h.step();
    let mut random = Player::<triangular::Position>::new(PlayerKind::Random, 1, 11);
    let stop = std::sync::atomic::AtomicBool::new(false);
    for _ in 0..plies {
        let pos = triangular::Position::from_position_string(&h.state().workspace().view.position_string()).unwrap();
        if pos.outcome().is_some() {
            break;
        }
        let mv = random.choose(&pos, &[], &Limits::depth(1), &stop).unwrap().mv;
        let (from, to) = h.state().workspace().view.move_slots(&pos.notation(mv)).unwrap();
        h.state_mut().apply(Command::Game(GameCommand::DropPiece { from, to }));
        h.step();
    }
}

fn analyse(h: &mut Harness<'static, OrreryApp>) {
    h.state_mut().settings_mut().report_nodes = 4_000;
    ui_support::menu(h, "Game", "Analyse game");
    for _ in 0..3000 {
        h.step();
        if h.query_by_label("Evaluation graph").is_some() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("the report did not finish");
}

#[test]
fn analyse_game_writes_evals_and_nags_and_draws_the_graph() {
    let mut h = ui_support::harness(FakeDialogs::default(), 900.0);
    h.run();
    random_game(&mut h, 14);
    let plies = h.state().workspace().view.cursor_path().len();
    analyse(&mut h);
    let text = write_any(&h.state().workspace().view.game()).replace('\n', " ");
    let evals = text.matches("[%eval ").count();
    assert!(evals + 1 >= plies && evals > 0, "an evaluation after every move: {evals} of {plies}\n{text}");
    let nags = ["$2", "$4", "$6", "?!", "??", "?"].iter().any(|g| text.contains(g));
    assert!(nags, "at least one move marked\n{text}");
    assert!(text.contains(" was best ("), "a comment names the better move\n{text}");
    assert!(h.state().modified(), "the report is a change of the record (undo takes it back)");
    h.get_by_label("Avg. loss (cp)");
    // The graph's left end is the start position, its right end the last move.
    let graph = h.get_by_label("Evaluation graph").rect();
    let left = egui::pos2(graph.left() + 2.0, graph.center().y);
    ui_support::click_px(&mut h, left, egui::PointerButton::Primary);
    assert_eq!(h.state().workspace().view.cursor_path().len(), 0, "the start is shown");
    let right = egui::pos2(graph.right() - 2.0, graph.center().y);
    ui_support::click_px(&mut h, right, egui::PointerButton::Primary);
    assert_eq!(h.state().workspace().view.cursor_path().len(), plies, "the last move is shown");
    // Undo takes the report back.
    h.state_mut().apply(Command::Undo);
    h.step();
    assert!(!write_any(&h.state().workspace().view.game()).contains("[%eval"));
}

#[test]
fn learn_from_your_mistakes_asks_refuses_the_games_move_and_shows_the_engines() {
    let mut h = ui_support::harness(FakeDialogs::default(), 900.0);
    h.run();
    random_game(&mut h, 16);
    analyse(&mut h);
    let analysed = write_any(&h.state().workspace().view.game());
    h.state_mut().settings_mut().analysis = true;
    // Stepped, not run to rest: the running analysis keeps asking for frames.
    h.step();
    h.step();
    // The analysis shares a tab group with the report: its tab brings the report back.
    h.get_by_role_and_label(egui::accesskit::Role::Button, "Game report").click();
    h.step();
    h.step();
    h.get_by_label("Learn from your mistakes").click();
    h.step();
    h.step();
    h.get_by_label_contains("Find a better move");
    assert!(!h.state().settings().analysis, "the engine's lines would give the answers away");
    // Turned on again by hand, they stay hidden: no lines, no arrows, no bar.
    h.state_mut().apply(Command::ToggleAnalysis);
    h.step();
    h.step();
    assert!(h.state().settings().analysis, "turned on");
    assert!(!h.state().settings().layout.is_shown(orrery::app::layout::Pane::Analysis), "its pane is not shown");
    h.get_by_label_contains("the engine's lines and the opening tree are hidden");
    assert!(h.state().overlay_slots().arrows.is_empty());
    h.state_mut().apply(Command::ToggleAnalysis);
    h.step();
    h.get_by_label_contains("The rest of the game, the engine's lines and the opening tree are hidden");
    // The board stays on the question: no jump (the graph, the keys) leaves it.
    let asked_at = h.state().workspace().view.cursor();
    h.state_mut().apply(Command::Game(GameCommand::End));
    h.state_mut().apply(Command::Game(GameCommand::Jump(NodeId::ROOT)));
    h.step();
    assert_eq!(h.state().workspace().view.cursor(), asked_at);
    assert!(h.state().workspace().message.contains("Find a better move here first"));
    // The game's own move is refused and taken back.
    let asked = h.state().workspace().view.cursor();
    let path = h.state().workspace().view.cursor_path();
    let mut game_path = path.clone();
    game_path.push(0);
    h.state_mut().workspace_mut().view.follow_path(&game_path);
    let game_move = h.state().workspace().view.cursor();
    assert_ne!(game_move, asked);
    h.state_mut().workspace_mut().view.follow_path(&path);
    h.step();
    // So would the report's comment on the asked move, naming the better one, in the
    // move list (earlier moves' comments may show).
    let answer = {
        let g = h.state().workspace().view.game();
        let orrery::record::AnyGame::Triangular(record) = &*g else { panic!("a Triangular game") };
        orrery::study::report::best_in_comment(&record.tree.node(game_move).comment_after)
            .expect("the report names the better move")
            .to_string()
    };
    let said = format!("{answer} was best");
    assert!(h.query_by_label_contains(&said).is_none(), "the answer is hidden: {said}");
    // Nor may a variation of an earlier move go on to the asked move's ply: no move of
    // the first player numbered from the asked move's number on (the second player's
    // from the next one on) is written in the list.
    let plies = path.len();
    let first_number = plies / 2 + 1 + usize::from(plies % 2 == 1);
    for button in h.query_all_by_role(egui::accesskit::Role::Button) {
        let label = button.accesskit_node().label().unwrap_or_default();
        if let Some((number, _)) = label.split_once(". ")
            && let Ok(n) = number.parse::<usize>()
        {
            assert!(n < first_number, "{label}: past the asked move (ply {plies})");
        }
    }
    // Play the game's move by its cells.
    let text = {
        let g = h.state().workspace().view.game();
        let orrery::record::AnyGame::Triangular(record) = &*g else { panic!("a Triangular game") };
        let mv = record.tree.node(game_move).mv.unwrap();
        record.position_at(record.tree.node(game_move).parent.unwrap_or(NodeId::ROOT)).notation(mv)
    };
    let (from, to) = h.state().workspace().view.move_slots(&text).unwrap();
    h.state_mut().apply(Command::Game(GameCommand::DropPiece { from, to }));
    h.step();
    h.step();
    h.get_by_label_contains("That is the move of the game");
    assert_eq!(h.state().workspace().view.cursor(), asked, "back at the position to find a move");
    // The weakest move here, by the judge's own measure, is refused with the margin
    // stated and taken back.
    let pos = triangular::Position::from_position_string(&h.state().workspace().view.position_string()).unwrap();
    let mut moves = orrery::core::moves::MoveList::new();
    pos.legal_moves(&mut moves);
    let nodes = orrery::study::report::LEARN_NODES;
    let shares: Vec<f32> = moves.iter().map(|&m| orrery::study::report::share_after(&pos, &[], m, nodes)).collect();
    let (weakest, low) =
        shares.iter().enumerate().min_by(|a, b| a.1.total_cmp(b.1)).map(|(i, s)| (moves[i], *s)).unwrap();
    let high = shares.iter().copied().fold(0.0f32, f32::max);
    assert!(low + orrery::study::report::LEARN_MARGIN < high, "a weak move to try: {low} against {high}");
    let (from, to) = h.state().workspace().view.move_slots(&pos.notation(weakest)).unwrap();
    h.state_mut().apply(Command::Game(GameCommand::DropPiece { from, to }));
    ui_support::step_until(&mut h, "the weak move is judged", |h| {
        h.query_by_label_contains("You can do better").is_some()
    });
    assert_eq!(h.state().workspace().view.cursor(), asked, "the weak move is taken back");
    // It stays on the board as a red arrow: the reader sees what was refused.
    let refused = orrery::record::Arrow { color: orrery::record::MarkColor::Red, from, to };
    assert!(h.state().overlay_slots().arrows.contains(&refused), "{:?}", h.state().overlay_slots().arrows);
    // A move nearly as good as the engine's: "good, but not the best", and the rest of
    // the game stays hidden while "Try for the best" is offered.
    let best = {
        let g = h.state().workspace().view.game();
        let orrery::record::AnyGame::Triangular(record) = &*g else { panic!("a Triangular game") };
        let comment = &record.tree.node(game_move).comment_after;
        pos.parse_move(orrery::study::report::best_in_comment(comment).expect("the report names the best move"))
            .unwrap()
    };
    let engine = orrery::study::report::share_after(&pos, &[], best, nodes);
    let close = moves.iter().zip(&shares).find(|&(&m, &share)| {
        m != best
            && share + orrery::study::report::LEARN_MARGIN > engine
            && share + orrery::study::report::LEARN_SAME < engine
    });
    let (&close, _) = close.expect("a move good but not the best in this position");
    let (from, to) = h.state().workspace().view.move_slots(&pos.notation(close)).unwrap();
    h.state_mut().apply(Command::Game(GameCommand::DropPiece { from, to }));
    ui_support::step_until(&mut h, "the close move is judged", |h| {
        h.query_by_label_contains("Good, but not the best").is_some()
    });
    assert!(h.state().overlay_slots().arrows.iter().all(|a| a.color != orrery::record::MarkColor::Red));
    assert!(h.query_by_label_contains(&said).is_none(), "the answer is still hidden");
    h.get_by_label_contains("The rest of the game, the engine's lines and the opening tree are hidden");
    // The move tried shows in the list (beside the verdict that names it), selected.
    assert!(h.query_all_by_label_contains(&pos.notation(close)).count() >= 2, "the move tried is listed");
    h.get_by_label("Try for the best").click();
    h.step();
    h.step();
    assert_eq!(h.state().workspace().view.cursor(), asked, "the close move is taken back");
    h.get_by_label_contains("Find a better move");
    h.get_by_label("Show the engine's move").click();
    h.step();
    h.step();
    h.get_by_label_contains("The engine plays");
    assert_ne!(h.state().workspace().view.cursor(), game_move);
    assert_eq!(h.state().workspace().view.cursor_path().len(), path.len() + 1);
    h.get_by_label("Stop").click();
    h.step();
    assert!(h.query_by_label_contains("Find a better move").is_none());
    assert!(h.state().settings().analysis, "the analysis is back after the lesson");
    assert_eq!(
        write_any(&h.state().workspace().view.game()),
        analysed,
        "the moves tried and shown are not left in the game as bare variations"
    );
}
