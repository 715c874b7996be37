"""18RoyalGorge "Game Play Variants" as game options: Auction Variant, 2-Player Variant,
Hand-Picked Variant, No Privates Variant, Alternate Gold and Steel Prices, Shorter Game (and
"Expanded Content"'s Elijah McCoy); every one is off by default."""

from __future__ import annotations

import pytest

from roundhouse.core.bank import BANK
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Bid, Choose, Par, Pass
from roundhouse.core.flow.trade import check_purchase
from roundhouse.core.game import Game
from roundhouse.core.rng import Rng
from roundhouse.core.shares import POOL
from roundhouse.titles.g18royalgorge import TITLE, deck
from roundhouse.titles.g18royalgorge.company import privates as private_cards
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame
from tests.g18royalgorge.shared import rg_state
from tests.g18royalgorge.test_random_games import steady

PLAYERS = ["Ann", "Bob", "Cy"]
VARIANTS = (
    "auction_variant",
    "hand_picked",
    "no_privates",
    "alternate_prices",
    "shorter_game_end",
    "elijah_mccoy",
)


def new(seed: int = 3, players: int = 3, **options: object) -> tuple[Game, RoyalGorgeGame]:
    game = Game(
        TITLE, PLAYERS[:players] if players <= 3 else [*PLAYERS, "Di"], seed=seed, options=options
    )
    return game, rg_state(game.state)  # type: ignore[arg-type]


def test_18royalgorge_variants_are_offered_and_off_by_default() -> None:
    """ "Game Play Variants": each is an option; the standard game has none of them."""
    offered = {o.name: o.default for o in TITLE.options}
    for name in VARIANTS:
        assert offered[name] is False, name
    _, g = new()
    assert g.round.kind == "Auction" and len(g.privates) == 5


# --- No Privates ---------------------------------------------------------------------------


def test_18royalgorge_no_privates_variant_starts_with_the_stock_round() -> None:
    """No Privates Variant: "remove private assets altogether" - no auction, no cards."""
    game, g = new(no_privates=True)
    assert g.privates == {} and g.round.kind == "SR"
    assert game.acting == (g.priority,)


# --- Alternate Gold and Steel Prices ---------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_18royalgorge_alternate_prices_from_a_yellow_and_a_green_card(seed: int) -> None:
    """Alternate Gold and Steel Prices: steel (CF&I) starts at the minimum bid of a random card
    of Y1-Y3, gold (VGC) at that of a random card of G1-G3; the deal goes on as usual."""
    cards = private_cards()
    _, g = new(seed, alternate_prices=True)
    assert g.share_price("CF&I") in {cards[c].spec.value for c in ("Y1", "Y2", "Y3")}
    assert g.share_price("VGC") in {cards[c].spec.value for c in ("G1", "G2", "G3")}
    assert len(g.privates) == 5
    _, plain = new(seed)
    assert (plain.share_price("CF&I"), plain.share_price("VGC")) == (45, 45)


def test_18royalgorge_alternate_prices_vary_with_the_seed() -> None:
    prices = {
        (g.share_price("CF&I"), g.share_price("VGC"))
        for g in (new(s, alternate_prices=True)[1] for s in range(1, 9))
    }
    assert len(prices) > 1


# --- 2-Player Variant ---------------------------------------------------------------------


def test_18royalgorge_two_player_variant_70_percent_incl_cfi() -> None:
    """2-Player Variant (and "Buying"): with two players up to 70% of any company, "This
    includes ... Victor Gold Company and Colorado Fuel and Iron"; 60% otherwise."""
    for players, allowed in ((2, True), (3, False)):
        _, g = new(players=players, no_privates=True)
        certs = sorted(g.books["CF&I"].certs_of(POOL), key=lambda c: c.id)
        for cert in certs[:6]:
            cert.owner = "Ann"
        g.ledger.transfer(BANK, "Ann", 100)
        if allowed:
            check_purchase(g, "Ann", certs[6].id, sold=False)
        else:
            with pytest.raises(IllegalAction):
                check_purchase(g, "Ann", certs[6].id, sold=False)


# --- Shorter Game ---------------------------------------------------------------------------


def at_operating_round(**options: object) -> RoyalGorgeGame:
    game, g = new(40, **options)
    rng = Rng(5)
    while g.round.kind != "OR":
        game.apply(steady(list(game.legal_actions()), rng))
    return g


