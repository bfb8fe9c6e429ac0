//! House rules: named options of the standard game (docs/house-rules.md),
//! in one registry. Each rule is a variant and one row of
//! [`HouseRule::row`]: its name, its values, a line about it, how it sets
//! and reads the engine's `Config` (the one place it meets the engine), and
//! the Euchre Game Notation field it is written as, if any. Parsing (`--house
//! NAME=VALUE`, TOML files, scenarios, saves), `hello`, `--list-house-rules`,
//! EGN reading and writing and the tests take the rules from here.

use serde_json::{Map, Value};
use upcard_engine::{AllPass, Config, DealPattern, LonerLead};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum HouseRule {
    StickTheDealer,
    PointsToWin,
    DealPattern,
    GoingAlone,
    CanadianLoner,
    DefendAlone,
    LoneMarchPoints,
    FarmersHand,
    DiscardUpcard,
    LonerLead,
    LonerEuchredPoints,
    Deals,
    FastBreak,
}

/// One rule's row of the registry.
pub struct Row {
    /// Its name everywhere: `--house NAME=VALUE`, TOML, scenarios, `hello`.
    pub name: &'static str,
    /// The values it takes, as messages say them.
    pub values: &'static str,
    /// What it changes, in a line (`--list-house-rules`).
    pub about: &'static str,
    /// Sets the engine's setting from one of its values; None: not one.
    set: fn(&mut Config, &str) -> Option<()>,
    /// Its value in a configuration, as `set` takes it.
    get: fn(&Config) -> String,
    /// The field of Euchre Game Notation's `ruleset` it is, if any.
    pub egn: Option<Egn>,
}

/// A rule's value as a record's ruleset gives it (see [`Egn::read`]).
pub type Read = Result<Option<String>, &'static str>;

/// How a house rule is read from and written to a record's `ruleset`.
#[derive(Clone, Copy)]
pub struct Egn {
    pub field: &'static str,
    /// The rule's value for a record's ruleset (the whole object: a field's
    /// meaning may hang on another's). Ok(None): the record leaves the rule
    /// as the standard game has it; Err: a value upcard does not play, why.
    pub read: fn(&Map<String, Value>) -> Read,
    /// The field's value for a configuration; None: the field is not written.
    pub write: fn(&Config) -> Option<Value>,
}

/// `on`/`off` (or true/false, yes/no) as a switch.
fn switch(value: &str) -> Option<bool> {
    match value {
        "on" | "true" | "yes" => Some(true),
        "off" | "false" | "no" => Some(false),
        _ => None,
    }
}

/// A number from 1 to `max`.
fn number(value: &str, max: u32) -> Option<u32> {
    value.parse::<u32>().ok().filter(|n| (1..=max).contains(n))
}

fn on(b: bool) -> String {
    if b { "on" } else { "off" }.to_string()
}

/// A record's boolean field as a switch's value.
fn egn_switch(r: &Map<String, Value>, field: &str) -> Option<String> {
    r.get(field).and_then(Value::as_bool).map(on)
}

/// A record's whole-number field.
fn egn_number(r: &Map<String, Value>, field: &str) -> Option<i64> {
    r.get(field).and_then(Value::as_i64)
}

impl HouseRule {
    pub const ALL: [HouseRule; 13] = [
        HouseRule::StickTheDealer,
        HouseRule::PointsToWin,
        HouseRule::DealPattern,
        HouseRule::GoingAlone,
        HouseRule::CanadianLoner,
        HouseRule::DefendAlone,
        HouseRule::LoneMarchPoints,
        HouseRule::FarmersHand,
        HouseRule::DiscardUpcard,
        HouseRule::LonerLead,
        HouseRule::LonerEuchredPoints,
        HouseRule::Deals,
        HouseRule::FastBreak,
    ];

