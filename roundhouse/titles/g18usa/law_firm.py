"""P20 Suem & Wynn Law Firm's stations on the board (18xx.games: "Discard during the lay or
upgrade track step to place an available station token into any city which currently has no
available open station circles.  The station token will immediately fill a station circle in
the city if one becomes available later.  This is an extra station token placement").

Until a slot opens the station is a ``lawfirm:<company>:<city>`` marker on the hex, which
:class:`~.stop_bonus.PrivateStops` turns into a station of the company that takes no slot.
These read and change the board only: where P20 may go (:func:`law_firm_sites`), the waiting
stations (:func:`law_firm_stations`), and what a merger, a liquidation or a new slot does to
them (:func:`merge_law_firm`, :func:`remove_law_firm`, :func:`settle_law_firm`, after every
change of a city's tokens or tile).  Using the private is :mod:`.law_firm_step`'s
``LawFirmStep``.
"""

from __future__ import annotations

from collections.abc import Collection

from roundhouse.core.board import Board
from roundhouse.titles.g18usa.stop_bonus import COMPANY_TOWNS, LAW_FIRM, law_firm_marker


def law_firm_sites(board: Board, corp_id: str, reach: Collection[str]) -> list[tuple[str, str]]:
    """(hex, city) where P20 may put the company's station: a city it reaches with no open
    slot, no station of its own in the hex, not a company town."""
    out: list[tuple[str, str]] = []
    for name in sorted(reach):
        here = board[name]
        if here.tile.id in COMPANY_TOWNS or any(corp_id in t for t in here.tokens.values()):
            continue
        if any(m.startswith(LAW_FIRM) and m.split(":")[1] == corp_id for m in here.markers):
            continue
        for city in here.tile.cities:
            if city.slots and board.open_slots(name, city.name, corp_id) <= 0:
                out.append((name, city.name))
    return out


def law_firm_stations(board: Board, corp_id: str) -> list[tuple[str, str]]:
    """(hex, city) of the company's P20 stations still waiting for a slot: stations of the
    company on the map (counted in its ``tokens_placed``, §14.3's count of its tokens)."""
    out: list[tuple[str, str]] = []
    for name, here in board.hexes.items():
        for marker in here.markers:
            if marker.startswith(LAW_FIRM):
                _, corp, city = marker.split(":")
                if corp == corp_id:
                    out.append((name, city))
    return sorted(out)


def remove_law_firm(board: Board, corp_id: str, hex_name: str | None = None) -> None:
    """Take the company's waiting P20 station off the map (in ``hex_name``, or anywhere)."""
    for name, here in board.hexes.items():
        if hex_name is not None and name != hex_name:
            continue
        kept = [m for m in here.markers if not m.startswith(f"{LAW_FIRM}{corp_id}:")]
        if len(kept) != len(here.markers):
            here.markers[:] = kept
            board.touch()


def merge_law_firm(board: Board, survivor: str, absorbed: str) -> None:
    """§14.3 for P20's waiting stations: the absorbed company's becomes the survivor's, and
    "if this results in two station tokens on the same hex, return one to the company's
    charter": a waiting station where the survivor now has a station (in a slot, or waiting)
    leaves the map, the station in the slot staying."""
    for here in board.hexes.values():
        ours = any(survivor in t for t in here.tokens.values())
        for marker in list(here.markers):
            if not marker.startswith(LAW_FIRM):
                continue
            _, corp, city = marker.split(":")
            if corp not in (survivor, absorbed):
                continue
            if ours:
                here.markers.remove(marker)
            else:
                here.markers[here.markers.index(marker)] = law_firm_marker(survivor, city)
                ours = True
            board.touch()


def settle_law_firm(board: Board) -> None:
    """A P20 station takes the first slot that opens in its city (a token leaving, or a tile
    with more slots: "The station token will immediately fill a station circle in the city if
    one becomes available later")."""
    for name, here in board.hexes.items():
        for marker in list(here.markers):
            if not marker.startswith(LAW_FIRM):
                continue
            _, corp, city = marker.split(":")
            if city in here.tokens and board.open_slots(name, city, corp) > 0:
                here.markers.remove(marker)
                board.place_token(name, city, corp)
