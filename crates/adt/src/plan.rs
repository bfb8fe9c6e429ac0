//! What is built, once: the course's objects for the class (its public
//! tests, its framework's source, upcard's harness for its API), then for
//! each student one build that compiles each of the student's files once
//! and links every program of the parts graded (each public test; the
//! harness, all classes in one program, or class by class where one does
//! not link). Each program's verdict is read from its steps' statuses.

use std::collections::BTreeMap;
use std::path::Path;

use upcard_grade::grade::Grader;

use crate::build::{self, Failed, first_error, quote};
use crate::bundle::{self, Bundle, Script};
use crate::class::Classes;
use crate::course::compiled_with;
use crate::derived::{Api, Class};
use crate::{CourseFiles, Parts};

/// The flags upcard's harness is compiled with (its own code: no
/// `-Werror` of the course's applies to it).
const HARNESS_FLAGS: &str = "-std=c++17 -O1 -w";

/// The student files a class's programs are built from, in the order built.
const SOURCES: [&str; 3] = ["Card.cpp", "Pack.cpp", "Player.cpp"];

/// The game's sources, in the order the course's build script gives them
/// to g++ (`Course::build_script`): the link order, which is the order of
/// the files' static constructors.
pub(crate) const GAME: [&str; 4] = ["euchre.cpp", "Player.cpp", "Pack.cpp", "Card.cpp"];

/// The game program in a student's build.
pub(crate) const GAME_PROGRAM: &str = "game.exe";

fn stem(file: &str) -> &str {
    file.strip_suffix(".cpp").unwrap_or(file)
}

/// What the class's builds share: the course's files, the harness's API
/// and classes, and the objects compiled once (by name).
pub(crate) struct Plan<'a> {
    pub course: &'a CourseFiles,
    pub cxxflags: &'a str,
    pub parts: Parts,
    /// The course's API when its headers declare one (else each student's).
    pub api: Option<Api>,
    /// The classes upcard's tests run on.
    pub classes: Vec<Class>,
    /// Whether each student's build also links the game (`GAME`).
    pub game: bool,
    objects: BTreeMap<String, Vec<u8>>,
}

/// The harness groups built: all classes in one program, then each alone.
fn groups(classes: &[Class]) -> Vec<Vec<Class>> {
    let mut g: Vec<Vec<Class>> = Vec::new();
    if classes.len() > 1 {
        g.push(classes.to_vec());
    }
    g.extend(classes.iter().map(|c| vec![*c]));
    g
}

