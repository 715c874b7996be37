// An inline SVG line chart of each player's worth over the game (the worth the spreadsheet
// shows: net worth in 18xx, the title's estimate where only cash scores), with a legend.
import { el } from "./api.js";

const SVG = "http://www.w3.org/2000/svg";
const COLOURS = ["#c0392b", "#2c6fbb", "#1e8449", "#8e44ad", "#d68910", "#117a65"];

function s(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

// A round step for the money axis: 1, 2, 2.5 or 5 times a power of ten, about a quarter of
// the top value, so the grid reads $0, $50, $100, ... rather than $0, $58, $116, ...
export function moneyStep(top) {
  const rough = Math.max(1, top / 4);
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 2.5, 5, 10].map((m) => m * power).find((step) => step >= rough && Number.isInteger(step))
    ?? 10 * power;
}

// Round starts to label on the move axis, where their names fit: first the rounds that open a
// set ("SR 3", "round 2": no ".n" part), then operating rounds in the room left, so 18xx's many
// operating rounds neither overprint nor crowd out the stock rounds. Every start gets a tick.
function roundLabels(rounds, x, right) {
  const span = (round) => {
    const at = x(round.index);
    return [at, at + 2 + round.label.length * 6.5];
  };
  const taken = [];
  const shown = new Set();
  const primary = rounds.filter((r) => !/\d\.\d/.test(r.label));
  for (const round of [...primary, ...rounds.filter((r) => !primary.includes(r))]) {
    const [from, to] = span(round);
    if (to > right + 4 || taken.some(([a, b]) => from < b + 10 && to + 10 > a)) continue;
    taken.push([from, to]);
    shown.add(round);
  }
  return shown;
}

export function valueChart({ indices, series, rounds = [] }) {
  // As wide as the screen allows (up to 640 units), so the axis labels stay near 11 px on a
  // phone instead of being scaled down with a wide drawing.
  const W = Math.round(Math.max(320, Math.min(640, window.innerWidth - 40)));
  const Hh = Math.round(W * 0.47), L = 50, R = 16, T = 16, B = 36;
  const players = Object.keys(series);
  const all = players.flatMap((p) => series[p]);
  const step = moneyStep(Math.max(1, ...all));
  const maxV = Math.ceil(Math.max(1, ...all) / step) * step;
  const maxI = Math.max(1, indices[indices.length - 1] ?? 1);
  const x = (i) => L + ((W - L - R) * i) / maxI;
  const y = (v) => T + (Hh - T - B) * (1 - v / maxV);
  const svg = s("svg", { viewBox: `0 0 ${W} ${Hh}`, role: "img", class: "chart", "aria-labelledby": "chart-title" });
  svg.append(s("title", { id: "chart-title" }, "Each player's worth over the game"));
  for (let v = 0; v <= maxV; v += step) {
    svg.append(s("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), class: "grid" }));
    svg.append(s("text", { x: L - 6, y: y(v) + 4, class: "axis money", "text-anchor": "end" }, `$${v}`));
  }
  // The move axis by round, as players count a game: a tick where each round began, and
  // its name ("SR 2", "OR 2.1", "round 3") where there is room.
  const labelled = roundLabels(rounds, x, W);
  for (const round of rounds) {
    const at = x(round.index);
    svg.append(s("line", { x1: at, x2: at, y1: T, y2: Hh - B + 4, class: "grid round-tick" }));
    if (labelled.has(round)) {
      svg.append(s("text", { x: at + 2, y: Hh - B + 15, class: "axis round", "text-anchor": "start" }, round.label));
    }
  }
  svg.append(s("text", { x: (L + W - R) / 2, y: Hh - 4, class: "axis", "text-anchor": "middle" }, rounds.length ? "rounds" : "moves played"));
  players.forEach((p, n) => {
    const points = series[p].map((v, i) => `${x(indices[i]).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    svg.append(s("polyline", { points, fill: "none", stroke: COLOURS[n % COLOURS.length], "stroke-width": 2.5, "data-player": p }));
  });
  const legend = el("ul", { class: "legend" }, players.map((p, n) =>
    el("li", {}, el("span", { class: "swatch", style: `background:${COLOURS[n % COLOURS.length]}` }), p)));
  return el("figure", { class: "chart-figure" }, el("figcaption", {}, "Worth over the game"), svg, legend);
}
