//! `--report html=PATH`: the page opened in headless Chromium (installed by
//! .ci/run), its rendered DOM checked, a screenshot kept under target/.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::tester::Upcard;

const SCENARIO: &str = "scenarios/eecs280/euchred.yaml";

fn work() -> PathBuf {
    let d =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("upcard-html-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A program that prints euchred's golden with one card changed in its
/// first trick, and writes a line to stderr.
fn wrong_card_program(dir: &Path) -> PathBuf {
    let golden = std::fs::read_to_string("golden/eecs280/euchred.out").unwrap();
    let first = golden
        .lines()
        .find(|l| l.contains(" led by "))
        .unwrap()
        .to_string();
    let card = first.split(" led by ").next().unwrap();
    let other = if card == "Nine of Clubs" {
        "Ten of Clubs"
    } else {
        "Nine of Clubs"
    };
    let wrong = golden.replacen(&first, &first.replace(card, other), 1);
    let src = dir.join("wrong.c");
    let exe = dir.join("wrong");
    let text = format!(
        "#include <stdio.h>\nint main(void) {{ fputs(\"Player.cpp:42: assertion failed\\n\", stderr); fputs({}, stdout); return 0; }}\n",
        crate::common::c_string(wrong.as_bytes())
    );
    crate::common::compile_c(&src, &text, &exe);
    exe
}

/// Chromium's rendering of `page`: the DOM it built, and a screenshot.
pub fn chromium(page: &Path, screenshot: &Path) -> String {
    let url = format!("file://{}", page.canonicalize().unwrap().display());
    let flags = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--hide-scrollbars",
    ];
    let dom = Command::new("chromium")
        .args(flags)
        .arg("--dump-dom")
        .arg(&url)
        .output()
        .expect("chromium (apt-get install -y chromium; .ci/run installs it)");
    assert!(
        dom.status.success(),
        "{}",
        String::from_utf8_lossy(&dom.stderr)
    );
    let shot = Command::new("chromium")
        .args(flags)
        .arg(format!("--screenshot={}", screenshot.display()))
        .arg("--window-size=1200,1400")
        .arg(&url)
        .output()
        .unwrap();
    assert!(
        shot.status.success(),
        "{}",
        String::from_utf8_lossy(&shot.stderr)
    );
    String::from_utf8(dom.stdout).unwrap()
}

/// The wrong-card program graded in `dir` on the scenario (with `extra`
/// options), failing: its HTML report's path.
fn graded_page(dir: &Path, extra: &[&str]) -> PathBuf {
    let exe = wrong_card_program(dir);
    let page = dir.join("report.html");
    Upcard::new()
        .args(["grade"])
        .args(extra.iter().copied())
        .args(["--exe", exe.to_str().unwrap(), SCENARIO, "--no-sandbox"])
        .args([format!("--report=html={}", page.display())])
        .status(1)
        .run();
    page
}

#[test]
fn the_html_report_shows_the_failure_in_a_browser() {
    let page = graded_page(&work(), &[]);
    let html = std::fs::read_to_string(&page).unwrap();
    // Self-contained: nothing is fetched.
    assert!(!html.contains("http://") && !html.contains("https://") && !html.contains("<script"));
    let screenshot = Path::new(env!("CARGO_TARGET_TMPDIR")).join("html-report.png");
    let dom = chromium(&page, &screenshot);
    assert!(
        dom.contains("<p id=\"summary\">0 passed, 1 failed; score 0 of 1</p>"),
        "{dom}"
    );
    assert!(
        dom.contains("<td><a href=\"#f0\">euchred</a></td><td class=\"fail\">fail</td>"),
        "{dom}"
    );
    let section = &dom[dom
        .find("<section class=\"failure\" id=\"f0\">")
        .expect("the failure")..];
    assert!(section.contains("<h2>euchred <span class=\"fail\">fail</span></h2>"));
    // The lines around the first difference side by side, the differing row marked.
    assert!(
        section.contains(
            "<tr class=\"differs\"><td class=\"n\">9</td><td>Jack of Clubs led by Barbara</td>\
             <td class=\"n\">9</td><td>Nine of Clubs led by Barbara</td></tr>"
        ),
        "{section}"
    );
    assert!(
        section.contains("<td class=\"n\">6</td>") && section.contains("<td class=\"n\">12</td>")
    );
    // The explanation, with the cards of the game drawn, and the stderr.
    assert!(section.contains("<pre class=\"detail\">"), "{section}");
    assert!(section.contains("<span class=\"card "), "{section}");
    assert!(
        section.contains("<pre class=\"stderr\">Player.cpp:42: assertion failed</pre>"),
        "{section}"
    );
    // Standard error once on the page: in its block, not in the detail too.
    assert_eq!(section.matches("Player.cpp:42").count(), 1, "{section}");
    let png = std::fs::read(&screenshot).unwrap();
    assert!(
        png.starts_with(b"\x89PNG") && png.len() > 10_000,
        "a screenshot"
    );
}

/// The explanation wraps: at a laptop's width and a phone's, no line of a
/// failure's detail (the diagnosis sentence first) is cut off or scrolls
/// sideways, in Chromium.
#[test]
fn the_explanation_wraps_at_laptop_and_phone_widths() {
    let dir = work().join("wraps");
    std::fs::create_dir_all(&dir).unwrap();
    let page = graded_page(&dir, &["--diagnose"]);
    let url = format!("file://{}", page.canonicalize().unwrap().display());
    let _one = crate::web::one_at_a_time();
    for width in [1280, 390] {
        let browser = crate::web::browser(width, 900);
        let tab = browser.new_tab().unwrap();
        tab.navigate_to(&url)
            .unwrap()
            .wait_until_navigated()
            .unwrap();
        let js = "JSON.stringify([...document.querySelectorAll('pre.detail')]\
                  .map(p => [p.scrollWidth <= p.clientWidth + 1, p.textContent.length]))";
        let got = tab.evaluate(js, false).unwrap().value.unwrap();
        let got: Vec<(bool, usize)> = serde_json::from_str(got.as_str().unwrap()).unwrap();
        assert!(!got.is_empty(), "{width}px: no detail on the page");
        assert!(
            got.iter().all(|(fits, len)| *fits && *len > 0),
            "{width}px: a detail scrolls sideways: {got:?}"
        );
    }
}
