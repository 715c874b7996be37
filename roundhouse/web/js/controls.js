// Controls for the legal actions, grouped by seat and kind. Only what the server lists is
// offered, worded as the server describes each move: an amount that varies over many values
// becomes a number input limited to the legal range; moves on a hex are made on the map (a
// tile is previewed on its hex, rotated and confirmed); a run is built on the map too.
import { el, humanize } from "./api.js";

const AMOUNT_LIMIT = 6; // more distinct values than this: a number input instead of buttons
const BUTTON_LIMIT = 10; // more choices than this: a drop-down
const RANGE_FORMS_LIMIT = 3; // more amount ranges than this: one form with a drop-down

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
  const fixed = []; // a group with one amount only (a train from the bank): a plain button
  const ranges = [];
  const labels = new Set();
  for (const group of groups.values()) {
    if (group.length === 1) {
      fixed.push(group[0]);
      continue;
    }
    const values = group.map((a) => a.action[field]).sort((x, y) => x - y);
    const step = values.slice(1).reduce((g, v, i) => gcd(g, v - values[i]), 0) || 1;
    const others = Object.entries(group[0].action)
      .filter(([k]) => !["kind", "player", field].includes(k))
      .map(([, v]) => v).filter((v) => v !== "" && v !== group[0].action.player);
    const range = `$${values[0]}–$${values[values.length - 1]}`;
    // The server's wording of the cheapest move with the range for its amount ("TP buys a 2
    // train from KP for $1–$100"), else the kind and the other fields.
    const cheapest = group.find((a) => a.action[field] === values[0]);
    const label = cheapest?.text?.includes(`$${values[0]}`)
      ? cheapest.text.replace(`$${values[0]}`, range)
      : `${humanize(kind)}${others.length ? ` on ${others.join(", ")}` : ""} (${range})`;
    if (labels.has(label)) continue; // two 2-trains of one company: one form buys either
    labels.add(label);
    ranges.push({ group, values, step, label });
  }
  // Past a few ranges (a bid to start any of sixteen companies), one form: pick what, then
  // how much; otherwise a form each.
  const parts = ranges.length > RANGE_FORMS_LIMIT
    ? [pickedAmountForm(kind, field, ranges, submit)]
    : ranges.map((r, i) => amountForm(kind, field, r, `amount-${kind}-${i}`, submit));
  return fixed.length ? [...listControl(kind, fixed, submit), ...parts] : parts;
}

function rangeError(field, r) {
  const { values, step } = r;
  return `choose ${field} from ${values[0]} to ${values[values.length - 1]}${step > 1 ? ` in steps of ${step}` : ""}`;
}

function amountInput(id, r) {
  return el("input", {
    id, type: "number", min: r.values[0], max: r.values[r.values.length - 1], step: r.step,
    value: r.values[0], inputmode: "numeric", required: true,
  });
}

// One amount range: its label, a number input limited to the range, and the kind's button.
function amountForm(kind, field, r, id, submit) {
  const input = amountInput(id, r);
  const error = el("span", { class: "error", role: "alert" });
  return el("form", {
    class: "amount", onsubmit: (e) => {
      e.preventDefault();
      const chosen = r.group.find((a) => a.action[field] === Number(input.value));
      error.textContent = chosen ? "" : rangeError(field, r);
      if (chosen) submit(chosen);
    },
  }, el("label", { for: id }, r.label), input,
  el("button", { type: "submit", "data-kind": kind }, humanize(kind)), error);
}

// Many amount ranges: a list of what the amount is for (each worded in full with its range),
// and one number input that takes the chosen range's limits.
function pickedAmountForm(kind, field, ranges, submit) {
  const pickId = `amount-${kind}-pick`;
  const inputId = `amount-${kind}-value`;
  let input = amountInput(inputId, ranges[0]);
  const error = el("span", { class: "error", role: "alert" });
  const amountLabel = el("label", { for: inputId, class: "amount-label" }, humanize(field));
  const list = choiceList(pickId, humanize(kind), ranges.map((r) => r.label), (i) => {
    const fresh = amountInput(inputId, ranges[i]);
    input.replaceWith(fresh);
    input = fresh;
    error.textContent = "";
  });
  return el("form", {
    class: "amount picked", onsubmit: (e) => {
      e.preventDefault();
      const r = ranges[list.chosen()];
      const chosen = r.group.find((a) => a.action[field] === Number(input.value));
      error.textContent = chosen ? "" : rangeError(field, r);
      if (chosen) submit(chosen);
    },
  }, list, amountLabel, input, el("button", { type: "submit", "data-kind": kind }, humanize(kind)), error);
}

