//! One public test file on one student's classes: built with the student
//! files the course compiles it with and the course's headers, its tests
//! listed, and each run alone in the sandbox (with `pack.in` beside it).

use std::path::Path;

use upcard_grade::grade::Grader;
use upcard_sandbox::{Ending, Job, Program};

use crate::class::Classes;
use crate::course::{compiled_with, is_header};
use crate::{CourseFiles, Options, TestFileResult, TestResult, framework};

/// The program a public test is built into, and its name as it runs.
const PROGRAM: &str = "upcard-public.exe";
const ARGV0: &str = "./upcard-public.exe";

/// The most tests a public test file may list.
const MAX_TESTS: usize = 500;

/// The public tests being run on a class: the grader that builds and runs
/// them, the course's files, what was asked, and where builds go.
pub(crate) struct Public<'a> {
    pub grader: &'a Grader,
    pub course: &'a CourseFiles,
    pub o: &'a Options,
    pub work: &'a Path,
}

impl Public<'_> {
    /// Public test `t` on `c`'s classes (`tag` names its work files).
    pub fn test_file(&self, c: &Classes, t: usize, tag: &str) -> TestFileResult {
        let (name, _) = &self.course.public_tests[t];
        let mut r = TestFileResult {
            file: name.clone(),
            compiled_with: compiled_with(name),
            error: None,
            log: None,
            tests: Vec::new(),
        };
        let exe = match self.build(c, t, tag) {
            Ok(exe) => exe,
            Err((error, log)) => {
                r.error = Some(error);
                r.log = log;
                return r;
            }
        };
        match self.list(&exe) {
            Ok(names) => {
                r.tests = names.iter().map(|n| self.test(&exe, n)).collect();
            }
            Err(e) => r.error = Some(e),
        }
        let _ = std::fs::remove_file(&exe);
        r
    }

    /// The test file built with the student's files; else what to say and
    /// the build's log.
    fn build(
        &self,
        c: &Classes,
        t: usize,
        tag: &str,
    ) -> Result<std::path::PathBuf, (String, Option<String>)> {
        let (name, bytes) = &self.course.public_tests[t];
        let student = c.files.as_ref().map_err(|e| (e.clone(), None))?;
        let needed = compiled_with(name);
        if let Some(missing) = needed.iter().find(|f| !student.contains_key(*f)) {
            return Err((
                format!("not built: {missing} is not in the submission"),
                None,
            ));
        }
        let src = self.work.join(format!("src-{tag}"));
        let _ = std::fs::remove_dir_all(&src);
        let write = |n: &str, b: &[u8]| std::fs::write(src.join(n), b);
        let written = std::fs::create_dir_all(&src)
            .and_then(|()| self.headers(student, &write))
            .and_then(|()| write(name, bytes))
            .and_then(|()| needed.iter().try_for_each(|f| write(f, &student[f])))
            .and_then(|()| match &self.course.framework_source {
                Some((n, b)) => write(n, b),
                None => Ok(()),
            });
        if let Err(e) = written {
            let _ = std::fs::remove_dir_all(&src);
            return Err((format!("cannot prepare the build: {e}"), None));
        }
        let mut sources: Vec<&str> = vec![name.as_str()];
        sources.extend(needed.iter().map(String::as_str));
        if let Some((n, _)) = &self.course.framework_source {
            sources.push(n);
        }
        let quoted: Vec<String> = sources.iter().map(|s| quote(s)).collect();
        let script = format!(
            "g++ {} {} -o {PROGRAM}\n",
            self.o.cxxflags,
            quoted.join(" ")
        );
        let dest = self.work.join(format!("{tag}.exe"));
        let built = self.grader.build(&src, &[], &script, PROGRAM, &dest);
        let _ = std::fs::remove_dir_all(&src);
        match built {
            Ok(_) => Ok(dest),
            Err(b) => Err((
                format!("does not compile: {}", first_error(&b.log)),
                Some(b.log),
            )),
        }
    }

    /// The headers the build sees: the course's; the student's only where
    /// the course gave none of its classes' (said in the report).
    fn headers(
        &self,
        student: &std::collections::BTreeMap<String, Vec<u8>>,
        write: &dyn Fn(&str, &[u8]) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        let course_has_classes = self.course.class_headers().next().is_some();
        if !course_has_classes {
            for (n, b) in student.iter().filter(|(n, _)| is_header(n)) {
                write(n, b)?;
            }
        }
        for (n, b) in &self.course.headers {
            write(n, b)?;
        }
        Ok(())
    }

    fn program<'p>(exe: &'p Path, args: &'p [String]) -> Program<'p> {
        Program {
            exe,
            argv0: ARGV0,
            args,
            env: &[],
        }
    }

    /// The tests the program lists.
    fn list(&self, exe: &Path) -> Result<Vec<String>, String> {
        let args = [framework::LIST.to_string()];
        let run = self.grader.run_program(exe, ARGV0, &args, self.o.limits);
        if run.ending != Ending::Exited(0) {
            return Err(format!(
                "listing its tests ({}) failed: {}",
                framework::LIST,
                run.ending.describe(&self.o.limits)
            ));
        }
        let names = framework::names(&run.stdout);
        if names.len() > MAX_TESTS {
            return Err(format!(
                "{} tests: at most {MAX_TESTS} are run",
                names.len()
            ));
        }
        Ok(names)
    }

    /// One test alone, with `pack.in` beside it when the course has one.
    fn test(&self, exe: &Path, name: &str) -> TestResult {
        let args = [name.to_string()];
        let files: Vec<(String, String)> = self
            .course
            .pack
            .iter()
            .map(|p| {
                (
                    "pack.in".to_string(),
                    String::from_utf8_lossy(p).into_owned(),
                )
            })
            .collect();
        let job = Job {
            files: &files,
            ..Job::new(Self::program(exe, &args), self.o.limits)
        };
        let run = self.grader.supervisor().run(job);
        let (verdict, message) = framework::judge(name, &run, &self.o.limits);
        TestResult {
            name: name.to_string(),
            verdict,
            message,
        }
    }
}

/// The compiler's first error in a build's log (its first line that says
/// `error:`, or the linker's `undefined reference`; not collect2's
/// summary), or the log's last line.
fn first_error(log: &str) -> String {
    log.lines()
        .find(|l| {
            (l.contains("error:") && !l.starts_with("collect2"))
                || l.contains("undefined reference")
        })
        .or_else(|| log.lines().rev().find(|l| !l.trim().is_empty()))
        .unwrap_or("the build failed")
        .trim()
        .to_string()
}

fn quote(s: &str) -> String {
    shlex::try_quote(s).map_or_else(|_| format!("'{s}'"), |q| q.into_owned())
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
        assert_eq!(
            first_error(link),
            "/usr/bin/ld: x.cpp:(.text+0x1): undefined reference to `Player_factory'"
        );
    }
}
