"""Bots are ordinary players: they only pick listed moves, play the same game for the same
seed, and the heuristic one plays like a person (issue #21).  Strength is measured in the
arena (README), never here: these games are few and small."""

from __future__ import annotations

import pytest

import roundhouse
from roundhouse.bots import LEVELS, make_bot, parse_level
from roundhouse.bots.heuristic import HeuristicBot
from roundhouse.bots.mcts import MctsBot, rewards
from roundhouse.bots.random_bot import RandomBot


def _play(
    title: str, names: list[str], levels: dict[str, str], seed: int, limit: int = 100_000
) -> roundhouse.Game:
    game = roundhouse.new_game(title, names, seed=seed)
    bots = {n: make_bot(levels[n], seed * 10 + i) for i, n in enumerate(names)}
    while not game.finished and len(game.log) < limit:
        player = game.acting[0]
        action = bots[player].choose(game, player)
        assert action in game.legal_actions(player)
        game.apply(action)
    return game


def test_levels_and_their_settings() -> None:
    """random, heuristic and mcts; greedy is the heuristic's old name; MCTS takes a budget."""
    assert LEVELS == ("random", "heuristic", "mcts")
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("heuristic", 1), HeuristicBot)
    assert isinstance(make_bot("greedy", 1), HeuristicBot)
    bot = make_bot("mcts", 1, iterations=20)
    assert isinstance(bot, MctsBot) and bot.iterations == 20
    strong = make_bot("mcts:strength=5", 1)
    assert isinstance(strong, MctsBot) and strong.time == 4.0
    assert parse_level("mcts:time=0.5").label() == "MCTS (0.5 s a move)"
    with pytest.raises(ValueError, match="unknown bot level 'genius'"):
        make_bot("genius", 1)
    with pytest.raises(ValueError, match="strength is 1 to 5"):
        parse_level("mcts:strength=9")
    with pytest.raises(ValueError, match="takes no settings"):
        parse_level("random:time=1")


def test_heuristic_beats_two_random_bots_at_chicago_express() -> None:
    """Chicago Express §6: most cash wins.  The heuristic player should win nearly every
    three-player game against uniform random play (the arena measures it over 200)."""
    wins = 0
    for seed in range(4):
        game = _play(
            "ChicagoExpress",
            ["H", "R1", "R2"],
            {"H": "heuristic", "R1": "random", "R2": "random"},
            seed,
        )
        assert game.result is not None
        wins += game.result["H"] == max(game.result.values())
    assert wins >= 3


def test_same_seed_same_bot_game() -> None:
    levels = {"A": "heuristic", "B": "random"}
    first = _play("ChicagoExpress", ["A", "B"], levels, 3)
    second = _play("ChicagoExpress", ["A", "B"], levels, 3)
    assert first.log == second.log


GREEDY_STEEL_OPENING: list[dict[str, object]] = [
    {"kind": "bid", "entity": "P1", "company": "Y2", "price": 275},
    {"kind": "bid", "entity": "P2", "company": "Y2", "price": 525},
    {"kind": "bid", "entity": "P3", "company": "Y2", "price": 540},
    {"kind": "bid", "entity": "P1", "company": "Y2", "price": 545},
    {"kind": "pass", "entity": "P2"},
    {"kind": "pass", "entity": "P3"},
    {"kind": "bid", "entity": "P2", "company": "Y5", "price": 200},
    {"kind": "pass", "entity": "P3"},
    {"kind": "bid", "entity": "P3", "company": "G1", "price": 190},
    {"kind": "pass", "entity": "P2"},
    {"kind": "bid", "entity": "P2", "company": "G4", "price": 300},
    {"kind": "pass", "entity": "P3"},
    {"kind": "pass", "entity": "P3"},
    {"kind": "bid", "entity": "P2", "company": "B6", "price": 45},
    {"kind": "pass", "entity": "P3"},
    {"kind": "par", "entity": "P3", "corporation": "RG", "share_price": 65},
    {"kind": "pass", "entity": "P1"},
    {"kind": "pass", "entity": "P2"},
    {"kind": "buy_shares", "entity": "P3", "shares": ["VGC_0"]},
    {"kind": "pass", "entity": "P1"},
    {"kind": "pass", "entity": "P2"},
    {"kind": "par", "entity": "P3", "corporation": "PAV", "share_price": 65},
    {"kind": "pass", "entity": "P1"},
    {"kind": "pass", "entity": "P2"},
    {"kind": "buy_shares", "entity": "P3", "shares": ["VGC_1"]},
    {"kind": "pass", "entity": "P1"},
    {"kind": "pass", "entity": "P2"},
    {"kind": "pass", "entity": "P3"},
    {"kind": "lay_tile", "entity": "RG", "hex": "L4", "tile": "7", "rotation": 3},
    {"kind": "choose", "entity": "RG", "choice": "B"},
    {"kind": "lay_tile", "entity": "RG", "hex": "M3", "tile": "3", "rotation": 0},
    {"kind": "lay_tile", "entity": "RG", "hex": "M5", "tile": "7", "rotation": 2},
    {"kind": "choose", "entity": "RG", "choice": "D"},
    {"kind": "lay_tile", "entity": "RG", "hex": "K3", "tile": "58", "rotation": 4},
    {"kind": "lay_tile", "entity": "RG", "hex": "K5", "tile": "8", "rotation": 3},
    {"kind": "choose", "entity": "RG", "choice": "A"},
    {"kind": "choose", "entity": "RG", "choice": "B"},
    {"kind": "choose", "entity": "RG", "choice": "A"},
]
"""Three greedy bots' opening of an 18RoyalGorge game (seed 5, compat) up to Rio Grande's
first track step, where it has named steel columns A, B, A: the position where the greedy
bot without the rule below kept naming columns."""


