"""The Hand-Picked Variant: the players draft the five private asset cards.

Rulebook "Game Play Variants", Hand-Picked Variant: "all asset cards are given to the player to
the left of the priority deal player. That player selects one private asset card to include in
the game and passes the remaining cards to the next player, who chooses another card. This
process continues until there are two yellow, two green, and one brown private asset in play.
If the first player selects a brown private asset card, no other player may choose a brown
card."

So the picks go round the table from the player after the priority deal, one card each, and a
colour whose places are taken ("Game Structure": two yellow, two green, one brown) offers no
more cards.  The five picked cards are then auctioned as usual ("Private Asset Auction"), in
the dealt order - yellow, green, brown, the cheaper card of a colour first - and the others
leave the game.  Each pick is a ``choose`` of the card's id.
"""

from __future__ import annotations

from roundhouse.core.actions import Action
from roundhouse.core.errors import IllegalAction
from roundhouse.core.flow.actions import Choose
from roundhouse.core.flow.auction import AuctionRound, AuctionStep
from roundhouse.titles.g18royalgorge.company import draw_rules
from roundhouse.titles.g18royalgorge.state import RoyalGorgeGame
from roundhouse.titles.g18royalgorge.track_engineer import ELIJAH_MCCOY, TRACK_ENGINEER


def colour_of(card_id: str) -> str:
    """The card's colour group (B5a is B5's)."""
    wanted = TRACK_ENGINEER if card_id == ELIJAH_MCCOY else card_id
    for colour, cards, _ in draw_rules().private_groups:
        if wanted in cards:
            return colour
    raise KeyError(f"18RoyalGorge: no private asset card {card_id!r}")


def places() -> dict[str, int]:
    """Colour -> how many cards of it are in play ("two yellow, two green, and one brown")."""
    return {colour: picks for colour, _, picks in draw_rules().private_groups}


class HandPickStep(AuctionStep[RoyalGorgeGame]):
    """One card per player in turn until every colour's places are filled."""

    kinds = frozenset({"choose"})
    name = "hand_pick"

    def __init__(self) -> None:
        super().__init__()
        self.order: list[str] = []
        self.picked: list[str] = []

    def begin(self, g: RoyalGorgeGame) -> None:
        order = g.turn_order_from(g.priority)
        self.order = order[1:] + order[:1]

    def _open(self) -> dict[str, int]:
        left = places()
        for card in self.picked:
            left[colour_of(card)] -= 1
        return left

    def done(self) -> bool:
        return not any(self._open().values())

    def acting(self, g: RoyalGorgeGame) -> tuple[str, ...]:
        if self.done() or not self.order:
            return ()
        return (self.order[len(self.picked) % len(self.order)],)

    def choices(self, g: RoyalGorgeGame) -> list[str]:
        """The cards still in the hand whose colour has a place left, in the box's order."""
        left = self._open()
        return [
            p
            for p in g.privates
            if p not in self.picked and not g.privates[p].closed and left[colour_of(p)] > 0
        ]

    def actions(self, g: RoyalGorgeGame, entity: str) -> list[Action]:
        return [Choose(player=g.pid(entity), entity=entity, choice=c) for c in self.choices(g)]

    def check(self, g: RoyalGorgeGame, entity: str, action: Action) -> None:
        if not isinstance(action, Choose) or action.choice not in self.choices(g):
            choice = getattr(action, "choice", "?")
            raise IllegalAction(
                f"{entity} cannot pick {choice}: the pick is one card still in the hand, of a "
                "colour with a place left (two yellow, two green, one brown)",
                rule="draft.pick",
            )

    def process(self, g: RoyalGorgeGame, entity: str, action: Action) -> None:
        assert isinstance(action, Choose)
        self.picked.append(action.choice)

    def auction_order(self, g: RoyalGorgeGame) -> list[str]:
        """The picked cards as they would have been dealt: by colour, cheaper first."""
        rank = {colour: i for i, (colour, _, _) in enumerate(draw_rules().private_groups)}
        return sorted(self.picked, key=lambda p: (rank[colour_of(p)], g.privates[p].spec.value, p))

    def view(self, g: RoyalGorgeGame) -> dict[str, object]:
        return {"picked": list(self.picked), "hand": self.choices(g)}


class DraftRound(AuctionRound[RoyalGorgeGame]):
    """The draft before the private asset auction; the cards nobody picked leave the game."""

    kind = "Draft"

    def __init__(self) -> None:
        self.draft = HandPickStep()
        super().__init__(self.draft)

    def label(self, g: RoyalGorgeGame) -> str:
        return "Hand-picked privates"

    def on_finish(self, g: RoyalGorgeGame) -> None:
        for p in g.privates.values():
            if p.id not in self.draft.picked:
                p.closed = True
