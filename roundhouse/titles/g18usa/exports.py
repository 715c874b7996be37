"""§12.10 Train Exports, at the end of every operating round, counted from the game's first:
all 2-trains left after the first, all 2+-trains after the second, all 3-trains after the
fourth, then the next train of the stack after each; §8: Phase 3 begins at the end of the
second operating round if it has not already.  §17 "Use 1817 Train Roster": 1817's exports
instead."""

from __future__ import annotations

from roundhouse.core.trains import TrainEvents
from roundhouse.titles.g18usa.state import UsaGame


def operating_round_ended(g: UsaGame) -> None:
    """The exports (and §8's Phase 3) at the end of an operating round."""
    g.ors_played += 1
    n = g.ors_played
    if g.variant.seventeen_trains:
        export_1817(g)
    elif n == 1:
        export_all(g, "2")
    elif n == 2:
        export_all(g, "2+")
        if "3" not in g.phases_reached():
            entered = g.depot.phases.advance_to("3")
            g.train_events(None, TrainEvents(phases=tuple(entered)))
    elif n == 4:
        export_all(g, "3")
    elif n > 4:
        export_next(g)


def export_1817(g: UsaGame) -> None:
    """§17 "Use 1817 Train Roster": 1817's exports - every 2-train while they top the
    stack, else the next train (tobymao/18xx g_1817/game.rb ``or_round_finished``)."""
    if not g.depot.upcoming:
        return
    if g.depot.train(g.depot.upcoming[0]).type == "2":
        export_all(g, "2")
        return
    export_next(g)


def export_next(g: UsaGame) -> None:
    """The next train of the stack leaves the game, with what its leaving sets off."""
    events = g.depot.export_next(g.ledger)
    if events.train:
        kind = g.depot.train(events.train).type
        g.emit(
            "export",
            f"{'An' if kind.startswith('8') else 'A'} {kind}-train is exported",
            train=events.train,
        )
        g.train_events(None, events)


def export_all(g: UsaGame, train_type: str) -> None:
    """Every train of the type still in the stack leaves the game."""
    gone = g.depot.export_all(train_type)
    if gone:
        g.emit("export", f"All {train_type}-trains left are exported", trains=gone)
