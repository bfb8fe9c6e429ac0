//! `--course-files DIR` of `grade --build` and `build`: the term's starter
//! files, whose headers every build sees in place of the student's, as the
//! course's autograder compiles students' `.cpp` files (docs/adt.md).

use std::path::Path;

use upcard::Failure;
use upcard::adt::CourseFiles;

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