    /// The registry: each rule's row (the `const`s below). A new rule is a
    /// variant, its row, its setting in the engine's `Config` and where the
    /// engine reads it.
    pub fn row(self) -> &'static Row {
        match self {
            HouseRule::StickTheDealer => &STICK_THE_DEALER,
            HouseRule::PointsToWin => &POINTS_TO_WIN,
            HouseRule::DealPattern => &DEAL_PATTERN,
            HouseRule::GoingAlone => &GOING_ALONE,
            HouseRule::CanadianLoner => &CANADIAN_LONER,
            HouseRule::DefendAlone => &DEFEND_ALONE,
            HouseRule::LoneMarchPoints => &LONE_MARCH_POINTS,
            HouseRule::FarmersHand => &FARMERS_HAND,
            HouseRule::DiscardUpcard => &DISCARD_UPCARD,
            HouseRule::LonerLead => &LONER_LEAD,
            HouseRule::LonerEuchredPoints => &LONER_EUCHRED_POINTS,
            HouseRule::Deals => &DEALS,
            HouseRule::FastBreak => &FAST_BREAK,
        }
    }

    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// The values it takes, as said in messages.
    pub fn values(self) -> &'static str {
        self.row().values
    }

    /// What it changes, in a line.
    pub fn about(self) -> &'static str {
        self.row().about
    }

    pub fn find(name: &str) -> Option<HouseRule> {
        HouseRule::ALL.into_iter().find(|r| r.name() == name)
    }

    /// Sets the engine's setting for this rule: the one place a house rule
    /// meets the engine.
    pub fn set(self, c: &mut Config, value: &str) -> Result<(), String> {
        (self.row().set)(c, value).ok_or_else(|| {
            format!(
                "house rule {} takes {}, not {value:?}",
                self.name(),
                self.values()
            )
        })
    }

    /// The rule's value in `c`, as `set` takes it.
    pub fn get(self, c: &Config) -> String {
        (self.row().get)(c)
    }
}

const STICK_THE_DEALER: Row = Row {
    name: "stick-the-dealer",
    values: "on or off",
    about: "in round two the dealer may not pass and must name a suit",
    set: |c, v| {
        c.all_pass = if switch(v)? {
            AllPass::ScrewTheDealer
        } else {
            AllPass::Nullify
        };
        Some(())
    },
    get: |c| on(c.all_pass == AllPass::ScrewTheDealer),
    // `std` (standard): stick the dealer, the notation's default.
    egn: Some(Egn {
        field: "std",
        read: |r| Ok(Some(egn_switch(r, "std").unwrap_or_else(|| on(true)))),
        write: |c| Some(Value::Bool(c.all_pass == AllPass::ScrewTheDealer)),
    }),
};

const POINTS_TO_WIN: Row = Row {
    name: "points-to-win",
    values: "a number from 1 to 100, or none (with deals)",
    about: "the score that wins the game; none: only the deals end it",
    // No target: a game of a fixed number of deals (`check`).
    set: |c, v| {
        c.points_to_win = if v == "none" {
            NO_TARGET
        } else {
            number(v, 100)?
        };
        Some(())
    },
    get: |c| match c.points_to_win {
        NO_TARGET => "none".into(),
        n => n.to_string(),
    },
    // With no winning score (0, or none given beside num_deals,
    // as the notation's fixed-deal games are written) the deals
    // alone end the game.
    egn: Some(Egn {
        field: "winning_score",
        read: |r| {
            let deals = egn_number(r, "num_deals").filter(|&n| n != 0);
            match (egn_number(r, "winning_score"), deals) {
                (Some(0), None) => Err("a game with no winning score and no number of deals"),
                (Some(0) | None, Some(_)) => Ok(Some("none".into())),
                (n, _) => Ok(n.map(|n| n.to_string())),
            }
        },
        // The schema allows one limit: a fixed-deal game is
        // written with its deals (a target beside them is
        // checked by reading back).
        write: |c| (c.deals == 0).then(|| Value::from(c.points_to_win)),
    }),
};

const DEAL_PATTERN: Row = Row {
    name: "deal-pattern",
    values: "3-2 or 2-3",
    about: "3-2: the deal's first round gives 3, 2, 3, 2 cards from the dealer's left; 2-3: 2, 3, 2, 3",
    set: |c, v| {
        c.deal = match v {
            "3-2" => DealPattern::Batches32,
            "2-3" => DealPattern::Batches23,
            _ => return None,
        };
        Some(())
    },
    get: |c| match c.deal {
        DealPattern::Batches23 => "2-3".into(),
        _ => "3-2".into(),
    },
    egn: None,
};

const GOING_ALONE: Row = Row {
    name: "going-alone",
    values: "on or off",
    about: "off: no one may go alone",
    set: |c, v| {
        c.allow_alone = switch(v)?;
        Some(())
    },
    get: |c| on(c.allow_alone),
    egn: None,
};

