// The game page: turn banner, map, controls, narrated log, tables, undo, history, sharing and
// live updates, for any title (the page reads only the typed view: no title code here).
import {
  api, ApiError, chime, copyText, download, el, humanize, importPath, invitesFor,
  rememberInvites, rememberToken, setSetting, setting, tokenFor,
} from "./api.js";
import { valueChart } from "./chart.js";
import { hexesOf, laysByTile, legalHexes, legalStops, renderControls, tileSrc } from "./controls.js";
import { HexMap } from "./hexmap.js";
import { renderLog } from "./log.js";
import { companyColours, renderTables } from "./panels.js";
import { RouteBuilder } from "./routes.js";

// As style.css's phones: the moves docked at the screen's foot, many of a kind in a list.
const PHONE = window.matchMedia("(max-width: 52rem)");

// The view's version this page was written for (GameView.view_version in /openapi.json).
const VIEW_VERSION = 1;

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const token = tokenFor(gameId);
const opening = new URLSearchParams(location.hash.slice(1));
if (location.hash) history.replaceState(null, "", location.pathname);

const state = {
  summary: null, version: -1, view: null, legal: [], log: [], setup: [], mayActFor: [], exports: [],
  historyIndex: null, selectedHex: null, lay: null, routes: null, routesKey: null,
  busy: false, pending: false, summaryShownFor: -1, yourTurn: false, missing: false, socket: null,
};
const map = new HexMap(document.getElementById("board"));
const $ = (id) => document.getElementById(id);

function toast(message) {
  const box = $("toast");
  box.textContent = message;
  box.hidden = !message;
  clearTimeout(toast.timer);
  if (message) toast.timer = setTimeout(() => { box.hidden = true; }, 8000);
}

function isBot(name) {
  const seat = state.summary?.seats.find((s) => s.name === name);
  return seat?.kind === "bot";
}

function undoCount() {
  let count = 0;
  for (let i = state.log.length - 1; i >= 0; i--) {
    count++;
    const player = state.log[i].player;
    if (!isBot(player)) return state.mayActFor.includes(player) ? count : 0;
  }
  return 0;
}

async function refresh() {
  if (state.missing) return;
  if (state.busy) { state.pending = true; return; }
  state.busy = true;
  try {
    do {
      state.pending = false;
      // Fetch only the new part of the log; when versions were spent on undos, fetch it all.
      const from = state.log.length;
      let reply = await api(`/api/games/${gameId}/table?log_from=${from}`, { token });
      const onlyAppends = reply.log_from === from && reply.version - state.version === reply.log.length;
      if (from > 0 && !onlyAppends) {
        reply = await api(`/api/games/${gameId}/table?log_from=0`, { token });
        state.log = reply.log;
      } else {
        state.log = from === 0 ? reply.log : state.log.concat(reply.log);
      }
      if (reply.log_from === 0) state.setup = reply.setup;
      state.summary = reply.game;
      state.mayActFor = reply.may_act_for;
      state.version = reply.version;
      state.view = reply.view;
      state.legal = reply.actions;
      state.exports = reply.exports;
      if (reply.view.view_version !== VIEW_VERSION) {
        toast(`This page reads view version ${VIEW_VERSION}; the server sends ${reply.view.view_version}. Reload the page.`);
      }
      if (state.historyIndex !== null && state.historyIndex > state.log.length) state.historyIndex = null;
      await render();
    } while (state.pending);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) showMissing();
    else toast(error.message);
  } finally {
    state.busy = false;
  }
}

// The game is not on this server: say so plainly and stop listening for it.
function showMissing() {
  state.missing = true;
  state.socket?.close();
  document.title = "No such game — Roundhouse";
  $("game").hidden = true;
  $("banner").hidden = true;
  $("connection").textContent = "no game";
  const box = $("toast");
  box.replaceChildren(`There is no game ${gameId} here. `, el("a", { href: "/" }, "Back to the lobby"));
  box.hidden = false;
}

async function shownView() {
  if (state.historyIndex === null) return state.view;
  const reply = await api(`/api/games/${gameId}/history/${state.historyIndex}`);
  return reply.view;
}

