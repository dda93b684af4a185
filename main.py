"""Start the slot cabinet, or one of its command-line tools.

    python main.py                        # the cabinet in a window, on the lobby
    python main.py --kiosk                # fullscreen kiosk / cabinet mode
    python main.py --demo                 # review tools on (force menu, showcase)
    python main.py --check-config [FILE]  # validate a config file and exit
    python main.py --meters               # balance and meters as JSON
    python main.py --shots DIR [--game ID]  # render every scene to PNGs with an index.json
    python main.py --seed N               # reproducible RNG for demos
    python main.py --verify               # sha256 of every critical file against manifest.sha256

User mistakes (a bad config, a bad argument) print one line and exit 2.
"""
from __future__ import annotations

import argparse
import json
import sys


def _quiet_audio_without_sound_card() -> None:
    """With no sound card, SDL's ALSA probe prints a page of errors: pick the silent
    driver instead (the cabinet runs silent either way). A user's choice is kept."""
    import os
    from pathlib import Path
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
        sys.stderr.write(f"main.py: {message}; see python main.py --help\n")
        raise SystemExit(2)


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = _Parser(description="Desktop slot cabinet: Happy Money Hens, Grinning Harvest, Piggy Farm")
    p.add_argument("--config", metavar="FILE", help="config file (default: config.yaml beside main.py)")
    p.add_argument("--check-config", nargs="?", const="", metavar="FILE", help="validate a config file and exit")
    p.add_argument("--meters", action="store_true", help="print balance and meters as JSON and exit")
    p.add_argument("--seed", type=int, metavar="N", help="seed the RNG for a reproducible demo")
    p.add_argument("--kiosk", action="store_true", help="fullscreen kiosk mode")
    p.add_argument("--demo", action="store_true", help="turn the review tools on")
    p.add_argument("--game", metavar="ID", help="open this game directly (or limit --shots to it)")
    p.add_argument("--shots", metavar="DIR", help="render every scene headless to PNGs in DIR and exit")
    p.add_argument("--windowed", action="store_true", help="force a window even if config says fullscreen")
    p.add_argument("--verify", action="store_true", help="print the sha256 of every critical file (code and "
                   "books); exit 2 naming each one that differs from manifest.sha256")
    return p.parse_args(argv)


def verify_program() -> int:
    """Program verification, as a lab runs it: every critical file's sha256 on stdout
    (sha256sum format), then each difference from the manifest on stderr; exit 2 if any."""
    from cabinet.core import program
    found, diff = program.verify()
    for name, sha in found.items():
        print(f"{sha}  {name}")
    listing = program.ROOT / program.MANIFEST_NAME
    whole = program.digest(listing) if listing.is_file() else "none"
    print(f"{len(found)} critical files; {program.MANIFEST_NAME} sha256 {whole}")
    for line in diff:
        sys.stderr.write(f"verify: {line}\n")
    return 2 if diff else 0


def main(argv: list[str] | None = None) -> int:
    import os
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.verify:
        return verify_program()
    from cabinet.core.config import ConfigError, load_config

    path = args.check_config if args.check_config else args.config
    try:
        cfg = load_config(path or None)
        if args.check_config is not None:
            from cabinet.core.game import discover
            known = discover()
            for gid in cfg.games:
                if gid not in known:
                    raise ConfigError(f"games.{gid} is not a game of this cabinet; allowed: {', '.join(known)}")
                g = cfg.games[gid]
                ladder = g.bet_ladder or known[gid].bet_ladder
                if g.default_bet is not None and g.default_bet not in ladder:
                    allowed = ", ".join(cfg.currency.format(b) for b in ladder)
                    raise ConfigError(f"games.{gid}.default_bet = {cfg.currency.format(g.default_bet)} is not on "
                                      f"the bet ladder; allowed: {allowed}")
                modes = {m.id for m in known[gid].modes}
                if cfg.games[gid].modes != "all" and not set(cfg.games[gid].modes) <= modes:
                    bad = sorted(set(cfg.games[gid].modes) - modes)
                    raise ConfigError(f"games.{gid}.modes = {bad} are not modes of {gid}; allowed: {sorted(modes)}")
            print(f"{cfg.source}: ok")
            return 0
    except ConfigError as exc:
        sys.stderr.write(f"config error: {exc}\n")
        return 2
    from cabinet.core.operator_settings import apply_saved
    for problem in apply_saved(cfg):            # the operator menu's saved settings
        sys.stderr.write(f"operator settings: {problem}\n")
    if args.seed is not None and not 0 <= args.seed < 2**63:
        sys.stderr.write("main.py: --seed must be a whole number from 0 to 2**63-1\n")
        return 2
    if args.demo:
        if cfg.real_play:
            sys.stderr.write("main.py: --demo is refused: config.yaml sets real_play: true\n")
            return 2
        cfg.demo_tools = True
    if args.kiosk:
        cfg.display.kiosk = True

    from cabinet.core.cabinet import Cabinet
    cabinet = Cabinet(cfg, seed=args.seed)
    if args.meters:
        if cabinet.ledger is None:
            sys.stderr.write(f"cabinet locked: {cabinet.locked}\n")
            return 3
        ok, message = cabinet.audit()
        print(json.dumps({"balance": cabinet.balance, "audit": message if not ok else "ok",
                          "meters": cabinet.meters()}, indent=2))
        return 0
    if args.game and args.game not in cabinet.games and args.game not in cabinet.refused:
        sys.stderr.write(f"main.py: --game {args.game!r} is not a game here; allowed: {', '.join(cabinet.games)}\n")
        return 2
    if args.shots:
        _quiet_audio_without_sound_card()
        from cabinet.ui.shots import render_gallery
        return render_gallery(cabinet, args.shots, args.game)
    _quiet_audio_without_sound_card()
    from cabinet.ui.app import run_app
    return run_app(cabinet, start_game=args.game, windowed=args.windowed)


if __name__ == "__main__":
    raise SystemExit(main())
