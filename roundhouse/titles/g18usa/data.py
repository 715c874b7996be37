"""18USA's printed components and settings: stock market, train roster, phases, companies,
the Bank of New York's loan rows, and the 1817-family config the title plays with.

source: the rulebook (/work/shared/rules/18USA.txt): §2 (starting capital, certificate
  limits), §2.2 (the Bank of New York: 70 cubes; with five or more players four on the $5
  row and six on every other), §5 (market from $42 to $800, four special spaces at the
  upper left: one liquidation, three acquisition; starting prices $50-$200), §7.2 (20
  public companies, 2/5/10 shares), §8 (phases), §9 (loans), §11.4 (holding limits), §11.6
  (start by auction, token purchases), §12.5 (dividend thresholds 50/100/150/200%), §12.6
  (train roster by player count), §12.7 (Pullman car $200, scrapped for $50), §14.1.1
  (conversion tokens, the cap of eight).
  The text has no picture of the market, so the cell values come from tobymao/18xx
  lib/engine/game/g_18_usa/game.rb (MARKET) and the company names and ids from
  g_18_usa/entities.rb (CORPORATIONS), commit of the mirror at /work/.mirror/tobymao+18xx
  (HEAD, read 2026-12-01); the interest rows for five or more players from
  g_18_usa/game.rb (max_loan 60, loans_per_increment) with the 1817 base
  (g_1817/game.rb MIN_LOAN 5, MAX_LOAN 70, LOAN_INTEREST_INCREMENTS 5, LOANS_PER_INCREMENT 5).
checked: 2026-12-01 against the rulebook sections named and the site files named;
  tests/g18usa/test_title_setup.py.
  Rulebook vs site: the site's 2-train stack has 40 cards, the rulebook's is unlimited (§12.6
  "Unlimited"): unlimited here.  The site splits phases 2+, 3+ and 4+ off 2, 3 and 4 (same
  rules); here the rulebook's phases 2-8 (§8).
Python, not TOML, for now: moving these tables into ``market.toml``/``trains.toml`` in the
  common schemas (core/tables/) is a listed follow-up.
"""

from __future__ import annotations

import functools

from roundhouse.core.entities import CorporationSpec
from roundhouse.core.market import MarketGrid
from roundhouse.core.phases import Phase
from roundhouse.core.routes.kinds import AnyKind, n_train
from roundhouse.core.trains import TrainType

MARKET_ROW = (
    "0q 0a 0a 0a 42 44 46 48 50p 53p 56p 59p 62p 66p 70p 74p 78p 82p 86p 90p 95p 100p 105p"
    " 110p 115p 120p 127p 135p 142p 150p 157p 165p 172p 180p 190p 200p 210 220 230 240 250 260"
    " 270 285 300 315 330 345 360 375 390 405 420 440 460 480 500 520 540 560 580 600 625 650"
    " 675 700 725 750 775 800"
)
"""§5: one row from $42 to $800 after the liquidation space and three acquisition spaces;
the par cells ($50-$200, "within the red outline") are starting prices (§11.6)."""

MAX_PRICE_AFTER_PHASE_5 = 300
"""§17 variant "$300 Maximum Starting Price After Phase 5"."""


@functools.cache
def market_grid() -> MarketGrid:
    return MarketGrid.parse([MARKET_ROW])


ACQUISITION_DIVIDEND_PRICE = 40
"""§12.5: the amounts that move a price are "shown at the bottom of the box"; under the
acquisition spaces (price $0) they are $20/$40/$60/$80, the thresholds of a $40 price
(tobymao/18xx g_18_usa market legend and ``Step::Dividend#share_price_change``; our rules
copy does not reproduce the board)."""

DIVIDEND_THRESHOLDS_PCT = (50, 100, 150, 200)
"""§12.5: 1-4 steps for a payout of 50/100/150/200% of the share price per share."""

STARTING_CASH = {2: 630, 3: 420, 4: 315, 5: 300, 6: 250, 7: 225}
"""§2."""
CERT_LIMIT = {2: 32, 3: 21, 4: 16, 5: 16, 6: 13, 7: 11}
"""§2 (and §11.4)."""

COMPANIES = (
    ("ATSF", "Atchison, Topeka, and Santa Fe"),
    ("B&O", "Baltimore and Ohio Railroad"),
    ("C&O", "Chesapeake and Ohio"),
    ("DRG", "Denver and Rio Grande"),
    ("GN", "Great Northern Railway"),
    ("IC", "Illinois Central Railroad"),
    ("KCS", "Kansas City Southern Railroad"),
    ("MILW", "Milwaukee Road"),
    ("MKT", "Missouri-Kansas-Texas Railroad"),
    ("MP", "Missouri Pacific Railroad"),
    ("NYC", "New York Central Railroad"),
    ("N&W", "Norfolk and Western Railway"),
    ("NP", "Northern Pacific Railway"),
    ("PRR", "Pennsylvania Railroad"),
    ("SP", "Southern Pacific Railroad"),
    ("SR", "Southern Railway"),
    ("SLSF", "St. Louis-San Francisco Railway"),
    ("TP", "Texas and Pacific Railway"),
    ("UP", "Union Pacific Railroad"),
    ("WP", "Western Pacific Railroad"),
)
"""§7.2: twenty public companies, "functionally identical"."""


