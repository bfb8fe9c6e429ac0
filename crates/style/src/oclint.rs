//! The course's `make style` OCLint rules, as OCLint 22 defines them
//! (oclint-rules/rules/size and oclint-metrics, read at their source):
//!
//! - LongLine: a line of more than `long_line` bytes, said at its column 1;
//! - HighNcssMethod: a function whose non-commenting source statements
//!   (NcssMetric: 1 for the function, then 1 a statement, `do` 2, `else` 1,
//!   a block 0 and an empty statement 0; a range-based `for` is one
//!   statement whose body OCLint does not count) are more than `ncss`;
//! - DeepNestedBlock: a block `{…}` whose depth (StmtDepthMetric: 1 + the
//!   deepest block below it, through `if`, loops, `switch`, `try`; a
//!   range-based `for` stops it, as in OCLint) is more than `depth`;
//! - TooManyParameters: a function with a body and more than `parameters`.
//!
//! Both metrics are computed bottom-up over a flat list of the tree, never
//! by recursion, so a file nested a hundred thousand deep is read in
//! bounded stack.

use tree_sitter::{Node, Tree};

use crate::Finding;
use crate::walk::text;

/// The limits, as `oclint -rc KEY=VALUE` sets them.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub long_line: usize,
    pub ncss: usize,
    pub depth: usize,
    pub parameters: usize,
}

/// The EECS 280 Makefile's `make style` limits.
pub const EECS280: Limits = Limits {
    long_line: 90,
    ncss: 40,
    depth: 4,
    parameters: 4,
};

/// Every OCLint violation of `src`, in order of place.
pub fn check(file: &str, src: &[u8], limits: Limits) -> Vec<Finding> {
    let mut out = long_lines(file, src, limits.long_line);
    if let Some(tree) = crate::walk::parse(src) {
        out.extend(in_tree(file, src, &tree, limits));
    }
    out.sort_by_key(|f| (f.line, f.column));
    out
}

/// The rules that read the tree (all but LongLine), of a tree already parsed.
pub(crate) fn in_tree(file: &str, src: &[u8], tree: &Tree, limits: Limits) -> Vec<Finding> {
    let mut out = Vec::new();
    let flat = Flat::of(tree.root_node());
    let (ncss, depth) = flat.metrics();
    let at = |n: Node, rule, message| {
        let p = n.start_position();
        Finding {
            file: file.to_string(),
            line: p.row + 1,
            column: p.column + 1,
            rule,
            message,
        }
    };
    for (i, n) in flat.nodes.iter().enumerate() {
        match n.kind() {
            "compound_statement" if depth[i] > limits.depth => out.push(at(
                *n,
                "deep nested block",
                format!(
                    "Block depth of {} exceeds limit of {}",
                    depth[i], limits.depth
                ),
            )),
            "function_definition" => {
                let Some(body) = flat.field(i, "body") else {
                    continue;
                };
                let count = ncss[body] + 1;
                if count > limits.ncss {
                    out.push(at(
                        *n,
                        "high ncss method",
                        format!(
                            "Method of {count} non-commenting source statements exceeds limit of {}",
                            limits.ncss
                        ),
                    ));
                }
                let params = parameters(*n, src);
                if params > limits.parameters {
                    out.push(at(
                        *n,
                        "too many parameters",
                        format!(
                            "Method with {params} parameters exceeds limit of {}",
                            limits.parameters
                        ),
                    ));
                }
            }
            _ => {}
        }
    }
    out
}

/// LongLine: each line's bytes, as OCLint's `std::getline` reads it (a
/// `\r` before the newline counts).
pub(crate) fn long_lines(file: &str, src: &[u8], limit: usize) -> Vec<Finding> {
    src.split(|&b| b == b'\n')
        .enumerate()
        .filter(|(_, l)| l.len() > limit)
        .map(|(i, l)| Finding {
            file: file.to_string(),
            line: i + 1,
            column: 1,
            rule: "long line",
            message: format!("Line with {} characters exceeds limit of {limit}", l.len()),
        })
        .collect()
}

