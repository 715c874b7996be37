"""18USA's 18xx.games actions read into ours (:class:`UsaReader`).

Most types keep their names and fields (our 1817-family actions use the site's vocabulary,
:mod:`roundhouse.titles.g18usa.family1817.actions`).  What needs work (facts sheets
``docs/facts/18xx-games-format.md`` §4-§5 and ``docs/facts/18usa.md`` §5):

* Denver's orientation: chosen on the site right after the home token, asked by ours
  before the company's first track step (§12.2.3), so the choice waits
  (:class:`~.memory.Memory`) until ours asks;
* tiles carrying a resource (``"7ore10"``) are our tile plus a resource token placed with the
  private that brings it (§13), ``"…ore20"`` on the same tile the ore token's upgrade;
* trains: the site numbers every copy (``"2-7"``), our unlimited 2-trains share ids, so the
  reader keeps which of ours each site train is;
* the route step's ``choose "<train>-<upgrade>"`` attaches the Switcher (P19), the Extender
  (P30) or a Pullman, indices into the site's lists (``G18USA::Step::Route#choices``);
* the moves the site makes without recording them (:mod:`.site_moves`), and its passes of
  steps ours does not have or has already left (:meth:`UsaReader.read_pass`).
"""

from __future__ import annotations

from collections.abc import Iterator

from roundhouse.core.actions import Action
from roundhouse.core.flow.actions import (
    Bankrupt,
    Bid,
    BuyShares,
    Choose,
    Dividend,
    Pass,
    RunRoutes,
    SellShares,
)
from roundhouse.core.flow.operating_round import OperatingRound
from roundhouse.core.flow.train_step import BuyTrainStep
from roundhouse.core.game import Game
from roundhouse.core.shares import POOL
from roundhouse.interop.translate import SiteAction
from roundhouse.titles.g18usa.family1817.actions import (
    Assign,
    Convert,
    Merge,
    PayoffLoan,
    Short,
    TakeLoan,
)
from roundhouse.titles.g18usa.interop.names import P8_REMOVE, engine
from roundhouse.titles.g18usa.interop.site_moves import (
    accepted,
    at_own_turn,
    in_step,
    in_track_step,
    offer_pass,
    out_of_start_auction,
    pullman_pass,
    settled_moves,
)
from roundhouse.titles.g18usa.interop.track_reader import TrackReader
from roundhouse.titles.g18usa.interop.train_reader import TrainReader
from roundhouse.titles.g18usa.powers import UsePrivate
from roundhouse.titles.g18usa.red_areas import express_cut


