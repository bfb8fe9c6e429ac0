//! House rules: named options of the standard game (docs/house-rules.md).
//! Each is one variant here and one engine knob it sets (`HouseRule::set`);
//! they come from `--house NAME=VALUE`, a TOML file, a scenario or a save.

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
}

impl HouseRule {
    pub const ALL: [HouseRule; 12] = [
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
    ];

    pub fn name(self) -> &'static str {
        match self {
            HouseRule::StickTheDealer => "stick-the-dealer",
            HouseRule::PointsToWin => "points-to-win",
            HouseRule::DealPattern => "deal-pattern",
            HouseRule::GoingAlone => "going-alone",
            HouseRule::CanadianLoner => "canadian-loner",
            HouseRule::DefendAlone => "defend-alone",
            HouseRule::LoneMarchPoints => "lone-march-points",
            HouseRule::FarmersHand => "farmers-hand",
            HouseRule::DiscardUpcard => "discard-upcard",
            HouseRule::LonerLead => "loner-lead",
            HouseRule::LonerEuchredPoints => "loner-euchred-points",
            HouseRule::Deals => "deals",
        }
    }

    /// The values it takes, as said in messages.
    pub fn values(self) -> &'static str {
        match self {
            HouseRule::PointsToWin => "a number from 1 to 100, or none (with deals)",
            HouseRule::Deals => "a number from 1 to 100, or off",
            HouseRule::LoneMarchPoints | HouseRule::LonerEuchredPoints => "a number from 1 to 10",
            HouseRule::DealPattern => "3-2 or 2-3",
            HouseRule::LonerLead => "left-of-dealer or left-of-loner",
            HouseRule::CanadianLoner => "on, off or must-alone",
            _ => "on or off",
        }
    }

    pub fn find(name: &str) -> Option<HouseRule> {
        HouseRule::ALL.into_iter().find(|r| r.name() == name)
    }

    /// Sets the engine's knob for this rule: the one place a house rule
    /// meets the engine.
    pub fn set(self, c: &mut Config, value: &str) -> Result<(), String> {
        let bad = || {
            format!(
                "house rule {} takes {}, not {value:?}",
                self.name(),
                self.values()
            )
        };
        let on = || match value {
            "on" | "true" | "yes" => Ok(true),
            "off" | "false" | "no" => Ok(false),
            _ => Err(bad()),
        };
        let number = |max: u32| {
            value
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=max).contains(n))
                .ok_or_else(bad)
        };
        match self {
            HouseRule::StickTheDealer => {
                c.all_pass = if on()? {
                    AllPass::ScrewTheDealer
                } else {
                    AllPass::Nullify
                }
            }
            // No target: a game of a fixed number of deals (`check`).
            HouseRule::PointsToWin if value == "none" => c.points_to_win = NO_TARGET,
            HouseRule::PointsToWin => c.points_to_win = number(100)?,
            HouseRule::Deals if value == "off" || value == "0" => c.deals = 0,
            HouseRule::Deals => c.deals = number(100)?,
            HouseRule::DealPattern => {
                c.deal = match value {
                    "3-2" => DealPattern::Batches32,
                    "2-3" => DealPattern::Batches23,
                    _ => return Err(bad()),
                }
            }
            HouseRule::GoingAlone => c.allow_alone = on()?,
            HouseRule::CanadianLoner => {
                // The two readings of "Canadian loner": ordering up one's
                // partner may not be done alone (on), or must be (must-alone,
                // Euchre Game Notation's `canadian`).
                let must = value == "must-alone";
                c.canadian_loner = !must && on()?;
                c.ordering_partner_is_alone = must;
            }
            HouseRule::DefendAlone => c.defend_alone = on()?,
            HouseRule::LoneMarchPoints => c.lone_march_points = number(10)?,
            HouseRule::LonerEuchredPoints => c.loner_euchred_points = number(10)?,
            HouseRule::FarmersHand => c.farmers_hand = on()?,
            HouseRule::DiscardUpcard => c.discard_upcard = on()?,
            HouseRule::LonerLead => {
                c.loner_lead = match value {
                    "left-of-dealer" => LonerLead::NextActive,
                    "left-of-loner" => LonerLead::LeftOfLoner,
                    _ => return Err(bad()),
                }
            }
        }
        Ok(())
    }

    /// The rule's value in `c`, as `set` takes it.
    pub fn get(self, c: &Config) -> String {
        let on = |b: bool| if b { "on" } else { "off" }.to_string();
        match self {
            HouseRule::StickTheDealer => on(c.all_pass == AllPass::ScrewTheDealer),
            HouseRule::PointsToWin if c.points_to_win == NO_TARGET => "none".into(),
            HouseRule::PointsToWin => c.points_to_win.to_string(),
            HouseRule::Deals if c.deals == 0 => "off".into(),
            HouseRule::Deals => c.deals.to_string(),
            HouseRule::DealPattern => match c.deal {
                DealPattern::Batches23 => "2-3".into(),
                _ => "3-2".into(),
            },
            HouseRule::GoingAlone => on(c.allow_alone),
            HouseRule::CanadianLoner if c.ordering_partner_is_alone => "must-alone".into(),
            HouseRule::CanadianLoner => on(c.canadian_loner),
            HouseRule::DefendAlone => on(c.defend_alone),
            HouseRule::LoneMarchPoints => c.lone_march_points.to_string(),
            HouseRule::LonerEuchredPoints => c.loner_euchred_points.to_string(),
            HouseRule::FarmersHand => on(c.farmers_hand),
            HouseRule::DiscardUpcard => on(c.discard_upcard),
            HouseRule::LonerLead => match c.loner_lead {
                LonerLead::LeftOfLoner => "left-of-loner".into(),
                _ => "left-of-dealer".into(),
            },
        }
    }
}

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

    #[test]
    fn a_wrong_name_or_value_is_refused_with_the_valid_ones() {
        let mut c = config();
        assert_eq!(
            apply(&mut c, "stick-dealer=on").unwrap_err(),
            "unknown house rule \"stick-dealer\"; the house rules are stick-the-dealer, \
             points-to-win, deal-pattern, going-alone, canadian-loner, defend-alone, \
             lone-march-points, farmers-hand, discard-upcard, loner-lead, \
             loner-euchred-points, deals"
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
            "h.toml:2:1: unknown house rule \"farmer\"; the house rules are stick-the-dealer, \
             points-to-win, deal-pattern, going-alone, canadian-loner, defend-alone, \
             lone-march-points, farmers-hand, discard-upcard, loner-lead, \
             loner-euchred-points, deals"
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
