"""The state of one 18USA game: the 1817 family's engine plus what 18USA's set-up drew
(§2.3-§2.6) and what its round sequence counts (§12.10 exports, §16's final set)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from roundhouse.core.engine18xx import TitleData
from roundhouse.core.hooks import Hooks
from roundhouse.core.ids import PlayerId
from roundhouse.core.rng import Rng
from roundhouse.titles.g18usa import land_grant, site_run
from roundhouse.titles.g18usa.family1817.config import FamilyConfig
from roundhouse.titles.g18usa.family1817.engine import FamilyEngine
from roundhouse.titles.g18usa.map_state import UsaMapState
from roundhouse.titles.g18usa.setup_draw import SetUp, Subsidy
from roundhouse.titles.g18usa.variant import Variant


@dataclasses.dataclass
class Rusting:
    """A rust P13's company may answer: which of its trains it may save
    (:mod:`.train_privates`)."""

    company: str
    trains: tuple[str, ...]


class UsaGame(FamilyEngine):
    """One game of 18USA."""

    map: UsaMapState[UsaGame]
    """The board and what the map keeps beside it: the constructor takes only a
    :class:`~.map_state.UsaMapState` (the title builds :class:`~.map_rules.UsaMap`, which
    adds the rules), so the engine's ``map`` is typed as one here."""

    def __init__(
        self,
        players: Sequence[PlayerId],
        rng: Rng,
        *,
        data: TitleData,
        config: FamilyConfig,
        hooks: Hooks[UsaGame],
        board: UsaMapState[UsaGame],
        variant: Variant,
        drawn: SetUp,
    ) -> None:
        self.variant = variant
        self.metropolises = drawn.metropolises
        """The three metropolises drawn besides New York (§2.4)."""
        self.red_values = dict(drawn.red_values)
        """Red area -> its value token (§2.6)."""
        self.denver_open = "E11" in drawn.metropolises
        """Denver is a metropolis whose orientation nobody has chosen yet (§12.2.3)."""
        self.subsidies: dict[str, Subsidy] = dict(drawn.subsidies)
        """Orange city -> its subsidy still on offer (§2.5; all gone after SR 1, §11.6.1)."""
        self.company_subsidies: dict[str, Subsidy] = {}
        """Company -> the subsidy it started with (§11.6.1)."""
        self.ors_played = 0
        """Operating rounds finished so far (§12.10 counts them from the game's start)."""
        self.ors_started = 0
        """Operating rounds begun so far."""
        self.end_train_at = 0
        """The game's operating round (counted from 1) in which the first 8-train left the
        stack (§16); 0: not yet, or outside an operating round."""
        self.end_train_or = 0
        """Operating round of its set in which the first 8-train left the stack (§16); 0:
        not yet, or outside an operating round."""
        self.boneyard_pending: Rusting | None = None
        """A rust P13's company may answer that happened as a round ended (§12.10's exports):
        the next round asks (:mod:`.private_rounds`)."""
        super().__init__(players, rng, data=data, config=config, hooks=hooks, board=board)

    def on_company_closed(self, corp_id: str) -> None:
        """§11.6.1: the subsidy a company took went with it; a company started later on the
        same charter has none of it (18xx.games closes the subsidy, a company of the
        charter, when it resets the charter: ``Game::Base#reset_corporation``)."""
        self.company_subsidies.pop(corp_id, None)
        self.map.free_stations.discard(corp_id)

    def extra_loans(self, corp_id: str) -> int:
        """P15 Western Land Grant's extra loan."""
        return land_grant.extra_loans(self, corp_id)

    def site_run_waits(self, corp_id: str) -> bool:
        """18xx.games's run step waits only for a company with a train that is not a
        Pullman and a route to run (:func:`.site_run.route_waits`)."""
        return site_run.route_waits(self.map.board, self.depot, corp_id)

    def interest(self, corp_id: str, rate: int, loans: int) -> int:
        """§12.8, with P15's loan at a fixed $5."""
        return land_grant.interest_due(self, corp_id, rate, loans)

    def token_cuts_owed(self) -> Mapping[str, int]:
        """§14.3: the stations each company's president must still take off the map
        (:attr:`~.family1817.token_board.TakeoverBoardMap.token_cuts`)."""
        return self.map.token_cuts

    def tokens_beyond_cap(self, corp_id: str) -> int:
        """Under ``compat_18xx_games`` a company may own one token beyond the eight: the Free
        Station's, once a conversion bought the eighth while it was unplaced
        (:func:`.subsidies.uncapped_tokens`); by the rulebook none."""
        return 1 if self.variant.compat_18xx_games else 0

    def subsidy_view(self) -> Mapping[str, str]:
        return {h: s.kind if not s.value else f"${s.value}" for h, s in self.subsidies.items()}
