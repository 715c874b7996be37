"""A company over the train limit with nobody to choose its discard, as 18xx.games settles it
(``compat_18xx_games``; docs/rules-notes.md).

A company whose president's certificate lies in the open market after a bankruptcy (§15)
has no president; when a phase change puts it over the train limit, the site's discard step
waits for the company itself (``G18USA::Step::DiscardTrain``), and a replay goes on with its
choice.  Here its first trains go to the open market, and the 18xx.games writer writes that
choice (found by the export differential: random bots, 7 players, seed 2053, where SR, in
liquidation with four trains, met Phase 4's limit of three).
"""

from __future__ import annotations

from roundhouse.titles.g18usa.state import UsaGame


def discard_for_nobody(g: UsaGame) -> None:
    """Discard the trains owed by every company without a president, first trains first."""
    for corp_id in sorted(g.pending_discards):
        if g.controller(corp_id) is not None:
            continue
        while g.pending_discards.get(corp_id, 0) > 0:
            trains = [t for t in g.depot.owned_by(corp_id) if not g.depot.is_car(t)]
            if not trains:
                break
            train = trains[0].id
            g.depot.discard(train)
            g.emit(
                "discard",
                f"{corp_id} discards train {train}",
                company=corp_id,
                train=train,
                unasked=True,
            )
            g.pending_discards[corp_id] -= 1
        g.pending_discards.pop(corp_id, None)
