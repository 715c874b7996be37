"""18USA's round sequence and its rules at round boundaries, as hooks on the 1817 family's.
The hooks wire the rules in; each rule is its own module.

* §3, §10: the private auction (no seed money), then stock round, operating round, M&A
  round, operating round, M&A round, and back to a stock round.
* §11.6: companies start by auctioning the president's certificate, the winner choosing
  the home station, the size and the privates given (their abilities then:
  :mod:`.start_privates`); §11.6.1: the first stock round's subsidies, discarded at its end
  (:mod:`.subsidies`); §17's $300 starting price (:mod:`.max_start`).
* §12: the operating turn with loans, Pullman cars, interest and repayment around core's
  track, token, run, dividend and train steps.
* §12.10: train exports at the end of operating rounds; §8: Phase 3 at the end of the
  second (:mod:`.exports`).
* §16: the first 8-train ends the game after three more operating rounds: in the first
  operating round of a set, the set, a stock round and a final set of two; in the second,
  the set, a stock round and a final set of three; the scores (:mod:`.game_end`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from roundhouse.core.dividend import Granularity, PayoutRule
from roundhouse.core.flow.auction import AuctionRound
from roundhouse.core.flow.map_steps import TrackStep
from roundhouse.core.flow.round import Round
from roundhouse.core.flow.step import Step
from roundhouse.core.trains import TrainEvents
from roundhouse.titles.g18usa import (
    compat_start,
    data,
    exports,
    game_end,
    max_start,
    ownerless_discard,
    resource_subsidy,
    subsidies,
)
from roundhouse.titles.g18usa.bailey_yard import private_acquired, start_tokens
from roundhouse.titles.g18usa.denver import DenverStep
from roundhouse.titles.g18usa.family1817.car_step import CarPurchaseStep, ScrapCarStep
from roundhouse.titles.g18usa.family1817.company_start import StartRules
from roundhouse.titles.g18usa.family1817.hooks import FamilyHooks
from roundhouse.titles.g18usa.family1817.loan_step import InterestStep, LoanStep, RepayStep
from roundhouse.titles.g18usa.family1817.private_auction import SelectionAuctionStep
from roundhouse.titles.g18usa.family1817.short_sale import CorporateStockStep
from roundhouse.titles.g18usa.home_brown import BoomtownStep, HomeBrownStep, SiteBoomtownStep
from roundhouse.titles.g18usa.law_firm import merge_law_firm, settle_law_firm
from roundhouse.titles.g18usa.private_rounds import (
    UsaOperatingRound,
    UsaStockRound,
    UsaTakeoverRound,
    private_steps,
    track_steps,
    with_privates,
)
from roundhouse.titles.g18usa.red_areas import express_freight_transfer
from roundhouse.titles.g18usa.resources import ResourceTokenPrompt
from roundhouse.titles.g18usa.start_privates import privates_started
from roundhouse.titles.g18usa.state import Rusting, UsaGame
from roundhouse.titles.g18usa.tile_actions import plan
from roundhouse.titles.g18usa.train_privates import LocomotiveStep, note_rust


def any_time_steps() -> list[Step[UsaGame]]:
    """The steps offered beside whatever step of the operating turn is open, first: loans
    (§9), P25's discounted locomotive before the run, a Pullman car before the run (§12.7)
    and scrapping one.  P25's step comes before the car step, which takes every other
    purchase before the run (and refuses it: cars only)."""
    return [LoanStep(), LocomotiveStep(), CarPurchaseStep(), ScrapCarStep()]


class UsaHooks(FamilyHooks[UsaGame]):
    """18USA's changes to the family's rounds."""

    def __init__(self, start: StartRules) -> None:
        self.start = start

    def score_adjustment(self, g: UsaGame, player: str) -> int:
        """§16 (:func:`.game_end.score_beyond_shorts`)."""
        return super().score_adjustment(g, player) + game_end.score_beyond_shorts(g, player)

    def dividend_price(self, g: UsaGame, corp_id: str) -> int:
        """§12.5 in an acquisition space: the amounts printed there (those of
        :func:`.data.acquisition_dividend_price`)."""
        if g.config.takeover.acquisition_zone in g.market.zones(corp_id):
            return data.acquisition_dividend_price()
        return super().dividend_price(g, corp_id)

    def payout_rule(self, g: UsaGame, corp_id: str) -> PayoutRule:
        """§12.5: "When a 2-share company pays dividends the president receives the full
        earnings amount": its payout is not rounded to whole dollars a share (a half pay of
        $210 gives the president $105)."""
        rule = super().payout_rule(g, corp_id)
        if g.books[corp_id].size <= 2:
            return dataclasses.replace(rule, granularity=Granularity.PER_HOLDER)
        return rule

    # -- the sequence of rounds -------------------------------------------------------------

    def first_round(self, g: UsaGame) -> Round[UsaGame]:
        """§10: the private auction, when privates are in play."""
        if g.privates:
            return AuctionRound(SelectionAuctionStep(sorted(g.privates, key=_card_order)))
        return self.stock_round(g)

    def stock_round(self, g: UsaGame) -> Round[UsaGame]:
        """§11; with §17's "$300 Maximum Starting Price After Phase 5", starts reach $300
        once Phase 5 has begun (trains are not sold in a stock round, so the phase holds);
        under ``compat_18xx_games`` the site's start rules (:mod:`.compat_start`)."""
        start = max_start.start_rules(g, self.start)
        if g.variant.compat_18xx_games:
            start = compat_start.site_start_rules(start)
        return UsaStockRound([CorporateStockStep(start=start)])

    def operating_round(self, g: UsaGame) -> Round[UsaGame]:
        return UsaOperatingRound(self.operating_steps(g))

    def operating_steps(self, g: UsaGame) -> Sequence[Step[UsaGame]]:
        """§12: loans any time (§9), a Pullman car before the run (§12.7), the family's
        turn, then interest (§12.8) and repayment (§12.9)."""
        turn: list[Step[UsaGame]] = []
        for step in with_privates(super().operating_steps(g)):
            if isinstance(step, TrackStep):
                # §12.2.3: Denver's orientation, by its first company or first connection
                # §12.2.4: the free brown home tile of the first operating round
                # and the Boomtown subsidy's green one; the Resource subsidy's and the
                # privates' lays (offered beside the track step)
                turn.extend(
                    [
                        DenverStep(),
                        SiteBoomtownStep() if g.variant.compat_18xx_games else BoomtownStep(),
                        HomeBrownStep(empty_home_only=g.variant.compat_18xx_games),
                        *track_steps(g),
                        step,
                        ResourceTokenPrompt(),
                        DenverStep(),
                    ]
                )
            else:
                turn.append(step)
        return [
            *any_time_steps(),
            *private_steps(g),
            *turn,
            InterestStep(),
            RepayStep(),
        ]

    def track_lays(self, g: UsaGame, corp_id: str) -> int:
        """§12.2: one tile action, and a second for $20 (:class:`~.map_rules.SecondTileFee`;
        at most one of them an upgrade, :meth:`~.map_rules.UsaMap.allowance`); P7's three
        (:func:`.tile_actions.plan`)."""
        return plan(g, corp_id).actions

    def next_round(self, g: UsaGame, ended: Round[UsaGame]) -> Round[UsaGame]:
        """§3: each operating round is followed by an M&A round (§14)."""
        if ended.kind == "OR":
            return UsaTakeoverRound()
        if ended.kind == "MR" and g.or_in_set < g.ors_in_set:
            return self.operating_round(g)
        if ended.kind == "MR":
            return self.stock_round(g)
        return super().next_round(g, ended)

    def round_after_end(self, g: UsaGame, ended: Round[UsaGame]) -> Round[UsaGame] | None:
        """§16 ends the game with the last operating round; 18xx.games plays the M&A round
        after it first (``compat_18xx_games``; ``G1817`` checks the end after the
        acquisition round)."""
        if g.variant.compat_18xx_games and ended.kind == "OR":
            return self.next_round(g, ended)
        return None

    def operating_rounds_in_set(self, g: UsaGame) -> int:
        """§16's final set (:func:`.game_end.final_set`)."""
        return game_end.final_set(g) or super().operating_rounds_in_set(g)

    # -- trains and phases ------------------------------------------------------------------

    def on_train_events(self, g: UsaGame, corp_id: str | None, events: TrainEvents) -> None:
        """§16: note in which operating round of its set the first 8-train left; P13's
        choice when a rust hits its company (asked by this round, or else by the next)."""
        game_end.note_end_train(g, events)

        def later(rusting: Rusting) -> None:
            g.boneyard_pending = rusting

        note_rust(g, events, later)
        if g.variant.compat_18xx_games:
            ownerless_discard.discard_for_nobody(g)

    def on_operating_round_start(self, g: UsaGame) -> None:
        g.ors_started += 1

    def on_operating_round_end(self, g: UsaGame) -> None:
        """§12.10's exports; §8's Phase 3 (:func:`.exports.operating_round_ended`)."""
        exports.operating_round_ended(g)

    # -- companies ------------------------------------------------------------------------

    def home_bonus_at(self, g: UsaGame, hex_name: str) -> int:
        """§11.6.1's cash subsidies (:func:`.subsidies.home_bonus_at`)."""
        return subsidies.home_bonus_at(g, hex_name)

    def tokens_brought(self, g: UsaGame, corp_id: str, privates: Sequence[str]) -> int:
        """P23 Bailey Yard put into a company at its start: its station token is one of
        those the company's size calls for (18xx.games, the source of P23's facts:
        ``G1817::Game#tokens_needed`` counts it; :func:`.bailey_yard.start_tokens`)."""
        return start_tokens(g, corp_id, privates)

    def uncapped_tokens(self, g: UsaGame, corp_id: str) -> int:
        """The Free Station's token under ``compat_18xx_games``
        (:func:`.subsidies.uncapped_tokens`)."""
        return subsidies.uncapped_tokens(g, corp_id)

    def max_home_bonus(self, g: UsaGame) -> int:
        """§11.6.1 (:func:`.subsidies.max_home_bonus`)."""
        return subsidies.max_home_bonus(g)

    def on_float(self, g: UsaGame, corp_id: str) -> None:
        """§11.6.1: a company started in a subsidy city during the first stock round claims
        its subsidy (:mod:`.subsidies`); the privates put into it act (§11.6,
        :mod:`.start_privates`, told whether the subsidy was "No subsidy"); then the subsidy
        acts."""
        home = g.map.home_of(corp_id)
        if home is None:
            return
        subsidy = subsidies.claim(g, corp_id, home)
        privates_started(g, corp_id, home, no_subsidy=subsidies.is_blank(subsidy))
        if subsidy is not None:
            subsidies.take(g, corp_id, home, subsidy)

    def on_company_absorbed(self, g: UsaGame, survivor: str, absorbed: str) -> None:
        """§14: the absorbed company's privates now work for the survivor (P23's token, if
        never given); its red-area station (appendix P8) and its P20 station waiting for a
        slot become the survivor's, a second station in one hex returning to the charter
        (§14.3); then §14.3's count of eight, which counts them both
        (:meth:`~.map_rules.UsaMap.reckon_stations`: the president takes off the excess,
        the red-area station being one they may choose); a P20 station takes a slot that
        opened.  Under ``compat_18xx_games`` an unused Resource subsidy and an unplaced
        Free Station go to the survivor, which may then hold two it can still use: the
        site's subsidies are company cards handed over with the privates
        (``G1817::Step::Acquire``, ``Conversion#process_merge``: ``transfer(:companies,
        ...)``), the Free Station's token outside the eight while unplaced
        (:meth:`uncapped_tokens`)."""
        super().on_company_absorbed(g, survivor, absorbed)
        if g.variant.compat_18xx_games:
            resource_subsidy.hand_over(g, survivor, absorbed)
        subsidies.hand_over_free_station(g, survivor, absorbed)
        for private in g.privates.values():
            if private.owner == survivor and not private.closed:
                private_acquired(g, survivor, private.id)
        express_freight_transfer(g, survivor, absorbed, keep=True)
        merge_law_firm(g.map.board, survivor, absorbed)
        g.map.reckon_stations(g, survivor, charter_choice=not g.variant.compat_18xx_games)
        settle_law_firm(g.map.board)

    def on_stock_round_end(self, g: UsaGame) -> None:
        """§17 "$300 Maximum Starting Price" (:func:`.max_start.liquidate_unheld`), then
        §11.6.1's discard of unused subsidies (:func:`.subsidies.discard_unused`)."""
        max_start.liquidate_unheld(g)
        subsidies.discard_unused(g)


def _card_order(private_id: str) -> tuple[int, str]:
    """P1, P2, ... P30 in number order."""
    digits = "".join(ch for ch in private_id if ch.isdigit())
    return (int(digits) if digits else 0, private_id)
