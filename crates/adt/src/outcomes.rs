//! A student's public tests and upcard's ADT tests as the grade's outcomes
//! (`grade --parts public,adt`): one a TEST of the course's public tests,
//! one a function of upcard's. Every student has the same tests, whatever
//! built: a file or class that did not build fails each of its tests, so
//! every student's grade is out of the same points.

use upcard_grade::grade::points::Part;
use upcard_grade::grade::{Outcome, Verdict as Graded};

use crate::{CourseFiles, Report, Student, TestFileResult, Verdict};

/// The public test files' TEST names, in order: each file's as the
/// course's source declares them, then any a student's build listed that
/// the source does not show (a macro's).
pub(crate) fn public_tests(
    report: &Report,
    sources: &[(String, Vec<u8>)],
) -> Vec<(String, Vec<String>)> {
    sources
        .iter()
        .map(|(file, src)| {
            let mut names = declared(&String::from_utf8_lossy(src));
            let listed = report.students.iter().flat_map(|s| &s.files);
            for t in listed.filter(|f| f.file == *file).flat_map(|f| &f.tests) {
                if !names.contains(&t.name) {
                    names.push(t.name.clone());
                }
            }
            (file.clone(), names)
        })
        .collect()
}

/// The names of a test file's `TEST(name)`s, in order.
fn declared(src: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for line in src.lines() {
        let Some(rest) = line.trim_start().strip_prefix("TEST(") else {
            continue;
        };
        let name: String = rest
            .trim_start()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() && !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// Every function of upcard's tests, by class, in order: the first API's
/// (the course's, when its headers declare one), then any other a
/// student's API has.
pub(crate) fn functions(
    report: &Report,
    prepared: &[crate::derived::Prepared],
) -> Vec<(crate::Class, Vec<String>)> {
    crate::Class::ALL
        .into_iter()
        .map(|class| {
            let mut names: Vec<String> = prepared.first().map_or(Vec::new(), |p| p.titles(class));
            let ran = report.students.iter().flat_map(|s| &s.classes);
            for f in ran.filter(|c| c.class == class).flat_map(|c| &c.functions) {
                if !names.contains(&f.function) {
                    names.push(f.function.clone());
                }
            }
            (class, names)
        })
        .collect()
}

/// The tests every student's report of `parts` has before any student is
/// graded: the course's public tests and upcard's functions of the course's
/// API, named as `public` and `adt` name them, not run. A grader whose
/// platform runs a command a test lists them when it is made. `None` when
/// upcard's tests are asked for and the course's headers declare no Card.
pub fn course_tests(course: &CourseFiles, parts: crate::Parts) -> Option<Vec<Outcome>> {
    let empty = Report {
        family: course.family,
        students: Vec::new(),
        public_tests: Vec::new(),
        functions: Vec::new(),
    };
    let mut report = Report {
        public_tests: public_tests(&empty, &course.public_tests),
        ..empty
    };
    if parts.engine {
        let api = crate::derived::Api::of(&course.headers)?;
        report.functions = functions(&report, &[crate::derived::Prepared::new(api)]);
    }
    let nobody = Student {
        name: String::new(),
        below: None,
        family: course.family,
        error: Some("not graded yet".into()),
        headers: Vec::new(),
        files: Vec::new(),
        classes: Vec::new(),
        game: None,
    };
    let mut out = Vec::new();
    if parts.public {
        out.extend(public(&report, &nobody));
    }
    out.extend(adt(&report, &nobody));
    Some(out)
}

/// `s`'s public tests as outcomes: `FILE TEST`, a point each.
pub fn public(report: &Report, s: &Student) -> Vec<Outcome> {
    let mut out = Vec::new();
    for (file, names) in &report.public_tests {
        let ran = s.files.iter().find(|f| f.file == *file);
        for name in names {
            let title = format!("{file} {name}");
            let (verdict, detail) = match ran {
                None => not_graded(s.error.as_deref().unwrap_or("not graded")),
                Some(f) => public_test(f, name),
            };
            out.push(Outcome::new(title, 1.0, verdict, detail).in_part(Part::Public));
        }
    }
    out
}

/// One TEST of a file that ran (or did not build).
fn public_test(f: &TestFileResult, name: &str) -> (Graded, String) {
    if let Some(e) = &f.error {
        // The summary says the error; the detail, the compiler's whole log.
        let detail = match &f.log {
            Some(log) if log.ends_with('\n') => log.clone(),
            Some(log) => format!("{log}\n"),
            None => format!("{e}\n"),
        };
        return (Graded::NotRun(first_line(e)), detail);
    }
    let Some(t) = f.tests.iter().find(|t| t.name == name) else {
        return not_graded(&format!("{} did not list this test", f.file));
    };
    let detail = if t.message.is_empty() || t.message.ends_with('\n') {
        t.message.clone()
    } else {
        format!("{}\n", t.message)
    };
    let verdict = match &t.verdict {
        Verdict::Pass => Graded::Pass,
        Verdict::Crash(sig) => Graded::Crash(sig.clone()),
        Verdict::Timeout(_) => Graded::Timeout,
        Verdict::Fail => Graded::Fail,
        Verdict::Error => Graded::Missed("an uncaught exception".into()),
        Verdict::Exited(c) => Graded::Missed(format!("exit status {c}")),
        Verdict::Limit(why) => Graded::Missed(why.clone()),
    };
    (verdict, detail)
}

/// `s`'s functions of upcard's tests as outcomes: `Class: function`, a
/// point each; a wrong one's detail its smallest wrong case.
pub fn adt(report: &Report, s: &Student) -> Vec<Outcome> {
    let mut out = Vec::new();
    for (class, names) in &report.functions {
        let ran = s.classes.iter().find(|c| c.class == *class);
        for name in names {
            let title = format!("{}: {name}", class.name());
            let (verdict, detail) = match ran {
                None => not_graded(s.error.as_deref().unwrap_or("not graded")),
                Some(c) => match (&c.error, c.functions.iter().find(|f| f.function == *name)) {
                    (Some(e), _) => {
                        let detail = c.log.clone().unwrap_or_else(|| e.clone());
                        (
                            Graded::NotRun(first_line(e)),
                            format!("{}\n", detail.trim_end()),
                        )
                    }
                    (None, None) => not_graded("not run on this API"),
                    (None, Some(f)) => match &f.finding {
                        None => (Graded::Pass, format!("right in all {} cases\n", f.cases)),
                        Some(why) => (
                            Graded::Missed(format!("wrong in {} of {} cases", f.wrong, f.cases)),
                            format!("{why}\n"),
                        ),
                    },
                },
            };
            out.push(Outcome::new(title, 1.0, verdict, detail).in_part(Part::Adt));
        }
    }
    out
}

fn not_graded(why: &str) -> (Graded, String) {
    (Graded::NotRun(first_line(why)), format!("{why}\n"))
}

fn first_line(text: &str) -> String {
    text.lines().next().unwrap_or_default().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_files_tests_are_its_test_macros_in_order() {
        let src = "#include \"Card.hpp\"\nTEST(test_card_ctor) {\n}\n  TEST( test_suit ) {}\n\
                   // TEST(not_one\nTEST(test_card_ctor) {}\nTEST_MAIN()\n";
        assert_eq!(declared(src), ["test_card_ctor", "test_suit"]);
    }
}
