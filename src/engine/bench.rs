//! The bench: a fixed set of positions of every game, each searched to a fixed depth
//! with a fresh engine, one thread. Its node count is a fingerprint of the search: it
//! changes when, and only when, the search does (a change that should not alter the
//! search, a speed-up say, must leave it as it was), as every strong engine keeps one.
//! Its nodes per second measure speed. `orrery bench` prints it. Searched for a fixed
//! time instead (`orrery bench --movetime MS`), the same positions measure how deep
//! the search gets and its effective branching factor.
//!
//! The positions are middlegames of engine games (20 to 40 plies in), written as
//! position strings so that they never change with the move generator's order.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::game::EngineGame;
use super::limits::Limits;
use super::search::Engine;
use crate::core::game::Variant;

/// The bench's positions of a game, as position strings.
pub fn positions(variant: Variant) -> &'static [&'static str] {
    match variant {
        Variant::Interstellar => INTERSTELLAR,
        Variant::Triangular => TRIANGULAR,
        Variant::Draughts => DRAUGHTS,
    }
}

/// The depth, in plies, each position of a game is searched to by default: about a
/// second a game in a release build.
pub const fn default_depth(variant: Variant) -> u32 {
    match variant {
        Variant::Interstellar => 7,
        Variant::Triangular => 6,
        Variant::Draughts => 12,
    }
}

/// What the bench found for one position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BenchLine {
    /// Nodes searched.
    pub nodes: u64,
    /// How long it took.
    pub time: Duration,
    /// The deepest iteration completed, in plies.
    pub depth: u32,
    /// The effective branching factor: how many times more nodes each of the last
    /// (up to four) completed iterations took than the one before, their geometric
    /// mean (`(N(D) / N(D−k))^(1/k)` with `N(d)` the nodes when iteration `d` was done);
    /// `None` below depth 2.
    pub branching: Option<f64>,
}

/// Searches every bench position of `G` within `limits` (a depth for the fingerprint,
/// a time for the depth reached) with a fresh engine of a 16 MiB table, one after
/// another, calling `each(k, line)` after position `k`.
///
/// # Panics
/// If a bench position does not read (a test checks they all do).
pub fn run<G: EngineGame>(limits: &Limits, each: &mut dyn FnMut(usize, BenchLine)) -> Vec<BenchLine> {
    let stop = AtomicBool::new(false);
    positions(G::VARIANT)
        .iter()
        .enumerate()
        .map(|(k, text)| {
            let pos = G::from_position_string(text).unwrap_or_else(|e| panic!("bench position {k}: {e}"));
            let mut engine = Engine::<G>::new(16);
            // The nodes when each iteration was done, by depth.
            let mut done = [0u64; 128];
            let started = Instant::now();
            let result = engine.search(&pos, &[], limits, 1, &stop, &mut |r| {
                if let Some(slot) = done.get_mut(r.depth as usize) {
                    *slot = r.nodes;
                }
            });
            let depth = result.depth;
            let branching = (depth >= 2).then(|| {
                let k = (depth - 1).min(4);
                let (now, before) = (done[depth as usize], done[(depth - k) as usize]);
                (now as f64 / before.max(1) as f64).powf(1.0 / f64::from(k))
            });
            let line = BenchLine { nodes: result.nodes, time: started.elapsed(), depth, branching };
            each(k, line);
            line
        })
        .collect()
}

