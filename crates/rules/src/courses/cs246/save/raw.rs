//! CS 246 save files (spec section 3), read as white-space separated tokens.
//! Grammar: grammar/cs246-save.ebnf. Semantic checks (a card in two places,
//! impossible counts) are in `courses::cs246::save`.

use nom::bytes::complete::take_till1;
use nom::character::complete::multispace0;
use nom::sequence::preceded;
use nom::{IResult, Parser};

use upcard_engine::cards::{Card, Suit};
use upcard_engine::{Phase, Seat};
use upcard_parse::ParseError;

/// A save file as written, before its cards are checked against each other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawSave {
    pub scores: [u32; 2],
    pub dealer: Seat,
    pub next: Seat,
    /// Trump, who called it, and whether they went alone.
    pub trump: Option<(Suit, Seat, bool)>,
    pub seed: i64,
    pub deck: Vec<Located<Card>>,
    pub hands: [Vec<Located<Card>>; 4],
    pub taken: [Vec<Located<Card>>; 4],
    /// upcard's extension line, if present.
    pub ext: Option<RawExt>,
}

/// The optional last line upcard writes so a save taken at any moment
/// continues exactly (docs/cs246-rules.md, "Save files at any moment").
/// Course programs stop reading before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawExt {
    /// Offset of the `upcard` keyword.
    pub at: usize,
    pub hand_no: u32,
    /// Shuffles drawn from the seed so far.
    pub shuffles: u64,
    pub phase: Phase,
    /// Cards on the table, in playing order.
    pub table: Vec<(Seat, Located<Card>)>,
    /// Seats whose human rage quit.
    pub replaced: Vec<Seat>,
}

/// A value and the byte offset it was read at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Located<T> {
    pub value: T,
    pub at: usize,
}

fn token(i: &str) -> IResult<&str, &str> {
    preceded(multispace0, take_till1(char::is_whitespace)).parse(i)
}

pub struct Reader<'a> {
    file: &'a str,
    text: &'a str,
    rest: &'a str,
}

impl<'a> Reader<'a> {
    pub fn new(file: &'a str, text: &'a str) -> Self {
        Reader {
            file,
            text,
            rest: text,
        }
    }

    pub fn error_at(&self, at: usize, message: String) -> ParseError {
        ParseError::at(self.file, self.text, at, message)
    }

    /// Consumes the next token; returns it with its byte offset in the file.
    fn take(&mut self) -> Option<(&'a str, usize)> {
        let (rest, t) = token(self.rest).ok()?;
        self.rest = rest;
        Some((t, self.text.len() - rest.len() - t.len()))
    }

    /// The next token and its offset; at the end, an error saying what was expected.
    fn next(&mut self, expected: &str) -> Result<(&'a str, usize), ParseError> {
        self.take().ok_or_else(|| {
            let at = self.text.trim_end().len();
            self.error_at(
                at,
                format!("expected {expected}, found the end of the file"),
            )
        })
    }

    fn number<T: std::str::FromStr>(&mut self, expected: &str) -> Result<(T, usize), ParseError> {
        let (t, at) = self.next(expected)?;
        t.parse()
            .map(|v| (v, at))
            .map_err(|_| self.error_at(at, format!("expected {expected}, found {t:?}")))
    }

    fn seat(&mut self, what: &str) -> Result<Seat, ParseError> {
        let expected = format!("{what} (a player id 0 to 3)");
        let (t, at) = self.next(&expected)?;
        match t.parse::<Seat>() {
            Ok(s) if s < 4 => Ok(s),
            _ => Err(self.error_at(at, format!("expected {expected}, found {t:?}"))),
        }
    }

    fn card(&mut self, what: &str) -> Result<Located<Card>, ParseError> {
        let (t, at) = self.next(what)?;
        match Card::parse_short(t) {
            Some(value) => Ok(Located { value, at }),
            None => Err(self.error_at(
                at,
                format!("expected {what} (a card like 9H or JD), found {t:?}"),
            )),
        }
    }

    /// "N c1 .. cN" with N at most `max`.
    fn cards(&mut self, what: &str, max: usize) -> Result<Vec<Located<Card>>, ParseError> {
        let (n, at) = self.number::<usize>(&format!("the number of cards in {what}"))?;
        if n > max {
            return Err(self.error_at(
                at,
                format!("{what} can hold at most {max} cards, found {n}"),
            ));
        }
        (0..n)
            .map(|_| self.card(&format!("a card of {what}")))
            .collect()
    }

    /// Consumes `word` or says it was expected.
    fn keyword(&mut self, word: &str) -> Result<usize, ParseError> {
        let (t, at) = self.next(&format!("{word:?}"))?;
        if t == word {
            Ok(at)
        } else {
            Err(self.error_at(at, format!("expected {word:?}, found {t:?}")))
        }
    }

