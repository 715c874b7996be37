"""Issue 14: an 18RoyalGorge game we export is one 18xx.games takes move by move.  Each test
names the site behaviour it follows (tobymao/18xx, read for the facts; docs/facts/
18royalgorge.md §21) and fails against the export as it was before.

Positions come from seeded bot games in ``compat_18xx_games`` (the differential harness's
own games, ``bench.differential``): each test says what it looks for in them, and asserts the
game has it, so a change of the bots cannot make a test pass without looking.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache

import pytest

from bench.differential import Spec, play
from roundhouse.core.actions import Action, Json
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Bid, LayTile, Pass, SellShares
from roundhouse.core.game import Game
from roundhouse.core.ids import PlayerId
from roundhouse.interop import export_18xx_games, import_18xx_games
from roundhouse.interop.export import export_with_origins
from roundhouse.titles.g18royalgorge import TITLE
from roundhouse.titles.g18royalgorge.interop.site_game import (
    ANY_TIME,
    debt_share_buyable,
    discount_offered,
    skipped_pass,
    skipped_run,
)
from roundhouse.titles.g18royalgorge.interop.translator import engine
from roundhouse.titles.g18royalgorge.interop.turn import special_lay
from tests.g18royalgorge.shared import rg_state

COMPAT = {"compat_18xx_games": True}


@cache
def bot_game(players: int, seed: int) -> Game:
    return play(Spec(0, players, "random", seed))


@cache
def exported(
    players: int, seed: int
) -> tuple[list[dict[str, Json]], dict[int, list[dict[str, Json]]]]:
    """The document's actions, and the actions written for each of our moves (by index)."""
    doc, origins = export_with_origins(bot_game(players, seed))
    actions = doc["actions"]
    assert isinstance(actions, list)
    by_move: dict[int, list[dict[str, Json]]] = {}
    for site, origin in zip(actions, origins, strict=True):
        assert isinstance(site, dict)
        by_move.setdefault(origin, []).append(site)
    return [a for a in actions if isinstance(a, dict)], by_move


def positions(players: int, seed: int) -> Iterator[tuple[int, Game, Action]]:
    """(index, the game just before the move, the move) through a bot game."""
    game = bot_game(players, seed)
    replay = Game(game.title, game.players, game.seed, game.options)
    for index, move in enumerate(game.log):
        yield index, replay, move
        replay.apply(move)


def first(players: int, seed: int, wanted: Callable[[Game, Action], bool]) -> tuple[int, Game]:
    for index, game, move in positions(players, seed):
        if wanted(game, move):
            return index, game.clone()
    raise AssertionError(f"the {players}-player bot game of seed {seed} has no such position")


def reads_back(game: Game) -> bool:
    """Our import of the export makes the same moves (the site's player ids for our seats)."""
    again = import_18xx_games(export_18xx_games(game))
    ours = [re.sub(r"\bP(\d)\b", r"\1", str(a)) for a in game.log]
    return ours == [str(a) for a in again.log]


def new(players: int = 3, seed: int = 3) -> Game:
    return Game(TITLE, [f"P{i + 1}" for i in range(players)], seed=seed, options=COMPAT)


def bid(game: Game, who: str, price: int) -> None:
    item = rg_state(game.state).round.steps[0].auction.item  # type: ignore[attr-defined]
    game.apply(Bid(player=PlayerId(who), entity=who, company=item, price=price))


# -- 1. the private auction ----------------------------------------------------------------


def test_site_auction_players_who_cannot_afford_are_out_without_a_move() -> None:
    """``Step::PassableAuction#add_bid``: after a bid, every other player whose cash is below
    the next minimum (bid + $5) "cannot bid ... and is out of the auction"; the bidder left
    alone wins at once.  ``#auction_entity``: when a card comes up, so is every player who
    cannot pay its minimum.  Nobody's pass is asked for, and none is written."""
    game = new()
    opener = game.acting[0]
    bid(game, opener, 550)
    g = rg_state(game.state)
    won = [p for p in g.privates.values() if p.owner == opener]
    assert len(won) == 1, "the others cannot bid $555: the card is sold at once"
    auction = g.round.steps[0].auction  # type: ignore[attr-defined]
    assert opener not in auction.bidders, "with $0 the winner is out of the next card"
    assert opener not in game.acting
    written = export_18xx_games(game)["actions"]
    assert isinstance(written, list)
    assert [a["type"] for a in written if isinstance(a, dict)] == ["bid"]