const INTERSTELLAR: &[&str] = &[
    "n(PN)1u(PPu)2pu(NPu)1n(NN)/1s(PPuS)b(PB)s(PQS)s(NQS)b(NB)Q(NQ)s(NNS)/9/s(PNS)7/9/S(PNS)7/5S(NQS)3/1S(PPuS)PS(PQS)3S(NNS)/N(PN)B(PB)U(PPu)3q(NQ)B(NB)N(NN) +",
    "n(PN)b(PB)7/3s(PQS)2Q(NQ)1/4ps(NQS)s(NPuS)2/s(PNS)s(PPuS)4n(NN)s(NNS)/6S(NPuS)2/7S(NNS)/3S(PQS)q(PQ)S(NQS)3/S(PNS)S(PPuS)6/N(PN)B(PB)U(PPu)1P1U(NPu)B(NB)1 -",
    "n(PN)b(PB)4u(NPu)b(NB)1/3ps(NQS)3/s(PNS)3s(PQS)4/1s(PPuS)4s(NPuS)s(NNS)/5S(NQS)n(NN)2/S(PNS)3U(NPu)3/3S(PQS)4S(NNS)/1S(PPuS)1U(PPu)2S(NPuS)1/1B(PB)1P4N(NN) +",
    "n(PN)b(PB)3pu(NPu)1n(NN)/s(PNS)s(PPuS)1N(PN)1b(NB)Q(NQ)1/4s(NQS)1q(NQ)2/3s(PQS)4/9/S(PNS)7/9/1S(PPuS)1S(PQS)S(NQS)1S(NPuS)1/1B(PB)U(PPu)1P1U(NPu)B(NB)N(NN) +",
    "n(PN)b(PB)7/3s(PQS)2Q(NQ)1/4ps(NQS)s(NPuS)2/s(PNS)s(PPuS)4n(NN)s(NNS)/9/7S(NNS)/3S(PQS)q(PQ)S(NQS)S(NPuS)2/S(PNS)S(PPuS)B(PB)5/N(PN)1U(PPu)1P1U(NPu)B(NB)1 -",
    "n(PN)3p1u(NPu)1n(NN)/s(PNS)2u(PPu)s(NQS)b(NB)s(NPuS)1/1b(PB)7/1s(PPuS)Q(PQ)s(PQS)1q(NQ)1s(NNS)/5U(PPu)3/1S(PPuS)1S(PQS)4/5S(NQS)3/S(PNS)5S(NPuS)S(NNS)/N(PN)B(PB)2P1U(NPu)B(NB)N(NN) +",
    "1b(PB)u(PPu)3u(NPu)b(NB)1/5p2/2s(PPuS)1Q(NQ)s(NQS)s(NPuS)2/1q(PQ)1s(PQS)2n(NN)s(NNS)/S(PNS)8/2B(PB)S(PQS)2N(NN)S(NNS)/5S(NQS)3/1S(PPuS)1U(PPu)2S(NPuS)1/N(PN)3P2B(NB)1 +",
    "2u(PPu)p2u(NPu)b(NB)n(NN)/1s(PPuS)b(PB)s(PQS)2s(NPuS)s(NNS)/9/4s(NQS)3/4Q(NQ)4/7S(NNS)/9/1S(PPuS)1PS(NQS)1S(NPuS)1/N(PN)2q(PQ)2U(NPu)B(NB)N(NN) +",
    "1b(PB)1p2u(NPu)b(NB)n(NN)/1s(PPuS)4s(NPuS)s(NNS)/5s(NQS)3/s(PNS)2s(PQS)4/2Q(PQ)2q(PQ)3/S(PNS)2S(PQS)3S(NNS)/5S(NQS)S(NPuS)2/1S(PPuS)6/1B(PB)U(PPu)1P1U(NPu)B(NB)N(NN) -",
];
const TRIANGULAR: &[&str] = &[
    "3q1k3/3ppbppb2/3p1n1n1p3/13r1/R14/3NPN1B1P3/2PP2PP3/3QBK3 w 1 11",
    "4bk3/3p1bpp3/2qp2pn1p3/4r10/5nQ7R/3N1NBB1P3/2PPPKPP3/9 b 9 14",
    "5k3/5bp4/2R1p1pnbpp2/1r11r1/13R1/2PPq1PNPP3/4BBKP3/9 w 0 18",
    "3qk4/3pbbpp3/3ppn1n1p3/1r13/1R12r/2PPQN1N1P3/4PBPP3/4BK3 w 0 11",
    "4bk3/5bpp3/2pqpnpn1p3/13r1/R14/2PPQ1PNNP3/5BPP3/4BK3 b 1 14",
    "3qk4/3p1bpp3/2bp2pnnp3/11r3/14R/2PPQNPN1PP2/5BP4/4BK3 w 2 18",
    "4bk3/q2ppb1p3/3p1n1npp3/1r11r1/1R11R1/5NNP1P3/1QPPPBP4/5KB2 w 0 11",
    "5k3/4pbpp3/b1pqpn1n1p3/7N5r1/10R4/2PPQNP2P3/5BPP3/4BK3 b 3 14",
    "4k4/3pbbpp3/3pp2nn1p2/1r8q4/1Q11R1/2PPBNPN1P3/5BPP3/5K3 w 0 18",
    "3q1k3/3pp1pp3/3p1n1b1p3/3r6n4/1R13/2P2N1N1P3/1Q1PPbPP3/4BK3 w 0 11",
];
const DRAUGHTS: &[&str] = &[
    "W:W28,31,32,38,40,41,42,43,44,45,46,47,48:B1,2,3,4,5,6,7,9,12,14,15,16,26:F11",
    "B:W22,24,26,30,39,42,43,44,45,46,47,48:B1,2,3,4,8,10,12,13,14,15,16:F14",
    "W:W27,30,39,40,41,44,46,48:B1,2,3,4,8,9,11,29:F18",
    "W:W30,33,36,38,39,40,42,43,45,46,47,48:B1,2,3,4,5,6,8,10,14,16,19,29:F11",
    "B:W27,31,35,36,39,41,42,44,46,48:B1,2,3,4,7,8,9,11,15,20:F14",
    "W:W27,35,37,42,45,46,47,48:B1,3,4,5,6,9,10,15,19:F18",
    "W:W23,34,35,36,38,40,41,42,43,44,45,46,47,48:B1,3,4,5,6,7,8,9,10,12,14,21,24,25:F11",
    "B:W17,21,32,36,38,41,42,43,45,46,47,48:B1,2,3,5,6,7,9,11,14:F14",
    "W:W23,29,36,38,40,41,42,43,46,47,48:B1,2,3,4,6,7,9,18,22,24:F18",
    "W:W30,31,32,34,35,37,38,39,42,43,44,45,46,47,48:B1,2,3,4,6,7,10,11,13,14,15,16,18,22,23:F11",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bench_position_reads_and_is_not_over() {
        for variant in Variant::ALL {
            assert!(positions(variant).len() >= 8, "{variant:?}");
            for text in positions(variant) {
                crate::with_variant!(variant, G => {
                    let pos = <G as crate::core::Game>::from_position_string(text).expect(text);
                    assert!(crate::core::Game::outcome(&pos).is_none(), "{text}");
                });
            }
        }
    }

    #[test]
    fn the_bench_is_the_same_twice() {
        let once: Vec<u64> = run::<crate::core::triangular::Position>(&Limits::depth(3), &mut |_, _| {})
            .iter()
            .map(|l| l.nodes)
            .collect();
        let again: Vec<u64> = run::<crate::core::triangular::Position>(&Limits::depth(3), &mut |_, _| {})
            .iter()
            .map(|l| l.nodes)
            .collect();
        assert_eq!(once, again);
        assert!(once.iter().all(|&n| n > 0));
    }

    #[test]
    fn the_bench_reports_the_depth_and_a_branching_factor_from_the_iterations() {
        let lines = run::<crate::core::draughts::Position>(&Limits::depth(5), &mut |_, _| {});
        for line in lines {
            assert_eq!(line.depth, 5);
            let b = line.branching.expect("a branching factor from depth 2");
            assert!((1.0..50.0).contains(&b), "{b}");
        }
        let shallow = run::<crate::core::draughts::Position>(&Limits::depth(1), &mut |_, _| {});
        assert!(shallow.iter().all(|l| l.depth == 1 && l.branching.is_none()));
    }
}
