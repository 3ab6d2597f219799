//! The command line as a user runs it: the real `orrery` binary, its output and exit codes.

use std::process::{Command, Output};

fn orrery(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_orrery")).args(args).output().expect("run orrery")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn perft_prints_nodes_last() {
    let o = orrery(&["perft", "--variant", "interstellar", "--depth", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().last(), Some("nodes 25408"));
}

#[test]
fn divide_prints_one_line_per_move_then_the_total() {
    let o = orrery(&["divide", "--variant", "interstellar", "--depth", "2"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 29);
    assert_eq!(lines[28], "nodes 770");
    let sum: u64 = lines[..28].iter().map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(sum, 770);
    assert!(lines.contains(&"PQ-33 28"), "{out}");
}

#[test]
fn status_of_the_opening() {
    let o = orrery(&["status", "--variant", "interstellar"]);
    assert_eq!(stdout(&o), "side: +\ntarget: none\nlegal-moves: 28\nresult: ongoing\n");
}

#[test]
fn status_reports_target_out_and_blocked() {
    let o = orrery(&["status", "--variant", "interstellar", "--position", "p7Q/7Q/9/8/s8/8/9/8/4P4 -"]);
    assert_eq!(stdout(&o), "side: -\ntarget: single\nlegal-moves: 0\nresult: positive wins by target-out\n");
    let o = orrery(&["status", "--variant", "interstellar", "--position", "pn6Q/7Q/9/8/9/8/9/8/4P4 -"]);
    assert_eq!(stdout(&o), "side: -\ntarget: none\nlegal-moves: 0\nresult: positive wins by blocked\n");
}

#[test]
fn status_reports_double_target() {
    // After PN-74++ (see the rules tests): negative to move, planet attacked twice.
    let o = orrery(&["status", "--variant", "interstellar", "--position", "7b1/8/3N5/8/Q3p4/8/9/8/4P4 -"]);
    assert!(stdout(&o).contains("target: double"), "{}", stdout(&o));
}

#[test]
fn bad_input_exits_2_with_one_line() {
    for args in [
        vec!["perft", "--variant", "chess", "--depth", "1"],
        vec!["perft", "--variant", "interstellar", "--depth", "x"],
        vec!["perft", "--variant", "interstellar", "--depth", "1", "--position", "nonsense"],
        vec!["status", "--variant", "interstellar", "--position", "pp7/8/9/8/9/8/9/8/S8 +"],
        vec!["divide", "--variant", "interstellar", "--depth", "0"],
        vec!["frobnicate"],
        vec![],
    ] {
        let o = orrery(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
}

#[test]
fn position_errors_say_where() {
    let o = orrery(&[
        "status",
        "--variant",
        "interstellar",
        "--position",
        "nbuqpqubn/ss1ss1ss/9/8/9/8/9/SS1SS1SS/NBUQXQUBN +",
    ]);
    let err = stderr(&o);
    assert!(err.contains("row 1") && err.contains("character 43") && err.contains("unknown letter"), "{err}");
}
