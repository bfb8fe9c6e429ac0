//! upcard's own ADT tests, derived from its engine: a harness generated for
//! the API the headers declare links a student's classes and calls each
//! function over its domain (Card), on the engine's packs (Pack) and on
//! situations the engine draws (the Simple player), one function a
//! sandboxed run; the answers are compared with the engine's here, and the
//! smallest wrong case is said in the course's words. The harness is
//! compiled once for the class and linked in each student's one build
//! (`plan`).

mod api;
mod card;
mod function;
mod human;
mod pack;
mod player;
mod relate;
mod words;

pub(crate) use api::Api;
pub use function::{Class, FunctionResult};
pub use relate::explains;
pub(crate) use relate::relate;

use std::collections::BTreeMap;
use std::path::Path;

use upcard_grade::grade::Grader;
use upcard_sandbox::{Job, Program};

use crate::built::Built;
use crate::class::Classes;
use crate::{ClassResult, Options};
use function::Function;

const ARGV0: &str = "./upcard-adt.exe";

/// The cases of an API's functions, made once for the class.
pub(crate) struct Prepared {
    pub api: Api,
    functions: BTreeMap<Class, Vec<Function>>,
}

impl Prepared {
    pub fn new(api: Api) -> Prepared {
        let mut functions = BTreeMap::new();
        functions.insert(Class::Card, card::functions(&api));
        functions.insert(Class::Pack, pack::functions());
        let mut players = player::functions();
        players.extend(human::functions());
        functions.insert(Class::Player, players);
        Prepared { api, functions }
    }

    /// The course's names of `class`'s functions, in the harness's order.
    pub fn titles(&self, class: Class) -> Vec<String> {
        self.functions[&class]
            .iter()
            .map(|f| f.title.clone())
            .collect()
    }
}

/// upcard's tests being run on a class.
pub(crate) struct Engine<'a> {
    pub grader: &'a Grader,
    pub o: &'a Options,
}

impl Engine<'_> {
    /// `class`'s functions on `c`'s classes, with the programs `built`
    /// made for it; `prepared`: its API's cases (none: no Card header).
    pub fn class(
        &self,
        c: &Classes,
        class: Class,
        built: &Built,
        prepared: Option<&Prepared>,
    ) -> ClassResult {
        let mut r = ClassResult {
            class,
            compiled_with: class.sources(),
            error: None,
            log: None,
            functions: Vec::new(),
        };
        let exe = match (&c.files, prepared) {
            (Err(e), _) => Err((e.clone(), None)),
            (Ok(_), None) => Err((
                "no Card header to generate upcard's tests from".into(),
                None,
            )),
            (Ok(files), Some(_)) => {
                let all = format!("{}.exe", Api::stem(&Class::ALL));
                if built.bundle.as_ref().is_ok_and(|b| b.made(&all)) {
                    Ok(built.dir.join(all))
                } else {
                    let s = Api::stem(&[class]);
                    built.program(
                        files,
                        &class.sources(),
                        &format!("link-{s}"),
                        &format!("{s}.exe"),
                    )
                }
            }
        };
        match exe {
            Ok(exe) => {
                let functions = prepared.map_or(&[][..], |p| p.functions[&class].as_slice());
                r.functions = functions.iter().map(|f| self.run(&exe, f)).collect();
            }
            Err((error, log)) => {
                r.error = Some(error);
                r.log = log;
            }
        }
        r
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
