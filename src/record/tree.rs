//! The move tree of a game record: moves with their variations in order (main line
//! first), comments before and after moves, NAGs and board marks.
//!
//! Nodes live in an arena and are addressed by [`NodeId`]; the root (id 0) stands for
//! the start position and holds no move. Every walk over a line is iterative, so a
//! 10,000-ply main line needs no deep recursion; only variation nesting recurses.

use std::fmt::Debug;

/// A node of the tree: index into the arena. The root is [`NodeId::ROOT`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

impl NodeId {
    /// The root: the start position, before any move.
    pub const ROOT: NodeId = NodeId(0);
}

/// The colour of a board mark, as lichess offers them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MarkColor {
    /// `G` in `[%cal]`/`[%csl]`.
    Green,
    /// `R`.
    Red,
    /// `B`.
    Blue,
    /// `Y`.
    Yellow,
}

impl MarkColor {
    /// Every colour, in the order of their letters `G R B Y`.
    pub const ALL: [MarkColor; 4] = [MarkColor::Green, MarkColor::Red, MarkColor::Blue, MarkColor::Yellow];

    /// The letter used in `[%cal Ga1b2]`.
    pub const fn letter(self) -> char {
        match self {
            MarkColor::Green => 'G',
            MarkColor::Red => 'R',
            MarkColor::Blue => 'B',
            MarkColor::Yellow => 'Y',
        }
    }

    /// The colour for a letter (either case).
    pub fn from_letter(c: char) -> Option<MarkColor> {
        MarkColor::ALL.into_iter().find(|m| m.letter() == c.to_ascii_uppercase())
    }
}

/// An arrow drawn from one cell to another of the game's board (`C` is the game's
/// cell type).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Arrow<C> {
    /// Colour.
    pub color: MarkColor,
    /// Tail cell.
    pub from: C,
    /// Head cell.
    pub to: C,
}

/// A highlighted cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MarkedCell<C> {
    /// Colour.
    pub color: MarkColor,
    /// The cell.
    pub cell: C,
}

/// The board marks of one move: arrows and highlighted cells, shown with the position
/// after that move. Stored in comments as `[%cal …]` and `[%csl …]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Marks<C> {
    /// Arrows, in drawing order.
    pub arrows: Vec<Arrow<C>>,
    /// Highlighted cells, in drawing order.
    pub cells: Vec<MarkedCell<C>>,
}

impl<C> Default for Marks<C> {
    fn default() -> Self {
        Marks { arrows: Vec::new(), cells: Vec::new() }
    }
}

impl<C> Marks<C> {
    /// `true` when there are no marks.
    pub fn is_empty(&self) -> bool {
        self.arrows.is_empty() && self.cells.is_empty()
    }
}

/// A Numeric Annotation Glyph, `$n` in PGN: `$1` = `!`, `$2` = `?`, `$3` = `!!`,
/// `$4` = `??`, `$5` = `!?`, `$6` = `?!`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nag(pub u8);

impl Nag {
    /// The move glyphs and their NAG numbers.
    pub const GLYPHS: [(&'static str, u8); 6] = [("!!", 3), ("??", 4), ("!?", 5), ("?!", 6), ("!", 1), ("?", 2)];

    /// The glyph for `$1`–`$6`, if it has one.
    pub fn glyph(self) -> Option<&'static str> {
        Nag::GLYPHS.iter().find(|(_, n)| *n == self.0).map(|(g, _)| *g)
    }

    /// The NAG for a glyph (`!`, `?`, `!!`, `??`, `!?`, `?!`).
    pub fn from_glyph(text: &str) -> Option<Nag> {
        Nag::GLYPHS.iter().find(|(g, _)| *g == text).map(|(_, n)| Nag(*n))
    }

    /// The move NAGs an annotator picks from, as lichess offers them: symbol, NAG
    /// number, meaning. A move carries at most one of them.
    pub const MOVE: [(&'static str, u8, &'static str); 8] = [
        ("!!", 3, "Brilliant move"),
        ("!", 1, "Good move"),
        ("!?", 5, "Interesting move"),
        ("?!", 6, "Dubious move"),
        ("?", 2, "Mistake"),
        ("??", 4, "Blunder"),
        ("□", 7, "Only move"),
        ("⨀", 22, "Zugzwang"),
    ];

    /// The position NAGs (the standard PGN numbers): symbol, NAG number, meaning in
    /// the words of these games (the first player moves first). A move carries at most
    /// one of them.
    pub const POSITION: [(&'static str, u8, &'static str); 8] = [
        ("=", 10, "Equal position"),
        ("∞", 13, "Unclear position"),
        ("+=", 14, "The first player is slightly better"),
        ("=+", 15, "The second player is slightly better"),
        ("±", 16, "The first player is better"),
        ("∓", 17, "The second player is better"),
        ("+−", 18, "The first player is winning"),
        ("−+", 19, "The second player is winning"),
    ];

    /// The symbol shown for this NAG in the move list: the move glyph, or the symbol
    /// of [`Nag::MOVE`] / [`Nag::POSITION`]; `None` for other numbers (shown `$n`).
    pub fn symbol(self) -> Option<&'static str> {
        Nag::MOVE.iter().chain(Nag::POSITION.iter()).find(|(_, n, _)| *n == self.0).map(|(g, _, _)| *g)
    }

