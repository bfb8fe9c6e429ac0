//! The page: one self-contained file (no CDN, nothing fetched but its own
//! socket), the same for a seat, a device passed between people and a
//! spectator; it reads which from its address. Its table has the replay
//! viewer's look (one style for both), and it carries the house rules'
//! registry (each rule's name, values, line and standard value), so the
//! rules in force are explained from the one list; and the bots' registry,
//! for the host who chooses the table in the page.

use std::sync::LazyLock;

use upcard_rules::courses::standard::{config, house::HouseRule};

pub static PAGE: LazyLock<String> = LazyLock::new(|| {
    include_str!("page.html")
        .replace("/*TABLE_STYLE*/", upcard_replay::html::TABLE_STYLE)
        .replace("/*HOUSE_RULES*/[]", &house_rules())
        .replace("/*BOTS*/[]", &bots())
});

/// The bots, weakest first, as the setup form lists them.
fn bots() -> String {
    let rows: Vec<serde_json::Value> = upcard_bots::Bot::ALL
        .iter()
        .map(|b| {
            serde_json::json!({
                "name": b.name(),
                "about": b.about(),
                "level": b.level(),
                "word": b.word(),
            })
        })
        .collect();
    serde_json::to_string(&rows)
        .unwrap_or_else(|_| "[]".into())
        .replace("</", "<\\/")
}

/// The registry as the page reads it.
fn house_rules() -> String {
    let standard = config();
    let rows: Vec<serde_json::Value> = HouseRule::ALL
        .iter()
        .map(|r| {
            serde_json::json!({
                "name": r.name(),
                "values": r.values(),
                "about": r.about(),
                "standard": r.get(&standard),
            })
        })
        .collect();
    // Inside a script: no "</" can end it early.
    serde_json::to_string(&rows)
        .unwrap_or_else(|_| "[]".into())
        .replace("</", "<\\/")
}
