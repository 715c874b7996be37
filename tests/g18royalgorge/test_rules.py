"""18RoyalGorge rules from the rulebook's worked examples and sections (cited by heading)."""

from __future__ import annotations

from roundhouse.core.bank import BANK
from roundhouse.core.config import EndTrigger
from roundhouse.core.flow.actions import Bid, Pass
from roundhouse.core.game import Game
from roundhouse.core.shares import POOL
from roundhouse.core.tiles import Colour
from roundhouse.titles.g18royalgorge import TITLE, gold, metals, privates, scoring, steel, treaty
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame
from tests.g18royalgorge.shared import rg_state

PLAYERS = ["Jim", "Derek", "Lesley"]


def new(seed: int = 3, **options: object) -> tuple[Game, RoyalGorgeGame]:
    game = Game(TITLE, PLAYERS, seed=seed, options=options)
    return game, rg_state(game.state)  # type: ignore[arg-type]


def give(g: RoyalGorgeGame, corp_id: str, holdings: dict[str, int]) -> None:
    certs = sorted(g.books[corp_id].certs_of(POOL), key=lambda c: c.id)
    for player, n in holdings.items():
        for _ in range(n):
            certs.pop(0).owner = player


def test_18royalgorge_auction_example_lesley_wins_and_opens_next() -> None:
    """ "Private Asset Auction" example: Jim 65, Derek passes, Lesley 75, Jim 80, Lesley 85,
    Jim passes: Lesley pays $85 for the Ghost Town Tour and opens William Palmer's auction."""
    game, g = new(3)
    g.priority = "Jim"
    auction = g.round.steps[0]
    auction.auction.bidders = g.turn_order_from("Jim")  # type: ignore[attr-defined]
    auction.auction.turn = 0  # type: ignore[attr-defined]
    before = g.ledger.cash("Lesley")
    for who, price in [("Jim", 65), ("Derek", 0), ("Lesley", 75), ("Jim", 80), ("Lesley", 85)]:
        if price:
            game.apply(Bid(player=who, entity=who, company="Y2", price=price))  # type: ignore[arg-type]
        else:
            game.apply(Pass(player=who, entity=who))  # type: ignore[arg-type]
    game.apply(Pass(player="Jim", entity="Jim"))  # type: ignore[arg-type]
    assert g.privates["Y2"].owner == "Lesley"
    assert g.ledger.cash("Lesley") == before - 85
    assert game.acting == ("Lesley",)


def test_18royalgorge_steel_example_costs_130() -> None:
    """ "Buying Steel from CF&I" example: three yellow ($10+$20+$30) and two green ($30+$40)
    cost $130; a sixth tile of either colour costs $40; the money goes to CF&I."""
    _, g = new()
    g.depot.phases.advance_to("Green")
    g.steel = {c: [] for c in g.steel}
    g.steel["A"] = [10, 20, 30]
    g.steel["E"] = [30]
    g.ledger.transfer(BANK, "RG", 500)
    box = g.ledger.cash("CF&I")
    steel.choose(g, "RG", "A")
    steel.choose(g, "RG", "E")
    paid = [steel.buy(g, "RG", Colour.YELLOW) for _ in range(3)]
    paid += [steel.buy(g, "RG", Colour.GREEN) for _ in range(2)]
    assert paid == [10, 20, 30, 30, 40] and sum(paid) == 130
    assert steel.quote(g, "RG", Colour.YELLOW)[1] == 40
    assert steel.quote(g, "RG", Colour.GREEN)[1] == 40
    assert g.ledger.cash("CF&I") == box + 130


def test_18royalgorge_dividend_example_72_12_36() -> None:
    """ "4. Pay Dividends" example: $120 with 6, 1 and 3 shares pays $72, $12 and $36 (CF&I
    pays "as you would any other dividends")."""
    _, g = new()
    give(g, "CF&I", {"Jim": 6, "Derek": 1, "Lesley": 3})
    g.ledger.transfer(BANK, "CF&I", 70)
    paid = metals.cfi_dividend(g)
    assert paid == {"Jim": 72, "Derek": 12, "Lesley": 36}
    assert g.ledger.cash("CF&I") == 50  # "It always starts with $50"
    assert g.share_price("CF&I") == 55  # $120 >= 2 x $45: two spaces right, 45 -> 55


