//! `--shard I/N` and its merge: each shard grades its share of the class's
//! test files (round robin over the (student × file) list) and writes the
//! whole class's JSON report with its share filled in; merged, the shards'
//! reports are the report one unsharded run writes.

use crate::{Report, Submission};

/// The shards' reports as one: the same bugs and students in each (else
/// they are not one class's shards), every file graded in some shard, each
/// student's files in name order as one run lists them.
pub fn merge(parts: Vec<(String, Report)>) -> Result<Report, String> {
    let mut parts = parts.into_iter();
    let Some((first_name, mut merged)) = parts.next() else {
        return Err("no reports to merge".into());
    };
    for (name, part) in parts {
        let names = |r: &Report| {
            r.submissions
                .iter()
                .map(|s| s.name.clone())
                .collect::<Vec<_>>()
        };
        if part.bugs != merged.bugs || names(&part) != names(&merged) {
            return Err(format!(
                "{name} is not a shard of the class {first_name} is: its bugs or its students differ"
            ));
        }
        for (into, from) in merged.submissions.iter_mut().zip(part.submissions) {
            join(into, from);
        }
    }
    for s in &mut merged.submissions {
        s.files.sort_by(|a, b| a.file.cmp(&b.file));
    }
    Ok(merged)
}

/// A student's files from another shard: each once (a row that says why
/// nothing was graded is in every shard).
fn join(into: &mut Submission, from: Submission) {
    for f in from.files {
        if !into.files.contains(&f) {
            into.files.push(f);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TestFile;

    fn file(name: &str) -> TestFile {
        TestFile {
            file: name.into(),
            error: None,
            tests: Vec::new(),
            caught: Vec::new(),
            graded: Vec::new(),
            unbuilt: Vec::new(),
        }
    }

    fn report(files: &[&[&str]]) -> Report {
        Report {
            bugs: vec!["b".into()],
            submissions: files
                .iter()
                .enumerate()
                .map(|(i, f)| Submission {
                    name: format!("s{i}"),
                    files: f.iter().map(|n| file(n)).collect(),
                    ignored: Vec::new(),
                })
                .collect(),
        }
    }

    #[test]
    fn shards_merge_to_each_students_files_in_order() {
        let one = report(&[&["Player_tests.cpp"], &["(none)"]]);
        let two = report(&[&["Card_tests.cpp"], &["(none)"]]);
        let merged = merge(vec![("1".into(), one), ("2".into(), two)]).unwrap();
        assert_eq!(
            merged,
            report(&[&["Card_tests.cpp", "Player_tests.cpp"], &["(none)"]])
        );
    }

    #[test]
    fn reports_of_other_classes_are_refused() {
        let mut other = report(&[&[]]);
        other.bugs = vec!["c".into()];
        let err = merge(vec![
            ("a.json".into(), report(&[&[]])),
            ("b.json".into(), other),
        ]);
        assert_eq!(
            err.unwrap_err(),
            "b.json is not a shard of the class a.json is: its bugs or its students differ"
        );
    }
}
