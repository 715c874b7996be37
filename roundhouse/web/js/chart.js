// An inline SVG line chart of each player's worth over the game (net worth in 18xx; cash
// plus what shares should still pay in Chicago Express), with a legend.
import { el } from "./api.js";

const SVG = "http://www.w3.org/2000/svg";
const COLOURS = ["#c0392b", "#2c6fbb", "#1e8449", "#8e44ad", "#d68910", "#117a65"];

function s(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

export function valueChart({ indices, series }) {
  // As wide as the screen allows (up to 640 units), so the axis labels stay near 11 px on a
  // phone instead of being scaled down with a wide drawing.
  const W = Math.round(Math.max(320, Math.min(640, window.innerWidth - 40)));
  const Hh = Math.round(W * 0.47), L = 50, R = 16, T = 16, B = 36;
  const players = Object.keys(series);
  const all = players.flatMap((p) => series[p]);
  const maxV = Math.max(1, ...all);
  const maxI = Math.max(1, indices[indices.length - 1] ?? 1);
  const x = (i) => L + ((W - L - R) * i) / maxI;
  const y = (v) => T + (Hh - T - B) * (1 - v / maxV);
  const svg = s("svg", { viewBox: `0 0 ${W} ${Hh}`, role: "img", class: "chart", "aria-labelledby": "chart-title" });
  svg.append(s("title", { id: "chart-title" }, "Each player's worth over the game"));
  for (let k = 0; k <= 4; k++) {
    const v = Math.round((maxV * k) / 4);
    svg.append(s("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), class: "grid" }));
    svg.append(s("text", { x: L - 6, y: y(v) + 4, class: "axis", "text-anchor": "end" }, `$${v}`));
  }
  svg.append(s("text", { x: (L + W - R) / 2, y: Hh - 6, class: "axis", "text-anchor": "middle" }, "moves played"));
  players.forEach((p, n) => {
    const points = series[p].map((v, i) => `${x(indices[i]).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    svg.append(s("polyline", { points, fill: "none", stroke: COLOURS[n % COLOURS.length], "stroke-width": 2.5, "data-player": p }));
  });
  const legend = el("ul", { class: "legend" }, players.map((p, n) =>
    el("li", {}, el("span", { class: "swatch", style: `background:${COLOURS[n % COLOURS.length]}` }), p)));
  return el("figure", { class: "chart-figure" }, el("figcaption", {}, "Worth over the game"), svg, legend);
}