// The turn banner: "OR 4.1 · KP (Ann, you): lay track"; "Ann to act (you)" where the title
// names no round or step. At a hotseat table every person is "you", so it names the seat.
function banner(prompt, mine) {
  const seats = prompt.acting.join(", ");
  const who = prompt.entity ?? seats;
  const mineNow = prompt.acting.some((s) => mine.includes(s));
  const you = mineNow && state.summary?.mode !== "hotseat";
  // The banner opens a sentence: "Round 3", "Initial auction" (Chicago Express names its
  // rounds in lower case, as in running text).
  const round = prompt.round ? `${prompt.round.charAt(0).toUpperCase()}${prompt.round.slice(1)} · ` : "";
  // Players acting at once (18US's sealed bids): the seats, not one of them and then all.
  if (prompt.acting.length > 1 && prompt.acting.includes(who)) {
    const all = prompt.acting.map((s) => (you && mine.includes(s) ? `${s} (you)` : s)).join(", ");
    return prompt.action ? `${round}${all}: ${prompt.action}` : `${round}${all} to act`;
  }
  const named = who !== seats && seats ? [seats] : [];
  if (you) named.push("you");
  const suffix = named.length ? ` (${named.join(", ")})` : "";
  return prompt.action ? `${round}${who}${suffix}: ${prompt.action}` : `${round}${who} to act${suffix}`;
}

// Whom the page calls "you" in the tables: the seat this link plays (nobody at a hotseat).
function yours() {
  return state.summary?.mode === "hotseat" ? [] : state.mayActFor;
}

function waitingText(prompt) {
  const acting = prompt.acting.join(", ");
  if (!acting) return "Nothing for you to do right now.";
  const bots = prompt.acting.every(isBot);
  return `Waiting for ${acting}${bots ? " (bot)" : ""}${prompt.action ? ` to ${prompt.action}` : ""}.`;
}

// It became your turn: the chime, the tab title and (when asked for and the tab is hidden) a
// browser notification.
function announce(text) {
  if (setting("sound", true)) chime();
  if (setting("notify", false) && document.hidden && "Notification" in window && Notification.permission === "granted") {
    try { new Notification("Your turn — Roundhouse", { body: text, tag: `roundhouse-${gameId}` }); } catch { /* not allowed here */ }
  }
}

// The auction under way in a line, for the moves panel (on a phone the tables are far below).
function auctionLine(view) {
  const auction = view.prompt.auction;
  if (!auction) return "";
  const card = view.privates.find((p) => p.id === auction.item);
  const company = view.table.companies.find((c) => c.id === auction.item);
  const name = card?.name ?? company?.name ?? "";
  const high = auction.high_bidder ? `high bid $${auction.high_bid} by ${auction.high_bidder}` : "no bid yet";
  const worth = card ? ` (value $${card.value}, income $${card.revenue})` : "";
  return `On the block: ${auction.item}${name ? ` ${name}` : ""}${worth} · ${high}`;
}

function hexLabel(id) {
  const hex = state.view?.board?.hexes.find((h) => h.id === id);
  return hex?.location ? `${id} ${hex.location}` : id;
}

// Renders overlap (a click re-renders while a refresh waits for the server): each takes a
// ticket, and one that finds a newer ticket issued after a wait stops there, so an answer
// that arrives late never paints an older position over a newer one.
let renderTicket = 0;

