"""``roundhouse`` command line: titles, play, replay, render, fuzz, arena.

Sub-commands import what they need when they run, so ``roundhouse titles`` stays quick.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path


def _cmd_titles(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    import roundhouse

    table = Table(title="Titles")
    for column in ("id", "name", "players", "options"):
        table.add_column(column)
    for info in roundhouse.titles():
        options = info["options"]
        assert isinstance(options, list)
        table.add_row(
            str(info["id"]),
            str(info["name"]),
            f"{info['min_players']}–{info['max_players']}",
            ", ".join(f"{o['name']}={o['default']}" for o in options),
        )
    Console().print(table)
    return 0


def _parse_options(pairs: Sequence[str]) -> dict[str, object]:
    """``name=value`` pairs (:func:`roundhouse.core.title.parse_option_pairs`), a bad one
    ending the command with its message."""
    from roundhouse.core.errors import InvalidSetup
    from roundhouse.core.title import parse_option_pairs

    try:
        return parse_option_pairs(pairs)
    except InvalidSetup as exc:
        raise SystemExit(str(exc)) from None


def _cmd_play(args: argparse.Namespace) -> int:
    from rich.console import Console

    import roundhouse
    from roundhouse.bots import make_bot, parse_level
    from roundhouse.core.ids import PlayerId
    from roundhouse.terminal.play import play

    console = Console()
    if args.load:
        game = roundhouse.load(json.loads(Path(args.load).read_text()))
        players: list[str] = list(game.players)
    else:
        if args.names:
            players = [PlayerId(n.strip()) for n in args.names.split(",")]
        else:
            humans = args.players - args.bots
            # Table talk reads "Player 1 bids $7": a seat called "You" would read "You bids".
            players = [PlayerId(f"Player {i + 1}") for i in range(humans)]
            players += [PlayerId(f"Bot {i + 1}") for i in range(args.bots)]
        if len(players) != args.players and not args.names:
            raise SystemExit("--bots cannot exceed --players")
        try:
            game = roundhouse.new_game(
                args.title, players, seed=args.seed, options=_parse_options(args.option)
            )
        except roundhouse.InvalidSetup as exc:
            console.print(f"[red]{exc}[/red]")
            return 2
    n_bots = min(args.bots, len(players))
    bot_names = players[len(players) - n_bots :]
    try:
        level = parse_level(args.bot_level)
    except ValueError as exc:
        console.print(f"[red]{exc}[/red]")
        return 2
    bots = {
        name: make_bot(str(level), seed=args.seed * 1000 + i).choose
        for i, name in enumerate(bot_names)
    }
    if bots:
        console.print(f"Bots: {', '.join(bots)} play at level {level.label()}.")
    return play(
        game,
        bots,
        console,
        save_path=Path(args.save) if args.save else None,
        quiet_bots=args.quiet,
    )


def _cmd_replay(args: argparse.Namespace) -> int:
    from rich.console import Console

    from roundhouse.terminal.replay import replay

    doc = json.loads(Path(args.file).read_text())
    replay(doc, Console(), step=not args.no_pause)
    return 0


def _cmd_render(args: argparse.Namespace) -> int:
    from roundhouse.render.title import render_title

    try:
        svg = render_title(args.title)
    except ValueError as exc:
        print(f"roundhouse render: {exc}", file=sys.stderr)
        return 2
    Path(args.out).write_text(svg)
    print(f"wrote {args.out}")
    return 0


def _cmd_serve(args: argparse.Namespace) -> int:
    from roundhouse.server import run

    run(host=args.host, port=args.port, db_url=args.db)
    return 0


def _cmd_verify(args: argparse.Namespace) -> int:
    from roundhouse.interop.cli import verify_main

    return verify_main(args.files)


def _cmd_import(args: argparse.Namespace) -> int:
    from roundhouse.interop.cli import import_main

    return import_main(args.file, args.save)


def _cmd_export(args: argparse.Namespace) -> int:
    from roundhouse.interop.cli import export_main

    return export_main(args.game, args.format, args.out)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="roundhouse", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("titles", help="list the titles and their options")
    p.set_defaults(func=_cmd_titles)

    p = sub.add_parser("play", help="play a game in the terminal, against bots or hotseat")
    p.add_argument("title", help="title id, e.g. chicago-express")
    p.add_argument("--players", type=int, default=4, help="number of seats (default 4)")
    p.add_argument("--bots", type=int, default=0, help="how many seats (the last ones) are bots")
    p.add_argument(
        "--bot-level",
        default="heuristic",
        metavar="LEVEL",
        help="random, heuristic (default) or mcts with a strength 1-5 (mcts:strength=4) "
        "or a budget (mcts:time=2, mcts:iterations=500)",
    )
    p.add_argument("--names", help="comma-separated player names (overrides --players)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--save", metavar="FILE", help="write the game here after every move")
    p.add_argument("--load", metavar="FILE", help="continue a saved game")
    p.add_argument("--quiet", action="store_true", help="do not print the bots' moves")
    p.set_defaults(func=_cmd_play)

    p = sub.add_parser("replay", help="step through a saved game")
    p.add_argument("file")
    p.add_argument("--no-pause", action="store_true", help="print every step without waiting")
    p.set_defaults(func=_cmd_replay)

    p = sub.add_parser("render", help="draw a title's starting board as SVG")
    p.add_argument("title")
    p.add_argument("--out", default="map.svg")
    p.set_defaults(func=_cmd_render)

    p = sub.add_parser("serve", help="run the web app (lobby, games, bots) in the browser")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument(
        "--db",
        default=None,
        metavar="URL",
        help="SQLAlchemy database URL (default: $ROUNDHOUSE_DATABASE_URL or ./roundhouse.sqlite)",
    )
    p.set_defaults(func=_cmd_serve)

    p = sub.add_parser("verify", help="replay 18xx.games documents and compare the results")
    p.add_argument("files", nargs="+", metavar="FILE", help="documents or folders of them")
    p.set_defaults(func=_cmd_verify)

    p = sub.add_parser("import", help="import an 18xx.games document as a Roundhouse game")
    p.add_argument("file")
    p.add_argument("--save", required=True, metavar="OUT", help="where to write our save file")
    p.set_defaults(func=_cmd_import)

    p = sub.add_parser("export", help="write a saved Roundhouse game in another format")
    p.add_argument("game", metavar="GAME", help="a Roundhouse save file")
    p.add_argument("--format", default="18xx.games", choices=["18xx.games"])
    p.add_argument("--out", metavar="FILE", help="output file (default: standard output)")
    p.set_defaults(func=_cmd_export)

    sub.add_parser("fuzz", help="random full games with invariant checks (fuzz --help)")
    sub.add_parser("arena", help="bots against bots: win rates and ratings (arena --help)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["fuzz"]:  # the fuzz runner owns its options and --help
        from roundhouse.harness.fuzz import main as fuzz_main

        return fuzz_main(argv[1:])
    if argv[:1] == ["arena"]:  # so does the arena
        from roundhouse.arena.runner import main as arena_main

        return arena_main(argv[1:])
    args = build_parser().parse_args(argv)
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
