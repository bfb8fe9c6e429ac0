//! `upcard replay FILE --format html`: one self-contained page (inline CSS
//! and script, cards drawn in CSS, nothing fetched) that steps through the
//! game: the four hands around the table, the trick, trump, maker, dealer,
//! score and tricks, the lines each move printed and the rule behind it.

use serde_json::{Value, json};

use upcard_record::cards_text as cards;
use upcard_record::{Timeline, describe_move, note_text};

/// Texts that repeat (rules, printed lines) kept once; rows hold indices.
#[derive(Default)]
struct Strings {
    list: Vec<String>,
    index: std::collections::BTreeMap<String, usize>,
}

impl Strings {
    fn id(&mut self, s: &str) -> usize {
        if let Some(&i) = self.index.get(s) {
            return i;
        }
        self.list.push(s.to_string());
        self.index.insert(s.to_string(), self.list.len() - 1);
        self.list.len() - 1
    }
}

/// The moves as compact rows: [point, what, why, printed, hands, table,
/// trump, maker, alone, dealer, scores, tricks, upcard]. The hands are
/// written only when they change other than by the card just played (0:
/// as before, 1: as before less the card played), which keeps a 100-point
/// game's page small.
fn rows(t: &Timeline, strings: &mut Strings) -> Vec<Value> {
    let mut last = t.initial.hands;
    t.moves
        .iter()
        .map(|m| {
            let s = &m.state;
            let unknown = t.unknown.get(&s.hand_no).map_or(&[][..], |u| u.as_slice());
            let played = match &m.event {
                upcard_engine::Event::Led { seat, card }
                | upcard_engine::Event::Played { seat, card } => Some((*seat, *card)),
                _ => None,
            };
            let hands_cell = if s.hands == last {
                json!(0)
            } else if let Some((seat, card)) = played
                && {
                    let mut less = last;
                    less[seat].retain(|c| *c != card);
                    less == s.hands
                }
            {
                json!(1)
            } else {
                json!(
                    s.hands
                        .iter()
                        .map(|h| cards(h, unknown))
                        .collect::<Vec<_>>()
                        .join("|")
                )
            };
            last = s.hands;
            let table = s
                .trick
                .iter()
                .map(|(seat, c)| format!("{seat}{}", c.short()))
                .collect::<Vec<_>>()
                .join(" ");
            let mut row = json!([
                m.point.to_string(),
                strings.id(&describe_move(t, m)),
                strings.id(m.why.unwrap_or("")),
                strings.id(&String::from_utf8_lossy(&t.transcript[m.printed.clone()])),
                hands_cell,
                table,
                s.trump.map_or(String::new(), |x| x.letter().to_string()),
                s.maker.map_or(-1, |x| x as i64),
                u8::from(s.alone),
                s.dealer,
                s.scores,
                s.tricks,
                s.upcard.map_or(String::new(), |c| c.short().to_string()),
            ]);
            // "As before less the card played": which seat, which card.
            if row[4] == json!(1)
                && let (Some((seat, card)), Some(a)) = (played, row.as_array_mut())
            {
                a.push(json!(seat));
                a.push(json!(card.short().to_string()));
            }
            row
        })
        .collect()
}

