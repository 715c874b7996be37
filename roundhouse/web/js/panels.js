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

export function renderTables(container, view) {
  const drawn = mapKey(view);
  const keys = Object.keys(view).filter((k) => !KERNEL.has(k) && k !== drawn);
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
  if (scalars.length) {
    parts.unshift(el("div", { class: "table-wrap" }, el("table", {}, el("caption", {}, "Game"),
      el("tbody", {}, scalars.map(([k, v]) => el("tr", {}, el("th", { scope: "row" }, humanize(k)), el("td", {}, cell(v))))))));
  }
  container.replaceChildren(...parts);
}
