"""18USA exported to 18xx.games (issue #17, "export_18xx_games writes games the 18xx.games
engine accepts action by action"): the writer's names for the site's things, and the site's
own fixture written back action by action.

The Ruby engine's verdict on bot games is ``make differential DIFF_ARGS="--title 18USA ..."``
(README); these tests need no Ruby."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping

import pytest

import roundhouse
from roundhouse.core.actions import Action, Json
from roundhouse.core.errors import IllegalAction
from roundhouse.core.game import Game
from roundhouse.core.title import REGISTRY
from roundhouse.interop import export_18xx_games, import_18xx_games, read_document
from roundhouse.interop.undo import resolve
from roundhouse.titles.g18usa import site_run, site_track
from roundhouse.titles.g18usa.interop.names import board_map, engine
from roundhouse.titles.g18usa.interop.site_names import (
    PRINTED_CITIES,
    SiteTiles,
    site_tile_name,
)
from roundhouse.titles.g18usa.interop.translator import TRANSLATOR
from tests.g18usa.playing import load_position, position_doc, site_moves
from tests.interop.documents import fixture_path

SEVEN = "18USA/18USA_game_end_bankrupt.json"


@pytest.mark.parametrize(
    ("hex_name", "city"),
    [
        ("H8", "H8-5-0"),  # fixture 109372 id 76: NYC's home
        ("E17", "E17-2-0"),  # id 86: MP's home
        ("D14", "D14-1-0"),  # id 117: UP's home
        ("C29", "C29-7-0"),  # id 122: C&O's home
        ("B8", "B8-0-1"),  # 7-player fixture: WP's home, the city after an icon
        ("I25", "I25-7-0"),  # 7-player fixture: N&W's home
    ],
)
def test_export_printed_cities_have_the_sites_ids(hex_name: str, city: str) -> None:
    """A printed city is ``<hex>-<place in its group of hexes>-<part>`` on the site."""
    assert PRINTED_CITIES[hex_name] == city


def test_export_resource_tokens_ride_on_the_tile_name() -> None:
    """18USA §13: the token is ours beside the tile; the site names it in the tile."""
    assert site_tile_name("7", {"oil"}) == "7oil"
    assert site_tile_name("9", {"ore20"}) == "9ore20"
    assert site_tile_name("82", {"oil", "coal"}) == "82coaloil"
    assert site_tile_name("546", set()) == "546"


def test_export_tile_copies_follow_the_sites_list() -> None:
    """The 7-player fixture lays 57-9 (new), then 57-4 (taken up by an upgrade after 57-9
    was made), then 57-10: a lay takes the first copy in the site's list, an unlimited
    tile's lay adds a new copy at its end, an upgraded tile goes back to the end."""
    tiles = SiteTiles()
    laid = [tiles.lay(f"H{n}", "57", None) for n in range(9)]
    assert laid[-1] == "57-8"
    assert tiles.lay("E23", "57", None) == "57-9"
    tiles.lay("H4", "14", None)  # 57-4 upgraded away
    assert tiles.lay("I13", "57", None) == "57-10"  # 57-10 was listed before 57-4 came back
    assert tiles.lay("I15", "57", None) == "57-4"
    limited = SiteTiles()
    assert [limited.lay(h, "X13", 1) for h in ("D24",)] == ["X13-0"]


def _game(players: int) -> Game:
    seats = [str(n) for n in range(1, players + 1)]
    return Game(REGISTRY.get("18USA"), seats, seed=3, options={"compat_18xx_games": True})


def test_export_short_sale_share_takes_the_sites_number() -> None:
    """``G1817::Game#short``: the share a short sale puts in the market is numbered after
    max(highest, 9), the short itself after it; ours are numbered after our highest, so a
    later purchase of it names the site's number."""
    from roundhouse.titles.g18usa.family1817.actions import Short

    game = _game(3)
    memory = TRANSLATOR.written(game)
    g = game.state
    corp = next(iter(g.books))  # type: ignore[attr-defined]
    top = memory.top[corp]
    assert top < 9

    seats = _Seats()
    ours = f"{corp}_{top + 1}"
    TRANSLATOR.write_short(Short(player="1", entity="1", corporation=corp), game, seats)
    assert memory.alias == {ours: f"{corp}_10"}
    TRANSLATOR.write_short(Short(player="2", entity="2", corporation=corp), game, seats)
    assert memory.alias == {ours: f"{corp}_12"}  # (not applied here: ours numbered alike)


def test_export_loans_are_the_ones_the_site_lends() -> None:
    """``G1817::Game#take_loan`` lends the last loan of its list whatever the action names,
    ``#payoff_loan`` takes back the company's last and puts it at the end."""
    from roundhouse.titles.g18usa.family1817.actions import PayoffLoan, TakeLoan

    game = _game(3)
    seats = _Seats()
    total = len(TRANSLATOR._loans(game))
    first = TRANSLATOR.write_take_loan(TakeLoan(player="1", entity="NYC", loan=0), game, seats)
    second = TRANSLATOR.write_take_loan(TakeLoan(player="1", entity="NYC", loan=1), game, seats)
    assert [first[0]["loan"], second[0]["loan"]] == [total - 1, total - 2]
    back = TRANSLATOR.write_payoff_loan(PayoffLoan(player="1", entity="NYC", loan=0), game, seats)
    assert back[0]["loan"] == total - 2
    assert TRANSLATOR._loans(game)[-1] == total - 2


class _Seats:
    def player_id(self, seat: str) -> int | str:
        return int(seat)


BOOKKEEPING = frozenset({"id", "created_at", "user", "auto_actions", "original_id"})


def flat(actions: Iterable[Mapping[str, Json]]) -> list[dict[str, Json]]:
    """Every processed action, auto actions after their parent; standing orders and chat
    left out; fields the site's engine ignores dropped (a home token's slot, a buy's
    ``share_price`` flag and train variant, the loan number: ``G1817::Game#take_loan``
    lends its own); a run as its trains and revenues."""
    out: list[dict[str, Json]] = []
    for action in actions:
        autos = action.get("auto_actions") or []
        assert isinstance(autos, list)
        for site in [action, *autos]:
            assert isinstance(site, dict)
            kind = str(site["type"])
            if kind.startswith("program_") or kind in ("message", "log"):
                continue
            d = {k: v for k, v in site.items() if k not in BOOKKEEPING}
            d.setdefault("entity_type", "player")
            for field in ("slot", "share_price", "variant", "loan"):
                d.pop(field, None)
            if kind == "run_routes":
                routes = d["routes"]
                assert isinstance(routes, list)
                d = {
                    "type": kind,
                    "entity": d["entity"],
                    "trains": [[r["train"], r["revenue"]] for r in routes if isinstance(r, dict)],
                }
            out.append(d)
    return out


KNOWN_SEVEN = 3
"""Difference blocks still left in the 7-player fixture (issue #17): a loan written before
the track step's pass where the site took it after (two blocks; both orders accepted there,
ours does not record when the pass was made), and one symmetric tile's rotation (tile 14
at E3: the site's 3, our 0, the same track).  The test fails when more appear.  (Gone: the
Switcher's choice is the site's route step, so the passes before it come first; the site's
track step waits while P6 could be used, so IC's pass after two lays is written.)"""


@pytest.mark.slow
def test_export_seven_player_fixture_writes_the_sites_own_actions() -> None:
    """Import -> export gives the fixture's own actions (kinds, entities, fields) but for
    :data:`KNOWN_SEVEN` blocks, and reading the export back gives the same moves, result and
    end reason."""
    import difflib

    doc = read_document(fixture_path(SEVEN))
    recorded = flat(e.action for e in resolve(doc.actions).effective)
    game = import_18xx_games(doc)
    written_doc = export_18xx_games(game)
    actions = written_doc["actions"]
    assert isinstance(actions, list)
    written = flat(a for a in actions if isinstance(a, dict))
    a = [json.dumps(x, sort_keys=True) for x in recorded]
    b = [json.dumps(x, sort_keys=True) for x in written]
    blocks = [
        op
        for op in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes()
        if op[0] != "equal"
    ]
    assert len(blocks) <= KNOWN_SEVEN, blocks[:3]
    again = import_18xx_games(written_doc)
    assert again.result == game.result
    assert again.end_reason == game.end_reason


def _opened(seed: int, home: str, phase: str, size: str | None = None) -> Written:
    """A 3-player compat game (no privates dealt) with the depot at ``phase``, seat 1 having
    started ATSF in ``home`` (§11.6) and everyone passed to OR 1, written as it goes."""
    from tests.g18usa.cards import NO_PRIVATES_TITLE

    game = Game(NO_PRIVATES_TITLE, ["1", "2", "3"], seed=seed, options={"compat_18xx_games": True})
    game.state.depot.phases.advance_to(phase)  # type: ignore[attr-defined]
    written = Written(game)
    written.play("bid", "1", company="ATSF", price=300 if size else 100)
    written.play("place_token", "1", hex=home, city="c")
    written.play("pass", "2")
    written.play("pass", "3")
    if size is not None:
        written.play("choose", "1", choice=size)
    for p in ("2", "3", "1"):
        written.play("pass", p)
    assert game.state.round.kind == "OR"
    written.out.clear()
    return written


