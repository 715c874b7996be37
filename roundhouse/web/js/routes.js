// The route builder: each train's route made by clicking stops on the map, starting from the
// optimiser's best run (the offered run_routes move), priced live by the engine's own route
// check (POST /routes/price), and played as run_routes once the engine accepts it.
import { el } from "./api.js";
import { ROUTE_COLOURS } from "./hexmap.js";

const isStop = (id) => /-\d+$/.test(id);

export class RouteBuilder {
  // `offered`: the run_routes moves on offer (the best first); `trains`: the company's trains.
  // `stopLabel(hex)` names a stop's hex for people ("E11 Denver").
  constructor(offered, trains, { priceRun, showRoutes, submit, onChange, stopLabel = (hex) => hex }) {
    this.stopLabel = stopLabel;
    this.offered = offered;
    this.best = offered[0].action;
    this.entity = this.best.entity;
    this.player = this.best.player;
    const routed = (this.best.routes ?? []).map((r) => r[0]);
    this.trains = [...new Set([...routed, ...trains])];
    this.priceRun = priceRun;
    this.showRoutes = showRoutes;
    this.submit = submit;
    this.onChange = onChange;
    this.reset();
    this.ready = true;
  }

  // Back to the optimiser's best run.
  reset() {
    this.routes = new Map(this.trains.map((t) => [t, []]));
    for (const r of this.best.routes ?? []) this.routes.set(r[0], r.slice(1));
    this.active = this.trains[0] ?? null;
    this.priced = { routes: (this.best.routes ?? []).map((r) => [...r]), revenue: this.best.revenue, revenues: null };
    this.error = "";
    this.edited = false;
    this.draw();
    if (this.ready) this.onChange();
  }

  // What to send and draw: routes of two stops or more, in notation.
  notation() {
    return this.trains
      .map((t) => [t, ...this.routes.get(t)])
      .filter((r) => r.slice(1).filter(isStop).length >= 2);
  }

  draw() {
    const shown = this.trains.map((t) => {
      const priced = this.priced?.routes.find((r) => r[0] === t);
      return priced ?? [t, ...this.routes.get(t)];
    });
    this.showRoutes(shown, this.trains.map((_, i) => ROUTE_COLOURS[i % ROUTE_COLOURS.length]));
  }

  // A stop clicked on the map: the active train's route goes on to it, or (the route's last
  // stop clicked again) steps back from it.
  pick(stop) {
    if (!this.active) return;
    const route = this.routes.get(this.active).filter(isStop);
    if (route[route.length - 1] === stop) route.pop();
    else route.push(stop);
    this.routes.set(this.active, route);
    this.changed();
  }

  undoStop() {
    if (!this.active) return;
    const route = this.routes.get(this.active).filter(isStop);
    route.pop();
    this.routes.set(this.active, route);
    this.changed();
  }

  clear() {
    if (!this.active) return;
    this.routes.set(this.active, []);
    this.changed();
  }

  choose(train) {
    this.active = train;
    this.onChange();
  }

  changed() {
    this.edited = true;
    this.priced = null;
    this.error = "";
    this.draw();
    this.onChange();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.price(), 120);
  }

  async price() {
    const routes = this.notation();
    const asked = JSON.stringify(routes);
    this.pending = asked;
    try {
      const reply = await this.priceRun(this.entity, routes);
      if (this.pending !== asked) return;
      this.priced = { routes: reply.routes, revenue: reply.revenue, revenues: reply.revenues };
      for (const r of reply.routes) this.routes.set(r[0], r.slice(1));
      this.error = "";
    } catch (error) {
      if (this.pending !== asked) return;
      this.priced = null;
      this.error = error.message;
    }
    this.draw();
    this.onChange();
  }

  // A stop in words: its hex's name, and which of the hex's stops past the first
  // ("E11-0" is "E11 Denver"; "H14-1" is "H14 Dallas #2").
  label(stop) {
    const [, hex, n] = /^(.*)-(\d+)$/.exec(stop) ?? [null, stop, "0"];
    return `${this.stopLabel(hex)}${n === "0" ? "" : ` #${Number(n) + 1}`}`;
  }

  play() {
    if (!this.priced) return;
    const action = { ...this.best, routes: this.priced.routes, revenue: this.priced.revenue };
    this.submit({ kind: "run_routes", text: `${this.entity} runs for $${this.priced.revenue}`, action });
  }

  render() {
    const rows = this.trains.map((train, i) => {
      const route = this.priced?.routes.find((r) => r[0] === train)?.slice(1) ?? this.routes.get(train);
      const stops = route.filter(isStop);
      const index = this.priced?.routes.findIndex((r) => r[0] === train) ?? -1;
      const earns = index >= 0 && this.priced?.revenues ? ` · $${this.priced.revenues[index]}` : "";
      return el("li", { class: `train-route${train === this.active ? " active" : ""}`, "data-train": train },
        el("button", {
          type: "button", class: "train-pick", "aria-pressed": String(train === this.active),
          onclick: () => this.choose(train),
        }, el("span", { class: "swatch", style: `background:${ROUTE_COLOURS[i % ROUTE_COLOURS.length]}` }), train),
        el("span", { class: "route-stops", title: stops.join(" → ") || null },
          stops.length ? stops.map((s) => this.label(s)).join(" → ") + earns : "no route"));
    });
    const revenue = this.priced ? `$${this.priced.revenue}` : "…";
    const play = el("button", {
      type: "button", class: "action", "data-kind": "run_routes", id: "run-routes",
      disabled: !this.priced, onclick: () => this.play(),
    }, this.priced ? `Run for $${this.priced.revenue}` : "Run (not priced yet)");
    const best = el("button", { type: "button", id: "best-run", disabled: !this.edited, onclick: () => this.reset() },
      `Best run ($${this.best.revenue})`);
    return el("div", { class: "route-builder", "data-entity": this.entity },
      el("p", { class: "hint" }, "Pick a train, then click stops on the map in running order; click the last stop again to step back. Each change is priced by the rules."),
      el("ol", { class: "train-routes" }, rows),
      el("div", { class: "row" },
        el("button", { type: "button", class: "small", onclick: () => this.undoStop() }, "Undo stop"),
        el("button", { type: "button", class: "small", onclick: () => this.clear() }, "Clear route")),
      el("p", { class: "run-total", role: "status" }, `Revenue: ${revenue}`),
      this.error ? el("p", { class: "error", role: "alert" }, this.error) : null,
      el("div", { class: "row" }, play, best));
  }
}
