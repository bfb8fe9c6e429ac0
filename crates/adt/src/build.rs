//! One build of a student's classes with files of upcard's or the course's
//! (a public test, the ADT harness) in the sandbox: the headers the course
//! compiles with, the student files named, and a script that makes one
//! program.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use upcard_grade::grade::Grader;

use crate::CourseFiles;
use crate::course::is_header;

/// A build's failure: what the report says, and the build's log.
pub(crate) type Failed = (String, Option<String>);

/// The headers a student's classes compile with: the course's; the
/// student's only where the course gave none of its classes' (said in the
/// report).
pub(crate) fn headers<'a>(
    course: &'a CourseFiles,
    student: &'a BTreeMap<String, Vec<u8>>,
) -> BTreeMap<String, &'a [u8]> {
    let mut out = BTreeMap::new();
    if course.class_headers().next().is_none() {
        for (n, b) in student.iter().filter(|(n, _)| is_header(n)) {
            out.insert(n.clone(), b.as_slice());
        }
    }
    for (n, b) in &course.headers {
        out.insert(n.clone(), b.as_slice());
    }
    out
}

/// Builds `files` with `script`, which makes `program`; the program is
/// put at `work/<tag>.exe`.
pub(crate) fn build(
    grader: &Grader,
    work: &Path,
    tag: &str,
    files: &[(&str, &[u8])],
    script: &str,
    program: &str,
) -> Result<PathBuf, Failed> {
    let src = work.join(format!("src-{tag}"));
    let _ = std::fs::remove_dir_all(&src);
    let written = std::fs::create_dir_all(&src).and_then(|()| {
        files
            .iter()
            .try_for_each(|(n, b)| std::fs::write(src.join(n), b))
    });
    if let Err(e) = written {
        let _ = std::fs::remove_dir_all(&src);
        return Err((format!("cannot prepare the build: {e}"), None));
    }
    let dest = work.join(format!("{tag}.exe"));
    let built = grader.build(&src, &[], script, program, &dest);
    let _ = std::fs::remove_dir_all(&src);
    match built {
        Ok(_) => Ok(dest),
        Err(b) => Err((
            format!("does not compile: {}", first_error(&b.log)),
            Some(b.log),
        )),
    }
}

pub(crate) fn quote(s: &str) -> String {
    shlex::try_quote(s).map_or_else(|_| format!("'{s}'"), |q| q.into_owned())
}

/// The compiler's first error in a build's log, as a student reads it: a
/// `main` of the student's own (the tests bring theirs) named at its file
/// and line; the linker's `undefined reference to` a function; else the
/// first line that says `error:` (not collect2's summary), or the log's
/// last line. The compiler's temporary objects are not named (their names
/// differ every run).
pub(crate) fn first_error(log: &str) -> String {
    if log.contains("multiple definition of `main'") {
        let at = log
            .split(|c: char| c.is_whitespace() || c == ';')
            .find_map(|w| {
                let w = w.strip_suffix(':').unwrap_or(w);
                let (file, line) = w.rsplit_once(':')?;
                let file = file.rsplit('/').next()?;
                (file.ends_with(".cpp")
                    && !file.starts_with("upcard_adt_")
                    && line.parse::<u32>().is_ok())
                .then(|| format!("{file}:{line}"))
            });
        if let Some(at) = at {
            return format!("{at}: a main of its own (the tests bring theirs)");
        }
    }
    if let Some(l) = log.lines().find(|l| l.contains("undefined reference to")) {
        let i = l.find("undefined reference to").unwrap_or(0);
        return l[i..].trim().to_string();
    }
    let line = log
        .lines()
        .find(|l| l.contains("error:") && !l.starts_with("collect2"))
        .or_else(|| log.lines().rev().find(|l| !l.trim().is_empty()))
        .unwrap_or("the build failed")
        .trim();
    untemporary(line)
}

/// `line` with the compiler's temporary objects (`/tmp/ccAb12Cd.o`,
/// `.upcard-tmp/ccAb12Cd.o`) said as "a temporary object".
fn untemporary(line: &str) -> String {
    let words: Vec<String> = line
        .split(' ')
        .map(|w| {
            let path = w.trim_end_matches(':');
            let name = path.rsplit('/').next().unwrap_or(path);
            let temporary = path.contains('/') && name.starts_with("cc") && name.ends_with(".o");
            if temporary {
                w.replacen(path, "a temporary object", 1)
            } else {
                w.to_string()
            }
        })
        .collect();
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_error_is_the_compilers_first() {
        let log = "In file included from Card_public_tests.cpp:1:\n\
                   Card.cpp:12:5: error: 'foo' was not declared in this scope\n\
                   Card.cpp:14:1: error: expected ';'\nthe build failed (exit status 1)";
        assert_eq!(
            first_error(log),
            "Card.cpp:12:5: error: 'foo' was not declared in this scope"
        );
        assert_eq!(
            first_error("ld: cannot find x\nthe build failed (exit status 1)"),
            "the build failed (exit status 1)"
        );
        let link = "/usr/bin/ld: Player_public_tests.o: in function `f':\n\
                    /usr/bin/ld: x.cpp:(.text+0x1): undefined reference to `Player_factory'\n\
                    collect2: error: ld returned 1 exit status";
        assert_eq!(first_error(link), "undefined reference to `Player_factory'");
        let main = "/usr/bin/ld: /work/.upcard-tmp/ccx1.o: in function `main':\n\
                    upcard_adt_card.cpp:(.text+0x1cc1): multiple definition of `main'; \
                    /work/.upcard-tmp/cc1CV6bd.o:/work/Card.cpp:129: first defined here\n\
                    collect2: error: ld returned 1 exit status";
        assert_eq!(
            first_error(main),
            "Card.cpp:129: a main of its own (the tests bring theirs)"
        );
        assert_eq!(
            untemporary("/usr/bin/ld: /tmp/ccQ2x.o: error: bad"),
            "/usr/bin/ld: a temporary object: error: bad"
        );
    }
}