async function render() {
  const ticket = ++renderTicket;
  const live = state.historyIndex === null;
  const view = await shownView();
  if (ticket !== renderTicket) return;
  const title = state.summary.title_name;
  $("game-title").textContent = `· ${title} · ${gameId}`;
  const bots = state.summary.seats.filter((s) => s.kind === "bot");
  $("seats-line").textContent = bots.length
    ? `Bots: ${bots.map((s) => `${s.name} (${s.label || s.level})`).join(", ")}` : "";
  $("seats-line").hidden = !bots.length;
  let status;
  let help = "";
  const yourTurn = live && !view.finished && view.prompt.acting.some((s) => state.mayActFor.includes(s));
  if (!live) status = `Viewing the position after ${state.historyIndex} of ${state.log.length} actions (read-only).`;
  else if (view.finished) status = `Game over${view.end_reason ? ` (${humanize(view.end_reason).toLowerCase()})` : ""}.`;
  else {
    status = banner(view.prompt, state.mayActFor);
    help = view.prompt.help;
  }
  $("status").textContent = status;
  if ($("prompt-help").textContent !== help) {
    $("prompt-help").textContent = help;
    $("prompt-help").classList.remove("open");
  }
  $("prompt-help").hidden = !help;
  // Past two lines' worth, a phone shows the start of the help; a tap shows it all.
  $("prompt-help").classList.toggle("long", help.length > 120);
  $("banner").classList.toggle("your-turn", yourTurn);
  document.title = `${yourTurn ? "● Your turn · " : ""}${live && !view.finished ? banner(view.prompt, state.mayActFor) : status} — ${title}`;
  if (yourTurn && !state.yourTurn) {
    announce(status);
    // A docked, folded move panel opens again when it becomes your turn.
    $("controls-section").classList.remove("collapsed");
    $("dock-toggle").textContent = "Hide";
  }
  state.yourTurn = yourTurn;
  renderSeatBadge();
  renderJoin();
  const seatsNow = JSON.stringify(state.summary.seats.map((s) => s.claimed));
  if (!$("share-panel").hidden && $("share-panel").dataset.seats !== seatsNow) renderShare();

  const actions = live ? state.legal : [];
  if (state.selectedHex && !actions.some((a) => hexesOf(a).includes(state.selectedHex))) state.selectedHex = null;
  settleLay(actions);
  settleRoutes(actions, view);
  // The banner above already names the new position; until its moves replace the last
  // position's (after the map is fetched), those stay in sight but cannot be pressed.
  const controlsBefore = JSON.stringify([actions, state.selectedHex, state.lay, state.routesKey, state.routes?.revision, PHONE.matches]);
  if (controlsBefore !== drawn.controls) {
    $("controls").inert = true;
    $("controls").classList.add("stale");
  }
  await drawBoard(view, live ? legalHexes(actions) : new Set(), live ? legalStops(actions) : new Set(), ticket);
  if (ticket !== renderTicket) return;
  map.preview(state.lay?.hex, state.lay ? tileSrc(gameId, state.lay.tile, state.lay.rotation) : null);
  if (state.routes) state.routes.draw();
  else map.showRoutes([]);
  $("controls-section").hidden = !live || view.finished;
  $("controls-heading").textContent = yourTurn ? "Your move" : "Moves";
  const controlsKey = JSON.stringify([actions, state.selectedHex, state.lay, state.routesKey, state.routes?.revision, PHONE.matches]);
  if (controlsKey !== drawn.controls) {
    drawn.controls = controlsKey;
    renderControls($("controls"), actions, {
      submit, selectedHex: state.selectedHex, multiSeat: state.mayActFor.length > 1, gameId, compact: PHONE.matches,
      lay: state.lay, routes: state.routes, hexLabel, waiting: waitingText(view.prompt), mainStep: view.prompt.step,
      context: auctionLine(view),
      onLay: (lay) => setLay(lay),
      onPickHex: (hex) => pickHex(hex),
      onClearHex: () => { state.selectedHex = null; state.lay = null; rerender(); },
    });
  }
  $("controls").inert = false;
  $("controls").classList.remove("stale");
  $("undo").disabled = !live || undoCount() === 0;
  const tablesKey = JSON.stringify([view, state.mayActFor]);
  if (tablesKey !== drawn.tables) {
    drawn.tables = tablesKey;
    renderTables($("tables"), view, yours());
    fitTables();
  }
  const logKey = `${state.version}:${state.historyIndex}`;
  if (logKey !== drawn.log) {
    drawn.log = logKey;
    const colours = companyColours(view);
    renderLog($("log"), $("log-setup"), state.log, state.setup, state.historyIndex, goTo, (p) => colours[p] ?? null);
  }
  renderHistory();
  renderExports();
  // Lets tests and assistive scripts see which version the page shows.
  document.body.dataset.version = String(state.version);
  document.body.dataset.finished = String(Boolean(state.view.finished));
  document.body.dataset.yourTurn = String(yourTurn);
  if (live && view.finished) await renderSummary(view);
  else $("summary").hidden = true;
}

