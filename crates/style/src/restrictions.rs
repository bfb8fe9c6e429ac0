//! The spec's table of what a submission may not do, as checks over the
//! syntax tree (spec "Requirements and Restrictions", docs/style.md).

use tree_sitter::{Node, Tree};

use crate::Finding;
use crate::walk::{enclosing, nodes, parse, text};

/// The libraries the spec allows (`<algorithm>` for `sort` alone).
pub const ALLOWED: &[&str] = &[
    "iostream",
    "fstream",
    "cstdlib",
    "cassert",
    "cstring",
    "string",
    "array",
    "vector",
    "sstream",
    "algorithm",
];

/// `<algorithm>`'s functions, each a use the spec forbids but `sort`.
const ALGORITHM: &[&str] = &[
    "adjacent_find",
    "all_of",
    "any_of",
    "binary_search",
    "clamp",
    "copy",
    "copy_backward",
    "copy_if",
    "copy_n",
    "count",
    "count_if",
    "equal",
    "equal_range",
    "fill",
    "fill_n",
    "find",
    "find_end",
    "find_first_of",
    "find_if",
    "find_if_not",
    "for_each",
    "for_each_n",
    "generate",
    "generate_n",
    "includes",
    "inplace_merge",
    "is_heap",
    "is_partitioned",
    "is_permutation",
    "is_sorted",
    "is_sorted_until",
    "iter_swap",
    "lexicographical_compare",
    "lower_bound",
    "make_heap",
    "max",
    "max_element",
    "merge",
    "min",
    "min_element",
    "minmax",
    "minmax_element",
    "mismatch",
    "move_backward",
    "next_permutation",
    "none_of",
    "nth_element",
    "partial_sort",
    "partial_sort_copy",
    "partition",
    "partition_copy",
    "partition_point",
    "pop_heap",
    "prev_permutation",
    "push_heap",
    "random_shuffle",
    "remove",
    "remove_copy",
    "remove_copy_if",
    "remove_if",
    "replace",
    "replace_copy",
    "replace_copy_if",
    "replace_if",
    "reverse",
    "reverse_copy",
    "rotate",
    "rotate_copy",
    "sample",
    "search",
    "search_n",
    "set_difference",
    "set_intersection",
    "set_symmetric_difference",
    "set_union",
    "shuffle",
    "sort_heap",
    "stable_partition",
    "stable_sort",
    "swap_ranges",
    "transform",
    "unique",
    "unique_copy",
    "upper_bound",
];

/// The files an unnecessary `#include "Pack.hpp"` is said in.
const NO_PACK: &[&str] = &["Card.cpp", "Player.cpp"];

/// Every restriction `src` (the file `file`, by its name) breaks, in the
/// order of the source.
pub fn check(file: &str, src: &[u8]) -> Vec<Finding> {
    parse(src).map_or_else(Vec::new, |tree| in_tree(file, src, &tree))
}

/// [`check`] of a tree already parsed.
pub(crate) fn in_tree(file: &str, src: &[u8], tree: &Tree) -> Vec<Finding> {
    let all = nodes(tree);
    let cx = Context {
        file,
        src,
        algorithm: all.iter().any(|n| {
            n.kind() == "preproc_include" && include_path(*n, src) == Some(("algorithm", true))
        }),
        using_std: all
            .iter()
            .any(|n| n.kind() == "using_declaration" && text(*n, src).contains("namespace std")),
        defined: all
            .iter()
            .filter(|n| n.kind() == "function_declarator")
            .filter_map(|n| n.child_by_field_name("declarator"))
            .map(|d| text(d, src).to_string())
            .collect(),
    };
    let mut out = Vec::new();
    for n in all {
        let found = match n.kind() {
            "preproc_include" => cx.include(n),
            "call_expression" => cx.call(n),
            "new_expression" => cx.dynamic(n, "new"),
            "declaration" | "field_declaration" => cx.variable(n),
            "identifier" if matches!(text(n, src), "cerr" | "stderr" | "clog") => Some((
                "stderr",
                format!(
                    "{} writes to standard error: the spec sends all output to standard out (cout)",
                    text(n, src)
                ),
            )),
            _ => None,
        };
        if let Some((rule, message)) = found {
            let at = n.start_position();
            out.push(Finding {
                file: file.to_string(),
                line: at.row + 1,
                column: at.column + 1,
                rule,
                message,
            });
        }
    }
    out
}

