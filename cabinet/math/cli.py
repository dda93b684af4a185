"""Command line of the math toolchain: `python -m cabinet.math VERB ...`.

VERBs: build, rtp, show, evaluate, sim, agree, par, verify, bench. GAME is a game id under games/
or a dotted module path exposing GAME (e.g. tests.toygame). Heavy imports
(matplotlib, dask, tqdm) happen only in the verbs that need them.
"""
from __future__ import annotations

import argparse
import json
import sys

from cabinet.core import books as B


def _game_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="game id under games/ or dotted module exposing GAME")


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m cabinet.math", description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="verb", required=True)

    p = sub.add_parser("build", help="generate and weight book libraries")
    p.add_argument("game", help="game id under games/, dotted module exposing GAME, or 'all' "
                   "(every game under games/, one pool of workers)")
    p.add_argument("--mode", action="append", help="only this mode (repeatable)")
    p.add_argument("--books", type=int, help="natural books per mode (default 100,000 spins / 10,000 buys)")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--out", help="output directory (default games/<id>/books)")
    p.add_argument("--seed", type=int, help="build seed (default: the toolchain's fixed seed)")

    p = sub.add_parser("rtp", help="figures of the shipped libraries")
    _game_arg(p)
    p.add_argument("--json", action="store_true")
    p.add_argument("--books-dir", help="library directory (default games/<id>/books)")

    p = sub.add_parser("show", help="regenerate one book and print its events")
    _game_arg(p)
    p.add_argument("--mode", required=True)
    p.add_argument("--book", type=int, required=True)
    p.add_argument("--json", action="store_true")
    p.add_argument("--books-dir")

    p = sub.add_parser("evaluate", help="evaluate boards read as JSON lines on stdin")
    _game_arg(p)
    p.add_argument("--paytable", action="store_true", help="print the paytable instead")

    p = sub.add_parser("sim", help="live Monte Carlo of the round generator")
    _game_arg(p)
    p.add_argument("--mode", required=True)
    p.add_argument("--rounds", type=int, required=True)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--scheduler", help="Dask scheduler address (tcp://host:port), or 'local' for a "
                   "LocalCluster of --workers processes")
    p.add_argument("--seed", type=int, help="simulation seed")
    p.add_argument("--engine", choices=["auto", "simulate", "play"], default="auto",
                   help="vectorised simulate (auto when the game has one) or per-round play")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("agree", help="check the vectorised simulate against play (two-sample 99% tests)")
    _game_arg(p)
    p.add_argument("--mode", action="append", help="mode (repeatable; default every mode)")
    p.add_argument("--rounds", type=int, default=1_000_000, help="play rounds per spin mode")
    p.add_argument("--buy-rounds", type=int, default=100_000, help="play rounds per buy (and side) mode")
    p.add_argument("--sim-factor", type=int, default=1, help="simulate this many times the play rounds")
    p.add_argument("--workers", type=int, default=2)

    p = sub.add_parser("par", help="write the PAR sheet (Markdown, JSON, PNG plots)")
    _game_arg(p)
    p.add_argument("--out", required=True)
    p.add_argument("--books-dir")
    p.add_argument("--sim-rounds", type=int, default=200_000,
                   help="rounds per mode for the natural RTP of the live rules")

    p = sub.add_parser("verify", help="regenerate books and check them against the library")
    _game_arg(p)
    p.add_argument("--books-dir")
    p.add_argument("--sample", type=int, help="books per mode (default: every book)")
    p.add_argument("--workers", type=int, default=2)

    p = sub.add_parser("bench", help="round generator speed and library build/verify times")
    p.add_argument("games", nargs="*", help="games (default: every game under games/)")
    p.add_argument("--rounds", type=int, default=100_000,
                   help="rounds per play measurement (simulate gets 20x as many)")
    p.add_argument("--no-build", action="store_true", help="skip the library build/verify timing")
    p.add_argument("--json", action="store_true")
    return ap


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        if args.verb == "build":
            from .build import DEFAULT_SEED, build_games
            if args.game == "all":
                from cabinet.core.game import discover
                broken: dict[str, str] = {}
                games = list(discover(errors=broken))
                if broken:
                    for gid, err in broken.items():
                        print(f"error: game {gid} does not load: {err}", file=sys.stderr)
                    return 2
            else:
                games = [args.game]
            build_games(games, args.mode, args.books, args.workers, args.out,
                        DEFAULT_SEED if args.seed is None else args.seed, progress=True)
        elif args.verb == "rtp":
            from .report import rtp_command
            rtp_command(args.game, args.json, args.books_dir)
        elif args.verb == "show":
            from .report import show_command
            return show_command(args.game, args.mode, args.book, args.json, args.books_dir)
        elif args.verb == "evaluate":
            from .report import evaluate_command
            evaluate_command(args.game, args.paytable, sys.stdin)
        elif args.verb == "sim":
            from .sim import sim_command
            sim_command(args)
        elif args.verb == "agree":
            from .agree import agree_command
            return agree_command(args.game, args.mode, args.rounds, args.buy_rounds, args.sim_factor, args.workers)
        elif args.verb == "par":
            from .par import par_command
            par_command(args.game, args.out, args.books_dir, args.sim_rounds)
        elif args.verb == "bench":
            from .bench import bench_command
            bench_command(args.games, args.rounds, args.json, not args.no_build)
        elif args.verb == "verify":
            from .verify import verify_command
            return verify_command(args.game, args.books_dir, args.sample, args.workers)
    except B.LibraryError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # build/optimizer errors: one clear line, non-zero exit
        from .build import BuildError
        if isinstance(exc, BuildError):
            print(f"error: {exc}", file=sys.stderr)
            return 2
        raise
    return 0


def dump(obj) -> None:
    """Print JSON the same way everywhere."""
    json.dump(obj, sys.stdout, indent=2, sort_keys=False)
    sys.stdout.write("\n")
