// The lobby: create a game, import one, list open/running/finished games and join a seat.
import { api, el, rememberToken } from "./api.js";

const titleSelect = document.getElementById("title");
const countSelect = document.getElementById("player-count");
const seatList = document.getElementById("seats");
const optionsBox = document.getElementById("options");
let titles = [];

function currentTitle() {
  return titles.find((t) => t.id === titleSelect.value);
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

function seatRow(i, previous) {
  const kind = previous?.kind ?? (i === 0 ? "human" : "bot");
  const name = previous?.name ?? (i === 0 ? "You" : `Bot ${i}`);
  const level = el("select", { "aria-label": `Seat ${i + 1} bot level`, class: "level" },
    ...BOT_LEVELS.map(([value, name]) => el("option", { value }, name)));
  if (previous?.level) level.value = previous.level;
  const kindSelect = el("select", { "aria-label": `Seat ${i + 1} player`, class: "kind" },
    el("option", { value: "human" }, "person"),
    el("option", { value: "bot" }, "bot"));
  kindSelect.value = kind;
  const sync = () => { level.hidden = kindSelect.value !== "bot"; };
  kindSelect.addEventListener("change", sync);
  sync();
  return el("li", { class: "seat" },
    el("input", { "aria-label": `Seat ${i + 1} name`, class: "name", value: name, required: true, maxlength: 40 }),
    kindSelect, level);
}

function readSeats() {
  return [...seatList.children].map((li) => ({
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
  renderSeats();
  optionsBox.replaceChildren();
  for (const option of title.options) {
    const id = `option-${option.name}`;
    let input;
    if (option.choices) {
      input = el("select", { id, "data-option": option.name },
        option.choices.map((c) => el("option", { value: JSON.stringify(c) }, String(c))));
      input.value = JSON.stringify(option.default);
    } else if (typeof option.default === "boolean") {
      input = el("input", { id, type: "checkbox", "data-option": option.name, checked: option.default });
    } else if (typeof option.default === "number") {
      input = el("input", { id, type: "number", step: 1, value: option.default, "data-option": option.name });
    } else {
      input = el("input", { id, type: "text", value: option.default, "data-option": option.name });
    }
    optionsBox.append(el("div", { class: "option" },
      el("label", { for: id }, option.name), input,
      el("span", { class: "hint" }, option.description)));
  }
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

async function create(event) {
  event.preventDefault();
  const errorBox = document.getElementById("create-error");
  errorBox.textContent = "";
  const mode = new FormData(event.target).get("mode");
  const seats = readSeats();
  const seed = document.getElementById("seed").value;
  const body = { title: titleSelect.value, seats, mode, options: readOptions() };
  if (seed !== "") body.seed = Number(seed);
  if (mode === "online") {
    const me = seats.find((s) => s.kind === "human");
    if (me) body.join_as = me.name;
  }
  try {
    const created = await api("/api/games", { method: "POST", body });
    rememberToken(created.game.id, created.token);
    location.href = created.link;
  } catch (error) {
    errorBox.textContent = error.message;
  }
}

async function importFile(event) {
  const errorBox = document.getElementById("import-error");
  errorBox.textContent = "";
  const file = event.target.files[0];
  if (!file) return;
  try {
    const doc = JSON.parse(await file.text());
    // An 18xx.games document has "settings"/"id" and actions with a "type"; ours has "kind".
    const site = Array.isArray(doc.actions) && doc.actions.some((a) => a && "type" in a);
    const path = site ? "/api/games/import/18xx" : "/api/games/import";
    const created = await api(path, { method: "POST", body: { doc } });
    rememberToken(created.game.id, created.token);
    location.href = created.link;
  } catch (error) {
    errorBox.textContent = `Could not import: ${error.message}`;
  }
}

function gameItem(game) {
  const seats = game.seats.map((s) => `${s.name}${s.kind === "bot" ? ` (${s.label || "bot"})` : ""}`).join(", ");
  const status = game.finished ? "finished" : `${game.action_count} actions, ${game.acting.join(", ")} to act`;
  const item = el("li", { class: "game" },
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
            alert(error.message);
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

async function main() {
  titles = await api("/api/titles");
  titleSelect.replaceChildren(...titles.map((t) => el("option", { value: t.id }, t.name)));
  const preferred = titles.find((t) => t.id === "ChicagoExpress");
  if (preferred) titleSelect.value = preferred.id;
  titleSelect.addEventListener("change", renderTitle);
  countSelect.addEventListener("change", renderSeats);
  renderTitle();
  document.getElementById("new-game").addEventListener("submit", create);
  document.getElementById("import-file").addEventListener("change", importFile);
  await refreshGames();
  setInterval(refreshGames, 10000);
}

main();
