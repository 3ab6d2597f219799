//! The swap list of a static exchange evaluation, shared by the games whose pieces
//! capture by moving onto the enemy piece's cell (Triangular, `docs/rules-triangular.md`
//! §4 *How the pieces move*; Interstellar, `docs/rules-interstellar.md` §5 *How the
//! pieces move*). Each game finds its capturers (`Position::static_exchange`); this
//! settles what the exchange is worth.

/// The most captures on one cell an exchange follows.
const MAX_CAPTURES: usize = 32;

/// What a first capture on a cell wins once both sides have gone on capturing there
/// while it paid: `taken` is what the first capture took (a promotion's gain included),
/// `standing` the value of the piece that made it, and `next()` gives the value of the
/// piece making the next capture on the cell — the least valuable of the side whose turn
/// it is to capture — or `None` when that side has none or may not capture. Either side
/// may also stop when going on would lose. Values in any one unit (centipawns);
/// follows at most 32 captures. Negative: the first capture loses material.
pub(crate) fn swap_off(taken: i32, mut standing: i32, mut next: impl FnMut() -> Option<i32>) -> i32 {
    // gain[d]: what the side making the d-th capture has won once it is made, if the
    // other side stops there.
    let mut gain = [0i32; MAX_CAPTURES + 1];
    gain[0] = taken;
    let mut depth = 0;
    while depth < MAX_CAPTURES {
        let Some(value) = next() else { break };
        depth += 1;
        gain[depth] = standing - gain[depth - 1];
        standing = value;
    }
    // Back from the last capture: each side makes its capture only when that beats
    // stopping before it.
    while depth > 0 {
        gain[depth - 1] = -((-gain[depth - 1]).max(gain[depth]));
        depth -= 1;
    }
    gain[0]
}

#[cfg(test)]
mod tests {
    use super::swap_off;

    /// Capturers that follow one another: each value in turn, then none.
    fn capturers(values: &[i32]) -> impl FnMut() -> Option<i32> + '_ {
        let mut i = 0;
        move || {
            let v = values.get(i).copied();
            i += 1;
            v
        }
    }

    #[test]
    fn an_undefended_piece_is_won_whole() {
        assert_eq!(swap_off(300, 100, capturers(&[])), 300);
    }

    #[test]
    fn a_queen_taking_a_defended_pawn_loses_the_queen_for_it() {
        assert_eq!(swap_off(100, 950, capturers(&[100])), 100 - 950);
    }

    #[test]
    fn a_side_stops_when_recapturing_would_lose() {
        // Pawn takes knight (300), the queen could take the pawn back but a rook
        // defends it: recapturing would lose the queen for a pawn, so Black stops.
        assert_eq!(swap_off(300, 100, capturers(&[950, 500])), 300);
        // Knight takes a pawn defended by a pawn: 100 − 300; with a rook behind the
        // knight, which takes the pawn back: 100 − 300 + 100.
        assert_eq!(swap_off(100, 300, capturers(&[100])), -200);
        assert_eq!(swap_off(100, 300, capturers(&[100, 500])), -100);
    }

    #[test]
    fn an_exchange_of_equals_on_a_defended_cell_is_even() {
        // Rook takes rook, rook takes back, rook takes back, nothing more.
        assert_eq!(swap_off(500, 500, capturers(&[500, 500])), 500);
        assert_eq!(swap_off(500, 500, capturers(&[500])), 0);
    }
}
