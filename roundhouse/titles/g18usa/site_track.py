"""When 18xx.games's track step waits for a company in 18USA (``G18USA::Step::Track``, read
for the facts at tobymao/18xx 111f7f69), and the red-area privates its waiting allows under
``compat_18xx_games`` (:class:`SiteRedAreaStep`).

The site's step waits (``Tracker#can_lay_tile?``) for the first lay whatever the board
offers, then for the second while the company's buying power (cash and the loans it may
still take, ``G1817::Game#buying_power``) covers its $20 (``TILE_LAYS``), a third with the
Track Engineers (P7, ``TRACK_ENGINEER_TILE_LAYS``), and all along while P6 or P20 could be
used or P9, P17 or the Resource subsidy's lay is held unused (:func:`track_privates_wait`).
The round asks after every action and passes the step for good once it no longer waits
(``Round::Base#skip_steps``).  Ours ends its track step by itself where nothing legal is
left, so the two can differ.

Two readers: the export writer, which writes the passes the site's step waits for
(:mod:`.interop.site_turn`), and, under compat, P6 and P8: their ``assign_hexes`` abilities
are ``when: 'track'``, usable only while the site's track step waits
(``Game::Base#ability_right_time?``, ``#ability_blocking_step``).  Every predicate reads our
public game state.
"""

from __future__ import annotations

from roundhouse.core.flow.board_map import BoardMap
from roundhouse.core.flow.map_steps import TrackStep
from roundhouse.titles.g18usa import resource_subsidy
from roundhouse.titles.g18usa.board import reached_areas
from roundhouse.titles.g18usa.family1817.loan_step import max_loans
from roundhouse.titles.g18usa.family1817.turn_stage import moved_past
from roundhouse.titles.g18usa.home_brown import SiteBoomtownStep
from roundhouse.titles.g18usa.law_firm import law_firm_sites
from roundhouse.titles.g18usa.powers import held, owner_of
from roundhouse.titles.g18usa.private_abilities import (
    CityUpgrade,
    GreatNorthern,
    LawFirmToken,
    RedAreaToken,
)
from roundhouse.titles.g18usa.private_lays import PrivateLayStep
from roundhouse.titles.g18usa.red_areas import RedAreaStep
from roundhouse.titles.g18usa.route_privates import AttachStep
from roundhouse.titles.g18usa.state import UsaGame

SECOND_LAY_COST = 20
"""``G1817::Game::TILE_LAYS``: the second lay costs $20."""
TRACK_ENGINEERS = "P7"
LOAN_VALUE = 100


def buying_power(g: UsaGame, corp: str) -> int:
    """Cash and the loans the company may still take (``G1817::Game#buying_power``)."""
    room = max(0, max_loans(g, corp) - len(g.loans.of(corp)))
    free = g.config.loans.count - g.loans.out()
    return g.ledger.cash(corp) + min(room, max(0, free)) * LOAN_VALUE


def track_waits(g: UsaGame, corp: str, lays: int) -> bool:
    """Whether the site's track step still waits for the company after ``lays`` of its tile
    actions (module docstring)."""
    if lays == 0 or track_privates_wait(g, corp):
        return True
    if lays == 1:
        return buying_power(g, corp) >= SECOND_LAY_COST
    return lays == 2 and owner_of(g, TRACK_ENGINEERS) == corp


def track_privates_wait(g: UsaGame, corp: str) -> bool:
    """``G18USA::Step::Track#can_lay_tile?``: the track step also waits, whatever lays are
    left, while the Boomtown subsidy could still upgrade the home, while the company holds
    Import / Export Hub (P6) and reaches a red area (``#can_assign_p6?``; not Express
    Freight Service, P8), or holds the Law Firm (P20) with a station token left and reaches
    a city with no open slot and none of its stations (``#can_place_token_with_p20?``).
    That city must be one its routes reach (``Graph#connected_nodes``), not merely one in a
    hex it may build in, where P20 may still be used (``G18USA::Step::SpecialToken
    #available_hex`` reads ``#connected_hexes``; found by the differential: random bots, 4
    players, seed 2036, where GN's track beside IC's full home at I15 did not enter it and
    the site left its track step after two lays)."""
    if not isinstance(g.map, BoardMap):
        return False
    reach = g.map.graph.reach(corp)
    hexes = {h for h, _ in reach.stops} | reach.hexes
    if held(g, corp, RedAreaToken) and reached_areas(hexes):
        return True
    if any(isinstance(s, SiteBoomtownStep) and s.could_lay(g, corp) for s in g.round.steps):
        return True  # the Boomtown subsidy's lay (S8's ``tile_lay``, ``when: 'track'``)
    if lay_privates_wait(g, corp):
        return True
    company = g.corps[corp]
    return (
        bool(held(g, corp, LawFirmToken))
        and company.tokens_placed < company.tokens_owned
        and any(site in reach.stops for site in law_firm_sites(g.map.board, corp, hexes))
    )


def lay_privates_wait(g: UsaGame, corp: str) -> bool:
    """``Tracker#tile_lay_abilities_should_block?``: a ``tile_lay`` ability of the track
    step that is not one of the turn's lays (no ``consume_tile_lay``) keeps the step
    waiting while it is left, usable or not: P9 Boomtown until used (appendix), P17
    Great Northern until used this operating round (``count_per_or: 1``), the Resource
    subsidy's free lay until used (S16, ``consume_tile_lay: false``; found by the
    differential, heuristic seed 951)."""
    if any(city.extra for _, city in held(g, corp, CityUpgrade)):
        return True
    if resource_subsidy.holds(g, corp):
        return True
    if not held(g, corp, GreatNorthern):
        return False
    used = (s.great_northern for s in g.round.steps if isinstance(s, PrivateLayStep))
    return not any(corp in done for done in used)


def site_track_open(g: UsaGame, corp: str) -> bool:
    """Whether the company's turn is still in the site's track step: ours has not been
    passed nor left (a station, the run, a train attached for it: the site's route step),
    and the site's still waits (:func:`track_waits`).  The site asks after every move and
    a step it passed stays passed; the moves of a track step only use up what it waits for
    (lays, cash, privates), so asking now stands for asking after each."""
    track = next((s for s in g.round.steps if isinstance(s, TrackStep)), None)
    if track is None or track.passed or moved_past(g, corp, track):
        return False
    if any(isinstance(s, AttachStep) and s.attached for s in g.round.steps):
        return False
    return track_waits(g, corp, track.lays)


class SiteRedAreaStep(RedAreaStep):
    """P6 and P8 as 18xx.games offers them (``compat_18xx_games``, docs/rules-notes.md):
    only while the turn is in the site's track step (``assign_hexes`` abilities ``when:
    'track'``, :func:`site_track_open`).  That step waits for P6 but not for P8, so a
    company past its lays may still use P6 and no longer P8 (found by the export
    differential, issue #17: random bots, 5 players, seed 12015, NYC's P8 after its second
    lay, and 7 players, seed 12071, WP's)."""

    def open(self, g: UsaGame, entity: str) -> bool:
        return site_track_open(g, entity)
