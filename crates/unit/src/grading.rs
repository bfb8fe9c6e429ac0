//! The grading of a class's unit tests: the solution and each bug compiled
//! once, and which bugs the reference tests catch.

use std::path::{Path, PathBuf};

use rayon::prelude::*;

use upcard_grade::grade::Grader;
use upcard_sandbox::{Ending, Limits, Run};

use crate::Options;
use crate::sources::{Files, PROGRAM, implementation, is_test_file, quote, read_files};

/// A class's unit tests being graded: the grader, what was asked, the
/// solution's files and the folder the builds go to.
pub(crate) struct Grading<'a> {
    pub(crate) grader: Grader,
    pub(crate) o: &'a Options,
    pub(crate) solution: Files,
    pub(crate) work: tempfile::TempDir,
    /// Numbers the variants' work files.
    pub(crate) made: std::sync::atomic::AtomicUsize,
}

/// A solution (the correct one or a bug) compiled once: its files, and its
/// implementation as one archive every test file links with.
pub(crate) struct Variant {
    pub(crate) name: String,
    /// Its files' names in the work folder (a name may be any text).
    pub(crate) tag: String,
    pub(crate) files: Files,
    pub(crate) archive: PathBuf,
    /// The files it changes from the solution's (a bug's own files).
    pub(crate) touches: Vec<String>,
}

impl Variant {
    /// Whether this bug is in the class a test file tests: each file is
    /// graded against its own class's bugs.
    pub(crate) fn of(&self, test_file: &str) -> bool {
        self.touches
            .iter()
            .any(|t| crate::sources::tested_by(t, test_file))
    }
}

impl Grading<'_> {
    /// Runs `script` in the sandbox over `files` in a folder of its own,
    /// keeping the file `product` it makes at `work/{tag}`.
    pub(crate) fn make(
        &self,
        files: &Files,
        script: &str,
        product: &str,
        tag: &str,
    ) -> Result<PathBuf, String> {
        let src = self.work.path().join(format!("src-{tag}"));
        let _ = std::fs::remove_dir_all(&src);
        std::fs::create_dir_all(&src).map_err(|e| e.to_string())?;
        for (name, bytes) in files {
            std::fs::write(src.join(name), bytes).map_err(|e| format!("{name}: {e}"))?;
        }
        let dest = self.work.path().join(tag);
        let made = self
            .grader
            .build(&src, &[], script, product, &dest)
            .map_err(|b| b.log);
        let _ = std::fs::remove_dir_all(&src);
        made.map(|_| dest)
    }

    /// A solution's implementation compiled into an archive.
    pub(crate) fn variant(&self, name: &str, overlay: &Files) -> Result<Variant, String> {
        let mut files = self.solution.clone();
        files.extend(overlay.iter().map(|(k, v)| (k.clone(), v.clone())));
        let sources = implementation(&files);
        let objects: Vec<String> = sources
            .iter()
            .map(|s| quote(&format!("{}.o", s.rsplit_once('.').map_or(*s, |x| x.0))))
            .collect();
        let sources: Vec<String> = sources.iter().map(|s| quote(s)).collect();
        let script = format!(
            "g++ {} -c {}\nar rcs {LIBRARY} {}\n",
            self.o.cxxflags,
            sources.join(" "),
            objects.join(" ")
        );
        let n = self.made.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let tag = format!("v{n}");
        let archive = self.make(&files, &script, LIBRARY, &format!("lib-{tag}.a"))?;
        Ok(Variant {
            name: name.to_string(),
            tag,
            files,
            archive,
            touches: overlay.keys().cloned().collect(),
        })
    }

    /// A test file compiled against `v`'s headers.
    pub(crate) fn object(
        &self,
        v: &Variant,
        test: (&str, &[u8]),
        tag: &str,
    ) -> Result<PathBuf, String> {
        let mut files: Files = v
            .files
            .iter()
            .filter(|(n, _)| !n.ends_with(".cpp"))
            .map(|(k, b)| (k.clone(), b.clone()))
            .collect();
        files.insert(test.0.to_string(), test.1.to_vec());
        let script = format!("g++ {} -c {} -o {OBJECT}\n", self.o.cxxflags, quote(test.0));
        self.make(&files, &script, OBJECT, &format!("{tag}.o"))
    }

    /// A test object linked with a variant's archive.
    pub(crate) fn link(&self, object: &Path, v: &Variant, tag: &str) -> Result<PathBuf, String> {
        let read = |p: &Path| std::fs::read(p).map_err(|e| format!("{}: {e}", p.display()));
        let files = Files::from([
            (OBJECT.to_string(), read(object)?),
            (LIBRARY.to_string(), read(&v.archive)?),
        ]);
        let script = format!("g++ {} {OBJECT} {LIBRARY} -o {PROGRAM}\n", self.o.cxxflags);
        self.make(&files, &script, PROGRAM, &format!("{tag}-{}.exe", v.tag))
    }

    /// The reference tests, compiled against the solution, each passing on it.
    pub(crate) fn references(
        &self,
        dir: &Path,
        solution: &Variant,
    ) -> Result<Vec<(String, PathBuf)>, String> {
        let files = read_files(dir)?;
        let mut out = Vec::new();
        for (name, bytes) in files.iter().filter(|(n, _)| is_test_file(n)) {
            let tag = format!("reference-{}", out.len());
            let object = self
                .object(solution, (name, bytes), &tag)
                .map_err(|log| format!("{name} does not compile with the solution:\n{log}"))?;
            let exe = self
                .link(&object, solution, &tag)
                .map_err(|log| format!("{name} does not link with the solution:\n{log}"))?;
            let run = self.run(&exe, &[])?;
            if run.ending != Ending::Exited(0) {
                return Err(format!(
                    "{name} fails on the solution ({}): reference tests must pass on it",
                    run.ending.describe(&self.o.limits)
                ));
            }
            out.push((name.clone(), object));
        }
        if out.is_empty() {
            return Err(format!("{}: no *_tests.cpp in it", dir.display()));
        }
        Ok(out)
    }

    /// Some reference test fails on `v` (it builds with them and is told
    /// apart from the solution).
    pub(crate) fn told_apart(&self, v: &Variant, refs: &[(String, PathBuf)]) -> bool {
        refs.iter().any(|(_, object)| {
            self.link(object, v, &format!("check-{}", v.tag))
                .ok()
                .and_then(|exe| self.run(&exe, &[]).ok())
                .is_some_and(|run| run.ending != Ending::Exited(0))
        })
    }

    /// Up to `n` generated bugs: source mutants of the solution's
    /// implementation, shuffled by `seed`, kept when they compile and the
    /// reference tests tell them apart, in that order.
    pub(crate) fn generate(
        &self,
        n: usize,
        seed: u64,
        refs: &[(String, PathBuf)],
        pool: &rayon::ThreadPool,
    ) -> Vec<Variant> {
        // Only the graded files' classes: a bug no graded file tests could
        // never be caught.
        let graded = |f: &&str| self.o.files.iter().any(|t| crate::sources::tested_by(f, t));
        let mut candidates: Vec<crate::mutate::SourceMutant> = implementation(&self.solution)
            .into_iter()
            .filter(graded)
            .flat_map(|f| {
                let text = String::from_utf8_lossy(&self.solution[f]).into_owned();
                crate::mutate::mutants(f, &text)
            })
            .collect();
        // Fisher-Yates with the Mersenne Twister: the same bugs for a seed.
        let mut rng = rand_mt::Mt64::new(seed);
        for i in (1..candidates.len()).rev() {
            let j = (rng.next_u64() % (i as u64 + 1)) as usize;
            candidates.swap(i, j);
        }
        let mut kept = Vec::new();
        for chunk in candidates.chunks(self.o.jobs.max(1) * 2) {
            let tried: Vec<Option<((String, usize), Variant)>> = pool.install(|| {
                chunk
                    .par_iter()
                    .map(|m| {
                        let overlay = Files::from([(m.file.clone(), m.text.clone().into_bytes())]);
                        self.variant(&m.name, &overlay)
                            .ok()
                            .filter(|v| self.told_apart(v, refs))
                            .map(|v| ((m.file.clone(), m.at), v))
                    })
                    .collect()
            });
            kept.extend(tried.into_iter().flatten());
            if kept.len() >= n {
                break;
            }
        }
        kept.truncate(n);
        // Listed in source order, whichever the seed chose.
        kept.sort_by(|a, b| a.0.cmp(&b.0));
        kept.into_iter().map(|(_, v)| v).collect()
    }

    pub(crate) fn run(&self, exe: &Path, args: &[String]) -> Result<Run, String> {
        self.run_limited(exe, args, self.o.limits)
    }

    /// A test program's run with other limits (a test alone: file.rs).
    pub(crate) fn run_limited(
        &self,
        exe: &Path,
        args: &[String],
        limits: Limits,
    ) -> Result<Run, String> {
        Ok(self
            .grader
            .run_program(exe, "./upcard-tests.exe", args, limits))
    }

    /// The test names a listing run printed (`--show_test_names`: every
    /// term's framework takes that spelling, only newer ones `-n`).
    pub(crate) fn names_in(&self, run: &Run) -> Result<Vec<String>, String> {
        if run.ending != Ending::Exited(0) {
            return Err(format!(
                "listing its tests (--show_test_names) failed: {}",
                run.ending.describe(&self.o.limits)
            ));
        }
        Ok(String::from_utf8_lossy(&run.stdout)
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(str::to_string)
            .collect())
    }
}

