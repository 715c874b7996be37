// The map with pan and zoom. Every title's map is drawn by the server (roundhouse.render, served
// at /api/games/{id}/board.svg from the game's board view); it is dropped in as it is, hexes
// tagged class="hex" data-hex="E11" and stops data-city/data-stop, so clicks, highlights and
// routes work the same way for every title.

const SVG = "http://www.w3.org/2000/svg";
const ROUTE_COLOURS = ["#d81b60", "#1e88e5", "#43a047", "#fb8c00", "#8e24aa", "#00897b"];

function svgEl(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

export class HexMap {
  constructor(container) {
    this.container = container;
    this.svg = null;
    this.full = null; // [x, y, w, h] of the whole board
    this.box = null;
    this.onHex = () => {};
    this.onStop = () => {};
    this.labels = {}; // hex id -> what a screen reader says about it ("K4 Pittsburgh, cost $4")
  }

  // The server's SVG: hexes carry data-hex, stops data-city/data-stop; we add pan/zoom,
  // clicks, highlights (mark) and routes (showRoutes).
  dropIn(svgText, legalHexes = new Set(), selected = null, legalStops = new Set()) {
    const holder = document.createElement("div");
    holder.innerHTML = svgText;
    const svg = holder.querySelector("svg");
    if (!svg) return false;
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", "Game map");
    const vb = (svg.getAttribute("viewBox") || "0 0 1000 1000").split(/[ ,]+/).map(Number);
    const sameBoard = this.full && this.full.every((v, i) => Math.abs(v - vb[i]) < 0.5);
    this.full = vb;
    this.install(svg, sameBoard ? this.box : null);
    this.mark(legalHexes, selected, legalStops);
    return true;
  }

  // Highlight the hexes (and city spots, "HEX/city") the acting seat can use; no re-draw.
  mark(legalHexes = new Set(), selected = null, legalStops = new Set()) {
    if (!this.svg) return;
    for (const g of this.svg.querySelectorAll("g[data-hex]")) {
      const id = g.dataset.hex;
      const legal = legalHexes.has(id);
      g.classList.toggle("legal", legal);
      g.classList.toggle("selected", selected === id);
      if (legal) {
        g.setAttribute("tabindex", "0");
        g.setAttribute("role", "button");
        g.setAttribute("aria-label", `${this.labels[id] || id}: choose`);
      } else {
        g.removeAttribute("tabindex");
        g.removeAttribute("role");
        g.removeAttribute("aria-label");
      }
    }
    for (const spot of this.svg.querySelectorAll(".stops [data-city]")) {
      const legal = legalStops.has(`${spot.dataset.hex}/${spot.dataset.city}`);
      spot.classList.toggle("legal", legal);
      if (legal) {
        spot.setAttribute("tabindex", "0");
        spot.setAttribute("role", "button");
        spot.setAttribute("aria-label", `Place a station in ${spot.dataset.hex} (${spot.dataset.city})`);
      } else {
        spot.removeAttribute("tabindex");
        spot.removeAttribute("role");
        spot.removeAttribute("aria-label");
      }
    }
  }

  // Centre of a stop ("K1-0") or hex ("K1") in map units, or null.
  point(id) {
    if (!this.svg) return null;
    const stop = this.svg.querySelector(`.stops [data-stop="${CSS.escape(id)}"]`);
    if (stop) return [Number(stop.getAttribute("cx")), Number(stop.getAttribute("cy"))];
    const g = this.svg.querySelector(`g[data-hex="${CSS.escape(id)}"]`);
    const m = g && /translate\(([-\d.]+)[ ,]+([-\d.]+)\)/.exec(g.getAttribute("transform") || "");
    return m ? [Number(m[1]), Number(m[2])] : null;
  }

  // Draw routes in route notation (train id, then stops "HEX-i" with via hexes between them).
  showRoutes(routes = []) {
    if (!this.svg) return;
    this.svg.querySelector("g.routes")?.remove();
    if (!routes.length) return;
    const layer = svgEl("g", { class: "routes" });
    routes.forEach((route, i) => {
      const points = route.slice(1).map((id) => this.point(id)).filter(Boolean);
      if (points.length < 2) return;
      const line = svgEl("polyline", {
        points: points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" "),
        stroke: ROUTE_COLOURS[i % ROUTE_COLOURS.length], "data-train": route[0],
      });
      line.append(svgEl("title", {}, `${route[0]}: ${route.slice(1).join(" ")}`));
      layer.append(line);
    });
    const stops = this.svg.querySelector("g.stops");
    this.svg.insertBefore(layer, stops);
  }

  install(svg, keepBox) {
    this.svg = svg;
    this.box = keepBox ?? [...this.full];
    this.apply();
    svg.addEventListener("click", (e) => {
      if (this.dragged) return;
      const g = e.target.closest("[data-hex]");
      if (g && g.dataset.city && g.classList.contains("legal")) this.onStop(g.dataset.hex, g.dataset.city);
      else if (g && g.dataset.city) {
        const hex = this.svg.querySelector(`g[data-hex="${CSS.escape(g.dataset.hex)}"]`);
        if (hex && hex.classList.contains("legal")) this.onHex(g.dataset.hex);
      } else if (g && g.classList.contains("legal")) this.onHex(g.dataset.hex);
    });
    svg.addEventListener("keydown", (e) => {
      const g = e.target.closest && e.target.closest("[data-hex]");
      if (g && (e.key === "Enter" || e.key === " ")) {
        e.preventDefault();
        if (g.dataset.city) this.onStop(g.dataset.hex, g.dataset.city);
        else this.onHex(g.dataset.hex);
      }
    });
    svg.addEventListener("wheel", (e) => {
      e.preventDefault();
      const rect = svg.getBoundingClientRect();
      const fx = (e.clientX - rect.left) / rect.width;
      const fy = (e.clientY - rect.top) / rect.height;
      this.zoom(e.deltaY < 0 ? 0.85 : 1 / 0.85, fx, fy);
    }, { passive: false });
    let start = null;
    svg.addEventListener("pointerdown", (e) => {
      start = { x: e.clientX, y: e.clientY, box: [...this.box] };
      this.dragged = false;
    });
    svg.addEventListener("pointermove", (e) => {
      if (!start) return;
      const rect = svg.getBoundingClientRect();
      const dx = ((e.clientX - start.x) / rect.width) * start.box[2];
      const dy = ((e.clientY - start.y) / rect.height) * start.box[3];
      if (Math.abs(e.clientX - start.x) + Math.abs(e.clientY - start.y) > 4) this.dragged = true;
      if (this.dragged) {
        this.box = [start.box[0] - dx, start.box[1] - dy, start.box[2], start.box[3]];
        this.apply();
      }
    });
    const end = () => { start = null; setTimeout(() => { this.dragged = false; }, 0); };
    svg.addEventListener("pointerup", end);
    svg.addEventListener("pointerleave", end);
    this.container.replaceChildren(svg);
  }

  apply() {
    if (this.svg) this.svg.setAttribute("viewBox", this.box.map((v) => v.toFixed(1)).join(" "));
  }

  zoom(factor, fx = 0.5, fy = 0.5) {
    if (!this.box) return;
    const [x, y, w, h] = this.box;
    const nw = Math.min(Math.max(w * factor, this.full[2] / 8), this.full[2] * 2);
    const nh = (h * nw) / w;
    this.box = [x + (w - nw) * fx, y + (h - nh) * fy, nw, nh];
    this.apply();
  }

  reset() {
    if (!this.full) return;
    this.box = [...this.full];
    this.apply();
  }
}