    /// What the NAG means, for tooltips and menus; `None` outside the two tables.
    pub fn meaning(self) -> Option<&'static str> {
        Nag::MOVE.iter().chain(Nag::POSITION.iter()).find(|(_, n, _)| *n == self.0).map(|(_, _, m)| *m)
    }

    /// The group of NAGs this one excludes: `Some(0)` for the move NAGs of
    /// [`Nag::MOVE`], `Some(1)` for [`Nag::POSITION`], `None` for any other (it stands
    /// alone).
    pub fn group(self) -> Option<u8> {
        if Nag::MOVE.iter().any(|(_, n, _)| *n == self.0) {
            Some(0)
        } else if Nag::POSITION.iter().any(|(_, n, _)| *n == self.0) {
            Some(1)
        } else {
            None
        }
    }

    /// `nags` with `nag` toggled: taken off when there, else put on in place of any
    /// NAG of its [`group`](Nag::group) (a move is not both `!` and `?`). The move
    /// NAGs stay first, as writers put the glyph right after the move.
    pub fn toggled(nags: &[Nag], nag: Nag) -> Vec<Nag> {
        if nags.contains(&nag) {
            return nags.iter().copied().filter(|n| *n != nag).collect();
        }
        let mut out: Vec<Nag> =
            nags.iter().copied().filter(|n| nag.group().is_none() || n.group() != nag.group()).collect();
        if nag.group() == Some(0) {
            out.insert(0, nag);
        } else {
            out.push(nag);
        }
        out
    }
}

/// One node: the move that leads to it (none at the root), its annotations, and its
/// children (the next move of the main line first, then the variations in order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node<M, C> {
    /// The move played to reach this node; `None` only at the root.
    pub mv: Option<M>,
    /// The parent; `None` only at the root.
    pub parent: Option<NodeId>,
    /// The continuations: `children[0]` is the main one, the rest are variations.
    pub children: Vec<NodeId>,
    /// NAGs of the move, in order.
    pub nags: Vec<Nag>,
    /// Comment written before the move. Only the first move of a variation can carry
    /// one (elsewhere the text before a move is the previous move's comment after);
    /// at the root it is unused.
    pub comment_before: String,
    /// Comment after the move; at the root, the comment before the first move.
    pub comment_after: String,
    /// Board marks shown with the position after the move (at the root: the start).
    pub marks: Marks<C>,
}

impl<M, C> Node<M, C> {
    fn new(mv: Option<M>, parent: Option<NodeId>) -> Node<M, C> {
        Node {
            mv,
            parent,
            children: Vec::new(),
            nags: Vec::new(),
            comment_before: String::new(),
            comment_after: String::new(),
            marks: Marks::default(),
        }
    }
}

/// A tree of moves. Nodes removed by [`Tree::delete`] leave unused slots in the arena;
/// equality compares the trees' shapes and contents, not their arenas.
#[derive(Clone, Debug)]
pub struct Tree<M, C> {
    nodes: Vec<Node<M, C>>,
}

impl<M, C> Default for Tree<M, C> {
    fn default() -> Self {
        Tree { nodes: vec![Node::new(None, None)] }
    }
}

impl<M: Copy + PartialEq + Debug, C: Copy + PartialEq + Debug> Tree<M, C> {
    /// A tree with only the root.
    pub fn new() -> Tree<M, C> {
        Tree::default()
    }

    /// The node with id `id`.
    ///
    /// # Panics
    /// If `id` was never returned by this tree.
    pub fn node(&self, id: NodeId) -> &Node<M, C> {
        &self.nodes[id.0 as usize]
    }

