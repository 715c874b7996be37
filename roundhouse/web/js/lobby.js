// The lobby: create a game (seats, hotseat or online, listed or not, rules options in plain
// words), import a saved game with its seats, list open/running/finished games, join a seat.
import { api, el, importPath, rememberInvites, rememberToken } from "./api.js";

const titleSelect = document.getElementById("title");
const countSelect = document.getElementById("player-count");
const seatList = document.getElementById("seats");
const optionsBox = document.getElementById("options");
const NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"];
let titles = [];
let imported = null; // the file chosen for import: { doc, path }

function currentTitle() {
  return titles.find((t) => t.id === titleSelect.value);
}

// Your name, remembered in this browser for the next game.
function myName() {
  return localStorage.getItem("roundhouse-name") || "Ann";
}

// Bot levels (roundhouse.bots): the heuristic plays the title's own judgement at once; MCTS
// searches with it for the time its strength names; random is for testing.
const BOT_LEVELS = [
  ["heuristic", "heuristic bot"],
  ["mcts:strength=1", "MCTS bot, strength 1 (¼ s a move)"],
  ["mcts:strength=2", "MCTS bot, strength 2 (½ s a move)"],
  ["mcts:strength=3", "MCTS bot, strength 3 (1 s a move)"],
  ["mcts:strength=4", "MCTS bot, strength 4 (2 s a move)"],
  ["mcts:strength=5", "MCTS bot, strength 5 (4 s a move)"],
  ["random", "random bot"],
];

function seatRow(i, previous, prefix = "Seat") {
  const kind = previous?.kind ?? (i === 0 ? "human" : "bot");
  const fallback = i === 0 ? myName() : `Bot ${NAMES[i] ?? i + 1}`;
  const name = previous?.name ?? fallback;
  const level = el("select", { "aria-label": `${prefix} ${i + 1} bot level`, class: "level" },
    ...BOT_LEVELS.map(([value, name]) => el("option", { value }, name)));
  if (previous?.level) level.value = previous.level;
  const kindSelect = el("select", { "aria-label": `${prefix} ${i + 1} player`, class: "kind" },
    el("option", { value: "human" }, "person"),
    el("option", { value: "bot" }, "bot"));
  kindSelect.value = kind;
  const sync = () => { level.hidden = kindSelect.value !== "bot"; };
  kindSelect.addEventListener("change", sync);
  sync();
  return el("li", { class: "seat" },
    el("input", { "aria-label": `${prefix} ${i + 1} name`, class: "name", value: name, required: true, maxlength: 40 }),
    kindSelect, level);
}

function readSeats(list = seatList) {
  return [...list.children].map((li) => ({
    name: li.querySelector(".name").value.trim(),
    kind: li.querySelector(".kind").value,
    level: li.querySelector(".kind").value === "bot" ? li.querySelector(".level").value : undefined,
  }));
}

function renderSeats() {
  const previous = readSeats();
  seatList.replaceChildren();
  const n = Number(countSelect.value);
  for (let i = 0; i < n; i++) seatList.append(seatRow(i, previous[i]));
}


