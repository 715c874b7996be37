// The map as SVG with pan and zoom. Titles whose view carries `map` (a list of hexes with
// doubled x/y on a flat-topped grid, odd columns half a hex lower) are drawn here; titles with a
// server-rendered board (roundhouse.render.board_svg, served at /api/games/{id}/board.svg)
// are dropped in as they are, hexes tagged with data-hex="E11" so clicks work the same way.

const SVG = "http://www.w3.org/2000/svg";
const SIZE = 40; // hex radius
const H = Math.sqrt(3) / 2;

const FILL = {
  plain: "#e6edcf", forest: "#8fb87a", mountain: "#c2a788", city: "#f5d77a",
  industrial: "#b9b9cc", chicago: "#ee9b7b", start: "#d5dfee",
};
const ROUTE_COLOURS = ["#d81b60", "#1e88e5", "#43a047", "#fb8c00", "#8e24aa", "#00897b"];
const PALETTE = ["#c0392b", "#2c6fbb", "#1e8449", "#8e44ad", "#d68910", "#117a65", "#6e2c00", "#34495e"];

function svgEl(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

export function companyColours(view) {
  const colours = {};
  const companies = view.companies;
  const list = Array.isArray(companies) ? companies
    : companies && typeof companies === "object" ? Object.entries(companies).map(([id, c]) => ({ id, ...c })) : [];
  list.forEach((c, i) => {
    const id = c.id ?? c.name;
    colours[id] = c.colour ?? c.color ?? PALETTE[i % PALETTE.length];
  });
  return colours;
}

function hexId(h) {
  return h.id ?? h.hex ?? h.coord ?? h.name;
}

function isHexTable(value) {
  return value && typeof value === "object" && !Array.isArray(value) &&
    Object.values(value).length > 0 &&
    Object.values(value).every((h) => h && typeof h.x === "number" && typeof h.y === "number");
}

// The hexes of a title's view: `map` as a list, or `hexes` keyed by coordinate, each with
// doubled x/y; null when the view has neither.
export function hexList(view) {
  if (Array.isArray(view.map) && view.map.length && typeof view.map[0].x === "number") return view.map;
  for (const key of ["map", "hexes"]) {
    if (isHexTable(view[key])) return Object.entries(view[key]).map(([id, h]) => ({ id, ...h }));
  }
  return null;
}

export function mapKey(view) {
  for (const key of ["map", "hexes"]) if (hexList({ [key]: view[key] })) return key;
  return null;
}

function num(h, ...keys) {
  for (const k of keys) if (typeof h[k] === "number") return h[k];
  return null;
}

export class HexMap {
  constructor(container) {
    this.container = container;
    this.svg = null;
    this.full = null; // [x, y, w, h] of the whole board
    this.box = null;
    this.onHex = () => {};
    this.onStop = () => {};
  }

  hasMap(view) {
    return hexList(view) !== null;
  }

  draw(view, legalHexes = new Set(), selected = null) {
    if (!this.hasMap(view)) return false;
    const colours = companyColours(view);
    const keepBox = this.box;
    const svg = svgEl("svg", { role: "img", "aria-label": "Game map", class: "hexmap" });
    const layer = svgEl("g");
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const h of hexList(view)) {
      const id = hexId(h);
      const cx = h.x * 1.5 * SIZE;
      const cy = h.y * H * SIZE;
      minX = Math.min(minX, cx - SIZE); maxX = Math.max(maxX, cx + SIZE);
      minY = Math.min(minY, cy - H * SIZE); maxY = Math.max(maxY, cy + H * SIZE);
      const points = [0, 1, 2, 3, 4, 5].map((i) => {
        const a = (Math.PI / 3) * i;
        return `${(cx + SIZE * Math.cos(a)).toFixed(1)},${(cy + SIZE * Math.sin(a)).toFixed(1)}`;
      }).join(" ");
      const legal = legalHexes.has(id);
      const g = svgEl("g", {
        class: `hex${legal ? " legal" : ""}${selected === id ? " selected" : ""}`,
        "data-hex": id,
      });
      const label = [id, h.name, h.type, num(h, "entry_cost", "cost") !== null ? `cost $${num(h, "entry_cost", "cost")}` : null]
        .filter(Boolean).join(", ");
      if (legal) {
        g.setAttribute("tabindex", "0");
        g.setAttribute("role", "button");
        g.setAttribute("aria-label", `${label}: choose`);
      }
      g.append(svgEl("polygon", { points, fill: FILL[h.type] ?? "#eeeeee" }));
      g.append(svgEl("title", {}, label));
      g.append(svgEl("text", { x: cx, y: cy - 0.58 * SIZE, class: "coord" }, id));
      if (h.name) g.append(svgEl("text", { x: cx, y: cy - 0.3 * SIZE, class: "place" }, h.name));
      const cost = num(h, "entry_cost", "cost");
      if (cost !== null && cost > 0) g.append(svgEl("text", { x: cx - 0.55 * SIZE, y: cy + 0.1 * SIZE, class: "cost" }, `$${cost}`));
      const train = num(h, "train", "train_value", "income");
      if (train) g.append(svgEl("text", { x: cx + 0.55 * SIZE, y: cy + 0.1 * SIZE, class: "value" }, `+${train}`));
      const dev = num(h, "dev", "dev_value", "development");
      if (dev) g.append(svgEl("text", { x: cx + 0.5 * SIZE, y: cy + 0.55 * SIZE, class: "dev" }, `▲${dev}`));
      const developed = typeof h.developed === "number" ? h.developed : h.developed ? 1 : 0;
      for (let i = 0; i < developed; i++) {
        g.append(svgEl("rect", { x: cx - 0.55 * SIZE + i * 9, y: cy + 0.38 * SIZE, width: 7, height: 7, class: "house" }));
      }
      const present = h.companies ?? h.trains ?? [];
      const ids = Array.isArray(present) ? present : Object.keys(present);
      ids.forEach((c, i) => {
        const angle = -Math.PI / 2 + (2 * Math.PI * i) / Math.max(ids.length, 1);
        const r = ids.length > 1 ? 0.22 * SIZE : 0;
        g.append(svgEl("circle", {
          cx: cx + r * Math.cos(angle), cy: cy + 0.15 * SIZE + r * Math.sin(angle),
          r: 0.14 * SIZE, fill: colours[c] ?? "#333", class: "train",
        }, undefined));
      });
      layer.append(g);
    }
    svg.append(layer);
    this.full = [minX - 10, minY - 10, maxX - minX + 20, maxY - minY + 20];
    this.install(svg, keepBox);
    return true;
  }

  // A server-rendered SVG (18xx titles): hexes carry data-hex, stops data-city/data-stop; we
  // add pan/zoom, clicks, highlights (mark) and routes (showRoutes).
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
        g.setAttribute("aria-label", `${id}: choose`);
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

  // Company id -> hexes where it has stations, read from the server-drawn map.
  stations() {
    const out = {};
    if (!this.svg) return out;
    for (const spot of this.svg.querySelectorAll(".stops [data-tokens]")) {
      for (const company of (spot.dataset.tokens || "").split(",").filter(Boolean)) {
        (out[company] ??= []).push(spot.dataset.hex);
      }
    }
    return out;
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
