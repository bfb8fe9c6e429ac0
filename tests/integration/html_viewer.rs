//! `upcard replay --format html`: the page in headless Chromium shows, at
//! several moves (`#move=N`), the cards and score the engine had there.

use std::path::{Path, PathBuf};
use std::process::Command;

const TEST00: &str = "scenarios/eecs280/official-test00-adi.yaml";

fn work() -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("upcard-viewer-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn chromium(url: &str, args: &[&str]) -> std::process::Output {
    Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
        ])
        .args(args)
        .arg(url)
        .output()
        .expect("chromium (apt-get install -y chromium; .ci/run installs it)")
}

/// The cards shown in seat `s`'s hand, in the dumped DOM.
fn hand(dom: &str, s: usize) -> Vec<String> {
    let start = dom.find(&format!("id=\"s{s}\"")).unwrap();
    // The seat's hand row closes, then the seat.
    let end = start + dom[start..].find("</div></div>").unwrap();
    dom[start..end]
        .split("data-card=\"")
        .skip(1)
        .map(|p| p[..2].to_string())
        .collect()
}

/// The page at `url` opened at move `n` shows what the engine's state
/// after move `n` holds: every hand, the trick in order, the score.
fn shows_move(url: &str, n: usize) {
    let dom = chromium(&format!("{url}#move={n}"), &["--dump-dom"]);
    assert!(
        dom.status.success(),
        "{}",
        String::from_utf8_lossy(&dom.stderr)
    );
    let dom = String::from_utf8(dom.stdout).unwrap();
    // The engine's state after move n.
    let json = Command::new(env!("CARGO_BIN_EXE_upcard"))
        .args(["replay", TEST00, "--to", &n.to_string(), "--format", "json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let state = &v["state"];
    for s in 0..4 {
        let want: Vec<String> = state["hands"][s]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().to_string())
            .collect();
        let mut shown = hand(&dom, s);
        let mut want_sorted = want.clone();
        shown.sort();
        want_sorted.sort();
        assert_eq!(shown, want_sorted, "move {n}, seat {s}");
    }
    // The trick is drawn in the middle of the table, each card with
    // its player's name, in the order played.
    let centre = &dom[dom.find("id=\"centre\"").unwrap()..];
    let centre = &centre[..centre.find("class=\"seat at-bottom\"").unwrap()];
    let trick: Vec<String> = centre
        .split("data-card=\"")
        .skip(1)
        .map(|p| p[..2].to_string())
        .collect();
    let want_trick: Vec<String> = state["trick"]
        .as_array()
        .map(|t| {
            t.iter()
                .map(|p| p[1].as_str().or(p["card"].as_str()).unwrap().to_string())
                .collect()
        })
        .unwrap_or_default();
    if state["trump"].is_null() {
        assert!(trick.len() <= 1, "move {n}: only the upcard: {trick:?}");
    } else {
        assert_eq!(trick, want_trick, "move {n}");
    }
    let scores = &state["scores"];
    assert!(
        dom.contains(&format!(
            "id=\"score\">Adi &amp; Chi-Chih {} · Barbara &amp; Dabbala {}<",
            scores[0], scores[1]
        )),
        "move {n}: {dom}"
    );
    assert!(
        dom.contains(&format!("id=\"what\">move {n}/32 at ")),
        "move {n}"
    );
}

#[test]
fn the_viewer_shows_the_engines_state_at_each_move() {
    let page = work().join("test00.html");
    let out = Command::new(env!("CARGO_BIN_EXE_upcard"))
        .args(["replay", TEST00, "--format", "html", "-o"])
        .arg(&page)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        !html.contains("http://") && !html.contains("https://"),
        "no external URL"
    );
    assert!(
        !html.contains(" src=") && !html.contains(" href="),
        "nothing fetched"
    );
    let url = format!("file://{}", page.canonicalize().unwrap().display());
    for n in [1usize, 7, 19, 32] {
        shows_move(&url, n);
    }
    // A picture of one moment, kept as a CI artifact.
    let shot = Path::new(env!("CARGO_TARGET_TMPDIR")).join("viewer-test00-move7.png");
    let r = chromium(
        &format!("{url}#move=7"),
        &[
            &format!("--screenshot={}", shot.display()),
            "--window-size=1200,1000",
        ],
    );
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    assert!(std::fs::metadata(&shot).unwrap().len() > 1000);
}

