"""The engine of a 1817-family game: the 18xx engine plus the Bank of New York's loan cubes
(18USA §9) and the short shares players owe back (§11.2).

A family title's ``Title.setup`` returns a :class:`FamilyEngine` with a
:class:`~.config.FamilyConfig`; the family's rounds and steps are typed over it (:data:`FG`)
and read its state without a downcast.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Self

from typing_extensions import TypeVar

from roundhouse.core.engine18xx import Engine, TitleData
from roundhouse.core.flow.map_steps import MapRules
from roundhouse.core.hooks import Hooks
from roundhouse.core.ids import PlayerId
from roundhouse.core.rng import Rng
from roundhouse.titles.g18usa.family1817.config import FamilyConfig
from roundhouse.titles.g18usa.family1817.loan import LoanBank
from roundhouse.titles.g18usa.family1817.short import ShortBook


class FamilyEngine(Engine):
    """One game of a 1817-family title."""

    def __init__(
        self,
        players: Sequence[PlayerId],
        rng: Rng,
        *,
        data: TitleData,
        config: FamilyConfig,
        hooks: Hooks[Self] | None = None,
        board: MapRules[Self] | None = None,
    ) -> None:
        self._family_config = config
        # Before the engine starts its first round: a stock round's start already closes
        # shorts left in the open market (18USA §11).
        self.loans = LoanBank(config.loans)
        self.shorts = ShortBook()
        self.unpaid_at_end: dict[str, int] = {}
        """Debts still queued in a cash crisis when the game ended (18USA §15-§16: void;
        a title may count them in the scores)."""
        self.liquidated_by: dict[str, str] = {}
        """Company -> its president when it last went to the liquidation space (18USA §15's
        cash crisis after a sale starts from them when it has none left,
        :meth:`.takeover_round.TakeoverRound.sold_by`)."""
        self.orphaned_trains: set[str] = set()
        """Trains a company still held as it left play (the bank liquidated it, 18USA
        §14.2.1; :func:`.company_sale.close` scraps them).  18xx.games leaves them listed
        under the old charter and buyable for $1 until they rust or grow obsolete, so its
        buy-trains step waits for a company that could pay $1 (read under
        ``compat_18xx_games``: :func:`.loan_step.live_orphans`)."""
        super().__init__(players, rng, data=data, config=config, hooks=hooks, board=board)

    @property
    def config(self) -> FamilyConfig:
        return self._family_config

    def begin_operating_round(self) -> None:
        """18USA §9, §12: the interest rate is set at the start of each operating round."""
        super().begin_operating_round()
        self.loans.start_operating_round()

    def purchase_cert_count(self, player: str, corp_id: str) -> int:
        """§11.3: a purchase that closes one of the player's shorts of ``corp_id`` leaves
        the count as it was (share and short go back to the short stack); with
        :attr:`~.short.ShortRules.close_at_limit` it is allowed at the limit."""
        count = self.cert_count(player)
        if self.config.shorts.close_at_limit and self.shorts.of(player, corp_id):
            return count - 1
        return count

    def on_company_closed(self, corp_id: str) -> None:
        """The company has left play, its charter ready to be started afresh (18USA §14):
        a title drops what it kept for it outside the charter (18USA: its subsidy)."""

    def extra_loans(self, corp_id: str) -> int:
        """Loans the company may hold above §9's one per share (a title's private: 18USA
        P15)."""
        return 0

    def site_run_waits(self, corp_id: str) -> bool:
        """Whether 18xx.games's run step waits for the company (a title's board answers;
        read under ``compat_18xx_games`` only, by the loan step): by default it does."""
        return True

    def interest(self, corp_id: str, rate: int, loans: int) -> int:
        """§12.8: the interest on ``loans`` loans at ``rate`` (a title's private may fix the
        rate of some: 18USA P15)."""
        return rate * loans

    def shares_beyond_size(self, corp_id: str) -> int:
        """Each short share out is a regular certificate in play beyond the size (18USA
        §11.2)."""
        return self.shorts.outstanding(corp_id)

    def token_cuts_owed(self) -> Mapping[str, int]:
        """Company -> station tokens its president must still take off the map (18USA
        §14.3): none, unless the title's board asks the president which to keep (a title
        whose map is a :class:`~.token_board.TakeoverBoardMap` with ``token_choice`` answers
        its :attr:`~.token_board.TakeoverBoardMap.token_cuts`)."""
        return {}

    def tokens_beyond_cap(self, corp_id: str) -> int:
        """Station tokens the company may own beyond the cap of eight (a title that leaves
        some out of the cap, :meth:`.hooks.FamilyHooks.uncapped_tokens`, so that a conversion
        buys the eighth beside one of them): none by default."""
        return 0

    def invariant_violations(self) -> list[str]:
        """The engine's, and no company owning more station tokens than the cap (18USA
        §14.1.1, §14.3: eight)."""
        out = super().invariant_violations()
        for corp_id, n in self.token_cuts_owed().items():
            # §14.3: until its president takes the excess off the map, a company has more
            # tokens there than it owns, by exactly the stations still to remove
            corp = self.corps[corp_id]
            if 0 < corp.tokens_placed - corp.tokens_owned <= n:
                out = [m for m in out if not m.startswith(f"{corp_id} has {corp.tokens_placed} ")]
        cap = self.config.takeover.max_tokens
        if cap is not None:
            for corp in self.corps.values():
                if corp.tokens_owned - self.tokens_beyond_cap(corp.id) > cap:
                    out.append(
                        f"{corp.id} owns {corp.tokens_owned} station tokens, more than {cap}"
                    )
        return out


FG = TypeVar("FG", bound=FamilyEngine, default=FamilyEngine, contravariant=True)
"""The game a family round, hook set or board acts on: a :class:`FamilyEngine`, or a title's
game built on it (18USA's), which its subclasses name (``FamilyHooks[UsaGame]``) to read their
own state typed.  Contravariant like core's ``G``: a family step typed over
:class:`FamilyEngine` sits in any family title's round."""
