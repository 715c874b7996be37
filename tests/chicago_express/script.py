"""Short ways to write Chicago Express positions in tests: action scripts and board set-ups."""

from __future__ import annotations

from pathlib import Path

import roundhouse
from roundhouse.core.game import Game
from roundhouse.core.ids import PlayerId
from roundhouse.core.rng import Rng
from roundhouse.titles.chicago_express.title_state import ChicagoExpressState
from tests.shared_files import shared_dir


def shared_rules() -> Path:
    """The shared rules folder (see :mod:`tests.shared_files`)."""
    return shared_dir() / "rules"


def new(players: int | list[str] = 2, seed: int = 1, **options: object) -> Game:
    names = (
        players if isinstance(players, list) else ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"][:players]
    )
    return roundhouse.new_game("ChicagoExpress", players=names, seed=seed, options=options)


def state(game: Game) -> ChicagoExpressState:
    s = game.state
    assert isinstance(s, ChicagoExpressState)
    return s


def do(game: Game, player: str, kind: str, **fields: object) -> None:
    """Apply one action written as its JSON form."""
    game.apply({"kind": kind, "player": player, **fields})


def run_auction(game: Game, winner: str | None, amount: int = 0) -> None:
    """Finish the current auction: ``winner`` bids ``amount`` when first asked, all others pass."""
    s = state(game)
    assert s.auction is not None
    company = s.auction.company
    while s.auction is not None and s.auction.company == company:
        who = s.auction.to_act
        if who == winner and s.auction.high_bidder != winner:
            do(game, who, "bid", company=company, amount=amount)
        else:
            do(game, who, "pass_bid", company=company)


def opened(players: int | list[str] = 2, seed: int = 1, **options: object) -> Game:
    """Initial auctions done, each won at its minimum by the banker (the first player)."""
    game = new(players, seed, **options)
    banker = state(game).players[0]
    for amount in (7, 6, 5, 8):
        run_auction(game, banker, amount)
    return game


def grant(s: ChicagoExpressState, company: str, amount: int) -> None:
    """Put bank money into a treasury, keeping the money invariant (test set-ups only)."""
    s.companies[company].treasury += amount
    s.bank_net += amount


def give_share(s: ChicagoExpressState, company: str, player: str) -> None:
    """Move a share from the charter to a player for free (test set-ups only)."""
    c = s.companies[company]
    c.shares_left -= 1
    c.holders[PlayerId(player)] = c.holders.get(PlayerId(player), 0) + 1


def put(s: ChicagoExpressState, company: str, *hexes: str) -> None:
    """Place locomotives without a build (test set-ups only); income follows the board."""
    for h in hexes:
        s.add_locomotive(s.companies[company], h)


def to_step(game: Game, gauge: str) -> None:
    """The acting player advances ``gauge`` (the start of a turn)."""
    do(game, game.acting[0], "choose_gauge", gauge=gauge)


def random_game(players: int, seed: int, picker: Rng, check_every_action: bool = True) -> Game:
    """A complete game where every move is drawn uniformly from the legal ones."""
    game = new(players, seed)
    s = state(game)
    while not game.finished:
        moves = game.legal_actions()
        game.apply(moves[picker.below(len(moves))])
        if check_every_action:
            s = state(game)
            problems = s.invariant_violations()
            assert not problems, (game.to_doc(), problems)
            assert s.conserved_money() == 120, game.to_doc()
    return game