/// What the builds leave: the implementation's archive, a test file's
/// object, and the program they link into.
pub(crate) const LIBRARY: &str = "upcard-impl.a";
pub(crate) const OBJECT: &str = "upcard-test.o";

/// Each bug compiled once; one that does not compile is the staff's to
/// fix, said in `notes` and left out.
pub(crate) fn compiled_bugs(
    g: &Grading,
    pool: &rayon::ThreadPool,
    bug_files: &[(String, Files)],
    notes: &mut Vec<String>,
) -> Vec<Variant> {
    let built: Vec<Result<Variant, String>> = pool.install(|| {
        bug_files
            .par_iter()
            .map(|(name, files)| g.variant(name, files))
            .collect()
    });
    let mut variants = Vec::new();
    for ((name, _), b) in bug_files.iter().zip(built) {
        match b {
            Ok(v) => variants.push(v),
            Err(log) => notes.push(format!(
                "note: the bug {name} does not compile, and is left out:\n{}",
                log.lines()
                    .filter(|l| l.contains("error"))
                    .take(3)
                    .collect::<Vec<_>>()
                    .join("\n")
            )),
        }
    }
    variants
}

/// The bugs no reference test catches: the references cannot judge them.
pub(crate) fn unjudged(
    g: &Grading,
    pool: &rayon::ThreadPool,
    variants: &[Variant],
    refs: &[(String, PathBuf)],
) -> Vec<String> {
    let apart: Vec<bool> =
        pool.install(|| variants.par_iter().map(|v| g.told_apart(v, refs)).collect());
    variants
        .iter()
        .zip(apart)
        .filter(|(_, apart)| !apart)
        .map(|(v, _)| v.name.clone())
        .collect()
}