def test_site_auction_no_move_leaves_a_card_nobody_can_afford() -> None:
    """A card no player can afford when it comes up has no bidder, and the site's engine
    fails there (``G18RoyalGorge::Step::SingleItemAuction#win_bid`` without a winner): the
    game cannot go on.  Compat refuses the bid after which some later card could not be
    afforded by anyone, and keeps every move that lets the auction go on."""
    game = new(players=2)
    first_player = game.acting[0]
    bid(game, first_player, 800)
    second = game.acting[0]
    item = rg_state(game.state).round.steps[0].auction.item  # type: ignore[attr-defined]
    everything = Bid(player=PlayerId(second), entity=second, company=item, price=800)
    assert everything not in game.legal_actions()
    with pytest.raises(IllegalAction, match=r"18xx\.games cannot go on"):
        game.apply(everything)
    assert any(isinstance(a, Bid) for a in game.legal_actions())
    assert Pass(player=PlayerId(second), entity=second) in game.legal_actions()


def test_site_priority_tie_for_most_cash_starts_after_the_last_winner() -> None:
    """``G18RoyalGorge::Game#finish_round!``: after the auction the players are first put in
    order from the round's entity index (the player after the last card's winner, who would
    open the next card), then turned so that the richest comes first: of two equally rich
    players, the one first in that order gets the priority deal."""
    game = new()
    p1, p2, p3 = game.acting[0], *rg_state(game.state).turn_order_from(game.acting[0])[1:]

    def pass_(who: str) -> None:
        game.apply(Pass(player=PlayerId(who), entity=who))

    pass_(p1)
    pass_(p2)
    bid(game, p3, 100)
    pass_(p1)
    pass_(p2)  # p3 wins the first card; p1 opens the second
    pass_(p1)
    bid(game, p2, 200)
    pass_(p3)
    pass_(p1)  # p2 wins; p3 opens the third
    for _ in range(2):  # the third and fourth cards: nobody bids
        for who in (p3, p1, p2):
            pass_(who)
    pass_(p3)
    bid(game, p1, 100)
    pass_(p2)
    pass_(p3)  # p1 wins the last card: p1 and p3 have $450, p2 $350
    g = rg_state(game.state)
    assert g.round.kind == "SR"
    assert g.ledger.cash(p1) == g.ledger.cash(p3) == 450
    assert game.acting == (p3,), "order from p2 (after the winner): p2, p3, p1; richest first"


# -- 2. the run the site skips ---------------------------------------------------------------


def test_site_skips_the_run_of_a_railroad_whose_stations_reach_no_second_stop() -> None:
    """``Step::Route#actions`` offers nothing without ``Graph#route_info``'s
    ``route_available`` (a station reaching a second revenue centre); the site moves on and
    withholds by itself.  Our route step asks for the run of nothing: it is not written, and
    reading the document back makes it again."""
    index, _ = first(3, 1, lambda g, move: skipped_run(g) == move)
    _, by_move = exported(3, 1)
    assert all(a["type"] != "run_routes" for a in by_move.get(index, []))
    assert reads_back(bot_game(3, 1))


# -- 3. and 9. players the site still asks in a stock round ---------------------------------


def _only_pass(game: Game, move: Action) -> bool:
    g = engine(game)
    legal = [a for a in game.legal_actions() if a.kind not in ANY_TIME]
    return g.round.kind == "SR" and legal == [move] and isinstance(move, Pass)