// A wide screen gives the map the width its shape wants at the screen's height and the tables
// what is left, never less than the spreadsheet needs (its narrowest, names wrapped): the
// column measured here.  It only grows within a game, in steps, so the map does not twitch
// as figures change from move to move.
const WIDE = window.matchMedia("(min-width: 140rem)"); // as style.css's wide screens
let tablesNeed = 0;
function fitTables() {
  const table = document.querySelector("#tables .spreadsheet table");
  if (!WIDE.matches || !table) return;
  const wrap = table.parentElement;
  table.style.minWidth = "0";
  table.style.width = "min-content";
  const style = getComputedStyle(wrap);
  const frame = ["paddingLeft", "paddingRight", "borderLeftWidth", "borderRightWidth"]
    .reduce((sum, side) => sum + parseFloat(style[side]), 0);
  const need = table.getBoundingClientRect().width + frame;
  table.style.minWidth = "";
  table.style.width = "";
  if (need <= tablesNeed) return;
  tablesNeed = Math.ceil(need / 32) * 32;
  $("game").style.setProperty("--tables-need", `${tablesNeed}px`);
}
WIDE.addEventListener("change", fitTables);

// A wide screen's map column holds a board as wide as it may be; a board wider than tall
// (18USA) is then shorter than the screen, and the log fills the room under it instead of
// the side column (style.css, wide screens).  The map's height does not depend on where the
// log is, so this settles in one step.
// rem of free room under the map for the log to move there: a dozen lines of it (18West's and
// 18US's maps left ~19rem empty under them at 2560 px when this asked for 28rem).
const LOG_UNDER_BOARD = 14;
function placeLog() {
  const log = document.querySelector(".log-card");
  const column = $("board-column");
  const board = $("board-section");
  if (!log) return;
  let under = false;
  if (WIDE.matches && !board.hidden) {
    // The map box may be as tall as the screen less 11rem (style.css): what it leaves.
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    const free = window.innerHeight - 11 * rem - $("board").getBoundingClientRect().height;
    under = free > LOG_UNDER_BOARD * rem;
  }
  const home = under ? column : document.querySelector(".side");
  if (log.parentElement === home) return;
  home.append(log);
  const box = log.querySelector(".log-scroll");
  box.scrollTop = box.scrollHeight; // the latest moves in sight, as before the move
}
WIDE.addEventListener("change", placeLog);
window.addEventListener("resize", () => requestAnimationFrame(placeLog));

function rerender() {
  render().catch((e) => toast(e.message));
}
PHONE.addEventListener("change", rerender);

// Redrawing hundreds of SVG hexes is the page's costliest step, so it happens only when
// what the map shows has changed.
const drawn = { board: null, tables: null, log: null, controls: null };

// The tile being laid stays chosen while it is still legal; a newly chosen hex starts with its
// first tile at its first legal rotation.
function settleLay(actions) {
  const lay = state.lay;
  if (!state.selectedHex) { state.lay = null; return; }
  const byTile = laysByTile(actions, state.selectedHex);
  if (!byTile.size) { state.lay = null; return; }
  const tile = lay && lay.hex === state.selectedHex && byTile.has(lay.tile) ? lay.tile : byTile.keys().next().value;
  const group = byTile.get(tile);
  const index = lay && lay.tile === tile && lay.hex === state.selectedHex ? lay.index % group.length : 0;
  state.lay = { hex: state.selectedHex, tile, index, rotation: group[index].action.rotation };
}

function setLay(lay) {
  state.lay = { ...lay, rotation: 0 };
  state.selectedHex = lay.hex;
  rerender();
}

function pickHex(hex) {
  state.selectedHex = hex;
  if (PHONE.matches) map.zoomTo(hex);
  else map.focus(hex);
  rerender();
}

// A run on offer starts the route builder at the optimiser's best run.
function settleRoutes(actions, view) {
  const offered = actions.filter((a) => a.kind === "run_routes");
  if (!offered.length) {
    state.routes = null;
    state.routesKey = null;
    map.onRouteStop = null;
    return;
  }
  const key = `${state.version}:${offered[0].action.entity}`;
  if (state.routesKey === key) return;
  const company = view.table.companies.find((c) => c.id === offered[0].action.entity);
  const builder = new RouteBuilder(offered, company ? company.trains : [], {
    priceRun, submit, stopLabel: hexLabel,
    showRoutes: (routes, colours) => map.showRoutes(routes, colours),
    onChange: () => { builder.revision = (builder.revision ?? 0) + 1; rerender(); },
  });
  builder.revision = 0;
  state.routes = builder;
  state.routesKey = key;
  map.onRouteStop = (stop) => builder.pick(stop);
}

