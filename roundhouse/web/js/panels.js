// The game's tables from its typed view (roundhouse.core.view, published in /openapi.json as
// GameView): the decision in progress, an 18xx.games-style spreadsheet (companies by players,
// with cash, worth and certificates underneath), the stock market with its price tokens, the
// train roster and phases, the privates with what they do, and the title's own panels. No
// title code: every title gets the same tables, and what only a title has comes as generic
// panels (title, columns, rows) or facts (extra columns).
import { el, humanize } from "./api.js";

const LIGHT = new Set(["yellow", "white", "gold", "orange", "lightblue", "pink", "beige", "lime", "cyan", "khaki"]);

// Black text on light company colours, white on dark ones.
export function ink(colour) {
  const c = String(colour || "").toLowerCase();
  if (LIGHT.has(c)) return "#111";
  const m = /^#([0-9a-f]{6})$/.exec(c);
  if (!m) return "#fff";
  const n = parseInt(m[1], 16);
  const lum = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return lum > 150 ? "#111" : "#fff";
}

export function chip(id, colours, title) {
  const colour = colours[id] || "#555";
  return el("span", { class: "chip", style: `background:${colour};color:${ink(colour)}`, title }, id);
}

const NTH = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];

// 1 -> "first", 4 -> "fourth", 12 -> "12th": which card of a train type.
function nth(n) {
  return NTH[n - 1] || `${n}th`;
}

