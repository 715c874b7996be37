// Title-agnostic tables from a view: lists of objects become tables, objects of objects become
// tables keyed by id, plain values a definition list. Players and companies come first.
import { el, humanize } from "./api.js";
import { mapKey } from "./hexmap.js";

const KERNEL = new Set(["title", "seats", "acting", "action_count", "finished", "result", "end_reason", "map"]);
const FIRST = ["players", "companies", "market", "auction", "gauges", "depot", "phase", "privates", "events"];

function cell(value) {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== "object" || v === null)) return value.length ? value.join(", ") : "—";
    return value.map(cell).join("; ");
  }
  if (typeof value === "object") {
    const entries = Object.entries(value);
    return entries.length ? entries.map(([k, v]) => `${k}: ${cell(v)}`).join(", ") : "—";
  }
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

function table(caption, rows, keyName) {
  const columns = [];
  for (const row of rows) for (const k of Object.keys(row)) if (!columns.includes(k)) columns.push(k);
  return el("div", { class: "table-wrap" }, el("table", {},
    el("caption", {}, caption),
    el("thead", {}, el("tr", {}, columns.map((c) => el("th", { scope: "col" }, c === keyName ? "" : humanize(c))))),
    el("tbody", {}, rows.map((row) => el("tr", {}, columns.map((c, i) =>
      i === 0 ? el("th", { scope: "row" }, cell(row[c])) : el("td", {}, cell(row[c]))))))));
}

function section(key, value) {
  const caption = humanize(key);
  if (Array.isArray(value) && value.length && value.every((v) => v && typeof v === "object" && !Array.isArray(v))) {
    return table(caption, value);
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const entries = Object.entries(value);
    if (entries.length && entries.every(([, v]) => v && typeof v === "object" && !Array.isArray(v))) {
      return table(caption, entries.map(([k, v]) => ({ id: k, ...v })), "id");
    }
    return el("div", { class: "table-wrap" }, el("table", {}, el("caption", {}, caption),
      el("tbody", {}, entries.map(([k, v]) => el("tr", {}, el("th", { scope: "row" }, humanize(k)), el("td", {}, cell(v)))))));
  }
  return null;
}

export function chip(id, colours) {
  return el("span", { class: "chip", style: `background:${colours[id] ?? "#555"}` }, id);
}

function isTableOf(value) {
  return value && typeof value === "object" && !Array.isArray(value) &&
    Object.values(value).every((v) => v && typeof v === "object" && !Array.isArray(v));
}

function grid(caption, columns, rows, wide = false) {
  return el("div", { class: wide ? "table-wrap wide" : "table-wrap" }, el("table", {},
    el("caption", {}, caption),
    el("thead", {}, el("tr", {}, columns.map((c) => el("th", { scope: "col" }, c)))),
    el("tbody", {}, rows.map((row) => el("tr", {}, row.map((v, i) =>
      el(i === 0 ? "th" : "td", i === 0 ? { scope: "row" } : {}, v instanceof Node ? v : cell(v))))))));
}

// 18xx views (corporations with shares and trains, cash by holder): players, companies and
// privates side by side, with the stations read off the drawn map.
function corporatePanels(view, { colours, stations }) {
  const corps = Object.entries(view.corporations);
  const cash = view.cash ?? {};
  const seats = view.seats ?? [];
  const privates = isTableOf(view.privates) ? Object.entries(view.privates) : [];
  const parts = [];
  parts.push(grid("Players", ["Player", "Cash", "Shares", "Privates"], seats.map((p) => [
    `${p}${view.priority === p ? " (priority)" : ""}`,
    cash[p] !== undefined ? `$${cash[p]}` : "—",
    corps.filter(([, c]) => c.shares?.[p]).map(([id, c]) => `${id} ${c.shares[p]}${c.president === p ? " (pres.)" : ""}`).join(", ") || "—",
    privates.filter(([, x]) => x.owner === p).map(([id]) => id).join(", ") || "—",
  ])));
  parts.push(grid("Companies",
    ["Company", "President", "Price", "Cash", "Trains", "Stations", "Shares", "Status"],
    corps.map(([id, c]) => [
      chip(id, colours), c.president ?? "—", c.price ? `$${c.price}` : "—",
      cash[id] !== undefined ? `$${cash[id]}` : "—",
      (c.trains ?? []).join(", ") || "—",
      (stations?.[id] ?? []).join(", ") || "—",
      Object.entries(c.shares ?? {}).map(([h, n]) => `${h === id ? "treasury" : h} ${n}`).join(", ") || "—",
      c.closed ? "closed" : c.floated ? `floated, ran ${c.operated ?? 0}×` : "not floated",
    ]), true));
  if (privates.length) {
    parts.push(grid("Privates", ["Private", "Owner", "Cash", "Status"], privates.map(([id, x]) => [
      id, x.owner ?? "—", cash[id] !== undefined ? `$${cash[id]}` : "—", x.closed ? "closed" : "open",
    ])));
  }
  return parts;
}

function marketPanel(market, colours) {
  const rows = market.rows ?? [];
  return el("div", { class: "table-wrap market-wrap" }, el("table", { class: "market" },
    el("caption", {}, "Stock market"),
    el("tbody", {}, rows.map((row) => el("tr", {}, row.map((c) => c === null
      ? el("td", { class: "empty" })
      : el("td", {
        class: c.companies.length ? "here" : "", title: c.zones.length ? c.zones.join(", ") : null,
        "data-price": c.price,
      }, el("span", { class: "price" }, `${c.price}`), c.companies.map((id) => chip(id, colours)))))))));
}

export function renderTables(container, view, extra = {}) {
  const drawn = mapKey(view);
  const corporate = isTableOf(view.corporations);
  const taken = corporate ? new Set(["corporations", "cash", "privates"]) : new Set();
  const keys = Object.keys(view).filter((k) => !KERNEL.has(k) && k !== drawn && !taken.has(k));
  keys.sort((a, b) => {
    const ia = FIRST.indexOf(a), ib = FIRST.indexOf(b);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
  });
  const parts = [];
  const scalars = [];
  for (const key of keys) {
    const value = view[key];
    const part = section(key, value);
    if (part) parts.push(part);
    else scalars.push([key, value]);
  }
  if (corporate) parts.unshift(...corporatePanels(view, { colours: extra.colours ?? {}, stations: extra.stations }));
  if (extra.market) parts.unshift(marketPanel(extra.market, extra.colours ?? {}));
  if (scalars.length) {
    parts.unshift(el("div", { class: "table-wrap" }, el("table", {}, el("caption", {}, "Game"),
      el("tbody", {}, scalars.map(([k, v]) => el("tr", {}, el("th", { scope: "row" }, humanize(k)), el("td", {}, cell(v))))))));
  }
  container.replaceChildren(...parts);
}
