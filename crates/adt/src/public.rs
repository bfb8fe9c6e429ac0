//! One public test file on one student's classes: built with the student
//! files the course compiles it with and the course's headers, its tests
//! listed, and each run alone in the sandbox (with `pack.in` beside it).

use std::path::Path;

use upcard_grade::grade::Grader;
use upcard_sandbox::{Ending, Job, Program};

use crate::built::Built;
use crate::class::Classes;
use crate::course::compiled_with;
use crate::{CourseFiles, Options, TestFileResult, TestResult, framework};

/// A public test's name as it runs.
const ARGV0: &str = "./upcard-public.exe";

/// The most tests a public test file may list.
const MAX_TESTS: usize = 500;

/// The public tests being run on a class: the grader that builds and runs
/// them, the course's files, what was asked, and where builds go.
pub(crate) struct Public<'a> {
    pub grader: &'a Grader,
    pub course: &'a CourseFiles,
    pub o: &'a Options,
}

impl Public<'_> {
    /// Public test `t` on `c`'s classes, with the programs `built` made for it.
    pub fn test_file(&self, c: &Classes, t: usize, built: &Built) -> TestFileResult {
        let (name, _) = &self.course.public_tests[t];
        let mut r = TestFileResult {
            file: name.clone(),
            compiled_with: compiled_with(name),
            error: None,
            log: None,
            tests: Vec::new(),
        };
        let exe = c
            .files
            .as_ref()
            .map_err(|e| (e.clone(), None))
            .and_then(|files| {
                built.program(
                    files,
                    &compiled_with(name),
                    &format!("link-{name}"),
                    &format!("public-{t}.exe"),
                )
            });
        let exe = match exe {
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
        r
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
