"""The moves 18xx.games makes by itself, which its documents do not record, and our 18USA
game asks for (facts sheet ``docs/facts/18xx-games-format.md`` §2.3; ``Round::Base
#skip_steps`` and the 1817 steps' own auto-passes).

Before each site action the reader makes these first (:func:`silent_moves`), as long as our
game refuses the site's action:

* a friendly sale nobody could buy at the least bid: the site never asks the president
  (``G1817::Step::Acquire#setup_auction``: "cannot be bought at …, skipping"), whatever
  comes next;
* interest (§12.8), which the site pays without asking;
* withholding a run of nothing, when that is the company's one move (``Step::Dividend
  #skip!``);
* a company's or a merger-round player's lone pass when the site's action is someone
  else's (a step with nothing to offer), the end of a stock turn spent acting for a company
  (§11.7), the one company that may buy what its president won, the loan a buyer short of
  its bid must take (§14.2);
* the company's pass of a step that offers nothing of the site's action's kind (our token
  step offering the Free Station subsidy's token, a card on the site).

After the document's last action :func:`settled_moves` makes the ones the site made before
ending the game.  The other helpers tell where our game's turn stands.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import BuyTrain, Dividend, Pass
from roundhouse.core.flow.map_steps import RouteStep, TrackStep
from roundhouse.core.flow.operating_round import OperatingRound
from roundhouse.core.flow.step import Step
from roundhouse.core.game import Game
from roundhouse.titles.g18usa.family1817.actions import Merge, TakeLoan
from roundhouse.titles.g18usa.family1817.car_step import CarPurchaseStep
from roundhouse.titles.g18usa.family1817.company_start import StartAuction
from roundhouse.titles.g18usa.family1817.loan_step import InterestStep
from roundhouse.titles.g18usa.family1817.takeover_round import TakeoverRound
from roundhouse.titles.g18usa.interop.names import engine

SILENT_MOVES_MAX = 200
"""Moves the site may make by itself between two recorded actions."""
ANY_TIME = frozenset({"take_loan", "payoff_loan", "scrap_train"})
"""Moves offered beside a company's current step (§9, §12.7)."""
BESIDE = frozenset({"use_private"})
"""Privates' moves offered beside the turn's steps (bridges, resource tokens, red areas):
never the move the site made by itself."""
PASS = frozenset({"pass"})
LONE = frozenset({"dividend", "pass", "merge", "buy_train"})
"""The kinds of move :func:`silent_moves` makes when it is a turn's only one (a car
purchase, §12.7, is offered beside the turn and does not count).  Only these are listed: a
turn offering a move of another kind (a run of trains, whose listing is a search for the
best run) offers no lone move."""


def silent_moves(
    ours: Action, game: Game, ready: Callable[[], bool] | None = None
) -> Iterator[Action]:
    """The moves before ``ours`` that 18xx.games makes without recording them (module
    docstring), until our game accepts ``ours`` (or ``ready()`` says it has caught up)."""
    for _ in range(SILENT_MOVES_MAX):
        if game.finished:
            return
        if offer_nobody_can_buy(game):
            # never asked on the site, whatever the next action is
            yield next(a for a in game.legal_actions(kinds=PASS) if isinstance(a, Pass))
            continue
        interest = interest_payment(game)
        if interest is not None:
            yield interest  # §12.8 is no decision: the site pays it by itself
            continue
        if ready() if ready is not None else accepted(ours, game):
            return
        kinds = game.legal_kinds()
        own = kinds - ANY_TIME - BESIDE
        listed = [a for a in game.legal_actions(kinds=own & LONE) if not car_purchase(game, a)]
        # the turn's only move, if it has one (none when it offers a move of another kind)
        lone = listed[0] if len(listed) == 1 and own <= LONE else None
        if isinstance(lone, Dividend):
            yield lone
            continue
        if (
            isinstance(lone, Pass)
            and lone.entity in engine(game).corps
            and lone.entity != getattr(ours, "entity", None)
        ):
            yield lone
            continue
        if (
            isinstance(lone, Pass)
            and isinstance(engine(game).round, TakeoverRound)
            and lone.entity != getattr(ours, "entity", None)
        ):
            yield lone  # a merger round's turn with nothing but a pass: skipped
            continue
        if (
            isinstance(lone, Pass)
            and lone.entity in engine(game).seats
            and ours.player != lone.player
            and game.log
            and game.log[-1].player == lone.player
            and getattr(game.log[-1], "entity", None) in engine(game).corps
        ):
            yield lone  # a stock turn spent acting for a company (§11.7) ends
            continue
        loans = list(game.legal_actions(kinds=kinds)) if kinds == {TakeLoan.kind} else []
        if (
            len(loans) == 1
            and isinstance(loans[0], TakeLoan)
            and isinstance(engine(game).round, TakeoverRound)
            and not isinstance(ours, TakeLoan)
        ):
            yield loans[0]  # a buyer short of its bid must borrow (§14.2)
            continue
        if (
            isinstance(lone, Merge)
            and lone.entity in engine(game).seats
            and not isinstance(ours, Merge)
        ):
            yield lone  # the one company that may buy what its president won
            continue
        entity = getattr(ours, "entity", None)
        skip = [a for a in listed if isinstance(a, Pass) and a.entity == entity]
        if skip and ours.kind not in kinds:
            yield skip[0]
            continue
        return


