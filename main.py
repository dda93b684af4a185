"""Start the slot cabinet, or one of its command-line tools.

    python main.py                        # the cabinet in a window, on the lobby
    python main.py --kiosk                # fullscreen kiosk / cabinet mode
    python main.py --demo                 # review tools on, in a ledger of its own (<data_dir>/demo/)
    python main.py --check-config [FILE]  # validate a config file and exit
    python main.py --meters               # start without the window: balance and meters as JSON
    python main.py --audit                # audit the ledger in full: what was checked, exit 0 or 2
    python main.py --export-report DIR    # the operator's report set (CSV + JSON) into DIR, audited and logged
    python main.py --export-report DIR --forensic   # a ledger that failed its audit: read-only, marked UNVERIFIED
    python main.py --shots DIR [--game ID] [--lang TAG]  # render every scene to PNGs with an index.json
    python main.py --seed N               # reproducible RNG for demos
    python main.py --replay ROUND_ID      # review tools: replay a settled round of the ledger
    python main.py --replay-book GAME MODE BOOK   # review tools: replay any book of a library
    python main.py --clip ROUND_ID OUT.gif   # a round rendered to GIF (+ MP4) and a storyboard PNG
    python main.py --clip-book GAME MODE BOOK OUT.gif   # any book of a library, the same way
    python main.py --verify               # sha256 of every critical file against manifest.sha256, and its signer
    python main.py --frames N             # start, draw N frames (the lobby), stop: a smoke test (SDL_VIDEODRIVER=dummy)

Installed from the wheel, the same program is the `slot-cabinet` command (and
`python -m cabinet`); it reads the installed files (cabinet.core.resources) and keeps
its data in the user's data folder unless the config names one (docs/packaging.md).

User mistakes (a bad config, a bad argument) print one line and exit 2. A start and
--check-config run the same checks (cabinet.core.startup.prepare): what the check
accepts starts, what it refuses does not start. Both first check the program
(`program_check`: the signature of manifest.sha256 and every critical file's sha256,
docs/signing.md) before any config, game or book is read.
"""
from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

from cabinet.core.resources import help_command
from cabinet.core.resources import program_name as prog


def _quiet_audio_without_sound_card() -> None:
    """With no sound card, SDL's ALSA probe prints a page of errors: pick the silent
    driver instead (the cabinet runs silent either way). A user's choice is kept."""
    import os
    if "SDL_AUDIODRIVER" in os.environ:
        return
    cards = Path("/proc/asound/cards")
    try:
        none = not cards.exists() or "no soundcards" in cards.read_text()
    except OSError:
        none = True
    if none and sys.platform.startswith("linux"):
        os.environ["SDL_AUDIODRIVER"] = "dummy"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2, no usage dump
        sys.stderr.write(f"{prog()}: {message}; see {help_command()}\n")
        raise SystemExit(2)


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = _Parser(description="Desktop slot cabinet: Happy Money Hens, Grinning Harvest, Piggy Farm")
    p.add_argument("--config", metavar="FILE", help="config file (default: config.yaml beside main.py)")
    p.add_argument("--check-config", nargs="?", const="", metavar="FILE", help="validate a config file and exit")
    p.add_argument("--meters", action="store_true", help="print balance and meters as JSON and exit")
    p.add_argument("--audit", action="store_true", help="audit the ledger in full, print what was checked, exit")
    p.add_argument("--export-report", metavar="DIR", help="audit the ledger in full, write the operator's report "
                   "set (CSV + JSON summary) into DIR, print each file's sha256 and path, exit")
    p.add_argument("--forensic", action="store_true", help="with --export-report: a ledger that fails its audit, "
                   "exported read-only as it is, every file marked UNVERIFIED; nothing is written to the ledger")
    p.add_argument("--seed", type=int, metavar="N", help="seed the RNG for a reproducible demo")
    p.add_argument("--kiosk", action="store_true", help="fullscreen kiosk mode")
    p.add_argument("--demo", action="store_true", help="turn the review tools on (force menu, showcase) and play in a "
                   "ledger of its own, <data_dir>/demo/, that starts on demo_credit: the cabinet's own balance, meters "
                   "and history are not touched (with --replay or --clip: the cabinet's own ledger)")
    p.add_argument("--game", metavar="ID", help="open this game directly (or limit --shots to it)")
    p.add_argument("--shots", metavar="DIR", help="render every scene headless to PNGs in DIR and exit")
    p.add_argument("--lang", metavar="TAG", help="with --shots: render in this language (de-DE, es-ES, en-XA the "
                   "pseudo-locale ...; default: config's language.default)")
    p.add_argument("--windowed", action="store_true", help="force a window even if config says fullscreen")
    p.add_argument("--frames", type=_frame_count, metavar="N", help="draw N frames of the first screen (the lobby, "
                   "or --game's) and stop, exit 0: a smoke test, headless with SDL_VIDEODRIVER=dummy")
    p.add_argument("--replay", metavar="ROUND_ID", help="review tools: replay a settled round by its id")
    p.add_argument("--replay-book", nargs=3, metavar=("GAME", "MODE", "BOOK"),
                   help="review tools: replay one book of a game's library")
    from cabinet.ui import clip_cli
    clip_cli.add_arguments(p)
    p.add_argument("--verify", action="store_true", help="print the sha256 of every critical file (code, books, "
                   "assets) and the manifest's signer; exit 2 naming each one that differs from manifest.sha256, "
                   "or a signature that does not verify")
    args = p.parse_args(argv)
    _refuse_clashes(p, args)
    return args