class UsaReader(TrackReader, TrainReader):
    """The reading half of the 18USA translator: the framework's entry, the stock and
    merger rounds, dividends and loans; track (:mod:`.track_reader`) and trains
    (:mod:`.train_reader`) in their own parts."""

    # -- the framework's entry -----------------------------------------------------------

    def read(self, action: SiteAction, game: Game) -> Iterator[Action]:
        memory = self.memory(game)
        before, memory.last = memory.last, (str(action.entity), action.type)
        memory.previous = before
        first_of_turn = False
        if action.entity_type == "corporation" and isinstance(engine(game).round, OperatingRound):
            corp = memory.turn[0]
            if corp != str(action.entity):
                memory.turn = (str(action.entity), [])
            first_of_turn = not memory.turn[1]
            memory.turn[1].append(action.type)
        memory.first_of_turn = first_of_turn
        memory.silent.clear()
        for ours in super().read(action, game):
            if id(ours) not in memory.silent:
                yield from self.silent_moves(ours, game)
            yield ours
        yield from self._orient_denver(game)
        removals = self.memory(game).removals
        while removals and accepted(removals[0], game):
            yield removals.pop(0)

    def settle(self, game: Game) -> Iterator[Action]:
        """The moves the site made by itself after the document's last action
        (:func:`~.site_moves.settled_moves`)."""
        return settled_moves(game)

    # -- stock round ---------------------------------------------------------------------

    def read_bid(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat = action.seat()
        target = action.get("corporation") or action.get("company")
        if not isinstance(target, str):
            raise action.fail("a bid names neither a corporation nor a company")
        yield Bid(player=seat, entity=seat, company=target, price=action.integer("price"))

    def read_pass(self, action: SiteAction, game: Game) -> Iterator[Action]:
        """A pass, where the site's steps and ours differ.

        A player's pass in a company's start auction our game already let them out of
        (they cannot raise) is nothing here.  A player's pass the site took as the offering
        president's decline of a friendly sale (it does not check who passes there) is that
        decline.  A company's pass is
        nothing here when it passes a site step ours has already left or does not have:
        the track step that opens every site turn (ours skips it with nothing to lay) or
        waits after a lay, the buy-trains step after a purchase, the "buy pullman" step
        (ours offers cars beside the turn), or any step of a turn ours has ended."""
        seat, entity = self.who(action, game)
        ours = Pass(player=seat, entity=entity)
        if action.entity_type == "player" and out_of_start_auction(game, entity):
            return  # ours already let this bidder out (they cannot raise); the site asked
        if action.entity_type == "player" and not accepted(ours, game):
            yield from self.silent_moves(ours, game)
            offer = offer_pass(game)
            if offer is not None and not accepted(ours, game):
                # 18xx.games took another player's pass as the offering president's
                # decline (``Step::Acquire#process_pass`` does not check who passes)
                yield offer
                return
        if (
            action.entity_type == "corporation"
            and _last_step_move(self.memory(game).turn, entity) == "lay_tile"
            and not in_track_step(game, entity)
        ):
            return  # the site's track step waited for this pass; ours had moved on
        if action.entity_type == "corporation" and self.memory(game).first_of_turn:
            yield from self.silent_moves(ours, game, lambda: at_own_turn(game, entity))
        if (
            action.entity_type == "corporation"
            and self.memory(game).first_of_turn
            and at_own_turn(game, entity)
            and not in_track_step(game, entity)
        ):
            return  # the site opens every turn with its track step; ours had nothing to lay
        if (
            action.entity_type == "corporation"
            and self.memory(game).previous == (entity, "buy_train")
            and at_own_turn(game, entity)
            and not in_step(game, entity, BuyTrainStep)
        ):
            return  # the site's buy-trains step waited for this pass; ours had moved on
        if action.entity_type == "corporation" and pullman_pass(game, entity):
            return  # the site's "buy pullman" step; ours offers cars beside the turn
        if action.entity_type == "corporation" and not accepted(ours, game):
            yield from self.silent_moves(ours, game)
            if accepted(ours, game):
                yield ours
                return
            kinds = game.legal_kinds()
            # a run of trains is the acting company's (listing it would search for the best)
            listed = game.legal_actions(kinds=kinds - {RunRoutes.kind})
            mine = any(getattr(a, "entity", None) == entity for a in listed) or (
                RunRoutes.kind in kinds and at_own_turn(game, entity)
            )
            if not mine or Pass.kind not in kinds:
                return
        yield ours

    def read_buy_shares(self, action: SiteAction, game: Game) -> Iterator[Action]:
        """The certificates the site names, where ours has them for sale; one the site
        numbered otherwise (a short sale's, §11.2, or one of a merger's) is one of ours in
        the open market, else in the treasury.  Several at once (a company buying its own,
        §11.7) are bought one by one when our game takes them so."""
        seat, entity = self.who(action, game)
        book = engine(game).books
        picked: list[str] = []
        for site in action.texts("shares"):
            corp = site.rpartition("_")[0]
            if corp not in book:
                raise action.fail(f"no corporation {corp}")
            certs = book[corp].certs
            if site in certs and certs[site].owner in (POOL, corp) and site not in picked:
                picked.append(site)
                continue
            spare = [
                c.id
                for source in (POOL, corp)
                for c in sorted(certs.values(), key=lambda c: c.id)
                if c.owner == source and c.playable and not c.president and c.id not in picked
            ]
            if not spare:
                raise action.fail(f"our game has no {corp} share for sale")
            picked.append(spare[0])
        whole = BuyShares(player=seat, entity=entity, shares=tuple(picked))
        yield from self.silent_moves(whole, game)
        if len(picked) == 1 or accepted(whole, game):
            yield whole
            return
        for cert in sorted(picked, key=_cert_order):
            yield BuyShares(player=seat, entity=entity, shares=(cert,))

    def read_sell_shares(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat, entity = self.who(action, game)
        shares = action.texts("shares")
        corp = shares[0].rpartition("_")[0]
        book = engine(game).books[corp]
        count = sum(book.cert(s).shares for s in shares)
        if action.get("percent") is not None:
            count = action.integer("percent") * book.size // 100
        yield SellShares(player=seat, entity=entity, corporation=corp, count=count)

    def read_short(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat = action.seat()
        yield Short(player=seat, entity=seat, corporation=action.text("corporation"))

    def read_assign(self, action: SiteAction, game: Game) -> Iterator[Action]:
        """A player giving a private to the company they start (§11.6), a player offering a
        company for sale (§14.2.3), or a private used on a hex by its company."""
        seat, entity = self.who(action, game)
        target = action.text("target")
        kind = action.get("target_type")
        if action.entity_type == "player" and kind == "company":
            yield Choose(player=seat, entity=seat, choice=target, company=target)
        elif action.entity_type == "player" and kind == "corporation":
            yield Assign(player=seat, entity=seat, target=target)
        elif action.entity_type == "company" and kind == "hex":
            company = str(action.entity)
            sketch = UsePrivate(player=seat, entity=entity, company=company, hex=target)
            yield from self.silent_moves(sketch, game)
            yield self._one_of(
                action,
                game,
                UsePrivate.kind,
                lambda a: isinstance(a, UsePrivate) and a.company == company and a.hex == target,
            )
        else:
            raise action.fail(f"assign of a {kind} by a {action.entity_type} is not read")

    def read_choose(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat, entity = self.who(action, game)
        choice = action.get("choice")
        if action.entity_type == "player":
            yield Choose(player=seat, entity=seat, choice=str(choice))
            return
        if isinstance(choice, str) and _upgrade_choice(choice):
            yield from self._attach(action, game, seat, entity, choice)
            return
        if choice == P8_REMOVE:
            cut = express_cut(engine(game), entity)
            if cut is None:
                raise action.fail(f"{entity} has no red-area station to remove")
            yield Choose(player=seat, entity=entity, choice=cut)
            return
        raise action.fail(f"choose {choice!r} by a company is not read")

    # -- operating round -----------------------------------------------------------------

    def read_dividend(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat, entity = self.who(action, game)
        yield Dividend(player=seat, entity=entity, mode=action.text("kind"))

    def read_take_loan(self, action: SiteAction, game: Game) -> Iterator[Action]:
        """The site numbers loans in the order they are first taken and puts repaid ones
        last; ours are the cubes of the Bank of New York, taken from the top row (§9):
        the loan is the one our game offers."""
        seat, entity = self.who(action, game)
        sketch = TakeLoan(player=seat, entity=entity, loan=action.integer("loan"))
        yield from self._loan(action, game, sketch)

    def read_payoff_loan(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat, entity = self.who(action, game)
        sketch = PayoffLoan(player=seat, entity=entity, loan=action.integer("loan"))
        yield from self._loan(action, game, sketch)

    def _loan(self, action: SiteAction, game: Game, sketch: Action) -> Iterator[Action]:
        """The loan our game offers the company now; only when it offers none, the moves
        the site made by itself first (the loan numbers differ, so ``sketch`` itself is
        no test)."""
        entity = getattr(sketch, "entity", None)

        def offered() -> list[Action]:
            return [
                a
                for a in game.legal_actions(kinds={sketch.kind})
                if type(a) is type(sketch) and getattr(a, "entity", None) == entity
            ]

        found = offered()
        if not found:
            yield from self.silent_moves(sketch, game, lambda: bool(offered()))
            found = offered()
        if not found:
            raise action.fail(f"our game offers {entity} no {sketch.kind} now")
        yield found[0]

    # -- merger and acquisition round ----------------------------------------------------

    def read_convert(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat, entity = self.who(action, game)
        yield Convert(player=seat, entity=entity)

    def read_merge(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat, entity = self.who(action, game)
        yield Merge(player=seat, entity=entity, corporation=action.text("corporation"))

    def read_bankrupt(self, action: SiteAction, game: Game) -> Iterator[Action]:
        seat, entity = self.who(action, game)
        yield Bankrupt(player=seat, entity=entity)


LOAN_TYPES = frozenset({"take_loan", "payoff_loan"})
"""Site actions allowed beside a turn's steps (``G18USA::Step::Loan`` does not block)."""


def _last_step_move(turn: tuple[str, list[str]], entity: str) -> str:
    """The type of the company's last site action of its turn before the one being read,
    loans left out (a loan may come between a lay and the track step's pass)."""
    corp, types = turn
    if corp != entity:
        return ""
    earlier = [t for t in types[:-1] if t not in LOAN_TYPES]
    return earlier[-1] if earlier else ""


def _cert_order(cert_id: str) -> tuple[str, int]:
    """Certificates in number order (our game offers a company's own purchases so)."""
    corp, _, number = cert_id.rpartition("_")
    return corp, int(number) if number.isdecimal() else 0


def _upgrade_choice(choice: str) -> bool:
    left, sep, right = choice.partition("-")
    return bool(sep) and left.isdecimal() and right.isdecimal()