def settled_moves(game: Game) -> Iterator[Action]:
    """The moves the site made by itself after the document's last action: a friendly
    sale nobody can buy, interest, a merger round's turn with nothing but a pass (the
    site ends the game after its M&A round without asking them)."""
    for _ in range(SILENT_MOVES_MAX):
        if game.finished:
            return
        move: Action | None = None
        if offer_nobody_can_buy(game):
            move = next(a for a in game.legal_actions(kinds=PASS) if isinstance(a, Pass))
        else:
            move = interest_payment(game)
        if move is None and isinstance(engine(game).round, TakeoverRound):
            legal = list(game.legal_actions())
            if len(legal) == 1 and isinstance(legal[0], Pass):
                move = legal[0]
        if move is None:
            return
        yield move


def accepted(action: Action, game: Game) -> bool:
    try:
        engine(game).check(action)
    except IllegalAction:
        return False
    return True


def interest_payment(game: Game) -> Pass | None:
    """The pass that pays a company's interest when our operating turn waits for it."""
    g = engine(game)
    if not isinstance(g.round, OperatingRound):
        return None
    entity = g.round.entity(g)
    if entity is None:
        return None
    blocking = [s for s in g.round.offered(g, entity) if s.blocking]
    if not blocking or not isinstance(blocking[-1], InterestStep):
        return None
    return Pass(player=g.controller_id(entity), entity=entity)


def out_of_start_auction(game: Game, player: str) -> bool:
    """Whether ``player`` is out of the company start auction under way in our game (§11.6:
    a bidder who cannot raise leaves it; the site asks them, and records their pass)."""
    auction = getattr(engine(game).round, "auction", None)
    return isinstance(auction, StartAuction) and not auction.done and player in auction.out


def offer_pass(game: Game) -> Pass | None:
    """The pass declining the friendly sale our merger round offers now, if it asks."""
    g = engine(game)
    r = g.round
    if not isinstance(r, TakeoverRound) or r.phase != "offer":
        return None
    return next((a for a in game.legal_actions(kinds=PASS) if isinstance(a, Pass)), None)


def offer_nobody_can_buy(game: Game) -> bool:
    """Whether our merger round asks a president to offer a company for a friendly sale
    (§14.2.3) that no player could buy at the minimum bid: the site does not ask then
    (``G1817::Step::Acquire#setup_auction``: "cannot be bought at …, skipping"); passing
    it changes nothing."""
    g = engine(game)
    r = g.round
    if not isinstance(r, TakeoverRound) or r.phase != "offer" or r.auction is None:
        return False
    sale = r.auction
    return all(sale.max_bid(g, p) < sale.min_bid(g) for p in sale.bidders)


def car_purchase(game: Game, action: Action) -> bool:
    """Whether ``action`` buys a car (§12.7), offered beside the turn's steps."""
    if not isinstance(action, BuyTrain):
        return False
    depot = engine(game).depot
    return action.train in depot.trains and depot.is_car(depot.trains[action.train])


def pullman_pass(game: Game, entity: str) -> bool:
    """Whether a company's pass now is the site's pass of its Pullman purchase
    (``G18USA::Step::BuyPullman``, a step of its own before the run): our game offers the
    company a car beside its turn (§12.7) and has nothing before the run left to ask."""
    g = engine(game)
    if g.round.entity(g) != entity:
        return False
    offered = g.round.offered(g, entity)
    if not any(isinstance(s, CarPurchaseStep) for s in offered):
        return False
    blocking = [s for s in offered if s.blocking]
    if not blocking:
        return False
    steps = list(g.round.steps)
    route = next((i for i, s in enumerate(steps) if isinstance(s, RouteStep)), len(steps))
    return steps.index(blocking[-1]) >= route


def at_own_turn(game: Game, entity: str) -> bool:
    """Whether our game is in ``entity``'s operating turn (after any silent moves of the
    companies before it, which the site did not record)."""
    g = engine(game)
    return isinstance(g.round, OperatingRound) and g.round.entity(g) == entity


def in_track_step(game: Game, entity: str) -> bool:
    """Whether the company's turn waits in our track step now."""
    return in_step(game, entity, TrackStep)


def in_step(game: Game, entity: str, kind: type[Step]) -> bool:
    """Whether the company's turn waits in a step of ``kind`` now."""
    g = engine(game)
    if g.round.entity(g) != entity:
        return False
    blocking = [s for s in g.round.offered(g, entity) if s.blocking]
    return bool(blocking) and isinstance(blocking[-1], kind)