#[test]
fn a_hundred_point_game_fits_in_300_kb() {
    let d = work().join("hundred");
    std::fs::create_dir_all(d.join("scenarios/eecs280")).unwrap();
    std::fs::write(
        d.join("scenarios/eecs280/hundred.yaml"),
        "name: hundred\nrules: eecs280\neecs280:\n  pack: [JC, TS, JS, QD, QS, KD, TD, KH, 9D, AD, 9C, 9H, 9S, JD, AS, QC, QH, AC, JH, TC, TH, KS, KC, AH]\n  shuffle: true\n  points: 100\n  players:\n    - { name: Adi, type: Simple }\n    - { name: Barbara, type: Simple }\n    - { name: Chi-Chih, type: Simple }\n    - { name: Dabbala, type: Simple }\n",
    )
    .unwrap();
    let upcard = |args: &[&str]| {
        let o = Command::new(env!("CARGO_BIN_EXE_upcard"))
            .current_dir(&d)
            .args(args)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    };
    upcard(&["bless", "scenarios/eecs280/hundred.yaml"]);
    upcard(&[
        "replay",
        "scenarios/eecs280/hundred.yaml",
        "--format",
        "html",
        "-o",
        "h.html",
    ]);
    let golden = std::fs::read_to_string(d.join("golden/eecs280/hundred.out")).unwrap();
    assert!(golden.matches("\nHand ").count() > 50, "a long game");
    let size = std::fs::metadata(d.join("h.html")).unwrap().len();
    assert!(size < 300_000, "{size} bytes");
}

/// Names are data in the page's embedded JSON: `<!--<script>` and
/// `</script>` as player names leave the page drawing the game.
#[test]
fn names_that_look_like_markup_do_not_break_the_page() {
    let dir = work().join("markup");
    std::fs::create_dir_all(dir.join("scenarios/eecs280")).unwrap();
    let text = std::fs::read_to_string(TEST00)
        .unwrap()
        .replace("name: Adi,", "name: \"<!--<script>\",")
        .replace("name: Barbara,", "name: \"</script>&amp;\",")
        .replace(
            "../../golden/",
            &format!("{}/golden/", env!("CARGO_MANIFEST_DIR")),
        );
    let scenario = dir.join("scenarios/eecs280/markup.yaml");
    std::fs::write(&scenario, text).unwrap();
    let page = dir.join("markup.html");
    let out = Command::new(env!("CARGO_BIN_EXE_upcard"))
        .args([
            "replay",
            scenario.to_str().unwrap(),
            "--format",
            "html",
            "-o",
        ])
        .arg(&page)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let url = format!("file://{}#move=7", page.canonicalize().unwrap().display());
    let dom = chromium(&url, &["--dump-dom"]);
    let dom = String::from_utf8(dom.stdout).unwrap();
    let json = Command::new(env!("CARGO_BIN_EXE_upcard"))
        .args([
            "replay",
            scenario.to_str().unwrap(),
            "--to",
            "7",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    for seat in 0..4 {
        let mut want: Vec<String> = v["state"]["hands"][seat]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().to_string())
            .collect();
        let mut shown = hand(&dom, seat);
        want.sort();
        shown.sort();
        assert_eq!(shown, want, "seat {seat}: {dom}");
    }
    assert!(dom.contains("id=\"what\">move 7/32 at "), "{dom}");
    assert!(
        dom.contains("&lt;!--&lt;script&gt; &amp; Chi-Chih"),
        "the names are shown as text: {dom}"
    );
}
