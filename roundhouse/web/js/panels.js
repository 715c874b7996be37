// The game's tables from its typed view (roundhouse.core.view, published in /openapi.json as
// GameView): the prompt's decision in progress, players and companies, the stock market, the
// trains, the privates and the title's own panels. No title code: every title gets the same
// tables, and a title's own information comes as generic panels (title, columns, rows).
import { el, humanize } from "./api.js";

const LIGHT = new Set(["yellow", "white", "gold", "orange", "lightblue", "pink", "beige", "lime", "cyan", "khaki"]);

// Black text on light company colours, white on dark ones.
function ink(colour) {
  const c = String(colour || "").toLowerCase();
  if (LIGHT.has(c)) return "#111";
  const m = /^#([0-9a-f]{6})$/.exec(c);
  if (!m) return "#fff";
  const n = parseInt(m[1], 16);
  const lum = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return lum > 150 ? "#111" : "#fff";
}

export function chip(id, colours) {
  const colour = colours[id] || "#555";
  return el("span", { class: "chip", style: `background:${colour};color:${ink(colour)}` }, id);
}

function text(value) {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

function money(value) {
  return value === null || value === undefined ? "—" : `$${value}`;
}

// A table: `rows` are arrays whose first cell names the row; cells may be DOM nodes.
function grid(caption, columns, rows, { wide = false, className = "" } = {}) {
  return el("div", { class: `table-wrap${wide ? " wide" : ""}${className ? ` ${className}` : ""}` }, el("table", {},
    el("caption", {}, caption),
    columns.length ? el("thead", {}, el("tr", {}, columns.map((c) => el("th", { scope: "col" }, c)))) : null,
    el("tbody", {}, rows.map((row) => el("tr", {}, row.map((v, i) =>
      el(i === 0 ? "th" : "td", i === 0 ? { scope: "row" } : {}, v instanceof Node ? v : text(v))))))));
}

// A title's panel (roundhouse.core.view.panel.Panel), as it is.
export function panelTable(panel) {
  const part = grid(panel.title, panel.columns, panel.rows, { className: `panel panel-${panel.id}` });
  if (panel.note) part.append(el("p", { class: "hint" }, panel.note));
  return part;
}

function auctionPanel(auction, colours) {
  const high = auction.high_bidder ? `$${auction.high_bid} by ${auction.high_bidder}` : "no bid yet";
  return grid(`Auction: ${auction.item}`, [], [
    ["On the block", chip(auction.item, colours)],
    ["High bid", high],
    ["Next bid at least", money(auction.lowest_bid)],
    ["Opening bid", money(auction.min_bid)],
    ["Still bidding", auction.bidders.join(", ") || "—"],
    ["To act", auction.to_act],
  ], { className: "auction" });
}

function gamePanel(view) {
  const { table, trains, prompt } = view;
  const facts = [["Round", prompt.round]];
  if (trains) facts.push(["Phase", trains.phase]);
  if (table.bank !== null) facts.push(["Bank", money(table.bank)]);
  if (table.priority) facts.push(["Priority deal", table.priority]);
  if (table.cert_limit !== null) facts.push(["Certificate limit", table.cert_limit]);
  if (prompt.ending) facts.push(["Game ends", `after this round (${humanize(prompt.ending).toLowerCase()})`]);
  return grid("Game", [], facts);
}

// Players as rows, a column per company for their shares (18xx.games' spreadsheet, §#20).
function playersPanel(view, colours) {
  const { table } = view;
  const held = table.companies.filter((c) => table.players.some((p) => p.shares[c.id]));
  const certs = table.players.some((p) => p.certificates !== null);
  const columns = ["Player", "Cash", ...held.map((c) => c.id), ...(certs ? ["Certs"] : []), "Privates", "Worth"];
  const rows = table.players.map((p) => [
    `${p.id}${table.priority === p.id ? " (priority)" : ""}${p.bankrupt ? " (bankrupt)" : ""}`,
    money(p.cash),
    ...held.map((c) => p.shares[c.id] ? `${p.shares[c.id]}${p.presidencies.includes(c.id) ? "P" : ""}` : ""),
    ...(certs ? [table.cert_limit !== null ? `${p.certificates}/${table.cert_limit}` : p.certificates] : []),
    p.privates.join(", ") || "—",
    money(p.score),
  ]);
  const part = grid("Players", columns, rows, { wide: held.length > 2, className: "players" });
  held.forEach((c, i) => {
    const th = part.querySelectorAll("thead th")[2 + i];
    th.replaceChildren(chip(c.id, colours));
  });
  return part;
}

function companiesPanel(view, colours) {
  const { table } = view;
  const companies = table.companies;
  const corporate = companies.some((c) => c.price !== null || c.president !== null || c.trains.length);
  const extras = [];
  for (const c of companies) for (const f of c.extra) if (!extras.some((e) => e.key === f.key)) extras.push(f);
  const columns = ["Company"];
  if (corporate) columns.push("President", "Price", "Cash", "Shares left", "Pool", "Trains", "Tokens", "Stations", "Status");
  else columns.push("Name", "Treasury", "Income", "Shares left", "Network");
  columns.push(...extras.map((f) => f.label));
  const rows = companies.map((c) => {
    const facts = Object.fromEntries(c.extra.map((f) => [f.key, f.value]));
    const base = corporate ? [
      c.president, money(c.price), money(c.cash), c.ipo + c.treasury, c.pool,
      c.trains.join(", ") || "—", c.tokens, c.hexes.join(", ") || "—",
      c.closed ? "closed" : c.floated ? `floated, ran ${c.operated}×` : "not floated",
    ] : [c.name, money(c.cash), c.revenue, `${c.ipo}/${c.size}`, c.hexes.join(" ") || "—"];
    return [chip(c.id, colours), ...base, ...extras.map((f) => text(facts[f.key]))];
  });
  return grid("Companies", columns, rows, { wide: true, className: "companies" });
}

function marketPanel(market, colours) {
  return el("div", { class: "table-wrap market-wrap" }, el("table", { class: "market" },
    el("caption", {}, "Stock market"),
    el("tbody", {}, market.rows.map((row) => el("tr", {}, row.map((c) => c === null
      ? el("td", { class: "empty" })
      : el("td", {
        class: [c.companies.length ? "here" : "", market.par_zones.some((z) => c.zones.includes(z)) ? "par" : ""].join(" ").trim(),
        title: c.zones.length ? c.zones.map(humanize).join(", ") : null,
        "data-price": c.price,
      }, el("span", { class: "price" }, `${c.price}`), c.companies.map((id) => chip(id, colours)))))))));
}

function trainsPanel(trains) {
  const rows = trains.types.map((t) => [
    t.name, money(t.price), t.left === null ? "unlimited" : `${t.left} of ${t.count}`,
    t.rusts_on ? `rusts on ${t.rusts_on}` : t.obsolete_on ? `obsolete on ${t.obsolete_on}` : "—",
  ]);
  const part = grid(`Trains · phase ${trains.phase}`, ["Train", "Price", "Left", "Rusting"], rows, { className: "trains" });
  const pool = trains.trains.filter((t) => t.owner === "pool").map((t) => t.name);
  if (pool.length) part.append(el("p", { class: "hint" }, `In the pool: ${pool.join(", ")}`));
  const phase = trains.phases.find((p) => p.current);
  if (phase) {
    const limit = Object.entries(phase.train_limit).map(([k, v]) => (k ? `${k} ${v}` : `${v}`)).join(", ");
    part.append(el("p", { class: "hint" },
      `Phase ${phase.name}: ${phase.tiles.join(", ")} tiles${limit ? `, train limit ${limit}` : ""}, ${phase.operating_rounds} operating rounds a set.`));
  }
  return part;
}

// Each card on a row, what it does on a full-width row under it (readable on a phone too).
function privatesPanel(privates) {
  const columns = ["Private", "Owner", "Value", "Income"];
  const rows = privates.flatMap((p) => [
    el("tr", { class: "private" },
      el("th", { scope: "row" }, `${p.id} ${p.name}`),
      el("td", {}, p.closed ? "closed" : p.owner ?? "bank"),
      el("td", {}, money(p.value)), el("td", {}, money(p.revenue))),
    p.ability ? el("tr", { class: "ability" }, el("td", { colspan: columns.length }, p.ability)) : null,
  ]);
  return el("div", { class: "table-wrap wide privates" }, el("table", {},
    el("caption", {}, "Privates"),
    el("thead", {}, el("tr", {}, columns.map((c) => el("th", { scope: "col" }, c)))),
    el("tbody", {}, rows)));
}

export function companyColours(view) {
  return Object.fromEntries(view.table.companies.map((c) => [c.id, c.colour]));
}

export function renderTables(container, view) {
  const colours = companyColours(view);
  const parts = [];
  const prompt = view.prompt;
  if (prompt.auction) parts.push(auctionPanel(prompt.auction, colours));
  parts.push(...prompt.details.map(panelTable));
  parts.push(gamePanel(view));
  parts.push(playersPanel(view, colours));
  if (view.trains) parts.push(trainsPanel(view.trains));
  parts.push(...view.panels.map(panelTable));
  // The full-width tables last, so the narrow ones above share rows on wide screens.
  if (view.market) parts.push(marketPanel(view.market, colours));
  if (view.table.companies.length) parts.push(companiesPanel(view, colours));
  if (view.privates.length) parts.push(privatesPanel(view.privates));
  container.replaceChildren(...parts);
}