class Written:
    """A game played and written action by action (the export's loop, on a game whose
    set-up a test changed, which a fresh replay would not repeat)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.out: list[tuple[str, str]] = []

    def play(self, kind: str, player: str, **fields: object) -> None:
        entity = fields.pop("entity", player)
        self.apply(
            self.game.title.codec.decode(
                {"kind": kind, "player": player, "entity": entity, **fields}
            )
        )

    def apply(self, action: Action) -> None:
        for site in TRANSLATOR.write(action, self.game, _Seats()):
            self.out.append((str(site["type"]), str(site.get("entity"))))
        self.game.apply(action)

    def finish(self) -> list[tuple[str, str]]:
        for site in TRANSLATOR.finish(self.game, _Seats()):
            self.out.append((str(site["type"]), str(site.get("entity"))))
        return self.out


def test_export_free_brown_home_is_inside_the_sites_track_step() -> None:
    """§12.2.4 (Phase 5, first operating round): the free brown home is our step before the
    track step; the site offers it inside its track step and does not count it as a lay
    (``G18USA::Step::Track#process_lay_tile``, ``#free_brown_city_upgrade?``).  A pass of ours
    there writes nothing (found by the differential: 5 players, seed 2, the site was one step
    further and charged interest); after the brown lay and one lay, the site still waits for a
    second lay, so our track pass is written."""
    written = _opened(1, "B8", "5", size="5")
    home = [a for a in written.game.legal_actions() if a.kind in ("pass", "lay_tile")]
    assert {a.kind for a in home} == {"pass", "lay_tile"}
    written.apply(next(a for a in home if a.kind == "pass"))
    assert written.finish() == []

    written = _opened(1, "B8", "5", size="5")
    written.apply(next(a for a in written.game.legal_actions() if a.kind == "lay_tile"))
    assert written.game.state.map.board.hexes["B8"].tile.id == "448"  # type: ignore[attr-defined]
    written.play("lay_tile", "1", entity="ATSF", hex="B10", tile="7", rotation=0)
    written.play("pass", "1", entity="ATSF")
    assert written.finish() == [
        ("lay_tile", "ATSF"),
        ("lay_tile", "ATSF"),
        ("pass", "ATSF"),
    ]


def test_export_no_train_and_no_means_the_site_skips_its_train_step() -> None:
    """§12.6 a company without a train that cannot pay for one: 18USA has no forced
    purchase on the site (``G1817::Game::MUST_BUY_TRAIN = :never``; ``Step::BuyTrain#actions``
    offers nothing unless ``can_buy_train?``: room and the buying power, cash and loans, for
    the cheapest train), so after the track step's pass the site pays interest and waits in
    the loan step while a loan is on offer (§12.8; ``G1817::Step::Loan#blocks?``): two
    passes, none for a train step.  ATSF here: 5 shares, 3 loans, $150, a $400 4-train the
    cheapest: buying power $350."""
    from roundhouse.core.bank import BANK

    written = _opened(1, "D14", "4")
    g = written.game.state
    for cheap in ("2", "2+", "3", "3+"):
        g.depot.export_all(cheap)  # type: ignore[attr-defined]
    assert {t.type for t in g.depot.available()} == {"4"}  # type: ignore[attr-defined]
    assert g.books["ATSF"].size == 5  # type: ignore[attr-defined]
    for loan in range(3):  # §9: room for two more, $200 of buying power
        written.play("take_loan", "1", entity="ATSF", loan=loan)
    g.ledger.transfer("ATSF", BANK, g.ledger.cash("ATSF") - 150)  # type: ignore[attr-defined]
    while g.round.kind == "OR" and g.round.entity(g) == "ATSF":  # type: ignore[attr-defined]
        moves = list(written.game.legal_actions())
        written.apply(next(a for a in moves if a.kind in ("pass", "dividend")))
    assert written.finish() == [*[("take_loan", "ATSF")] * 3, ("pass", "ATSF"), ("pass", "ATSF")]


def test_export_p8_red_area_station_removed_is_the_sites_remove_choice() -> None:
    """Appendix P8, §14.3: a company over eight tokens after a merger may take off its
    red-area station (our token cut's choice naming the private); the site's is the
    ``choose "Remove"`` of ``G18USA::Step::ReduceTokens``.  Written and read back."""
    from roundhouse.core.flow.actions import Choose
    from roundhouse.interop.translate import SiteAction
    from roundhouse.titles.g18usa.red_areas import place_express, red_areas

    written = _opened(1, "D14", "2")
    g = written.game.state
    place_express(g.map.board, "ATSF", next(iter(red_areas())))  # type: ignore[attr-defined]
    ours = Choose(player="1", entity="ATSF", choice="P8")
    assert TRANSLATOR.write_choose(ours, written.game, _Seats()) == [
        {"type": "choose", "entity": "ATSF", "entity_type": "corporation", "choice": "Remove"}
    ]
    site = SiteAction(
        {"type": "choose", "entity": "ATSF", "entity_type": "corporation", "choice": "Remove"},
        7,
        8,
    )
    assert list(TRANSLATOR.read_choose(site, written.game)) == [ours]


def test_export_conversion_shares_take_the_sites_numbers() -> None:
    """§14.1.1 a 5-share company converting to 10 shares: ``G1817::Game#convert`` adds
    shares 4-8 whatever the short sales numbered before (from 10 on); ours are numbered after
    our highest, so after a short sale (ours ATSF_4, the site's ATSF_10) our new ATSF_5-9
    are written as the site's ATSF_4-8 (the 4-player fixture's PRR_7 and PRR_8)."""
    from roundhouse.titles.g18usa.family1817.actions import Convert, Short
    from roundhouse.titles.g18usa.family1817.company_sale import convert
    from roundhouse.titles.g18usa.family1817.short_sale import do_short
    from roundhouse.titles.g18usa.interop.names import engine

    written = _opened(1, "D14", "4")
    game = written.game
    g = engine(game)
    assert sorted(g.books["ATSF"].certs) == [f"ATSF_{n}" for n in range(4)]
    memory = TRANSLATOR.written(game)
    TRANSLATOR.write_short(Short(player="2", entity="2", corporation="ATSF"), game, _Seats())
    do_short(g, "2", "ATSF")
    assert memory.alias == {"ATSF_4": "ATSF_10"}
    TRANSLATOR.write_convert(Convert(player="1", entity="ATSF"), game, _Seats())
    before = set(g.books["ATSF"].certs)
    convert(g, "ATSF", tokens=False)
    new = sorted(set(g.books["ATSF"].certs) - before, key=lambda c: int(c.rpartition("_")[2]))  # type: ignore[attr-defined]
    assert new == [f"ATSF_{n}" for n in range(5, 10)]
    assert [memory.alias[c] for c in new] == [f"ATSF_{n}" for n in range(4, 9)]


def test_export_token_cuts_come_before_the_train_discards() -> None:
    """§14.3 after a merger or acquisition: ours asks for the discards first, the site's
    ``ReduceTokens`` step comes before its ``DiscardTrain``: the discard is written after the
    last token cut, and the cut names the slot of the company's own token in the city
    (``Step::ReduceTokens#process_remove_token`` removes whichever token is in that slot)."""
    from roundhouse.core.flow.actions import Choose, DiscardTrain

    written = _opened(1, "D14", "2")
    game, g = written.game, written.game.state
    board = g.map  # type: ignore[attr-defined]
    board.board.hexes["D14"].tokens["c"].insert(0, "GN")
    board.token_cuts["ATSF"] = 1
    discard = DiscardTrain(player="1", entity="ATSF", train="2-0")
    assert TRANSLATOR.write_discard_train(discard, game, _Seats()) == []
    cut = Choose(player="1", entity="ATSF", choice="D14 c")
    assert TRANSLATOR.write_choose(cut, game, _Seats()) == [
        {
            "type": "remove_token",
            "entity": "ATSF",
            "entity_type": "corporation",
            "city": "D14-1-0",
            "slot": 1,
        },
        {"type": "discard_train", "entity": "ATSF", "entity_type": "corporation", "train": "2-0"},
    ]


def test_export_compat_pullman_only_after_the_track_and_station_steps() -> None:
    """§12.7: a Pullman car may be bought "prior to the run trains step"; 18xx.games sells it
    in a step of its own after the track and station steps (``G18USA::Step::BuyPullman``), so
    under ``compat_18xx_games`` it is not offered while those wait (the site refused a car
    bought before Denver's orientation and the track step in a 2-player bot game)."""
    written = _opened(1, "D14", "5", size="5")
    game, g = written.game, written.game.state
    for cheap in ("2", "2+", "3", "3+", "4", "4+"):
        g.depot.export_all(cheap)  # type: ignore[attr-defined]
    g.depot.sold_types.add("5")  # type: ignore[attr-defined]
    cars = []
    for _ in range(3):
        moves = list(game.legal_actions())
        cars.append(any(m.kind == "buy_train" for m in moves))
        passing = next((m for m in moves if m.kind == "pass"), None)
        if passing is None:
            break
        game.apply(passing)
    assert cars == [False, False, True]  # brown home, track: none; then before the run


def test_export_free_station_in_a_full_city_is_no_wait_of_the_sites_token_step() -> None:
    """Appendix "Subsidy Tiles", Free Station: its token may go to a full city; on the site
    that is the subsidy's own ability, and ``Step::Token#can_place_token?`` (a city with an
    open slot) does not wait for it, so no pass is owed for it (a 7-player bot game: KCS's
    only station on offer was the Free Station's in a full Los Angeles)."""
    from roundhouse.core.flow.actions import PlaceToken
    from roundhouse.titles.g18usa.interop.site_turn import token_waits

    written = _opened(1, "D14", "2")
    g = written.game.state
    board = g.map.board  # type: ignore[attr-defined]
    board.place_token("B8", "c", "GN")
    offers: list[PlaceToken] = []

    class TokenStep:
        name = "token"
        blocking = True

        def actions(self, g: object, corp: str) -> list[PlaceToken]:
            return offers

    g.round.offered = lambda g, corp: [TokenStep()]  # type: ignore[attr-defined]
    offers[:] = [PlaceToken(player="1", entity="ATSF", hex="B8", city="c")]
    assert not token_waits(g, "ATSF")  # type: ignore[arg-type]
    offers.append(PlaceToken(player="1", entity="ATSF", hex="C3", city="c"))
    # nor without a token left on the charter (a 2-share company's is its home station)
    assert not token_waits(g, "ATSF")  # type: ignore[arg-type]
    g.corps["ATSF"].tokens_owned += 1
    assert token_waits(g, "ATSF")  # type: ignore[arg-type]


def test_export_a_second_station_in_another_city_of_a_hex_is_the_sites_removal() -> None:
    """§14.3 "identify any hexes with more than one station and set the excess aside": ours
    sets the absorbed company's aside; 18xx.games removes a second token in one city itself
    but asks the survivor to remove one of two in New York's two cities (the 4-player
    fixture's ``remove_token`` of X12-0-0 after N&W's acquisition), before the discards."""
    from roundhouse.titles.g18usa.family1817.actions import Merge

    written = _opened(1, "D14", "2")
    game, g = written.game, written.game.state
    board = g.map.board  # type: ignore[attr-defined]
    board.place_token("D28", "c1", "ATSF")
    board.place_token("D28", "c2", "GN")
    board.place_token("B8", "c", "GN")
    docs = TRANSLATOR.write_merge(
        Merge(player="1", entity="ATSF", corporation="GN"), game, _Seats()
    )
    assert [d["type"] for d in docs] == ["merge", "remove_token"]
    assert docs[1]["entity"] == "ATSF" and docs[1]["slot"] == 0
    ny = TRANSLATOR.written(game).tiles.city(g, "D28", "c2")  # type: ignore[arg-type]
    assert docs[1]["city"] == ny and ny.startswith("D28-")


def test_export_bidders_short_of_the_next_bid_are_dropped_by_the_site() -> None:
    """§10's private auction: a bid of all a player's cash leaves the others, with as much,
    short of the next bid ($5 more).  The site drops them from the auction without a record
    (``Step::PassableAuction#add_bid``: "cannot bid … and is out of the auction"); ours asks
    each to pass, and those passes are not written (found by the differential: random bots,
    seeds 300-305, refused in the opening auction)."""
    game = _game(3)
    first = game.acting[0]
    cash = game.state.ledger.cash(first)  # type: ignore[attr-defined]
    bid = next(a for a in game.legal_actions() if a.kind == "bid" and a.price <= cash)
    game.apply({**bid.to_json(), "price": cash})
    passes = 0
    while game.acting and game.acting[0] != first and passes < 2:
        game.apply(next(a for a in game.legal_actions() if a.kind == "pass"))
        passes += 1
    assert passes == 2
    written = site_moves(game)
    assert written[0][0] == "bid"
    assert all(kind != "pass" for kind, _ in written)


def test_export_a_bidder_at_the_certificate_limit_is_out_of_the_sites_auction() -> None:
    """§11.4: seat 1, who started ATSF, is at the certificate limit (1 here) when seat 2
    opens B&O's auction.  Ours never asks seat 1 to bid (the president's certificate would
    put them over), and the site drops them silently as the auction opens
    (``G1817::Step::BuySellParShares#max_bid`` is $0 at the limit,
    ``Step::PassableAuction#auction_entity``): only seat 3's pass is written, then seat 3's
    own stock turn (found by the differential: heuristic bots, 7 players, seeds 7005, 7023
    and 7029, where a pass of such a player was refused)."""
    from tests.g18usa.cards import NO_PRIVATES_TITLE

    game = Game(NO_PRIVATES_TITLE, ["1", "2", "3"], seed=1, options={"compat_18xx_games": True})
    written = Written(game)
    written.play("bid", "1", company="ATSF", price=100)
    written.play("place_token", "1", hex="B8", city="c")
    written.play("pass", "2")
    written.play("pass", "3")
    g = engine(game)
    g._config = dataclasses.replace(g._config, cert_limit={3: 1})
    assert g.cert_count("1") == g.cert_limit() == 1
    written.out.clear()
    written.play("bid", "2", company="B&O", price=100)
    written.play("place_token", "2", hex="C17", city="c")
    written.play("pass", "3")  # out of the auction
    assert game.acting == ("3",)  # seat 3's own stock turn: seat 1 was never asked
    written.play("pass", "3")
    assert written.out == [
        ("bid", "2"),
        ("place_token", "B&O"),
        ("pass", "3"),
        ("pass", "3"),
    ]


def test_export_a_pass_after_a_short_sale_is_written_while_the_site_offers_sales() -> None:
    """§11: sales come before the short sale, so after shorting MILW P2 may only buy or
    pass, and with nothing to buy ours asks only for the pass, which the site makes by
    itself for a turn with nothing to do.  The site still offers P2 a sale of MKT (a sale
    is barred only after a purchase, ``G1817::Step::BuySellParShares#can_sell_order?``),
    so it waits for the pass, which is written (found by the differential: random bots, 6
    players, seed 6022; the position is its first 295 moves)."""
    game = load_position("pass-after-a-short-sale-6p.json")
    assert [str(a) for a in game.log[-2:]] == ["P2 sells MILW short", "P2 passes"]
    written = site_moves(game)
    assert written[-2:] == [("short", 2), ("pass", 2)]


def test_export_a_stock_turn_after_a_company_loan_ends_with_its_pass() -> None:
    """§11.7: a president acting for a company in a stock round may take loans and then buy
    its shares; after a loan the site still asks the president while the company may
    borrow again (``G1817::Step::BuySellParShares#any_corporate_actions?``), so the pass
    that ends the turn is written (found by the differential: random bots, 2 players, seed
    300; the position is its first 29 moves)."""
    game = load_position("loan-in-stock-round-2p.json")
    assert game.log[-2].kind == "take_loan" and game.log[-1].kind == "pass"
    written = site_moves(game)
    assert written[-2:] == [("take_loan", "MP"), ("pass", 2)]


def test_export_a_stock_turn_with_nothing_to_do_is_the_sites_silent_pass() -> None:
    """§11: a player who may neither sell, short, buy nor start a company, and whose
    companies may do nothing, can only pass.  The site offers them no action and passes for
    them unrecorded (``Round::Base#skip_steps``), so the pass is not written (found by the
    differential: random bots, 3 players, seed 301; the position is its first 38 moves,
    P1's lone pass at move 36 between N&W's second loan and SR's)."""
    game = load_position("nothing-to-do-in-stock-round-3p.json")
    assert [a.kind for a in game.log[-4:]] == ["take_loan", "pass", "pass", "take_loan"]
    written = site_moves(game)
    assert written[-2:] == [("take_loan", "N&W"), ("take_loan", "SR")]


def test_export_a_friendly_sale_nobody_could_buy_is_not_written_even_offered() -> None:
    """§14.2.3: P3 offers GN for sale though no other company could pay its $660 minimum;
    the auction ends unsold at once.  The site never asks about such a company
    (``G1817::Step::Acquire#setup_auction``: "cannot be bought at ..., skipping"), so the
    offer is not written either (found by the differential: random bots, 3 players, seed
    301; the position is its first 104 moves, the offer last)."""
    game = load_position("unsellable-offer-3p.json")
    assert game.log[-1].kind == "assign" and game.state.round.kind == "OR"  # type: ignore[attr-defined]
    written = export_18xx_games(game)["actions"]
    assert not any(a["type"] == "assign" and a.get("target") == "GN" for a in written)


def test_export_loans_after_a_conversion_up_to_the_limit_end_without_a_pass() -> None:
    """§14.1.1: MKT, converted to five shares, borrows up to its limit of five loans.  The
    site's post-conversion loan step waits for a pass only while the company may borrow
    more (``G1817::Step::PostConversionLoans#active_entities``), so none is written after
    the fifth (found by the differential: random bots, 5 players, seed 303; the position is
    its first 101 moves, DRG's conversion last)."""
    game = load_position("conversion-loans-to-the-limit-5p.json")
    assert game.log[-1].kind == "convert"
    written = site_moves(game)
    assert written[-4:] == [("take_loan", "MKT")] * 3 + [("convert", "DRG")]


def test_export_an_unused_boomtown_subsidy_keeps_the_sites_track_step_waiting() -> None:
    """Appendix "Subsidy Tiles", Boomtown: ATSF lays yellow on its home and a second tile,
    leaving the subsidy unused.  The site's track step waits while the subsidy could still
    upgrade the home (S8's ``tile_lay`` ``when: 'track'``), so its pass is written before
    the buy-trains step's (found by the differential: random bots, 7 players, seed 305; the
    position is its first 98 moves)."""
    game = load_position("boomtown-unused-7p.json")
    written = site_moves(game)
    lays = max(i for i, w in enumerate(written) if w[0] == "lay_tile")
    assert written[lays + 1 : lays + 4] == [
        ("pass", "ATSF"),
        ("pass", "ATSF"),
        ("payoff_loan", "ATSF"),
    ]


def test_export_the_resource_subsidys_lay_is_the_companys_own() -> None:
    """Appendix "Subsidy Tiles", Resource: GN lays 8 with an ore token at G21.  The site
    refuses that lay by the subsidy (``G18USA::Step::SpecialTrack#abilities`` hides
    resource tile lays) and takes it as the company's own lay of ``8ore10`` in its track
    step, not counted among its lays (``ResourceTrack#lay_tile_action``) (found by the
    differential: random bots, 6 players, seed 304; the position is its first 229
    moves)."""
    game = load_position("resource-subsidy-lay-6p.json")
    assert game.log[-1].kind == "subsidy_lay"
    written = export_18xx_games(game)
    lay = next(a for a in written["actions"][::-1] if a["type"] == "lay_tile")
    assert (lay["entity"], lay["entity_type"], lay["hex"]) == ("GN", "corporation", "G21")
    assert str(lay["tile"]).startswith("8ore10")


def test_export_a_game_whose_end_no_action_follows_ends_at_the_sites_turn_limit() -> None:
    """§16: the first 8-train ends the game after the next set.  Here every company is gone
    after a few dozen moves; the Bank's exports (§12.10) bring Phase 8 in rounds where nobody acts.
    The site checks for the game end only after processing an action
    (``Game::Base#process_single_action``), so it never sees the trigger and stops at its
    turn limit: the document states the site's ``dnf``, not ``final_phase`` (found by the
    differential: random bots, 2 players, seed 300, the whole game)."""
    game = load_position("no-companies-left-2p.json")
    assert game.end_reason == "final_train"
    written = export_18xx_games(game)
    assert written["game_end_reason"] == "dnf"
    assert TRANSLATOR.end_reason(game.end_reason) == "final_phase"


def test_export_trains_of_a_company_the_bank_liquidated_keep_the_sites_train_step_waiting() -> None:
    """§14.2.1: nobody bought DRG, so the bank liquidated it and its trains left the game.
    The site removes only its tokens (``G1817::Step::Acquire#process_bank_liquidate``) and
    starts a new charter (``Game::Base#reset_corporation``), its 3 and 3+ still listed under
    the old one and buyable for $1 (``Depot#other_trains``); so after SR's 4-train the
    site's buy-trains step still waits for SR ($210 left, a $400 train on offer), and then
    its repay step: two passes (found by the differential: random bots, 5 players, seed
    303; the position is its first 262 moves)."""
    game = load_position("liquidated-company-trains-5p.json")
    assert [a.kind for a in game.log[-3:]] == ["buy_train", "pass", "pass"]
    written = site_moves(game)
    assert written[-3:] == [("buy_train", "SR"), ("pass", "SR"), ("pass", "SR")]


def test_export_an_unused_boomtown_private_keeps_the_sites_track_step_waiting() -> None:
    """Appendix P9 Boomtown: SR holds it unused after its two lays.  The site's track step
    waits while a ``tile_lay`` ability that is not one of the turn's lays is left
    (``Tracker#tile_lay_abilities_should_block?``), so a pass ends it before the passes of
    the buy-trains and repay steps (found by the differential: random bots, 7 players,
    seed 315; the position is its first 172 moves)."""
    game = load_position("boomtown-private-unused-7p.json")
    assert game.state.privates["P9"].owner == "SR"  # type: ignore[attr-defined]
    written = site_moves(game)
    assert written[-5:] == [("lay_tile", "SR")] * 2 + [("pass", "SR")] * 3


def test_export_the_law_firm_waits_only_for_a_full_city_the_routes_enter() -> None:
    """Appendix P20 (18xx.games): GN holds the Law Firm with station tokens left after its
    two lays; IC's full home at I15 is in a hex GN may build in (its track at I13 points
    there), so P20 could still go there (``G18USA::Step::SpecialToken#available_hex``), but
    no route of GN's enters that city, and the site's track step waits only for a full city
    a route reaches (``G18USA::Step::Track#can_place_token_with_p20?``,
    ``Graph#connected_nodes``): GN's turn goes on with the passes of its buy-trains and
    repay steps alone (found by the differential: random bots, 4 players, seed 2036; the
    position is its first 363 moves)."""
    from roundhouse.titles.g18usa.law_firm import law_firm_sites

    game = load_position("law-firm-beside-a-full-city-4p.json")
    g = engine(game)
    assert g.privates["P20"].owner == "GN"
    reach = g.map.graph.reach("GN")
    assert ("I15", "c") in law_firm_sites(g.map.board, "GN", reach.hexes)
    assert not site_track.track_privates_wait(g, "GN")
    written = site_moves(game)
    assert written[-5:] == [("lay_tile", "GN")] * 2 + [("pass", "GN")] * 2 + [("take_loan", "B&O")]


def test_export_the_law_firm_places_its_station_as_the_sites_token_ability() -> None:
    """Appendix P20 (18xx.games): C&O uses the Law Firm on H8, a full city.  The site's P20
    is a ``token`` ability (``cheater``), used by a ``place_token`` of the private for its
    company (``G18USA::Step::SpecialToken``); its track step refuses an ``assign`` (found
    by the differential, issue #17: random bots, 6 players, seed 14010; the position is
    its first 276 moves).  Read back, that ``place_token`` is our use of P20 again."""
    from roundhouse.interop.translate import SiteAction

    doc = position_doc("law-firm-in-a-full-city-6p.json")
    game = roundhouse.load(doc)
    assert str(game.log[-1]) == "C&O uses P20 on H8 (c)"
    written = export_18xx_games(game)["actions"][-1]
    assert {k: written[k] for k in ("type", "entity", "entity_type", "city", "tokener")} == {
        "type": "place_token",
        "entity": "P20",
        "entity_type": "company",
        "city": "57-0-0",
        "tokener": "C&O",
    }
    before = roundhouse.load({**doc, "actions": doc["actions"][:-1]})
    read = list(TRANSLATOR.read(SiteAction(written, 0, written["id"]), before))
    assert read == [game.log[-1]]


def test_export_the_interest_ends_a_train_step_still_waiting_with_its_pass() -> None:
    """§12.8: PRR, just started, borrows $100 and has no train; it buys none and pays its
    interest, then borrows again.  The site pays the interest as the company leaves its
    buy-trains step, which waits while PRR can pay for the cheapest train on offer (a
    company's for $1, ``Step::Train#can_buy_train?``): the pass that leaves it is written
    at our interest step, not left to the repay step when the interest has taken the cash
    (found by the differential: random bots, 7 players, seed 321; the position is its
    first 190 moves)."""
    game = load_position("interest-leaves-the-train-step-7p.json")
    assert [a.kind for a in game.log[-3:]] == ["take_loan", "pass", "take_loan"]
    written = site_moves(game)
    assert written[-3:] == [("take_loan", "PRR"), ("pass", "PRR"), ("take_loan", "PRR")]


def test_export_p25s_discount_keeps_the_sites_train_step_waiting() -> None:
    """§12.6 and appendix P25 (American Locomotive Co., 10% off the bank's trains): B&O
    holds P25 and buys NYC's 2-train for $10 and a bank 2-train for $90, keeping $98 with
    no loan left to take.  The site's buy-trains step prices the bank's $100 2-train at $90
    for B&O (``Step::Train#can_buy_train?`` passes the company's ``train_discount``
    abilities to ``Depot#min_price``), so it still waits and B&O's pass is written before
    MILW's turn (found by the differential: random bots, 7 players, seed 13059; the
    position is its first 229 moves)."""
    game = load_position("locomotive-discount-keeps-the-train-step-7p.json")
    g = engine(game)
    assert g.privates["P25"].owner == "B&O"
    assert g.ledger.cash("B&O") == 78  # $98 less its interest
    assert [a.kind for a in game.log[-4:]] == ["buy_train", "buy_train", "pass", "pass"]
    written = [(a["type"], a["entity"], a.get("price")) for a in export_18xx_games(game)["actions"]]
    assert written[-3:] == [
        ("buy_train", "B&O", 10),
        ("buy_train", "B&O", 90),
        ("pass", "B&O", None),
    ]


def test_export_a_company_buys_the_first_of_its_shares_in_the_sites_market() -> None:
    """§11.7: SR buys one of its shares from the open market, ours naming SR_1.  The site
    offers a company only the bundles it makes of the market's shares in their order
    (``G1817::Game#redeemable_shares``, ``Game::Base#all_bundles_for_corporation``); SR_10,
    the share of the first short sale, came there first, so that is the one written
    (found by the differential: random bots, 5 players, seed 319; the position is its
    first 175 moves)."""
    game = load_position("company-buys-its-own-share-5p.json")
    assert str(game.log[-4]) == "SR buys SR_1"
    written = export_18xx_games(game)["actions"]
    bought = [a["shares"] for a in written if a["type"] == "buy_shares" and a["entity"] == "SR"]
    assert bought == [["SR_10"]]


def test_export_a_private_lay_that_is_a_tile_action_counts_in_the_sites_track_step() -> None:
    """§12.2 and appendix P26: ATSF lays a tile, then X09 with P26, its second tile action
    of the turn.  The site's special track step counts that lay among the track step's
    (``consume_tile_lay``), so the track step is over and no pass is written before the
    run (found by the differential: random bots, 4 players, seed 318; the position is its
    first 160 moves)."""
    game = load_position("p26-lay-is-a-tile-action-4p.json")
    assert [a.kind for a in game.log[-2:]] == ["private_lay", "run_routes"]
    written = site_moves(game)
    assert written[-3:] == [("lay_tile", "ATSF"), ("lay_tile", "P26"), ("run_routes", "ATSF")]


def test_export_a_resource_token_laid_with_its_tile_keeps_the_plain_tiles_copy() -> None:
    """Appendix P18: MKT lays 8 at F10 and puts its coal token there; the site lays that as
    ``8coal-0``, a tile of its own, so the plain 8 it did not lay is still the first of its
    list: B&O's 8 at C9 is ``8-0`` there (found by the differential: random bots, 4
    players, seed 408, where ``8-1`` named no tile; the position is its first 92 moves)."""
    game = load_position("coal-tile-after-a-plain-lay-4p.json")
    written = export_18xx_games(game)["actions"]
    lays = {a["hex"]: a["tile"] for a in written if a["type"] == "lay_tile"}
    assert lays["F10"] == "8coal-0"
    assert lays["C9"] == "8-0"


def test_export_a_conversion_loan_step_left_for_the_operating_round_is_passed() -> None:
    """§14.1.1: N&W converts and takes one loan, then operates first in the next operating
    round.  The site's post-conversion loan step waits while N&W may borrow more
    (``G1817::Step::PostConversionLoans#active_entities``), so its pass is written before
    N&W's first lay though that is N&W's own action (found by the differential: random
    bots, 7 players, seed 405; the position is its first 344 moves)."""
    game = load_position("conversion-loan-then-operating-7p.json")
    assert [a.kind for a in game.log[-2:]] == ["take_loan", "lay_tile"]
    written = site_moves(game)
    assert written[-3:] == [("take_loan", "N&W"), ("pass", "N&W"), ("lay_tile", "N&W")]


def test_export_a_short_sale_numbers_its_shares_after_the_sites_highest_now() -> None:
    """§11.2: shorts of SP are sold and closed, then sold again.  The site numbers a short
    sale's market share and short share after the highest share of the company that still
    exists (``G1817::Game#short``; ``#unshort`` removes a closed pair), so after closings
    the numbers are taken again: SP's own purchase of six shares names the site's market
    list, SP_17, SP_19 and SP_21 among them (found by the differential: random bots, 5
    players, seed 409; the position is its first 351 moves)."""
    game = load_position("shorts-renumbered-after-closing-5p.json")
    written = export_18xx_games(game)["actions"]
    bought = [a["shares"] for a in written if a["type"] == "buy_shares" and a["entity"] == "SP"]
    assert bought[-1] == ["SP_16", "SP_2", "SP_3", "SP_17", "SP_19", "SP_21"]


def test_export_denvers_orientation_is_asked_of_the_company_started_there() -> None:
    """§12.2.3: P4 starts DRG in Denver; in our game B&O, laying track into Denver, chooses
    its orientation later.  The site asks DRG right after its start
    (``G18USA::Step::DenverTrack``), so the ``X04`` lay is written there, by DRG, not after
    B&O's lay (found by the differential: heuristic bots, 4 players, seed 502; the
    position is its first 58 moves)."""
    game = load_position("denver-home-then-a-lay-into-it-4p.json")
    assert str(game.log[-1]) == "B&O chooses exits 1-3-5"
    written = site_moves(game, "hex")
    home = written.index(("place_token", "DRG", None))
    assert written[home + 2] == ("lay_tile", "DRG", "E11")


def test_export_an_acquisition_the_site_makes_itself_still_writes_its_token_removal() -> None:
    """§14.2 and §14.3: P2 wins GN in its auction and SLSF, P2's one company that may buy
    it, acquires it; both have a station in New York (SLSF in one city, GN in the other).
    The site acquires by itself (``G1817::Step::Acquire``: ``process_acquire`` when
    ``mergeable`` is one company), so our merge is not written, but its reduce-tokens step
    still asks for one of the two New York stations (``Step::ReduceTokens#available_hex``)
    before anything else: the ``remove_token`` of GN's follows the bid (found by the
    differential: random bots, 4 players, seed 402, where P3's bankruptcy was refused
    there; the position is its first 259 moves)."""
    game = load_position("acquired-by-the-only-buyer-same-hex-4p.json")
    assert str(game.log[-1].kind) == "merge" and game.log[-1].entity == "P2"
    written = export_18xx_games(game)["actions"]
    assert [(a["type"], a["entity"]) for a in written[-2:]] == [
        ("bid", 2),
        ("remove_token", "SLSF"),
    ]
    assert (written[-1]["city"], written[-1]["slot"]) == ("X12-0-0", 0)


def test_export_a_resource_token_after_a_loan_still_rides_on_its_tile() -> None:
    """§13.1, §9: GN lays 7 at C9, its second lay, takes a loan, then puts P18's coal token
    there (our prompt after the track step).  The site's token is only ever part of the
    lay (``7coal``, ``G18USA::Step::ResourceTrack``); after the second lay its track step is
    over and its buy-trains step refuses P18's ``assign``.  A loan may come on either side
    there, so the lay is written as ``7coal-0`` and the loan after it (found by the
    differential: random bots, 7 players, seed 311; the position is its first 156
    moves)."""
    game = load_position("coal-token-after-a-loan-7p.json")
    assert [a.kind for a in game.log[-3:]] == ["lay_tile", "take_loan", "use_private"]
    written = export_18xx_games(game)["actions"]
    assert [(a["type"], a.get("tile")) for a in written[-2:]] == [
        ("lay_tile", "7coal-0"),
        ("take_loan", None),
    ]
    assert not any(a["type"] == "assign" and a["entity"] == "P18" for a in written)


def test_export_a_presidency_handed_over_by_a_sale_moves_the_sites_certificates() -> None:
    """§11.5, §11.7: P1, N&W's president with its two-share certificate, sells one share;
    P2, holding N&W_1 and N&W_2, becomes president.  On the site N&W_0 goes to the market,
    P2's N&W_1 and N&W_2 follow it (P1 keeps less than two shares), N&W_0 goes to P2 and
    the market's first, N&W_1, back to P1 (``SharePool#transfer_shares``,
    ``#handle_partial``): the market holds N&W_2, so N&W's purchase of its own share there
    names N&W_2 (found by the differential: random bots, 2 players, seed 312, where N&W_1
    was refused; the position is its first 104 moves)."""
    game = load_position("president-swap-then-own-share-2p.json")
    assert str(game.log[-1]) == "N&W buys N&W_1"
    written = export_18xx_games(game)["actions"]
    sale = next(a for a in written[::-1] if a["type"] == "sell_shares")
    assert sale["shares"] == ["N&W_0"]
    assert [(a["type"], a["entity"], a["shares"]) for a in written[-1:]] == [
        ("buy_shares", "N&W", ["N&W_2"])
    ]


def test_export_a_half_president_sale_takes_back_the_markets_first_share() -> None:
    """§11.5 on the site's ids: half of the president's certificate sold while the market
    already holds a short sale's share (X_10): the two shares the new president gives go
    to the market after it, and the seller gets back the market's first, X_10
    (``SharePool#handle_partial``); a seller keeping two shares gets the new president's
    two instead."""
    from roundhouse.core.shares import POOL
    from roundhouse.titles.g18usa.interop.president_swap import Sale, site_holdings

    half = Sale(
        corporation="X",
        seller="1",
        president="1",
        sold=("X_0",),
        count=1,
        holdings={"1": ["X_0"], "2": ["X_1", "X_2", "X_3"]},
        pool=["X_10"],
    )
    assert site_holdings(half, "2") == {"1": ["X_10"], "2": ["X_3", "X_0"], POOL: ["X_1", "X_2"]}
    # the new president's first two as they came, not by number (random seed 1002: DRG_5
    # bought before DRG_1; the site's market then lists DRG_5 first)
    came = dataclasses.replace(half, holdings={"1": ["X_0"], "2": ["X_5", "X_1"]}, pool=["X_16"])
    assert site_holdings(came, "2") == {"1": ["X_16"], "2": ["X_0"], POOL: ["X_5", "X_1"]}
    kept = Sale(
        corporation="X",
        seller="1",
        president="1",
        sold=("X_4",),
        count=1,
        holdings={"1": ["X_0", "X_4", "X_5"], "2": ["X_1", "X_2", "X_3"]},
        pool=[],
    )
    assert site_holdings(kept, "2") == {
        "1": ["X_5", "X_1", "X_2"],
        "2": ["X_3", "X_0"],
        POOL: ["X_4"],
    }


def test_export_denvers_orientation_comes_after_the_start_auctions_last_passes() -> None:
    """§11.6, §12.2.3: P4 opens N&W's start at $300 in Denver; nobody can raise, so ours
    ends the auction there, while the site still asks P2 and P3, who pass, and asks for
    Denver's orientation only once the company is parred
    (``G18USA::Step::BuySellParShares#par_corporation``): the ``X04`` lay comes after
    those passes, before P5's turn (found by the differential: random bots, 5 players,
    seed 603; the position is its first 64 moves, the orientation chosen last)."""
    game = load_position("denver-home-in-an-auction-still-asking-5p.json")
    assert str(game.log[-1]) == "N&W chooses exits 1-3-5"
    written = site_moves(game, "hex")
    home = written.index(("place_token", "N&W", None))
    assert written[home + 1 : home + 5] == [
        ("pass", 2, None),
        ("pass", 3, None),
        ("lay_tile", "N&W", "E11"),
        ("pass", 5, None),
    ]


def test_export_denvers_orientation_the_game_never_asked_is_written_as_set_up_laid_it() -> None:
    """§12.2.3: P2 starts DRG in Denver in the last stock round; the game ends in the
    operating round after it (P3 and P4 bankrupt) before DRG's first turn, where ours
    would ask for the orientation, so it is never chosen and Denver's tile keeps set-up's
    rotation.  The site asks right after the start
    (``G18USA::Step::BuySellParShares#par_corporation``) and takes nothing else until
    answered, so the ``X04`` lay is still written there, by DRG, at that rotation (found
    by the differential, issue #17: random bots, 4 players, seed 14014, where N&W's loan
    was refused; the position is the whole game)."""
    game = load_position("denver-home-game-ends-before-it-operates-4p.json")
    assert game.end_reason is not None
    assert engine(game).denver_open
    written = [
        (a["type"], a["entity"], a.get("hex"), a.get("rotation"))
        for a in export_18xx_games(game)["actions"]
    ]
    home = written.index(("place_token", "DRG", None, None))
    assert written[home + 1 : home + 4] == [
        ("choose", 2, None, None),
        ("lay_tile", "DRG", "E11", 0),
        ("take_loan", "N&W", None, None),
    ]


def test_export_denvers_orientation_is_asked_once_carnegie_steel_made_it_a_metropolis() -> None:
    """§12.2.3, P10 (18xx.games): P5 starts WP in Denver, not a drawn metropolis, and puts
    P10 Carnegie Steel into it, which makes Denver a metropolis; ours asks WP for the
    orientation in its first operating turn, the site right after the start
    (``G18USA::Step::BuySellParShares#par_corporation``), so the ``X04`` lay, by WP, comes
    after P10's assignment and before P6's pass (found by the differential: random bots, 6
    players, seed 8216; the position is its first 290 moves, the orientation chosen last)."""
    from roundhouse.core.flow.actions import Choose

    doc = position_doc("denver-made-by-carnegie-steel-6p.json")
    asked = roundhouse.load({**doc, "actions": doc["actions"][:-1]})
    choices = {(a.entity, a.choice) for a in asked.legal_actions() if isinstance(a, Choose)}
    assert choices == {("WP", "exits 1-3-5"), ("WP", "exits 0-2-4")}
    game = roundhouse.load(doc)
    assert str(game.log[-1]) == "WP chooses exits 1-3-5"
    written = site_moves(game, "hex")
    home = written.index(("place_token", "WP", None))
    assert written[home + 1 : home + 5] == [
        ("choose", 5, None),
        ("assign", 5, None),
        ("lay_tile", "WP", "E11"),
        ("pass", 6, None),
    ]


def test_export_a_home_in_a_metropolis_carnegie_steel_made_is_on_its_metropolis_tile() -> None:
    """§2.4, P10 (18xx.games): P5 starts WP in Los Angeles (G3), not a drawn metropolis, on
    its printed city ``G3-1-0``, and puts P10 Carnegie Steel into it, which lays the ``X05``
    metropolis tile there, as the site does (``G18USA::Game#convert_potential_metro``).
    WP gone, P2 starts SLSF in Los Angeles: the site's city there is ``X05-0-0``, the
    printed one no longer on its board (found by the differential: random bots, 5 players,
    seed 13009, refused with ``undefined method `name' for nil``; the position is its first
    325 moves)."""
    game = load_position("home-in-a-metropolis-made-by-carnegie-steel-5p.json")
    assert str(game.log[-1]) == "P2 places a station in G3 (c)"
    homes = [
        (a["entity"], a["city"])
        for a in export_18xx_games(game)["actions"]
        if a["type"] == "place_token" and a["entity"] in ("WP", "SLSF")
    ]
    assert homes == [("WP", "G3-1-0"), ("SLSF", "X05-0-0")]


def test_export_a_sale_names_the_share_ours_moves_and_the_pass_after_it_is_written() -> None:
    """§11.1: P2, holding two DRG shares, sells one and passes.  Our sale moves DRG_10
    (``ShareBook.normal_certs_for``), the site's DRG_3 (a company purchase swapped the
    ids), so that is the share written, not the other one P2 keeps.  And with a share of
    DRG still to sell, the site still asks P2 after the sale (``can_sell_any?``: its sales
    are one action per lot), so P2's pass is written though ours offered nothing else
    (found by the differential: random bots, 3 players, seed 601, where the site refused
    P3's next bid; the position is its first 215 moves)."""
    game = load_position("sale-then-pass-with-more-to-sell-3p.json")
    assert [a.kind for a in game.log[-2:]] == ["sell_shares", "pass"]
    assert site_moves(game, "shares")[-2:] == [
        ("sell_shares", 2, ["DRG_3"]),
        ("pass", 2, None),
    ]


def test_export_a_run_of_nothing_from_a_station_joined_to_a_second_stop_is_an_empty_run() -> None:
    """§12.4: C&O, with two 2-trains and stations at G27 and I25 (DRG's, acquired), runs
    for nothing.  The site's route step waits while the track joins one of the company's
    stations to a second revenue centre (``Graph#route_info``), and G27's track joins
    F28, an off-board stop on the site's board no train may visit; the step takes no pass,
    so the run is written as a ``run_routes`` of no routes (found by the differential:
    random bots, 2 players, seed 806, where the site refused the pass after it; the
    position is its first 39 moves)."""
    game = load_position("run-of-nothing-joined-to-f28-2p.json")
    assert str(game.log[-1]) == "C&O runs for $0"
    assert site_moves(game, "routes")[-2:] == [
        ("pass", "C&O", None),
        ("run_routes", "C&O", []),
    ]


def test_site_route_needs_a_station_joined_to_a_second_stop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The same position read without F28's site-only stop: C&O's two stations are in two
    hexes, but no track joins either to another revenue centre, so the site has no route
    for it (a rule that counted the stations alone refused six other games of random
    seed 800, where the site skipped its route step)."""
    game = load_position("run-of-nothing-joined-to-f28-2p.json")
    game.undo()
    g = engine(game)
    assert len({h for h, _ in board_map(g).board.tokens_of("C&O")}) == 2
    board = board_map(g).board
    assert site_run.site_route_available(board, "C&O")
    monkeypatch.setattr(site_run, "SITE_ONLY_STOPS", frozenset())
    assert not site_run.site_route_available(board, "C&O")


def test_compat_no_bridge_at_the_interest() -> None:
    """§13.4 names no time for placing a bridge token, but the site's turn has no moment
    at §12.8's interest (paid as the buy-trains step is left), so under compat SR's P21
    bridge, offered until its dividend, is not at the interest step that follows
    (``FamilyConfig.acts_at_interest``; found by the differential: random bots, 5 players,
    seed 809, where the site took the bridge on the next company's turn and refused it)."""
    doc = position_doc("bridge-at-the-interest-5p.json")
    game = roundhouse.load(doc)
    assert str(game.log[-1]) == "SR chooses withhold"
    game.undo()
    assert "SR uses P21 on G17" in [str(a) for a in game.legal_actions()]
    game.apply(roundhouse.load(doc).log[-1])
    assert [str(a) for a in game.legal_actions()] == ["SR passes"]


def test_compat_no_bridge_after_a_run_the_site_skips() -> None:
    """B&O passes its track step with no route to run, no train it could buy and no loan
    left to repay: 18xx.games skips its run, dividend and buy-trains steps, pays the
    interest and ends its turn, so under compat its P21 bridge is not offered in ours
    either (:func:`.loan_step.site_past_interest`; found by the differential: random bots,
    4 players, seed 8108, where the site took the bridge in C&O's track step and refused
    it; the position is its first 93 moves)."""
    game = load_position("bridge-after-a-skipped-run-4p.json")
    assert str(game.log[-1]) == "B&O passes"
    assert [str(a) for a in game.legal_actions()] == ["B&O runs for $0"]


def test_export_no_pass_for_the_interest_the_site_paid_after_a_skipped_run() -> None:
    """ATSF buys a Pullman at its train limit with no route: 18xx.games skips its run and
    buy-trains steps and pays the interest at once, its loan step waiting.  Ours scraps
    the car, withholds the run of nothing, pays the interest and borrows in its repay
    step; the written turn is the purchase, the scrap, the loan and the loan step's pass,
    with no pass for a buy-trains step the scrapped car seemed to reopen, which would end
    the site's turn (found by the differential: random bots, 6 players, seed 8104, the
    loan landing in the next turn; the position is its first 493 moves)."""
    game = load_position("loan-after-a-site-paid-interest-6p.json")
    assert [str(a) for a in game.log[-7:]] == [
        "ATSF buys train P-6 for $200",
        "ATSF runs for $0",
        "ATSF scraps P-6",
        "ATSF chooses withhold",
        "ATSF passes",
        "ATSF takes loan 6",
        "ATSF passes",
    ]
    written = export_18xx_games(game)["actions"]
    buy = max(i for i, a in enumerate(written) if a["type"] == "buy_train")
    assert [(a["type"], a["entity"]) for a in written[buy:]] == [
        ("buy_train", "ATSF"),
        ("scrap_train", "ATSF"),
        ("take_loan", "ATSF"),
        ("pass", "ATSF"),
    ]


def test_export_a_switcher_attached_for_a_run_the_site_skips_is_not_written() -> None:
    """SLSF, with a 2-train and stations at E23 and H14 that no track joins to a second
    revenue centre, attaches P19's switcher to its train in our route step (its run is
    $0).  The site has no route for it, skips its route step, the only one that offers
    the ``choose``, and waits in its buy-trains step, so the attachment (for this turn
    only) is not written (found by the differential: random bots, 7 players, seed 811)."""
    game = load_position("switcher-without-a-site-route-7p.json")
    assert str(game.log[-1]) == "SLSF chooses 2-0 with P19"
    assert not site_run.site_route_available(board_map(engine(game)).board, "SLSF")
    assert site_moves(game)[-2:] == [
        ("take_loan", "SLSF"),
        ("pass", "SLSF"),
    ]


def test_export_an_unused_resource_subsidy_keeps_the_sites_track_step_waiting() -> None:
    """B&O holds its Resource subsidy's free lay, unused, after its two tile lays: the
    site's track step waits while the subsidy's lay (``tile_lay``, ``consume_tile_lay:
    false``) is left (``Tracker#tile_lay_abilities_should_block?``), so the track step's
    pass is written before the run (found by the differential: heuristic bots, 3 players,
    seed 951; the position is its first 128 moves)."""
    game = load_position("resource-subsidy-unused-3p.json")
    assert str(game.log[-1]) == "B&O runs for $160"
    assert site_moves(game)[-4:] == [
        ("lay_tile", "B&O"),
        ("lay_tile", "B&O"),
        ("pass", "B&O"),
        ("run_routes", "B&O"),
    ]


def test_export_p13_saving_a_train_is_the_sites_obsolete_train_choice() -> None:
    """WP saves its rusting 2-train with P13 Pennsy Boneyard: the site asks in its own step
    (``G18USA::Step::ObsoleteTrain``, one choice naming the kind of train, the first of
    the company's that rusts), written as that ``choose``; the export had no form for it
    and failed (random bots, 6 players, seed 916; the position is its first 328 moves).
    The site has not replayed this game that far: it refuses an earlier action."""
    game = load_position("boneyard-saves-a-train-6p.json")
    assert str(game.log[-1]) == "WP chooses 2-1 with P13"
    written = export_18xx_games(game)["actions"][-1]
    assert (written["type"], written["entity"], written["choice"]) == ("choose", "WP", "2 Train")


def test_export_a_p25_purchase_before_the_run_is_the_privates_own() -> None:
    """SLSF discards P25 American Locomotive Co. before its track step to buy a 3-train
    at 10% off.  The site makes that purchase in ``G18USA::Step::SpecialBuyTrain``, a step
    beside the turn's, with P25 as the acting entity; written as the company's buy in its
    buy-trains step, it made the site pass the track step and run nothing first (found by
    the differential: random bots, 7 players, seed 905; the position is its first 210
    moves)."""
    game = load_position("locomotive-buy-before-the-track-7p.json")
    assert str(game.log[-1]) == "SLSF buys train 3-0 for $225"
    written = export_18xx_games(game)["actions"]
    assert (written[-1]["type"], written[-1]["entity"], written[-1]["entity_type"]) == (
        "buy_train",
        "P25",
        "company",
    )
    assert written[-1]["price"] == 225
    assert all(a["type"] != "run_routes" for a in written[-4:])


def test_compat_the_free_station_is_not_among_a_conversions_eight_tokens() -> None:
    """§14.1.1: converting to ten shares buys two station tokens, "If it has seven station
    tokens, it must buy one additional token for $50".  SLSF has seven on its charter and
    the Free Station subsidy's extra token (appendix), eight by the rulebook.  The site
    keeps that token off the charter (``S9``, a ``token`` ability ``from_owner: false``)
    and counts the charter only (``G1817::Step::Conversion``), so under compat SLSF buys
    one for $50 as its conversion's loans end (found by the differential: random bots, 7
    players, seed 905, where SLSF later bought a second share of its own that the site
    could not pay for; the position is its first 224 moves, the conversion at 216)."""
    game = load_position("free-station-conversion-7p.json")
    state = game.state
    assert (game.log[216].kind, game.log[216].entity) == ("convert", "SLSF")
    assert state.company_subsidies["SLSF"].kind == "free_station"  # type: ignore[attr-defined]
    assert state.corps["SLSF"].tokens_owned == 9  # type: ignore[attr-defined]
    assert state.ledger.cash("SLSF") == 123  # type: ignore[attr-defined]
    assert not state.invariant_violations()  # type: ignore[attr-defined]


def test_compat_one_car_from_the_bank_before_the_run() -> None:
    """§12.7: a company may own one Pullman car, bought "prior to the run trains step", and
    may scrap it at any time; nothing stops a second purchase after a scrap.  The site
    sells it in a step of its own that ends with the purchase (``G18USA::Step::BuyPullman``
    passes once nothing is buyable), so under compat NP, having bought P-1 and scrapped it,
    may not buy P-2 before its run (found by the differential: random bots, 3 players,
    seed 907; the position is its first 178 moves)."""
    game = load_position("car-bought-scrapped-3p.json")
    assert [a.kind for a in game.log[-2:]] == ["buy_train", "scrap_train"]
    assert game.state.depot.owned_by("NP")  # type: ignore[attr-defined]
    cars = [a for a in game.legal_actions() if a.kind == "buy_train"]
    assert cars == []
    with pytest.raises(IllegalAction):
        game.apply(
            {"kind": "buy_train", "player": "P3", "entity": "NP", "train": "P-2", "price": 200}
        )


def test_export_a_car_bought_before_the_run_ends_the_sites_pullman_step() -> None:
    """§12.7: N&W, without trains, buys a car before its run and scraps it, withholds its
    run of nothing and buys a 4-train.  The site's Pullman step ended with the purchase
    (``Step::BuyTrain#process_buy_train``), and with no train it skips the run and the
    dividend, so the 4-train follows the scrap with no pass between (found by the
    differential: random bots, 4 players, seed 914; the position is its first 243
    moves)."""
    game = load_position("car-scrapped-before-trains-4p.json")
    written = site_moves(game)
    assert written[-3:] == [("buy_train", "N&W"), ("scrap_train", "N&W"), ("buy_train", "N&W")]


def test_export_a_car_scrapped_before_the_run_opens_no_pullman_step_the_site_skipped() -> None:
    """§12.7: a Pullman "can be scrapped for $50 at any time the owning company may take
    an action".  NP, holding P-1, passes its track and station steps, scraps the car and
    runs.  The site skipped its Pullman step after the station pass, while NP still held
    the car (``Round::Base#skip_steps``), and its run step takes no pass, so the run
    follows the scrap (found by the differential: random bots, 7 players, seed 14077; the
    position is its first 630 moves)."""
    game = load_position("car-scrapped-before-the-run-7p.json")
    written = [(a["type"], a["entity"]) for a in export_18xx_games(game)["actions"]]
    assert written[-4:] == [
        ("pass", "NP"),
        ("pass", "NP"),
        ("scrap_train", "NP"),
        ("run_routes", "NP"),
    ]


def test_export_a_car_scrapped_between_two_lays_goes_before_them() -> None:
    """§12.7, §12.2: KCS lays 83 on E25, which leaves it $19, scraps its Pullman for $50
    and pays $20 for a second lay at D18.  The site's track step passed after the first
    lay, as $19 (no loan left) does not cover the second (``Step::Track
    #process_lay_tile``), and a scrap does not reopen it, so the scrap is written before
    both lays (found by the differential: random bots, 2 players, seed 15084, where the
    site's route step refused the second lay; the position is its first 160 moves)."""
    game = load_position("car-scrapped-between-two-lays-2p.json")
    assert [str(a) for a in game.log[-3:]] == [
        "KCS lays 83 on E25, rotation 5",
        "KCS scraps P-0",
        "KCS lays 8 on D18, rotation 5",
    ]
    assert site_moves(game, "hex")[-3:] == [
        ("scrap_train", "KCS", None),
        ("lay_tile", "KCS", "E25"),
        ("lay_tile", "KCS", "D18"),
    ]


def test_export_a_car_scrapped_before_a_skipped_run_leaves_the_train_step_waiting() -> None:
    """§12.7: MILW, holding P-0 and no route, lays a tile, passes, scraps the car and buys
    a 3+-train after its run of nothing.  The site had skipped its Pullman, run and
    dividend steps after the track pass; a pass written after the scrap was taken by its
    buy-trains step, whose interest put MILW's president into a cash crisis (§15) before
    the purchase (found by the differential: random bots, 4 players, seed 14086; the
    position is its first 314 moves)."""
    game = load_position("car-scrapped-before-a-run-of-nothing-4p.json")
    written = [(a["type"], a["entity"]) for a in export_18xx_games(game)["actions"]]
    assert written[-4:] == [
        ("lay_tile", "MILW"),
        ("pass", "MILW"),
        ("scrap_train", "MILW"),
        ("buy_train", "MILW"),
    ]


def test_compat_an_acquired_companys_unused_resource_subsidy_goes_to_the_buyer() -> None:
    """§14.2: the buyer takes the company's "trains, station markers, and private
    companies"; the Resource subsidy (appendix, §11.6.1) is none of them and goes with its
    company by default.  On the site it is a company card like a private, handed over with
    them (``G1817::Step::Acquire``), so under compat WP, which took a $30 subsidy at its
    start, holds the one SP never used after buying SP, and the site's track step waits
    for it after WP's two lays: a pass before the run (found by the differential: random
    bots, 6 players, seed 916; the position is its first 119 moves)."""
    game = load_position("resource-subsidy-acquired-6p.json")
    assert game.state.company_subsidies["WP"].kind == "resource"  # type: ignore[attr-defined]
    written = site_moves(game)
    assert written[-4:] == [
        ("lay_tile", "WP"),
        ("lay_tile", "WP"),
        ("pass", "WP"),
        ("run_routes", "WP"),
    ]


def test_export_the_free_stations_token_keeps_no_site_token_step_waiting() -> None:
    """Appendix "Subsidy Tiles", Free Station: IC, a 2-share company with its home station
    placed and the subsidy's extra token, lays one tile, passes, withholds its run of
    nothing and buys a 2-train.  On the site the extra token is the subsidy card's own
    (``S9``), not on the charter, so the token step has nothing to place and is skipped;
    the pass is the track step's (a second lay affordable) and none is owed for the token
    step (found by the differential: heuristic bots, 6 players, seed 960, where the second
    pass left the site's buy-trains step; the position is its first 114 moves)."""
    game = load_position("free-station-not-on-the-charter-6p.json")
    assert game.state.company_subsidies["IC"].kind == "free_station"  # type: ignore[attr-defined]
    assert [a.kind for a in game.log[-4:]] == ["lay_tile", "pass", "dividend", "buy_train"]
    written = site_moves(game)
    assert written[-3:] == [("lay_tile", "IC"), ("pass", "IC"), ("buy_train", "IC")]


def test_export_a_red_area_is_named_by_a_hex_the_company_reaches() -> None:
    """Appendix P8: MILW puts its Express Freight station in Mexico, which it reaches at J12
    only.  Ours names an area by its first hex (I5); the site's ``assign`` wants a hex its
    graph reaches (``G18USA::Step::Assign#connected_to_hex?``), so J12 is written (found
    by the differential: random bots, 3 players, seed 1001; the position is its first 156
    moves)."""
    game = load_position("express-freight-reached-at-j12-3p.json")
    assert str(game.log[-1]) == "MILW uses P8 on I5"
    written = export_18xx_games(game)["actions"]
    assign = next(a for a in written[::-1] if a["type"] == "assign" and a["entity"] == "P8")
    assert assign["target"] == "J12"


def test_export_declining_p13_is_the_pass_of_the_sites_obsolete_train_step() -> None:
    """Appendix P13 Pennsy Boneyard: UP's 4-train rusts its own 2-trains and UP declines to
    keep one, then its turn ends (nothing more affordable).  The site asks in a step of its
    own (``G18USA::Step::ObsoleteTrain``) that waits for that pass; ours, the same move as
    the interest step's pass, had been taken for the interest the site pays unasked
    (found by the differential: random bots, 2 players, seed 1000; the position is its
    first 209 moves)."""
    game = load_position("boneyard-declined-2p.json")
    assert [a.kind for a in game.log[-4:]] == ["buy_train", "pass", "pass", "lay_tile"]
    written = site_moves(game)
    assert written[-3:] == [("buy_train", "UP"), ("pass", "UP"), ("lay_tile", "WP")]


def test_compat_the_free_brown_home_only_on_an_empty_home() -> None:
    """§12.2.4: in its first operating round, from Phase 5, a company "may place or upgrade
    its home city to a brown city tile".  SP's home H8 already holds UP's yellow 57; the
    site skips colours only from an empty city (``G18USA::Game
    #upgrades_to_correct_color?``), so under compat the brown 448 is not on offer there
    (found by the differential: random bots, 4 players, seed 1014; the position is its
    first 354 moves)."""
    game = load_position("brown-home-over-yellow-4p.json")
    assert game.state.corps["SP"].operated == 0  # type: ignore[attr-defined]
    brown = {"kind": "lay_tile", "player": "P4", "entity": "SP", "hex": "H8", "tile": "448"}
    assert not [a for a in game.legal_actions() if a.kind == "lay_tile" and a.tile == "448"]
    with pytest.raises(IllegalAction):
        game.apply({**brown, "rotation": 2})


def test_compat_a_debt_left_when_a_bankruptcy_ends_the_game_counts_in_the_score() -> None:
    """§15-§16: the bank liquidates WP and C&O; their presidents owe the loans, P4 first,
    who goes bankrupt, which ends the game with P1's $275 still owed (void by default).
    The site charged both at once, into negative cash, so P1 ends at $23 - $275 there; under
    compat the debt counts in P1's score (found by the differential: random bots, 7
    players, seed 1005, the whole game)."""
    game = load_position("debt-left-at-a-bankrupt-end-7p.json")
    assert game.end_reason == "bankrupt"
    assert game.state.unpaid_at_end == {"P1": 275}  # type: ignore[attr-defined]
    written = export_18xx_games(game)
    assert written["result"]["1"] == -252  # type: ignore[index,call-overload]


def test_export_a_presidency_sale_gives_the_new_presidents_shares_as_they_came() -> None:
    """§11.5, §11.7: P4 bought DRG's share the site numbers DRG_5 before DRG_1; P2's sale of
    half the president's certificate makes P4 president, who gives those two to the market
    in that order (``SharePool#change_president``), so DRG buying two of its shares there
    names DRG_5 first (found by the differential: random bots, 4 players, seed 1002; the
    position is its first 269 moves)."""
    game = load_position("presidency-sale-shares-as-they-came-4p.json")
    written = export_18xx_games(game)["actions"]
    bought = [a["shares"] for a in written if a["type"] == "buy_shares" and a["entity"] == "DRG"]
    assert bought[-1] == ["DRG_5", "DRG_1"]


def test_export_the_train_p13_saved_runs_by_the_sites_id() -> None:
    """Appendix P13: WP keeps 2-1 of its rusting 2-trains; the site keeps the company's
    first one (``G18USA::Step::ObsoleteTrain#process_choose``), 2-0 there.  The trains are
    alike, so WP's next run names the kept train by the site's id, not the one that rusted
    there (found by the differential: random bots, 6 players, seed 916, "Cannot run train
    that operated"; the position is its first 333 moves)."""
    game = load_position("boneyard-saved-train-runs-6p.json")
    assert str(game.log[-1]).startswith("WP runs")
    run = export_18xx_games(game)["actions"][-1]
    assert run["type"] == "run_routes"
    assert [r["train"] for r in run["routes"]] == ["2-0", "3-0"]  # type: ignore[index,union-attr]


def test_export_p13_saves_the_train_its_company_got_first_bought_from_another() -> None:
    """Appendix P13: SP keeps 2-0 of its rusting 2-trains; the site keeps the company's
    first one (``G18USA::Step::ObsoleteTrain#process_choose``).  SP bought IC's 2-1, then
    its 2-0, both NP's before; the site lists a company's trains in the order it got them,
    a train bought from another company last, so it kept 2-1, and SP's next run names the
    kept train 2-1 (found by the differential: random bots, 6 players, seed 12052,
    "Cannot run train that operated"; the position is its first 226 moves)."""
    game = load_position("boneyard-saves-a-train-bought-twice-6p.json")
    assert str(game.log[-1]).startswith("SP runs")
    run = export_18xx_games(game)["actions"][-1]
    assert run["type"] == "run_routes"
    assert [r["train"] for r in run["routes"]] == ["3+-1", "3-0", "2-1"]  # type: ignore[index,union-attr]


def test_export_p13_declined_where_ours_never_asked_before_a_liquidation() -> None:
    """Appendix P13: the 4-train exported as the operating round ends (§12.10) rusts SLSF's
    2-train, and SLSF holds P13.  Ours asks in the next round, the M&A round, whose
    liquidation of SLSF (in liquidation for its interest, §12.8; §14.2.1, nobody to buy
    it) has closed P13 by then, so it never asks and P1 goes bankrupt over SLSF's loans.
    The site's ``G18USA::Step::ObsoleteTrain`` asks SLSF at once and waits: its pass is
    written before the bankruptcy (found by the differential: random bots, 7 players,
    seed 16065, "Blocking step Decide whether to use P13 ... cannot process action
    bankrupt"; the position is its first 313 moves)."""
    game = load_position("boneyard-unasked-before-a-liquidation-7p.json")
    assert str(game.log[-1]) == "P1 declares bankruptcy"
    assert any(e.kind == "rust" for e in game.events(len(game.log) - 2)[0])
    written = export_18xx_games(game)["actions"]
    assert [(a["type"], a["entity"]) for a in written[-2:]] == [("pass", "SLSF"), ("bankrupt", 1)]


def test_export_a_purchase_that_takes_the_presidency_moves_the_sites_certificates() -> None:
    """§11.5: P1's purchase of MP gives it more than P6, the president, so the presidency
    changes hands; the site gives P6 P1's first two shares as they came (MP_1, MP_12) for
    the president's certificate (``SharePool#change_president``), so P6's later sale of
    two names those (found by the differential: random bots, 7 players, seed 1011, where
    the sale named a share P1 held there; the position is its first 306 moves)."""
    game = load_position("presidency-taken-by-a-purchase-7p.json")
    written = export_18xx_games(game)["actions"]
    sale = [a for a in written if a["type"] == "sell_shares" and a["entity"] == 6][-1]
    assert sale["shares"] == ["MP_1", "MP_12"]


def test_free_station_is_placed_with_the_last_token_left() -> None:
    """Appendix "Subsidy Tiles", Free Station: "The company receives one extra station
    token".  GN, a 2-share company (one token, §11.6) with the subsidy, places its second
    and last token at H8, a city with an open slot: that token is the extra one, so the
    subsidy is spent, and the token GN's conversion to five shares buys (§14.1.1) is a
    plain one.  The site writes that placement as the subsidy's (``S9``) and keeps the
    conversion's token on the charter, so its token step waits for GN (found by the
    differential: heuristic bots, 5 players, seed 1109, where ours still held the
    subsidy and skipped the step; the position is its first 291 moves, GN's run last)."""
    game = load_position("free-station-placed-before-a-conversion-5p.json")
    g = engine(game)
    assert (game.log[135].kind, game.log[154].kind) == ("place_token", "convert")
    assert g.company_subsidies["GN"].kind == "free_station"
    assert "GN" not in board_map(g).free_stations
    assert (g.corps["GN"].tokens_owned, g.corps["GN"].tokens_placed) == (3, 2)
    written = site_moves(game)
    assert ("place_token", "S9") in written
    assert written[-3:] == [("pass", "GN"), ("pass", "GN"), ("run_routes", "GN")]


def test_compat_phase_8_still_starts_ten_share_companies() -> None:
    """§8: Phase 8's text says "No new companies may be started", its table "10 share";
    the site's Phase 8 starts 10-share companies (``corporation_sizes: [10]``), so under
    compat P5, with $60 and P10 ($40: §11.6 counts a private's face value), may open the
    bidding at $100, and its pass is written (found by the differential: heuristic bots,
    6 players, seed 960, where the site waited for P5's pass; the position is its first
    939 moves, that pass last)."""
    doc = position_doc("phase-8-start-with-a-private-6p.json")
    last = doc["actions"].pop()
    game = roundhouse.load(doc)
    g = engine(game)
    assert g.depot.phases.current.name == "8"
    assert any(a.kind == "bid" and a.price == 100 for a in game.legal_actions())  # type: ignore[attr-defined]
    game.apply(last)
    written = export_18xx_games(game)["actions"]
    assert (written[-1]["type"], written[-1]["entity"]) == ("pass", 5)


def test_compat_a_placed_free_station_counts_in_a_conversions_eight_tokens() -> None:
    """§14.1.1: a conversion buys station tokens up to eight; the Free Station's token
    (appendix "Subsidy Tiles") is one of the company's.  The site leaves it out only while
    its card (``S9``) is held: once placed it is among the company's tokens, which a
    conversion counts (``G1817::Step::Conversion#process_convert``: ``tokens.size``).  GN
    placed it (the position is the first 291 moves of heuristic seed 1109, 5 players);
    with seven others it holds eight, so converting to five shares buys none, by the
    rulebook and under compat alike."""
    from roundhouse.titles.g18usa.family1817.company_sale import conversion_tokens

    game = load_position("free-station-placed-before-a-conversion-5p.json")
    g = engine(game)
    assert "GN" not in board_map(g).free_stations
    assert g.hooks.uncapped_tokens(g, "GN") == 0  # type: ignore[attr-defined]
    g.corps["GN"].tokens_owned = 8  # seven on the charter or map, and the free station
    assert conversion_tokens(g, "GN") == (0, 0)


def _free_station_held_5p() -> Game:
    """Heuristic seed 1109, 5 players, its first 134 moves: GN (2 shares) holds the Free
    Station unplaced, one token on the map; ATSF (a $30 subsidy, spent) one token."""
    doc = position_doc("free-station-placed-before-a-conversion-5p.json")
    doc["actions"] = doc["actions"][:134]
    return roundhouse.load(doc)


def test_compat_an_unplaced_free_station_goes_to_the_buyer() -> None:
    """§14.2, §14.3: ATSF acquires GN, which holds the Free Station unplaced.  The site's
    subsidy is a card handed over with the privates (``G1817::Step::Acquire``:
    ``transfer(:companies, ...)``), its token outside the company's tokens until placed,
    so under compat ATSF gets GN's token and the card: three tokens, the extra one still
    placeable in a full city and outside the eight."""
    from roundhouse.titles.g18usa.family1817.company_sale import absorb, close

    game = _free_station_held_5p()
    g = engine(game)
    assert "GN" in board_map(g).free_stations
    assert (g.corps["GN"].tokens_owned, g.corps["ATSF"].tokens_owned) == (2, 1)
    absorb(g, "ATSF", "GN", with_treasury=True)
    close(g, "GN")
    assert board_map(g).free_stations == {"ATSF"}
    assert g.corps["ATSF"].tokens_owned == 3
    assert g.hooks.uncapped_tokens(g, "ATSF") == 1  # type: ignore[attr-defined]
    assert g.company_subsidies["ATSF"].kind == "cash"
    assert not g.invariant_violations()


def test_compat_an_unplaced_free_station_stays_outside_the_eight_after_a_merger() -> None:
    """§14.3: "may never have more than eight": ATSF with seven tokens acquires GN with
    one and the Free Station unplaced; the site caps the company's tokens at eight
    (``TokenMerger#move_tokens_to_surviving``) and ATSF holds the card beside them."""
    from roundhouse.titles.g18usa.family1817.company_sale import absorb

    game = _free_station_held_5p()
    g = engine(game)
    g.corps["ATSF"].tokens_owned = 7
    absorb(g, "ATSF", "GN", with_treasury=True)
    assert g.corps["ATSF"].tokens_owned == 9
    assert board_map(g).free_stations >= {"ATSF"}


def test_compat_a_buyer_holds_two_usable_subsidies() -> None:
    """The site's subsidies are company cards a buyer takes with the others, so a company
    holding the Free Station unplaced that buys one with an unused Resource subsidy holds
    both (``G1817::Step::Acquire``); under compat GN keeps its free station and gains the
    lay."""
    from roundhouse.titles.g18usa import resource_subsidy
    from roundhouse.titles.g18usa.family1817.company_sale import absorb
    from roundhouse.titles.g18usa.setup_draw import SUBSIDIES

    game = _free_station_held_5p()
    g = engine(game)
    g.company_subsidies["ATSF"] = next(s for s in SUBSIDIES if s.kind == "resource")
    absorb(g, "GN", "ATSF", with_treasury=True)
    assert "GN" in board_map(g).free_stations
    assert g.company_subsidies["GN"].kind == "resource"
    assert resource_subsidy.holds(g, "GN") == bool(resource_subsidy.kinds_offered(g))
    assert g.hooks.uncapped_tokens(g, "GN") == 1  # type: ignore[attr-defined]


def test_export_a_stock_pass_after_a_merger_round_company_pass_is_written() -> None:
    """§11.7: P2, whose KCS went to liquidation as its conversion's token was unaffordable
    (§14.1.1), passes in the stock round while KCS could still borrow; the site asks P2
    (``G1817::Step::BuySellParShares#any_corporate_actions?``: ``can_take_loan?`` does not
    look at the liquidation space), so the pass is written.  KCS's pass before it was in
    the merger round, not a stock turn spent acting for KCS (found by the differential:
    random bots, 2 players, seed 2000; the position is its first 53 moves)."""
    game = load_position("stock-pass-after-a-merger-round-company-pass-2p.json")
    assert [str(a) for a in game.log[-2:]] == ["KCS passes", "P2 passes"]
    written = site_moves(game)
    assert written[-2:] == [("pass", "KCS"), ("pass", 2)]


def test_export_a_resource_token_after_the_track_pass_still_rides_on_its_tile() -> None:
    """§13.1: N&W lays 9 at F22, its first lay, passes its second, then puts P18's coal
    token there (our prompt after the track step).  The site's token is only ever part of
    the lay (``9coal``, ``G18USA::Step::ResourceTrack``); its buy-trains step refuses
    P18's ``assign`` after the pass, so the lay is written as ``9coal-0`` and the pass
    after it (found by the differential: random bots, 6 players, seed 2010; the position
    is its first 177 moves)."""
    game = load_position("coal-token-after-the-track-pass-6p.json")
    assert [a.kind for a in game.log[-3:]] == ["lay_tile", "pass", "use_private"]
    written = export_18xx_games(game)["actions"]
    assert [(a["type"], a.get("tile")) for a in written[-2:]] == [
        ("lay_tile", "9coal-0"),
        ("pass", None),
    ]
    assert not any(a["type"] == "assign" and a["entity"] == "P18" for a in written)


def test_export_a_resource_token_rides_on_its_tile_over_the_companys_privates() -> None:
    """§13.1: MILW lays 9 at F10, then H12, P9's upgrade at E23, a loan, a third lay (P7)
    and P6's value token, passes our token prompt and puts P1's coal token at F10.  The
    site's token is only ever part of the lay (``9coal``); its route step refuses P1's
    ``assign`` after P6's, so the lay is written as ``9coal-0`` with the moves of MILW's
    privates after it unchanged (found by the differential: random bots, 3 players, seed
    12055; the position is its first 126 moves)."""
    game = load_position("coal-token-after-a-private-lay-and-p6-3p.json")
    assert [str(a) for a in game.log[-3:]] == [
        "MILW uses P6 on I5",
        "MILW passes",
        "MILW uses P1 on F10 (coal)",
    ]
    written = export_18xx_games(game)["actions"]
    assert [(a["type"], a["entity"], a.get("tile")) for a in written[-6:]] == [
        ("lay_tile", "MILW", "9coal-0"),
        ("lay_tile", "MILW", "80-0"),
        ("lay_tile", "P9", "619-0"),
        ("take_loan", "MILW", None),
        ("lay_tile", "MILW", "7-2"),
        ("assign", "P6", None),
    ]
    assert not any(a["type"] == "assign" and a["entity"] == "P1" for a in written)


def test_export_shorts_paired_at_a_bankruptcy_leave_the_sites_last_market_shares() -> None:
    """§15: P3 goes bankrupt holding three IC shorts; in the open market they are paired
    with three of IC's four shares there ("move both to the short stack").  The site pairs
    the first shares of its market list (``G1817::Game#close_market_shorts``), leaving
    IC_20, so IC's later purchase of its own share from the market names that one (found
    by the differential: random bots, 4 players, seed 2062, where the purchase named a
    share the site had paired off; the position is its first 216 moves)."""
    game = load_position("market-shorts-paired-at-a-bankruptcy-4p.json")
    assert str(game.log[193]) == "P3 declares bankruptcy"
    assert (game.log[-1].kind, game.log[-1].entity) == ("buy_shares", "IC")
    written = export_18xx_games(game)["actions"]
    bought = [a["shares"] for a in written if a["type"] == "buy_shares" and a["entity"] == "IC"]
    assert bought[-1] == ["IC_20"]


def test_export_shares_paired_off_at_a_bankruptcy_leave_no_site_names_behind() -> None:
    """§15: P2 goes bankrupt and KCS's two market shares are paired with the shorts (the
    site's KCS_10 and KCS_12).  KCS converts to 10 shares later (§14.1.1): our new KCS_4
    and KCS_5 are not the shares that left, and the short sales after it take the site's
    numbers from 10 again (``G1817::Game#short``), so KCS's purchase of three of its own
    shares names the site's market, KCS_10, KCS_1 and KCS_12 (found by the differential:
    random bots, 4 players, seed 2031, refused as ``KCS_13``, ``KCS_1``, ``KCS_15``; the
    position is its first 270 moves)."""
    game = load_position("stale-share-names-after-a-bankruptcy-4p.json")
    assert (game.log[-1].kind, game.log[-1].entity) == ("buy_shares", "KCS")
    written = export_18xx_games(game)["actions"]
    bought = [a["shares"] for a in written if a["type"] == "buy_shares" and a["entity"] == "KCS"]
    assert bought[-1] == ["KCS_10", "KCS_1", "KCS_12"]


def test_export_a_company_acquired_and_started_again_has_the_sites_fresh_shares() -> None:
    """§14.2: IC acquires GN, whose share GN_1 had the site's name GN_12 after short sales;
    GN is started again (§14: "may be re-opened later as a new company") with fresh shares
    on both sides (``Game::Base#reset_corporation``), so P3's purchase names GN_1 (found by
    the differential: random bots, 4 players, seed 2011, refused as ``GN_12``; the position
    is its first 282 moves)."""
    game = load_position("stale-share-names-after-an-acquisition-4p.json")
    assert str(game.log[233]) == "P3 merges with IC"
    written = export_18xx_games(game)["actions"]
    bought = [a["shares"] for a in written if a["type"] == "buy_shares" and a["entity"] == 3]
    assert bought[-1] == ["GN_1"]


def test_export_a_resource_token_on_the_first_of_two_lays_rides_on_its_tile() -> None:
    """§13.1: WP lays 9 at E25 and 80 at B28, then puts P1's coal token at E25 (our prompt
    after the track step).  The site's token is only ever part of the lay
    (``G18USA::Step::ResourceTrack``) and its run step refuses P1's ``assign``, so the first
    lay is written as ``9coal`` (found by the differential: random bots, 7 players, seed
    2071; the position is its first 267 moves)."""
    game = load_position("coal-token-on-the-first-of-two-lays-7p.json")
    assert [a.kind for a in game.log[-4:]] == ["lay_tile", "lay_tile", "pass", "use_private"]
    written = export_18xx_games(game)["actions"]
    assert [(a["type"], a.get("hex"), a.get("tile")) for a in written[-2:]] == [
        ("lay_tile", "E25", "9coal-0"),
        ("lay_tile", "B28", "80-1"),
    ]
    assert not any(a["type"] == "assign" and a["entity"] == "P1" for a in written)


def test_compat_no_bridge_while_the_repayment_waits() -> None:
    """§13.4 names no time for placing a bridge token; §12.9's repayment follows the
    interest.  The site's repayment step (``G18USA::Step::Loan``) comes before the step
    that places a bridge (``G18USA::Step::Assign``) in its list and takes nothing else, so
    under compat MILW, which may repay, may not place P22's bridge at E15 then (found by
    the differential: random bots, 3 players, seed 2079; the position is its first 58
    moves)."""
    game = load_position("bridge-at-the-repayment-3p.json")
    legal = [str(a) for a in game.legal_actions()]
    assert "MILW repays loan 0" in legal
    assert not any("P22" in a for a in legal)
    with pytest.raises(IllegalAction):
        game.apply(
            {
                "kind": "use_private",
                "player": "P1",
                "entity": "MILW",
                "company": "P22",
                "hex": "E15",
            }
        )


def test_export_a_resource_token_after_a_station_rides_on_its_tile() -> None:
    """§13.3: ATSF lays 8 at D16 and 9 at I17, places a station at H20, then puts P4's ore
    token at D16.  The site's token is only ever part of the lay
    (``G18USA::Step::ResourceTrack``) and its run step refuses P4's ``assign``, so the lay
    is written as ``8ore10`` before the station (found by the differential: random bots,
    7 players, seed 2095; the position is its first 701 moves)."""
    game = load_position("ore-token-after-a-station-7p.json")
    assert [a.kind for a in game.log[-2:]] == ["place_token", "use_private"]
    written = export_18xx_games(game)["actions"]
    assert [(a["type"], a.get("tile")) for a in written[-3:]] == [
        ("lay_tile", "8ore10-0"),
        ("lay_tile", "9-1"),
        ("place_token", None),
    ]


def test_compat_a_crisis_after_a_liquidation_starts_from_its_president_then() -> None:
    """§14.2.1, §15: the bank liquidates GN, whose president P2 went bankrupt earlier (its
    certificate in the open market), and P5, P6 and P7 owe money.  The site asks the
    debtors clockwise from GN's president when it went to the liquidation space
    (``G1817::Step::Acquire#finalize_acquisition``: ``owner_when_liquidated``), so P5
    first, not from the president of the company sold before (found by the differential:
    random bots, 7 players, seed 2065; the position is its first 410 moves)."""
    game = load_position("crisis-after-a-bankrupt-presidents-liquidation-7p.json")
    g = engine(game)
    assert g.liquidated_by["GN"] == "P2"
    assert game.acting == ("P5",)


def test_compat_a_company_with_no_president_discards_its_first_train() -> None:
    """§15: P5 goes bankrupt; SR's president's certificate goes to the open market and SR,
    in liquidation with four trains, meets Phase 4's limit of three as the operating round
    ends.  The site's discard step waits for SR itself (``G18USA::Step::DiscardTrain``), so
    under compat SR's first train goes to the open market unasked and the writer writes
    that ``discard_train`` (found by the differential: random bots, 7 players, seed 2053,
    where the site's game stopped there; the position is its first 354 moves)."""
    game = load_position("discard-with-no-president-7p.json")
    assert str(game.log[-1]) == "P5 declares bankruptcy"
    g = engine(game)
    assert g.depot.train("3-0").owner == "pool"
    written = site_moves(game, "train")
    assert written[-2:] == [("bankrupt", 5, None), ("discard_train", "SR", "3-0")]


def test_export_a_mergers_shares_take_the_sites_numbers_among_its_shorts() -> None:
    """§14.1.2: ATSF (5 shares) merges with SR, whose shorts P1 and P2 hold; each 20% of
    SR becomes one 10% of ATSF.  The site numbers the exchange's shares after 4-8 in the
    order it made SR's (a short sale makes its short before its market share), the shorts
    taking numbers in that run too, then closes each holder's shorts with its 10% shares
    (``G1817::Game#migrate_shares``, ``#unshort``): ATSF keeps ATSF_11 and ATSF_13, the
    market ATSF_15, ATSF_17 and ATSF_19.  P1's bankruptcy (§15) pairs its two shorts with
    the market's first two shares, so ATSF's purchase of two of its own from the market
    (§11.7) names ATSF_17 and ATSF_19 (found by the differential: random bots, 4 players,
    seed 2314, where the purchase named ATSF_13 and ATSF_14 as if the exchange's shares
    were numbered in a row; the position is its first 279 moves)."""
    game = load_position("merger-shares-numbered-with-shorts-4p.json")
    assert [str(a) for a in game.log[-2:]] == ["ATSF buys ATSF_11", "ATSF buys ATSF_12"]
    written = export_18xx_games(game)["actions"]
    merges = [a for a in written if a["type"] == "merge"]
    assert (merges[0]["entity"], merges[0]["corporation"]) == ("ATSF", "SR")
    bought = [a["shares"] for a in written if a["type"] == "buy_shares" and a["entity"] == "ATSF"]
    assert bought[-1] == ["ATSF_17", "ATSF_19"]


def test_coal_on_the_first_of_two_lays_leaves_the_plain_copies_to_the_second() -> None:
    """18USA §13: a coal token goes down as part of a yellow tile lay.  WP lays 8s at D8 and
    C7, then P1's coal goes on D8; the site lays ``8coal`` at D8 and takes the plain tile's
    first copies for C7 and the next 8, at F8 (``Game::Base#add_extra_tile``: an unlimited
    tile's copies in lay order).  Found by the differential: random bots, 4 players, seed
    2303, where C7 was written as ``8-1`` and refused; the position is its first 145
    moves."""
    game = load_position("coal-on-first-of-two-lays-4p.json")
    written = export_18xx_games(game)["actions"]
    lays = [(a["hex"], a["tile"]) for a in written if a["type"] == "lay_tile"]
    assert lays[-3:] == [("D8", "8coal-0"), ("C7", "8-0"), ("F8", "8-1")]


def test_compat_no_loan_after_the_pass_ending_the_site_turn() -> None:
    """18USA §9: a company may take a loan at any time during its operating turn.  KCS lays
    a 7 at G15 and passes its second lay; nothing after the site's track step waits for it
    (no route, no train it can buy), so the site's turn ends at that pass and pays the
    interest by an automatic loan.  The differential's game (random bots, 4 players, seed
    2325; the position's first 148 moves) borrowed after the pass, which the writer put
    before it; under ``compat_18xx_games`` ours now offers no loan there (its run of
    nothing and the interest are all the site's turn had left,
    :func:`.loan_step._run_skipped_before_interest`), and the interest takes the loan
    itself, as on the site: ten loans, the cash unchanged."""
    doc = position_doc("loan-after-the-track-pass-ending-the-turn-4p.json")
    doc["actions"] = doc["actions"][:-4]
    game = roundhouse.load(doc)
    assert [str(a) for a in game.log[-2:]] == ["KCS lays 7 on G15, rotation 4", "KCS passes"]
    assert [str(a) for a in game.legal_actions()] == ["KCS runs for $0"]
    g = engine(game)
    assert (len(g.loans.of("KCS")), g.ledger.cash("KCS")) == (9, 83)
    for step in ("routes", "dividend", "pay_interest"):
        (action,) = game.legal_actions()
        assert game.step_of(action)[0] == step
        game.apply(action)
    assert (len(g.loans.of("KCS")), g.ledger.cash("KCS")) == (10, 83)


def test_a_buyer_left_with_a_pullman_passes_before_the_next_move() -> None:
    """18USA §12.7: "Pullman cars can be scrapped for $50 at any time the owning company may
    take an action"; after MP acquires ATSF (§14.2), with ATSF's Pullman, the site asks MP
    whether to scrap it (``G18USA::Step::Acquire#acquire_post_loan``) where ours goes on,
    so MP's pass is written before P2's bankruptcy (found by the differential: random bots,
    4 players, seed 2337; the position is its first 414 moves)."""
    game = load_position("pullman-kept-by-a-buyer-4p.json")
    assert [str(a) for a in game.log[-2:]] == ["P3 merges with MP", "P2 declares bankruptcy"]
    written = export_18xx_games(game)["actions"]
    assert [a["type"] for a in written[-3:]] == ["bid", "pass", "bankrupt"]
    assert (written[-2]["entity"], written[-2]["entity_type"]) == ("MP", "corporation")


def test_a_loan_after_the_interest_stays_after_the_pass_that_paid_it() -> None:
    """18USA §12.8: interest is paid after the buy-trains step, and a loan taken after it
    is not counted in it.  KCS lays at B8, passes, borrows before its run, passes its
    trains (paying the interest on its loans then) and borrows again: only the first loan
    may go before the track pass (the site's loan step beside its track step); the second
    stays after the pass that paid the interest, or the site would charge interest on it
    (found by the differential: random bots, 4 players, seed 2332, where P2's bidding
    power fell short later; the position is its first 64 moves)."""
    game = load_position("loan-after-interest-stays-after-its-pass-4p.json")
    assert [str(a) for a in game.log[-4:]] == [
        "KCS takes loan 5",
        "KCS passes",
        "KCS passes",
        "KCS takes loan 6",
    ]
    written = export_18xx_games(game)["actions"]
    lay = next(i for i, a in enumerate(written) if a["type"] == "lay_tile" and a["hex"] == "B8")
    assert [a["type"] for a in written[lay:]] == [
        "lay_tile",
        "take_loan",
        "pass",
        "pass",
        "take_loan",
    ]


def test_export_a_second_lay_the_loans_pay_for_keeps_the_sites_track_step_waiting() -> None:
    """§12.2 and §9: IC upgrades Phoenix with $10 left, short of the $20 second tile action,
    so our track step is over; it has no route and nothing to buy, pays its interest, then
    borrows twice.  The site's track step still waits, as the loans IC may take count
    toward the $20 (``Tracker#can_lay_tile?``, ``G1817::Game#buying_power``): its pass is
    written before the loans, which the site's loan step then takes after the interest,
    and the pass of our repay step is the site's loan step's (found by the differential:
    random bots, 6 players, seed 12028, where the site's track step took that pass and
    refused IC's conversion; the position is its first 372 moves)."""
    game = load_position("second-lay-waiting-before-a-skipped-run-6p.json")
    assert [a.kind for a in game.log[-7:]] == [
        "lay_tile",
        "run_routes",
        "dividend",
        "pass",
        "take_loan",
        "take_loan",
        "pass",
    ]
    written = site_moves(game)
    assert written[-5:] == [
        ("lay_tile", "IC"),
        ("pass", "IC"),
        ("take_loan", "IC"),
        ("take_loan", "IC"),
        ("pass", "IC"),
    ]


def test_export_a_loan_at_a_turns_start_stays_after_the_last_turns_passes() -> None:
    """18USA §9: the rate is set as each operating round starts by the loans out.  SR
    repays a loan after its interest and passes its repay step, passes in the merger
    round, and borrows at the start of its next turn, in the next operating round.  A loan
    goes before only its own turn's passes: put before the last turn's, it ended that turn
    on the site and counted in the rate set for the next round, doubling SR's interest, and
    its president's cash crisis came two rounds early (found by the differential: random
    bots, 6 players, seed 12058, and 7 players, seed 12065; the position is its first 185
    moves)."""
    game = load_position("loan-after-the-last-turns-passes-6p.json")
    assert [str(a) for a in game.log[-5:]] == [
        "SR repays loan 3",
        "SR passes",
        "SR passes",
        "P6 offers SR for sale",
        "SR takes loan 0",
    ]
    assert site_moves(game)[-4:] == [
        ("payoff_loan", "SR"),
        ("pass", "SR"),
        ("pass", "SR"),
        ("take_loan", "SR"),
    ]


def test_export_a_track_step_waiting_for_p17_is_passed_before_the_interest() -> None:
    """Appendix P17 Great Northern: NP, holding it unused, lays at F20 with its last $10,
    has no route, withholds nothing and cannot pay its interest (§12.8), so P3 goes
    bankrupt (§15).  The site's track step waits while P17 is left this round
    (``Tracker#tile_lay_abilities_should_block?``) though the site's run, dividend and
    buy-trains steps are skipped; its pass is written before the bankruptcy, which comes
    in the cash crisis that pass opens (found by the differential: random bots, 5 players,
    seed 12063; the position is its first 248 moves)."""
    game = load_position("great-northern-keeps-the-track-step-before-interest-5p.json")
    assert engine(game).privates["P17"].owner == "NP"
    assert [str(a) for a in game.log[-5:]] == [
        "NP lays 6 on F20, rotation 5",
        "NP runs for $0",
        "NP chooses withhold",
        "NP passes",
        "P3 declares bankruptcy",
    ]
    written = site_moves(game)
    assert written[-3:] == [("lay_tile", "NP"), ("pass", "NP"), ("bankrupt", 3)]
