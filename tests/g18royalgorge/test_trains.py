"""18RoyalGorge train deck, phases and events (facts sheet §11.1; rulebook "Phase Changes",
"Resolving Events", "3. Run Trains")."""

from __future__ import annotations

from roundhouse.core.bank import Ledger
from roundhouse.core.routes.graph import StopKind
from roundhouse.core.trains import SCRAPPED, Depot
from roundhouse.titles.g18royalgorge.data import (
    Source,
    deck_events,
    export_all_type,
    phase_starts,
    phase_track,
    phases,
    train_kinds,
    train_types,
)


def test_18royalgorge_train_deck_counts_and_prices() -> None:
    """Deck order 2+, 3+, 4+, 5+, 6x2 with counts 4/4/3/2/unlimited and prices
    $80/$180/$400/$500/$650."""
    deck = [(t.name, t.count, t.price) for t in train_types()]
    assert deck == [
        ("2+", 4, 80),
        ("3+", 4, 180),
        ("4+", 3, 400),
        ("5+", 2, 500),
        ("6x2", None, 650),
    ]


def test_18royalgorge_rusting_events_with_salvage() -> None:
    """ "Rusting Events": 2+ rust on the first 4+ ($20 salvage), 3+ on the first 6x2 ($45)."""
    rust = {t.name: (t.rusts_on, t.salvage) for t in train_types() if t.rusts_on}
    assert rust == {"2+": ("4+", 20), "3+": ("6x2", 45)}


def test_18royalgorge_rusting_pays_salvage_through_the_depot() -> None:
    """Buying the first 4+ scraps every 2+ and the bank pays each owner $20."""
    ledger = Ledger(bank_cash=None)
    buyers = ["RG", "SF", "KP", "NO", "SF", "KP", "NO", "CM"]
    for company in set(buyers):
        ledger.open(company, 1000)
    depot = Depot(train_types(), phase_track())
    for company, tid in zip(
        buyers, [*(f"2+-{i}" for i in range(4)), *(f"3+-{i}" for i in range(4))], strict=True
    ):
        depot.buy(company, tid, ledger)
    events = depot.buy("RG", "4+-0", ledger)
    assert ("2+-0", "RG") in events.rusted and len(events.rusted) == 4
    assert depot.train("2+-0").owner == SCRAPPED
    assert ledger.cash("RG") == 1000 - 80 - 400 + 20


def test_18royalgorge_phase_changes_on_cards() -> None:
    """Green on the 4th 2+, Brown on the 3rd 4+, Silver on the 2nd 5+; the Treaty of Boston on
    the 2nd 3+, privates close on the first 5+, the first 6x2 triggers the game end."""
    assert phase_starts() == {"2+-3": "Green", "4+-2": "Brown", "5+-1": "Silver"}
    assert deck_events() == {
        "3+-1": ("treaty_of_boston",),
        "5+-0": ("close_privates",),
        "6x2-0": ("trigger_end_game",),
    }
    assert export_all_type() == "2+"


def test_18royalgorge_phase_track_tiles_and_limits() -> None:
    """ "1. Lay Track": Yellow lays yellow; each later phase adds its colour (Silver: gray).
    Two trains per railroad in every phase, two ORs per set."""
    track = phase_track()
    assert [p.name for p in track.phases] == ["Yellow", "Green", "Brown", "Silver"]
    assert [p.tiles[-1] for p in track.phases] == ["yellow", "green", "brown", "gray"]
    assert all(p.limit() == 2 and p.operating_rounds == 2 for p in track.phases)
    assert track.on_train("2+") == []  # phases start on counted cards, applied by the rules
    assert track.advance_to("Green")[0].name == "Green"


def test_18royalgorge_buy_private_assets_from_green_not_in_silver() -> None:
    """ "Buy Private Assets": railroads may buy privates from Green; not once Silver starts
    (18xx.games still allows it in Silver)."""
    assert ["private_sales" in p.status for p in phases()] == [False, True, True, False]
    site = phases(Source.EIGHTEEN_XX_GAMES)
    assert ["private_sales" in p.status for p in site] == [False, True, True, True]


def test_18royalgorge_3_run_trains_plus_trains_count_towns_free() -> None:
    """Fig. 3: a 2+ visits 2 cities or off-boards plus any number of towns."""
    two = train_kinds()["2+"]
    assert two.fits({StopKind.CITY: 1, StopKind.OFFBOARD: 1, StopKind.TOWN: 5})
    assert not two.fits({StopKind.CITY: 3})
    assert train_kinds()["5+"].fits({StopKind.CITY: 5, StopKind.TOWN: 2})


def test_18royalgorge_3_run_trains_6x2_six_stops_doubled() -> None:
    """Fig. 3: a 6x2 hits 6 stops of any kind and doubles the total."""
    six = train_kinds()["6x2"]
    assert six.multiplier == 2
    assert six.fits({StopKind.CITY: 3, StopKind.TOWN: 3})
    assert not six.fits({StopKind.CITY: 4, StopKind.TOWN: 3})