impl<'a> Plan<'a> {
    /// The plan, with the course's objects compiled once where the course
    /// has its headers (`note`: a class whose harness does not compile
    /// with them is said once and not tested).
    pub fn new(
        grader: &Grader,
        course: &'a CourseFiles,
        cxxflags: &'a str,
        parts: Parts,
        work: &Path,
        note: &dyn Fn(&str),
    ) -> Plan<'a> {
        let api = Api::of(&course.headers);
        let mut plan = Plan {
            course,
            cxxflags,
            parts,
            api,
            classes: if parts.engine {
                Class::ALL.to_vec()
            } else {
                Vec::new()
            },
            game: false,
            objects: BTreeMap::new(),
        };
        if course.class_headers().next().is_some() {
            plan.compile_course(grader, work, note);
        }
        plan
    }

    fn compile_course(&mut self, grader: &Grader, work: &Path, note: &dyn Fn(&str)) {
        let mut files: Vec<(String, Vec<u8>)> = self
            .course
            .headers
            .iter()
            .map(|(n, b)| (n.clone(), b.clone()))
            .collect();
        let mut script = Script::new();
        let mut outputs = Vec::new();
        let sources = self
            .course
            .public_tests
            .iter()
            .filter(|_| self.parts.public)
            .chain(self.course.framework_source.iter());
        for (name, bytes) in sources {
            files.push((name.clone(), bytes.clone()));
            let o = format!("{}.o", stem(name));
            let flags = self.cxxflags;
            script.step(
                &format!("compile-{name}"),
                &[],
                &format!("g++ {flags} -c {} -o {}", quote(name), quote(&o)),
            );
            outputs.push(o);
        }
        if let Some(api) = &self.api {
            for g in groups(&self.classes) {
                let s = Api::stem(&g);
                files.push((format!("{s}.cpp"), api.source(&g).into_bytes()));
                script.step(
                    &format!("compile-{s}.cpp"),
                    &[],
                    &format!("g++ {HARNESS_FLAGS} -c {s}.cpp -o {s}.o"),
                );
                outputs.push(format!("{s}.o"));
            }
        }
        let refs: Vec<(&str, &[u8])> = files
            .iter()
            .map(|(n, b)| (n.as_str(), b.as_slice()))
            .collect();
        match bundle::build(grader, work, "course", &refs, script, &outputs) {
            Ok(b) => {
                for o in &outputs {
                    if let Some(bytes) = b.file(o) {
                        self.objects.insert(o.clone(), bytes.to_vec());
                    }
                }
                self.drop_unbuilt_classes(&b, note);
            }
            Err((why, _)) => {
                note(&format!(
                    "the course's files were not compiled once for the class ({why}): each student's build compiles them"
                ));
            }
        }
    }

    /// The classes whose harness did not compile with the course's headers: said, and left out.
    fn drop_unbuilt_classes(&mut self, b: &Bundle, note: &dyn Fn(&str)) {
        if self.api.is_none() {
            return;
        }
        self.classes.retain(|&c| {
            let s = Api::stem(&[c]);
            let ok = b.succeeded(&format!("compile-{s}.cpp")) == Some(true);
            if !ok {
                let why = first_error(&b.log(&format!("compile-{s}.cpp")));
                note(&format!(
                    "upcard's tests of {} are not run: with the course's headers its harness does not compile: {why}",
                    c.name()
                ));
            }
            ok
        });
    }

    /// One student's build: each of its class sources compiled once, then
    /// every program linked; `api` is the harness's (the course's, or the
    /// student's where the course has no headers).
    pub fn build_student(
        &self,
        grader: &Grader,
        c: &Classes,
        api: Option<&Api>,
        work: &Path,
        tag: &str,
    ) -> Result<Bundle, Failed> {
        let student = c.files.as_ref().map_err(|e| (e.clone(), None))?;
        let headers = build::headers(self.course, student);
        let mut files: Vec<(String, Vec<u8>)> = headers
            .iter()
            .map(|(n, b)| (n.clone(), b.to_vec()))
            .collect();
        let mut script = Script::new();
        let mut outputs = Vec::new();
        let flags = self.cxxflags;
        for src in SOURCES.iter().filter(|s| student.contains_key(**s)) {
            files.push((src.to_string(), student[*src].clone()));
            script.step(
                &format!("compile-{src}"),
                &[],
                &format!("g++ {flags} -c {src} -o {}.o", stem(src)),
            );
        }
        // The game is the course build's program only where that build
        // would see the same headers: a header of the student's own (which
        // the classes' tests do not see) leaves the game to that build.
        let own_header = student
            .keys()
            .any(|n| !n.ends_with(".cpp") && !files.iter().any(|(f, _)| f == n));
        if self.game && !own_header && GAME.iter().all(|f| student.contains_key(*f)) {
            self.link_game(student, &mut files, &mut script, &mut outputs);
        }
        if self.parts.public {
            self.link_public(&mut files, &mut script, &mut outputs);
        }
        if let Some(api) = api.filter(|_| self.parts.engine) {
            self.link_harness(api, &mut files, &mut script, &mut outputs);
        }
        let refs: Vec<(&str, &[u8])> = files
            .iter()
            .map(|(n, b)| (n.as_str(), b.as_slice()))
            .collect();
        let mut b = bundle::build(grader, work, tag, &refs, script, &outputs)?;
        b.write_programs(&work.join(tag))
            .map_err(|e| (format!("cannot keep the built programs: {e}"), None))?;
        Ok(b)
    }

    /// The game from the classes' objects and its own main file's, with
    /// the course's flags, linked in the course script's order: the program
    /// its one `g++` command would make.
    fn link_game(
        &self,
        student: &BTreeMap<String, Vec<u8>>,
        files: &mut Vec<(String, Vec<u8>)>,
        script: &mut Script,
        outputs: &mut Vec<String>,
    ) {
        let flags = self.cxxflags;
        for main in GAME.iter().filter(|f| !SOURCES.contains(f)) {
            files.push((main.to_string(), student[*main].clone()));
            script.step(
                &format!("compile-{main}"),
                &[],
                &format!("g++ {flags} -c {main} -o {}.o", stem(main)),
            );
        }
        let objects: Vec<String> = GAME.iter().map(|f| format!("{}.o", stem(f))).collect();
        let needs: Vec<&str> = objects.iter().map(String::as_str).collect();
        script.step(
            "link-game",
            &needs,
            &format!("g++ {flags} {} -o {GAME_PROGRAM}", objects.join(" ")),
        );
        outputs.push(GAME_PROGRAM.to_string());
    }

    /// Each public test linked with its class's objects (its own object
    /// compiled once, or its source where it was not).
    fn link_public(
        &self,
        files: &mut Vec<(String, Vec<u8>)>,
        script: &mut Script,
        outputs: &mut Vec<String>,
    ) {
        let mut extra = String::new();
        if let Some((n, b)) = &self.course.framework_source {
            extra = self.object_or_source(n, b, files);
        }
        for (t, (name, bytes)) in self.course.public_tests.iter().enumerate() {
            let test = self.object_or_source(name, bytes, files);
            let objects: Vec<String> = compiled_with(name)
                .iter()
                .map(|f| format!("{}.o", stem(f)))
                .collect();
            let needs: Vec<&str> = objects.iter().map(String::as_str).collect();
            let exe = format!("public-{t}.exe");
            script.step(
                &format!("link-{name}"),
                &needs,
                &format!(
                    "g++ {} {test} {extra} {} -o {exe}",
                    self.cxxflags,
                    objects.join(" ")
                ),
            );
            outputs.push(exe);
        }
    }

    /// The course's object for `name` where it was compiled once, else its
    /// source (compiled in the link); put among the build's files.
    fn object_or_source(
        &self,
        name: &str,
        bytes: &[u8],
        files: &mut Vec<(String, Vec<u8>)>,
    ) -> String {
        let o = format!("{}.o", stem(name));
        match self.objects.get(&o) {
            Some(obj) => {
                files.push((o.clone(), obj.clone()));
                quote(&o)
            }
            None => {
                files.push((name.to_string(), bytes.to_vec()));
                quote(name)
            }
        }
    }

    /// The harness: all classes in one program; where that does not link,
    /// each class alone.
    fn link_harness(
        &self,
        api: &Api,
        files: &mut Vec<(String, Vec<u8>)>,
        script: &mut Script,
        outputs: &mut Vec<String>,
    ) {
        let all = Api::stem(&self.classes);
        for g in groups(&self.classes) {
            let s = Api::stem(&g);
            let o = format!("{s}.o");
            match self.objects.get(&o) {
                Some(obj) => files.push((o.clone(), obj.clone())),
                None => {
                    files.push((format!("{s}.cpp"), api.source(&g).into_bytes()));
                    script.step(
                        &format!("compile-{s}.cpp"),
                        &[],
                        &format!("g++ {HARNESS_FLAGS} -c {s}.cpp -o {o}"),
                    );
                }
            }
            let mut objects: Vec<String> = g
                .iter()
                .flat_map(|c| c.sources())
                .map(|f| format!("{}.o", stem(&f)))
                .collect();
            objects.sort();
            objects.dedup();
            let mut needs: Vec<&str> = objects.iter().map(String::as_str).collect();
            needs.push(&o);
            let exe = format!("{s}.exe");
            let command = format!("g++ {} {o} {} -o {exe}", self.cxxflags, objects.join(" "));
            if g.len() > 1 {
                script.step(&format!("link-{s}"), &needs, &command);
            } else {
                script.unless(
                    &format!("{all}.exe"),
                    &format!("link-{s}"),
                    &needs,
                    &command,
                );
            }
            outputs.push(exe);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::GAME;
    use upcard_rules::courses::Course;

    /// The game is linked in the order the course's build names its
    /// sources (the order of static constructors is the link's).
    #[test]
    fn the_game_links_in_the_course_builds_order() {
        let script = upcard_rules::courses::eecs280::Eecs280.build_script("-g");
        assert!(
            script.contains(&format!("for f in {}; do", GAME.join(" "))),
            "{script}"
        );
    }
}
