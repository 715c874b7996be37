"""18USA's decisions in plain words, for a first-time player: what the banner says each step
asks, the help line under it, and each move's wording (a loan's cost and its price move, a
short sale, a conversion or merger, a company start's home, size and privates).

The stock round (§11) and the merger and acquisition round (§14) decide without steps, so
their help is chosen by the round's phase (:func:`round_help`).
"""

from __future__ import annotations

from collections.abc import Mapping

from roundhouse.core.actions import Action
from roundhouse.core.flow.actions import Bid, Choose, PlaceToken
from roundhouse.core.flow.board_map import BoardMap
from roundhouse.titles.g18usa.family1817.actions import (
    Assign,
    Convert,
    Merge,
    PayoffLoan,
    Short,
    TakeLoan,
)
from roundhouse.titles.g18usa.family1817.short_sale import CorporateStockRound
from roundhouse.titles.g18usa.family1817.takeover_round import TakeoverRound
from roundhouse.titles.g18usa.powers import UsePrivate
from roundhouse.titles.g18usa.state import UsaGame

STEP_ACTION: Mapping[str, str] = {
    "home_brown": "upgrade the home city",
    "boomtown": "use the Boomtown subsidy",
    "resource_token": "place a resource token",
    "resource_token_prompt": "place a resource token",
    "bridge": "place a bridge token",
    "red_area": "use a red-area private",
    "attach": "attach a private to a train",
    "denver": "turn Denver's tile",
    "locomotive": "buy a train with American Locomotive",
    "private_lay": "lay a private's tile",
    "ore_upgrade": "upgrade an ore token",
    "buy_car": "buy a Pullman car",
    "scrap_car": "scrap a Pullman car",
    "take_loan": "take loans",
    "pay_interest": "pay interest",
    "payoff_loan": "repay loans",
    "station_token_cut": "give up a station",
}
"""18USA's own step names -> what the banner says."""

STEP_HELP: Mapping[str, str] = {
    "stock": "Buy one share, sell shares, sell one share short (you get its price now and "
    "must buy it back later; §11.2), or start a company by bidding at least $100 for its "
    "president's certificate (§11.6). A president may also act for a company: take loans "
    "and buy its shares from the market (§11.7). Pass when done.",
    "take_loan": "The company may take $100 loans from the Bank of New York, up to one per "
    "share of its size. Each loan moves its share price two spaces left and costs interest "
    "every operating round (§9).",
    "pay_interest": "Pay the interest on every loan the company holds, taking more loans if "
    "it must (§12.8).",
    "payoff_loan": "Repay $100 loans: each moves the share price two spaces right. Not "
    "possible if the company took a loan this operating round (§12.9).",
    "home_brown": "In its first operating round the company may put a brown tile on its home "
    "city for free, besides its normal track (§12.2.4), or pass.",
    "boomtown": "The Boomtown subsidy: upgrade the home city to green for free, once, in the "
    "first operating round (appendix, Subsidy Tiles), or pass.",
    "resource_token": "A private's coal, oil or ore token may go on a hex with that resource "
    "where yellow track was just laid (§13).",
    "resource_token_prompt": "Place the private's resource token on the hex just built, or "
    "pass (§13).",
    "bridge": "A bridge token raises a reachable city with a bridge icon by $10 for everyone "
    "(§13.4).",
    "buy_car": "A Pullman car adds $10 for each city a train visits; it does not count "
    "toward the train limit (§12.7).",
    "denver": "Choose which way Denver's metropolis tile points (§12.2.3).",
}
"""18USA's help lines, step name -> sentence."""

_SIZES = {"2": "a 2-share company", "5": "a 5-share company", "10": "a 10-share company"}