def test_greedy_moves_on_where_a_turn_offers_moves_that_change_nothing_lasting() -> None:
    """18RoyalGorge with ``compat_18xx_games`` lets a railroad name a steel column again and
    again during its track step (18xx.games does), each naming a position of its own but
    none better: the greedy bot never comes back to a position of the same run of its own
    moves, so it leaves the step instead of naming columns for ever."""
    from roundhouse.bots.greedy import GreedyBot
    from roundhouse.core.canonical import digest

    game = roundhouse.new_game(
        "18RoyalGorge", ["P1", "P2", "P3"], seed=5, options={"compat_18xx_games": True}
    )
    for move in GREEDY_STEEL_OPENING:
        game.apply({**move, "player": next(p for p in game.acting)})
    seat = game.acting[0]
    for seed in (3, 4, 5):
        here = game.clone()
        greedy = GreedyBot(seed, node_budget=24)
        seen = {digest(here.state)}
        for _ in range(40):
            if here.acting != (seat,):
                break
            here.apply(greedy.choose(here, seat))
            position = digest(here.state)
            assert position not in seen, f"bot seed {seed} came back to a position of its run"
            seen.add(position)


def test_chicago_express_heuristic_does_not_sink_all_its_cash_in_the_first_share() -> None:
    """Issue #21: the old bot bid all $30 on the first share.  §4.1: the first PRR share
    opens at $7; a share that will be diluted by two more is not worth a player's whole
    purse when three more companies are still to be auctioned."""
    game = roundhouse.new_game("ChicagoExpress", ["A", "B", "C", "D"], seed=1)
    bots = {p: make_bot("heuristic", i) for i, p in enumerate(game.players)}
    while game.prompt().round == "initial auction":
        player = game.acting[0]
        game.apply(bots[player].choose(game, player))
    paid = [30 - (r.cash or 0) for r in game.standings()]
    assert max(paid) < 30
    assert sum(1 for r in game.standings() if r.shares) >= 3  # the shares are spread around


def test_royal_gorge_heuristic_starts_railroads_in_the_first_stock_round() -> None:
    """Issue #21: no bot started a company until the fourth stock round.  The heuristic
    player starts one at once ("Starting a company"), and the railroads it starts buy trains
    in their first operating round ("5. Buy Trains")."""
    game = roundhouse.new_game("18RoyalGorge", ["A", "B", "C"], seed=5)
    bots = {p: make_bot("heuristic", i) for i, p in enumerate(game.players)}
    while not game.prompt().round.startswith("OR 1"):
        player = game.acting[0]
        game.apply(bots[player].choose(game, player))
    presidents = [r.president for r in game.table().companies if r.kind == "railroad"]
    assert sum(p is not None for p in presidents) >= 2
    while game.prompt().round.startswith("OR 1"):
        player = game.acting[0]
        game.apply(bots[player].choose(game, player))
    started = [r for r in game.table().companies if r.kind == "railroad" and r.president]
    assert all(r.trains for r in started)


def test_mcts_picks_legal_moves_within_its_iteration_budget() -> None:
    """A few searched moves of a Chicago Express game; the search counts its iterations."""
    game = roundhouse.new_game("ChicagoExpress", ["A", "B", "C"], seed=2)
    searcher = make_bot("mcts", 7, iterations=12)
    assert isinstance(searcher, MctsBot)
    others = {p: make_bot("heuristic", i) for i, p in enumerate(game.players)}
    searched = 0
    while searched < 4:
        player = game.acting[0]
        bot = searcher if player == "A" else others[player]
        action = bot.choose(game, player)
        assert action in game.legal_actions(player)
        if player == "A" and len(game.legal_actions(player)) > 1:
            assert searcher.last_iterations == 12
            searched += 1
        game.apply(action)


