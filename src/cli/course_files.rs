//! `--course-files DIR` of `grade --build` and `build`: the term's starter
//! files, whose headers every build sees in place of the student's, as the
//! course's autograder compiles students' `.cpp` files (docs/adt.md).

use std::path::Path;

use std::collections::BTreeMap;

use upcard::Failure;
use upcard::adt::CourseFiles;
use upcard::grade::inside::{Inside, Wrong};

/// The course's headers in `dir`, by name (none there is an input error).
pub fn headers(dir: &Path) -> Result<Vec<(String, Vec<u8>)>, Failure> {
    let course = CourseFiles::read(dir).map_err(|e| Failure::input(e.to_string()))?;
    if course.headers.is_empty() {
        return Err(Failure::input(format!(
            "{}: no headers in it (Card.hpp, Pack.hpp, Player.hpp or the older .h)",
            course.dir.display()
        )));
    }
    Ok(course.headers.into_iter().collect())
}

/// What upcard's ADT tests found in each submission's classes (`grade
/// --build --diagnose --course-files`), by submission name: the wrong
/// functions that rest on no other wrong one, or that all are right.
pub fn inside(report: &upcard::adt::Report) -> BTreeMap<String, Inside> {
    const RESTS: &str = " (wrong too, and used here:";
    report
        .students
        .iter()
        .map(|s| {
            let functions: Vec<&upcard::adt::FunctionResult> =
                s.classes.iter().flat_map(|c| &c.functions).collect();
            let wrong = functions
                .iter()
                .filter_map(|f| Some((f, f.finding.as_ref()?)))
                .map(|(f, finding)| Wrong {
                    function: f.function.clone(),
                    case: finding.clone(),
                    explains: upcard::adt::explains(&f.function),
                    by_cards: f.by_cards.clone(),
                    all_cards: f.all_cards,
                    rests: finding.contains(RESTS),
                })
                .collect();
            let right = functions
                .iter()
                .filter(|f| f.passed())
                .map(|f| f.function.clone())
                .collect();
            (s.name.clone(), Inside { wrong, right })
        })
        .collect()
}