// A choice among many: radio buttons with each choice's words in full, wrapping on a phone
// and in a narrow column (a drop-down cut "Ann puts CBQ's President's Certificate up for
// auction" to "Ann puts CBQ's President'…"); past a dozen lines the list scrolls in its box.
// ``chosen()`` is the index picked; ``onPick(index)`` hears each new pick.
function choiceList(id, name, labels, onPick) {
  const list = el("div", { class: "choice-list", id, role: "radiogroup", "aria-label": name },
    labels.map((text, i) => el("label", { class: "choice-item" },
      el("input", {
        type: "radio", name: id, value: i, checked: i === 0,
        onchange: () => onPick?.(i),
      }),
      el("span", {}, text))));
  list.chosen = () => Number(list.querySelector("input:checked")?.value ?? 0);
  return list;
}

// The words a few moves share at their start and end ("SR asks permission to lay tile" …
// "(§7.3)"), as word counts; none unless they share two words or more at the start and each
// keeps some of its own.
function sharedWords(texts) {
  const words = texts.map((t) => t.split(" "));
  const shortest = Math.min(...words.map((w) => w.length));
  let head = 0;
  while (head < shortest - 1 && words.every((w) => w[head] === words[0][head])) head += 1;
  let tail = 0;
  while (head + tail < shortest - 1 && words.every((w) => w[w.length - 1 - tail] === words[0][words[0].length - 1 - tail])) tail += 1;
  return head >= 2 ? { head, tail } : null;
}

// On a phone, moves of a kind worded alike but for a few words are said once above small
// buttons naming what differs, in rows ("7 on D17", "8 on D17", …): 18US's six permission
// requests were six full-width buttons filling the docked moves.  Each button keeps the move's
// full words as its name (read out, and shown on a long press).
function sharedButtons(kind, actions, submit) {
  const shared = actions.length >= 3 ? sharedWords(actions.map((a) => a.text)) : null;
  if (!shared) return null;
  const words = actions[0].text.split(" ");
  const said = [...words.slice(0, shared.head), "…", ...words.slice(words.length - shared.tail)].join(" ");
  return [el("p", { class: "shared-words" }, said),
    el("div", { class: "buttons shared" }, actions.map((a) => {
      const own = a.text.split(" ");
      return el("button", {
        type: "button", class: "action", "data-kind": kind, "aria-label": a.text, title: a.text,
        onclick: () => submit(a),
      }, own.slice(shared.head, own.length - shared.tail).join(" "));
    }))];
}

function listControl(kind, listed, submit, limit = BUTTON_LIMIT, compact = false) {
  // Moves worded alike are alike to the player (five 2-trains in the pool at one price): one
  // button stands for them.
  const seen = new Set();
  const actions = listed.filter((a) => !seen.has(a.text) && seen.add(a.text));
  const shared = compact && actions.length <= limit ? sharedButtons(kind, actions, submit) : null;
  if (shared) return shared;
  if (actions.length > limit) {
    const list = choiceList(`choice-${kind}`, humanize(kind), actions.map((a) => a.text));
    return [el("form", {
      class: "choice", onsubmit: (e) => { e.preventDefault(); submit(actions[list.chosen()]); },
    }, list, el("button", { type: "submit", class: "action", "data-kind": kind }, "Play"))];
  }
  return [el("div", { class: "buttons" }, actions.map((a) =>
    el("button", { type: "button", class: "action", "data-kind": kind, onclick: () => submit(a) }, a.text)))];
}

// The hexes a move is made on: those the server names (an x2 token's new hex), else the
// action's own hex.
export function hexesOf(a) {
  if (a.hexes?.length) return a.hexes;
  return typeof a.action.hex === "string" ? [a.action.hex] : [];
}