// What a screen reader says about each hex of the board view.
function hexLabels(board) {
  const labels = {};
  for (const h of board?.hexes ?? []) {
    const cost = h.entry_cost !== null && h.tile === null ? h.entry_cost : h.cost;
    labels[h.id] = [h.id, h.location, h.terrain, cost ? `cost $${cost}` : ""].filter(Boolean).join(", ");
  }
  return labels;
}

function priceRun(entity, routes) {
  return api(`/api/games/${gameId}/routes/price`, { method: "POST", token, body: { entity, routes } });
}

async function drawBoard(view, hexes, stops, ticket) {
  if (!view.board) {
    $("board-section").hidden = true;
    document.body.classList.add("no-board");
    return;
  }
  $("board-section").hidden = false;
  document.body.classList.remove("no-board");
  map.labels = hexLabels(view.board);
  // The server draws the board once per position; highlights change without a new drawing.
  const key = `${state.version}:${state.historyIndex}`;
  if (key === drawn.board) {
    map.mark(hexes, state.selectedHex, stops);
    return;
  }
  try {
    const response = await fetch(`/api/games/${gameId}/board.svg${state.historyIndex !== null ? `?index=${state.historyIndex}` : ""}`);
    if (!response.ok) throw new Error("no board");
    const svg = await response.text();
    if (ticket !== renderTicket) return;
    map.dropIn(svg, hexes, state.selectedHex, stops);
    // A wide screen's map box takes the board's shape (no bands of table above and below).
    if (map.full) $("game").style.setProperty("--board-aspect", String(map.full[2] / map.full[3]));
    requestAnimationFrame(placeLog);
    drawn.board = key;
    drawBoard.failures = 0;
  } catch {
    // A drawing lost to a dropped connection or a busy server is asked for again (a few
    // times, more slowly each time) instead of leaving the page without its map; a map
    // already on the page stays in sight meanwhile.
    if (drawn.board === null) $("board-section").hidden = true;
    const failures = (drawBoard.failures ?? 0) + 1;
    drawBoard.failures = failures;
    clearTimeout(drawBoard.retry);
    if (failures <= 5) drawBoard.retry = setTimeout(rerender, 500 * 2 ** failures);
  }
}

function renderHistory() {
  const slider = $("history-slider");
  const total = state.log.length;
  const at = state.historyIndex ?? total;
  slider.max = total;
  slider.value = at;
  slider.setAttribute("aria-valuetext", `after ${at} of ${total} actions`);
  $("history-back").disabled = at === 0;
  $("history-forward").disabled = at >= total;
  $("history-live").disabled = state.historyIndex === null;
  $("history-label").textContent = state.historyIndex === null
    ? `Live: ${total} actions played.` : `Position ${at} of ${total}.`;
}

function renderExports() {
  const site = state.exports.find((e) => e.format === "18xx.games");
  const button = $("export-18xx");
  const note = $("export-18xx-note");
  button.disabled = !site || !site.available;
  note.hidden = !site || site.available;
  note.textContent = site && !site.available ? site.reason : "";
}

// Who this browser plays: a seat, every human seat (hotseat), or nobody (watching).
function renderSeatBadge() {
  const badge = $("seat-badge");
  if (!state.summary) return;
  if (!state.mayActFor.length) badge.textContent = "Watching";
  else if (state.summary.mode === "hotseat") badge.textContent = "Hotseat";
  else badge.textContent = `You are ${state.mayActFor.join(", ")}`;
  badge.dataset.role = state.mayActFor.length ? "player" : "spectator";
}

function goTo(index) {
  state.historyIndex = index >= state.log.length ? null : Math.max(0, index);
  state.selectedHex = null;
  state.lay = null;
  rerender();
}

