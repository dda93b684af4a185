"""Listen to a session analytically: the cabinet's real mix captured to a file. Figures, not a test.

    python -m cabinet.ui.sound_capture OUT.wav [--game ID] [--rounds 6] [--png OUT.png]

A headless cabinet (SDL's `disk` audio driver writes what the mixer plays, in real
time) sits 8 s in the lobby, opens the game, plays a forced feature round (its bonus
or free spins: review tools on a throw-away ledger), then `--rounds` base rounds, and
goes back to the lobby. Printed: when the scenes asked for which theme (on the file's
clock: the driver falls behind the wall clock on a busy machine), and the mix's length,
peak, clipped samples, RMS and loudness; `--png` draws its spectrogram and level with
those moments marked. About a minute and a half of wall time.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

FEATURE_FORCE = {"happy_money_hens": "big_bonus", "grinning_harvest": "bonus", "piggy_farm": "free_spins"}
CONFIG = """
data_dir: {data}
math_source: live
demo_tools: true
demo_credit: "100000.00"
min_round_seconds: 0
sound: {{enabled: true, volume: 0.8, music_volume: 0.5}}
"""
FPS = 60


def capture(out: Path, game: str, rounds: int) -> list[tuple[float, str]]:
    """Run the session; the moments the wanted theme changed ((seconds, theme))."""
    raw = out.with_suffix(".raw")
    os.environ["SDL_AUDIODRIVER"] = "disk"
    os.environ["SDL_DISKAUDIOFILE"] = str(raw)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    import pygame

    from cabinet.core.cabinet import Cabinet
    from cabinet.core.config import load_config
    from cabinet.core.game import discover
    from .app import App, start_scenes
    from .clock import ManualClock
    from .game_scene import GameScene

    specs = discover()
    if game not in specs:
        raise SystemExit(f"sound_capture: no game {game!r}; allowed: {', '.join(specs)}")
    work = Path(tempfile.mkdtemp(prefix="cabinet-capture-"))
    (work / "config.yaml").write_text(CONFIG.format(data=work / "data"))
    config = load_config(work / "config.yaml")
    app = App(config, Cabinet(config, games={game: specs[game]}, seed=3), size=(960, 540), clock=ManualClock())
    start_scenes(app)
    app.audio.start_music()
    moments: list[tuple[float, str]] = []

    def frames(seconds: float, until=None) -> None:
        end = time.monotonic() + seconds
        last = time.monotonic()
        while time.monotonic() < end and not (until and until()):
            now = time.monotonic()
            app.step(now - last)
            last = now
            wanted = app.stack.music()
            if not moments or moments[-1][1] != wanted:        # on the file's clock: what the driver wrote so far
                moments.append((raw.stat().st_size / 4 / 44100 if raw.exists() else 0.0, wanted))
            time.sleep(max(0.0, 1 / FPS - (time.monotonic() - now)))

    def play_out(scene: GameScene) -> None:
        def idle() -> bool:
            top = app.stack.top
            if top is not None and top is not scene and top.scene_name != "big_win":   # a celebration closes by itself
                app.pop(top)
            elif top is scene and scene.waiting_for_start:
                scene.skip()
            return not scene.busy and app.stack.top is scene
        frames(120, idle)

    frames(8)
    scene = app.open_game(game)
    assert isinstance(scene, GameScene), f"{game}: its scene did not open"
    frames(6)
    scene.play(None, FEATURE_FORCE.get(game))
    play_out(scene)
    frames(4)
    for _ in range(rounds):
        scene.play()
        play_out(scene)
        frames(1)
    app.pop(scene)
    frames(8)
    app.audio.stop_music()
    pygame.mixer.quit()
    app.checkpoints.close()
    import numpy as np
    import soundfile
    pcm = np.fromfile(raw, dtype="<i2").reshape(-1, 2)
    raw.unlink()
    soundfile.write(str(out), pcm, 44100, subtype="PCM_16")
    return moments


def report(out: Path, moments: list[tuple[float, str]], png: Path | None) -> None:
    import numpy as np
    import soundfile

    from .loudness import lufs
    x, rate = soundfile.read(str(out), dtype="int16", always_2d=True)
    clipped = int(np.count_nonzero((x == 32767) | (x == -32768)))
    f = x.astype(np.float64) / 32768
    peak = float(np.abs(f).max())
    rms = float(np.sqrt(np.mean(f * f)))
    print("the theme the scenes asked for:")
    for at, name in moments:
        print(f"  {at:7.2f} s  {name or '(none: quiet)'}")
    print(f"{out}: {len(x) / rate:.1f} s, peak {20 * np.log10(max(peak, 1e-9)):.2f} dBFS, {clipped} clipped samples, "
          f"RMS {20 * np.log10(max(rms, 1e-9)):.2f} dBFS, {lufs(f, rate):.2f} LUFS")
    if png is not None:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, (a1, a2) = plt.subplots(2, 1, figsize=(14, 7), sharex=True, gridspec_kw={"height_ratios": [3, 1]})
        a1.specgram(f.mean(axis=1), NFFT=4096, Fs=rate, noverlap=2048, cmap="magma", vmin=-140)
        a1.set_ylim(0, 16000)
        a1.set_ylabel("Hz")
        hop = rate // 10
        level = [20 * np.log10(max(np.sqrt(np.mean(f[i:i + hop] ** 2)), 1e-6)) for i in range(0, len(f) - hop, hop)]
        a2.plot(np.arange(len(level)) / 10, level)
        a2.set_ylabel("RMS dBFS")
        a2.set_xlabel("seconds")
        for at, name in moments:
            for ax in (a1, a2):
                ax.axvline(at, color="cyan", lw=0.8)
            a1.text(at, 15000, (name or "quiet").replace("music.", ""), color="cyan", fontsize=7, rotation=90, va="top")
        fig.tight_layout()
        fig.savefig(str(png), dpi=80)
        print(f"wrote {png}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out", type=Path)
    p.add_argument("--game", default="grinning_harvest")
    p.add_argument("--rounds", type=int, default=6)
    p.add_argument("--png", type=Path, default=None)
    a = p.parse_args(argv)
    moments = capture(a.out, a.game, a.rounds)
    report(a.out, moments, a.png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
