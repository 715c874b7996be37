// The game page: view, map, controls, log, undo, history and live updates for any title.
import { api, ApiError, download, el, humanize, rememberToken, tokenFor } from "./api.js";
import { valueChart } from "./chart.js";
import { legalHexes, legalStops, renderControls } from "./controls.js";
import { HexMap } from "./hexmap.js";
import { renderTables } from "./panels.js";

// The view's version this page was written for (GameView.view_version in /openapi.json).
const VIEW_VERSION = 1;

const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const token = tokenFor(gameId);
if (location.hash.includes("token=")) history.replaceState(null, "", location.pathname);

const state = {
  summary: null, version: -1, view: null, legal: [], log: [], mayActFor: [],
  historyIndex: null, selectedHex: null, busy: false, pending: false, boardMode: null,
  summaryShownFor: -1, routes: null,
};
const map = new HexMap(document.getElementById("board"));
const $ = (id) => document.getElementById(id);

function toast(message) {
  const box = $("toast");
  box.textContent = message;
  box.hidden = !message;
  clearTimeout(toast.timer);
  if (message) toast.timer = setTimeout(() => { box.hidden = true; }, 6000);
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
      state.summary = reply.game;
      state.mayActFor = reply.may_act_for;
      state.version = reply.version;
      state.view = reply.view;
      state.legal = reply.actions;
      if (reply.view.view_version !== VIEW_VERSION) {
        toast(`This page reads view version ${VIEW_VERSION}; the server sends ${reply.view.view_version}. Reload the page.`);
      }
      if (state.historyIndex !== null && state.historyIndex > state.log.length) state.historyIndex = null;
      await render();
    } while (state.pending);
  } catch (error) {
    toast(error.message);
  } finally {
    state.busy = false;
  }
}

async function shownView() {
  if (state.historyIndex === null) return state.view;
  const reply = await api(`/api/games/${gameId}/history/${state.historyIndex}`);
  return reply.view;
}

async function render() {
  const live = state.historyIndex === null;
  const view = await shownView();
  const title = state.summary.title_name;
  document.title = `Roundhouse — ${title} ${gameId}`;
  $("game-title").textContent = `· ${title} · ${gameId} · ${state.summary.mode}`;
  const bots = state.summary.seats.filter((s) => s.kind === "bot");
  $("seats-line").textContent = bots.length
    ? `Bots: ${bots.map((s) => `${s.name} (${s.label || s.level})`).join(", ")}` : "";
  $("seats-line").hidden = !bots.length;
  let status;
  let help = "";
  if (!live) status = `Viewing the position after ${state.historyIndex} of ${state.log.length} actions (read-only).`;
  else if (view.finished) status = `Game over${view.end_reason ? ` (${humanize(view.end_reason)})` : ""}.`;
  else {
    status = banner(view.prompt, state.mayActFor);
    help = view.prompt.help;
  }
  $("status").textContent = status;
  $("prompt-help").textContent = help;
  $("prompt-help").hidden = !help;

  const actions = live ? state.legal : [];
  if (state.selectedHex && !actions.some((a) => a.action.hex === state.selectedHex)) state.selectedHex = null;
  await drawBoard(view, live ? legalHexes(actions) : new Set(), live ? legalStops(actions) : new Set());
  $("controls-section").hidden = !live || view.finished;
  const controlsKey = JSON.stringify([actions, state.selectedHex]);
  if (controlsKey !== drawn.controls) {
    drawn.controls = controlsKey;
    state.routes = null;
    renderControls($("controls"), actions, {
      submit, selectedHex: state.selectedHex, multiSeat: state.mayActFor.length > 1,
      gameId, priceRun, showRoutes,
      onClearHex: () => { state.selectedHex = null; render().catch((e) => toast(e.message)); },
    });
  }
  const offered = actions.find((a) => a.kind === "run_routes");
  map.showRoutes(state.routes ?? offered?.action.routes ?? []);
  $("undo").disabled = !live || undoCount() === 0;
  const tablesKey = JSON.stringify(view);
  if (tablesKey !== drawn.tables) {
    drawn.tables = tablesKey;
    renderTables($("tables"), view);
  }
  const logKey = `${state.version}:${state.historyIndex}`;
  if (logKey !== drawn.log) {
    drawn.log = logKey;
    renderLog();
  }
  renderHistory();
  // Lets tests and assistive scripts see which version the page shows.
  document.body.dataset.version = String(state.version);
  document.body.dataset.finished = String(Boolean(state.view.finished));
  if (live && view.finished) await renderSummary(view);
  else $("summary").hidden = true;
}

// Redrawing hundreds of SVG hexes is the page's costliest step, so it happens only when
// what the map shows has changed.
const drawn = { board: null, tables: null, log: null, controls: null };

