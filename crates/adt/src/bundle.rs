//! A build of several programs at once in the sandbox: a bash script of
//! steps, each step's log and exit status kept, every program and log
//! collected as one tar (the sandbox collects one file) and read back as
//! data (plain names only, sizes bounded). A student's files are compiled
//! once and linked into every program that needs them; the course's
//! objects are compiled once for the class.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

use upcard_grade::grade::Grader;

use crate::build::Failed;

/// What the script collects, and the file its steps' statuses go to.
const TAR: &str = "upcard-bundle.tar";
const STATUS: &str = "upcard-status";

/// The most of one collected file, of a log kept, and of all.
const MAX_FILE: u64 = 64 << 20;
const MAX_LOG: usize = 64 << 10;
const MAX_TOTAL: u64 = 512 << 20;

/// A build script of named steps.
pub(crate) struct Script {
    text: String,
}

impl Script {
    pub fn new() -> Script {
        Script {
            text: String::from(
                "upcard_step() { local name=$1; shift; \"$@\" > \"$name.log\" 2>&1; \
                 echo \"$name $?\" >> upcard-status; }\nshopt -s nullglob\n: > upcard-status\n",
            ),
        }
    }

    /// A step `name` running `command` (shell words), when every file of
    /// `needs` is there (an earlier step made it).
    pub fn step(&mut self, name: &str, needs: &[&str], command: &str) {
        let test: Vec<String> = needs
            .iter()
            .map(|f| format!("[ -f {} ]", crate::build::quote(f)))
            .collect();
        let run = format!("upcard_step {} {command}", crate::build::quote(name));
        if test.is_empty() {
            self.text.push_str(&format!("{run}\n"));
        } else {
            self.text
                .push_str(&format!("if {}; then {run}; fi\n", test.join(" && ")));
        }
    }

    /// A step run only when `file` was not made (a fallback).
    pub fn unless(&mut self, file: &str, name: &str, needs: &[&str], command: &str) {
        self.text.push_str(&format!(
            "if [ ! -f {} ]; then\n",
            crate::build::quote(file)
        ));
        self.step(name, needs, command);
        self.text.push_str("fi\n");
    }

    /// The script, ending with the tar of `outputs` (those made), every log and the statuses.
    fn finish(mut self, outputs: &[String]) -> String {
        let names: Vec<String> = outputs.iter().map(|o| crate::build::quote(o)).collect();
        self.text.push_str(&format!(
            "set -- {STATUS} *.log\nfor f in {}; do [ -f \"$f\" ] && set -- \"$@\" \"$f\"; done\n\
             tar -cf {TAR} \"$@\"\n",
            names.join(" ")
        ));
        self.text
    }
}

/// What a bundle build made: its files by name and each step's status.
pub(crate) struct Bundle {
    files: BTreeMap<String, Vec<u8>>,
    status: BTreeMap<String, i32>,
}

impl Bundle {
    /// Whether step `name` ran and succeeded (`None`: it did not run).
    pub fn succeeded(&self, name: &str) -> Option<bool> {
        self.status.get(name).map(|c| *c == 0)
    }

    /// Step `name`'s log (its end, where long), printable.
    pub fn log(&self, name: &str) -> String {
        let bytes = self
            .files
            .get(&format!("{name}.log"))
            .map_or(&[][..], Vec::as_slice);
        let start = bytes.len().saturating_sub(MAX_LOG);
        upcard_parse::escape::printable(&String::from_utf8_lossy(&bytes[start..]))
    }

    pub fn file(&self, name: &str) -> Option<&[u8]> {
        self.files.get(name).map(Vec::as_slice)
    }

    /// Writes every program made (`*.exe`) into `dir`, keeping only its
    /// name here (the bytes are on disk now).
    pub fn write_programs(&mut self, dir: &Path) -> std::io::Result<()> {
        use std::os::unix::fs::PermissionsExt;
        std::fs::create_dir_all(dir)?;
        for (name, bytes) in self.files.iter_mut().filter(|(n, _)| n.ends_with(".exe")) {
            let to = dir.join(name);
            std::fs::write(&to, &*bytes)?;
            std::fs::set_permissions(&to, std::fs::Permissions::from_mode(0o755))?;
            bytes.clear();
        }
        Ok(())
    }

