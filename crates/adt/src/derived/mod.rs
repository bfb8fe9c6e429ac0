//! upcard's own ADT tests, derived from its engine: a harness generated for
//! the API the headers declare links a student's classes and calls each
//! function over its domain (Card), on the engine's packs (Pack) and on
//! situations the engine draws (the Simple player), one function a
//! sandboxed run; the answers are compared with the engine's here, and the
//! smallest wrong case is said in the course's words. The harness's own
//! part is compiled once per course, the student's files once per class.

mod api;
mod card;
mod function;
mod pack;
mod player;
mod relate;
mod words;

pub(crate) use api::Api;
pub use function::{Class, FunctionResult};
pub(crate) use relate::relate;

use std::collections::BTreeMap;
use std::path::Path;

use upcard_grade::grade::Grader;
use upcard_sandbox::{Job, Program};

use crate::class::Classes;
use crate::{ClassResult, CourseFiles, Options, build};
use function::Function;

const ARGV0: &str = "./upcard-adt.exe";
const PROGRAM: &str = "upcard-adt.exe";

/// The flags upcard's harness is compiled with (its own code: no
/// `-Werror` of the course's applies to it).
const HARNESS_FLAGS: &str = "-std=c++17 -O1 -w";

/// The cases of an API's functions, and its harness objects once compiled.
pub(crate) struct Prepared {
    pub api: Api,
    functions: BTreeMap<Class, Vec<Function>>,
    /// Each class's harness compiled with the course's headers; `None`
    /// where each student's headers are used (it is compiled with them).
    objects: Option<BTreeMap<Class, Vec<u8>>>,
}

impl Prepared {
    pub fn new(api: Api) -> Prepared {
        let mut functions = BTreeMap::new();
        functions.insert(Class::Card, card::functions(&api));
        functions.insert(Class::Pack, pack::functions());
        functions.insert(Class::Player, player::functions());
        Prepared {
            api,
            functions,
            objects: None,
        }
    }

    /// Compiles each class's harness once with the course's headers; the
    /// classes whose harness does not compile with them, and why (their
    /// headers are not an API upcard knows: their tests are not run).
    pub fn compile(
        &mut self,
        grader: &Grader,
        course: &CourseFiles,
        work: &Path,
    ) -> Vec<(Class, String)> {
        let built: Vec<(Class, Result<Vec<u8>, build::Failed>)> = Class::ALL
            .iter()
            .map(|&class| {
                let src = Api::file(class);
                let object = object_name(class);
                let text = self.api.source(class);
                let mut files: Vec<(&str, &[u8])> = course
                    .headers
                    .iter()
                    .map(|(n, b)| (n.as_str(), b.as_slice()))
                    .collect();
                files.push((&src, text.as_bytes()));
                let script = format!("g++ {HARNESS_FLAGS} -c {src} -o {object}\n");
                let tag = format!("harness-{}", class.name());
                let built =
                    build::build(grader, work, &tag, &files, &script, &object).and_then(|p| {
                        let bytes = std::fs::read(&p).map_err(|e| (e.to_string(), None));
                        let _ = std::fs::remove_file(&p);
                        bytes
                    });
                (class, built)
            })
            .collect();
        let mut objects = BTreeMap::new();
        let mut failed = Vec::new();
        for (class, b) in built {
            match b {
                Ok(bytes) => {
                    objects.insert(class, bytes);
                }
                Err((why, _)) => failed.push((class, why)),
            }
        }
        self.objects = Some(objects);
        failed
    }

    /// The classes whose tests can run: every one, or those whose harness
    /// compiled with the course's headers.
    pub fn classes(&self) -> Vec<Class> {
        Class::ALL
            .into_iter()
            .filter(|c| self.objects.as_ref().is_none_or(|o| o.contains_key(c)))
            .collect()
    }
}

fn object_name(class: Class) -> String {
    Api::file(class).replace(".cpp", ".o")
}

/// upcard's tests being run on a class.
pub(crate) struct Engine<'a> {
    pub grader: &'a Grader,
    pub course: &'a CourseFiles,
    pub o: &'a Options,
    pub work: &'a Path,
    /// The course's API, prepared once; `None` where the course has no
    /// class headers (each student's are used).
    pub prepared: Option<&'a Prepared>,
}

impl Engine<'_> {
    /// `class`'s functions on `c`'s classes (`tag` names its work files).
    pub fn class(&self, c: &Classes, class: Class, tag: &str) -> ClassResult {
        let mut r = ClassResult {
            class,
            compiled_with: class.sources(),
            error: None,
            log: None,
            functions: Vec::new(),
        };
        let own;
        let prepared = match (self.prepared, &c.files) {
            (Some(p), _) => p,
            (None, Ok(files)) => {
                let headers: BTreeMap<String, Vec<u8>> = build::headers(self.course, files)
                    .into_iter()
                    .map(|(n, b)| (n, b.to_vec()))
                    .collect();
                match Api::of(&headers) {
                    Some(api) => {
                        own = Prepared::new(api);
                        &own
                    }
                    None => {
                        r.error = Some("no Card header to generate upcard's tests from".into());
                        return r;
                    }
                }
            }
            (None, Err(e)) => {
                r.error = Some(e.clone());
                return r;
            }
        };
        match self.build(c, class, prepared, tag) {
            Ok(exe) => {
                r.functions = prepared.functions[&class]
                    .iter()
                    .map(|f| self.run(&exe, f))
                    .collect();
                let _ = std::fs::remove_file(&exe);
            }
            Err((error, log)) => {
                r.error = Some(error);
                r.log = log;
            }
        }
        r
    }

    /// The harness of `class` linked with the student's files.
    fn build(
        &self,
        c: &Classes,
        class: Class,
        prepared: &Prepared,
        tag: &str,
    ) -> Result<std::path::PathBuf, build::Failed> {
        let student = c.files.as_ref().map_err(|e| (e.clone(), None))?;
        let needed = class.sources();
        let theirs = build::student_files(student, &needed)?;
        let headers = build::headers(self.course, student);
        let mut files: Vec<(&str, &[u8])> = headers.iter().map(|(n, b)| (n.as_str(), *b)).collect();
        files.extend(theirs);
        let (src, object) = (Api::file(class), object_name(class));
        let text;
        let mut script = String::new();
        match prepared.objects.as_ref().and_then(|o| o.get(&class)) {
            Some(bytes) => files.push((&object, bytes)),
            None => {
                text = prepared.api.source(class);
                files.push((&src, text.as_bytes()));
                script.push_str(&format!("g++ {HARNESS_FLAGS} -c {src} -o {object}\n"));
            }
        }
        let quoted: Vec<String> = needed.iter().map(|s| build::quote(s)).collect();
        script.push_str(&format!(
            "g++ {} {} {object} -o {PROGRAM}\n",
            self.o.cxxflags,
            quoted.join(" ")
        ));
        build::build(self.grader, self.work, tag, &files, &script, PROGRAM)
    }

    /// One function's run, judged.
    fn run(&self, exe: &Path, f: &Function) -> FunctionResult {
        let args = [f.name.to_string()];
        let program = Program {
            exe,
            argv0: ARGV0,
            args: &args,
            env: &[],
        };
        let job = Job {
            input: f.input.as_bytes(),
            ..Job::new(program, self.o.limits)
        };
        let run = self.grader.supervisor().run(job);
        function::judge(f, &run, &self.o.limits)
    }
}
