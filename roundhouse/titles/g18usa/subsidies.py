"""§11.6.1 Subsidies (appendix "Subsidy Tiles"): a company started during the first stock
round in a city offering a subsidy takes it; "At the end of the first stock round, all unused
subsidies are discarded".

* $30/$40/$50: "treated as additional cash in a player's hand for starting a company" there
  (:func:`home_bonus_at`, :func:`max_home_bonus`, asked by the family's start auction).
* +10 and +10/+20: "The city receives the +10 value token" (:data:`PLUS_TOKENS`; the city's
  value, :mod:`.map_rules`).
* Free Station: "The company receives one extra station token" (:func:`take`; where it may be
  placed is :mod:`.stop_bonus` and :mod:`.law_firm`), and how it counts toward §14.1.1's and
  §14.3's eight (:func:`uncapped_tokens`).
* Boomtown and Resource are their own modules (:mod:`.home_brown`,
  :mod:`.resource_subsidy`); "No subsidy" gives P29 its train (:mod:`.bankrupt_railroad`).
"""

from __future__ import annotations

from roundhouse.titles.g18usa.setup_draw import Subsidy
from roundhouse.titles.g18usa.state import UsaGame

PLUS_TOKENS = {"plus10": (10, 10), "plus10_20": (10, 20)}
"""Appendix "Subsidy Tiles": a city's bonus before and from Phase 5."""


def home_bonus_at(g: UsaGame, hex_name: str) -> int:
    """§11.6.1, appendix: a $30/$40/$50 subsidy is cash in the starting player's hand."""
    subsidy = g.subsidies.get(hex_name)
    return subsidy.value if subsidy is not None and subsidy.kind == "cash" else 0


def max_home_bonus(g: UsaGame) -> int:
    """The largest cash subsidy of a city with an open station slot."""
    board = g.map.board
    return max(
        (
            s.value
            for h, s in g.subsidies.items()
            if s.kind == "cash"
            and any(board.open_slots(h, c, "") > 0 for c in board.hexes[h].tokens)
        ),
        default=0,
    )


def claim(g: UsaGame, corp_id: str, home: str) -> Subsidy | None:
    """The subsidy ``home`` still offers, taken off the offer and noted as the company's
    (none: the city offers none, or no longer)."""
    subsidy = g.subsidies.get(home)
    if subsidy is None:
        return None
    del g.subsidies[home]
    g.company_subsidies[corp_id] = subsidy
    return subsidy


def is_blank(subsidy: Subsidy | None) -> bool:
    """The company's home city's subsidy tile was "No subsidy" (appendix)."""
    return subsidy is not None and subsidy.kind == "none"


def take(g: UsaGame, corp_id: str, home: str, subsidy: Subsidy) -> None:
    """The claimed subsidy acts: the +10 and +10/+20 tokens stay on the city for everyone,
    the Free Station is one more token of the company's."""
    if subsidy.kind in PLUS_TOKENS:
        g.map.city_bonus[home] = PLUS_TOKENS[subsidy.kind]
        g.map.board.touch()
    elif subsidy.kind == "free_station":
        g.corps[corp_id].tokens_owned += 1
        g.map.free_stations.add(corp_id)
    told = (
        f"{corp_id}'s home {home} has no subsidy (a blank tile)"
        if subsidy.kind == "none"
        else f"{corp_id} takes the {subsidy.name} subsidy of {home}"
    )
    g.emit("subsidy", told, company=corp_id)


def discard_unused(g: UsaGame) -> None:
    """ "At the end of the first stock round, all unused subsidies are discarded"."""
    if g.sr_count == 1 and g.subsidies:
        g.subsidies.clear()
        g.emit("subsidy", "Unused subsidies are discarded")


def uncapped_tokens(g: UsaGame, corp_id: str) -> int:
    """§14.1.1 caps a conversion's tokens at eight, the Free Station subsidy's extra token
    counted (appendix: "The company receives one extra station token"), and so does §14.3
    after a merger or acquisition.  Under ``compat_18xx_games`` it is left out while it waits
    to be placed: the site keeps it as a subsidy card (``S9``, a ``token`` ability
    ``from_owner: false``) whose token joins the company's tokens only when placed, and a
    conversion or merger counts the company's tokens (``G1817::Step::Conversion``,
    ``Step::TokenMerger``), so a company with seven on its charter and the Free Station
    unplaced buys one more (found by the export differential, issue #17: random bots, 7
    players, seed 905), and one with the Free Station placed and seven others buys none (the
    one token beyond the cap: :meth:`.state.UsaGame.tokens_beyond_cap`)."""
    if not g.variant.compat_18xx_games:
        return 0
    return 1 if corp_id in g.map.free_stations else 0


def hand_over_free_station(g: UsaGame, survivor: str, absorbed: str) -> None:
    """Under ``compat_18xx_games`` an unplaced Free Station goes to the survivor of a merger
    or acquisition: the site's subsidies are company cards handed over with the privates
    (``G1817::Step::Acquire``, ``Conversion#process_merge``: ``transfer(:companies, ...)``);
    the rulebook hands over "trains, station markers, private companies" (§14.1.2, §14.2),
    not a subsidy."""
    if not g.variant.compat_18xx_games:
        return
    free = g.map.free_stations
    if absorbed in free:
        free.add(survivor)