/// A function's parameters as clang counts them: `(void)` is none, `...` is
/// not one.
fn parameters(f: Node, src: &[u8]) -> usize {
    let mut d = f.child_by_field_name("declarator");
    while let Some(n) = d {
        if n.kind() == "function_declarator" {
            let Some(list) = n.child_by_field_name("parameters") else {
                return 0;
            };
            let mut c = list.walk();
            let params: Vec<Node> = list
                .named_children(&mut c)
                .filter(|p| {
                    matches!(
                        p.kind(),
                        "parameter_declaration" | "optional_parameter_declaration"
                    )
                })
                .collect();
            if let [only] = params.as_slice()
                && only.child_by_field_name("declarator").is_none()
                && text(*only, src).trim() == "void"
            {
                return 0;
            }
            return params.len();
        }
        d = n.child_by_field_name("declarator");
    }
    0
}

/// The tree as a list in pre-order, each node with its children's places
/// and the field each child is in.
struct Flat<'t> {
    nodes: Vec<Node<'t>>,
    children: Vec<Vec<(usize, Option<&'static str>)>>,
}

impl<'t> Flat<'t> {
    fn of(root: Node<'t>) -> Flat<'t> {
        let list = crate::walk::flat(root);
        let mut flat = Flat {
            nodes: list.iter().map(|(n, _)| *n).collect(),
            children: vec![Vec::new(); list.len()],
        };
        for (i, (_, parent)) in list.iter().enumerate() {
            if let Some((p, field)) = parent {
                flat.children[*p].push((i, *field));
            }
        }
        flat
    }

    fn field(&self, i: usize, name: &str) -> Option<usize> {
        self.children[i]
            .iter()
            .find(|(_, f)| *f == Some(name))
            .map(|(c, _)| *c)
    }

    /// The statements below node `i` (named, not comments).
    fn statements(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        self.children[i]
            .iter()
            .map(|(c, _)| *c)
            .filter(|c| self.nodes[*c].is_named() && self.nodes[*c].kind() != "comment")
    }

    /// Each node's NCSS and block depth, children before parents.
    fn metrics(&self) -> (Vec<usize>, Vec<usize>) {
        let n = self.nodes.len();
        let (mut ncss, mut depth) = (vec![0; n], vec![0; n]);
        for i in (0..n).rev() {
            let f = |name| self.field(i, name);
            let (s, d) = match self.nodes[i].kind() {
                "compound_statement" => (
                    self.statements(i).map(|c| ncss[c]).sum(),
                    1 + self.statements(i).map(|c| depth[c]).max().unwrap_or(0),
                ),
                "if_statement" => {
                    let then = f("consequence");
                    let alt = f("alternative");
                    (
                        1 + then.map_or(0, |c| ncss[c]) + alt.map_or(0, |c| ncss[c] + 1),
                        then.map_or(0, |c| depth[c])
                            .max(alt.map_or(0, |c| depth[c])),
                    )
                }
                "else_clause" => (
                    self.statements(i).map(|c| ncss[c]).sum(),
                    self.statements(i).map(|c| depth[c]).max().unwrap_or(0),
                ),
                kind @ ("while_statement" | "for_statement" | "switch_statement"
                | "do_statement") => {
                    let body = f("body");
                    let own = if kind == "do_statement" { 2 } else { 1 };
                    (
                        own + body.map_or(0, |c| ncss[c]),
                        body.map_or(0, |c| depth[c]),
                    )
                }
                "case_statement" => {
                    let value = f("value");
                    let stmts: Vec<usize> =
                        self.statements(i).filter(|c| Some(*c) != value).collect();
                    (
                        1 + stmts.iter().map(|c| ncss[*c]).sum::<usize>(),
                        stmts.iter().map(|c| depth[*c]).max().unwrap_or(0),
                    )
                }
                "try_statement" | "catch_clause" => {
                    let parts: Vec<usize> = self
                        .statements(i)
                        .filter(|c| {
                            matches!(self.nodes[*c].kind(), "compound_statement" | "catch_clause")
                        })
                        .collect();
                    (
                        1 + parts.iter().map(|c| ncss[*c]).sum::<usize>(),
                        parts.iter().map(|c| depth[*c]).max().unwrap_or(0),
                    )
                }
                "expression_statement" if self.statements(i).next().is_none() => (0, 0),
                _ => (1, 0),
            };
            ncss[i] = s;
            depth[i] = d;
        }
        (ncss, depth)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(src: &str) -> Vec<String> {
        check("Player.cpp", src.as_bytes(), EECS280)
            .iter()
            .map(|f| f.to_string())
            .collect()
    }

    #[test]
    fn a_block_deeper_than_four_is_said_at_each_block_over_the_limit() {
        let src = "void f(int a) {\n  if (a) {\n    while (a) {\n      for (;;) {\n        { a--; }\n      }\n    }\n  }\n}\n";
        assert_eq!(
            said(src),
            ["Player.cpp:1:15: Block depth of 5 exceeds limit of 4 [deep nested block]"]
        );
        // A block without braces is no block; a range-based for stops the count, as in OCLint.
        let src = "void f(int a) {\n  if (a) if (a) if (a) if (a) if (a) a--;\n  for (int x : v) { { { { { a--; } } } } }\n}\n";
        assert_eq!(
            said(src),
            ["Player.cpp:3:19: Block depth of 5 exceeds limit of 4 [deep nested block]"]
        );
    }

    #[test]
    fn ncss_counts_as_oclint_counts() {
        // 1 (the function) + 41 statements = 42.
        let body: String = (0..41).map(|i| format!("  x += {i};\n")).collect();
        let src = format!("int f(int x) {{\n{body}  ;\n  {{ }}\n}}\n");
        assert_eq!(
            said(&src),
            [
                "Player.cpp:1:1: Method of 42 non-commenting source statements exceeds limit of 40 [high ncss method]"
            ]
        );
        // if 1 + then, else 1 + else's; do 2; switch 1, each case 1; try and catch 1 each.
        let src = "int g(int x) {\n  if (x) x++; else x--;\n  do x++; while (x < 3);\n  switch (x) { case 1: x++; break; default: x--; }\n  try { x++; } catch (...) { x--; }\n  for (int y : v) { x++; x++; }\n  return x;\n}\n";
        let flat_ncss = {
            let t = crate::walk::parse(src.as_bytes()).unwrap();
            let flat = Flat::of(t.root_node());
            let f = flat
                .nodes
                .iter()
                .position(|n| n.kind() == "function_definition")
                .unwrap();
            let body = flat.field(f, "body").unwrap();
            flat.metrics().0[body] + 1
        };
        // 1 + if (1 + 1 + 1 + 1) + do (2 + 1) + switch (1 + case 2 + break 1 + default 2)
        // + try (1 + 1 + catch 2) + range-for 1 + return 1 = 20
        assert_eq!(flat_ncss, 20);
    }

    #[test]
    fn long_lines_and_parameters() {
        let long = format!(
            "// {}\nint f(int a, int b, int c, int d, int e) {{ return a; }}\nint g(void) {{ return 0; }}\nint h(int a, ...);\n",
            "x".repeat(88)
        );
        assert_eq!(
            said(&long),
            [
                "Player.cpp:1:1: Line with 91 characters exceeds limit of 90 [long line]",
                "Player.cpp:2:1: Method with 5 parameters exceeds limit of 4 [too many parameters]",
            ]
        );
    }

    #[test]
    fn deep_and_broken_input_is_read_in_bounds() {
        let n = 100_000;
        let deep = "void f(int a) {\n".to_string() + &"if (a) {\n".repeat(n) + &"}\n".repeat(n + 1);
        let found = check("Card.cpp", deep.as_bytes(), EECS280);
        // The body and every block but the four innermost are deeper than four.
        assert_eq!(
            found
                .iter()
                .filter(|f| f.rule == "deep nested block")
                .count(),
            n + 1 - 4
        );
        let wide = "x".repeat(1 << 20);
        assert_eq!(check("Card.cpp", wide.as_bytes(), EECS280).len(), 1);
        let _ = check("Card.cpp", &[0xff, b'{', b'{', 0, b'}'], EECS280);
    }
}
