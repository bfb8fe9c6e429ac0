//! EECS 280 pack files: 24 cards, "Nine of Spades", separated by white space.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_till1};
use nom::character::complete::{multispace0, multispace1};
use nom::combinator::value;
use nom::{IResult, Parser};

use upcard_engine::cards::{Card, Rank, Suit};
use upcard_parse::{ParseError, line_col};

fn rank(i: &str) -> IResult<&str, Rank> {
    alt((
        value(Rank::Nine, tag("Nine")),
        value(Rank::Ten, tag("Ten")),
        value(Rank::Jack, tag("Jack")),
        value(Rank::Queen, tag("Queen")),
        value(Rank::King, tag("King")),
        value(Rank::Ace, tag("Ace")),
    ))
    .parse(i)
}

fn suit(i: &str) -> IResult<&str, Suit> {
    alt((
        value(Suit::Spades, tag("Spades")),
        value(Suit::Hearts, tag("Hearts")),
        value(Suit::Clubs, tag("Clubs")),
        value(Suit::Diamonds, tag("Diamonds")),
    ))
    .parse(i)
}

/// A whole word: stops at white space, so "Nines" is not "Nine".
fn word<'a, T>(
    mut p: impl Parser<&'a str, Output = T, Error = nom::error::Error<&'a str>>,
) -> impl FnMut(&'a str) -> IResult<&'a str, T> {
    move |i: &'a str| {
        let (rest, w) = take_till1(char::is_whitespace)(i)?;
        let (left, v) = p.parse(w)?;
        if !left.is_empty() {
            return Err(nom::Err::Error(nom::error::Error::new(
                i,
                nom::error::ErrorKind::Tag,
            )));
        }
        Ok((rest, v))
    }
}

/// Parses a pack: exactly 24 distinct cards, in the file's order.
pub fn parse_pack(file: &str, text: &str) -> Result<[Card; 24], ParseError> {
    let err =
        |at: &str, message: String| ParseError::at(file, text, text.len() - at.len(), message);
    let mut cards: Vec<(Card, &str)> = Vec::with_capacity(24);
    let mut rest = multispace0::<&str, ()>(text).map_or(text, |(r, _)| r);
    while !rest.is_empty() {
        let at = rest;
        let shown = at.lines().next().unwrap_or("");
        let mut card = (
            word(rank),
            multispace1,
            word(tag("of")),
            multispace1,
            word(suit),
        );
        let (r, (rk, _, _, _, st)) =
            card.parse(at)
                .map_err(|_: nom::Err<nom::error::Error<&str>>| {
                    err(
                        at,
                        format!("expected a card like \"Nine of Spades\", found {shown:?}"),
                    )
                })?;
        let c = Card::new(rk, st);
        if let Some((_, first)) = cards.iter().find(|(x, _)| *x == c) {
            let (l, _) = line_col(text, text.len() - first.len());
            return Err(err(at, format!("duplicate card {c} (first on line {l})")));
        }
        if cards.len() == 24 {
            return Err(err(at, format!("more than 24 cards: extra card {c}")));
        }
        cards.push((c, at));
        rest = multispace0::<&str, ()>(r).map_or(r, |(r, _)| r);
    }
    if cards.len() != 24 {
        return Err(err(
            rest,
            format!("a pack has 24 cards, found {}", cards.len()),
        ));
    }
    let v: Vec<Card> = cards.into_iter().map(|(c, _)| c).collect();
    Ok(v.try_into().expect("24 cards"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use upcard_engine::cards::all_cards;

    fn pack_text() -> String {
        let mut v: Vec<Card> = all_cards().collect();
        v.sort_by_key(|c| (c.suit(), c.rank()));
        v.iter().map(|c| format!("{c}\n")).collect()
    }

    #[test]
    fn reads_24_cards_in_file_order() {
        let p = parse_pack("pack.in", &pack_text()).unwrap();
        assert_eq!(p[0], "9S".parse().unwrap());
        assert_eq!(p[23], "AD".parse().unwrap());
    }

    #[test]
    fn any_white_space_separates() {
        let t = pack_text()
            .replace('\n', "  \r\n")
            .replace(" of ", "\tof\n");
        assert_eq!(
            parse_pack("p", &t).unwrap(),
            parse_pack("p", &pack_text()).unwrap()
        );
    }

    #[test]
    fn bad_card_names_line_and_column() {
        let t = pack_text().replacen("Queen of Spades", "Queen of Spadez", 1);
        let e = parse_pack("pack.in", &t).unwrap_err();
        assert_eq!(
            e.to_string(),
            "pack.in:4:1: expected a card like \"Nine of Spades\", found \"Queen of Spadez\""
        );
    }

    #[test]
    fn duplicate_and_count_errors() {
        let t = pack_text().replacen("Ten of Spades", "Nine of Spades", 1);
        let e = parse_pack("p", &t).unwrap_err();
        assert_eq!(
            e.to_string(),
            "p:2:1: duplicate card Nine of Spades (first on line 1)"
        );
        let short: String = pack_text()
            .lines()
            .take(23)
            .map(|l| format!("{l}\n"))
            .collect();
        let e = parse_pack("p", &short).unwrap_err();
        assert_eq!(e.to_string(), "p:24:1: a pack has 24 cards, found 23");
        let long = format!("{}Nine of Spades\n", pack_text());
        let e = parse_pack("p", &long).unwrap_err();
        assert_eq!(
            e.to_string(),
            "p:25:1: duplicate card Nine of Spades (first on line 1)"
        );
        let e = parse_pack("p", "").unwrap_err();
        assert_eq!(e.to_string(), "p:1:1: a pack has 24 cards, found 0");
    }
}
