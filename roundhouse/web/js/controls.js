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

function listControl(kind, actions, submit, limit = BUTTON_LIMIT) {
  if (actions.length > limit) {
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

// "HEX/city" for every legal station placement, so those city circles can be clicked.
export function legalStops(actions) {
  const stops = new Set();
  for (const a of actions) {
    if (a.kind === "place_token" && typeof a.action.city === "string") stops.add(`${a.action.hex}/${a.action.city}`);
  }
  return stops;
}

// Route notation as text, one route a line: "2+-0 K1-0 K3-0".
export function routesText(routes) {
  return routes.map((r) => r.join(" ")).join("\n");
}

export function parseRoutes(text) {
  return text.split("\n").map((line) => line.trim().split(/[\s,]+/).filter(Boolean)).filter((r) => r.length);
}

// Tiles for one hex: a row per tile, a small preview button per legal rotation.
function tilePicker(lays, submit, ctx) {
  const byTile = new Map();
  for (const a of lays) {
    if (!byTile.has(a.action.tile)) byTile.set(a.action.tile, []);
    byTile.get(a.action.tile).push(a);
  }
  return el("div", { class: "tile-choices", role: "group", "aria-label": "Tiles you may lay here" },
    [...byTile.entries()].map(([tile, group]) => el("div", { class: "tile-choice" },
      el("span", { class: "tile-name" }, `Tile ${tile}`),
      group.map((a) => el("button", {
        type: "button", class: "tile", "data-kind": "lay_tile", "data-tile": tile,
        "data-rotation": a.action.rotation, title: a.text, "aria-label": a.text,
        onclick: () => submit(a),
      }, el("img", {
        src: `/api/games/${encodeURIComponent(ctx.gameId)}/tiles/${encodeURIComponent(tile)}.svg?rotation=${a.action.rotation}`,
        alt: "", width: 54, height: 54, loading: "lazy",
      }))))));
}

// The offered runs (the optimiser's best first), drawn on the map when pointed at, and an
// editor for other routes: the server prices them with the engine's own check first, so only
// a run the engine accepts is offered to play.
function routesControl(offered, submit, ctx) {
  const parts = [];
  offered.forEach((a, i) => {
    const routes = a.action.routes ?? [];
    const show = () => ctx.showRoutes(routes);
    parts.push(el("div", { class: "offered-run" },
      el("button", {
        type: "button", class: "action", "data-kind": "run_routes", onclick: () => submit(a),
        onmouseenter: show, onfocus: show,
      }, a.text + (i === 0 && offered.length > 1 ? " (best)" : "")),
      routes.length ? el("ol", { class: "route-list" }, routes.map((r) => el("li", {}, r.join(" "))))
        : el("p", { class: "hint" }, "No route: the trains earn nothing.")));
  });
  const first = offered[0].action;
  const id = `routes-${first.entity}`;
  const area = el("textarea", { id, spellcheck: "false", autocomplete: "off" });
  area.value = routesText(first.routes ?? []);
  const result = el("p", { class: "hint", role: "status" });
  const error = el("p", { class: "error", role: "alert" });
  const play = el("button", { type: "button", class: "action", "data-kind": "run_routes", hidden: true });
  let priced = null;
  area.addEventListener("input", () => {
    priced = null;
    play.hidden = true;
    result.textContent = "";
    ctx.showRoutes(parseRoutes(area.value));
  });
  const price = el("button", {
    type: "button", id: `price-${first.entity}`, onclick: async () => {
      error.textContent = "";
      try {
        const reply = await ctx.priceRun(first.entity, parseRoutes(area.value));
        priced = { ...first, routes: reply.routes, revenue: reply.revenue };
        result.textContent = `These routes earn $${reply.revenue}.`;
        play.textContent = `Run these routes for $${reply.revenue}`;
        play.hidden = false;
        ctx.showRoutes(reply.routes);
      } catch (e) {
        priced = null;
        play.hidden = true;
        error.textContent = e.message;
      }
    },
  }, "Price these routes");
  play.addEventListener("click", () => {
    if (priced) submit({ kind: "run_routes", text: play.textContent, action: priced });
  });
  parts.push(el("details", { class: "route-editor" },
    el("summary", {}, "Edit routes"),
    el("label", { for: id }, "One route a line: the train, then its stops (", el("code", {}, "HEX-0"),
      ") with any via hexes between them"),
    area, el("div", { class: "row" }, price, play), result, error));
  return parts;
}

export function renderControls(container, actions, ctx) {
  const { submit, selectedHex, multiSeat } = ctx;
  const parts = [];
  if (!actions.length) {
    container.replaceChildren(el("p", { class: "hint" }, "Nothing for you to do right now."));
    return;
  }
  if (selectedHex) {
    const here = actions.filter((a) => a.action.hex === selectedHex);
    if (here.length) {
      const lays = here.filter((a) => a.kind === "lay_tile" && a.action.tile !== undefined);
      const stations = here.filter((a) => a.kind === "place_token");
      const rest = here.filter((a) => !lays.includes(a) && !stations.includes(a));
      const box = el("div", { class: "selected-hex" }, el("h3", {}, `On ${selectedHex}`));
      if (lays.length) box.append(el("h4", {}, "Lay a tile"), tilePicker(lays, submit, ctx));
      if (stations.length) box.append(el("h4", {}, "Place a station"), ...listControl("place_token", stations, submit));
      if (rest.length) box.append(...listControl("hex", rest, submit));
      box.append(el("div", { class: "row" }, el("button", {
        type: "button", class: "small", onclick: () => ctx.onClearHex?.(),
      }, "Close")));
      parts.push(box);
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
      if (kind === "run_routes") {
        box.append(...routesControl(ofKind, submit, ctx));
      } else if (amountField) {
        box.append(...amountControl(kind, amountField, ofKind, submit));
      } else {
        if (ofKind.some((a) => typeof a.action.hex === "string")) {
          box.append(el("p", { class: "hint" }, "Pick a highlighted hex on the map, or:"));
        }
        const onMap = ofKind.some((a) => typeof a.action.hex === "string");
        box.append(...listControl(kind, ofKind, submit, onMap ? 8 : BUTTON_LIMIT));
      }
      group.append(box);
    }
    parts.push(group);
  }
  container.replaceChildren(...parts);
}