def test_18royalgorge_shorter_game_ends_with_this_set() -> None:
    """ "Ending 3": the Game End card bought in an operating round gives this set, a stock
    round and one more set; Shorter Game: only this set."""
    g = at_operating_round()
    deck.final_train(g, exported=False)
    assert g.end.target is not None and g.end.target[0] == g.set_count + 1
    g = at_operating_round(shorter_game_end=True)
    deck.final_train(g, exported=False)
    assert g.end.target is not None and g.end.target[0] == g.set_count


def test_18royalgorge_shorter_game_export_still_gives_a_stock_round_and_a_set() -> None:
    """Shorter Game: "If the game ends due to the export of a train, players must still
    complete the stock round and the set of operating rounds"."""
    g = at_operating_round(shorter_game_end=True)
    deck.final_train(g, exported=True)
    assert g.end.target is not None and g.end.target[0] == g.set_count + 1


# --- Hand-Picked Variant ----------------------------------------------------------------------


def picks(game: Game) -> list[str]:
    return [a.choice for a in game.legal_actions() if isinstance(a, Choose)]


def test_18royalgorge_hand_picked_draft_from_left_of_priority() -> None:
    """Hand-Picked Variant: the cards go to "the player to the left of the priority deal
    player", who picks one and passes the rest on; two yellow, two green and one brown end up
    in play - a brown first pick closes brown to everyone else."""
    game, g = new(hand_picked=True)
    assert g.round.kind == "Draft" and len(g.privates) == 18
    order = g.turn_order_from(g.priority)
    assert game.acting == (order[1],)
    assert len(picks(game)) == 18
    hand = next(p for p in game.prompt().details if p.id == "hand_pick")
    assert hand.value("Picked") == "" and hand.value("Hand") == ", ".join(picks(game))
    script = [(order[1], "B5"), (order[2], "Y1"), (order[0], "G6"), (order[1], "Y6")]
    for who, card in script:
        game.apply(Choose(player=who, entity=who, choice=card))  # type: ignore[arg-type]
        assert game.acting[0] != who
    assert not any(c.startswith("B") for c in picks(game))  # brown's one place is taken
    assert not any(c.startswith("Y") for c in picks(game))  # so are yellow's two
    with pytest.raises(IllegalAction) as err:
        game.apply(Choose(player=order[2], entity=order[2], choice="Y2"))  # type: ignore[arg-type]
    assert err.value.rule == "draft.pick"
    game.apply(Choose(player=order[2], entity=order[2], choice="G1"))  # type: ignore[arg-type]
    assert g.round.kind == "Auction"
    open_cards = [p for p, c in g.privates.items() if not c.closed]
    assert sorted(open_cards) == ["B5", "G1", "G6", "Y1", "Y6"]
    # auctioned as dealt: yellow then green then brown, cheaper first; bidding starts with
    # the priority deal ("Private Asset Auction")
    assert next(a.company for a in game.legal_actions() if isinstance(a, Bid)) == "Y6"
    assert game.acting == (g.priority,)


def test_18royalgorge_hand_picked_with_elijah_mccoy_offers_b5a() -> None:
    game, _ = new(hand_picked=True, elijah_mccoy=True)
    assert "B5a" in picks(game) and "B5" not in picks(game)


# --- Auction Variant ------------------------------------------------------------------------


def opening(**options: object) -> tuple[Game, RoyalGorgeGame, list[str]]:
    game, g = new(no_privates=True, auction_variant=True, **options)
    return game, g, g.turn_order_from(g.priority)


def test_18royalgorge_auction_variant_start_is_a_bid_in_5_dollar_steps() -> None:
    """Auction Variant: a railroad is started only through an auction; "The initiating player
    begins the bid at any $5 increment"."""
    game, g, order = opening()
    bids = [a for a in game.legal_actions() if isinstance(a, Bid) and a.company == "RG"]
    assert not any(isinstance(a, Par) for a in game.legal_actions())
    assert [b.price for b in bids[:3]] == [0, 5, 10]
    assert all(b.price % 5 == 0 for b in bids)
    assert bids[-1].price == g.ledger.cash(order[0]) - 2 * 60  # still able to start at $60
    with pytest.raises(IllegalAction):
        game.apply(Par(player=order[0], entity=order[0], corporation="RG", share_price=70))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        game.apply(Bid(player=order[0], entity=order[0], company="RG", price=12))  # type: ignore[arg-type]


