"""Core's rounds and steps refuse what they do not list, on the synthetic titles (issue #14).

The registered titles get this from the fuzzer and tests/harness/test_mutation.py; the
synthetic titles exercise the core steps no playable title uses yet (loans, shorts, company
sales, M&A rounds, auctioned starts).  At positions of seeded random playouts, listed moves
with one field set to another name or number the game has shown, or to garbage, must be
listed or refused cleanly (DESIGN "Complete move generation")."""

from __future__ import annotations

import pytest

from roundhouse.core.game import Game
from roundhouse.core.rng import Rng
from roundhouse.core.title import Title
from roundhouse.harness.invariants import FULL, Checker, CheckFailed
from roundhouse.harness.mutation import GARBAGE, Vocabulary, mutants
from tests.core.flow import test_random_playout as plain
from tests.core.flow.playout import PLAYERS
from tests.g18usa import test_corporate_playout, test_corporate_start_playout

TITLES = {
    "synthetic": plain.TITLE,
    "corporate": test_corporate_playout.TITLE,
    "corporate_start": test_corporate_start_playout.TITLE,
}


@pytest.mark.parametrize("name", TITLES)
@pytest.mark.parametrize("seed", [0, 1])
def test_core_mutants_of_listed_moves_are_listed_or_refused(name: str, seed: int) -> None:
    title: Title = TITLES[name]
    game = Game(title, PLAYERS, seed=seed)
    rng = Rng(seed)
    words = Vocabulary()
    for step in range(400):
        if game.finished:
            break
        moves = list(game.legal_actions())
        words.add_moves(moves)
        if step % 9 == 0:
            words.add_json(game.view())
            values = words.values()
            checker = Checker(game, Rng(seed), FULL)
            for _ in range(2):
                move = moves[rng.below(len(moves))]
                sample = [values[rng.below(len(values))] for _ in range(12)]
                for doc in mutants(move, [*GARBAGE[:8], *sample]):
                    try:
                        checker.unlisted(game, doc, game.state_hash())
                    except CheckFailed as exc:
                        raise AssertionError(f"{game!r} after {step} moves: {exc}") from exc
        game.apply(moves[rng.below(len(moves))])