def corporations() -> tuple[CorporationSpec, ...]:
    """Every company starts as a 2-share charter with its free home token (§7.2, §11.6); the
    winner of its start auction sets its size, and the tokens it buys are counted then."""
    return tuple(
        CorporationSpec(id=cid, name=name, size=2, float_shares=2, tokens=(0,))
        for cid, name in COMPANIES
    )


ROSTER: tuple[tuple[str, int, int | None, int | None, str | None, str | None], ...] = (
    # name, price, count at 2-4 players, at 5+, rusts on, obsolete on (§12.6, §8)
    ("2", 100, None, None, "4", None),
    ("2+", 100, 4, 5, None, "4"),
    ("3", 250, 12, 12, "6", None),
    ("3+", 250, 2, 2, None, "6"),
    ("4", 400, 7, 8, "8", None),
    ("4+", 400, 1, 1, None, "8"),
    ("5", 600, 5, 6, None, None),
    ("6", 750, 4, 5, None, None),
    ("7", 900, 3, 3, None, None),
    ("8", 1100, None, None, None, None),
)
"""§12.6 "Train Roster" (counts by player count) and §8 (rusting; "+ trains become
obsolete and operate one additional time")."""

ROSTER_1817: tuple[tuple[str, int, int | None, str | None, str | None], ...] = (
    # name, price, count, rusts on, obsolete on
    ("2", 100, 40, "4", None),
    ("2+", 100, 4, None, "4"),
    ("3", 250, 12, "6", None),
    ("4", 400, 8, "8", None),
    ("5", 600, 5, None, None),
    ("6", 750, 4, None, None),
    ("7", 900, 3, None, None),
    ("8", 1100, None, None, None),
)
"""§17 "Use 1817 Train Roster": 1817's trains (tobymao/18xx g_1817/game.rb TRAINS; 18USA's
game.rb ``seventeen_trains`` plays them with its Pullman car)."""

PULLMAN = TrainType(name="P", price=200, count=None, available_on="5", car=True, scrap_value=50)
"""§12.7: a Pullman car, $200, from Phase 5, scrapped for $50; unlimited."""


def train_types(players: int, *, seventeen: bool = False) -> tuple[TrainType, ...]:
    """The train stack for the player count (§2.1, §12.6), the Pullman car last; with
    ``seventeen``, 1817's roster (§17)."""
    out: list[TrainType] = []
    rows = [(n, p, c, c, r, o) for n, p, c, r, o in ROSTER_1817] if seventeen else list(ROSTER)
    for name, price, small, large, rusts, obsolete in rows:
        count = large if players >= 5 else small
        # §16: the first 8-train bought or exported triggers the end of the game
        events = ("end_game",) if name == "8" else ()
        out.append(
            TrainType(
                name=name,
                price=price,
                count=count,
                rusts_on=rusts,
                obsolete_on=obsolete,
                events=events,
            )
        )
    return (*out, PULLMAN)


def train_kinds() -> dict[str, AnyKind]:
    """§12.4: a train's number is the most cities, small cities, rural junctions and red
    areas it visits; all count."""
    kinds: dict[str, AnyKind] = {}
    for name, *_ in ROSTER:
        kinds[name] = n_train(int(name[0]), name)
    return kinds


COLOURS = {
    "2": ("yellow",),
    "3": ("yellow", "green"),
    "4": ("yellow", "green"),
    "5": ("yellow", "green", "brown"),
    "6": ("yellow", "green", "brown"),
    "7": ("yellow", "green", "brown", "gray"),
    "8": ("yellow", "green", "brown", "gray"),
}
LIMITS = {"2": 4, "3": 4, "4": 3, "5": 3, "6": 2, "7": 2, "8": 2}
"""§8 and §6.3: the train limit by phase."""
SIZES = {"2": (2,), "3": (2, 5), "4": (5,), "5": (5, 10), "6": (10,), "7": (10,), "8": ()}
"""§8 "New Companies": the sizes that may be started."""


def phases() -> tuple[Phase, ...]:
    """§8: phases 2-8, each started by the first train of its number (bought or exported);
    Phase 3 also at the end of the second operating round (the title's rules)."""
    return tuple(
        Phase(
            name=name,
            on=None if name == "2" else name,
            tiles=COLOURS[name],
            train_limit={"": LIMITS[name]},
            operating_rounds=2,
            status=frozenset({"trains_between_companies"}),
        )
        for name in COLOURS
    )


def loan_rows(players: int) -> tuple[tuple[int, int], ...]:
    """§2.2: 14 rows of five cubes at $5-$70; with five or more players four cubes at $5 and
    six at every other rate (18xx.games: rates $10-$60, 70 cubes in all)."""
    if players >= 5:
        return ((5, 4), *((rate, 6) for rate in range(10, 65, 5)))
    return tuple((rate, 5) for rate in range(5, 75, 5))