    /// A hash of the whole arena, slot by slot (moves, parents, children, NAGs and
    /// comments; not marks): equal fingerprints mean, but for hash collisions, that
    /// every node id stands for the same move with the same annotations. For caches of
    /// what is drawn from the tree.
    pub fn fingerprint(&self) -> u64
    where
        M: std::hash::Hash,
    {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        for n in &self.nodes {
            n.mv.hash(&mut h);
            n.parent.hash(&mut h);
            n.children.hash(&mut h);
            n.nags.hash(&mut h);
            n.comment_before.hash(&mut h);
            n.comment_after.hash(&mut h);
        }
        h.finish()
    }

    /// How many slots the arena has (node ids run from 0 below this; deleted nodes keep
    /// their slot, detached from the tree).
    pub fn arena_len(&self) -> usize {
        self.nodes.len()
    }

    /// The node with id `id`, to change its annotations (use the tree's methods to
    /// change its place in the tree).
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node<M, C> {
        &mut self.nodes[id.0 as usize]
    }

    /// The child of `at` reached by `mv`, if there is one.
    pub fn child_with_move(&self, at: NodeId, mv: M) -> Option<NodeId> {
        self.node(at).children.iter().copied().find(|&c| self.node(c).mv == Some(mv))
    }

    /// Adds `mv` after `at`: returns the existing child with that move, or a new child
    /// (the main continuation when `at` had none, else a new variation, last in order).
    pub fn add_move(&mut self, at: NodeId, mv: M) -> NodeId {
        if let Some(existing) = self.child_with_move(at, mv) {
            return existing;
        }
        let id = NodeId(self.nodes.len() as u32);
        self.nodes.push(Node::new(Some(mv), Some(at)));
        self.nodes[at.0 as usize].children.push(id);
        id
    }

    /// The first node of the line `id` belongs to, where it branches off: the nearest
    /// ancestor-or-self that is not the main child of its parent, or the root's main
    /// child.
    pub fn line_start(&self, id: NodeId) -> NodeId {
        let mut cur = id;
        while let Some(parent) = self.node(cur).parent {
            if self.node(parent).children.first() != Some(&cur) || parent == NodeId::ROOT {
                return cur;
            }
            cur = parent;
        }
        cur
    }

    /// Whether `id` starts a variation (it is not the main child of its parent).
    pub fn starts_variation(&self, id: NodeId) -> bool {
        match self.node(id).parent {
            None => false,
            Some(p) => self.node(p).children.first() != Some(&id),
        }
    }

    /// Makes the variation holding `id` the main line at its branch point (moves it to
    /// the front of its parent's children). Returns `false` when `id` is already on the
    /// main line of its branch (nothing to promote).
    pub fn promote(&mut self, id: NodeId) -> bool {
        let start = self.line_start(id);
        let Some(parent) = self.node(start).parent else { return false };
        let children = &mut self.nodes[parent.0 as usize].children;
        let Some(k) = children.iter().position(|&c| c == start) else { return false };
        if k == 0 {
            return false;
        }
        let moved = children.remove(k);
        children.insert(0, moved);
        // A comment before a variation's first move becomes, on the main line, text
        // between moves: keep it by moving it to the parent's comment after.
        let before = std::mem::take(&mut self.nodes[moved.0 as usize].comment_before);
        if !before.is_empty() {
            let old_main = self.nodes[parent.0 as usize].children[1];
            self.nodes[old_main.0 as usize].comment_before = before;
        }
        true
    }

    /// Removes `id` and everything after it. Returns its parent (where the cursor
    /// should go), or `None` for the root, which cannot be deleted.
    pub fn delete(&mut self, id: NodeId) -> Option<NodeId> {
        let parent = self.node(id).parent?;
        let children = &mut self.nodes[parent.0 as usize].children;
        let k = children.iter().position(|&c| c == id)?;
        children.remove(k);
        if k == 0
            && let Some(&new_main) = children.first()
        {
            // The first variation becomes the main continuation: its comment before
            // moves to the parent's comment after.
            let before = std::mem::take(&mut self.nodes[new_main.0 as usize].comment_before);
            let parent_node = &mut self.nodes[parent.0 as usize];
            append_text(&mut parent_node.comment_after, &before);
        }
        Some(parent)
    }

    /// The nodes from the root's first move to `id`, in playing order (empty for the root).
    pub fn path_to(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = Vec::new();
        let mut cur = id;
        while let Some(parent) = self.node(cur).parent {
            path.push(cur);
            cur = parent;
        }
        path.reverse();
        path
    }

    /// The main line from `id` onward (excluding `id`): each node's first child in turn.
    pub fn main_line_from(&self, id: NodeId) -> Vec<NodeId> {
        let mut line = Vec::new();
        let mut cur = id;
        while let Some(&next) = self.node(cur).children.first() {
            line.push(next);
            cur = next;
        }
        line
    }