def test_site_waits_for_a_player_who_could_buy_a_debt_share() -> None:
    """``Step::BuySellParShares#can_buy_any_from_market?`` counts the hidden ``DEBT``
    corporation's pool shares (``G18RoyalGorge::Game#init_debt_corp``): a player with the
    debt marker's price in cash and room under the certificate limit is asked for a move,
    so their pass is written even where our round offers nothing else."""

    def wanted(game: Game, move: Action) -> bool:
        return _only_pass(game, move) and debt_share_buyable(engine(game), str(move.player))

    index, _ = first(4, 1, wanted)
    _, by_move = exported(4, 1)
    assert [a["type"] for a in by_move[index]] == ["pass"]


def test_site_waits_for_a_player_offered_a_discounted_purchase() -> None:
    """``G18RoyalGorge::Step::BuySellParShares#can_buy_company_discounted_bundles?`` offers the
    Metals Investor's and the Mint Worker's shares without asking whether the player sold
    that company this round (``#can_buy?`` would refuse the purchase later): the site waits
    for such a player's pass."""

    def wanted(game: Game, move: Action) -> bool:
        g = engine(game)
        player = str(move.player)
        return (
            _only_pass(game, move)
            and discount_offered(g, player)
            and not debt_share_buyable(g, player)
        )

    index, _ = first(3, 11, wanted)
    _, by_move = exported(3, 11)
    assert [a["type"] for a in by_move[index]] == ["pass"]


# -- 4. passes the site makes itself -------------------------------------------------------


def test_site_passes_a_player_with_nothing_to_do_and_records_nothing() -> None:
    """``Round::Base#skip_steps``: a player whose stock-round step offers nothing "has no
    valid actions and passes"; no such pass is ever recorded (a recorded one there would be
    refused).  None is written, not even when the same player passes for real in a later
    stock round (the export used to hold these passes back and match them by value)."""
    skipped: list[int] = []
    for index, game, move in positions(3, 1):
        if skipped_pass(game) == move:
            skipped.append(index)
    assert skipped
    _, by_move = exported(3, 1)
    assert all(index not in by_move for index in skipped)
    assert reads_back(bot_game(3, 1))


# -- 10. a private card's lay ----------------------------------------------------------------


def test_site_lays_a_steel_depot_cube_through_the_card() -> None:
    """The site's track step always charges the steel market
    (``G18RoyalGorge::Step::Track#process_lay_tile``); only a ``lay_tile`` by the Steel Depot
    card itself (``Step::SpecialTrack``, its ``tile_lay`` ability) spends a depot cube.  Our
    steel step spends one whenever the market would charge, so such a lay is written as the
    card's."""

    def wanted(game: Game, move: Action) -> bool:
        return isinstance(move, LayTile) and special_lay(move, engine(game)) == "B3"

    index, _ = first(2, 4, wanted)
    _, by_move = exported(2, 4)
    lay = [a for a in by_move[index] if a["type"] == "lay_tile"]
    assert lay and lay[0]["entity"] == "B3" and lay[0]["entity_type"] == "company"


# -- 9. a president's certificate sold in part --------------------------------------------


def test_site_sells_a_presidents_certificate_in_part_and_swaps_it() -> None:
    """``Game::Base#partial_bundles_for_presidents_share``: a president selling one share
    more than their ordinary certificates sells the president's certificate as a bundle one
    share short; ``SharePool#transfer_shares`` hands it to the new president for their first
    certificates and ``#handle_partial`` gives the seller the pool's first certificate back.
    The export names the president's certificate, and reading it back is our sale of that
    many shares."""

    def wanted(game: Game, move: Action) -> bool:
        if not isinstance(move, SellShares) or move.corporation not in engine(game).corps:
            return False
        book = engine(game).books[move.corporation]
        normal = sum(c.shares for c in book.certs_of(move.entity) if not c.president)
        return book.president == move.entity and move.count > normal

    index, _ = first(3, 3, wanted)
    move = bot_game(3, 3).log[index]
    assert isinstance(move, SellShares)
    _, by_move = exported(3, 3)
    (sale,) = [a for a in by_move[index] if a["type"] == "sell_shares"]
    assert f"{move.corporation}_0" in sale["shares"]  # type: ignore[operator]
    assert sale["percent"] == 10 * move.count
    assert reads_back(bot_game(3, 3))