// The turn banner: "OR 4.1 · KP (you): lay track"; "Ann to act (you)" where the title names
// no round or step.
function banner(prompt, mine) {
  const who = prompt.entity ?? prompt.acting.join(", ");
  const you = prompt.acting.some((s) => mine.includes(s)) ? " (you)" : "";
  const round = prompt.round ? `${prompt.round} · ` : "";
  return prompt.action ? `${round}${who}${you}: ${prompt.action}` : `${round}${who} to act${you}`;
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

function showRoutes(routes) {
  state.routes = routes;
  map.showRoutes(routes);
}

function priceRun(entity, routes) {
  return api(`/api/games/${gameId}/routes/price`, { method: "POST", token, body: { entity, routes } });
}

async function drawBoard(view, hexes, stops) {
  if (!view.board) {
    state.boardMode = "none";
    $("board-section").hidden = true;
    return;
  }
  $("board-section").hidden = false;
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
    map.dropIn(await response.text(), hexes, state.selectedHex, stops);
    state.boardMode = "svg";
    drawn.board = key;
  } catch {
    state.boardMode = "none";
    $("board-section").hidden = true;
  }
}

function renderLog() {
  const list = $("log");
  const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
  list.replaceChildren(...state.log.map((entry) => el("li", {
    class: state.historyIndex !== null && entry.index === state.historyIndex - 1 ? "current" : "",
  }, el("button", {
    type: "button", class: "link", title: "Show the position after this action",
    onclick: () => goTo(entry.index + 1),
  }, entry.text))));
  if (atEnd || state.historyIndex === null) list.scrollTop = list.scrollHeight;
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

function goTo(index) {
  state.historyIndex = index >= state.log.length ? null : Math.max(0, index);
  state.selectedHex = null;
  render().catch((e) => toast(e.message));
}

async function renderSummary(view) {
  const box = $("summary");
  box.hidden = false;
  if (state.summaryShownFor === state.version) return;
  state.summaryShownFor = state.version;
  const result = Object.entries(view.result ?? {}).sort((a, b) => b[1] - a[1]);
  const body = $("summary-body");
  body.replaceChildren(
    el("p", {}, result.length ? `${result[0][0]} wins${view.end_reason ? ` — ${humanize(view.end_reason)}` : ""}.` : "The game is over."),
    el("table", { class: "result" }, el("caption", {}, "Final values"),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Player"), el("th", { scope: "col" }, "Value"))),
      el("tbody", {}, result.map(([p, v]) => el("tr", {}, el("th", { scope: "row" }, p), el("td", {}, `$${v}`))))),
  );
  try {
    body.append(valueChart(await api(`/api/games/${gameId}/values`)));
  } catch (error) {
    body.append(el("p", { class: "error" }, `No chart: ${error.message}`));
  }
}

async function submit(legal) {
  try {
    await api(`/api/games/${gameId}/actions`, {
      method: "POST", token, body: { index: state.version, action: legal.action },
    });
    state.selectedHex = null;
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
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/games/${gameId}/ws`);
  const status = $("connection");
  socket.addEventListener("open", () => { status.textContent = "live"; status.dataset.state = "live"; delay = 500; });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.version === state.version) return;
    // Bots can move several times a second; one refresh covers a burst of their moves.
    clearTimeout(connect.timer);
    connect.timer = setTimeout(refresh, 80);
  });
  socket.addEventListener("close", () => {
    status.textContent = "reconnecting…";
    status.dataset.state = "down";
    setTimeout(() => connect(Math.min(delay * 2, 10000)), delay);
  });
}

function wire() {
  map.onHex = (hex) => {
    state.selectedHex = hex;
    const here = state.legal.filter((a) => a.action.hex === hex);
    render().then(() => {
      const first = document.querySelector(".selected-hex button");
      if (first && here.length) first.focus();
    });
  };
  map.onStop = (hex, city) => {
    const here = state.legal.filter((a) => a.kind === "place_token" && a.action.hex === hex && a.action.city === city);
    if (here.length === 1) submit(here[0]);
    else map.onHex(hex);
  };
  $("zoom-in").addEventListener("click", () => map.zoom(0.8));
  $("zoom-out").addEventListener("click", () => map.zoom(1.25));
  $("zoom-reset").addEventListener("click", () => map.reset());
  $("undo").addEventListener("click", undo);
  $("history-back").addEventListener("click", () => goTo((state.historyIndex ?? state.log.length) - 1));
  $("history-forward").addEventListener("click", () => goTo((state.historyIndex ?? state.log.length) + 1));
  $("history-live").addEventListener("click", () => goTo(state.log.length));
  $("history-slider").addEventListener("input", (e) => goTo(Number(e.target.value)));
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
      const created = await api("/api/games/import", { method: "POST", body: { doc: JSON.parse(await file.text()) } });
      rememberToken(created.game.id, created.token);
      location.href = created.link;
    } catch (error) { toast(`Could not import: ${error.message}`); }
  });
}

wire();
refresh().then(() => connect());