const CANADIAN_LONER: Row = Row {
    name: "canadian-loner",
    values: "on, off or must-alone",
    about: "on: ordering up one's partner, the dealer, may not be done alone; must-alone: it is always done alone",
    // The two readings of "Canadian loner": ordering up one's
    // partner may not be done alone (on), or must be (must-alone,
    // Euchre Game Notation's `canadian`).
    set: |c, v| {
        let must = v == "must-alone";
        c.canadian_loner = !must && switch(v)?;
        c.ordering_partner_is_alone = must;
        Some(())
    },
    get: |c| {
        if c.ordering_partner_is_alone {
            "must-alone".into()
        } else {
            on(c.canadian_loner)
        }
    },
    // The notation's reading: the dealer's partner who orders up plays alone.
    egn: Some(Egn {
        field: "canadian",
        read: |r| {
            Ok(r.get("canadian")
                .and_then(Value::as_bool)
                .map(|b| if b { "must-alone" } else { "off" }.to_string()))
        },
        write: |c| Some(Value::Bool(c.ordering_partner_is_alone)),
    }),
};

const DEFEND_ALONE: Row = Row {
    name: "defend-alone",
    values: "on or off",
    about: "against a lone maker, each defender in turn may defend alone; a lone defender's euchre scores 4",
    set: |c, v| {
        c.defend_alone = switch(v)?;
        Some(())
    },
    get: |c| on(c.defend_alone),
    egn: Some(Egn {
        field: "defend_alone",
        read: |r| Ok(egn_switch(r, "defend_alone")),
        write: |c| Some(Value::Bool(c.defend_alone)),
    }),
};

const LONE_MARCH_POINTS: Row = Row {
    name: "lone-march-points",
    values: "a number from 1 to 10",
    about: "the points of a lone hand that takes all five tricks",
    set: |c, v| {
        c.scoring.lone_march_points = number(v, 10)?;
        Some(())
    },
    get: |c| c.scoring.lone_march_points.to_string(),
    egn: Some(Egn {
        field: "loner_march_score",
        read: |r| Ok(egn_number(r, "loner_march_score").map(|n| n.to_string())),
        write: |c| Some(Value::from(c.scoring.lone_march_points)),
    }),
};

const FARMERS_HAND: Row = Row {
    name: "farmers-hand",
    values: "on or off",
    about: "a player dealt only nines and tens may throw the hand in on their first turn to bid",
    set: |c, v| {
        c.farmers_hand = switch(v)?;
        Some(())
    },
    get: |c| on(c.farmers_hand),
    // The notation's `farmers` is another rule (three or more
    // nines and tens): it is refused, not read as this one.
    egn: None,
};

const DISCARD_UPCARD: Row = Row {
    name: "discard-upcard",
    values: "on or off",
    about: "off: the dealer who picks up keeps the upcard and discards a card it held",
    set: |c, v| {
        c.discard_upcard = switch(v)?;
        Some(())
    },
    get: |c| on(c.discard_upcard),
    egn: None,
};

const LONER_LEAD: Row = Row {
    name: "loner-lead",
    values: "left-of-dealer or left-of-loner",
    about: "who leads against a lone hand: the first active player left of the dealer, or the loner's left",
    set: |c, v| {
        c.loner_lead = match v {
            "left-of-dealer" => LonerLead::NextActive,
            "left-of-loner" => LonerLead::LeftOfLoner,
            _ => return None,
        };
        Some(())
    },
    get: |c| match c.loner_lead {
        LonerLead::LeftOfLoner => "left-of-loner".into(),
        _ => "left-of-dealer".into(),
    },
    egn: Some(Egn {
        field: "loner_lead",
        read: |r| {
            Ok(r.get("loner_lead").and_then(Value::as_str).map(|lead| {
                match lead {
                    "LEFT_OF_LONER" => "left-of-loner",
                    _ => "left-of-dealer",
                }
                .to_string()
            }))
        },
        write: |c| {
            Some(Value::from(match c.loner_lead {
                LonerLead::LeftOfLoner => "LEFT_OF_LONER",
                _ => "LEFT_OF_DEALER",
            }))
        },
    }),
};

const LONER_EUCHRED_POINTS: Row = Row {
    name: "loner-euchred-points",
    values: "a number from 1 to 10",
    about: "the points the defenders score for euchring a lone hand",
    set: |c, v| {
        c.scoring.loner_euchred_points = number(v, 10)?;
        Some(())
    },
    get: |c| c.scoring.loner_euchred_points.to_string(),
    egn: Some(Egn {
        field: "loner_euchred_score",
        read: |r| Ok(egn_number(r, "loner_euchred_score").map(|n| n.to_string())),
        write: |c| Some(Value::from(c.scoring.loner_euchred_points)),
    }),
};