export function legalHexes(actions) {
  return new Set(actions.flatMap(hexesOf));
}

// "HEX/city" for every legal station placement, so those city circles can be clicked.
export function legalStops(actions) {
  const stops = new Set();
  for (const a of actions) {
    if (a.kind === "place_token" && typeof a.action.city === "string") stops.add(`${a.action.hex}/${a.action.city}`);
  }
  return stops;
}

export function tileSrc(gameId, tile, rotation) {
  return `/api/games/${encodeURIComponent(gameId)}/tiles/${encodeURIComponent(tile)}.svg?rotation=${rotation}`;
}

// The tile lays legal on one hex, by tile: {tile: [lay actions in rotation order]}.
export function laysByTile(actions, hex) {
  const byTile = new Map();
  for (const a of actions) {
    if (a.kind !== "lay_tile" || a.action.hex !== hex || a.action.tile === undefined) continue;
    if (!byTile.has(a.action.tile)) byTile.set(a.action.tile, []);
    byTile.get(a.action.tile).push(a);
  }
  for (const group of byTile.values()) group.sort((x, y) => x.action.rotation - y.action.rotation);
  return byTile;
}

// Laying a tile on the chosen hex: one picture per tile, the chosen one previewed on the map;
// rotate through its legal rotations (button, R, or a click on the hex), then confirm.
function tilePicker(hex, byTile, ctx) {
  const lay = ctx.lay;
  const group = byTile.get(lay.tile) ?? [];
  const chosen = group[lay.index % Math.max(group.length, 1)];
  const pictures = el("div", { class: "tile-choices", role: "group", "aria-label": `Tiles you may lay on ${hex}` },
    [...byTile.entries()].map(([tile, lays]) => {
      const rotation = tile === lay.tile && chosen ? chosen.action.rotation : lays[0].action.rotation;
      return el("button", {
        type: "button", class: "tile", "data-kind": "lay_tile", "data-tile": tile, "data-rotation": rotation,
        "aria-pressed": String(tile === lay.tile), title: `Tile ${tile}`, "aria-label": `Tile ${tile}`,
        onclick: () => ctx.onLay({ hex, tile, index: 0 }),
      }, el("img", { src: tileSrc(ctx.gameId, tile, rotation), alt: "", width: 54, height: 54 }),
      el("span", { class: "tile-name" }, tile));
    }));
  const parts = [pictures];
  if (chosen) {
    const rotations = group.length;
    parts.push(
      el("p", { class: "lay-text", id: "lay-text" }, chosen.text,
        rotations > 1 ? el("span", { class: "hint" }, ` · position ${lay.index % rotations + 1} of ${rotations}`) : null),
      el("div", { class: "row lay-buttons" },
        el("button", {
          type: "button", id: "lay-rotate", disabled: rotations < 2, "aria-keyshortcuts": "R",
          onclick: () => ctx.onLay({ hex, tile: lay.tile, index: lay.index + 1 }),
        }, "⟳ Rotate"),
        el("button", {
          type: "button", id: "lay-confirm", class: "action", "data-kind": "lay_tile",
          "data-tile": chosen.action.tile, "data-rotation": chosen.action.rotation, "aria-keyshortcuts": "Enter",
          onclick: () => ctx.submit(chosen),
        }, `Lay tile ${chosen.action.tile}`)),
      el("p", { class: "hint" }, "R or a click on the hex rotates; Enter lays it; Esc cancels."));
  }
  return el("div", { class: "tile-picker" }, ...parts);
}