    /// The number of moves in the tree (every node but the root, variations included).
    pub fn move_count(&self) -> usize {
        let mut count = 0;
        let mut stack = vec![NodeId::ROOT];
        while let Some(id) = stack.pop() {
            let children = &self.node(id).children;
            count += children.len();
            stack.extend(children.iter().copied());
        }
        count
    }

    /// Sets the comment before the move of `id`; only the first move of a variation can
    /// carry one. Returns `false` (and changes nothing) elsewhere.
    pub fn set_comment_before(&mut self, id: NodeId, text: &str) -> bool {
        if !self.starts_variation(id) && self.node(id).comment_before.is_empty() {
            return false;
        }
        self.nodes[id.0 as usize].comment_before = clean_comment(text);
        true
    }

    /// Sets the comment after the move of `id` (at the root: before the first move).
    pub fn set_comment_after(&mut self, id: NodeId, text: &str) {
        self.nodes[id.0 as usize].comment_after = clean_comment(text);
    }

    /// Makes the line holding `id` the main line all the way from the start: its
    /// variation, and every variation it branches from, promoted in turn. Returns
    /// `false` when `id` is already on the main line.
    pub fn make_main_line(&mut self, id: NodeId) -> bool {
        let mut changed = false;
        while self.promote(id) {
            changed = true;
        }
        changed
    }

    /// Where the comment "before" the move of `id` lives: the move's own comment
    /// before when it starts a variation, else the text after the move before it (at
    /// the root: the game's comment before its first move). `(node, true)` names a
    /// comment before, `(node, false)` a comment after. `None` for the root.
    pub fn comment_before_slot(&self, id: NodeId) -> Option<(NodeId, bool)> {
        let parent = self.node(id).parent?;
        if self.starts_variation(id) || !self.node(id).comment_before.is_empty() {
            Some((id, true))
        } else {
            Some((parent, false))
        }
    }

    /// Replaces the NAGs of `id`'s move.
    pub fn set_nags(&mut self, id: NodeId, nags: Vec<Nag>) {
        self.nodes[id.0 as usize].nags = nags;
    }

    /// Replaces the board marks of `id`.
    pub fn set_marks(&mut self, id: NodeId, marks: Marks<C>) {
        self.nodes[id.0 as usize].marks = marks;
    }

    /// Structural equality from two nodes down (moves, annotations, order of children).
    fn same_subtree(&self, a: NodeId, other: &Tree<M, C>, b: NodeId) -> bool {
        let mut stack = vec![(a, b)];
        while let Some((x, y)) = stack.pop() {
            let (nx, ny) = (self.node(x), other.node(y));
            if nx.mv != ny.mv
                || nx.nags != ny.nags
                || nx.comment_before != ny.comment_before
                || nx.comment_after != ny.comment_after
                || nx.marks != ny.marks
                || nx.children.len() != ny.children.len()
            {
                return false;
            }
            stack.extend(nx.children.iter().copied().zip(ny.children.iter().copied()));
        }
        true
    }
}

impl<M: Copy + PartialEq + Debug, C: Copy + PartialEq + Debug> PartialEq for Tree<M, C> {
    fn eq(&self, other: &Self) -> bool {
        self.same_subtree(NodeId::ROOT, other, NodeId::ROOT)
    }
}

impl<M: Copy + PartialEq + Debug, C: Copy + PartialEq + Debug> Eq for Tree<M, C> {}