def test_mcts_rewards_are_winning_chances() -> None:
    """A finished game's winners share 1 (as the game names them: 18West §9's sole solvent
    player wins with the lower score); before the end, a softmax of the estimates."""
    assert rewards({"a": 10.0, "b": 10.0, "c": 3.0}, winners=("a", "b")) == {
        "a": 0.5,
        "b": 0.5,
        "c": 0.0,
    }
    assert rewards({"a": 10.0, "c": 3.0}, winners=("c",)) == {"a": 0.0, "c": 1.0}
    live = rewards({"a": 60.0, "b": 40.0}, winners=None)
    assert live["a"] > live["b"] and abs(sum(live.values()) - 1.0) < 1e-9


def test_determinising_keeps_what_the_seat_sees() -> None:
    """A copy for the search replays the same moves on another seed and must look the same to
    the searching seat (in the toy title the seed draws the pile, which everyone sees); both
    playable titles show every seat everything, so there the search plays the game itself."""
    import tests.toy_title  # noqa: F401  (registers "Toy")
    from roundhouse.bots.mcts import complete_information, determinized
    from roundhouse.core.rng import Rng

    toy = roundhouse.new_game("Toy", ["a", "b"], seed=3)
    toy.apply(toy.legal_actions()[0])
    copy = determinized(toy, "b", Rng(1), tries=4)
    assert copy is not toy and copy.log == toy.log
    assert copy.observe("b") == toy.observe("b")
    assert complete_information(toy)
    assert complete_information(roundhouse.new_game("ChicagoExpress", ["a", "b"], seed=1))


def _royal_gorge_at_first_lay() -> roundhouse.Game:
    """Three heuristic players' 18RoyalGorge game (seed 5) at its first operating turn's track
    step."""
    game = roundhouse.new_game("18RoyalGorge", ["A", "B", "C"], seed=5)
    bots = {p: make_bot("heuristic", i) for i, p in enumerate(game.players)}
    while not (game.prompt().round.startswith("OR") and game.prompt().step == "track"):
        player = game.acting[0]
        game.apply(bots[player].choose(game, player))
    return game


def test_royal_gorge_search_plans_rank_each_kind_and_meet_every_kind_early() -> None:
    """The search widens one plan at a time, so the order of the plans is what it tries: the
    heuristic's move first, then the best of each other kind (not passing is one choice,
    passing another), then the next best of each; lays ranked by how their track points at
    revenue, not in list order."""
    from roundhouse.core.rng import Rng
    from roundhouse.titles.g18royalgorge.bot.model import read
    from roundhouse.titles.g18royalgorge.bot.policy import RoyalGorgePolicy

    game = _royal_gorge_at_first_lay()
    player = game.acting[0]
    policy = RoyalGorgePolicy(1)
    plans = policy.plans(game, player, Rng(1))
    legal = game.legal_actions(player)
    assert plans[0] == [policy.choose(game, player, Rng(1))]
    assert all(len(p) == 1 and p[0] in legal for p in plans)
    kinds = {a.kind for a in legal if a != plans[0][0]}
    assert {p[0].kind for p in plans[1 : 1 + len(kinds)]} == kinds
    company = policy._entity(read(game))
    assert company is not None
    ranked = [a for a in policy._rank_lays(game, company, legal.of_kind("lay_tile"))]
    offered = [p[0] for p in plans[1:] if p[0].kind == "lay_tile"]
    assert offered == [a for a in ranked if a != plans[0][0]][: len(offered)]
    assert offered != [a for a in legal.of_kind("lay_tile") if a != plans[0][0]][: len(offered)]


def test_royal_gorge_search_plans_play_the_operating_turn_to_its_end() -> None:
    """``follow`` plays a searched move and then the railroad's turn as the heuristic would
    (lays, run, dividend, trains: 18RoyalGorge "Operating Rounds"), so the search judges a lay
    by the run it gives; the moves it returns replay to the same position."""
    from roundhouse.core.rng import Rng
    from roundhouse.titles.g18royalgorge.bot.policy import RoyalGorgePolicy

    game = _royal_gorge_at_first_lay()
    player = game.acting[0]
    turn = (game.prompt().round, game.prompt().entity)
    policy = RoyalGorgePolicy(1)
    for plan in policy.plans(game, player, Rng(1))[:4]:
        trial = game.clone()
        played = policy.follow(trial, plan, player, Rng(2))
        assert played[: len(plan)] == plan and len(played) > len(plan)
        assert (trial.prompt().round, trial.prompt().entity) != turn
        assert any(a.kind == "dividend" for a in played)
        again = game.clone()
        for action in played:
            again.apply(action)
        assert again.state_hash() == trial.state_hash()