/// What the checks of one file share.
struct Context<'a> {
    file: &'a str,
    src: &'a [u8],
    /// The file includes `<algorithm>`.
    algorithm: bool,
    /// `using namespace std;`: a bare `find` is `std::find`.
    using_std: bool,
    /// The functions the file declares or defines (a `max` of its own is not `std::max`).
    defined: Vec<String>,
}

type Said = Option<(&'static str, String)>;

/// An `#include`'s header and whether it is a library (`<…>`).
fn include_path<'s>(n: Node, src: &'s [u8]) -> Option<(&'s str, bool)> {
    let p = n.child_by_field_name("path")?;
    let t = text(p, src);
    match p.kind() {
        "system_lib_string" => Some((t.trim_start_matches('<').trim_end_matches('>'), true)),
        "string_literal" => Some((t.trim_matches('"'), false)),
        _ => None,
    }
}

impl Context<'_> {
    fn include(&self, n: Node) -> Said {
        let (header, library) = include_path(n, self.src)?;
        if library && !ALLOWED.contains(&header) {
            let allowed: Vec<String> = ALLOWED[..ALLOWED.len() - 1]
                .iter()
                .map(|l| format!("<{l}>"))
                .collect();
            return Some((
                "library",
                format!(
                    "#include <{header}>: the spec allows only {}, and <algorithm> for sort()",
                    allowed.join(", ")
                ),
            ));
        }
        let name = self.file.rsplit('/').next().unwrap_or(self.file);
        (!library && header == "Pack.hpp" && NO_PACK.contains(&name)).then(|| {
            (
                "include",
                format!(
                    "#include \"Pack.hpp\" in {name}: an unnecessary header (the spec: Card and \
                     Player must not depend on the Pack ADT)"
                ),
            )
        })
    }

    fn call(&self, n: Node) -> Said {
        let f = n.child_by_field_name("function")?;
        if let Some(found) = self.allocation(n, f) {
            return Some(found);
        }
        if !self.algorithm {
            return None;
        }
        let name = match f.kind() {
            "qualified_identifier" if text(f, self.src).starts_with("std::") => {
                text(f.child_by_field_name("name")?, self.src)
            }
            "identifier" if self.using_std => {
                let t = text(f, self.src);
                if self.defined.iter().any(|d| d == t) {
                    return None;
                }
                t
            }
            _ => return None,
        };
        ALGORITHM.contains(&name).then(|| {
            (
                "algorithm",
                format!(
                    "std::{name} from <algorithm>: the spec allows <algorithm> for sort() only"
                ),
            )
        })
    }

    /// `malloc` and its kin, outside `Player_factory`.
    fn allocation(&self, n: Node, f: Node) -> Said {
        let name = text(f, self.src).trim_start_matches("std::");
        if matches!(name, "malloc" | "calloc" | "realloc" | "strdup") {
            return self.dynamic(n, name);
        }
        None
    }

    fn dynamic(&self, n: Node, what: &str) -> Said {
        let in_factory = enclosing(n, "function_definition")
            .and_then(|d| d.child_by_field_name("declarator"))
            .is_some_and(|d| text(d, self.src).contains("Player_factory"));
        (!in_factory).then(|| {
            (
                "dynamic-memory",
                format!("{what}: the spec allows dynamic memory only in Player_factory"),
            )
        })
    }

    /// A global variable, or a static one anywhere, that is not const.
    fn variable(&self, n: Node) -> Said {
        let declarators: Vec<Node> = {
            let mut c = n.walk();
            n.children_by_field_name("declarator", &mut c).collect()
        };
        let names: Vec<&str> = declarators
            .iter()
            .filter_map(|d| variable_name(*d, self.src))
            .collect();
        if names.is_empty() {
            return None;
        }
        let mut c = n.walk();
        let children: Vec<Node> = n.children(&mut c).collect();
        let has = |kind: &str, words: &[&str]| {
            children
                .iter()
                .any(|k| k.kind() == kind && words.contains(&text(*k, self.src)))
        };
        if has("type_qualifier", &["const", "constexpr"])
            || has("storage_class_specifier", &["constexpr", "extern"])
        {
            return None;
        }
        let is_static = has("storage_class_specifier", &["static"]);
        let global = n.kind() == "declaration"
            && matches!(
                n.parent().map(|p| p.kind()),
                Some("translation_unit" | "declaration_list")
            );
        let list = names.join(", ");
        if global {
            Some((
                "global",
                format!("global variable {list}: the spec allows only const global variables"),
            ))
        } else if is_static {
            Some((
                "static",
                format!(
                    "static variable {list}: the spec forbids static variables (const ones are fine)"
                ),
            ))
        } else {
            None
        }
    }
}

