//! Inputs that used to crash, hang or exhaust upcard (issue 12): each is now
//! refused with its place and cause, exit 2, quickly, and a bad scenario
//! never stops the others.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::common::upcard_text;

fn dir(tag: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("upcard-hostile-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A save file in the spec's format (dealer 0, next 1, trump `?`) with an
/// extension line.
fn save(ext: &str) -> String {
    format!(
        "0 0\n0 1\n?\n0\n9S TS QS KS AC JH JD 9H AS 9C TC QC KC TD QD KD AD 9D TH AH QH JS JC KH\n\
         5 9S TS QS KS AC\n0\n5 JH JD 9H AS 9C\n0\n5 TC QC KC TD QD\n0\n5 KD AD 9D TH AH\n0\n{ext}"
    )
}

/// The same hand with hearts called by player 1, alone (player 3 sits out).
fn save_alone(ext: &str) -> String {
    save(ext).replacen("?\n", "H\n1 t\n", 1)
}

fn cs246_file(d: &Path, name: &str, text: &str) -> (Option<i32>, String) {
    let p = d.join(name);
    std::fs::write(&p, text).unwrap();
    let started = Instant::now();
    let o = upcard_text(
        Path::new("."),
        &["cs246", "--no-human", "-f", p.to_str().unwrap()],
        "",
    );
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{name} took too long"
    );
    (o.code, o.err.replace(&format!("{}/", d.display()), ""))
}

/// `upcard eecs280 PACK noshuffle 1` with four Simple players.
fn eecs280_with_pack(pack: &str) -> crate::common::Out {
    upcard_text(
        Path::new("."),
        &[
            "eecs280",
            pack,
            "noshuffle",
            "1",
            "A",
            "Simple",
            "B",
            "Simple",
            "C",
            "Simple",
            "D",
            "Simple",
        ],
        "",
    )
}

#[test]
fn save_files_that_the_engine_cannot_continue_are_refused() {
    let d = dir("save");
    let cases = [
        (
            save("upcard hand 0 shuffles 1 phase discard table 0 replaced 0\n"),
            "upcard: f.txt:14:1: phase discard: trump is not declared (?)\n",
        ),
        (
            save("upcard hand 0 shuffles 1 phase handover table 0 replaced 0\n"),
            "upcard: f.txt:14:1: phase handover: trump is not declared (?)\n",
        ),
        (
            save("upcard hand 0 shuffles 1 phase trick 1 0 table 0 replaced 0\n"),
            "upcard: f.txt:14:1: phase trick: trump is not declared (?)\n",
        ),
        (
            save_alone("upcard hand 0 shuffles 1 phase trick 2 1 table 0 replaced 0\n"),
            "upcard: f.txt:15:1: phase trick: 1 turns before player 2 put cards from players [1] on the table, not []\n",
        ),
        (
            save_alone("upcard hand 0 shuffles 1 phase trick 1 0 table 1 2 QD replaced 0\n")
                .replacen("5 TC QC KC TD QD", "4 TC QC KC TD", 1),
            "upcard: f.txt:15:1: phase trick: 0 turns before player 1 put cards from players [] on the table, not [2]\n",
        ),
        (
            save_alone("upcard hand 0 shuffles 1 phase bidding 1 1 0 table 0 replaced 0\n"),
            "upcard: f.txt:15:1: phase bidding: trump is already declared\n",
        ),
        (
            save("upcard hand 0 shuffles 18446744073709551615 phase start table 0 replaced 0\n"),
            "upcard: f.txt:14:1: 18446744073709551615 shuffles, but by hand 0 the deck has been shuffled at most 1 times\n",
        ),
        (
            save("upcard hand 4000000000 shuffles 1 phase start table 0 replaced 0\n"),
            "upcard: f.txt:14:1: hand 4000000000 is past any game (at most 100000)\n",
        ),
        (
            save("").replacen("0 0\n", "4294967295 0\n", 1),
            "upcard: f.txt:1:1: a score of 4294967295 ends a game to 10: there is no game left to load\n",
        ),
        // A game already won: the course program would play on past 10.
        (
            save("").replacen("0 0\n", "10 10\n", 1),
            "upcard: f.txt:1:1: a score of 10 ends a game to 10: there is no game left to load\n",
        ),
        (
            save("").replacen("0 0\n", "3 12\n", 1),
            "upcard: f.txt:1:1: a score of 12 ends a game to 10: there is no game left to load\n",
        ),
    ];
    for (text, err) in cases {
        let (code, got) = cs246_file(&d, "f.txt", &text);
        assert_eq!((code, got.as_str()), (Some(2), err), "{text}");
    }
}

#[test]
fn a_bad_inline_save_is_one_bad_scenario_in_run_and_bless() {
    let d = dir("inline");
    let lib = d.join("scenarios/cs246");
    std::fs::create_dir_all(&lib).unwrap();
    std::fs::create_dir_all(d.join("golden/cs246")).unwrap();
    let indented: String = save("upcard hand 0 shuffles 1 phase discard table 0 replaced 0\n")
        .lines()
        .map(|l| format!("    {l}\n"))
        .collect();
    std::fs::write(
        lib.join("bad.yaml"),
        format!("name: bad\nrules: cs246\ncs246:\n  save: |\n{indented}"),
    )
    .unwrap();
    std::fs::write(
        lib.join("good.yaml"),
        "name: good\nrules: cs246\ncs246:\n  seed: 3\n  human: false\n",
    )
    .unwrap();
    let r = upcard_text(&d, &["bless"], "");
    assert_eq!(r.code, Some(2), "{} {}", r.out, r.err);
    assert!(
        r.err.contains("phase discard: trump is not declared (?)"),
        "{}",
        r.err
    );
    assert!(r.out.contains("created golden/cs246/good.out"), "{}", r.out);
    let r = upcard_text(&d, &["run"], "");
    assert_eq!(r.code, Some(2));
    assert!(r.out.ends_with("1 passed, 0 failed\n"), "{}", r.out);
}

#[test]
fn devices_fifos_and_huge_files_are_refused_not_read() {
    let d = dir("files");
    let fifo = d.join("fifo");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: mkfifo on a path this test owns.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let big = d.join("big.in");
    std::fs::write(&big, vec![b' '; (1 << 20) + 1]).unwrap();
    let eecs = eecs280_with_pack;
    let started = Instant::now();
    let r = eecs("/dev/zero");
    assert_eq!(
        (r.code, r.err.as_str()),
        (
            Some(2),
            "upcard: /dev/zero: is a character device, not a regular file\n"
        )
    );
    let r = eecs(fifo.to_str().unwrap());
    assert_eq!(r.code, Some(2));
    assert!(
        r.err.ends_with("fifo: is a FIFO, not a regular file\n"),
        "{}",
        r.err
    );
    let r = eecs(big.to_str().unwrap());
    assert_eq!(r.code, Some(2));
    assert!(
        r.err
            .ends_with("big.in: is 1048577 bytes; upcard reads at most 1048576\n"),
        "{}",
        r.err
    );
    let r = upcard_text(Path::new("."), &["cs246", "-f", "/dev/zero"], "");
    assert_eq!(
        (r.code, r.err.as_str()),
        (
            Some(2),
            "upcard: /dev/zero: is a character device, not a regular file\n"
        )
    );
    let y = d.join("zero.yaml");
    std::fs::write(
        &y,
        "name: zero\nrules: eecs280\neecs280:\n  pack_file: /dev/zero\n  points: 1\n  players:\n    - { name: A, type: Simple }\n    - { name: B, type: Simple }\n    - { name: C, type: Simple }\n    - { name: D, type: Simple }\n",
    )
    .unwrap();
    let r = upcard_text(Path::new("."), &["run", y.to_str().unwrap()], "");
    assert_eq!(r.code, Some(2));
    assert!(
        r.err
            .contains("cannot read pack file /dev/zero: is a character device, not a regular file"),
        "{}",
        r.err
    );
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn invalid_utf8_is_placed_at_its_line_and_column() {
    let d = dir("utf8");
    let pack = d.join("pack.in");
    std::fs::write(&pack, b"9S\nTS\nJ\xffS\n").unwrap();
    let r = eecs280_with_pack(pack.to_str().unwrap());
    assert_eq!(
        r.err,
        format!(
            "upcard: {}:3:2: byte 0xff is not UTF-8 text\n",
            pack.display()
        )
    );
    let (code, err) = cs246_file(&d, "s.txt", &save("").replacen("QS", "Q\u{e9}", 1));
    assert_eq!(code, Some(2));
    assert!(err.starts_with("upcard: s.txt:5:"), "{err}");
    let bad = d.join("bad.yaml");
    std::fs::write(&bad, b"name: x\nrules: eecs280\ndescription: \"\xfe\"\n").unwrap();
    let r = upcard_text(Path::new("."), &["run", bad.to_str().unwrap()], "");
    assert_eq!(
        r.err,
        format!(
            "upcard: {}:3:15: byte 0xfe is not UTF-8 text\n",
            bad.display()
        )
    );
}

#[test]
fn yaml_positions_are_the_lines_editors_show() {
    let d = dir("lines");
    // A lone CR ends line 1; U+2028 inside a string ends no line.
    let y = d.join("cr.yaml");
    std::fs::write(
        &y,
        "name: x\rdescription: \"a\u{2028}b\"\nrules: eecs280\ncolour: red\n",
    )
    .unwrap();
    let r = upcard_text(Path::new("."), &["run", y.to_str().unwrap()], "");
    assert_eq!(r.code, Some(2));
    assert!(
        r.err.starts_with(&format!("upcard: {}:4:1: ", y.display())),
        "{}",
        r.err
    );
}

#[test]
fn deeply_nested_yaml_is_refused_quickly() {
    let d = dir("deep");
    let y = d.join("deep.yaml");
    let n = 50_000;
    std::fs::write(
        &y,
        format!(
            "name: x\nrules: eecs280\ntags: {}{}\n",
            "[".repeat(n),
            "]".repeat(n)
        ),
    )
    .unwrap();
    let started = Instant::now();
    let r = upcard_text(Path::new("."), &["run", y.to_str().unwrap()], "");
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(
        r.err,
        format!(
            "upcard: {}:3:71: nested more than 64 levels deep\n",
            y.display()
        )
    );
}

#[test]
fn step_mode_names_a_read_error_as_reading() {
    let o = crate::common::upcard(
        Path::new("."),
        &["replay", "scenarios/eecs280/march.yaml", "--step"],
        b"n\n\xff\xfe\n",
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "upcard: reading the commands: stream did not contain valid UTF-8\n"
    );
}

#[test]
fn bless_never_follows_a_planted_link_and_clears_a_killed_runs_leftovers() {
    let d = dir("bless");
    let target = d.join("victim.txt");
    std::fs::write(&target, "precious\n").unwrap();
    let golden = d.join("g.out");
    // The name older versions used, planted as a link to the victim.
    let planted = d.join(format!(".g.out.upcard-{}.tmp", std::process::id()));
    std::os::unix::fs::symlink(&target, &planted).unwrap();
    // What a killed bless left (its pid is gone).
    let leftover = d.join(".g.out.upcard-4000000.tmp");
    std::fs::write(&leftover, "half").unwrap();
    upcard::parse::file::write_atomic(&golden, b"new golden\n").unwrap();
    assert_eq!(std::fs::read_to_string(&golden).unwrap(), "new golden\n");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "precious\n");
    assert!(!leftover.exists());
    let left: Vec<String> = std::fs::read_dir(&d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    // Only the planted link (this process is alive) is left; nothing was written through it.
    assert_eq!(left, [planted.file_name().unwrap().to_string_lossy()]);
}