async function renderSummary(view) {
  const box = $("summary");
  box.hidden = false;
  if (state.summaryShownFor === state.version) return;
  const first = state.summaryShownFor < 0;
  state.summaryShownFor = state.version;
  const result = Object.entries(view.result ?? {}).sort((a, b) => b[1] - a[1]);
  // The winners as the game names them: usually the best score, but not always (18West §9:
  // the sole solvent player wins whatever the scores).
  const best = result.length ? result[0][1] : null;
  const winners = view.winners ?? result.filter(([, v]) => v === best).map(([p]) => p);
  const scores = new Set(winners.map((p) => view.result?.[p]));
  const told = scores.size === 1 ? ` with $${[...scores][0]}` : "";
  const body = $("summary-body");
  body.replaceChildren(
    el("p", { class: "winner" }, winners.length
      ? `${winners.join(" and ")} ${winners.length > 1 ? "share the win" : "wins"}${told}.${view.end_reason ? ` The game ended: ${humanize(view.end_reason).toLowerCase()}.` : ""}`
      : "The game is over."),
    el("table", { class: "result" }, el("caption", {}, "Final scores"),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Player"), el("th", { scope: "col" }, "Score"))),
      el("tbody", {}, result.map(([p, v]) => el("tr", {}, el("th", { scope: "row" }, p), el("td", {}, `$${v}`))))),
  );
  try {
    body.append(valueChart(await api(`/api/games/${gameId}/values`)));
  } catch (error) {
    body.append(el("p", { class: "error" }, `No chart: ${error.message}`));
  }
  if (first) bringIntoSight(box);
}

// The result in sight just under the sticky banner, once drawn whole: scrolled to before the
// chart came, the browser kept the map still as the chart grew above it and pushed the result
// out of sight (a phone showed the chart's foot); scrolled to its top, the banner covered it.
function bringIntoSight(box) {
  const top = box.getBoundingClientRect().top;
  const under = $("banner").offsetHeight;
  if (top >= under && top < innerHeight / 3) return;
  window.scrollTo({ top: Math.max(0, scrollY + top - under - 8) });
}

async function submit(legal) {
  try {
    await api(`/api/games/${gameId}/actions`, {
      method: "POST", token, body: { index: state.version, action: legal.action },
    });
    state.selectedHex = null;
    state.lay = null;
    toast("");
  } catch (error) {
    toast(error instanceof ApiError && error.status === 409 ? "Someone moved first; the table has been updated." : error.message);
  }
  await refresh();
}

async function undo() {
  const count = undoCount();
  if (!count) return;
  try {
    await api(`/api/games/${gameId}/undo`, { method: "POST", token, body: { index: state.version, count } });
  } catch (error) {
    toast(error.message);
  }
  await refresh();
}

