//! A depth-first walk of a syntax tree with a cursor (no recursion).

use tree_sitter::{Node, Tree};

/// Every node of `tree`, parents before children, in source order.
pub(crate) fn nodes(tree: &Tree) -> Vec<Node<'_>> {
    let mut out = Vec::new();
    let mut cursor = tree.walk();
    loop {
        out.push(cursor.node());
        if cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return out;
            }
        }
    }
}

/// The node's text.
pub(crate) fn text<'s>(n: Node, src: &'s [u8]) -> &'s str {
    n.utf8_text(src).unwrap_or("")
}

/// The nearest ancestor of `n` of kind `kind`.
pub(crate) fn enclosing<'t>(n: Node<'t>, kind: &str) -> Option<Node<'t>> {
    let mut at = n.parent();
    while let Some(p) = at {
        if p.kind() == kind {
            return Some(p);
        }
        at = p.parent();
    }
    None
}
