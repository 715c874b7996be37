"""P20 Suem & Wynn Law Firm used in the company's track step (18xx.games): "Discard during
the lay or upgrade track step to place an available station token into any city which
currently has no available open station circles.  The station token will immediately fill a
station circle in the city if one becomes available later.  This is an extra station token
placement."  Until a slot opens the token is a ``lawfirm:<company>:<city>`` marker on the
hex; what it then does on the board (filling a slot, a merger, a liquidation) is
:mod:`.law_firm`."""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.map_steps import TrackStep
from roundhouse.titles.g18usa.law_firm import law_firm_sites
from roundhouse.titles.g18usa.listed_step import ListedStep
from roundhouse.titles.g18usa.powers import UsePrivate, held, in_turn, use
from roundhouse.titles.g18usa.private_abilities import LawFirmToken
from roundhouse.titles.g18usa.state import UsaGame
from roundhouse.titles.g18usa.stop_bonus import law_firm_marker


def place_law_firm(g: UsaGame, corp_id: str, hex_name: str, city: str) -> None:
    corp = g.corps[corp_id]
    if corp.tokens_placed >= corp.tokens_owned:
        raise IllegalAction(f"{corp_id} has no station token left", rule="token.none_left")
    g.map.board.add_marker(hex_name, law_firm_marker(corp_id, city))
    corp.tokens_placed += 1
    private, ability = held(g, corp_id, LawFirmToken)[0]
    use(g, private.id, ability)
    g.emit("token", f"{corp_id} places a station in {hex_name} with {private.id}")


def is_law_firm(g: UsaGame, company: str) -> bool:
    """Whether ``company`` is a private with P20's ability."""
    private = g.privates.get(company)
    return private is not None and any(isinstance(a, LawFirmToken) for a in private.spec.abilities)


class LawFirmStep(ListedStep[UsaGame]):
    """P20 in the company's track step: an extra station in a full city it reaches."""

    kinds = frozenset({"use_private"})
    blocking = False
    name = "law_firm"

    def takes(self, g: UsaGame, action: Action) -> bool:
        return isinstance(action, UsePrivate) and is_law_firm(g, action.company)

    def moves(self, g: UsaGame, corp_id: str) -> list[UsePrivate]:
        if not in_turn(g, corp_id):
            return []
        if not any(isinstance(s, TrackStep) and s.active(g, corp_id) for s in g.round.steps):
            return []
        owned = held(g, corp_id, LawFirmToken)
        corp = g.corps[corp_id]
        if not owned or corp.tokens_placed >= corp.tokens_owned:
            return []
        reach = g.map.graph.reach(corp_id)
        hexes = {h for h, _ in reach.stops} | reach.hexes
        p = g.controller_id(corp_id)
        return [
            UsePrivate(player=p, entity=corp_id, company=owned[0][0].id, hex=h, choice=c)
            for h, c in law_firm_sites(g.map.board, corp_id, hexes)
        ]

    def refusal(self, g: UsaGame, entity: str, action: Action) -> IllegalAction:
        return IllegalAction(
            f"{entity} may use P20 only in its track step, on a full city its routes reach",
            rule="law_firm.placement",
        )

    def process(self, g: UsaGame, entity: str, action: Action) -> None:
        assert isinstance(action, UsePrivate)
        place_law_firm(g, entity, action.hex, action.choice)