function connect(delay = 500) {
  if (state.missing) return;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/games/${gameId}/ws`);
  state.socket = socket;
  const status = $("connection");
  socket.addEventListener("open", () => { status.textContent = "live"; status.dataset.state = "live"; delay = 500; });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    const taken = state.summary?.seats.filter((s) => s.claimed).length;
    if (message.version === state.version && message.seats_taken === taken) return;
    // Bots can move several times a second; one refresh covers a burst of their moves.
    clearTimeout(connect.timer);
    connect.timer = setTimeout(refresh, 80);
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 4404) { showMissing(); return; }
    if (state.missing) return;
    status.textContent = "reconnecting…";
    status.dataset.state = "down";
    setTimeout(() => connect(Math.min(delay * 2, 10000)), delay);
  });
}

// The links to hand out: each seat's own (online games by invitation), yours, and one to watch.
function renderShare() {
  const origin = location.origin;
  const rows = [];
  const line = (label, link, note) => {
    const field = el("input", { type: "text", readonly: true, value: origin + link, "aria-label": label });
    const done = el("span", { class: "hint copied", role: "status" });
    return el("div", { class: "share-line" }, el("span", { class: "share-label" }, label), field,
      el("button", {
        type: "button", class: "small copy", onclick: async () => {
          done.textContent = (await copyText(origin + link)) ? "copied" : "select and copy the link";
          field.select();
        },
      }, "Copy"), done, note ? el("p", { class: "hint" }, note) : null);
  };
  const invites = invitesFor(gameId);
  if (state.summary.mode === "online" && invites.length) {
    rows.push(el("h3", {}, "Seat links"),
      el("p", { class: "hint" }, "Send each player their own link: whoever opens it plays that seat. Keep them private."));
    for (const invite of invites) rows.push(line(`${invite.seat}${invite.token === token ? " (you)" : ""}`, invite.link));
  } else if (token && state.mayActFor.length) {
    const what = state.summary.mode === "hotseat" ? "This table's link (plays every human seat)" : `Your seat link (${state.mayActFor.join(", ")})`;
    rows.push(line(what, `/games/${gameId}#token=${token}`, "Open it on another device to go on playing there. Keep it private."));
  }
  // Open seats: a link per seat for the players here to hand out; whoever opens it first
  // takes that seat (the link carries no secret: the seat is free for anyone to take).
  const others = state.summary.seats.filter((s) => s.kind === "human" && !state.mayActFor.includes(s.name));
  if (state.summary.mode === "online" && state.summary.open_seats && state.mayActFor.length && others.length) {
    const where = state.summary.listed ? " or from the lobby" : "";
    rows.push(el("h3", {}, "Seat links"),
      el("p", { class: "hint" }, `Send each player the link of the seat you keep for them: whoever opens it first takes that seat${where}.`));
    for (const seat of others) {
      rows.push(seat.claimed
        ? el("div", { class: "share-line taken" }, el("span", { class: "share-label" }, seat.name), el("span", { class: "hint" }, "seat taken"))
        : line(`${seat.name} (free)`, `/games/${gameId}#seat=${encodeURIComponent(seat.name)}`));
    }
  }
  rows.push(line("Watch link (read-only)", `/games/${gameId}`, state.summary.listed ? "The game is listed in the lobby." : "The game is unlisted: only people with a link can find it."));
  $("share-body").replaceChildren(...rows);
  $("share-panel").dataset.seats = JSON.stringify(state.summary.seats.map((s) => s.claimed));
}

// A visitor without a seat in a game with free seats: a button per free seat, the one their
// link names (#seat=Bob) first.
function renderJoin() {
  const panel = $("join-panel");
  const free = state.summary.mode === "online" && state.summary.open_seats && !state.mayActFor.length && !state.view?.finished
    ? state.summary.seats.filter((s) => s.kind === "human" && !s.claimed) : [];
  panel.hidden = !free.length;
  if (!free.length) return;
  const invited = free.find((s) => s.name === opening.get("seat"));
  const order = invited ? [invited, ...free.filter((s) => s !== invited)] : free;
  const key = JSON.stringify(order.map((s) => s.name));
  if (panel.dataset.seats === key) return;
  panel.dataset.seats = key;
  $("join-heading").textContent = invited ? `You are invited to play ${invited.name}` : "Seats are free in this game";
  $("join-body").replaceChildren(...order.map((seat) => el("button", {
    type: "button", class: seat === invited ? "take-seat invited" : "take-seat", onclick: () => takeSeat(seat.name),
  }, `Take ${seat.name}'s seat`)), el("span", { class: "hint" }, " or just watch."));
}

async function takeSeat(name) {
  try {
    const joined = await api(`/api/games/${gameId}/seats/${encodeURIComponent(name)}/join`, { method: "POST" });
    rememberToken(gameId, joined.token);
    location.reload();
  } catch (error) {
    toast(error.message);
    refresh();
  }
}

function toggleShare() {
  const panel = $("share-panel");
  const open = panel.hidden;
  if (open) renderShare();
  panel.hidden = !open;
  $("share").setAttribute("aria-expanded", String(open));
}

function renderToggles() {
  const sound = setting("sound", true);
  $("sound").setAttribute("aria-pressed", String(sound));
  $("sound").textContent = sound ? "Sound on" : "Sound off";
  const notify = setting("notify", false) && "Notification" in window && Notification.permission === "granted";
  $("notify").setAttribute("aria-pressed", String(notify));
  $("notify").textContent = notify ? "Notifying" : "Notify me";
  $("notify").hidden = !("Notification" in window);
}

