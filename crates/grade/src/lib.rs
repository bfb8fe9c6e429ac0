//! upcard's grader, above the scenarios (`upcard-scenario`): [`grade`] runs
//! student programs on scenarios in a sandbox (namespaces, Landlock, a
//! control group, a bounded in-memory disk), gives each run a verdict and
//! an explanation, writes the reports each platform reads, splits a class
//! into shards and merges them back, builds source submissions in the same
//! sandbox, and writes the files each grading platform deploys
//! (docs/architecture.md, docs/sandbox.md, docs/deploying.md); and
//! [`mutants`], the catalogue of plausible student bugs the grader names a
//! failing program's by (`--diagnose`) and measures a scenario suite with
//! (`upcard mutants`).

pub mod grade;
pub mod mutants;