const DEALS: Row = Row {
    name: "deals",
    values: "a number from 1 to 100, or off",
    about: "a game of this many deals: then the team ahead wins",
    set: |c, v| {
        c.deals = if v == "off" || v == "0" {
            0
        } else {
            number(v, 100)?
        };
        Some(())
    },
    get: |c| match c.deals {
        0 => "off".into(),
        n => n.to_string(),
    },
    egn: Some(Egn {
        field: "num_deals",
        read: |r| {
            Ok(egn_number(r, "num_deals")
                .filter(|&n| n != 0)
                .map(|n| n.to_string()))
        },
        write: |c| (c.deals > 0).then(|| Value::from(c.deals)),
    }),
};

const FAST_BREAK: Row = Row {
    name: "fast-break",
    values: "on or off",
    about: "makers who lose the first two tricks and take the last three score nothing",
    set: |c, v| {
        c.scoring.fast_break = switch(v)?;
        Some(())
    },
    get: |c| on(c.scoring.fast_break),
    // Written only when on: records of other games stay as they were.
    egn: Some(Egn {
        field: "fast_break",
        read: |r| Ok(egn_switch(r, "fast_break")),
        write: |c| c.scoring.fast_break.then_some(Value::Bool(true)),
    }),
};

/// `points-to-win = none`: a score no game reaches.
pub const NO_TARGET: u32 = u32::MAX;

/// The rules together: a game must end, by a target score or a number of deals.
pub fn check(c: &Config) -> Result<(), String> {
    if c.points_to_win == NO_TARGET && c.deals == 0 {
        return Err("points-to-win = none needs deals = N: a game ends by a score or after a number of deals".into());
    }
    Ok(())
}

/// Every house rule by name with its value in `c`, as `hello` and reports
/// name them.
pub fn values(c: &Config) -> std::collections::BTreeMap<String, String> {
    HouseRule::ALL
        .iter()
        .map(|r| (r.name().to_string(), r.get(c)))
        .collect()
}

/// The house rules whose value in `c` is not the standard game's, with
/// those values, in the table's order.
pub fn changed(c: &Config) -> Vec<(HouseRule, String)> {
    let standard = crate::courses::standard::config();
    HouseRule::ALL
        .iter()
        .filter(|r| r.get(c) != r.get(&standard))
        .map(|&r| (r, r.get(c)))
        .collect()
}

