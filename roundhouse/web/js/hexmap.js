// The map with pan and zoom (drag, wheel, pinch). Every title's map is drawn by the server
// (roundhouse.render, served at /api/games/{id}/board.svg from the game's board view); it is
// dropped in as it is, hexes tagged class="hex" data-hex="E11" and stops data-city/data-stop,
// so clicks, highlights, tile previews and routes work the same way for every title.

const SVG = "http://www.w3.org/2000/svg";
export const ROUTE_COLOURS = ["#d81b60", "#1e88e5", "#2e7d32", "#fb8c00", "#8e24aa", "#00897b"];
const TILE_BOX = 84; // a tile preview's size in map units (roundhouse.render.tile: 2R + 4)
const WHOLE_BOARD_WIDTH = 800; // a map this wide (CSS px) opens on the whole board

function svgEl(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

const fmt = (n) => n.toFixed(1);

export class HexMap {
  constructor(container) {
    this.container = container;
    this.svg = null;
    this.full = null; // [x, y, w, h] of the whole board
    this.box = null;
    this.onHex = () => {};
    this.onStop = () => {};
    this.onRouteStop = null; // set while a route is being built: every stop is clickable
    this.labels = {}; // hex id -> what a screen reader says about it ("K4 Pittsburgh, cost $4")
    this.pointers = new Map();
    // The map box changes shape under a board already shown (a phone's docked moves grow or
    // shrink the room above them): the shown part is refitted to the new shape.
    new ResizeObserver(() => this.refit()).observe(container);
  }

  // A board as it opened, untouched since, opens again for the box's new shape (it opened
  // before the phone's moves were docked under it, for a taller box).  A part of the board
  // the player zoomed or dragged to keeps its scale and its middle
  // in a box of a new shape, showing more or less of the board around it, so the hexes stay
  // the size they were and no empty band opens beside them (the viewBox kept the old shape
  // and the browser letterboxed it); the whole board, shown whole, stays so.
  refit() {
    const rect = this.container.getBoundingClientRect();
    const old = this.seen;
    this.seen = { width: rect.width, height: rect.height };
    if (!this.box || !this.full || !old?.width || !old?.height || !rect.width || !rect.height) return;
    if (this.openedAs?.every((v, i) => Math.abs(v - this.box[i]) < 0.01)) {
      // Not moved since it opened: it opens again by the rule for the box's new shape.
      this.box = this.opening(this.openedOn);
      this.openedAs = [...this.box];
      this.apply();
      return;
    }
    const [x, y, w, h] = this.box;
    const full = this.full;
    if (w >= full[2] - 0.5 && h >= full[3] - 0.5) return;
    if (Math.abs(old.width - rect.width) < 0.5 && Math.abs(old.height - rect.height) < 0.5) return;
    const scale = Math.min(old.width / w, old.height / h); // CSS px per map unit
    const nw = rect.width / scale;
    const nh = rect.height / scale;
    // About the same middle (a hex zoomed to stays in sight); past the board's size, centred.
    const place = (middle, size, start, length) => (size >= length
      ? start + (length - size) / 2
      : middle - size / 2);
    this.box = [place(x + w / 2, nw, full[0], full[2]), place(y + h / 2, nh, full[1], full[3]), nw, nh];
    this.apply();
  }

  // The server's SVG: hexes carry data-hex, stops data-city/data-stop; we add pan/zoom,
  // clicks, highlights (mark), tile previews and routes (showRoutes).
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
    if (!sameBoard) {
      this.box = this.opening(legalHexes);
      this.openedAs = [...this.box];
      this.openedOn = legalHexes;
      this.apply();
    }
    this.mark(legalHexes, selected, legalStops);
    return true;
  }

  // The box a board opens at. A landscape board shown whole in a portrait map (a phone) is a
  // strip with empty space above and below it and hexes too small to read: there the board
  // opens filling the map's height, centred on the hexes the seat may use (else on the
  // board's middle), to be dragged sideways; "Fit" shows it whole. A map as wide as a
  // desktop's (the tall map column of a 2560 x 1440 screen) shows the board whole.
  opening(legalHexes) {
    const full = this.full;
    const rect = this.container.getBoundingClientRect();
    if (!rect.width || !rect.height || rect.width >= WHOLE_BOARD_WIDTH) return [...full];
    const screen = rect.width / rect.height;
    if (screen >= (full[2] / full[3]) * 0.75) return [...full];
    const width = full[3] * screen;
    const centres = [...legalHexes].map((hex) => this.centre(hex)).filter(Boolean);
    const middle = centres.length
      ? centres.reduce((sum, c) => sum + c[0], 0) / centres.length
      : full[0] + full[2] / 2;
    const x = Math.min(Math.max(middle - width / 2, full[0]), full[0] + full[2] - width);
    return [x, full[1], width, full[3]];
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
    const picking = Boolean(this.onRouteStop);
    this.svg.classList.toggle("picking-route", picking);
    for (const spot of this.svg.querySelectorAll(".stops [data-city]")) {
      const legal = legalStops.has(`${spot.dataset.hex}/${spot.dataset.city}`);
      spot.classList.toggle("legal", legal);
      const clickable = legal || picking;
      if (clickable) {
        spot.setAttribute("tabindex", "0");
        spot.setAttribute("role", "button");
        spot.setAttribute("aria-label", picking
          ? `Route stop ${spot.dataset.stop} in ${spot.dataset.hex}`
          : `Place a station in ${spot.dataset.hex} (${spot.dataset.city})`);
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
    return this.centre(id);
  }

  centre(hex) {
    const g = this.svg?.querySelector(`g[data-hex="${CSS.escape(hex)}"]`);
    const m = g && /translate\(([-\d.]+)[ ,]+([-\d.]+)\)/.exec(g.getAttribute("transform") || "");
    return m ? [Number(m[1]), Number(m[2])] : null;
  }

  // One route in exact notation (stops "HEX-i" with every hex passed between them) as an SVG
  // path along its track: from a stop to the edge it leaves by (the midpoint of the two hex
  // centres), through each hex passed on a curve about the hex's centre, into the next stop.
  trackPath(route) {
    const items = route.slice(1);
    const hexOf = (id) => id.replace(/-\d+$/, "");
    const isStop = (id) => /-\d+$/.test(id);
    const start = this.point(items[0]);
    if (!start) return null;
    let d = `M${fmt(start[0])},${fmt(start[1])}`;
    for (let i = 1; i < items.length; i++) {
      const prev = items[i - 1];
      const here = items[i];
      const a = this.centre(hexOf(prev));
      const b = this.centre(hexOf(here));
      if (!a || !b) return null;
      const edge = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      if (isStop(prev) || hexOf(prev) === hexOf(here)) d += ` L${fmt(edge[0])},${fmt(edge[1])}`;
      else d += ` Q${fmt(a[0])},${fmt(a[1])} ${fmt(edge[0])},${fmt(edge[1])}`;
      if (isStop(here)) {
        const p = this.point(here);
        if (!p) return null;
        d += ` L${fmt(p[0])},${fmt(p[1])}`;
      }
    }
    return d;
  }

  // Draw routes in route notation (train id, then stops with via hexes between them); each
  // train in its own colour, offset a little so routes sharing a city stay visible.
  showRoutes(routes = [], colours = ROUTE_COLOURS) {
    if (!this.svg) return;
    this.svg.querySelector("g.routes")?.remove();
    if (!routes.length) return;
    const layer = svgEl("g", { class: "routes" });
    routes.forEach((route, i) => {
      if (route.length < 2) return;
      const colour = colours[i % colours.length];
      const shift = (i - (routes.length - 1) / 2) * 3;
      const group = svgEl("g", { class: "route", "data-train": route[0], transform: `translate(${shift},${shift})` });
      const d = route.length > 2 ? this.trackPath(route) : null;
      if (d) {
        group.append(svgEl("path", { d, class: "casing" }));
        group.append(svgEl("path", { d, stroke: colour, class: "line", "data-train": route[0] }));
      }
      route.slice(1).filter((id) => /-\d+$/.test(id)).forEach((id) => {
        const p = this.point(id);
        if (p) group.append(svgEl("circle", { cx: fmt(p[0]), cy: fmt(p[1]), r: 7, fill: colour, class: "route-stop" }));
      });
      group.append(svgEl("title", {}, `${route[0]}: ${route.slice(1).join(" ")}`));
      layer.append(group);
    });
    const stops = this.svg.querySelector("g.stops");
    if (stops) this.svg.insertBefore(layer, stops);
    else this.svg.append(layer);
  }

  // A tile laid on a hex before it is confirmed (the server's drawing of that tile at that
  // rotation, placed over the hex); null clears it.
  preview(hex, src) {
    if (!this.svg) return;
    this.svg.querySelector("g.tile-preview")?.remove();
    if (!hex || !src) return;
    const c = this.centre(hex);
    if (!c) return;
    const half = TILE_BOX / 2;
    const layer = svgEl("g", { class: "tile-preview", "data-hex": hex, "pointer-events": "none" });
    layer.append(svgEl("image", { href: src, x: fmt(c[0] - half), y: fmt(c[1] - half), width: TILE_BOX, height: TILE_BOX }));
    const stops = this.svg.querySelector("g.stops");
    if (stops) this.svg.insertBefore(layer, stops);
    else this.svg.append(layer);
  }

  // Bring a hex into view (zoomed in a little) when it is far outside the shown box.
  focus(hex) {
    const c = this.centre(hex);
    if (!c || !this.box) return;
    const [x, y, w, h] = this.box;
    if (c[0] > x + w * 0.1 && c[0] < x + w * 0.9 && c[1] > y + h * 0.1 && c[1] < y + h * 0.9) return;
    this.box = [c[0] - w / 2, c[1] - h / 2, w, h];
    this.apply();
  }

  // Zoom to about `across` map units around a hex (a phone's close look at the hex chosen).
  zoomTo(hex, across = 520) {
    const c = this.centre(hex);
    if (!c || !this.box) return;
    const [, , w, h] = this.box;
    if (w <= across * 1.05) { this.focus(hex); return; }
    const nh = (h * across) / w;
    this.box = [c[0] - across / 2, c[1] - nh / 2, across, nh];
    this.apply();
  }

  install(svg, keepBox) {
    this.svg = svg;
    this.box = keepBox ?? [...this.full];
    this.apply();
    svg.addEventListener("click", (e) => {
      if (this.dragged) return;
      const spot = e.target.closest("[data-stop]");
      if (spot && this.onRouteStop) {
        this.onRouteStop(spot.dataset.stop);
        return;
      }
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
        if (g.dataset.stop && this.onRouteStop) this.onRouteStop(g.dataset.stop);
        else if (g.dataset.city) this.onStop(g.dataset.hex, g.dataset.city);
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
    // One pointer drags the map; two pinch it (phones and touch screens).
    let start = null;
    let pinch = null;
    const spread = () => {
      const [a, b] = [...this.pointers.values()];
      return Math.hypot(a.x - b.x, a.y - b.y);
    };
    svg.addEventListener("pointerdown", (e) => {
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (this.pointers.size === 2) {
        pinch = { distance: spread(), box: [...this.box] };
        start = null;
      } else if (this.pointers.size === 1) {
        start = { x: e.clientX, y: e.clientY, box: [...this.box] };
        this.dragged = false;
      }
    });
    svg.addEventListener("pointermove", (e) => {
      if (!this.pointers.has(e.pointerId)) return;
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const rect = svg.getBoundingClientRect();
      if (pinch && this.pointers.size === 2) {
        const [a, b] = [...this.pointers.values()];
        const factor = pinch.distance / Math.max(spread(), 1);
        this.box = [...pinch.box];
        this.zoom(factor, ((a.x + b.x) / 2 - rect.left) / rect.width, ((a.y + b.y) / 2 - rect.top) / rect.height);
        this.dragged = true;
        return;
      }
      if (!start) return;
      const dx = ((e.clientX - start.x) / rect.width) * start.box[2];
      const dy = ((e.clientY - start.y) / rect.height) * start.box[3];
      if (Math.abs(e.clientX - start.x) + Math.abs(e.clientY - start.y) > 6) this.dragged = true;
      if (this.dragged) {
        this.box = [start.box[0] - dx, start.box[1] - dy, start.box[2], start.box[3]];
        this.apply();
      }
    });
    const end = (e) => {
      this.pointers.delete(e.pointerId);
      if (this.pointers.size < 2) pinch = null;
      if (this.pointers.size === 0) {
        start = null;
        setTimeout(() => { this.dragged = false; }, 0);
      }
    };
    svg.addEventListener("pointerup", end);
    svg.addEventListener("pointercancel", end);
    svg.addEventListener("pointerleave", end);
    this.container.replaceChildren(svg);
  }

  apply() {
    if (this.svg) this.svg.setAttribute("viewBox", this.box.map((v) => v.toFixed(1)).join(" "));
  }

  zoom(factor, fx = 0.5, fy = 0.5) {
    if (!this.box) return;
    const [x, y, w, h] = this.box;
    const nw = Math.min(Math.max(w * factor, this.full[2] / 10), this.full[2] * 2);
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
