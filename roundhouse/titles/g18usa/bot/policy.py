"""How the 18USA heuristic player plays, step by step.

- **Private auction** (§10): bids the least it may on one private at most, only up to 60% of
  its face value and while keeping $230 to start a company; otherwise passes (unsold
  privates are no loss to it).
- **Starting a company** (§11.6): opens the auction for the first unstarted company with
  80% of its cash (the treasury receives about the bid, §11.6 funding, so it can buy trains
  and lay track), and only while the treasury (at most $400), the cash it keeps for shares
  and two loans pay for the next train; raises another player's auction only while it has
  no company, the price is low and the company won would pay for its train the same way.
  It picks a home with a cash subsidy first (§11.6.1: the bank pays part of the bid), then
  a metropolis or rich city with revenue near it and no rival station close; a 5-share
  company when the phase allows (§8: three shares to sell, five loans), else 2-share; gives
  no privates.  It opens a second or third company when its cash allows.
- **Buying shares** (§11.3): its own companies' treasury shares first (capital for their
  trains), up to §11.4's 60%, then shares of companies that run and pay well for their
  price; it never sells short (§11.2) nor sells voluntarily.
- **Operating turn** (§12): lays the track that raises the run most for its cost (the best
  few by the map, tried on copies of the game up to the run while its trains are short),
  or heads toward revenue, spending first on track when its trains have no route; places a
  station in the richest city it may when the money is spare; runs the best route listed;
  pays out a run of $0 (withholding it only moves the price back, §12.5), and any other
  unless it needs the money for a train, the next round's interest (§12.8) or a
  2-share company's conversion station (then withholds, or pays half when half is enough),
  and withholds to repay two loans when in debt near the acquisition area (§12.9: two
  spaces up a loan); buys a train when it has none, when its trains rust soon (§8), or a
  second one while money for track remains; borrows (§9) only for a train it must have,
  when the loans cover the shortfall, keep the price clear of the acquisition area (§14.2)
  and the last run pays three times the interest (at the next rate up), and once it has
  started borrowing for a train it borrows on to it; repays loans when flush.
- **M&A round** (§14): converts a 2-share company from Phase 3 (§14.1.1: two loans never buy
  a $400 4-train) and a 5-share one whose next train is beyond its treasury and loans, then
  buys the new shares like any others (§14.1.3); passes on mergers, sales and acquisition
  bids, taking a merger only when it is the sole move.
- **Emergencies** (§15): sells the fewest shares, others' companies before its own; goes
  bankrupt only when nothing else is listed.

:meth:`UsaPolicy.quick` (a search's playout move) is the same without trying lays up to
the run; :meth:`UsaPolicy.values` is the table's estimate of each player's worth (§16:
cash plus shares at market).
"""

from __future__ import annotations

from collections.abc import Sequence

from roundhouse.bots.map_info import revenues
from roundhouse.bots.moves import field
from roundhouse.bots.policy18xx import money
from roundhouse.bots.policy18xx.policy import Moves, Policy18xx, by_kind
from roundhouse.bots.policy18xx.position import pass_or_first
from roundhouse.core.actions import Action
from roundhouse.core.game import Game
from roundhouse.core.rng import Rng
from roundhouse.titles.g18usa.bot import operating as op
from roundhouse.titles.g18usa.bot import stock
from roundhouse.titles.g18usa.bot.read import Company, Position, read


class UsaPolicy(Policy18xx[Position, Company]):
    """The 18USA heuristic; see the module docstring."""

    # -- the protocol -----------------------------------------------------------------------

    def quick(self, game: Game, player: str, rng: Rng) -> Action:
        """The heuristic's move without trying lays up to the run (playouts need speed)."""
        legal = game.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        return self.decide(game, player, legal, runs=False)

    # -- dispatch --------------------------------------------------------------------------

    def decide(self, game: Game, player: str, legal: Sequence[Action], runs: bool = True) -> Action:
        pos = read(game)
        of = by_kind(legal)
        if pos.round == "Auction":
            return stock.private_bid(legal, pos, player)
        if "bankrupt" in of or ("sell_shares" in of and "pass" not in of):
            return money.choose_sale(legal, set(pos.presidencies.get(player, ())))
        routine = self.routine(of)
        if routine is not None:
            return routine
        company = pos.companies.get(pos.entity or "")
        if company is not None:
            return self._company_move(game, player, pos, company, legal, of, runs)
        return self._player_move(game, player, pos, legal, of)

    def _company_move(
        self,
        game: Game,
        player: str,
        pos: Position,
        company: Company,
        legal: Sequence[Action],
        of: Moves,
        runs: bool,
    ) -> Action:
        idle = pass_or_first(
            [a for a in legal if a.kind not in ("take_loan", "payoff_loan")] or legal
        )
        if "dividend" in of:
            modes = {field(a, "mode"): a for a in of["dividend"]}
            return op.choose_dividend(pos, company, modes)
        if "payoff_loan" in of and op.choose_repay(pos, company):
            return of["payoff_loan"][0]
        if "buy_train" in of:
            train = op.choose_train(legal, pos, company)
            if train is not None:
                return train
            committed = op.borrowing(game, company.id)
            if "take_loan" in of and op.wants_loan(pos, company, committed):
                return of["take_loan"][0]
            return idle
        if "lay_tile" in of:
            board = self._map(game)
            lay = op.choose_lay(
                game, player, pos, company, of["lay_tile"], board, revenues(game.board()), runs
            )
            return lay if lay is not None else idle
        if "place_token" in of:
            token = op.choose_token(game, pos, company, of["place_token"], revenues(game.board()))
            return token if token is not None else idle
        if "convert" in of and op.wants_conversion(pos, company):
            return of["convert"][0]
        if "merge" in of and "pass" not in of:
            return of["merge"][0]
        return idle

    def _player_move(
        self,
        game: Game,
        player: str,
        pos: Position,
        legal: Sequence[Action],
        of: Moves,
    ) -> Action:
        idle = pass_or_first([a for a in legal if a.kind not in ("short", "take_loan")] or legal)
        if "place_token" in of and "pass" not in of:
            return stock.choose_home(
                of["place_token"], pos, self._map(game), revenues(game.board())
            )
        if "choose" in of:
            sizes = [a for a in of["choose"] if field(a, "choice").isdigit()]
            if sizes:
                return stock.choose_size(sizes, pos)
            return idle
        if "merge" in of and "pass" not in of:
            return of["merge"][0]
        if "bid" in of and not pos.round.startswith("MR"):
            if pos.step != "stock":
                return stock.raise_company(legal, pos, player)
            opening = [a for a in of["bid"] if field(a, "company") in pos.companies]
            if opening and stock.wants_company(pos, player):
                bid = stock.open_company(opening, pos, player)
                if bid is not None:
                    return bid
        if "buy_shares" in of:
            best = max(of["buy_shares"], key=lambda a: stock.buy_score(a, pos, player))
            if stock.buy_score(best, pos, player) > 0:
                return best
        return idle


def make_policy(seed: int, search: bool = False) -> UsaPolicy:
    return UsaPolicy(seed)
