//! The API families of the course's classes across terms, told from the
//! headers (or, when a student committed none, from the sources):
//! - the current one: `enum Suit` in `Card.hpp`, `*_public_tests.cpp`,
//!   `unit_test_framework.hpp`;
//! - the same enum API as `Card.h` (`*_public_test.cpp`, `unit_test_framework.h`);
//! - string suits (`Card::SUIT_SPADES`) in `Card.h`, whose terms differ in
//!   `is_face` or `is_face_or_ace` and in whether `<=` and `>=` exist.

use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    /// `enum Suit`, `enum Rank` in `Card.hpp`.
    EnumHpp,
    /// `enum Suit`, `enum Rank` in `Card.h`.
    EnumH,
    /// `Card::SUIT_SPADES` strings in `Card.h`.
    StringSuits,
}

impl Family {
    /// As reports name it.
    pub fn describe(self) -> &'static str {
        match self {
            Family::EnumHpp => "enum suits, Card.hpp",
            Family::EnumH => "enum suits, Card.h",
            Family::StringSuits => "string suits (Card::SUIT_SPADES), Card.h",
        }
    }

    /// The family of a folder's files (name, text): by its Card header, or
    /// without one by what its sources include and name.
    pub fn detect<'a>(files: impl IntoIterator<Item = (&'a str, &'a [u8])>) -> Option<Family> {
        let files: Vec<(&str, String)> = files
            .into_iter()
            .map(|(n, b)| (n, String::from_utf8_lossy(b).into_owned()))
            .collect();
        let text = |name: &str| files.iter().find(|(n, _)| *n == name).map(|(_, t)| t);
        if let Some(h) = text("Card.hpp") {
            return Some(if h.contains("SUIT_SPADES") {
                Family::StringSuits
            } else {
                Family::EnumHpp
            });
        }
        if let Some(h) = text("Card.h") {
            return Some(if h.contains("SUIT_SPADES") {
                Family::StringSuits
            } else {
                Family::EnumH
            });
        }
        let sources: Vec<&String> = files
            .iter()
            .filter(|(n, _)| n.ends_with(".cpp"))
            .map(|(_, t)| t)
            .collect();
        let includes = |h: &str| sources.iter().any(|t| t.contains(&format!("\"{h}\"")));
        let strings = sources.iter().any(|t| t.contains("SUIT_SPADES"));
        if strings {
            Some(Family::StringSuits)
        } else if includes("Card.hpp") {
            Some(Family::EnumHpp)
        } else if includes("Card.h") {
            Some(Family::EnumH)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(files: &[(&str, &str)]) -> Option<Family> {
        Family::detect(files.iter().map(|(n, t)| (*n, t.as_bytes())))
    }

    #[test]
    fn each_family_is_told_from_its_header_or_else_its_sources() {
        assert_eq!(
            of(&[("Card.hpp", "enum Suit { SPADES };")]),
            Some(Family::EnumHpp)
        );
        assert_eq!(
            of(&[("Card.h", "enum Suit { SPADES };")]),
            Some(Family::EnumH)
        );
        let strings = "static constexpr const char* const SUIT_SPADES = \"Spades\";";
        assert_eq!(of(&[("Card.h", strings)]), Some(Family::StringSuits));
        // No header committed: the sources say.
        assert_eq!(
            of(&[("Card.cpp", "#include \"Card.hpp\"\n")]),
            Some(Family::EnumHpp)
        );
        assert_eq!(
            of(&[("Card.cpp", "#include \"Card.h\"\n")]),
            Some(Family::EnumH)
        );
        assert_eq!(
            of(&[("Card.cpp", "#include \"Card.h\"\nCard::SUIT_SPADES")]),
            Some(Family::StringSuits)
        );
        assert_eq!(of(&[("notes.txt", "")]), None);
    }
}
