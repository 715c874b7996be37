// Controls for the legal actions, grouped by seat and kind. Only what the server lists is
// offered: an amount that varies over many values becomes a number input limited to the legal
// range; actions on a hex are picked on the map (and also listed as buttons).
import { el, humanize } from "./api.js";

const AMOUNT_LIMIT = 6; // more distinct values than this: a number input instead of buttons
const BUTTON_LIMIT = 30; // more choices than this: a drop-down

function varyingFields(actions) {
  const fields = Object.keys(actions[0].action).filter((f) => f !== "kind" && f !== "player");
  return fields.filter((f) => new Set(actions.map((a) => JSON.stringify(a.action[f]))).size > 1);
}

function gcd(a, b) { return b ? gcd(b, a % b) : Math.abs(a); }

function amountControl(kind, field, actions, submit) {
  // Group by every other field so e.g. bids on different companies get their own input.
  const groups = new Map();
  for (const a of actions) {
    const key = JSON.stringify({ ...a.action, [field]: null });
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(a);
  }
  const parts = [];
  for (const group of groups.values()) {
    const values = group.map((a) => a.action[field]).sort((x, y) => x - y);
    const step = values.slice(1).reduce((g, v, i) => gcd(g, v - values[i]), 0) || 1;
    const id = `amount-${kind}-${parts.length}`;
    const input = el("input", {
      id, type: "number", min: values[0], max: values[values.length - 1], step,
      value: values[0], inputmode: "numeric", required: true,
    });
    const error = el("span", { class: "error", role: "alert" });
    const others = Object.entries(group[0].action).filter(([k]) => !["kind", "player", field].includes(k));
    const label = `${humanize(kind)}${others.length ? ` (${others.map(([, v]) => v).join(", ")})` : ""}: ${field}`;
    const form = el("form", {
      class: "amount", onsubmit: (e) => {
        e.preventDefault();
        const value = Number(input.value);
        const chosen = group.find((a) => a.action[field] === value);
        if (!chosen) {
          error.textContent = `choose ${field} from ${values[0]} to ${values[values.length - 1]}${step > 1 ? ` in steps of ${step}` : ""}`;
          return;
        }
        error.textContent = "";
        submit(chosen);
      },
    }, el("label", { for: id }, label), input,
    el("button", { type: "submit", "data-kind": kind }, humanize(kind)), error);
    parts.push(form);
  }
  return parts;
}

function listControl(kind, actions, submit) {
  if (actions.length > BUTTON_LIMIT) {
    const id = `choice-${kind}`;
    const select = el("select", { id }, actions.map((a, i) => el("option", { value: i }, a.text)));
    return [el("form", {
      class: "choice", onsubmit: (e) => { e.preventDefault(); submit(actions[Number(select.value)]); },
    }, el("label", { for: id }, humanize(kind)), select, el("button", { type: "submit" }, "Play"))];
  }
  return [el("div", { class: "buttons" }, actions.map((a) =>
    el("button", { type: "button", class: "action", "data-kind": kind, onclick: () => submit(a) }, a.text)))];
}

export function legalHexes(actions) {
  const hexes = new Set();
  for (const a of actions) if (typeof a.action.hex === "string") hexes.add(a.action.hex);
  return hexes;
}

export function renderControls(container, actions, { submit, selectedHex, multiSeat }) {
  const parts = [];
  if (!actions.length) {
    container.replaceChildren(el("p", { class: "hint" }, "Nothing for you to do right now."));
    return;
  }
  if (selectedHex) {
    const here = actions.filter((a) => a.action.hex === selectedHex);
    if (here.length) {
      parts.push(el("div", { class: "selected-hex" },
        el("h3", {}, `On ${selectedHex}`), listControl("hex", here, submit)));
    }
  }
  const seats = [...new Set(actions.map((a) => a.seat))];
  for (const seat of seats) {
    const mine = actions.filter((a) => a.seat === seat);
    const group = el("div", { class: "seat-actions", "data-seat": seat });
    if (multiSeat || seats.length > 1) group.append(el("h3", {}, `${seat} to act`));
    const kinds = [...new Set(mine.map((a) => a.kind))];
    for (const kind of kinds) {
      const ofKind = mine.filter((a) => a.kind === kind);
      const box = el("div", { class: "kind", "data-kind": kind }, el("h4", {}, humanize(kind)));
      const varying = varyingFields(ofKind);
      const numeric = varying.filter((f) => ofKind.every((a) => Number.isInteger(a.action[f])));
      const amountField = numeric.find((f) => new Set(ofKind.map((a) => a.action[f])).size > AMOUNT_LIMIT);
      if (amountField) {
        box.append(...amountControl(kind, amountField, ofKind, submit));
      } else {
        if (ofKind.some((a) => typeof a.action.hex === "string")) {
          box.append(el("p", { class: "hint" }, "Pick a highlighted hex on the map, or:"));
        }
        box.append(...listControl(kind, ofKind, submit));
      }
      group.append(box);
    }
    parts.push(group);
  }
  container.replaceChildren(...parts);
}