/// The table's look, shared with the page of `upcard play --web` and
/// `serve --web`: seats around a green table, the trick in its middle with
/// each card on its player's side.
pub const TABLE_STYLE: &str = r#"
body{font-family:system-ui,sans-serif;background:#f4f4f0;color:#222}
#table{display:grid;grid-template-columns:1fr 1.3fr 1fr;grid-template-rows:auto auto auto;gap:.6em;max-width:60em;background:#1d6b3a;padding:1em;border-radius:1em;color:#fff}
.seat{background:rgba(0,0,0,.18);border-radius:.5em;padding:.5em;min-height:4.5em}
.seat.turn{outline:3px solid #ffd54a}
.at-top{grid-column:2;grid-row:1}.at-right{grid-column:3;grid-row:2}.at-bottom{grid-column:2;grid-row:3}.at-left{grid-column:1;grid-row:2}
#centre{grid-column:2;grid-row:2;text-align:center;min-height:7em}
.trick{display:grid;grid-template-columns:1fr 1fr 1fr;grid-template-rows:auto auto auto;align-items:center;justify-items:center;gap:.1em}
.trick .rel0{grid-column:2;grid-row:3}.trick .rel1{grid-column:1;grid-row:2}.trick .rel2{grid-column:2;grid-row:1}.trick .rel3{grid-column:3;grid-row:2}
.trick .who{font-size:.75em}
.card{display:inline-block;background:#fff;color:#111;border-radius:.3em;border:1px solid #999;padding:.25em .35em;margin:.12em;font-weight:600;min-width:1.8em;text-align:center}
.card.red{color:#c8102e}.card.back{background:repeating-linear-gradient(45deg,#245,#245 4px,#358 4px,#358 8px);color:transparent}
"#;

const STYLE: &str = r#"
body{margin:1em}
h1{font-size:1.2em}
#info{margin:.6em 0}
pre{background:#fff;border:1px solid #ccc;padding:.5em;max-width:60em;white-space:pre-wrap}
#controls{margin:.6em 0}
"#;

const SCRIPT: &str = r#"
const G=JSON.parse(document.getElementById('game').textContent);
const SYM={S:'\u2660',H:'\u2665',C:'\u2663',D:'\u2666'};
const NAMES={S:'Spades',H:'Hearts',C:'Clubs',D:'Diamonds'};
// A line of play: its rows with their strings, and the hands at each move.
function prepare(L){for(const m of L.moves){m[1]=G.strings[m[1]];m[2]=G.strings[m[2]];m[3]=G.strings[m[3]];}
 L.hands=[];let h=L.initial;for(const m of L.moves){
 if(m[4]===1){const hs=h.split('|');hs[m[13]]=hs[m[13]].split(' ').filter(c=>c!==m[14]).join(' ');h=hs.join('|');}
 else if(m[4]!==0)h=m[4];L.hands.push(h);}L.notes=L.notes||{};return L;}
const MAIN=prepare({moves:G.moves,initial:G.initial,notes:G.notes});
const LINES=(G.lines||[]).map(prepare);
let L=MAIN,M=MAIN.moves,line=-1;
let at=0;
function card(c,hidden){const s=document.createElement('span');
 if(hidden||c==='??'){s.className='card back';s.textContent='??';if(c==='??')s.title='not known to the record';return s;}
 s.className='card'+((c[1]=='H'||c[1]=='D')?' red':'');s.textContent=c[0].replace('T','10')+SYM[c[1]];s.dataset.card=c;return s;}
function show(i){at=Math.max(0,Math.min(M.length-1,i));const m=M[at];
 const view=document.getElementById('view').value;
 const hs=L.hands[at].split('|');const table={};for(const x of m[5].split(' ').filter(Boolean))table[x[0]]=x.slice(1);
 for(let s=0;s<4;s++){const el=document.getElementById('s'+s);el.innerHTML='';
  const n=document.createElement('div');n.className='name';
  n.textContent=G.names[s]+(m[9]==s?' (dealer)':'')+(m[7]==s?' (maker'+(m[8]?', alone':'')+')':'')+' \u00b7 tricks '+m[11][s];
  el.appendChild(n);const row=document.createElement('div');row.className='hand';
  const hidden=view!=='all'&&view!=String(s);
  for(const c of hs[s].split(' ').filter(Boolean))row.appendChild(card(c,hidden));
  el.appendChild(row);}
 const c=document.getElementById('centre');c.innerHTML='';
 const t=document.createElement('div');t.id='trump';
 t.textContent=m[6]?('trump '+NAMES[m[6]]+' '+SYM[m[6]]):(m[12]?'upcard':'');c.appendChild(t);
 if(!m[6]&&m[12])c.appendChild(card(m[12],false));
 // The trick in the middle, each card on its player's side (South below).
 const order=m[5].split(' ').filter(Boolean).map(x=>x[0]);
 if(order.length){const tr=document.createElement('div');tr.className='trick';
  for(const s of order){const w=document.createElement('div');w.className='played rel'+((+s+2)%4);w.dataset.seat=s;
   const who=document.createElement('div');who.className='who';who.textContent=G.names[s];
   w.append(who,card(table[s],false));tr.appendChild(w);}
  c.appendChild(tr);}
 document.getElementById('score').textContent=G.teams[0]+' '+m[10][0]+' \u00b7 '+G.teams[1]+' '+m[10][1];
 document.getElementById('what').textContent='move '+(at+1)+'/'+M.length+' at '+m[0]+': '+m[1];
 document.getElementById('why').textContent=m[2]?('why: '+m[2]):'';
 document.getElementById('printed').textContent=m[3];
 document.getElementById('notes').textContent=(L.notes[at]||[]).join('\n');
 // Into an alternative line where one leaves the game, and back.
 const br=document.getElementById('branch');br.innerHTML='';
 if(line<0){LINES.forEach((l,k)=>{if(l.at===at){const b=document.createElement('button');b.className='into';b.textContent='alternative line '+(k+1)+': '+l.moves[l.from][1]+' \u2192';b.onclick=()=>enter(k);br.appendChild(b);}});}
 else{const b=document.createElement('button');b.id='back';b.textContent='\u2190 back to the game';b.onclick=leave;br.append('alternative line '+(line+1)+' ',b);}
 document.getElementById('slider').value=at;
 history.replaceState(null,'',(line<0?'':'#line='+(line+1))+(line<0?'#':'&')+'move='+(at+1));}
function use(k){line=k;L=k<0?MAIN:LINES[k];M=L.moves;document.getElementById('slider').max=M.length-1;}
function enter(k){use(k);show(LINES[k].from);}
function leave(){const k=line;use(-1);show(LINES[k].at);}
function fromHash(){const l=/line=(\d+)/.exec(location.hash);const k=l?parseInt(l[1])-1:-1;use(k>=0&&k<LINES.length?k:-1);
 const r=/move=(\d+)/.exec(location.hash);return r?parseInt(r[1])-1:0;}
function jumpHand(d){const h=M[at][0].split(':')[0];let i=at;
 if(d>0){while(i<M.length-1&&M[i][0].split(':')[0]==h)i++;}else{while(i>0&&M[i-1][0].split(':')[0]==h)i--;if(i==at&&i>0){i--;const k=M[i][0].split(':')[0];while(i>0&&M[i-1][0].split(':')[0]==k)i--;}}
 show(i);}
function jumpTrick(){const p=M[at][0].split(':');let i=at;while(i<M.length-1){i++;const q=M[i][0].split(':');if(q[0]!=p[0]||q[1]!=p[1])break;}show(i);}
document.getElementById('slider').max=M.length-1;
document.getElementById('slider').oninput=e=>show(parseInt(e.target.value));
document.getElementById('prev').onclick=()=>show(at-1);
document.getElementById('next').onclick=()=>show(at+1);
document.getElementById('trick').onclick=jumpTrick;
document.getElementById('hand').onclick=()=>jumpHand(1);
document.getElementById('view').onchange=()=>show(at);
document.addEventListener('keydown',e=>{if(e.key=='ArrowRight')show(at+1);else if(e.key=='ArrowLeft')show(at-1);
 else if(e.key=='Home')show(0);else if(e.key=='End')show(M.length-1);else if(e.key=='t')jumpTrick();else if(e.key=='h')jumpHand(1);});
window.addEventListener('hashchange',()=>show(fromHash()));
show(fromHash());
"#;

/// One line of play for the page: its moves, the hands before them and its
/// notes by move index.
fn line_data(t: &Timeline, strings: &mut Strings) -> Value {
    let initial = t
        .initial
        .hands
        .iter()
        .map(|h| cards(h, &[]))
        .collect::<Vec<_>>()
        .join("|");
    let notes: serde_json::Map<String, Value> = t
        .moves
        .iter()
        .enumerate()
        .filter_map(|(i, m)| {
            let n = t.notes.get(&m.point)?;
            Some((
                i.to_string(),
                json!(n.iter().map(|x| note_text(x)).collect::<Vec<_>>()),
            ))
        })
        .collect();
    json!({
        "initial": initial,
        "moves": rows(t, strings),
        "notes": notes,
    })
}

/// The page for a timeline; `title` names the game.
pub fn page(t: &Timeline, title: &str) -> String {
    let n = &t.names;
    let mut strings = Strings::default();
    let main = line_data(t, &mut strings);
    // Alternative lines: where each leaves the game and where it picks up.
    let lines: Vec<Value> = t
        .lines
        .iter()
        .map(|l| {
            let mut d = line_data(&l.timeline, &mut strings);
            d["at"] = json!(l.at);
            d["from"] = json!(l.from);
            d
        })
        .collect();
    let data = json!({
        "names": n,
        "initial": main["initial"],
        "strings": strings.list,
        "teams": [upcard_record::team(n, 0), upcard_record::team(n, 1)],
        "moves": main["moves"],
        "notes": main["notes"],
        "lines": lines,
    });
    // Inside <script>, no "<" may appear at all: "</script" ends the element
    // and "<!--<script" sends the tokenizer into a state where it never ends.
    // `<`, `>` and `&` occur only inside JSON strings, where \u escapes mean
    // the same characters.
    let data = data
        .to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026");
    let esc = upcard_parse::escape::html;
    let options: String = (0..4)
        .map(|i| format!("<option value=\"{i}\">{}'s view</option>", esc(&n[i])))
        .collect();
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{t}</title><style>{TABLE_STYLE}{STYLE}</style></head><body>\n\
         <h1>{t}</h1>\n<div id=\"controls\"><button id=\"prev\">\u{2190} back</button> <button id=\"next\">forward \u{2192}</button> \
         <button id=\"trick\">next trick</button> <button id=\"hand\">next hand</button> \
         <select id=\"view\"><option value=\"all\">every hand face up</option>{options}</select> \
         <input id=\"slider\" type=\"range\" min=\"0\" value=\"0\" style=\"width:30em\"></div>\n\
         <div id=\"info\"><div id=\"what\"></div><div id=\"why\"></div><div id=\"notes\" style=\"white-space:pre-line;font-style:italic\"></div><div id=\"branch\"></div><div id=\"score\"></div></div>\n\
         <div id=\"table\"><div class=\"seat at-top\" id=\"s0\"></div><div class=\"seat at-right\" id=\"s1\"></div><div id=\"centre\"></div><div class=\"seat at-bottom\" id=\"s2\"></div><div class=\"seat at-left\" id=\"s3\"></div></div>\n\
         <h2>printed</h2><pre id=\"printed\"></pre>\n\
         <script id=\"game\" type=\"application/json\">{data}</script>\n<script>{SCRIPT}</script>\n</body></html>\n",
        t = esc(title),
    )
}