def round_action(g: UsaGame) -> str:
    """What a company start (§11.6) or a merger round's phase (§14) asks, for the banner."""
    r = g.round
    if isinstance(r, CorporateStockRound) and r.auction is not None:
        a = r.auction
        return {
            "home": f"choose {a.corp}'s home city",
            "bid": f"bid for {a.corp} or drop out",
            "size": f"choose {a.corp}'s size",
            "fund": f"put privates into {a.corp} or pay cash",
        }.get(a.phase, "")
    if isinstance(r, TakeoverRound):
        on_sale = r.auction.target if r.auction is not None else "the company on sale"
        return {
            "offer": "offer a company for sale or pass",
            "auction": f"bid for {on_sale} or pass",
            "pick": "choose the buying company",
        }.get(r.phase, "")
    return ""


def round_help(g: UsaGame) -> str:
    """The help for a stock-round company start (§11.6) or the phase of a merger and
    acquisition round (§14) - decisions taken without steps."""
    r = g.round
    if isinstance(r, CorporateStockRound) and r.auction is not None:
        a = r.auction
        return {
            "home": f"You are starting {a.corp}: choose its home city - a free station slot "
            "on the map. The auction for its president's certificate follows (§11.6).",
            "bid": f"Auction for {a.corp}'s president's certificate: raise the bid (at least "
            "$1 more) or drop out. The winner pays the bid; the share price is half of it "
            "(§11.6).",
            "size": f"Choose how many shares {a.corp} has: a 2-share company raises little "
            "money, a 10-share one needs three extra stations ($150) (§11.6, §8).",
            "fund": f"You may put privates you own into {a.corp}: each counts its face "
            "value toward the price you pay (§11.6). Pass to pay the rest in cash.",
        }.get(a.phase, "")
    if isinstance(r, TakeoverRound):
        return {
            "merge": "Merger and acquisition round: a company in the market's white area "
            "may convert (2 to 5 shares, or 5 to 10; new shares go to its treasury) or "
            "merge with another company of its size (§14.1). Pass to do neither.",
            "post": "After a conversion or merger each player in turn may buy one share "
            "from the company's treasury or sell shares (§14.1.3).",
            "offer": "You may offer one of your companies for sale to the other companies "
            "(a friendly sale, §14.2.3), or pass.",
            "auction": _sale_help(r),
            "pick": "You won the sale: choose which of your companies buys it (§14.2).",
            "repay": "The buying company may repay loans it took over (§14.2.2).",
            "convert_loans": "The company may now take loans (§14.1).",
        }.get(r.phase, "")
    return ""


def _sale_help(r: TakeoverRound) -> str:
    """The company sale under way (§14.2): which kind, and what the buyer gets."""
    sale = r.auction
    if sale is None:
        return ""
    what = {
        "liquidation": "is being liquidated: the buyer gets its trains, stations and "
        "privates, not its treasury or loans (§14.2.1)",
        "acquisition": "is being acquired: the buyer gets everything, treasury and loans "
        "included (§14.2.2)",
        "friendly": "is offered in a friendly sale: the buyer gets everything, treasury and "
        "loans included; bids start at its market value (§14.2.3)",
    }.get(sale.kind.value, "is for sale (§14.2)")
    return (
        f"{sale.target} {what}. Bid for it with one of your companies in the market's white "
        "area, or pass."
    )


def _price(g: UsaGame, corp: str) -> int | None:
    return g.share_price(corp) if corp in g.market.position else None


def describe(g: UsaGame, action: Action) -> str | None:
    """The move in words, or None for core's wording."""
    loans = g.config.loans
    if isinstance(action, TakeLoan):
        rate = loans.rate(g.loans.out() + 1)
        return (
            f"{action.entity} takes a ${loans.amount} loan (interest ${rate} a round; "
            f"share price {loans.price_steps} spaces left)"
        )
    if isinstance(action, PayoffLoan):
        return (
            f"{action.entity} repays a ${loans.amount} loan "
            f"(share price {loans.price_steps} spaces right)"
        )
    if isinstance(action, Short):
        price = _price(g, action.corporation)
        paid = f" for ${price}" if price is not None else ""
        return f"{action.entity} sells a share of {action.corporation} short{paid}"
    if isinstance(action, Convert):
        size = g.books[action.entity].size
        grown = {2: 5, 5: 10}.get(size)
        return (
            f"{action.entity} converts to a {grown}-share company"
            if grown
            else f"{action.entity} converts"
        )
    if isinstance(action, Merge):
        if action.entity in g.corps:
            return f"{action.entity} merges with {action.corporation}"
        return f"{action.entity}'s {action.corporation} buys the company"
    if isinstance(action, Assign):
        return f"{action.entity} offers {action.target} for sale to the other companies"
    if isinstance(action, UsePrivate) and action.company in g.privates:
        card = g.privates[action.company].spec
        what = f" ({action.choice})" if action.choice else ""
        return f"{action.entity} uses {card.id} {card.name} on {_place(g, action.hex)}{what}"
    return _start_words(g, action)


