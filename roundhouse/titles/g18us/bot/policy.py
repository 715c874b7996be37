"""How the 18US heuristic player plays, step by step.

- **Eastern Railroad Convention** (§3.2): a $5 sealed bid (beats the $0 bids to the pick,
  keeps the cash that sets the player order), then the South Carolina Canal & Rail Road
  (P6: the Southern Railway comes with it, capitalised by the Bank, §10.1.6) or the cheap
  fixed-income Concessions that leave money to open a company; the Southern Railway at its
  highest Starting Value (its opener pays nothing for it).
- **Stock Rounds** (§3.4, §5): opens a company (central Eastern bases first, then Land
  Grant ones) at the highest Starting Value it can pay twice, keeping a little; a second or
  third when its cash allows; buys its own unfloated company's shares first, then shares
  of companies that run and pay well for their price; buys an Eastern Concession from the
  Pool with spare cash; never sells voluntarily.
- **Operating turn** (§6): lays the tile whose exits point at most revenue for its terrain
  cost, while money for a needed train remains; places the doubling token in a Gateway City
  whenever it may (§6.3.1), converts without one only for a train's money; places a station
  in the richest reachable city with money to spare; runs the optimiser's best route (the
  legal ``run_routes`` with the highest revenue); pays out unless it needs the money for a
  train it must have; buys the longest affordable Bank train when it has none or only
  trains that rust soon, or a second one with money to spare (§6.8); in emergencies takes
  the cheapest train and sells the fewest shares, others' companies first (§6.9).
- **Western Railroad Convention** (§7.1): offers and bids for the Pacific Railway Act
  first (the game goes west only once someone buys it), small bids on the fixed-income
  Concessions with cash to spare; a Land Grant company at a Starting Value whose third
  share its President can buy.
- **Systems** (§7.4): forms none; exchanges its shares of a merging company when it can.
  **Consent** (§7.2, §7.3): refuses (keeps its Concession and reserved hexes).
- **Bonus Tokens** (§6.4.2): in the richest City its companies have a station in.

Nothing is tried on copies of the game, so a move costs a few views (the board only when
laying track or placing a station).  :meth:`UsPolicy.quick` is the same move;
:meth:`UsPolicy.values` the table's estimate of each player's worth (§1.3).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from roundhouse.bots.map_info import revenues
from roundhouse.bots.moves import field, number
from roundhouse.bots.policy18xx import money
from roundhouse.bots.policy18xx.policy import Moves, Policy18xx, by_kind, emergency
from roundhouse.bots.policy18xx.position import pass_or_first
from roundhouse.core.actions import Action
from roundhouse.core.game import Game
from roundhouse.titles.g18us.bot import operating as op
from roundhouse.titles.g18us.bot import stock
from roundhouse.titles.g18us.bot.read import Company, Position, read


class UsPolicy(Policy18xx[Position, Company]):
    """The 18US heuristic; see the module docstring."""

    # -- dispatch --------------------------------------------------------------------------

    def decide(self, game: Game, player: str, moves: Sequence[Action]) -> Action:
        legal = list(moves)
        of = by_kind(legal)
        kinds = set(of)
        routine = self.routine(of)
        if routine is not None:
            return routine
        pos = read(game)
        if emergency(kinds):
            return money.choose_sale(legal, self.own(pos, player))
        if "dividend" in kinds:
            company = pos.companies.get(field(of["dividend"][0], "entity"))
            modes = {field(a, "mode"): a for a in of["dividend"]}
            if company is None:
                return pass_or_first(of["dividend"])
            return money.choose_dividend(pos, company, modes)
        if "bid" in kinds or "par" in kinds or "choose" in kinds:
            move = self._player_step(game, player, pos, legal, of)
            if move is not None:
                return move
        entity = self._entity(legal, pos)
        company = pos.companies.get(entity)
        if company is not None:
            return self._company_move(game, player, pos, company, legal, of)
        markers = [a for a in of.get("place_token", []) if field(a, "entity") not in pos.companies]
        if markers:
            return op.choose_marker(markers, pos, player, revenues(game.board()))
        return stock.stock_move(legal, pos, player)

    # -- hooks ----------------------------------------------------------------------------

    def own(self, pos: Position, player: str) -> Collection[str]:
        return set(pos.presidencies.get(player, ()))

    def token_cost(self, game: Game, pos: Position, company: Company) -> Callable[[Action], int]:
        return op.token_cost(company, self._map(game))

    @staticmethod
    def _entity(legal: Sequence[Action], pos: Position) -> str:
        for a in legal:
            entity = field(a, "entity")
            if entity in pos.companies:
                return entity
        return ""

    def _player_step(
        self,
        game: Game,
        player: str,
        pos: Position,
        legal: list[Action],
        of: Moves,
    ) -> Action | None:
        """The Conventions, openings, Systems, consent and conversions (``choose``)."""
        probe = next(a for a in legal if a.kind in ("bid", "par", "choose"))
        step, _ = game.step_of(probe)
        if step == "auction":
            return stock.errc_move(legal, pos, player)
        if step == "southern_railway":
            return stock.southern_par(of["par"])
        if step == "western_convention":
            return stock.wrrc_move(legal, pos, player)
        if step == "systems":
            return stock.systems_move(legal)
        if step == "consent":
            return stock.consent_move(legal, pos, None)
        if step in ("eastern_conversion", "conversion"):
            company = pos.companies.get(field(probe, "entity"))
            if company is not None:
                return op.choose_conversion(legal, pos, company, step)
        return None

    def _company_move(
        self,
        game: Game,
        player: str,
        pos: Position,
        company: Company,
        legal: list[Action],
        of: Moves,
    ) -> Action:
        own = [a for a in legal if field(a, "entity") == company.id and a.kind != "choose"]
        own = own or legal
        idle = pass_or_first([a for a in own if a.kind != "buy_company"] or own)
        if idle.kind == "buy_company":
            return self._concession(pos, player, own)
        return self.operate(game, player, pos, company, legal, of, idle)

    @staticmethod
    def _concession(pos: Position, player: str, buys: list[Action]) -> Action:
        """§6.1, §7.2: when a Concession purchase is the only move, one the President owns
        (its face value moves from the treasury to him), else one another player owns (he
        may refuse), else the cheapest in the Pool."""
        held = set(pos.privates_held.get(player, ()))
        others = {c for p, cards in pos.privates_held.items() if p != player for c in cards}

        def rank(a: Action) -> tuple[int, int]:
            card = field(a, "company")
            return (0 if card in held else 1 if card in others else 2, number(a, "price"))

        return min(buys, key=rank)


def make_policy(seed: int, search: bool = False) -> UsPolicy:
    return UsPolicy(seed)