function renderTitle() {
  const title = currentTitle();
  if (!title) return;
  const previous = countSelect.value;
  countSelect.replaceChildren();
  for (let n = title.min_players; n <= title.max_players; n++) {
    countSelect.append(el("option", { value: n }, String(n)));
  }
  countSelect.value = previous && previous >= title.min_players && previous <= title.max_players
    ? previous : String(Math.min(title.max_players, Math.max(title.min_players, 4)));
  const about = [title.designer && `by ${title.designer}`, title.publisher && `published by ${title.publisher}`,
    `${title.min_players}–${title.max_players} players`].filter(Boolean).join(", ");
  document.getElementById("title-about").textContent = about;
  renderSeats();
  optionsBox.replaceChildren();
  for (const option of title.options) {
    const id = `option-${option.name}`;
    let input;
    if (option.choices) {
      input = el("select", { id, "data-option": option.name },
        option.choices.map((c, i) => el("option", { value: JSON.stringify(c) }, option.choice_labels[i])));
      input.value = JSON.stringify(option.default);
    } else if (typeof option.default === "boolean") {
      input = el("input", { id, type: "checkbox", "data-option": option.name, checked: option.default });
    } else if (typeof option.default === "number") {
      input = el("input", { id, type: "number", step: 1, value: option.default, "data-option": option.name });
    } else {
      input = el("input", { id, type: "text", value: option.default, "data-option": option.name });
    }
    // The title's label for the option ("Shorter Game") over what it changes; the name the
    // API takes is left to a tooltip.
    optionsBox.append(el("div", { class: "option", title: `API option name: ${option.name}` },
      input, el("label", { for: id }, option.label), el("span", { class: "hint" }, option.description)));
  }
  document.getElementById("options-count").textContent = title.options.length
    ? `(${title.options.length}; the defaults follow the rulebook)` : "(none)";
  document.getElementById("options-box").hidden = !title.options.length;
}

function readOptions() {
  const options = {};
  for (const input of optionsBox.querySelectorAll("[data-option]")) {
    const name = input.dataset.option;
    if (input.type === "checkbox") options[name] = input.checked;
    else if (input.tagName === "SELECT") options[name] = JSON.parse(input.value);
    else if (input.type === "number") options[name] = Number(input.value);
    else options[name] = input.value;
  }
  return options;
}

function go(created, share) {
  rememberToken(created.game.id, created.token);
  rememberInvites(created.game.id, created.invites);
  const [path, hash] = created.link.split("#");
  const params = new URLSearchParams(hash || "");
  if (share) params.set("share", "1");
  location.href = `${path}${params.toString() ? `#${params}` : ""}`;
}

async function create(event) {
  event.preventDefault();
  const errorBox = document.getElementById("create-error");
  errorBox.textContent = "";
  const mode = new FormData(event.target).get("mode");
  const seats = readSeats();
  const seed = document.getElementById("seed").value;
  const body = {
    title: titleSelect.value, seats, mode, options: readOptions(),
    listed: document.getElementById("listed").checked,
  };
  if (seed !== "") body.seed = Number(seed);
  if (mode === "online") {
    body.open_seats = document.getElementById("open-seats").checked;
    const me = seats.find((s) => s.kind === "human");
    if (me) body.join_as = me.name;
  }
  const me = seats.find((s) => s.kind === "human");
  if (me) localStorage.setItem("roundhouse-name", me.name);
  try {
    const created = await api("/api/games", { method: "POST", body });
    go(created, mode === "online" && seats.filter((s) => s.kind === "human").length > 1);
  } catch (error) {
    errorBox.textContent = error.message;
  }
}

// A chosen file: read it, show its seats (people or bots, as the file says) and import on
// confirmation.
async function chooseImport(event) {
  const errorBox = document.getElementById("import-error");
  const form = document.getElementById("import-form");
  errorBox.textContent = "";
  form.hidden = true;
  imported = null;
  const file = event.target.files[0];
  if (!file) return;
  let doc;
  try {
    doc = JSON.parse(await file.text());
  } catch {
    errorBox.textContent = "Could not import: that file is not JSON.";
    return;
  }
  const path = importPath(doc);
  const site = path.endsWith("/18xx");
  const players = site
    ? (Array.isArray(doc.players) ? doc.players.map((p) => ({ name: String(p?.name ?? p?.id ?? "") })) : [])
    : (Array.isArray(doc.players) ? doc.players.map((p) => ({ name: String(p) })) : []);
  const saved = Array.isArray(doc.seats) ? doc.seats : [];
  imported = { doc, path, site, names: players.map((p) => p.name) };
  const list = document.getElementById("import-seats");
  list.replaceChildren(...players.map((p, i) => {
    const given = saved.find((s) => s && s.name === p.name);
    const row = seatRow(i, { name: p.name, kind: given?.kind ?? "human", level: given?.level }, "Imported seat");
    row.querySelector(".name").readOnly = true;
    return row;
  }));
  document.getElementById("import-about").textContent =
    `${site ? "An 18xx.games game" : "A Roundhouse game"} of ${doc.title ?? "an unknown title"}, ${Array.isArray(doc.actions) ? doc.actions.length : 0} actions. Choose who is a person and who a bot.`;
  form.hidden = false;
}

