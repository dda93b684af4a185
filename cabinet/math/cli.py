"""Command line of the math toolchain: `python -m cabinet.math VERB ...`.

GAME is a game id under games/ or a dotted module path exposing GAME (e.g.
tests.toygame). A mistake (an unknown game, mode or option, a library that does not
load) prints one line and exits 2; heavy imports (matplotlib, dask, tqdm) happen only
in the verbs that need them. Anything that runs longer than a moment shows progress.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path
from typing import NoReturn

from cabinet.core import books as B

VERIFY_SAMPLE = 20_000      # natural books per mode a plain `verify` regenerates by play


class UserError(Exception):
    """A mistake on the command line: one line, exit 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:          # one line, exit 2, no usage dump
        sys.stderr.write(f"{self.prog}: error: {message} (see {self.prog} --help)\n")
        raise SystemExit(2)


def _modes_help() -> str:
    """Every game's mode ids, for the --mode options' help."""
    from cabinet.core.game import discover
    return "; ".join(f"{gid}: {', '.join(m.id for m in spec.modes)}" for gid, spec in discover().items())


def parser() -> argparse.ArgumentParser:
    modes = _modes_help()
    ap = _Parser(prog="python -m cabinet.math", description=__doc__.splitlines()[0],
                 epilog="Run `python -m cabinet.math VERB --help` for a verb's options.")
    sub = ap.add_subparsers(dest="verb", required=True, metavar="VERB", parser_class=_Parser)

    def verb(name: str, text: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=text, description=text.replace("%%", "%"))   # help is %-formatted

    def game(p: argparse.ArgumentParser) -> None:
        p.add_argument("game", metavar="GAME", help="game id under games/, or a dotted module exposing GAME")

    def books_dir(p: argparse.ArgumentParser) -> None:
        p.add_argument("--books-dir", metavar="DIR", help="library directory (default: games/<id>/books)")

    def workers(p: argparse.ArgumentParser, default: int) -> None:
        p.add_argument("--workers", type=int, default=default, metavar="K",
                       help=f"worker processes (default {default})")

    p = verb("build", "generate, weight, verify and install book libraries")
    p.add_argument("game", metavar="GAME", help="game id under games/, a dotted module exposing GAME, or 'all' "
                   "(every game under games/, one pool of workers)")
    p.add_argument("--mode", action="append", metavar="MODE", help=f"only this mode (repeatable); modes: {modes}")
    p.add_argument("--books", type=int, metavar="N", help="natural books per mode (default: the game's "
                   "book_counts, else 300,000 a spin mode and 10,000 a buy)")
    workers(p, 1)
    p.add_argument("--out", metavar="DIR", help="install here instead of games/<id>/books (with 'all': DIR/<id>)")
    p.add_argument("--seed", type=int, metavar="N", help="build seed (default: the toolchain's fixed seed)")
    p.add_argument("--scheduler", metavar="ADDR", help="run on a Dask cluster (tcp://host:port, or 'local' for a "
                   "LocalCluster of --workers processes); the library is byte-identical")
    p.add_argument("--plan", action="store_true", help="only print each stratum's expected CPU seconds (the last "
                   "builds' cost a book, kept in the user's cache, times the books planned) and build nothing")
    p.add_argument(
        "--check",
        action="store_true",
        help="rebuild into a temporary folder and compare every array "
        "of every mode file and the manifest with the installed library (games/<id>/books, or --out): one "
        "line a mode, 'identical' or the first array that differs; exit 1 on any difference; installs nothing",
    )

    p = verb("find-books", "record the first accepted attempts of a game's forced books' searches in its "
             "found.json, so build checks one attempt a book instead of searching")
    p.add_argument("game", metavar="GAME", help="game id under games/, or 'all'")
    workers(p, 2)
    p.add_argument("--check", action="store_true", help="search every book again from attempt 0 and compare with "
                   "the record (as slow as finding them); exit 1 on any difference")
    p.add_argument("--repair", action="store_true", help="write the fresh attempts even where they differ from the "
                   "record (a stale or altered one)")

    p = verb("rtp", "figures of the shipped libraries (exact RTP per mode)")
    game(p)
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    books_dir(p)

    p = verb("show", "regenerate one book and print its events")
    game(p)
    p.add_argument("--mode", required=True, metavar="MODE", help=f"the book's mode; modes: {modes}")
    p.add_argument("--book", type=int, required=True, metavar="N", help="book id (index in the mode's library)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    books_dir(p)

    p = verb("evaluate", "evaluate boards read as JSON lines on stdin ({\"board\": [[symbol, ...], ...]})")
    game(p)
    p.add_argument("--paytable", action="store_true", help="print the paytable instead")

    p = verb("sim", "live Monte Carlo of the rules (no books)")
    game(p)
    p.add_argument("--mode", required=True, metavar="MODE", help=f"mode to play; modes: {modes}")
    p.add_argument("--rounds", type=int, required=True, metavar="N", help="rounds to play")
    workers(p, 1)
    p.add_argument("--scheduler", metavar="ADDR", help="Dask scheduler address (tcp://host:port), or 'local' for "
                   "a LocalCluster of --workers processes")
    p.add_argument("--seed", type=int, metavar="N", help="simulation seed (default: the toolchain's fixed seed)")
    p.add_argument("--engine", choices=["auto", "simulate", "play"], default="auto",
                   help="vectorised simulate (auto when the game has one) or per-round play")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")

    p = verb("agree", "check the vectorised simulate against play (two-sample tests at 99%%)")
    game(p)
    p.add_argument(
        "--mode", action="append", metavar="MODE", help=f"mode (repeatable; default every mode); modes: {modes}"
    )
    p.add_argument(
        "--rounds", type=int, default=1_000_000, metavar="N", help="play rounds per spin mode (default 1,000,000)"
    )
    p.add_argument("--buy-rounds", type=int, default=100_000, metavar="N",
                   help="play rounds per buy or side mode (default 100,000)")
    p.add_argument("--sim-factor", type=int, default=1, metavar="K", help="simulate K times as many rounds (default 1)")
    workers(p, 2)

    p = verb("fidelity", "compare a fresh run of the rules with the shipped library figure by figure (fine payout "
             "bins, feature rates and routes, means given each, tail past the library's top); writes "
             "<id>_fidelity.md beside the PAR sheet; exit 1 when anything is flagged")
    game(p)
    p.add_argument(
        "--mode", action="append", metavar="MODE", help=f"mode (repeatable; default every mode); modes: {modes}"
    )
    p.add_argument(
        "--rounds", type=int, default=1_000_000, metavar="N", help="rules rounds per spin mode (default 1,000,000)"
    )
    p.add_argument("--buy-rounds", type=int, default=300_000, metavar="N",
                   help="rules rounds per buy or side mode (default 300,000)")
    workers(p, 2)
    p.add_argument("--seed", type=int, metavar="N", help="the fresh run's seed (default: the tool's fixed seed)")
    p.add_argument("--out", metavar="DIR", help="folder of the report (default games/<id>/par)")
    books_dir(p)

    p = verb("tails", "estimate each mode's 1-in-10^6 and 1-in-10^7 payout quantiles of the rules (stratum by "
             "stratum: a fresh plain run + fresh draws of each forced stratum's own generator x its share) with 99%% "
             "intervals against the library's top; writes <id>_tails.md and .json beside the PAR sheet; exit 1 when "
             "a top is below its 1-in-10^7 quantile")
    game(p)
    p.add_argument(
        "--mode", action="append", metavar="MODE", help=f"mode (repeatable; default every mode); modes: {modes}"
    )
    p.add_argument("--rounds", type=int, default=1_000_000, metavar="N",
                   help="plain rules rounds per spin mode (default 1,000,000)")
    p.add_argument("--buy-rounds", type=int, default=300_000, metavar="N",
                   help="plain rules rounds per buy or gamble mode; a mode read as a sum of independent steps "
                        "(a game's tools/tail_bounds.py sum_law) draws that many rounds' steps (default 300,000)")
    p.add_argument("--forced", type=int, default=500, metavar="N",
                   help="fresh draws per forced stratum (default 500)")
    p.add_argument("--split-roots", type=int, default=2_000_000, metavar="N",
                   help="roots of a mode read by multilevel splitting (a game's tools/tail_bounds.py split_tail; "
                        "default 2,000,000)")
    p.add_argument("--cond-roots", type=int, default=200_000, metavar="N",
                   help="roots of a mode read by conditional Monte Carlo (a game's tools/tail_bounds.py cond_tail; "
                        "default 200,000)")
    p.add_argument("--merge", action="store_true", help="keep the modes of the folder's report of the same "
                   "libraries that this run does not read (run one mode again with more draws)")
    workers(p, 2)
    p.add_argument("--seed", type=int, metavar="N", help="the run's seed (default: the tool's fixed seed)")
    p.add_argument("--out", metavar="DIR", help="folder of the report (default games/<id>/par)")
    books_dir(p)

    p = verb("rates", "measure the rules' feature rates (games/<id>/rates.json, which the builder holds)")
    game(p)
    p.add_argument("--rounds", type=int, default=10**7, metavar="N", help="rounds per spin mode (default 10,000,000)")
    p.add_argument("--other-rounds", type=int, default=300_000, metavar="N",
                   help="rounds per buy or side mode (default 300,000)")
    workers(p, 2)
    p.add_argument("--scheduler", metavar="ADDR", help="Dask scheduler address, or 'local'")
    p.add_argument("--out", metavar="FILE", help="write here instead of games/<id>/rates.json")

    p = verb("par", "write the PAR sheet (Markdown, JSON, PNG plots)")
    game(p)
    p.add_argument("--out", required=True, metavar="DIR", help="directory for <id>_par.md, .json and the plots")
    books_dir(p)
    p.add_argument("--sim-rounds", type=int, default=10**7, metavar="N",
                   help="live-rules rounds per spin mode (default 10,000,000; buys and side modes get 1/200)")
    workers(p, 2)
    p.add_argument("--fresh-sources", action="store_true",
                   help="recompute the RTP by source from every book even when DIR or games/<id>/par holds "
                        "<id>_sources.json for these very libraries")

    p = verb("verify", "regenerate books and check them against the library")
    game(p)
    books_dir(p)
    p.add_argument("--sample", type=int, metavar="N", default=VERIFY_SAMPLE,
                   help=f"natural books per mode regenerated by play (default {VERIFY_SAMPLE:,}); every natural "
                        "book is also regenerated by the game's seed-exact batch engine, every forced book by play")
    p.add_argument("--every-book", action="store_true",
                   help="regenerate every natural book by play too (a lab's full check: minutes a game)")
    workers(p, 2)

    p = verb("bench", "speed figures: rounds/s of play, simulate and book generation; build/verify times")
    p.add_argument("games", nargs="*", metavar="GAME", help="games (default: every game under games/)")
    p.add_argument("--rounds", type=int, default=100_000, metavar="N",
                   help="rounds per play measurement (simulate gets 20x as many; default 100,000)")
    p.add_argument("--no-build", action="store_true", help="skip the library build/verify timing")
    p.add_argument("--regen", action="store_true", help="instead: the cost of Library.round per book, "
                   "per mode and stratum (median and worst)")
    p.add_argument("--regen-sample", type=int, metavar="N", help="with --regen: books timed per forced stratum "
                   "(default: every one)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")

    p = verb("tamper", "alter every shipped book file as a tester would and show each one refused")
    p.add_argument("games", nargs="*", metavar="GAME", help="games (default: every game under games/)")

    p = verb("manifest", "write manifest.sha256, the sha256 of every critical file, and sign it into "
             "manifest.sha256.sig (python main.py --verify and every start check both; docs/signing.md)")
    p.add_argument("--check", action="store_true", help="only compare; exit 2 naming each file that differs "
                   "or a signature that does not verify")
    p.add_argument("--key", metavar="PATH", help="sign with this Ed25519 private key (PKCS8 PEM, the release "
                   "key); default: $SLOT_CABINET_RELEASE_KEY or /root/.slot-cabinet/release_ed25519.pem if present, "
                   "else the development key ~/.config/slot-cabinet/dev_ed25519.pem (made if missing)")

    p = verb("compile", "compile each game's hottest round modules with mypyc into a cache folder, for the math "
             "tools (the same source, about 1.5x faster; the cabinet runs the Python; cabinet/math/compiled.py)")
    p.add_argument("--status", action="store_true", help="only say what the tools would run (compiled or the "
                   "Python) and why")
    return ap


MAX_WORKERS = 64             # worker processes one command may start
MAX_COUNT = 10**10           # rounds or books one command may be asked for


def _check_args(args: argparse.Namespace) -> None:
    """Game and mode arguments exist; counts are positive."""
    for name in ("rounds", "books", "buy_rounds", "forced", "split_roots", "cond_roots", "other_rounds", "sim_rounds",
                 "sample", "regen_sample", "workers", "sim_factor"):
        v = getattr(args, name, None)
        top = MAX_WORKERS if name == "workers" else MAX_COUNT
        if v is not None and (v < 1 and not (name == "sim_rounds" and v == 0) or v > top):
            raise UserError(f"--{name.replace('_', '-')} must be a whole number from 1 to {top:,}, got {v}")
    seed = getattr(args, "seed", None)
    if seed is not None and not 0 <= seed < 2**63:
        raise UserError(f"--seed must be a whole number from 0 to 2**63 - 1, got {seed}")
    scheduler = getattr(args, "scheduler", None)
    if scheduler is not None and scheduler != "local" and not re.fullmatch(r"(tcp|tls)://[^\s:/]+:\d{1,5}", scheduler):
        raise UserError(f"--scheduler {scheduler!r}: allowed: 'local', or a Dask scheduler's address tcp://host:port")
    if getattr(args, "game", None) == "all" and getattr(args, "mode", None):
        raise UserError("--mode names a mode of one game; with 'all' every mode of every game is built")
    ref = getattr(args, "game", None)
    if ref is not None and ref != "all":
        spec = B.resolve_game(ref)
        wanted = getattr(args, "mode", None)
        for mode in [wanted] if isinstance(wanted, str) else wanted or []:
            if mode not in {m.id for m in spec.modes}:
                raise UserError(f"{spec.id} has no mode {mode!r}; allowed: {', '.join(m.id for m in spec.modes)}")
    _check_out(args)            # last: par makes its DIR, so not for a game or mode it refuses


def _check_out(args: argparse.Namespace) -> None:
    """--out can be written, before any work starts: par's DIR is made and written to,
    build's DIR has a writable folder to be made in, rates' FILE a writable folder."""
    import tempfile
    out = getattr(args, "out", None)
    if out is None or args.verb not in ("par", "build", "rates", "fidelity", "tails"):
        return
    path = Path(out)
    kind = "FILE" if args.verb == "rates" else "DIR"
    try:
        if not str(out).strip():
            raise OSError("an empty name")
        if args.verb in ("par", "fidelity", "tails"):
            path.mkdir(parents=True, exist_ok=True)
            folder = path
        elif args.verb == "rates":
            if path.is_dir():
                raise OSError("it is a folder")
            folder = path.parent
        else:
            folder = path if path.is_dir() else next(p for p in path.parents if p.exists())
        if not folder.is_dir():
            raise OSError(f"{str(folder)!r} is not a folder")
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".out-"):
            pass
    except (OSError, ValueError) as exc:
        why = getattr(exc, "strerror", None) or exc
        raise UserError(f"--out {out!r} cannot be written ({why}); allowed: a {kind.lower().replace('dir', 'folder')} "
                        f"this user can create and write") from None
    if args.verb == "rates" and not os.access(folder, os.W_OK):
        raise UserError(f"--out {out!r}: folder {str(folder)!r} is not writable")


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        _check_args(args)
        return _run(args) or 0
    except (UserError, B.LibraryError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:          # the reader went away (`| head`): stop quietly, as a shell tool does
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except Exception as exc:  # build/optimizer errors: one clear line, exit 2
        from .build import BuildError
        if isinstance(exc, BuildError):
            print(f"error: {exc}", file=sys.stderr)
            return 2
        raise
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


def _run(args: argparse.Namespace) -> int | None:
    if args.verb == "build":
        from .build import DEFAULT_SEED, build_games
        games = _all_games() if args.game == "all" else [args.game]
        if args.check and args.plan:
            raise UserError("--check rebuilds and compares; --plan builds nothing: give one of them")
        differ: list[str] | None = [] if args.check else None
        build_games(games, args.mode, args.books, args.workers, args.out,
                    DEFAULT_SEED if args.seed is None else args.seed, progress=True, scheduler=args.scheduler,
                    plan_only=args.plan, check=differ)
        if differ is not None:
            print(f"{len(differ)} difference(s) from the installed libraries" if differ
                  else "the rebuilt libraries are identical to the installed ones")
            return 1 if differ else 0
    elif args.verb == "find-books":
        from .find_books import find_books_command
        return find_books_command(_all_games() if args.game == "all" else [B.resolve_game(args.game).id],
                                  args.workers, args.check, args.repair)
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
    elif args.verb == "fidelity":
        from .fidelity import fidelity_command
        return fidelity_command(args)
    elif args.verb == "tails":
        from .tails_report import tails_command
        return tails_command(args)
    elif args.verb == "rates":
        from .rates import rates_command
        return rates_command(args.game, args.rounds, args.other_rounds, args.workers, args.scheduler, args.out)
    elif args.verb == "par":
        from .par import par_command
        par_command(args.game, args.out, args.books_dir, args.sim_rounds, args.workers, args.fresh_sources)
    elif args.verb == "bench":
        if args.regen:
            from .bench_regen import regen_command
            regen_command(args.games, None, args.regen_sample, args.json)
        else:
            from .bench import bench_command
            bench_command(args.games, args.rounds, args.json, not args.no_build)
    elif args.verb == "verify":
        from .verify import verify_command
        return verify_command(args.game, args.books_dir, None if args.every_book else args.sample, args.workers)
    elif args.verb == "tamper":
        from .tamper import tamper_command
        return tamper_command(args.games)
    elif args.verb == "manifest":
        return manifest_command(args.check, args.key)
    elif args.verb == "compile":
        from .compiled import CompileError, compile_command
        try:
            return compile_command(args.status, [B.resolve_game(g) for g in _all_games()])
        except CompileError as exc:
            raise UserError(str(exc)) from None
    return None


def _all_games() -> list[str]:
    from cabinet.core.game import discover
    broken: dict[str, str] = {}
    games = list(discover(errors=broken))
    if broken:
        raise UserError("; ".join(f"game {gid} does not load: {err}" for gid, err in broken.items()))
    return games


def manifest_command(check: bool, key: str | None = None) -> int:
    """Write manifest.sha256 and sign it (or --check both)."""
    from cabinet.core import program, release, signing
    if check:
        if key is not None:
            raise UserError("--check does not use --key (it checks against the trusted keys)")
        verdict = release.check_program()
        for line in verdict.problems:
            print(line, file=sys.stderr)
        print(f"{len(verdict.found)} critical files, {len(verdict.problems)} difference(s); {verdict.signer_line()}")
        return 2 if verdict.problems else 0
    try:
        signer = signing.signing_key(key)[0]   # a key that cannot be used stops before anything is written
    except signing.ReleaseError as exc:
        raise UserError(f"--key: {exc}" if key is not None else str(exc)) from None
    found, _diff = program.verify()
    broken = program.book_differences(found)
    if broken:
        raise UserError(f"{broken[0]}: a library differs from its own manifest; rebuild or restore it first")
    from cabinet.core.game import discover
    from cabinet.math.found_record import check_found
    for spec in discover().values():
        try:
            if spec.math.found is not None:
                check_found(spec.math.found)
        except (ValueError, OSError, RecursionError) as exc:
            raise UserError(f"{exc}; fix or restore it first (the manifest would vouch for it)") from None
    path = program.write_manifest(found)
    data = path.read_bytes()
    (path.parent / release.SIG_NAME).write_text(signing.signature_text(data, signer))
    print(f"wrote {path.name}: {len(found)} critical files; {release.SIG_NAME}: signed by "
          f"{release.describe(release.raw_public(signer))}")
    return 0


def dump(obj) -> None:
    """Print JSON the same way everywhere."""
    json.dump(obj, sys.stdout, indent=2, sort_keys=False)
    sys.stdout.write("\n")
