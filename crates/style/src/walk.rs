//! A depth-first walk of a syntax tree with a cursor (no recursion).

use tree_sitter::{Node, Tree};

/// Every node of `tree`, parents before children, in source order.
pub(crate) fn nodes(tree: &Tree) -> Vec<Node<'_>> {
    flat(tree.root_node()).into_iter().map(|(n, _)| n).collect()
}

/// A node's parent: its place in the list, and the field the node is in.
pub(crate) type Parent = Option<(usize, Option<&'static str>)>;

/// Every node below `root` (itself first) in pre-order, each with its
/// parent.
pub(crate) fn flat(root: Node<'_>) -> Vec<(Node<'_>, Parent)> {
    let mut out = vec![(root, None)];
    let mut cursor = root.walk();
    let mut parents = vec![0usize];
    if !cursor.goto_first_child() {
        return out;
    }
    loop {
        let parent = *parents.last().expect("a parent");
        out.push((cursor.node(), Some((parent, cursor.field_name()))));
        if cursor.goto_first_child() {
            parents.push(out.len() - 1);
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() || parents.pop().is_none() || parents.is_empty() {
                return out;
            }
        }
    }
}

/// `src` parsed as C++ (any bytes: tree-sitter recovers from errors);
/// None only if the grammar cannot be loaded.
pub(crate) fn parse(src: &[u8]) -> Option<Tree> {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&tree_sitter_cpp::LANGUAGE.into())
        .ok()?;
    parser.parse(src, None)
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