/// A comment as stored: whitespace runs (line breaks included) collapsed to one space,
/// and trimmed. Any other character stays (the text writer escapes `}`).
pub fn clean_comment(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

fn append_text(target: &mut String, text: &str) {
    if text.is_empty() {
        return;
    }
    if !target.is_empty() {
        target.push(' ');
    }
    target.push_str(text);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn make_main_line_promotes_every_variation_on_the_way() {
        let mut t: Tree<u8, u8> = Tree::new();
        let a = t.add_move(NodeId::ROOT, 1);
        let a2 = t.add_move(a, 2);
        let b = t.add_move(a, 3);
        let b2 = t.add_move(b, 4);
        let c = t.add_move(b2, 5);
        let d = t.add_move(b2, 6);
        assert!(!t.make_main_line(a2));
        assert!(t.make_main_line(d));
        assert_eq!(t.main_line_from(NodeId::ROOT), vec![a, b, b2, d]);
        assert_eq!(t.node(b2).children, vec![d, c]);
        assert_eq!(t.node(a).children, vec![b, a2]);
    }

    #[test]
    fn the_comment_before_a_move_lives_where_the_writer_puts_it() {
        let mut t: Tree<u8, u8> = Tree::new();
        let a = t.add_move(NodeId::ROOT, 1);
        let a2 = t.add_move(a, 2);
        let b = t.add_move(a, 3);
        assert_eq!(t.comment_before_slot(NodeId::ROOT), None);
        assert_eq!(t.comment_before_slot(a), Some((NodeId::ROOT, false)), "the game's first comment");
        assert_eq!(t.comment_before_slot(a2), Some((a, false)), "text after the move before");
        assert_eq!(t.comment_before_slot(b), Some((b, true)), "a variation's own comment before");
    }

    #[test]
    fn a_move_carries_one_move_nag_and_one_position_nag() {
        let (good, bad, plus, equal, other) = (Nag(1), Nag(2), Nag(16), Nag(10), Nag(146));
        let nags = Nag::toggled(&[], plus);
        let nags = Nag::toggled(&nags, good);
        assert_eq!(nags, vec![good, plus], "the move's glyph first");
        let nags = Nag::toggled(&nags, bad);
        assert_eq!(nags, vec![bad, plus], "? replaces !");
        let nags = Nag::toggled(&nags, equal);
        assert_eq!(nags, vec![bad, equal], "= replaces ±");
        let nags = Nag::toggled(&nags, other);
        assert_eq!(nags, vec![bad, equal, other], "a NAG outside the tables stands alone");
        assert_eq!(Nag::toggled(&nags, bad), vec![equal, other], "the same again takes it off");
        for (glyph, n, _) in Nag::MOVE.iter().chain(Nag::POSITION.iter()) {
            assert_eq!(Nag(*n).symbol(), Some(*glyph));
            assert!(Nag(*n).meaning().is_some());
        }
        assert_eq!(other.symbol(), None);
    }

    #[test]
    fn add_move_reuses_an_existing_child_and_adds_variations_in_order() {
        let mut t: Tree<u8, u8> = Tree::new();
        let a = t.add_move(NodeId::ROOT, 1);
        assert_eq!(t.add_move(NodeId::ROOT, 1), a);
        let b = t.add_move(NodeId::ROOT, 2);
        let c = t.add_move(NodeId::ROOT, 3);
        assert_eq!(t.node(NodeId::ROOT).children, vec![a, b, c]);
        assert!(t.starts_variation(b) && !t.starts_variation(a));
        let a2 = t.add_move(a, 10);
        assert_eq!(t.main_line_from(NodeId::ROOT), vec![a, a2]);
        assert_eq!(t.path_to(a2), vec![a, a2]);
        assert_eq!(t.move_count(), 4);
    }

    #[test]
    fn promote_and_delete() {
        let mut t: Tree<u8, u8> = Tree::new();
        let a = t.add_move(NodeId::ROOT, 1);
        let b = t.add_move(NodeId::ROOT, 2);
        let b2 = t.add_move(b, 20);
        assert!(t.promote(b2));
        assert_eq!(t.node(NodeId::ROOT).children, vec![b, a]);
        assert!(!t.promote(b2));
        assert_eq!(t.delete(b), Some(NodeId::ROOT));
        assert_eq!(t.node(NodeId::ROOT).children, vec![a]);
        assert_eq!(t.move_count(), 1);
        assert_eq!(t.delete(NodeId::ROOT), None);
    }

    #[test]
    fn comment_before_only_on_variation_starts() {
        let mut t: Tree<u8, u8> = Tree::new();
        let a = t.add_move(NodeId::ROOT, 1);
        let b = t.add_move(NodeId::ROOT, 2);
        assert!(!t.set_comment_before(a, "x"));
        assert!(t.set_comment_before(b, " idea }\n  here "));
        assert_eq!(t.node(b).comment_before, "idea } here");
    }

    #[test]
    fn equality_ignores_arena_layout() {
        let mut t1: Tree<u8, u8> = Tree::new();
        let x = t1.add_move(NodeId::ROOT, 9);
        t1.delete(x);
        t1.add_move(NodeId::ROOT, 1);
        let mut t2: Tree<u8, u8> = Tree::new();
        t2.add_move(NodeId::ROOT, 1);
        assert_eq!(t1, t2);
        t2.set_nags(NodeId(1), vec![Nag(1)]);
        assert_ne!(t1, t2);
    }

    #[test]
    fn nag_glyphs() {
        for (g, n) in Nag::GLYPHS {
            assert_eq!(Nag::from_glyph(g), Some(Nag(n)));
            assert_eq!(Nag(n).glyph(), Some(g));
        }
        assert_eq!(Nag(7).glyph(), None);
    }
}