    /// The phase in upcard's extension line: `start`, `bidding ROUND SEAT
    /// PASSES`, `discard`, `trick SEAT TURNS`, `handover` or `over`.
    fn phase(&mut self) -> Result<Phase, ParseError> {
        let (kind, kat) =
            self.next("a phase (start, bidding, discard, trick, handover or over)")?;
        Ok(match kind {
            "start" => Phase::StartHand,
            "bidding" => {
                let (round, rat) = self.number::<u8>("the bidding round (1 or 2)")?;
                if !(1..=2).contains(&round) {
                    return Err(self.error_at(
                        rat,
                        format!("expected the bidding round (1 or 2), found {round}"),
                    ));
                }
                let turn = self.seat("the bidder")?;
                let (passes, pat) = self.number::<u8>("the passes so far (0 to 3)")?;
                if passes > 3 {
                    return Err(self.error_at(
                        pat,
                        format!("expected the passes so far (0 to 3), found {passes}"),
                    ));
                }
                Phase::Bidding {
                    round,
                    turn,
                    passes,
                }
            }
            "discard" => Phase::Discard,
            "trick" => {
                let turn = self.seat("the player to play")?;
                let (turns, tat) = self.number::<u8>("the turns taken in this trick (0 to 3)")?;
                if turns > 3 {
                    return Err(self.error_at(
                        tat,
                        format!("expected the turns taken in this trick (0 to 3), found {turns}"),
                    ));
                }
                Phase::Trick { turn, turns }
            }
            "handover" => Phase::HandOver,
            "over" => Phase::Over,
            _ => {
                return Err(self.error_at(
                    kat,
                    format!("expected a phase (start, bidding, discard, trick, handover or over), found {kind:?}"),
                ));
            }
        })
    }

    /// upcard's extension line: `upcard hand N shuffles N phase ... table K (seat card)* replaced K seat*`.
    fn ext(&mut self) -> Result<Option<RawExt>, ParseError> {
        let save = self.rest;
        match self.take() {
            Some(("upcard", at)) => {
                self.keyword("hand")?;
                let hand_no = self.number::<u32>("the hand number")?.0;
                self.keyword("shuffles")?;
                let shuffles = self.number::<u64>("the number of shuffles")?.0;
                self.keyword("phase")?;
                let phase = self.phase()?;
                self.keyword("table")?;
                let (n, nat) = self.number::<usize>("the number of cards on the table")?;
                if n > 3 {
                    return Err(self.error_at(
                        nat,
                        format!("the table holds at most 3 cards between turns, found {n}"),
                    ));
                }
                let mut table = Vec::with_capacity(n);
                for _ in 0..n {
                    let seat = self.seat("the player of a card on the table")?;
                    table.push((seat, self.card("a card on the table")?));
                }
                self.keyword("replaced")?;
                let (n, nat) = self.number::<usize>("the number of replaced players")?;
                if n > 4 {
                    return Err(
                        self.error_at(nat, format!("at most 4 players can be replaced, found {n}"))
                    );
                }
                let replaced = (0..n)
                    .map(|_| self.seat("a replaced player"))
                    .collect::<Result<_, _>>()?;
                Ok(Some(RawExt {
                    at,
                    hand_no,
                    shuffles,
                    phase,
                    table,
                    replaced,
                }))
            }
            _ => {
                self.rest = save;
                Ok(None)
            }
        }
    }

    fn end(&mut self) -> Result<(), ParseError> {
        match self.take() {
            Some((t, at)) => Err(self.error_at(
                at,
                format!("unexpected {t:?} after the last player's tricks"),
            )),
            None => Ok(()),
        }
    }
}

/// Reads the tokens of a save file. Card-level consistency is checked later.
pub fn parse_save(file: &str, text: &str) -> Result<RawSave, ParseError> {
    let mut r = Reader::new(file, text);
    let s0 = r.number::<u32>("team 0-2's score")?.0;
    let s1 = r.number::<u32>("team 1-3's score")?.0;
    let dealer = r.seat("the dealer")?;
    let next = r.seat("the next player")?;
    let (t, at) = r.next("the trump suit (?, H, D, S or C)")?;
    let trump = match t {
        "?" => None,
        _ => {
            let suit = (t.len() == 1)
                .then(|| Suit::from_letter(t.chars().next().expect("one char")))
                .flatten()
                .ok_or_else(|| {
                    r.error_at(
                        at,
                        format!("expected the trump suit (?, H, D, S or C), found {t:?}"),
                    )
                })?;
            let maker = r.seat("the player who called trump")?;
            let (a, at) = r.next("f or t (going alone)")?;
            let alone = match a {
                "f" => false,
                "t" => true,
                _ => {
                    return Err(
                        r.error_at(at, format!("expected f or t (going alone), found {a:?}"))
                    );
                }
            };
            Some((suit, maker, alone))
        }
    };
    let seed = r.number::<i64>("the seed (a whole number)")?.0;
    let deck = (0..24)
        .map(|_| r.card("a card of the deck"))
        .collect::<Result<_, _>>()?;
    let mut hands: [Vec<Located<Card>>; 4] = Default::default();
    let mut taken: [Vec<Located<Card>>; 4] = Default::default();
    for p in 0..4 {
        hands[p] = r.cards(&format!("player {p}'s hand"), 5)?;
        taken[p] = r.cards(&format!("player {p}'s tricks"), 20)?;
    }
    let ext = r.ext()?;
    r.end()?;
    Ok(RawSave {
        scores: [s0, s1],
        dealer,
        next,
        trump,
        seed,
        deck,
        hands,
        taken,
        ext,
    })
}
