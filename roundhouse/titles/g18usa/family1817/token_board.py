"""Acquired station tokens on a real board (18USA §14.3).

:class:`TakeoverBoardMap` is core's :class:`~roundhouse.core.flow.board_map.BoardMap` that
also carries out what the M&A round does to station tokens on the map
(:class:`~.company_sale.StationTokenBoard`, :class:`~.company_sale.TokenClearingBoard`): the
buyer's tokens replace the target's, and a closing company's tokens leave the map.  A
1817-family title's map subclasses it.
"""

from __future__ import annotations

from typing import Any

from roundhouse.core.board import Board
from roundhouse.core.flow.board_map import BoardMap
from roundhouse.titles.g18usa.family1817.engine import FG


class TakeoverBoardMap(BoardMap[FG]):
    """A board whose companies can change hands (18USA §14.3)."""

    def __init__(self, board: Board, *, token_choice: bool = False, **options: Any) -> None:
        """``options`` are :class:`BoardMap`'s."""
        super().__init__(board, **options)
        self.token_choice = token_choice
        """Whether the title's merger and acquisition rounds list
        :class:`~.token_cut_step.StationTokenCutStep`, so the president chooses which tokens
        stay (18USA §14.3)."""
        self.token_cuts: dict[str, int] = {}
        """Company -> station tokens its president must still take off the map (§14.3)."""

    def convert_station_tokens(self, g: FG, buyer: str, target: str) -> None:
        """18USA §14.3: ``buyer``'s tokens replace ``target``'s where they stand; a second
        token in one hex goes back to the charter (set aside), and ``buyer``'s
        ``tokens_placed`` becomes its count on the map.  When more than the cap
        (:attr:`TakeoverRules.max_tokens`) would stay on the map, "the president selects
        which eight to keep": with :attr:`token_choice` every token is converted and the
        excess is left in :attr:`token_cuts` for
        :class:`~.token_cut_step.StationTokenCutStep` to ask for;
        without it this raises :class:`NotImplementedError` before anything moves."""
        board = self.board
        held = {h for h, _ in board.tokens_of(buyer)}
        keep: list[tuple[str, str]] = []
        aside: list[tuple[str, str]] = []
        for hex_name, city in board.tokens_of(target):
            (aside if hex_name in held else keep).append((hex_name, city))
            held.add(hex_name)
        cap = g.config.takeover.max_tokens
        over = 0 if cap is None else len(held) - cap
        if over > 0 and not self.token_choice:
            raise NotImplementedError(
                f"18USA §14.3: {buyer} would have {len(held)} station tokens on the map; the "
                f"president's choice of which {cap} to keep needs StationTokenCutStep "
                "(TakeoverBoardMap.token_choice)"
            )
        for hex_name, city in aside:
            board.remove_token(hex_name, city, target)
        for hex_name, city in keep:
            board.replace_token(hex_name, city, target, buyer)
        if over > 0:
            self.token_cuts[buyer] = self.token_cuts.get(buyer, 0) + over
        g.corps[buyer].tokens_placed = len(board.tokens_of(buyer))

    def cut_choices(self, g: FG, corp_id: str) -> list[str]:
        """What the president may take off the map to keep eight (§14.3): each of the
        company's stations, named "hex city".  A title whose privates put more of a
        company's stations on the map adds them."""
        return [f"{h} {c}" for h, c in sorted(self.board.tokens_of(corp_id))]

    def cut(self, g: FG, corp_id: str, choice: str) -> None:
        """Take off what ``choice`` (one of :meth:`cut_choices`) names."""
        hex_name, city = choice.split(" ", 1)
        self.board.remove_token(hex_name, city, corp_id)
        g.corps[corp_id].tokens_placed = len(self.board.tokens_of(corp_id))

    def cuts_done(self, g: FG, corp_id: str) -> None:
        """The president has taken off all the excess (a title settles what depends on
        which were kept)."""

    def remove_station_tokens(self, g: FG, corp_id: str) -> None:
        """A closing company's tokens leave the map (18USA §14.2.1: the bank liquidates it and
        nobody takes them; a merged-away company has none left by then, §14.3)."""
        for hex_name, city in self.board.tokens_of(corp_id):
            self.board.remove_token(hex_name, city, corp_id)
