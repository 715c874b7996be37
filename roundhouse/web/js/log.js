// The narrated log: each move as table talk with what it set off underneath (round headers,
// auctions won, payouts per player, price moves, phases, rusting), from the engine's events
// (roundhouse.core.event). A move is a button: it shows the position after it.
import { el } from "./api.js";

const MONEY_KINDS = new Set(["payout", "income", "withhold", "auction", "train"]);

function eventLine(event) {
  if (event.kind === "round") {
    return el("div", { class: "event round-header", "data-kind": "round" }, event.text);
  }
  const kind = /^[a-z_]+$/.test(event.kind) ? event.kind : "other";
  return el("div", { class: `event ev-${kind}${MONEY_KINDS.has(kind) ? " money" : ""}`, "data-kind": kind }, event.text);
}

// `entries`: the log (LogEntry records); `setup`: events of setting the game up; `current`:
// the history position shown (null when live); `goTo(index)` shows a position.
export function renderLog(list, setupBox, entries, setup, current, goTo, colourOf) {
  setupBox.replaceChildren(...setup.map(eventLine));
  list.style.setProperty("--digits", String(Math.max(3, String(entries.length).length)));
  const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
  list.replaceChildren(...entries.map((entry) => {
    const colour = colourOf(entry.player);
    // An event that tells the move itself in fuller words stands in for the move's own line.
    const restated = entry.events.find((e) => e.data.restates === true);
    const events = entry.events.filter((e) => e !== restated && e.text !== entry.text);
    return el("li", {
      class: current !== null && entry.index === current - 1 ? "current" : "",
      "data-index": entry.index,
    }, el("button", {
      type: "button", class: "link move", title: "Show the position after this move",
      style: colour ? `border-left-color:${colour}` : null,
      onclick: () => goTo(entry.index + 1),
    }, restated ? restated.text : entry.text), events.length ? el("div", { class: "events" }, events.map(eventLine)) : null);
  }));
  if (atEnd || current === null) {
    const box = list.closest(".log-scroll") ?? list;
    keepAtEnd(box, list);
    toEnd(box);
  }
}

// A log scrolled to its end stays there when its lines re-wrap (a wide screen's columns
// settle after the first drawing; the window is resized): the latest moves were left below
// the box's foot.  Scrolled elsewhere by the reader, it stays where they put it.  A scroll
// event of the page's own scrolling (it arrives a frame late, perhaps after the lines grew)
// says nothing of the reader's wish.
function toEnd(box) {
  box.scrollTop = box.scrollHeight;
  box.dataset.pinned = "yes";
  box.dataset.auto = String(box.scrollTop);
}

function keepAtEnd(box, list) {
  if (box.dataset.pinned !== undefined) return;
  box.addEventListener("scroll", () => {
    if (Math.abs(box.scrollTop - Number(box.dataset.auto)) < 1) return;
    box.dataset.pinned = box.scrollTop + box.clientHeight >= box.scrollHeight - 8 ? "yes" : "no";
  });
  const watch = new ResizeObserver(() => { if (box.dataset.pinned === "yes") toEnd(box); });
  watch.observe(list);
  watch.observe(box);
}
