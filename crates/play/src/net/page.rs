//! The page: one self-contained file (no CDN, nothing fetched but its own
//! socket), the same for a seat, a device passed between people and a
//! spectator; it reads which from its address. Its table has the replay
//! viewer's look (one style for both).

use std::sync::LazyLock;

pub static PAGE: LazyLock<String> = LazyLock::new(|| {
    include_str!("page.html").replace("/*TABLE_STYLE*/", upcard_replay::html::TABLE_STYLE)
});
