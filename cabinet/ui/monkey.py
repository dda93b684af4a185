"""Monkey test: `python -m cabinet.ui.monkey [--events 100000] [--seed N] [--toy]`.

Sends random real key and mouse events (shifted and plain shortcuts, arrows, digits,
clicks anywhere) to the headless cabinet on a throw-away ledger, advancing the
injectable clock, and checks at the end (and every 10,000 events) that nothing
crashed and the ledger audit holds. Prints what it did as one JSON line.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Monkey test: random real key and mouse events to the headless cabinet "
                                "on a throw-away ledger; checks that nothing crashed and the ledger audits.")
    p.add_argument("--events", type=int, default=100_000, help="random events to send (default 100000)")
    p.add_argument("--seed", type=int, default=1, help="seed of the events, for a run that repeats (default 1)")
    p.add_argument("--toy", action="store_true", help="include the tests' Toy Reels (repo checkout)")
    p.add_argument("--game", action="append", help="only these game ids (repeatable)")
    args = p.parse_args(argv)
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"     # stdout carries only the JSON line
    import pygame as K

    from cabinet.core.rng import Rng

    from .app import App, start_scenes
    from .bench import make_cabinet
    from .clock import ManualClock

    keys = [K.K_SPACE, K.K_RETURN, K.K_ESCAPE, K.K_BACKSPACE, K.K_LEFT, K.K_RIGHT, K.K_UP, K.K_DOWN, K.K_o,
            K.K_1, K.K_2, K.K_3, K.K_4, K.K_a, K.K_b, K.K_f, K.K_g, K.K_h, K.K_i, K.K_p, K.K_t, K.K_s, K.K_m]
    mods = [0, K.KMOD_LSHIFT, K.KMOD_LSHIFT, K.KMOD_LCTRL, K.KMOD_LCTRL | K.KMOD_LSHIFT]
    rng = Rng(args.seed)            # the cabinet's RNG service drives the monkey too
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        cabinet = make_cabinet(Path(tmp), args.toy)
        if args.game:
            cabinet.games = {gid: setup for gid, setup in cabinet.games.items() if gid in args.game}
        app = App(cabinet.config, cabinet, size=(960, 540), clock=ManualClock())
        start_scenes(app)
        quits = 0
        for i in range(args.events):
            if rng.chance(1, 3):
                pos = (rng.below(960), rng.below(540))
                K.event.post(K.event.Event(K.MOUSEBUTTONDOWN, pos=pos, button=1))
                K.event.post(K.event.Event(K.MOUSEBUTTONUP, pos=pos, button=1))
            else:
                K.event.post(K.event.Event(K.KEYDOWN, key=keys[rng.below(len(keys))], mod=mods[rng.below(len(mods))]))
            app.step(0.05)
            if not app.running:            # ESC on the lobby quits: count it and carry on
                quits += 1
                app.running = True
            if i % 10_000 == 9_999:
                ok, message = cabinet.audit()
                if not ok:
                    print(json.dumps({"events": i + 1, "audit": message}))
                    return 1
        app.checkpoints.close()
        ok, message = cabinet.audit()
        meters = cabinet.meters()
        print(json.dumps({"events": args.events, "seconds": round(time.perf_counter() - t0, 1), "audit_ok": ok,
                          "audit": message, "rounds": meters.get("games_played"), "quits_recovered": quits,
                          "balance": cabinet.balance, "open_rounds": meters.get("open_rounds")}))
        return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
