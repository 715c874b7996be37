"""Bots think in worker processes (roundhouse/server/bot_pool.py, issue #20: a bot thinking in
the app's own process slowed every page while it thought).

A move thought in a worker process must be the move the same bot makes in this process (each
game keeps to one process, where its bots and their random draws live), a title registered by
a test must be known there too, and the game a worker keeps is brought up to date by the
actions played since, or loaded afresh after an undo.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import tests.toy_title  # noqa: F401  (registers "Toy")
from roundhouse.bots import make_bot
from roundhouse.core.actions import Json
from roundhouse.core.game import new_game
from roundhouse.core.title import REGISTRY
from roundhouse.server.bot_pool import BotPool, BotRequest, GameShelf


def request(doc: dict[str, Json], seat: str, level: str = "random") -> BotRequest:
    return BotRequest(
        game_id="g1",
        title_where=REGISTRY.where(str(doc["title"])),
        doc=doc,
        seat=seat,
        level=level,
        bot_seed=7,
    )


def play_with(pool: BotPool, title: str, players: list[str], moves: int) -> list[dict[str, Json]]:
    """Bots' moves, each thought by ``pool`` on the save file and then played."""
    game = new_game(title, players, seed=3)

    async def run() -> list[dict[str, Json]]:
        chosen = []
        for _ in range(moves):
            if game.finished:
                break
            action = await pool.choose(request(game.to_doc(), game.acting[0]))
            game.apply(action)
            chosen.append(action)
        return chosen

    # A thread of its own: in a pytest worker that ran a browser test first, Playwright's sync
    # API leaves an event loop running in the main thread, where asyncio.run() refuses to start.
    try:
        with ThreadPoolExecutor(max_workers=1) as thread:
            return thread.submit(asyncio.run, run()).result()
    finally:
        pool.close()


def test_a_worker_process_makes_the_moves_the_bot_makes_here() -> None:
    """Same seeds, same moves: the worker process (a title registered by this test module
    included) against a thread of this process, and against the bot played directly."""
    in_process = play_with(BotPool(1), "Toy", ["Ann", "Bob"], 12)
    in_thread = play_with(BotPool(0), "Toy", ["Ann", "Bob"], 12)
    assert in_process == in_thread
    game = new_game("Toy", ["Ann", "Bob"], seed=3)
    bots = {}
    direct = []
    for _ in in_process:
        seat = game.acting[0]
        bot = bots.setdefault(seat, make_bot("random", seed=7))
        direct.append(game.apply(bot.choose(game.clone(), seat)).to_json())
    assert in_process == direct


def test_an_18xx_game_moves_in_a_worker_process() -> None:
    moves = play_with(BotPool(1), "18RoyalGorge", ["Ann", "Bob", "Cy"], 6)
    assert len(moves) == 6
    assert all(m["player"] in ("Ann", "Bob", "Cy") for m in moves)


def test_the_shelf_plays_only_the_new_actions_and_reloads_after_an_undo() -> None:
    game = new_game("Toy", ["Ann", "Bob"], seed=3)
    game.apply({"kind": "take", "player": "Ann", "count": 2})
    shelf = GameShelf()
    kept = shelf.game("g1", game.to_doc())
    game.apply({"kind": "take", "player": "Bob", "count": 1})
    later = shelf.game("g1", game.to_doc())
    assert later is kept and len(later.log) == 2
    game.undo(2)
    game.apply({"kind": "take", "player": "Ann", "count": 3})
    undone = shelf.game("g1", game.to_doc())
    assert undone is not kept
    assert [a.to_json() for a in undone.log] == [a.to_json() for a in game.log]
    assert undone.state_hash() == game.state_hash()


def test_the_shelf_keeps_a_bounded_number_of_games() -> None:
    shelf = GameShelf(size=2)
    docs = {gid: new_game("Toy", ["Ann", "Bob"], seed=i).to_doc() for i, gid in enumerate("abc")}
    first = shelf.game("a", docs["a"])
    shelf.game("b", docs["b"])
    shelf.game("c", docs["c"])
    assert shelf.game("a", docs["a"]) is not first


def modules_loaded() -> list[str]:
    """Which of the bots' and titles' modules a worker process has imported (run there)."""
    import sys

    return sorted(m for m in sys.modules if m.startswith(("roundhouse.bots", "roundhouse.titles")))


def test_a_warmed_worker_has_the_bots_and_titles_before_any_move() -> None:
    """The lanes start with the app (issue #20: a bot's first move in a new server's first game
    came ~6-10 s late, nearly all of it a fresh worker importing the engine and the title,
    the bid itself 0.1 s): once warmed, the worker already holds the bots and every title's
    heuristic policy."""
    pool = BotPool(1)
    try:
        for started in pool.warm():
            started.result(timeout=300)
        loaded = pool._lane_pool(0).submit(modules_loaded).result(timeout=60)
    finally:
        pool.close()
    assert "roundhouse.bots" in loaded
    for folder in ("chicago_express", "g18royalgorge", "g18usa", "g18us", "g18west"):
        assert f"roundhouse.titles.{folder}.bot" in loaded, folder
