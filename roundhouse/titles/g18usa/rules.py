"""18USA's round sequence and its rules at round boundaries, as hooks on the 1817 family's.

* §3, §10: the private auction (no seed money), then stock round, operating round, M&A
  round, operating round, M&A round, and back to a stock round.
* §11.6: companies start by auctioning the president's certificate, the winner choosing
  the home station, the size and the privates given; §11.6.1: the first stock round's
  subsidies (cash ones pay part of the start; +10 and +10/+20 raise the city's value),
  discarded at its end.
* §12: the operating turn with loans, Pullman cars, interest and repayment around core's
  track, token, run, dividend and train steps.
* §12.10: train exports at the end of operating rounds; §8: Phase 3 at the end of the
  second.
* §16: the first 8-train ends the game after three more operating rounds: in the first
  operating round of a set, the set, a stock round and a final set of two; in the second,
  the set, a stock round and a final set of three.
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
from roundhouse.titles.g18usa import board as usa_board
from roundhouse.titles.g18usa import data, resource_subsidy
from roundhouse.titles.g18usa.company_privates import (
    company_started,
    private_acquired,
    start_tokens,
)
from roundhouse.titles.g18usa.denver import DenverStep
from roundhouse.titles.g18usa.family1817.car_step import CarPurchaseStep, ScrapCarStep
from roundhouse.titles.g18usa.family1817.cash_crisis import enter_zone
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
    make_metropolis,
    private_steps,
    track_steps,
    with_privates,
)
from roundhouse.titles.g18usa.red_areas import express_freight_transfer
from roundhouse.titles.g18usa.resources import ResourceTokenPrompt
from roundhouse.titles.g18usa.state import Rusting, UsaGame
from roundhouse.titles.g18usa.tile_actions import plan
from roundhouse.titles.g18usa.train_privates import LocomotiveStep, note_rust

PLUS_TOKENS = {"plus10": (10, 10), "plus10_20": (10, 20)}
"""Appendix "Subsidy Tiles": a city's bonus before and from Phase 5."""


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
        """§16: shorts score minus their price, and "private companies ... have no value";
        18xx.games counts a player's privates at face value (``Player#value``: cash,
        shares, companies), so with ``compat_18xx_games`` they do."""
        out = super().score_adjustment(g, player)
        if g.variant.compat_18xx_games:
            out += sum(
                p.spec.value for p in g.privates.values() if p.owner == player and not p.closed
            )
            # a debt still queued when another player's bankruptcy ended the g: the
            # site charged it at once, into negative cash (``G1817`` liquidation and
            # interest), so it counts there (found by the export differential: random
            # bots, 7 players, seed 1005)
            out -= g.unpaid_at_end.get(player, 0)
        return out

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
        under ``compat_18xx_games`` a 5-share company that cannot buy its token is
        liquidated like a 10-share one, P23 put in at the start is one of the tokens
        bought, a purchase of shares pays the tokens still owed, and Phase 8 still starts
        10-share companies (docs/rules-notes.md)."""
        start = self.start
        if g.variant.max_start_300 and "5" in g.phases_reached():
            start = dataclasses.replace(start, price_ceiling=data.max_start_price_variant())
        if g.variant.compat_18xx_games:
            # §11.6 liquidates only a 10-share company that could not buy its tokens by the
            # round's end; the site any that owes one (``G1817::Round::Stock#finish_round``)
            start = dataclasses.replace(
                start,
                liquidate_unpaid=frozenset(start.token_cost),
                brought_tokens_count=True,
                tokens_after_purchase=True,
                # §8's text: "No new companies may be started" in Phase 8 (its table: "10
                # share"); the site's Phase 8 starts 10-share ones (``corporation_sizes``)
                sizes={**start.sizes, "8": (10,)},
            )
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
        """§16: a final set of three operating rounds when the first 8-train left the stack
        in the second operating round of a set."""
        target = g.end.target
        if target is not None and target[0] == g.set_count and g.end_train_or >= 2:
            return 3
        return super().operating_rounds_in_set(g)

    # -- trains and phases ------------------------------------------------------------------

    def on_train_events(self, g: UsaGame, corp_id: str | None, events: TrainEvents) -> None:
        """§16: note in which operating round of its set the first 8-train left; P13's
        choice when a rust hits its company (asked by this round, or else by the next)."""
        if "end_game" in events.events and g.round.kind == "OR":
            g.end_train_or = g.or_in_set
            g.end_train_at = g.ors_started

        def later(rusting: Rusting) -> None:
            g.boneyard_pending = rusting

        note_rust(g, events, later)
        if g.variant.compat_18xx_games:
            self._discard_for_nobody(g)

    @staticmethod
    def _discard_for_nobody(g: UsaGame) -> None:
        """A company over the train limit with no president (its certificate in the open
        market after a bankruptcy, §15) has nobody to choose its discard; the site's
        discard step waits for the company itself (``G18USA::Step::DiscardTrain``), and a
        replay goes on with its choice.  Under ``compat_18xx_games`` its first train goes
        to the open market, and the writer writes that choice (found by the differential:
        random bots, 7 players, seed 2053, where SR, in liquidation with four trains, met
        Phase 4's limit of three)."""
        for corp_id in sorted(g.pending_discards):
            if g.controller(corp_id) is not None:
                continue
            while g.pending_discards.get(corp_id, 0) > 0:
                trains = [t for t in g.depot.owned_by(corp_id) if not g.depot.is_car(t)]
                if not trains:
                    break
                train = trains[0].id
                g.depot.discard(train)
                g.emit(
                    "discard",
                    f"{corp_id} discards train {train}",
                    company=corp_id,
                    train=train,
                    unasked=True,
                )
                g.pending_discards[corp_id] -= 1
            g.pending_discards.pop(corp_id, None)

    def on_operating_round_start(self, g: UsaGame) -> None:
        g.ors_started += 1

    def on_operating_round_end(self, g: UsaGame) -> None:
        """§12.10's exports, counted from the game's first operating round; §8: Phase 3 at
        the end of the second at the latest."""
        g.ors_played += 1
        n = g.ors_played
        if g.variant.seventeen_trains:
            self._export_1817(g)
        elif n == 1:
            self._export_all(g, "2")
        elif n == 2:
            self._export_all(g, "2+")
            if "3" not in g.phases_reached():
                entered = g.depot.phases.advance_to("3")
                g.train_events(None, TrainEvents(phases=tuple(entered)))
        elif n == 4:
            self._export_all(g, "3")
        elif n > 4:
            events = g.depot.export_next(g.ledger)
            if events.train:
                kind = g.depot.train(events.train).type
                g.emit(
                    "export",
                    f"{'An' if kind.startswith('8') else 'A'} {kind}-train is exported",
                    train=events.train,
                )
                g.train_events(None, events)

    def _export_1817(self, g: UsaGame) -> None:
        """§17 "Use 1817 Train Roster": 1817's exports - every 2-train while they top the
        stack, else the next train (tobymao/18xx g_1817/game.rb ``or_round_finished``)."""
        if not g.depot.upcoming:
            return
        if g.depot.train(g.depot.upcoming[0]).type == "2":
            self._export_all(g, "2")
            return
        events = g.depot.export_next(g.ledger)
        if events.train:
            kind = g.depot.train(events.train).type
            g.emit(
                "export",
                f"{'An' if kind.startswith('8') else 'A'} {kind}-train is exported",
                train=events.train,
            )
            g.train_events(None, events)

    @staticmethod
    def _export_all(g: UsaGame, train_type: str) -> None:
        gone = g.depot.export_all(train_type)
        if gone:
            g.emit("export", f"All {train_type}-trains left are exported", trains=gone)

    # -- companies ------------------------------------------------------------------------

    def home_bonus_at(self, g: UsaGame, hex_name: str) -> int:
        """§11.6.1, appendix: a $30/$40/$50 subsidy is cash in the starting player's hand."""
        subsidy = g.subsidies.get(hex_name)
        return subsidy.value if subsidy is not None and subsidy.kind == "cash" else 0

    def tokens_brought(self, g: UsaGame, corp_id: str, privates: Sequence[str]) -> int:
        """P23 Bailey Yard put into a company at its start: its station token is one of
        those the company's size calls for (18xx.games, the source of P23's facts:
        ``G1817::Game#tokens_needed`` counts it; :func:`.company_privates.start_tokens`)."""
        return start_tokens(g, corp_id, privates)

    def uncapped_tokens(self, g: UsaGame, corp_id: str) -> int:
        """§14.1.1 caps a conversion's tokens at eight, the Free Station subsidy's extra
        token counted (appendix: "The company receives one extra station token"), and so
        does §14.3 after a merger or acquisition.  Under ``compat_18xx_games`` it is left
        out while it waits to be placed: the site keeps it as a subsidy card (``S9``, a
        ``token`` ability ``from_owner: false``) whose token joins the company's tokens
        only when placed, and a conversion or merger counts the company's tokens
        (``G1817::Step::Conversion``, ``Step::TokenMerger``), so a company with seven on
        its charter and the Free Station unplaced buys one more (found by the export
        differential, issue #17: random bots, 7 players, seed 905), and one with the Free
        Station placed and seven others buys none."""
        if not g.variant.compat_18xx_games:
            return 0
        return 1 if corp_id in g.map.free_stations else 0

    def tokens_beyond_cap(self, g: UsaGame, corp_id: str) -> int:
        """Under ``compat_18xx_games`` a company may own one token beyond the eight: the
        Free Station's, once a conversion bought the eighth while it was unplaced
        (:meth:`uncapped_tokens`); by the rulebook none."""
        return 1 if g.variant.compat_18xx_games else 0

    def max_home_bonus(self, g: UsaGame) -> int:
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

    def on_float(self, g: UsaGame, corp_id: str) -> None:
        """§11.6.1: a company started in a subsidy city during the first stock round takes
        its subsidy (the +10 and +10/+20 tokens stay on the city for everyone)."""
        home = g.map.home_of(corp_id)
        subsidy = g.subsidy_of_home(corp_id)
        if home is None:
            return
        if subsidy is None:
            self._privates_started(g, corp_id, home, no_subsidy=False)
            return
        del g.subsidies[home]
        g.company_subsidies[corp_id] = subsidy
        self._privates_started(g, corp_id, home, no_subsidy=subsidy.kind == "none")
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

    @staticmethod
    def _privates_started(g: UsaGame, corp_id: str, home: str, *, no_subsidy: bool) -> None:
        """§11.6: the privates the president put into the new company act (P10's metropolis,
        P29's 2-train, P23's token) and those that close then close (P10, P14, P29)."""
        candidates = usa_board.metropolis_candidates()
        out = company_started(
            g,
            corp_id,
            home,
            potential_metropolises=candidates,
            metropolises=g.metropolises,
            no_subsidy=no_subsidy,
        )
        if out.metropolis is not None:
            make_metropolis(g, out.metropolis)

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
            free = g.map.free_stations
            if absorbed in free:
                free.add(survivor)
        for private in g.privates.values():
            if private.owner == survivor and not private.closed:
                private_acquired(g, survivor, private.id)
        express_freight_transfer(g, survivor, absorbed, keep=True)
        merge_law_firm(g.map.board, survivor, absorbed)
        g.map.reckon_stations(g, survivor, charter_choice=not g.variant.compat_18xx_games)
        settle_law_firm(g.map.board)

    def on_stock_round_end(self, g: UsaGame) -> None:
        """§11.6.1: "At the end of the first stock round, all unused subsidies are
        discarded".  §17 "$300 Maximum Starting Price": a company formed this round with
        less than half of it in players' hands goes to liquidation."""
        if g.variant.max_start_300:
            zone = g.config.takeover.liquidation_zone
            for corp in g.corps.values():
                book = g.books[corp.id]
                if corp.formed_in == g.sr_count and 2 * g.player_shares(corp.id) < book.size:
                    enter_zone(g, corp.id, zone)
        if g.sr_count == 1 and g.subsidies:
            g.subsidies.clear()
            g.emit("subsidy", "Unused subsidies are discarded")


def _card_order(private_id: str) -> tuple[int, str]:
    """P1, P2, ... P30 in number order."""
    digits = "".join(ch for ch in private_id if ch.isdigit())
    return (int(digits) if digits else 0, private_id)