function text(value) {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

export function money(value) {
  return value === null || value === undefined ? "—" : `$${value}`;
}

function cell(tag, value, attrs = {}) {
  return el(tag, attrs, value instanceof Node ? value : text(value));
}

// A table: `rows` are arrays whose first cell names the row; cells may be DOM nodes.
function grid(caption, columns, rows, { wide = false, className = "" } = {}) {
  return el("div", { class: `table-wrap${wide ? " wide" : ""}${className ? ` ${className}` : ""}` }, el("table", {},
    el("caption", {}, caption),
    columns.length ? el("thead", {}, el("tr", {}, columns.map((c) => el("th", { scope: "col" }, c)))) : null,
    el("tbody", {}, rows.map((row) => el("tr", {}, row.map((v, i) =>
      cell(i === 0 ? "th" : "td", v, i === 0 ? { scope: "row" } : {})))))));
}

// Rows alike but for their first cell as one row naming them all, in the order each first
// comes (a panel's ``gather``: Chicago Express's 18 hexes a build may enter, at four prices).
function gathered(rows) {
  const groups = new Map();
  for (const [name, ...rest] of rows) {
    const key = JSON.stringify(rest);
    if (!groups.has(key)) groups.set(key, [[], rest]);
    groups.get(key)[0].push(name);
  }
  return [...groups.values()].map(([names, rest]) => [names.join(", "), ...rest]);
}

// A title's panel (roundhouse.core.view.panel.Panel), as it is.
export function panelTable(panel) {
  const rows = panel.gather ? gathered(panel.rows) : panel.rows;
  const part = grid(panel.title, panel.columns, rows, { className: `panel panel-${panel.id}` });
  if (panel.note) part.append(el("p", { class: "hint" }, panel.note));
  return part;
}

function auctionPanel(auction, colours, privates) {
  const high = auction.high_bidder ? `$${auction.high_bid} by ${auction.high_bidder}` : "no bid yet";
  const card = privates.find((p) => p.id === auction.item);
  const rows = [
    ["On the block", el("span", {}, chip(auction.item, colours), card ? ` ${card.name}` : "")],
    ["High bid", high],
    ["Next bid at least", money(auction.lowest_bid)],
    ["Opening bid", money(auction.min_bid)],
    ["Still bidding", auction.bidders.join(", ") || "—"],
    ["To act", auction.to_act],
  ];
  const part = grid(`Auction: ${auction.item}`, [], rows, { className: "auction" });
  if (card?.ability) part.append(el("p", { class: "hint" }, card.ability));
  return part;
}

function gamePanel(game) {
  const { table, trains, prompt } = game;
  const facts = [["Round", prompt.round]];
  if (trains) facts.push(["Phase", trains.phase]);
  // A broken bank goes on paying (the game ends after the round): its cash then counts below
  // zero, which reads as what it has paid beyond what it had, not as a negative balance.
  if (table.bank !== null) {
    facts.push(["Bank", table.bank < 0 ? `broken: paid ${money(-table.bank)} beyond its cash` : money(table.bank)]);
  }
  if (table.priority) facts.push(["Priority deal", table.priority]);
  if (table.cert_limit !== null) facts.push(["Certificate limit", table.cert_limit]);
  if (prompt.ending) facts.push(["Game ends", `after this round (${humanize(prompt.ending).toLowerCase()})`]);
  return grid("Game", [], facts, { className: "game-facts" });
}

// What a player's privates are, named and explained (not bare ids).
function privatesOf(ids, privates, colours) {
  if (!ids.length) return "—";
  return el("span", { class: "held-privates" }, ids.map((id) => {
    const card = privates.find((p) => p.id === id);
    const tip = card ? `${card.name} (value $${card.value}, income $${card.revenue}): ${card.ability}` : id;
    return el("span", { class: "private-chip", title: tip }, chip(id, colours),
      card ? el("span", { class: "private-name" }, ` ${card.name}`) : "");
  }));
}

// The spreadsheet, as 18xx.games lays it out: a row per company with each player's holding,
// the bank's, its price, treasury, income, trains and place in the operating order; under it
// each player's cash, certificates and worth.
function spreadsheet(game, colours, you) {
  const { table, privates } = game;
  const players = table.players;
  // Companies in play first, in operating order (as the Order column counts them), then those
  // started but not yet running, then those no one has started, the closed last: a newcomer
  // read 18West's eight unstarted Granger roads before the companies at play.
  const stage = (c) => (c.closed ? 3 : c.order !== null ? 0 : c.price !== null || c.president ? 1 : 2);
  const companies = table.companies
    .map((c, i) => [c, i])
    .sort(([a, i], [b, j]) => stage(a) - stage(b) || (a.order ?? 0) - (b.order ?? 0) || i - j)
    .map(([c]) => c);
  const priced = companies.some((c) => c.price !== null);
  const share = (n, c) => {
    if (!n) return "";
    return priced && [2, 4, 5, 10, 20].includes(c.size) ? `${Math.round((100 * n) / c.size)}%` : `${n}/${c.size}`;
  };
  const extras = [];
  for (const c of companies) for (const f of c.extra) if (!extras.some((e) => e.key === f.key)) extras.push(f);
  const ordered = companies.some((c) => c.order !== null);
  const trainsShown = Boolean(game.trains) || companies.some((c) => c.trains.length);
  // Trains by what they are ("2, 3+"), as on the roster, not by their ids ("2-0 3+-1").
  const trainName = Object.fromEntries((game.trains?.trains ?? []).map((t) => [t.id, t.name]));
  const head = [
    "Company",
    ...players.map((p) => el("span", { class: "player-head" }, p.id,
      p.id === table.priority ? el("span", { class: "badge", title: "priority deal" }, "PD") : null,
      you.includes(p.id) ? el("span", { class: "badge you" }, "you") : null)),
    priced ? "Bank" : "Left", ...(priced ? ["Market", "Price", "Par"] : []), "Cash",
    priced ? "Last run" : "Income", ...(trainsShown ? ["Trains"] : []), ...(priced ? ["Tokens", "Stations"] : ["Network"]),
    ...(ordered ? ["Order"] : []),
    ...extras.map((f) => f.label),
  ];
  const rows = companies.map((c) => {
    const facts = Object.fromEntries(c.extra.map((f) => [f.key, f.value]));
    const holdings = players.map((p) => {
      const n = p.shares[c.id] || 0;
      const pres = p.presidencies.includes(c.id);
      return el("td", { class: `holding${pres ? " president" : ""}`, title: pres ? `${p.id} is president` : null },
        share(n, c), pres ? el("span", { class: "badge" }, "P") : null);
    });
    const bank = priced ? share(c.ipo + c.treasury, c) || "—" : `${c.ipo}/${c.size}`;
    return el("tr", { class: c.closed ? "closed" : c.floated ? "floated" : "unfloated", "data-company": c.id },
      el("th", { scope: "row" }, chip(c.id, colours, c.name), el("span", { class: "company-name" }, ` ${c.name}`)),
      ...holdings,
      cell("td", bank),
      ...(priced ? [cell("td", share(c.pool, c) || "—"), cell("td", money(c.price)), cell("td", money(c.par))] : []),
      cell("td", money(c.cash)),
      cell("td", c.revenue === null ? "—" : priced ? money(c.revenue) : `$${c.revenue}`),
      ...(trainsShown ? [cell("td", c.trains.map((id) => trainName[id] ?? id).join(", ") || "—", { class: "list" })] : []),
      ...(priced
        ? [cell("td", c.tokens === null ? "—" : `${c.tokens}${c.token_cost ? ` ($${c.token_cost})` : ""}`),
          cell("td", c.hexes.join(" ") || "—", { class: "list" })]
        : [el("td", { title: c.hexes.join(" ") || null }, c.hexes.length ? `${c.hexes.length} hex${c.hexes.length === 1 ? "" : "es"}` : "—")]),
      ...(ordered ? [cell("td", c.order ?? "—")] : []),
      ...extras.map((f) => cell("td", facts[f.key])));
  });
  // The worth a table shows: the title's own where it gives one (null: its estimate is it).
  const worth = (p) => Math.round(p.worth === null ? p.estimate : p.worth);
  const estimated = players.some((p) => worth(p) !== p.score);
  const footer = [
    ["Cash", ...players.map((p) => money(p.cash))],
    ...(players.some((p) => p.certificates !== null)
      ? [["Certificates", ...players.map((p) => table.cert_limit !== null ? `${p.certificates}/${table.cert_limit}` : text(p.certificates))]] : []),
    [priced ? "Worth" : "Score (cash)", ...players.map((p) => money(p.score))],
    ...(estimated ? [["Worth (est.)", ...players.map((p) => money(worth(p)))]] : []),
    ...(privates.length ? [["Privates", ...players.map((p) => privatesOf(p.privates, privates, colours))]] : []),
  ].map(([label, ...values]) => el("tr", { class: "player-row" }, el("th", { scope: "row" }, label),
    ...values.map((v) => cell("td", v)), el("td", { colspan: head.length - players.length - 1 })));
  // Five or more players: each player's privates as badges (named on hover and in the
  // Privates table) and tighter figures, so the sheet fits a 1280 px screen.
  const crowded = players.length >= 5;
  const part = el("div", { class: `table-wrap wide spreadsheet${crowded ? " crowded" : ""}` }, el("table", {},
    el("caption", {}, "Spreadsheet"),
    el("thead", {}, el("tr", {}, head.map((h, i) => el("th", { scope: "col", class: i === 0 ? "sticky" : null }, h)))),
    el("tbody", {}, rows),
    el("tbody", { class: "players" }, footer)));
  if (estimated) part.append(el("p", { class: "hint worth-note" }, table.worth_note || "Worth (est.): the title's own estimate of each player's position."));
  return part;
}

// Players alone, for a title without companies.
function playersPanel(game, you) {
  const rows = game.table.players.map((p) => [
    `${p.id}${you.includes(p.id) ? " (you)" : ""}`, money(p.cash), money(p.score),
  ]);
  return grid("Players", ["Player", "Cash", "Score"], rows, { className: "players" });
}

const ZONE_CLASS = /^[a-z0-9_]+$/;

// The stock market as a chart: each printed cell with its price and zones, and the companies'
// price tokens stacked on it (top of the stack first).
function marketPanel(market, colours) {
  const zones = new Set();
  // A market of one long row (the 1817 family's) wraps like a line of text instead of
  // running far past its card.
  const linear = market.rows.length === 1;
  const cellTag = linear ? "li" : "td";
  const rows = market.rows.map((row) => row.map((c) => {
    if (c === null) return el(cellTag, { class: "empty" });
    c.zones.forEach((z) => zones.add(z));
    const par = market.par_zones.some((z) => c.zones.includes(z));
    const classes = [c.companies.length ? "here" : "", par ? "par" : "",
      ...c.zones.filter((z) => ZONE_CLASS.test(z)).map((z) => `zone-${z}`)].filter(Boolean).join(" ");
    return el(cellTag, {
      class: classes, title: [c.zones.map(humanize).join(", "), par ? "starting price now" : ""].filter(Boolean).join("; ") || null,
      "data-price": c.price,
    }, el("span", { class: "price" }, `${c.price}`),
    el("span", { class: "tokens" }, c.companies.map((id) => chip(id, colours))));
  }));
  const part = linear
    ? el("div", { class: "table-wrap market-wrap wide" }, el("h3", { class: "caption" }, "Stock market"),
      el("ol", { class: "market market-line" }, rows[0]))
    : el("div", { class: "table-wrap market-wrap wide" }, el("table", { class: "market" },
      el("caption", {}, "Stock market"), el("tbody", {}, rows.map((cells) => el("tr", {}, cells)))));
  const legend = [...zones].map((z) => el("span", { class: `zone-key zone-${z}` }, humanize(z)));
  if (legend.length) part.append(el("p", { class: "hint market-key" }, "Zones: ", legend));
  return part;
}

function trainsPanel(trains, colours) {
  const next = trains.upcoming[0] ?? null;
  const nextType = next ? next.replace(/-\d+$/, "") : null;
  // Owners of each type with how many they hold ("pool ×12", not twelve badges).
  const owners = {};
  for (const t of trains.trains) {
    const held = (owners[t.name] ||= new Map());
    held.set(t.owner, (held.get(t.owner) || 0) + 1);
  }
  const rows = trains.types.map((t) => [
    el("span", { class: t.name === nextType ? "next-train" : "" }, t.name, t.name === nextType ? " (next)" : ""),
    money(t.price),
    t.left === null ? "unlimited" : `${t.left} of ${t.count}`,
    t.rusts_on ? `rusts when the first ${t.rusts_on} is bought` : t.obsolete_on ? `obsolete on ${t.obsolete_on}` : "never",
    el("span", {}, [...(owners[t.name] || new Map())].map(([o, n]) => el("span", { class: "owned" },
      o === "pool" ? el("span", { class: "chip pool" }, "pool") : chip(o, colours), n > 1 ? ` ×${n}` : ""))),
  ]);
  const part = grid(`Trains · phase ${trains.phase}`, ["Train", "Price", "Left", "Rusting", "Owned by"], rows, { className: "trains" });
  // A phase starts on the first train of a type, or on a given card of the deck (18RoyalGorge:
  // Green on the fourth 2+, on_nth 4); only the first phase starts the game.
  const phaseRows = trains.phases.map((p, i) => {
    const limit = Object.entries(p.train_limit).map(([k, v]) => (k ? `${k} ${v}` : `${v}`)).join(", ");
    const starts = p.on ? `${nth(p.on_nth ?? 1)} ${p.on}` : i === 0 ? "start" : "—";
    return el("tr", { class: p.current ? "current" : "" }, el("th", { scope: "row" }, p.name),
      el("td", {}, starts), el("td", {}, p.tiles.join(", ")), el("td", {}, limit),
      el("td", {}, String(p.operating_rounds)), el("td", {}, p.events.map(humanize).join(", ") || "—"));
  });
  part.append(el("table", { class: "phases" }, el("caption", {}, "Phases"),
    el("thead", {}, el("tr", {}, ["Phase", "Starts", "Tiles", "Train limit", "ORs", "Events"].map((h) => el("th", { scope: "col" }, h)))),
    el("tbody", {}, phaseRows)));
  return part;
}

// Each card on a row (name, owner, value, income), what it does on a full-width row under it.
function privatesPanel(privates, colours) {
  const columns = ["Private", "Owner", "Value", "Income"];
  const rows = privates.flatMap((p) => [
    el("tr", { class: `private${p.closed ? " closed" : ""}`, "data-private": p.id },
      el("th", { scope: "row" }, chip(p.id, { [p.id]: p.colour || "#777" }), ` ${p.name}`),
      el("td", {}, p.closed ? "closed" : p.owner ? chip(p.owner, colours) : "bank"),
      el("td", {}, money(p.value)), el("td", {}, money(p.revenue))),
    p.ability ? el("tr", { class: "ability" }, el("td", { colspan: columns.length }, p.ability)) : null,
  ]);
  return el("div", { class: "table-wrap wide privates" }, el("table", {},
    el("caption", {}, "Privates"),
    el("thead", {}, el("tr", {}, columns.map((c) => el("th", { scope: "col" }, c)))),
    el("tbody", {}, rows)));
}

export function companyColours(game) {
  const colours = Object.fromEntries(game.table.companies.map((c) => [c.id, c.colour]));
  for (const p of game.privates) if (p.colour && !colours[p.id]) colours[p.id] = p.colour;
  return colours;
}

export function renderTables(container, game, you = []) {
  const colours = companyColours(game);
  const parts = [];
  const prompt = game.prompt;
  if (prompt.auction) parts.push(auctionPanel(prompt.auction, colours, game.privates));
  parts.push(...prompt.details.map(panelTable));
  parts.push(gamePanel(game));
  if (game.table.companies.length) parts.push(spreadsheet(game, colours, you));
  else parts.push(playersPanel(game, you));
  if (game.market) parts.push(marketPanel(game.market, colours));
  if (game.trains) parts.push(trainsPanel(game.trains, colours));
  parts.push(...game.panels.map(panelTable));
  if (game.privates.length) parts.push(privatesPanel(game.privates, colours));
  container.replaceChildren(...parts);
}