def test_18royalgorge_auction_variant_other_winner_then_initiator_resumes() -> None:
    """Auction Variant: clockwise higher bids in $5 steps; "the highest bidder pays their bid
    to the bank. (This payment does not contribute to starting the company.)"; the winner starts
    it "according to the normal rules"; "If the auction winner is different from the initiating
    player, play resumes with the initiating player"."""
    game, g, (a, b, c) = opening()
    cash_b = g.ledger.cash(b)
    game.apply(Bid(player=a, entity=a, company="RG", price=10))  # type: ignore[arg-type]
    assert game.acting == (b,)
    lows = [x.price for x in game.legal_actions() if isinstance(x, Bid)]
    assert lows[0] == 15
    game.apply(Bid(player=b, entity=b, company="RG", price=25))  # type: ignore[arg-type]
    shown = next(p for p in game.prompt().details if p.id == "start_auction")
    assert (shown.value("Railroad"), shown.value("High bid"), shown.value("High bidder")) == (
        "RG",
        25,
        b,
    )
    game.apply(Pass(player=c, entity=c))  # type: ignore[arg-type]
    game.apply(Pass(player=a, entity=a))  # type: ignore[arg-type]
    assert game.acting == (b,)
    assert {x.kind for x in game.legal_actions()} == {"par"}
    assert g.ledger.cash(b) == cash_b - 25
    game.apply(Par(player=b, entity=b, corporation="RG", share_price=70))  # type: ignore[arg-type]
    assert g.corps["RG"].started and g.books["RG"].president_cert.owner == b  # type: ignore[union-attr]
    assert g.ledger.cash(b) == cash_b - 25 - 140
    assert g.ledger.cash("RG") == 140  # the $25 went to the bank, not the railroad
    assert all(p.id != "start_auction" for p in game.prompt().details)
    assert game.acting == (a,)  # the initiator's turn goes on
    assert any(x.kind == "buy_shares" for x in game.legal_actions())
    game.apply(Pass(player=a, entity=a))  # type: ignore[arg-type]
    assert game.acting == (b,)


def test_18royalgorge_auction_variant_initiator_wins_and_the_turn_is_used() -> None:
    """The initiator who wins starts the railroad as the turn's purchase; play moves on."""
    game, g, (a, b, c) = opening()
    game.apply(Bid(player=a, entity=a, company="PAV", price=0))  # type: ignore[arg-type]
    game.apply(Pass(player=b, entity=b))  # type: ignore[arg-type]
    game.apply(Pass(player=c, entity=c))  # type: ignore[arg-type]
    assert game.acting == (a,)
    game.apply(Par(player=a, entity=a, corporation="PAV", share_price=60))  # type: ignore[arg-type]
    assert g.corps["PAV"].started and g.ledger.cash("PAV") == 120
    assert game.acting == (b,)


def test_18royalgorge_auction_variant_poor_players_only_pass() -> None:
    """A player who could not start the railroad after paying may not bid (only pass): $124
    cannot pay a $5 raise and the $120 start at $60."""
    game, g, (a, b, _) = opening()
    g.ledger.transfer(b, BANK, g.ledger.cash(b) - 124)
    game._legal = None  # the position was edited by hand
    game.apply(Bid(player=a, entity=a, company="RG", price=0))  # type: ignore[arg-type]
    assert [x.kind for x in game.legal_actions()] == ["pass"]


# --- bots can play them -------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"auction_variant": True, "hand_picked": True},
        {"hand_picked": True, "elijah_mccoy": True, "alternate_prices": True},
        {"auction_variant": True, "shorter_game_end": True, "no_privates": True},
    ],
)
def test_18royalgorge_variants_bot_games_finish(options: dict[str, object]) -> None:
    """Complete legal_actions: a bot that only picks from the list finishes the game, with
    money conserved and the invariants kept; the log replays to the same state."""
    game, g = new(7, **options)
    total = g.conserved_money()
    rng = Rng(7)
    for _ in range(3000):
        if game.finished:
            break
        game.apply(steady(list(game.legal_actions()), rng))
        assert game.state.conserved_money() == total
        assert game.state.invariant_violations() == []
    assert game.finished and game.result is not None
    replay = Game(TITLE, PLAYERS, seed=7, options=options)
    for action in game.log:
        replay.apply(action)
    assert replay.state_hash() == game.state_hash()