/// The variable a declarator declares, or None for a function's.
fn variable_name<'s>(d: Node, src: &'s [u8]) -> Option<&'s str> {
    let mut at = d;
    loop {
        match at.kind() {
            "identifier" | "field_identifier" => return Some(text(at, src)),
            "function_declarator" => return None,
            "init_declarator"
            | "array_declarator"
            | "pointer_declarator"
            | "reference_declarator" => {
                at = at.child_by_field_name("declarator").or_else(|| {
                    // A reference declarator's inner declarator has no field name.
                    let mut c = at.walk();
                    at.named_children(&mut c).last()
                })?
            }
            _ => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(file: &str, src: &str) -> Vec<String> {
        check(file, src.as_bytes())
            .iter()
            .map(|f| f.to_string())
            .collect()
    }

    #[test]
    fn each_restriction_is_said_at_its_place() {
        let src = "#include <iostream>\n#include <map>\n#include \"Pack.hpp\"\n#include <algorithm>\n\
                   using namespace std;\nint count = 0;\nconst int LIMIT = 3;\n\
                   static const char *names[] = {\"a\"};\n\
                   int f(int x);\n\
                   int g() { static int calls = 0; int *p = new int(3); cerr << calls;\n\
                   \x20 int v[3] = {1, 2, 3}; sort(v, v + 3); return *find(v, v + 3, 2) + *p; }\n\
                   Player *Player_factory() { return new Simple(); }\n";
        assert_eq!(
            said("Card.cpp", src),
            [
                "Card.cpp:2:1: #include <map>: the spec allows only <iostream>, <fstream>, <cstdlib>, <cassert>, <cstring>, <string>, <array>, <vector>, <sstream>, and <algorithm> for sort() [library]",
                "Card.cpp:3:1: #include \"Pack.hpp\" in Card.cpp: an unnecessary header (the spec: Card and Player must not depend on the Pack ADT) [include]",
                "Card.cpp:6:1: global variable count: the spec allows only const global variables [global]",
                "Card.cpp:10:11: static variable calls: the spec forbids static variables (const ones are fine) [static]",
                "Card.cpp:10:42: new: the spec allows dynamic memory only in Player_factory [dynamic-memory]",
                "Card.cpp:10:54: cerr writes to standard error: the spec sends all output to standard out (cout) [stderr]",
                "Card.cpp:11:49: std::find from <algorithm>: the spec allows <algorithm> for sort() only [algorithm]",
            ]
        );
    }

    #[test]
    fn a_clean_file_and_other_files_are_quiet() {
        let src = "#include \"Pack.hpp\"\n#include <string>\nstatic bool helper(int a) { return a > 0; }\n\
                   class Simple { static const int N = 2; int rank; };\n\
                   int max(int a, int b) { return a > b ? a : b; }\nint main() { return max(1, 2); }\n";
        assert_eq!(said("Pack.cpp", src), Vec::<String>::new());
    }

    #[test]
    fn broken_deep_and_binary_input_is_read_in_bounds() {
        let deep = "int f() { ".to_string() + &"{".repeat(100_000) + "static int x;";
        assert_eq!(check("Card.cpp", deep.as_bytes()).len(), 1);
        assert!(check("Card.cpp", &[0xff, 0xfe, 0, 1, 2]).is_empty());
        let unbalanced = "int main() { malloc(3); ))))} }}}}";
        assert_eq!(said("euchre.cpp", unbalanced).len(), 1);
    }
}