def test_18royalgorge_gold_miner_pays_120_on_100() -> None:
    """ "Gold Miner" notes: a $100 VGC dividend pays $120 in all, the ghost 20% not moving
    the price."""
    _, g = new()
    g.privates["B4"].owner = "Jim"
    give(g, "VGC", {"Jim": 4, "Derek": 3, "Lesley": 3})
    paid = metals.pay(g, "VGC", 100, BANK)
    assert sum(paid.values()) == 120 and paid["Jim"] == 60


def test_18royalgorge_gold_ship_limit_and_vgc_value() -> None:
    """ "Shipping Gold": two cubes in Yellow, the VGC dividend is the lowest uncovered space."""
    _, g = new()
    assert gold.vgc_dividend(g) == 50
    g.gold_shipped = 2
    assert not gold.track_room(g)
    assert gold.vgc_dividend(g) == 140
    g.depot.phases.advance_to("Green")
    assert gold.track_room(g)


def test_18royalgorge_treaty_of_boston_opens_the_gorge_and_sets_debt() -> None:
    """ "Resolving Events": green gorge tiles laid, Rio Grande's two stations on them, Rio
    Grande owes Santa Fe 4 debt tokens and Santa Fe owes Doc 2; "6. Pay Off 1 Debt": one token
    per operating round at the debt marker's price, paid to Santa Fe."""
    _, g = new()
    treaty.event(g)
    board = g.map_board()
    assert [board.hexes[h].tile.id for h in ("D12", "E13", "F12")] == ["RG-A", "RG-B", "RG-C"]
    assert ("D12", "c") in board.tokens_of("RG") and ("F12", "c") in board.tokens_of("RG")
    assert g.debt_owed == {"RG": 4, "SF": 2}
    g.ledger.transfer(BANK, "RG", 200)
    sf = g.ledger.cash("SF")
    treaty.pay(g, "RG")
    assert g.ledger.cash("SF") == sf + 60 and g.debt_owed["RG"] == 3
    assert not treaty.may_pay(g, "RG")
    treaty.after_operating_round(g)
    assert g.debt_price() == 65


def test_18royalgorge_unpaid_debt_penalises_the_final_price() -> None:
    """Debt cards: Rio Grande with all 4 tokens unpaid drops 8 spaces at the end."""
    _, g = new()
    g.start_company("Jim", "RG", 80)
    treaty.event(g)
    assert scoring.final_price(g, "RG") == 35  # 80 -> 8 spaces left
    assert scoring.adjustment(g, "Jim") == 2 * (35 - 80)


def test_18royalgorge_coal_depot_cubes_from_price() -> None:
    """ "Coal Depot" notes: won for $95, the card starts with 9 cubes."""
    _, g = new()
    privates.on_bought(g, "G6", "Jim", 95)
    assert g.coal["G6"] == 9


def test_18royalgorge_william_palmer_gives_two_shares() -> None:
    """William Palmer (Y4): its buyer gets 10% of Rio Grande and 10% of CF&I."""
    _, g = new()
    privates.on_bought(g, "Y4", "Derek", 75)
    assert g.books["RG"].cert("RG_1").owner == "Derek"
    assert g.books["CF&I"].cert("CF&I_1").owner == "Derek"


def test_18royalgorge_final_train_trigger_gives_another_set() -> None:
    """ "Ending 3": the Game End card finishes this set, a stock round and one more set;
    "Shorter Game": only this set."""
    _, g = new()
    g.trigger(EndTrigger.FINAL_TRAIN)
    assert g.end.target is not None and g.end.target[0] == g.set_count + 2