async function importGame(event) {
  event.preventDefault();
  const errorBox = document.getElementById("import-error");
  errorBox.textContent = "";
  if (!imported) return;
  const mode = new FormData(event.target).get("import-mode");
  const seats = readSeats(document.getElementById("import-seats"));
  try {
    let created;
    try {
      created = await api(imported.path, { method: "POST", body: { doc: imported.doc, mode, seats } });
    } catch (error) {
      // An 18xx.games game whose names cannot seat it (two players of one name) keeps the
      // site's player ids as seats: import it as it is.
      if (!imported.site || error.code !== "seats_mismatch") throw error;
      created = await api(imported.path, { method: "POST", body: { doc: imported.doc, mode } });
    }
    go(created, mode === "online");
  } catch (error) {
    errorBox.textContent = `Could not import: ${error.message}`;
  }
}

function gameItem(game) {
  const seats = game.seats.map((s) => `${s.name}${s.kind === "bot" ? ` (${s.label || "bot"})` : ""}`).join(", ");
  const status = game.finished ? "finished" : `${game.action_count} moves, ${game.acting.join(", ")} to act`;
  const item = el("li", { class: "game-item" },
    el("a", { href: `/games/${game.id}` }, `${game.title_name} · ${game.id}`),
    el("span", { class: "hint" }, ` ${game.mode} · ${seats} · ${status}`));
  if (game.status === "open") {
    for (const seat of game.seats.filter((s) => s.kind === "human" && !s.claimed)) {
      item.append(el("button", {
        type: "button", class: "small",
        onclick: async () => {
          try {
            const joined = await api(`/api/games/${game.id}/seats/${encodeURIComponent(seat.name)}/join`, { method: "POST" });
            rememberToken(game.id, joined.token);
            location.href = joined.link;
          } catch (error) {
            document.getElementById("create-error").textContent = error.message;
          }
        },
      }, `Join as ${seat.name}`));
    }
  }
  return item;
}

async function refreshGames() {
  for (const status of ["open", "running", "finished"]) {
    const list = document.getElementById(`games-${status}`);
    const games = await api(`/api/games?status=${status}`);
    list.replaceChildren(...(games.length ? games.map(gameItem) : [el("li", { class: "hint" }, "none")]));
  }
}

function syncMode() {
  const online = document.querySelector("input[name=mode]:checked").value === "online";
  document.getElementById("online-options").hidden = !online;
}

async function main() {
  titles = await api("/api/titles");
  titleSelect.replaceChildren(...titles.map((t) => el("option", { value: t.id }, t.name)));
  const preferred = titles.find((t) => t.id === "ChicagoExpress");
  if (preferred) titleSelect.value = preferred.id;
  titleSelect.addEventListener("change", renderTitle);
  countSelect.addEventListener("change", renderSeats);
  renderTitle();
  const form = document.getElementById("new-game");
  form.addEventListener("submit", create);
  // A message about an earlier attempt goes as soon as the form changes.
  form.addEventListener("input", () => { document.getElementById("create-error").textContent = ""; });
  form.addEventListener("change", () => { document.getElementById("create-error").textContent = ""; syncMode(); });
  document.getElementById("import-file").addEventListener("change", chooseImport);
  document.getElementById("import-form").addEventListener("submit", importGame);
  syncMode();
  await refreshGames();
  setInterval(refreshGames, 10000);
}

main();