def _start_words(g: UsaGame, action: Action) -> str | None:
    r = g.round
    if not isinstance(r, CorporateStockRound):
        return None
    a = r.auction
    if isinstance(action, Bid) and action.company in g.corps and (a is None or a.phase == "bid"):
        if a is None:
            return f"{action.entity} starts {action.company} with a ${action.price} bid"
        return f"{action.entity} bids ${action.price} for {action.company}"
    if a is None:
        return None
    if isinstance(action, PlaceToken) and a.phase == "home":
        return f"{a.corp}'s home: {_place(g, action.hex)}"
    if isinstance(action, Choose) and a.phase == "size":
        return f"{a.corp} becomes {_SIZES.get(action.choice, action.choice + ' shares')}"
    if isinstance(action, Choose) and a.phase == "fund" and action.choice in g.privates:
        card = g.privates[action.choice].spec
        return f"{action.entity} puts {card.id} {card.name} (${card.value}) into {a.corp}"
    return None


def _place(g: UsaGame, hex_name: str) -> str:
    hexes = g.map.board.hexes
    location = hexes[hex_name].printed.location if hex_name in hexes else ""
    return f"{hex_name} {location}".strip()


def told(g: UsaGame, action: Action) -> str | None:
    """A move already made, for the log, or None for core's wording.  Only what never
    changes in a game is read (names, the map, the loan size): the move may be long past.
    The company start's choices (§11.6) are made by the player for a company not yet named
    in the action, so they speak of "the new company"."""
    if isinstance(action, TakeLoan):
        return f"{action.entity} takes a ${g.config.loans.amount} loan"
    if isinstance(action, PayoffLoan):
        return f"{action.entity} repays a ${g.config.loans.amount} loan"
    if isinstance(action, PlaceToken) and action.entity not in g.corps:
        return f"{action.entity} picks {_place(g, action.hex)} as the new company's home"
    if isinstance(action, UsePrivate) and action.company in g.privates:
        card = g.privates[action.company].spec
        what = f" ({action.choice})" if action.choice else ""
        return f"{action.entity} uses {card.id} {card.name} on {_place(g, action.hex)}{what}"
    if isinstance(action, Choose):
        return _choice_told(g, action)
    return None


def _choice_told(g: UsaGame, action: Choose) -> str | None:
    """The named choices: a company's size and the privates put into it (§11.6), Denver's
    orientation (§12.2.3), a station taken off the map (§14.3), a private used on a train."""
    who, choice = action.entity, action.choice
    if who not in g.corps and choice in _SIZES:
        return f"{who} makes the new company {_SIZES[choice]}"
    if action.company in g.privates:
        card = g.privates[action.company].spec
        if action.company == choice:
            return f"{who} puts {card.id} {card.name} (${card.value}) into the new company"
        return f"{who} uses {card.id} {card.name} on train {choice}"
    if choice.startswith("exits "):
        return f"{who} turns Denver's tile: {choice}"
    hex_name, _, city = choice.partition(" ")
    rules = g.map
    if city and isinstance(rules, BoardMap) and hex_name in rules.board.hexes:
        return f"{who} takes its station in {_place(g, hex_name)} off the map"
    return None