    /// Whether program `name` was made.
    pub fn made(&self, name: &str) -> bool {
        self.files.contains_key(name)
    }
}

/// Builds `files` with `script`, collecting `outputs` (those its steps made).
pub(crate) fn build(
    grader: &Grader,
    work: &Path,
    tag: &str,
    files: &[(&str, &[u8])],
    script: Script,
    outputs: &[String],
) -> Result<Bundle, Failed> {
    let text = script.finish(outputs);
    let tar = crate::build::build(grader, work, tag, files, &text, TAR)?;
    let bytes = std::fs::read(&tar).map_err(|e| (format!("cannot read the build: {e}"), None));
    let _ = std::fs::remove_file(&tar);
    let files = unpack(&bytes?).map_err(|why| (format!("the build's files: {why}"), None))?;
    let status = String::from_utf8_lossy(files.get(STATUS).map_or(&[][..], Vec::as_slice))
        .lines()
        .filter_map(|l| {
            let (name, code) = l.rsplit_once(' ')?;
            Some((name.to_string(), code.parse().ok()?))
        })
        .collect();
    Ok(Bundle { files, status })
}

/// A tar's regular files of plain names, bounded.
fn unpack(tar: &[u8]) -> Result<BTreeMap<String, Vec<u8>>, String> {
    let mut archive = tar::Archive::new(tar);
    let mut out = BTreeMap::new();
    let mut total = 0;
    for entry in archive.entries().map_err(|e| e.to_string())? {
        let entry = entry.map_err(|e| e.to_string())?;
        let name = entry.path().map_err(|e| e.to_string())?;
        let name = name.to_string_lossy().into_owned();
        let plain = !name.contains('/') && !name.starts_with('.');
        if !plain || !entry.header().entry_type().is_file() {
            continue;
        }
        let size = entry.header().size().map_err(|e| e.to_string())?;
        total += size;
        if size > MAX_FILE || total > MAX_TOTAL {
            return Err(format!("{name}: more than {} MiB", MAX_FILE >> 20));
        }
        let mut bytes = Vec::new();
        entry
            .take(MAX_FILE)
            .read_to_end(&mut bytes)
            .map_err(|e| e.to_string())?;
        out.insert(name, bytes);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_script_runs_each_step_where_its_files_are_and_tars_what_was_made() {
        let mut s = Script::new();
        s.step("compile-Card.cpp", &[], "g++ -c Card.cpp -o Card.o");
        s.step("link-x", &["Card.o"], "g++ Card.o -o x.exe");
        s.unless("x.exe", "link-y", &[], "true");
        let text = s.finish(&["x.exe".to_string()]);
        assert!(text.contains("upcard_step compile-Card.cpp g++ -c Card.cpp -o Card.o\n"));
        assert!(
            text.contains("if [ -f Card.o ]; then upcard_step link-x g++ Card.o -o x.exe; fi\n")
        );
        assert!(text.contains("if [ ! -f x.exe ]; then\nupcard_step link-y true\nfi\n"));
        assert!(text.ends_with("tar -cf upcard-bundle.tar \"$@\"\n"));
    }

    #[test]
    fn a_bundle_keeps_plain_regular_files_only() {
        let mut b = tar::Builder::new(Vec::new());
        let add = |b: &mut tar::Builder<Vec<u8>>, name: &str, data: &[u8]| {
            let mut h = tar::Header::new_gnu();
            h.set_size(data.len() as u64);
            h.set_mode(0o644);
            h.set_cksum();
            b.append_data(&mut h, name, data).unwrap();
        };
        add(&mut b, "upcard-status", b"compile-Card.cpp 0\nlink-x 1\n");
        add(&mut b, "sub/evil", b"x");
        add(&mut b, "x.exe", b"ELF");
        let files = unpack(&b.into_inner().unwrap()).unwrap();
        assert_eq!(files.keys().collect::<Vec<_>>(), ["upcard-status", "x.exe"]);
    }
}