/// Every house rule's name, for messages.
pub fn names() -> String {
    HouseRule::ALL
        .iter()
        .map(|r| r.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Applies `NAME=VALUE` to `c`.
pub fn apply(c: &mut Config, setting: &str) -> Result<(), String> {
    let (name, value) = setting
        .split_once('=')
        .ok_or_else(|| format!("{setting:?} is not NAME=VALUE (house rules: {})", names()))?;
    let rule = HouseRule::find(name.trim()).ok_or_else(|| {
        format!(
            "unknown house rule {:?}; the house rules are {}",
            name.trim(),
            names()
        )
    })?;
    rule.set(c, value.trim())
}

/// Applies a TOML house-rules file (`stick-the-dealer = true`, `points-to-win
/// = 5`, `deal-pattern = "2-3"`); errors name the file, line and column.
pub fn apply_toml(c: &mut Config, file: &str, text: &str) -> Result<(), String> {
    let at = |span: Option<std::ops::Range<usize>>| {
        let offset = span.map_or(0, |s| s.start).min(text.len());
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        format!("{file}:{line}:{col}")
    };
    let table: toml::Spanned<toml::Table> = toml::from_str(text).map_err(|e| {
        let message = e.message().to_string();
        format!("{}: {message}", at(e.span()))
    })?;
    // Spans of each key, to place a wrong name or value.
    let spans: toml::Spanned<
        std::collections::BTreeMap<toml::Spanned<String>, toml::Spanned<toml::Value>>,
    > = toml::from_str(text).map_err(|e| format!("{}: {}", at(e.span()), e.message()))?;
    let _ = table;
    for (key, value) in spans.get_ref() {
        let rule = HouseRule::find(key.get_ref()).ok_or_else(|| {
            format!(
                "{}: unknown house rule {:?}; the house rules are {}",
                at(Some(key.span())),
                key.get_ref(),
                names()
            )
        })?;
        let text_value = match value.get_ref() {
            toml::Value::Boolean(b) => if *b { "on" } else { "off" }.to_string(),
            toml::Value::Integer(i) => i.to_string(),
            toml::Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        rule.set(c, &text_value)
            .map_err(|e| format!("{}: {e}", at(Some(value.span()))))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::courses::standard::config;

    #[test]
    fn every_rule_reads_back_what_it_set() {
        let mut c = config();
        for (setting, rule, want) in [
            ("stick-the-dealer=on", HouseRule::StickTheDealer, "on"),
            ("points-to-win=5", HouseRule::PointsToWin, "5"),
            ("deal-pattern=2-3", HouseRule::DealPattern, "2-3"),
            ("going-alone=off", HouseRule::GoingAlone, "off"),
            ("canadian-loner=on", HouseRule::CanadianLoner, "on"),
            ("defend-alone=on", HouseRule::DefendAlone, "on"),
            ("lone-march-points=6", HouseRule::LoneMarchPoints, "6"),
            ("farmers-hand=on", HouseRule::FarmersHand, "on"),
            ("discard-upcard=off", HouseRule::DiscardUpcard, "off"),
            (
                "loner-lead=left-of-loner",
                HouseRule::LonerLead,
                "left-of-loner",
            ),
            (
                "loner-lead=left-of-dealer",
                HouseRule::LonerLead,
                "left-of-dealer",
            ),
            ("loner-euchred-points=4", HouseRule::LonerEuchredPoints, "4"),
        ] {
            apply(&mut c, setting).unwrap();
            assert_eq!(rule.get(&c), want, "{setting}");
        }
    }

    /// Every rule of the registry takes back the value it reads, and each
    /// reads its own setting: its standard value set leaves the game as it was.
    #[test]
    fn every_rule_takes_its_standard_value_back() {
        for rule in HouseRule::ALL {
            let mut c = config();
            rule.set(&mut c, &rule.get(&config())).unwrap();
            assert_eq!(c, config(), "{}", rule.name());
            assert_eq!(HouseRule::find(rule.name()), Some(rule));
            assert!(!rule.about().is_empty() && !rule.values().is_empty());
        }
    }

    #[test]
    fn a_wrong_name_or_value_is_refused_with_the_valid_ones() {
        let mut c = config();
        assert_eq!(
            apply(&mut c, "stick-dealer=on").unwrap_err(),
            format!(
                "unknown house rule \"stick-dealer\"; the house rules are {}",
                names()
            )
        );
        assert_eq!(
            apply(&mut c, "loner-lead=right").unwrap_err(),
            "house rule loner-lead takes left-of-dealer or left-of-loner, not \"right\""
        );
        assert_eq!(
            apply(&mut c, "deal-pattern=4-1").unwrap_err(),
            "house rule deal-pattern takes 3-2 or 2-3, not \"4-1\""
        );
        assert_eq!(
            apply(&mut c, "points-to-win=0").unwrap_err(),
            "house rule points-to-win takes a number from 1 to 100, or none (with deals), not \"0\""
        );
        assert_eq!(config(), {
            let mut fresh = config();
            fresh.points_to_win = 10;
            fresh
        });
    }

    #[test]
    fn a_toml_file_sets_rules_and_its_errors_have_a_place() {
        let mut c = config();
        apply_toml(
            &mut c,
            "h.toml",
            "stick-the-dealer = true\npoints-to-win = 5\ndeal-pattern = \"2-3\"\n",
        )
        .unwrap();
        assert_eq!(c.all_pass, AllPass::ScrewTheDealer);
        assert_eq!((c.points_to_win, c.deal), (5, DealPattern::Batches23));
        assert_eq!(
            apply_toml(&mut c, "h.toml", "going-alone = true\nfarmer = true\n").unwrap_err(),
            format!(
                "h.toml:2:1: unknown house rule \"farmer\"; the house rules are {}",
                names()
            )
        );
        assert_eq!(
            apply_toml(&mut c, "h.toml", "\npoints-to-win = 500\n").unwrap_err(),
            "h.toml:2:17: house rule points-to-win takes a number from 1 to 100, or none (with deals), not \"500\""
        );
        assert!(
            apply_toml(&mut c, "h.toml", "going-alone = \n")
                .unwrap_err()
                .starts_with("h.toml:1:"),
        );
    }
}
