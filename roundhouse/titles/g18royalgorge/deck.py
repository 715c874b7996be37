"""Cards leaving the train/phase deck: phase changes, events, closing privates, the end card.

Rulebook "Phase Changes": a phase card revealed by a purchase or an export changes the phase at
once; "Resolving Events": events happen when revealed.  The deck (trains.toml, from
18xx.games): Green on the 4th 2+, the Treaty of Boston on the 2nd 3+, Brown on the 3rd 4+,
Silver on the 2nd 5+, the first 5+ closes the privates whose card says so, and the first 6x2
is the Game End card ("Ending 3": finish this set, one more stock round and set; with "Shorter
Game", a purchase ends the game after this set while an export still gives the stock round and
the set).  Core only knows "first of a type", so this module watches which card ids have left.
"""

from __future__ import annotations

from roundhouse.core.ability import Closes
from roundhouse.core.config import EndTrigger
from roundhouse.core.flow.game_end import WHOLE_SET
from roundhouse.core.trains import DEPOT
from roundhouse.titles.g18royalgorge import treaty
from roundhouse.titles.g18royalgorge.data import deck_events, phase_starts
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame


def departures(g: RoyalGorgeGame, corp: str | None, *, exported: bool = False) -> None:
    """Handle every card that left the deck since the last call, in deck order."""
    gone = [t.id for t in g.depot.trains.values() if t.owner != DEPOT and t.id not in g.departed]
    starts, events = phase_starts(), deck_events()
    for tid in gone:
        g.departed.add(tid)
        phase = starts.get(tid)
        if phase is not None:
            g.depot.phases.advance_to(phase)
            g.emit("phase", f"Phase {phase} begins (card {tid})", phase=phase, train=tid)
        for name in events.get(tid, ()):
            if name == "treaty_of_boston":
                treaty.event(g)
            elif name == "close_privates":
                close_on(g, "5+")
            elif name == "trigger_end_game":
                final_train(g, exported=exported or g.exporting)


def close_on(g: RoyalGorgeGame, train_type: str) -> None:
    for private in g.privates.values():
        closes = any(
            isinstance(a, Closes) and a.on_train == train_type for a in private.spec.abilities
        )
        if not closes or private.closed:
            continue
        private.closed = True
        g.emit("close", f"{private.id} {private.spec.name} closes", item=private.id)
        if private.id == "Y2":
            board = g.map_board()
            for here in board.hexes.values():
                while "ghost_town" in here.markers:
                    here.markers.remove("ghost_town")
            board.touch()


def final_train(g: RoyalGorgeGame, *, exported: bool) -> None:
    g.trigger(EndTrigger.FINAL_TRAIN)
    if g.variant.shorter_game_end and not exported and g.round.kind == "OR":
        target = (g.set_count, WHOLE_SET)
        if g.end.target is None or target < g.end.target:
            g.end.target = target
            g.end.reason = EndTrigger.FINAL_TRAIN.value
