//! The project a scenario library belongs to: the folder that holds its
//! `scenarios/` (and `golden/`). What upcard writes or copies for a library
//! (goldens by `bless`, an autograder's files by `autograder init`) must lie
//! inside it, whatever a scenario's paths say: a library can come from a
//! colleague or a pull request.

use std::path::{Component, Path, PathBuf};

/// A project folder, as written and with its links resolved.
pub struct Project {
    dir: PathBuf,
    real: PathBuf,
}

impl Project {
    /// The working directory.
    pub fn current() -> Result<Project, String> {
        let dir = std::env::current_dir().map_err(|e| format!("the working directory: {e}"))?;
        Project::at(&dir)
    }

    /// The project of the scenario file `path`: the folder holding the
    /// `scenarios` folder it is in, or its own folder when it is in none.
    pub fn of_scenario(path: &Path) -> Result<Project, String> {
        let root = super::default_golden_root(path);
        let dir = root.parent().unwrap_or(Path::new(""));
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        Project::at(dir)
    }

    pub fn at(dir: &Path) -> Result<Project, String> {
        let real = dir
            .canonicalize()
            .map_err(|e| format!("{}: {e}", dir.display()))?;
        let dir = if dir.is_absolute() {
            normalize(dir)
        } else {
            let here =
                std::env::current_dir().map_err(|e| format!("the working directory: {e}"))?;
            normalize(&here.join(dir))
        };
        Ok(Project { dir, real })
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// `p`'s path in the project (relative to it, `..` resolved as written,
    /// so relative references between copied files still meet). Refused
    /// when the path, or where it leads through links, is outside the
    /// project; `what` names the file in the message. `p` itself need not
    /// exist (a golden about to be created): its nearest existing folder is
    /// what links are resolved on.
    pub fn inside(&self, p: &Path, what: &str) -> Result<PathBuf, String> {
        let full = if p.is_absolute() {
            normalize(p)
        } else {
            let here =
                std::env::current_dir().map_err(|e| format!("the working directory: {e}"))?;
            normalize(&here.join(p))
        };
        let outside = || {
            format!(
                "{what} {} is outside the project {}: upcard writes and copies only the project's own files",
                p.display(),
                self.dir.display()
            )
        };
        let rel = full.strip_prefix(&self.dir).map_err(|_| outside())?;
        if rel.as_os_str().is_empty() {
            return Err(outside());
        }
        // The nearest part of the path that exists, with its links resolved,
        // and the rest (which cannot hold a link, as it does not exist yet).
        let mut existing = full.as_path();
        let mut rest = Vec::new();
        let real = loop {
            match existing.canonicalize() {
                Ok(r) => break r,
                Err(_) => match (existing.parent(), existing.file_name()) {
                    (Some(parent), Some(name)) => {
                        rest.push(name.to_os_string());
                        existing = parent;
                    }
                    _ => return Err(outside()),
                },
            }
        };
        let real = rest.iter().rev().fold(real, |r, n| r.join(n));
        if !real.starts_with(&self.real) || real == self.real {
            return Err(outside());
        }
        Ok(rel.to_path_buf())
    }
}

/// `p` with `.` dropped and each `..` taking out the folder before it, as
/// written (links are resolved apart, by `canonicalize`).
fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inside_resolves_dots_as_written_and_links_as_they_lead() {
        let t = tempfile::tempdir().unwrap();
        let project = t.path().join("p");
        std::fs::create_dir_all(project.join("scenarios/eecs280")).unwrap();
        std::fs::create_dir_all(project.join("golden")).unwrap();
        std::fs::write(t.path().join("outside.txt"), "x").unwrap();
        let p = Project::at(&project).unwrap();
        let s = project.join("scenarios/eecs280");
        assert_eq!(
            p.inside(&s.join("../../golden/new.out"), "g").unwrap(),
            Path::new("golden/new.out"),
            "a file not yet written, inside"
        );
        assert!(p.inside(&s.join("../../../outside.txt"), "g").is_err());
        assert!(p.inside(&s.join("../../../new.out"), "g").is_err());
        assert!(p.inside(&project, "g").is_err(), "the folder itself");
        std::os::unix::fs::symlink(t.path(), project.join("golden/up")).unwrap();
        let e = p
            .inside(&project.join("golden/up/new.out"), "the golden")
            .unwrap_err();
        assert!(e.starts_with("the golden "), "{e}");
        assert!(e.contains("is outside the project"), "{e}");
        let of = Project::of_scenario(&s.join("x.yaml")).unwrap();
        assert_eq!(of.dir(), normalize(&project));
    }
}
