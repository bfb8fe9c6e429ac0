//! The tournament's report as a page of its own.

use upcard_parse::escape::{html, printable};

use super::Report;

impl Report {
    /// A page of its own: the leaderboard, then each faulting bot's faults.
    pub fn html(&self) -> String {
        let mut rows = String::new();
        for (k, s) in self.standings.iter().enumerate() {
            let times = if self.timings {
                let [m, p] = s.times_ms();
                format!("<td>{m:.3}</td><td>{p:.3}</td>")
            } else {
                String::new()
            };
            rows.push_str(&format!(
                "<tr><td>{}</td><td>{}</td><td>{:.0}</td><td>{:.0}–{:.0}</td><td>{}</td><td>{}</td><td>{:.1}%</td><td>{:.3}</td><td>{}</td>{times}</tr>\n",
                k + 1,
                html(&s.name),
                s.rating,
                s.ci95[0],
                s.ci95[1],
                s.games,
                s.won,
                Self::win_rate(s) * 100.0,
                s.points_per_hand(),
                s.faults.len()
            ));
        }
        let mut faults = String::new();
        for s in self.standings.iter().filter(|s| !s.faults.is_empty()) {
            faults.push_str(&format!(
                "<section><h2>{}</h2><p>{}</p><ul>\n",
                html(&s.name),
                html(&self.fault_line(s))
            ));
            for l in Self::fault_lines(s) {
                faults.push_str(&format!("<li>{}</li>\n", html(&l)));
            }
            faults.push_str("</ul>\n");
            if let Some(e) = &s.stderr {
                faults.push_str(&format!(
                    "<p>Its standard error, last lines:</p><pre>{}</pre>\n",
                    html(&printable(e))
                ));
            }
            faults.push_str("</section>\n");
        }
        let head_times = if self.timings {
            "<th>decision ms (median)</th><th>p99</th>"
        } else {
            ""
        };
        format!(
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>upcard tournament</title>\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><style>{STYLE}</style></head><body>\n\
             <h1>upcard tournament</h1>\n<p>{}</p>\n<table id=\"standings\"><thead><tr><th>rank</th><th>bot</th><th>rating</th><th>95% CI</th>\
             <th>games</th><th>won</th><th>win %</th><th>points per hand</th><th>faults</th>{head_times}</tr></thead><tbody>\n{rows}</tbody></table>\n\
             <p class=\"how\">Ratings: Bradley–Terry on the Elo scale (mean 1500), 95% intervals from the likelihood's curvature. A game in which one bot's program faulted counts as lost by it.</p>\n{faults}</body></html>\n",
            html(&self.heading()),
        )
    }
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:1.5em;max-width:60em}\
table{border-collapse:collapse}th,td{padding:.3em .7em;border-bottom:1px solid #ddd;text-align:right}\
th:nth-child(2),td:nth-child(2){text-align:left}pre{background:#f6f6f6;padding:.7em;overflow-x:auto}\
.how{color:#555;font-size:.9em}";