function wire() {
  map.onHex = (hex) => {
    if (state.lay && state.lay.hex === hex) {
      state.lay = { ...state.lay, index: state.lay.index + 1 };
      rerender();
      return;
    }
    state.selectedHex = hex;
    state.lay = null;
    if (PHONE.matches) map.zoomTo(hex);
    render().then(() => {
      const first = document.querySelector(".selected-hex button");
      if (first && window.matchMedia("(min-width: 52rem)").matches) first.focus();
      document.querySelector(".selected-hex")?.scrollIntoView({ block: "nearest" });
    });
  };
  map.onStop = (hex, city) => {
    const here = state.legal.filter((a) => a.kind === "place_token" && a.action.hex === hex && a.action.city === city);
    if (here.length === 1) submit(here[0]);
    else map.onHex(hex);
  };
  document.addEventListener("keydown", (e) => {
    if (!state.lay || e.target.closest?.("input, textarea, select")) return;
    if (e.key === "r" || e.key === "R") {
      e.preventDefault();
      state.lay = { ...state.lay, index: state.lay.index + 1 };
      rerender();
    } else if (e.key === "Enter" && !e.target.closest?.("button")) {
      e.preventDefault();
      $("lay-confirm")?.click();
    } else if (e.key === "Escape") {
      state.selectedHex = null;
      state.lay = null;
      rerender();
    }
  });
  $("prompt-help").addEventListener("click", () => $("prompt-help").classList.toggle("open"));
  $("zoom-in").addEventListener("click", () => map.zoom(0.8));
  $("zoom-out").addEventListener("click", () => map.zoom(1.25));
  $("zoom-reset").addEventListener("click", () => map.reset());
  $("undo").addEventListener("click", undo);
  $("history-back").addEventListener("click", () => goTo((state.historyIndex ?? state.log.length) - 1));
  $("history-forward").addEventListener("click", () => goTo((state.historyIndex ?? state.log.length) + 1));
  $("history-live").addEventListener("click", () => goTo(state.log.length));
  $("history-slider").addEventListener("input", (e) => goTo(Number(e.target.value)));
  $("share").addEventListener("click", toggleShare);
  $("dock-toggle").addEventListener("click", () => {
    const dock = $("controls-section");
    const collapsed = dock.classList.toggle("collapsed");
    $("dock-toggle").textContent = collapsed ? "Show" : "Hide";
    $("dock-toggle").setAttribute("aria-expanded", String(!collapsed));
  });
  $("sound").addEventListener("click", () => {
    const on = !setting("sound", true);
    setSetting("sound", on);
    if (on) chime();
    renderToggles();
  });
  $("notify").addEventListener("click", async () => {
    const on = !(setting("notify", false) && Notification.permission === "granted");
    if (on && Notification.permission !== "granted") {
      const answer = await Notification.requestPermission();
      if (answer !== "granted") {
        toast("Notifications are blocked for this site in your browser's settings.");
        setSetting("notify", false);
        renderToggles();
        return;
      }
    }
    setSetting("notify", on);
    renderToggles();
  });
  $("export").addEventListener("click", async () => {
    try {
      download(`roundhouse-${gameId}.json`, await api(`/api/games/${gameId}/export`));
    } catch (error) { toast(error.message); }
  });
  $("export-18xx").addEventListener("click", async () => {
    try {
      download(`18xx-${gameId}.json`, await api(`/api/games/${gameId}/export/18xx`));
    } catch (error) { toast(error.message); }
  });
  $("import-file").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    try {
      const doc = JSON.parse(await file.text());
      const created = await api(importPath(doc), { method: "POST", body: { doc } });
      rememberToken(created.game.id, created.token);
      rememberInvites(created.game.id, created.invites);
      location.href = created.link;
    } catch (error) { toast(`Could not import: ${error.message}`); }
  });
  renderToggles();
  // An open menu closes when something else is clicked.
  document.addEventListener("click", (e) => {
    for (const menu of document.querySelectorAll("details.menu[open]")) {
      if (e.isTrusted && !menu.contains(e.target)) menu.open = false;
    }
  });
  // On a phone the controls are docked over the page's foot: keep the page scrollable past them.
  const dock = $("controls-section");
  new ResizeObserver(() => {
    const docked = getComputedStyle(dock).position === "fixed" && !dock.hidden;
    document.body.style.setProperty("--dock", docked ? `${dock.offsetHeight}px` : "0px");
  }).observe(dock);
}

wire();
refresh().then(() => {
  connect();
  if (opening.get("share") === "1" && state.summary) toggleShare();
});
