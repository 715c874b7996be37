"""How the 18West heuristic player plays, step by step.

- **Initial Stock Round** (§3.2): puts up the best President's Certificate it can pay for
  (the UP first: it comes running, §3.2.3; then the Public Companies, Land Grant
  Companies, Granger Roads), bids the least it may up to a small ceiling that keeps the
  certificate and a reserve within its cash (§3.2.4), and starts the company at the highest
  Starting Value that leaves a reserve (§3.3).
- **Stock Rounds** (§3.5, §5): buys its own companies' shares to keep the presidency (and
  fund the company), two UP shares while the UP has no President, then shares of companies
  that pay well for their price; starts a further company when its cash allows; never sells
  voluntarily.
- **Operating turn** (§7): lays the tile whose exits point at most revenue for its terrain
  cost (a Land Grant's mandatory lays, §8.3, are the only moves offered then); never asks
  for permission to build in a Land Grant and refuses others, unless the asker is its own
  (§8.1); moves the x2 token along the offered way and converts when it may (§8.2, §8.6);
  places a station in the richest city with money to spare (§7.4); runs the optimiser's
  best route; pays out unless it needs the money for a train it must have (§7.6); buys the
  longest affordable Bank train when it has none or only trains that rust soon, or a second
  with money to spare (§7.8); in emergencies takes the cheapest train and sells the fewest
  shares, others' companies first (§7.8.4).
- **M&A Round** (§6) and treasury issues (§7.3): passes, and declines offers.

Any other step gets a pass when one is legal, else its first move.  Nothing is tried on
copies of the game, so a move costs a few views.  :meth:`WestPolicy.quick` is the same
move; :meth:`WestPolicy.values` the table's estimate of each player's worth (§1.3).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from roundhouse.bots.moves import field
from roundhouse.bots.policy18xx import money, trains
from roundhouse.bots.policy18xx.policy import Moves, Policy18xx, by_kind, emergency
from roundhouse.bots.policy18xx.position import pass_or_first
from roundhouse.core.actions import Action
from roundhouse.core.game import Game
from roundhouse.titles.g18west.bot import operating as op
from roundhouse.titles.g18west.bot import stock
from roundhouse.titles.g18west.bot.read import Company, Position, read


class WestPolicy(Policy18xx[Position, Company]):
    """The 18West heuristic; see the module docstring."""

    LONGER_FROM = 2
    """§7.8: with two trains, a further one only if longer than the longest."""

    # -- dispatch --------------------------------------------------------------------------

    def decide(self, game: Game, player: str, moves: Sequence[Action]) -> Action:
        legal = list(moves)
        # §8.1: asking for permission is optional and the bot never asks; leaving the ask
        # out lets the track step decide the turn (else the choice would stand for it)
        asked = [a for a in legal if not field(a, "choice").startswith("ask:")]
        legal = asked or legal
        if len(legal) == 1:
            return legal[0]
        of = by_kind(legal)
        kinds = set(of)
        routine = self.routine(of)
        if routine is not None:
            return routine
        if "answer_offer" in kinds:
            no = [a for a in of["answer_offer"] if getattr(a, "accept", True) is False]
            return no[0] if no else legal[0]
        if kinds & {"issue_shares", "redeem_shares", "acquire"}:
            return pass_or_first(legal)
        pos = read(game)
        if emergency(kinds):
            return money.choose_sale(legal, self.own(pos, player))
        if "dividend" in kinds:
            company = pos.companies.get(field(of["dividend"][0], "entity"))
            modes = {field(a, "mode"): a for a in of["dividend"]}
            if company is None:
                return legal[0]
            must = op.must_own_train(company)
            return money.choose_dividend(pos, company, modes, must, ("payout", "half"))
        probe = next((a for a in legal if a.kind != "pass"), legal[0])
        step, _ = game.step_of(probe)
        if step == "auction":
            return stock.auction_move(legal, pos, player)
        if step == "auction_par" and "par" in of:
            return stock.auction_par(of["par"], pos, player)
        if step == "stock":
            return stock.stock_move(legal, pos, player)
        if "choose" in kinds:
            return self._choice(game, pos, player, of["choose"])
        company = pos.companies.get(field(probe, "entity"))
        if company is not None:
            return self.operate(game, player, pos, company, legal, of, pass_or_first(legal))
        return pass_or_first(legal)

    # -- hooks ----------------------------------------------------------------------------

    def forced_train(
        self, legal: Sequence[Action], pos: Position, company: Company
    ) -> Action | None:
        """§7.8.3: a Bank train the company can pay for itself, else the cheapest offered
        (its President makes up the difference, §7.8.4)."""
        return trains.forced_train(legal, pos, company)

    def must_lay(self, of: Moves) -> bool:
        """§8.3: a Land Grant's mandatory lay offers no pass."""
        return "pass" not in of

    def token_cost(self, game: Game, pos: Position, company: Company) -> Callable[[Action], int]:
        """§7.4: the table names the company's next station's cost."""
        return lambda action: company.token_cost

    @staticmethod
    def _choice(game: Game, pos: Position, player: str, chooses: list[Action]) -> Action:
        """Named choices: §8.1's permission (never ask; permit only one's own company), §8.2
        and §8.6's Land Grant (convert when offered, keep the grant rather than abandon it,
        else move the x2 token along the first way offered), §6.4's station relocation."""
        by_name = {field(a, "choice"): a for a in chooses}
        if "permit" in by_name:
            # the request just made names the asking company
            asker = field(game.log[-1], "entity") if game.log else ""
            own = any(c.id == asker for c in pos.mine(player))
            return by_name["permit"] if own else by_name.get("refuse", by_name["permit"])
        for name in ("convert", "keep_grant"):
            if name in by_name:
                return by_name[name]
        return chooses[0]


def make_policy(seed: int, search: bool = False) -> WestPolicy:
    return WestPolicy(seed)


__all__ = ["WestPolicy", "make_policy"]
