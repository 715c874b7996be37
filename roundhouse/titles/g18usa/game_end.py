"""§16 Ending the Game: "The game end is triggered when the first 8-train is purchased or
exported.  The game will continue for three more operating rounds" - a final set of two after
a stock round when it left in the first operating round of a set, of three when in the
second; "Each player's total value is the sum of their cash on hand, plus the value of each
share at its current market price, minus the value of short shares.  Private companies and
public company assets have no value" (the shorts: the family's
:meth:`~.family1817.hooks.FamilyHooks.score_adjustment`)."""

from __future__ import annotations

from roundhouse.core.trains import TrainEvents
from roundhouse.titles.g18usa.state import UsaGame


def note_end_train(g: UsaGame, events: TrainEvents) -> None:
    """Note in which operating round of its set the first 8-train left."""
    if "end_game" in events.events and g.round.kind == "OR":
        g.end_train_or = g.or_in_set
        g.end_train_at = g.ors_started


def final_set(g: UsaGame) -> int | None:
    """A final set of three operating rounds when the first 8-train left the stack in the
    second operating round of a set; None: the set's usual length."""
    target = g.end.target
    if target is not None and target[0] == g.set_count and g.end_train_or >= 2:
        return 3
    return None


def score_beyond_shorts(g: UsaGame, player: str) -> int:
    """What a player's score adds to cash, shares and shorts: nothing by the rulebook ("private
    companies ... have no value"); 18xx.games counts a player's privates at face value
    (``Player#value``: cash, shares, companies), so with ``compat_18xx_games`` they do, and a
    debt still queued when another player's bankruptcy ended the game counts against them:
    the site charged it at once, into negative cash (``G1817`` liquidation and interest;
    found by the export differential: random bots, 7 players, seed 1005)."""
    if not g.variant.compat_18xx_games:
        return 0
    out = sum(p.spec.value for p in g.privates.values() if p.owner == player and not p.closed)
    return out - g.unpaid_at_end.get(player, 0)