# Each of these runs alone and exits (or replays one thing), with only the options
# listed beside it; a plain start takes every option but the commands.
COMMANDS = {"verify": (), "check_config": (), "audit": ("config",), "export_report": ("config", "forensic"),
            "meters": ("config",), "clip": ("config", "seed", "demo", "clip_fps", "clip_width"),
            "clip_book": ("config", "seed", "demo", "clip_fps", "clip_width"),
            "shots": ("config", "seed", "demo", "game", "lang"),
            "replay": ("config", "seed", "demo", "kiosk", "windowed", "frames"),
            "replay_book": ("config", "seed", "demo", "kiosk", "windowed", "frames")}


MAX_FRAMES = 100_000


def _frame_count(text: str) -> int:
    if not text.strip().isdigit() or not 1 <= int(text) <= MAX_FRAMES:
        raise argparse.ArgumentTypeError(f"--frames {text!r} is not allowed; allowed: a whole number from 1 to "
                                         f"{MAX_FRAMES}")
    return int(text)


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def _refuse_clashes(p: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """One command at a time, each with the options it uses: an option it would
    ignore (`--meters --audit`, `--verify --game nope`) is refused, as is an empty
    `--game`."""
    given = [k for k, v in vars(args).items() if v is not None and v is not False]      # 0 and "" are given
    commands = [k for k in given if k in COMMANDS]
    if len(commands) > 1:
        p.error(
            f"{' and '.join(_flag(k) for k in commands)} cannot be given together: give one of them (each runs alone)"
        )
    if args.game is not None and not args.game.strip():
        p.error("--game needs a game id (e.g. piggy_farm); without it the lobby opens")
    if commands:
        extra = [k for k in given if k not in COMMANDS and k not in COMMANDS[commands[0]]]
        if extra:
            allowed = ", ".join(_flag(k) for k in COMMANDS[commands[0]]) or "no other option"
            p.error(f"{_flag(commands[0])} does not use {', '.join(_flag(k) for k in extra)} "
                    f"(it takes {allowed})")
    elif args.forensic:
        p.error("--forensic goes with --export-report DIR")
    elif args.clip_fps is not None or args.clip_width is not None:
        p.error("--clip-fps and --clip-width go with --clip or --clip-book")
    elif args.lang is not None:
        p.error("--lang goes with --shots DIR (a player picks the language on the sound/settings panel; "
                "the operator sets language.default in config.yaml)")


def verify_program() -> int:
    """Program verification, as a lab runs it: every critical file's sha256 on stdout
    (sha256sum format), the manifest's digest and its signer, then each difference
    from the manifest (or a signature that does not verify) on stderr; exit 2 if any."""
    from cabinet.core import program, release
    verdict = release.check_program()
    for name, sha in verdict.found.items():
        print(f"{sha}  {name}")
    print(f"{len(verdict.found)} critical files; {program.MANIFEST_NAME} sha256 {program.manifest_digest()}")
    print(verdict.signer_line())
    for line in verdict.problems:
        sys.stderr.write(f"verify: {line}\n")
    return 2 if verdict.problems else 0


def program_check(config: str | None) -> None:
    """A start's first step, before the config, a game or a book is read: the signature
    of manifest.sha256 and every critical file's sha256 (cabinet.core.release). Refused
    naming the first bad file; a build signed by a development key starts only without
    real_play, saying so in one line on stderr."""
    from cabinet.core import release
    verdict = release.check_program()
    if verdict.problems:
        raise Refused(f"program check failed: {verdict.problems[0]}")
    if verdict.release:
        return
    from cabinet.core.config import load_config
    from cabinet.core.schema import ConfigError
    try:
        real_play = load_config(config or None).real_play
    except ConfigError:
        return                              # the config check that follows names the mistake
    if real_play:
        raise Refused(f"program check failed: {release.real_play_refusal(verdict)}")
    sys.stderr.write(f"development build signed by key {release.fingerprint(verdict.signer)}: not for real play\n")


class Refused(Exception):
    """A start refused: one line for stderr, and the exit code."""

    def __init__(self, line: str, code: int = 2):
        super().__init__(line)
        self.line, self.code = line, code


def _plan(path: str | None, create: bool, libraries=None):
    """The one validation (cabinet.core.startup.prepare): --check-config and a start."""
    from cabinet.core.schema import ConfigError
    from cabinet.core.startup import prepare
    try:
        plan = prepare(path or None, create=create, libraries=libraries)
    except ConfigError as exc:
        raise Refused(f"config error: {exc!s}") from None
    for problem in plan.problems:            # the operator menu's saved settings, ignored
        sys.stderr.write(f"operator settings: {problem}\n")
    return plan


def check_config(path: str | None, libraries=None) -> str:
    """`--check-config [FILE]`: every check a start makes, creating nothing; returns
    the ok line (Refused if the program or the config would not start)."""
    program_check(path)
    plan = _plan(path, create=False, libraries=libraries)
    refused = "".join(f"\n{gid}: not offered: {why}" for gid, why in plan.offer.refused.items())
    from cabinet.core import jurisdiction
    forced = jurisdiction.forces_line(plan.config)
    return f"{plan.config.source}: ok{refused}" + (f"\n{forced}" if forced else "")


DEMO_FOLDER = "demo"


def demo_data(cfg):
    """`--demo` plays in a ledger of its own, <data_dir>/demo/ (its witness, if one is
    configured, in <ledger_witness>/demo/): it starts on demo_credit, and its forced
    and showcase rounds never reach the cabinet's ledger, meters or balance. The
    operator's saved settings (<data_dir>/operator.json) still apply. Returns the
    config pointing there."""
    from dataclasses import replace
    from cabinet.core.config import report_path
    from cabinet.core.schema import ConfigError
    from cabinet.core.data_dir import make_data_dir
    cfg = replace(cfg, data_path=Path(cfg.data_path) / DEMO_FOLDER)
    if cfg.report_dir is None or not Path(cfg.report_dir).is_absolute():
        cfg = replace(cfg, report_path=report_path(cfg.data_path, cfg.report_dir))
    try:
        make_data_dir(cfg.data_path)
        if cfg.ledger_witness:
            cfg = replace(cfg, ledger_witness=str(Path(cfg.ledger_witness) / DEMO_FOLDER))
            make_data_dir(Path(cfg.ledger_witness), "ledger_witness")
    except ConfigError as exc:
        raise Refused(f"{prog()}: --demo: {exc!s}") from None
    return cfg


def open_splash(args: argparse.Namespace):
    """A plain start's window, opened right after the program check with the cabinet's
    splash (cabinet/ui/splash.py) in the config's display mode; None where there is no
    display or the config does not read (the start checks then say why, as before)."""
    program_check(args.config)
    from cabinet.core.config import load_config
    from cabinet.core.schema import ConfigError
    try:
        display_config = load_config(args.config or None)
        display = display_config.display
    except ConfigError:
        return None
    _quiet_audio_without_sound_card()
    from cabinet.ui import host
    if host.display_problem():
        return None
    from cabinet.core import i18n, player_settings
    i18n.use(player_settings.language(display_config))
    from cabinet.ui.splash import Splash
    kiosk = bool(display.kiosk or args.kiosk)
    return Splash((display.fullscreen and not args.windowed) or kiosk, (display.width, display.height), kiosk)


def open_cabinet(args: argparse.Namespace, libraries=None, splash=None):
    """A start up to the window: the same checks as --check-config, then the data
    folder, the command-line switches and the Cabinet (Refused: one line, exit 2).
    With the `splash` up (its program check done), the checks run behind it."""
    from dataclasses import replace
    if splash is None:
        program_check(args.config)
        plan = _plan(args.config, create=True, libraries=libraries)
    else:
        plan = splash.run_while(splash.CHECKS, lambda: _plan(args.config, create=True,
                                                                           libraries=libraries), 0.45)
    cfg = plan.config
    if args.seed is not None and not 0 <= args.seed < 2**63:
        raise Refused(f"{prog()}: --seed must be a whole number from 0 to 2**63-1")
    if cfg.real_play and args.seed is not None:
        raise Refused(f"{prog()}: --seed is refused: config.yaml sets real_play: true (a seeded RNG is predictable)")
    if args.demo:
        if cfg.real_play:
            raise Refused(f"{prog()}: --demo is refused: config.yaml sets real_play: true")
        cfg = replace(cfg, demo_tools=True)
        if args.replay is None and args.clip is None:    # those show the cabinet's own ledger's rounds
            cfg = demo_data(cfg)
    if args.kiosk:
        cfg = replace(cfg, display=replace(cfg.display, kiosk=True))
    for flag, given in (("--replay", args.replay), ("--replay-book", args.replay_book)):
        if given is not None and cfg.real_play:
            raise Refused(f"{prog()}: {flag} is refused: config.yaml sets real_play: true")
        if given is not None and not cfg.demo_tools:
            raise Refused(f"{prog()}: {flag} is a review tool: set demo_tools: true in config.yaml or add --demo")
    from cabinet.core.ledger import LedgerError, instance
    try:
        held = instance.acquire(cfg.data_path)     # one cabinet per data folder: a second is refused here
    except LedgerError as exc:
        raise Refused(f"{prog()}: {exc!s}") from None
    from cabinet.core import logs
    logs.setup(cfg.data_path, cfg.log_level)       # the operator's log, once this start owns the folder
    from cabinet.core.cabinet import Cabinet
    try:
        return Cabinet(cfg, seed=args.seed, plan=plan)   # its ledger holds the lock from here until it closes
    finally:
        instance.release(held)


def main(argv: list[str] | None = None) -> int:
    import os
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.verify:
        return verify_program()
    try:
        if args.check_config is not None:
            print(check_config(args.check_config))
            return 0
        if args.audit:                      # the config, then the ledger alone: nothing is created (an
            from cabinet.core.cabinet import LEDGER_NAME   # evidence copy's folder may not be writable)
            from cabinet.core.config import load_config
            from cabinet.core.ledger import cli
            from cabinet.core.schema import ConfigError
            try:
                cfg = load_config(args.config or None)
            except ConfigError as exc:
                raise Refused(f"config error: {exc!s}") from None
            return cli.audit(cfg.data_path / LEDGER_NAME, cfg.ledger_key_path, cfg.ledger_witness_path)
        if args.export_report is not None:  # the same, and the set written: nothing else is created
            from cabinet.core import report_command, reports
            from cabinet.core.cabinet import LEDGER_NAME
            plan = _plan(args.config, create=False)
            from cabinet.core.ledger import files
            files.remember(plan.config.data_path, plan.config.ledger_key_path, plan.config.ledger_witness_path)
            return report_command.command(plan.config.data_path / LEDGER_NAME, args.export_report,
                                          plan.config.currency, reports.Specs(plan.offer.specs, plan.offer.games),
                                          forensic=args.forensic)
        from cabinet.ui import clip_cli
        if clip_cli.wanted(args):           # a review tool: --clip / --clip-book (cabinet/ui/clip_cli.py)
            return clip_cli.run(args, lambda: _plan(args.config, create=False).config, lambda: open_cabinet(args))
        if args.shots is not None:
            shots_folder(args.shots)
            shots_language(args.lang)
        plain = not (args.meters or args.shots is not None or args.frames is not None or args.replay is not None
                     or args.replay_book is not None)
        splash = open_splash(args) if plain else None      # the window at once, the checks behind it
        cabinet = open_cabinet(args, splash=splash)
    except Refused as exc:
        log = logging.getLogger("cabinet")
        if not log.handlers:                # a refusal before cabinet.core.logs was imported: not logging's
            log.addHandler(logging.NullHandler())   # last-resort handler, a second line on stderr
        log.warning("start refused: %s", exc.line)   # in the log when it is open
        sys.stderr.write(exc.line + "\n")
        return exc.code
    if args.meters:                         # a start without the window
        from cabinet.core.ledger import cli
        return cli.locked(cabinet.locked) if cabinet.locked or cabinet.ledger is None else \
            cli.print_meters(cabinet.ledger)
    if args.game and args.game not in cabinet.games and args.game not in cabinet.refused:
        sys.stderr.write(f"{prog()}: --game {args.game!r} is not a game here; allowed: {', '.join(cabinet.games)}\n")
        return 2
    if args.shots is not None:
        _quiet_audio_without_sound_card()
        from cabinet.ui.shots import render_gallery
        return render_gallery(cabinet, args.shots, args.game, args.lang)
    try:
        then = replay_plan(cabinet, args)
    except Refused as exc:
        sys.stderr.write(exc.line + "\n")
        return exc.code
    _quiet_audio_without_sound_card()
    from cabinet.ui.launch import run_app
    return run_app(cabinet, start_game=args.game, windowed=args.windowed, then=then, frames=args.frames,
                   splash=splash)


def shots_language(tag: str | None) -> None:
    """--lang TAG is a language this program speaks, else Refused."""
    from cabinet.core import i18n
    if tag is not None and tag not in i18n.available():
        raise Refused(
            f"{prog()}: --lang {tag!r} is not a language of this program; allowed: {', '.join(i18n.available())}"
        )


def shots_folder(text: str) -> Path:
    """--shots DIR made (with its parents) and checked writable, else Refused."""
    import tempfile
    if not text.strip():
        raise Refused(f"{prog()}: --shots needs a folder; allowed: a folder that can be created and written")
    folder = Path(text)
    allowed = "allowed: a folder that can be created and written"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".shots-"):
            pass
    except (OSError, ValueError) as exc:
        raise Refused(f"{prog()}: --shots {text!r}: cannot write there ({getattr(exc, 'strerror', None) or exc}); "
                      f"{allowed}") from None
    return folder


def replay_plan(cabinet, args: argparse.Namespace):
    """`--replay ROUND_ID` / `--replay-book GAME MODE BOOK`: the round, checked before
    the window opens (Refused: one line naming what is allowed), as what the app
    does once its first scenes are up; None without either."""
    from cabinet.core.replay import ReplayError, book_round, round_by_id
    try:
        if args.replay is not None:
            played, record = round_by_id(cabinet, args.replay)
            return lambda app: app.present_recall(played, record)
        if args.replay_book is not None:
            game, mode, book = args.replay_book
            played = book_round(cabinet, game, mode, book)
            title = f"BOOK {played.outcome['book']}  ·  {game}/{mode}"
            return lambda app: app.present_recall(played, None, title)
    except ReplayError as exc:
        flag = "--replay" if args.replay is not None else "--replay-book"
        raise Refused(f"{prog()}: {flag}: {exc!s}") from None
    return None


if __name__ == "__main__":
    raise SystemExit(main())