export function renderControls(container, actions, ctx) {
  const { submit, selectedHex, multiSeat } = ctx;
  const parts = [];
  if (!actions.length) {
    container.replaceChildren(el("p", { class: "hint" }, ctx.waiting || "Nothing for you to do right now."));
    return;
  }
  if (ctx.context) parts.push(el("p", { class: "move-context" }, ctx.context));
  if (selectedHex) {
    const here = actions.filter((a) => hexesOf(a).includes(selectedHex));
    if (here.length) {
      const byTile = laysByTile(here, selectedHex);
      const stations = here.filter((a) => a.kind === "place_token");
      const rest = here.filter((a) => a.kind !== "lay_tile" && a.kind !== "place_token");
      const box = el("div", { class: "selected-hex", "data-hex": selectedHex }, el("h3", {}, `On ${ctx.hexLabel(selectedHex)}`));
      if (byTile.size) box.append(el("h4", {}, "Lay a tile"), tilePicker(selectedHex, byTile, ctx));
      if (stations.length) box.append(el("h4", {}, "Place a station"), ...listControl("place_token", stations, submit));
      if (rest.length) box.append(...listControl("hex", rest, submit));
      box.append(el("div", { class: "row" }, el("button", {
        type: "button", class: "small", id: "hex-close", onclick: () => ctx.onClearHex?.(),
      }, "Cancel")));
      parts.push(box);
    }
  }
  const seats = [...new Set(actions.map((a) => a.seat))];
  for (const seat of seats) {
    const mine = actions.filter((a) => a.seat === seat);
    const group = el("div", { class: "seat-actions", "data-seat": seat });
    if (seats.length > 1) group.append(el("h3", {}, `${seat} to act`));
    // The step the banner names first; moves of other steps on offer (a steel column, a debt
    // to pay) after it, each under its own heading.
    const steps = [...new Set(mine.map((a) => a.step))]
      .sort((x, y) => (y === ctx.mainStep) - (x === ctx.mainStep));
    for (const step of steps) {
      const ofStep = mine.filter((a) => a.step === step);
      const main = step === ctx.mainStep || steps.length === 1 || !step;
      const box = el("div", { class: `step${main ? " main-step" : " side-step"}`, "data-step": step });
      if (!main) {
        box.append(el("h4", { class: "step-head" }, `Also: ${ofStep[0].step_action || humanize(step || "moves").toLowerCase()}`));
      }
      kindControls(box, ofStep, seat, ctx);
      group.append(box);
    }
    parts.push(group);
  }
  container.replaceChildren(...parts);
}

function kindControls(group, mine, seat, ctx) {
  const { submit, selectedHex } = ctx;
  {
    const kinds = [...new Set(mine.map((a) => a.kind))];
    for (const kind of kinds) {
      const ofKind = mine.filter((a) => a.kind === kind);
      const box = el("div", { class: "kind", "data-kind": kind });
      const varying = varyingFields(ofKind);
      const numeric = varying.filter((f) => ofKind.every((a) => Number.isInteger(a.action[f])));
      const amountField = numeric.find((f) => new Set(ofKind.map((a) => a.action[f])).size > AMOUNT_LIMIT);
      const onMap = ofKind.some((a) => hexesOf(a).length);
      if (kind === "run_routes" && ctx.routes) {
        box.append(el("h4", {}, "Run trains"), ctx.routes.render());
      } else if (amountField) {
        box.append(...amountControl(kind, amountField, ofKind, submit));
      } else if (onMap) {
        const hexes = new Set(ofKind.flatMap(hexesOf));
        if (selectedHex && hexes.has(selectedHex) && hexes.size === 1) continue;
        box.append(el("p", { class: "hint on-map" },
          `${humanize(kind === "choose" && ofKind[0].step_action ? ofKind[0].step_action : kind)}: ${hexes.size === 1 ? "pick the highlighted hex" : `pick one of the ${hexes.size} highlighted hexes`} on the map, or choose here:`));
        if (kind === "lay_tile") {
          const id = `hex-pick-${seat.replace(/\W/g, "")}`;
          const select = el("select", { id }, [...hexes].sort().map((h) => el("option", { value: h }, ctx.hexLabel(h))));
          box.append(el("form", { class: "choice", onsubmit: (e) => { e.preventDefault(); ctx.onPickHex(select.value); } },
            el("label", { for: id, class: "visually-hidden" }, "Hex"), select,
            el("button", { type: "submit" }, "Choose hex")));
        } else {
          box.append(...listControl(kind, ofKind, submit, 8, ctx.compact));
        }
      } else {
        box.append(...listControl(kind, ofKind, submit, BUTTON_LIMIT, ctx.compact));
      }
      group.append(box);
    }
  }
}
