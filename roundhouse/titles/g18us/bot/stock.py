"""The players' own decisions: the two Conventions (18US §3.2, §7.1), Stock Rounds (§5),
the System formation phase (§7.4.1) and a player's consent (§7.2, §7.3).

Each function takes the acting player's legal moves and the :class:`~.read.Position` and
returns one of those moves.
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.bots.moves import field, number
from roundhouse.bots.policy18xx import stock
from roundhouse.bots.policy18xx.position import corp_of, pass_or_first
from roundhouse.core.actions import Action
from roundhouse.titles.g18us.bot.read import Company, Position

CONVENTION_BID = 5
"""§3.2: the sealed bid for the right to choose first ($0, $5 or $10).  $5 beats the players
who bid nothing for the pick of the Concessions while keeping the cash that decides the
player order afterwards (most cash becomes player #1)."""
EASTERN_PICKS = ("P6", "P2", "P1", "P3", "P4", "P5")
"""§10.1: the Eastern Concessions by what they give for their price.  P6 comes with the
Southern Railway's President's Certificate, the company capitalised by the Bank (§10.1.6);
the cheap fixed-income ones (P2 $10 on $40, P1 $5 on $20) leave the cash to open a company."""
KEEP_AFTER_CONCESSION = 130
"""Cash kept after buying an Eastern Concession from the Pool: twice the lowest Starting
Value, to open a company (§3.4)."""
COMPANY_ORDER = ("PRR", "B&O", "Erie", "SR", "B&M", "GT", "UP", "ATSF", "GN", "TP", "NP", "SP")
"""Companies to open, best first: the central Eastern bases first (room to build west
toward the Gateway Cities, §3.5), then the Gateway Land Grant companies (§7.3)."""
SECOND_COMPANY_CASH = 180
"""Cash from which a president opens another company."""
WESTERN_RESERVE = 60
"""Cash a player keeps beyond a Western Concession's face value and bid (§7.1)."""
WESTERN_OVERBID = {"P7": 10, "P8": 10, "P9": 20, "P10": 10, "P11": 60, "P12": 20}
"""The most the bot bids above face value for each Western Concession (§7.1, §10.2): the
Pacific Railway Act (P11) brings a Land Grant President's Certificate and lets the game go
west, so it is worth most."""
LAND_GRANT_ORDER = ("UP", "ATSF", "GN", "TP", "NP", "SP")


def errc_move(legal: Sequence[Action], pos: Position, player: str) -> Action:
    """§3.2: a $5 sealed bid, then the best Concession for its price."""
    bids = [a for a in legal if a.kind == "bid"]
    sealed = [a for a in bids if field(a, "company") == "ERRC"]
    if sealed:
        cash = pos.cash.get(player, 0)
        fitting = [a for a in sealed if number(a, "price") <= min(CONVENTION_BID, cash)]
        return max(fitting or sealed, key=lambda a: number(a, "price"))
    if bids:
        by_card = {field(a, "company"): a for a in bids}
        for card in EASTERN_PICKS:
            if card in by_card:
                return by_card[card]
        return min(bids, key=lambda a: number(a, "price"))
    pars = [a for a in legal if a.kind == "par"]
    if pars:
        return southern_par(pars)
    return pass_or_first(legal)


def southern_par(pars: Sequence[Action]) -> Action:
    """§10.1.6: the Southern Railway's Starting Value costs its opener nothing and the Bank
    pays four times it to the company, so the highest."""
    return max(pars, key=lambda a: number(a, "share_price"))


def wants_company(pos: Position, player: str) -> bool:
    return stock.wants_company(pos, player, SECOND_COMPANY_CASH)


def choose_par(pars: Sequence[Action], pos: Position, player: str) -> Action | None:
    """§3.4, §5.3: open the best company at the highest Starting Value the player can pay
    twice, keeping a fifth of its cash (the Bank gives the company four times it)."""
    cash = pos.cash.get(player, 0)
    by_corp: dict[str, list[Action]] = {}
    for a in pars:
        by_corp.setdefault(field(a, "corporation"), []).append(a)
    order = [c for c in COMPANY_ORDER if c in by_corp] + sorted(
        c for c in by_corp if c not in COMPANY_ORDER
    )
    for corp in order:
        kind = pos.companies[corp].kind if corp in pos.companies else ""
        # a Land Grant company floats on three shares (§7.3.1): its president buys one more
        need = 3 if kind == "land_grant" else 2
        fitting = [a for a in by_corp[corp] if number(a, "share_price") * need <= cash * 0.95]
        if fitting:
            return max(fitting, key=lambda a: number(a, "share_price"))
    return None


def buy_score(action: Action, pos: Position, player: str) -> float:
    """Own companies first (to float them and keep the presidency: §4.1 lets a player hold
    three shares of a 4- or 5-Share company, the legal moves keep to it), then companies
    that run and pay well for their price."""
    found = stock.share_bought(action, pos, player)
    if found is None:
        return -1.0
    company, price = found
    held = pos.shares.get(player, {}).get(company.id, 0)
    if company.president == player:
        if not company.floated:
            return 3.0
        return 1.0 - 0.1 * held if company.trains else 0.2
    return stock.dividend_yield(pos, player, company, price, 2 * 65)


def stock_move(legal: Sequence[Action], pos: Position, player: str) -> Action:
    """§5: open a company, buy shares, buy an Eastern Concession; never sell voluntarily."""
    of: dict[str, list[Action]] = {}
    for a in legal:
        of.setdefault(a.kind, []).append(a)
    idle = pass_or_first([a for a in legal if a.kind != "sell_shares"] or legal)
    if "par" in of and field(of["par"][0], "corporation") == "SR" and "pass" not in of:
        return southern_par(of["par"])
    own_unfloated = [
        a
        for a in of.get("buy_shares", [])
        if field(a, "entity") == player
        and (c := pos.companies.get(corp_of(a))) is not None
        and c.president == player
        and not c.floated
    ]
    if own_unfloated:
        return own_unfloated[0]
    if "par" in of and wants_company(pos, player):
        par = choose_par(of["par"], pos, player)
        if par is not None:
            return par
    if "buy_shares" in of:
        best = max(of["buy_shares"], key=lambda a: buy_score(a, pos, player))
        if buy_score(best, pos, player) > 0.08:
            return best
    if "buy_company" in of:
        cash = pos.cash.get(player, 0)
        keep = KEEP_AFTER_CONCESSION if wants_company(pos, player) else 0
        for card in EASTERN_PICKS:
            for a in of["buy_company"]:
                if (
                    field(a, "company") == card
                    and field(a, "entity") == player
                    and cash - number(a, "price") >= keep
                ):
                    return a
    return idle


def wrrc_move(legal: Sequence[Action], pos: Position, player: str) -> Action:
    """§7.1: offer the Pacific Railway Act first (the game goes west once it is bought), bid
    the least on a Concession worth having while keeping a reserve, raise a little."""
    cash = pos.cash.get(player, 0)
    pars = [a for a in legal if a.kind == "par"]
    if pars:
        return western_par(pars, pos, player)
    bids = [a for a in legal if a.kind == "bid"]
    chooses = [a for a in legal if a.kind == "choose"]
    offering = bool(chooses)
    wanted = [
        a
        for a in bids
        if number(a, "price") <= WESTERN_OVERBID.get(field(a, "company"), 0)
        and (
            field(a, "company") == "P11"
            or cash - number(a, "price") - _face(field(a, "company")) >= WESTERN_RESERVE
        )
    ]
    best = min(wanted, key=lambda a: (_rank(field(a, "company")), number(a, "price")), default=None)
    if best is not None:
        return best
    if offering:
        return min(chooses, key=lambda a: _rank(field(a, "choice")))
    return pass_or_first(legal)


WESTERN_FACE = {"P7": 40, "P8": 50, "P9": 100, "P10": 150, "P11": 220, "P12": 250}
"""§10.2: face values (the DRG's lowest)."""
WESTERN_RANK = ("P11", "P7", "P8", "P9", "P12", "P10")


def _face(card: str) -> int:
    return WESTERN_FACE.get(card, 0)


def _rank(card: str) -> int:
    return WESTERN_RANK.index(card) if card in WESTERN_RANK else len(WESTERN_RANK)


def western_par(pars: Sequence[Action], pos: Position, player: str) -> Action:
    """§10.2.5: a Land Grant company (Gateway base first) at the highest Starting Value whose
    third share its President can buy; §10.2.4: the DRG at the lowest (its buyer pays twice
    it)."""
    cash = pos.cash.get(player, 0)
    corps = {field(a, "corporation") for a in pars}
    if "DRG" in corps:
        return min(pars, key=lambda a: number(a, "share_price"))
    corp = next((c for c in LAND_GRANT_ORDER if c in corps), sorted(corps)[0])
    mine = [a for a in pars if field(a, "corporation") == corp]
    fitting = [a for a in mine if number(a, "share_price") <= cash]
    if fitting:
        return max(fitting, key=lambda a: number(a, "share_price"))
    return min(mine, key=lambda a: number(a, "share_price"))


def systems_move(legal: Sequence[Action]) -> Action:
    """§7.4.1: the bot forms no System (a pass); asked about its shares of a merging
    company, exchanges them when it can (selling them drops nothing it gains); keeps the
    doubling token where two stations meet."""
    choices = {field(a, "choice"): a for a in legal if a.kind == "choose"}
    if "exchange" in choices:
        return choices["exchange"]
    if "sell" in choices:
        return choices["sell"]
    passes = [a for a in legal if a.kind == "pass"]
    if passes:
        return passes[0]
    x2 = [a for c, a in choices.items() if c.endswith(":station")]
    return x2[0] if x2 else legal[0]


def consent_move(legal: Sequence[Action], pos: Position, company: Company | None) -> Action:
    """§7.2, §7.3: agree only when asked by a company the player presides (the engine
    agrees for him then); otherwise refuse, keeping the Concession's income and the
    reserved hexes."""
    choices = {field(a, "choice"): a for a in legal if a.kind == "choose"}
    if "refuse" in choices:
        return choices["refuse"]
    return legal[0]
