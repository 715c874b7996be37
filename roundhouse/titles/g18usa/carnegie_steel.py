"""P10 Carnegie Steel Company (§2.3, §2.4, appendix "Metropolis"; 18xx.games): a company
started with it "in an unselected and unimproved metropolis" makes that city a metropolis,
its metropolis tile laid as set-up lays the drawn ones; P10 then closes whatever happened
(:mod:`.start_privates`)."""

from __future__ import annotations

from collections.abc import Collection

from roundhouse.titles.g18usa import board as usa_board
from roundhouse.titles.g18usa.denver import DENVER
from roundhouse.titles.g18usa.law_firm import settle_law_firm
from roundhouse.titles.g18usa.powers import held
from roundhouse.titles.g18usa.private_abilities import CarnegieSteel
from roundhouse.titles.g18usa.state import UsaGame


def new_metropolis(
    g: UsaGame,
    corp_id: str,
    home: str,
    *,
    potential_metropolises: Collection[str],
    metropolises: Collection[str],
) -> str | None:
    """The city P10, put into ``corp_id`` at its start, makes a metropolis: its home, when
    that is a potential metropolis not drawn and still on its printed tile."""
    if not held(g, corp_id, CarnegieSteel):
        return None
    here = g.map.board[home]
    unimproved = here.tile is here.printed.tile
    if home in potential_metropolises and home not in metropolises and unimproved:
        g.emit("metropolis", f"{home} becomes a metropolis (Carnegie Steel)")
        return home
    return None


def make_metropolis(g: UsaGame, hex_name: str) -> None:
    """P10 Carnegie Steel made ``hex_name`` a metropolis (appendix "Metropolis"): its
    metropolis tile goes down as set-up lays the drawn ones (§2.4), the company's home station
    moving onto it; Denver's orientation is then open (§12.2.3)."""
    board = g.map.board
    metro = usa_board.metropolis_candidates()[hex_name]
    here = board[hex_name]
    new = board.tiles[metro.tile]
    moves = {s.name: new.cities[0].name for s in here.tile.stations} if new.cities else {}
    for back in board.lay(hex_name, metro.tile, metro.rotation or 0, moves):
        if back in g.corps:
            g.corps[back].tokens_placed -= 1
    settle_law_firm(board)
    g.metropolises = (*g.metropolises, hex_name)
    if hex_name == DENVER:
        g.denver_open = True
