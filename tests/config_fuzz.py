"""Config fuzz: seeded mutations of the shipped config.yaml, each run through
`--check-config` and a start, which must agree.

    python -m tests.config_fuzz --count 500 --seed 1 [--subprocess 20]

A start is `main.open_cabinet` (the Cabinet) and the app headless to its lobby
(SDL_VIDEODRIVER=dummy), in-process, the book libraries loaded once and shared.
`--subprocess N` also runs N of the configs as `main.py --check-config FILE` and
`main.py --config FILE --meters`, real processes, comparing exit codes and lines.
Prints the figures: configs, tracebacks, disagreements (one accepts, the other
refuses), accepted-bad (a mutation that must be refused was accepted),
refused-good (a mutation that must start was refused). The suite runs a sample
(tests/core/test_config_fuzz.py); the figures in the notes come from this command.
"""
from __future__ import annotations

import argparse
import contextlib
import copy
import io
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import yaml

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "config.yaml"
BAD, GOOD, EITHER = True, False, None       # must be refused / must start / must only agree

UNICODE_DIGITS = ("\u0661\u0662\u0663\u0664", "\u00b9\u00b2\u00b3\u2074", "\uff11\uff12\uff13\uff14",
                  "\u0967\u0968\u0969\u096a", "12\u00b34")


@dataclass
class Case:
    kinds: list[str]
    expect: bool | None        # BAD, GOOD or EITHER
    text: bytes
    setup: list[Callable[[Path], None]]


_BASE: list[dict[str, Any]] = []


def base() -> dict[str, Any]:
    """A fresh copy of the shipped config (parsed once)."""
    if not _BASE:
        _BASE.append(yaml.safe_load(SHIPPED.read_text(encoding="utf-8")))
    return copy.deepcopy(_BASE[0])


def dump(d: Any) -> bytes:
    return yaml.safe_dump(d, sort_keys=False, allow_unicode=True, width=10**6).encode("utf-8")


def leaves(d: Any, path: tuple = ()) -> list[tuple]:
    out = []
    if isinstance(d, dict):
        for k, v in d.items():
            out += leaves(v, path + (k,)) or [path + (k,)]
    elif isinstance(d, list) and d:
        for i, v in enumerate(d):
            out += leaves(v, path + (i,)) or [path + (i,)]
    return out


def sections(d: Any, path: tuple = ()) -> list[tuple]:
    out = [path] if isinstance(d, dict) else []
    if isinstance(d, dict):
        for k, v in d.items():
            out += sections(v, path + (k,))
    return out


def get(d: Any, path: tuple) -> Any:
    for p in path:
        d = d[p]
    return d


def put(d: Any, path: tuple, value: Any) -> None:
    get(d, path[:-1])[path[-1]] = value


def game(d: dict, gid: str) -> dict:
    return d.setdefault("games", {}).setdefault(gid, {})


# ------------------------------------------------------------------ mutations (dict -> expect)
# Each takes (rng, config dict, case) and changes the dict in place (or sets case.text /
# case.setup), returning BAD, GOOD or EITHER.

def m_type_swap(r, d, case):
    path = r.choice(leaves(d))
    put(d, path, r.choice([0, 1, -1, 2.5, True, False, None, "text", "", [], {}, [1, 2], {"a": 1}]))
    return EITHER


def m_delete(r, d, case):
    path = r.choice(leaves(d) + sections(d)[1:])
    del get(d, path[:-1])[path[-1]]
    return EITHER


def m_number(r, d, case):
    ints = [p for p in leaves(d) if isinstance(get(d, p), (int, float)) and not isinstance(get(d, p), bool)]
    put(d, r.choice(ints), r.choice([-1, 0, 10**20, 2**63, -2**63, 3.5, float("nan"), float("inf"), 10**400 // 10**390]))
    return EITHER


def m_unicode_digits(r, d, case):
    where = r.choice(["pin", "amount", "width"])
    digits = r.choice(UNICODE_DIGITS)
    if where == "pin":
        d["operator_pin"] = digits
    elif where == "amount":
        d["demo_credit"] = digits + ".00"
    else:
        d["display"]["width"] = digits
    return BAD


def m_deep(r, d, case):
    depth = r.choice([21, 25, 100, 1000, 5000, 30000])
    nest = "[" * depth + "1" + "]" * depth
    where = r.choice(["games", "display", "bet"])
    if where == "bet":
        case.text = f"games:\n  piggy_farm:\n    bet_ladder: {nest}\n".encode()
    else:
        d.pop(where)
        case.text = dump(d) + f"{where}: {nest}\n".encode()
    return BAD


def m_deep_shallow(r, d, case):          # nested but under the depth limit: a wrong type
    put(d, ("display", "width"), [[[[1]]]])
    return BAD


def m_duplicate(r, d, case):
    lines = dump(d).decode().splitlines(keepends=True)
    keyed = [i for i, ln in enumerate(lines) if ln.strip() and not ln.lstrip().startswith("-")
             and ":" in ln and not ln.lstrip().startswith("#")]
    i = r.choice(keyed)
    lines.insert(i + 1, lines[i] if lines[i].rstrip().endswith(":") is False else lines[i].rstrip() + " null\n")
    case.text = "".join(lines).encode()
    return BAD


def m_unknown_id(r, d, case):
    what = r.choice(["game", "mode", "key", "section_key", "action"])
    if what == "game":
        d["games"]["nosuch_game"] = {"enabled": True}
    elif what == "mode":
        some_game(r, d)[1]["modes"] = ["base", "nosuch"]
    elif what == "key":
        d["colour"] = "red"
    elif what == "section_key":
        d["display"]["widht"] = 800
    else:
        d["keys"]["fly"] = ["space"]
    return BAD


GAMES = ("piggy_farm", "happy_money_hens", "grinning_harvest")
BAD_LADDERS = (["1.00", "1.00", "2.00"], [f"{i}.00" for i in range(1, 20001)], [f"{i}.00" for i in range(1, 66)],
               [], ["-1.00", "1.00"], ["0.00", "1.00"], ["1.000", "2.000"], [1, 2, 5], ["2.00", "1.00"])
# per game: (modes, must start?)
MODE_LISTS = (([], BAD), ("some", BAD), (["base", "base"], BAD), (["base"], GOOD),
              ({"happy_money_hens": ["buy_mystery"], "grinning_harvest": ["buy_harvest"],
                "piggy_farm": ["free_spins"]}, BAD),                       # a buy but no spin
              ({"happy_money_hens": ["base", "fortune_1_2", "buy_triple"], "grinning_harvest": ["base", "buy_patch"],
                "piggy_farm": ["base", "ante", "risk_the_farm"]}, GOOD))


def some_game(r, d: dict) -> tuple[str, dict]:
    gid = r.choice(GAMES)
    return gid, game(d, gid)


def m_bad_ladder(r, d, case):
    gid, g = some_game(r, d)
    pick = r.randrange(len(BAD_LADDERS) + 2)
    if pick == 0:                             # wins that would not be whole cents
        exact_in_tenths = gid != "piggy_farm"
        g["bet_ladder"] = ["0.05", "0.10"] if exact_in_tenths else ["0.50", "1.50"]
        g["default_bet"] = g["bet_ladder"][-1]
    elif pick == 1:                           # a bet that overflows, no default bet
        g["bet_ladder"] = ["100000000000000000000.00"] if r.random() < 0.5 else [10**20]
        g.pop("default_bet", None)
    else:
        g["bet_ladder"] = BAD_LADDERS[pick - 2]
    return BAD


def m_good_ladder(r, d, case):
    _gid, g = some_game(r, d)
    ladder = g.get("bet_ladder") or ["1.00", "2.00"]
    sub = sorted(r.sample(ladder, r.randrange(1, len(ladder) + 1)), key=lambda a: float(a))
    g["bet_ladder"], g["default_bet"] = sub, r.choice(sub)
    return GOOD


def m_default_bet(r, d, case):
    _gid, g = some_game(r, d)
    if r.random() < 0.5:
        g.pop("bet_ladder", None)             # off the game's own ladder
    g["default_bet"] = "0.70"
    return BAD


def m_modes(r, d, case):
    gid, g = some_game(r, d)
    modes, expect = r.choice(MODE_LISTS)
    g["modes"] = modes[gid] if isinstance(modes, dict) else modes
    return expect


def m_separators(r, d, case):
    cur = d["currency"]
    choice = r.randrange(10)
    bad = {0: ("decimal", "\x00"), 1: ("decimal", "5"), 2: ("decimal", "\u0663"), 3: ("decimal", ""),
           4: ("decimal", ",,"), 5: ("thousands", "\t"), 6: ("decimal", " "), 7: ("thousands", "-")}
    if choice in bad:
        key, value = bad[choice]
        cur[key] = value
        return BAD
    if choice == 8:
        cur["thousands"] = cur["decimal"] = r.choice([",", "."])
        return BAD
    cur["thousands"], cur["decimal"] = r.choice([(".", ","), (" ", ","), ("", "."), ("'", ".")])
    return GOOD


def _rescale(d: dict, minor: int) -> bool:
    """Rewrite every amount for `minor` minor units; False if some bet cannot be."""
    from cabinet.core.money import Currency, parse_amount
    cur = Currency(minor_units=minor, symbol="", thousands="")

    def conv(a):
        cents = parse_amount(a)
        units, rest = divmod(cents * minor, 100)
        return None if rest else cur.format(units)
    d["demo_credit"] = conv(d["demo_credit"])
    ok = True
    for g in d["games"].values():
        if g.get("bet_ladder"):
            ladder = [conv(b) for b in g["bet_ladder"]]
            ok &= None not in ladder
            g["bet_ladder"] = [b for b in ladder if b is not None]
        for key in ("default_bet", "win_limit"):
            if g.get(key):
                g[key] = conv(g[key])
    return ok


def m_minor_units(r, d, case):
    minor = r.choice([1, 10, 1000, 3, 0, 100.0])
    d["currency"]["minor_units"] = minor
    if minor not in (1, 10, 1000):
        return BAD
    if r.random() < 0.4:
        return BAD                            # amounts still written with 2 decimals
    try:
        _rescale(d, minor)
    except (KeyError, TypeError, ValueError, AttributeError):   # an earlier mutation broke an amount
        return EITHER
    if minor == 1:                            # the games' own ladders have 0.10: give whole ones
        for gid in GAMES:
            g = game(d, gid)
            g["bet_ladder"], g["default_bet"] = ["100", "200", "500"], "100"
        return GOOD
    return GOOD if minor == 1000 else EITHER  # at 10, 0.10 steps hold for some games only


def m_pin(r, d, case):
    choice = r.randrange(9)
    if choice < 5:
        d["operator_pin"] = UNICODE_DIGITS[choice]
        return BAD
    if choice == 5:
        d["operator_pin"] = r.choice(["123", "123456789", "12a4", "", " 1234", "1234\n"])
        return BAD
    if choice == 6:
        d["operator_pin"] = 4821
        return BAD
    d["operator_pin"] = r.choice(["0000", "98765432", "4821"])
    return GOOD


def m_real_play(r, d, case):
    d["real_play"] = True
    choice = r.randrange(4)
    if choice == 0:
        d["demo_tools"] = False               # default PIN left
        return BAD
    if choice == 1:
        d["operator_pin"] = "4821"            # demo tools left on
        return BAD
    if choice == 2:
        d["demo_tools"], d["operator_pin"], d["rng_seed"] = False, "4821", 42
        return BAD
    d["demo_tools"], d["operator_pin"] = False, "4821"
    return GOOD


def m_yaml_text(r, d, case):
    choice = r.randrange(9)
    text = dump(d)
    if choice == 0:
        case.text = b"# " + b"x" * (70 * 1024) + b"\n" + text
    elif choice == 1:
        case.text = text.replace(b"display:", b"display:\t", 1).replace(b"\n  width", b"\n\twidth", 1)
    elif choice == 2:
        case.text = text + b"broken: [1, 2\n"
    elif choice == 3:
        case.text = text.replace(b"symbol: $", b"symbol: \xff\xfe", 1) + b"\xff"
    elif choice == 4:
        case.text = b"- 1\n- 2\n"
    elif choice == 5:
        bomb = "a: &a [1,1,1,1,1,1,1,1,1]\n" + "".join(
            f"{c}: &{c} [{', '.join(['*' + p] * 9)}]\n" for p, c in zip("abcdefgh", "bcdefghi"))
        case.text = bomb.encode() + text
    elif choice == 6:
        case.text = b"display: &x {width: *x}\n"
    elif choice == 7:
        case.text = b"? [1, 2]\n: x\n" + text
    else:
        case.text = b""
        return GOOD                           # every key defaulted
    return BAD


def m_data_dir(r, d, case):
    choice = r.randrange(12)
    if choice == 0:
        d["data_dir"] = "/dev/null/sub"
    elif choice == 1:
        case.setup.append(lambda tmp: (tmp / "afile").write_text("x"))
        d["data_dir"] = "afile/sub"
    elif choice == 2:
        case.setup.append(lambda tmp: (tmp / "afile").write_text("x"))
        d["data_dir"] = "afile"
    elif choice == 3:
        d["data_dir"] = "x" * 300
    elif choice == 4:
        d["data_dir"] = "bad\x00dir"
    elif choice == 5:
        d["data_dir"] = ""
    elif choice == 6:
        case.setup.append(lambda tmp: os.symlink(tmp / "nowhere", tmp / "dangling"))
        d["data_dir"] = "dangling"
    elif choice == 7:
        case.setup.append(lambda tmp: os.symlink(tmp / "loop", tmp / "loop"))
        d["data_dir"] = "loop/sub"
    elif choice == 8:
        if os.access("/proc/1", os.W_OK):
            d["data_dir"] = "sub"
            return GOOD
        d["data_dir"] = "/proc/1/cabinet-data"  # exists, not writable (even for root)
    elif choice == 9:
        d["data_dir"] = "one/two/three"
        return GOOD
    elif choice == 10:
        d["data_dir"] = "."
        return GOOD
    else:
        d["data_dir"] = "sub/" + "y" * 250
        return GOOD
    return BAD


def m_operator_json(r, d, case):
    choice = r.randrange(6)
    body = {0: b"{not json", 1: b"[" * 70000, 2: b"[" * 5000 + b"]" * 5000,
            3: json.dumps({"gamble": "always", "volume": 7, "colour": "red"}).encode(),
            4: json.dumps({"demo_tools": True}).encode(), 5: b"\xff\xfe"}[choice]
    if choice == 4:
        d["real_play"], d["demo_tools"], d["operator_pin"] = True, False, "4821"

    def write(tmp: Path) -> None:
        folder = tmp / "data"
        folder.mkdir(exist_ok=True)
        (folder / "operator.json").write_bytes(body)
    d["data_dir"] = "data"
    case.setup.append(write)
    return GOOD                               # reported in a line and ignored: the cabinet starts


def m_misc(r, d, case):
    choice = r.randrange(10)
    if choice == 0:
        d["big_win"] = {"big": 40, "mega": 30, "epic": 60}
        return BAD
    if choice == 1:
        for g in d["games"].values():
            g["enabled"] = False
        return GOOD
    if choice == 2:
        d["math_source"] = "live"
        return GOOD
    if choice == 3:
        game(d, "happy_money_hens")["win_limit"] = r.choice(["1.00", "0.01", "250000.00"])
        return GOOD
    if choice == 4:
        game(d, "happy_money_hens")["win_limit"] = r.choice(["0.00", "-5.00", "1.5"])
        return BAD
    if choice == 5:
        d["display"]["width"], d["display"]["height"] = r.choice([(320, 240), (7680, 4320), (319, 240)])
        return BAD if d["display"]["width"] == 319 else GOOD
    if choice == 6:
        d["keys"]["spin"] = r.choice([["shift+space"], ["ctrl+alt+x"], "f5"])
        return GOOD
    if choice == 7:
        d["currency"]["symbol"] = r.choice(["5", "", "EURO$", "\x07", "-"])
        return BAD
    if choice == 8:
        d["currency"]["symbol"] = r.choice(["\u20ac", "kr", "CHF", "R$"])
        return GOOD
    d["rng_seed"] = r.choice([0, 42, 2**63 - 1])
    return GOOD


def m_extremes(r, d, case):
    """Valid values at their edges: each must start."""
    choice = r.randrange(8)
    if choice == 0:
        d["display"]["fps"] = r.choice([20, 240])
    elif choice == 1:
        d["display"]["kiosk"] = True
    elif choice == 2:
        d["display"]["fullscreen"] = True
    elif choice == 3:
        d["protection"] = {"enabled": True, "session_clock": r.random() < 0.5, "reality_check_minutes": 1}
    elif choice == 4:
        d["sound"] = {"enabled": r.random() < 0.5, "music": False, "volume": 0.0, "music_volume": 1.0}
    elif choice == 5:
        d["min_round_seconds"], d["attract_idle_seconds"] = 10.0, 10
    elif choice == 6:
        d["big_win"] = {"big": 2, "mega": 3, "epic": 10000}
    else:
        d["demo_credit"] = r.choice(["0.01", "10000000.00"])
    return GOOD


def m_keys(r, d, case):
    """Any key the schema allows, with any modifiers: each must start."""
    from cabinet.core.config import KEY_NAMES
    action = r.choice(sorted(d["keys"]))
    mods = r.sample(["shift", "ctrl", "alt"], r.randrange(3))
    d["keys"][action] = ["+".join([*mods, r.choice(sorted(KEY_NAMES))]) for _ in range(r.randrange(1, 4))]
    return GOOD


MUTATIONS: list[tuple[str, Callable, int]] = [
    ("type_swap", m_type_swap, 10), ("delete", m_delete, 6), ("number", m_number, 6),
    ("unicode_digits", m_unicode_digits, 3), ("deep", m_deep, 3), ("deep_shallow", m_deep_shallow, 1),
    ("duplicate_key", m_duplicate, 4), ("unknown_id", m_unknown_id, 5), ("bad_ladder", m_bad_ladder, 7),
    ("good_ladder", m_good_ladder, 4), ("default_bet", m_default_bet, 3), ("modes", m_modes, 5),
    ("separators", m_separators, 5), ("minor_units", m_minor_units, 5), ("pin", m_pin, 5),
    ("real_play", m_real_play, 4), ("yaml_text", m_yaml_text, 5), ("data_dir", m_data_dir, 7),
    ("operator_json", m_operator_json, 3), ("misc", m_misc, 6), ("extremes", m_extremes, 4),
    ("keys", m_keys, 3),
]
_TEXTUAL = {"deep", "duplicate_key", "yaml_text"}     # these set the file's bytes: last, alone


def combine(before: bool | None, last: bool | None) -> bool | None:
    """What a config must do after one more mutation: the last one may overwrite what
    an earlier bad one broke, so only its own badness is certain."""
    if last is BAD:
        return BAD
    if before is GOOD and last is GOOD:
        return GOOD
    return EITHER


def generate(count: int, seed: int) -> list[Case]:
    r = random.Random(seed)
    names = [m for m in MUTATIONS]
    weights = [w for _, _, w in MUTATIONS]
    cases = []
    for _ in range(count):
        d = base()
        case = Case([], GOOD, b"", [])
        for _ in range(1 if r.random() < 0.7 else r.choice([2, 3])):
            name, fn, _w = r.choices(names, weights)[0]
            if case.kinds and (name in _TEXTUAL or set(case.kinds) & _TEXTUAL):
                continue
            case.kinds.append(name)
            case.expect = combine(case.expect, fn(r, d, case))
        if not case.text:
            case.text = dump(d)
        cases.append(case)
    return cases


# ------------------------------------------------------------------ running a case

@dataclass
class Result:
    status: str               # "ok", "refused", "traceback"
    line: str = ""


def _silenced(fn: Callable[[], Any]) -> tuple[Any, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        return fn(), err.getvalue()


def run_check(path: Path, libraries: Any) -> Result:
    import main
    try:
        _silenced(lambda: main.check_config(str(path), libraries))
        return Result("ok")
    except main.Refused as exc:
        return Result("refused", exc.line)
    except BaseException:
        return Result("traceback", traceback.format_exc())


def run_start(path: Path, libraries: Any) -> Result:
    """main.open_cabinet, then the app headless to the lobby (a few frames)."""
    import pygame

    import main
    from cabinet.ui.app import App, start_scenes
    from cabinet.ui.clock import ManualClock
    cabinet = app = None
    try:
        cabinet, _ = _silenced(lambda: main.open_cabinet(main.parse_args(["--config", str(path)]), libraries))
        app = App(cabinet.config, cabinet, clock=ManualClock())
        start_scenes(app)
        for _ in range(3):
            app.step(1 / 60)
        return Result("ok", type(app.stack.top).__name__)
    except main.Refused as exc:
        return Result("refused", exc.line)
    except BaseException:
        return Result("traceback", traceback.format_exc())
    finally:
        if app is not None:
            app.checkpoints.close()
        if cabinet is not None and cabinet.ledger is not None:
            cabinet.ledger.close()
        pygame.display.quit()


def run_subprocess(path: Path) -> tuple[Result, Result]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = []
    for argv in (["--check-config", str(path)], ["--config", str(path), "--meters"]):
        p = subprocess.run([sys.executable, str(ROOT / "main.py"), *argv], capture_output=True, text=True,
                           cwd=ROOT, env=env, timeout=120)
        lines = [ln for ln in p.stderr.splitlines() if not ln.startswith("operator settings:")]
        if p.returncode == 0:
            out.append(Result("ok"))
        elif p.returncode == 2 and len(lines) == 1 and "Traceback" not in p.stderr:
            out.append(Result("refused", lines[0]))
        else:
            out.append(Result("traceback", f"exit {p.returncode}: {p.stderr[-2000:]}"))
    return out[0], out[1]


def place(case: Case, folder: Path) -> Path:
    folder.mkdir(parents=True)
    for fn in case.setup:
        fn(folder)
    path = folder / "config.yaml"
    path.write_bytes(case.text)
    return path


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under the case's folder (links not followed) -> its bytes."""
    out = {}
    for p in sorted(folder.rglob("*")):
        if p.is_file() and not p.is_symlink():
            out[str(p.relative_to(folder))] = p.read_bytes()
        elif p.is_dir() and not p.is_symlink():
            out[str(p.relative_to(folder)) + "/"] = b""
    return out


@dataclass
class Figures:
    configs: int = 0
    tracebacks: int = 0
    disagreements: int = 0
    accepted_bad: int = 0
    refused_good: int = 0
    check_wrote: int = 0          # --check-config created or changed a file
    refused_wrote: int = 0        # a refused start created or changed a file
    multi_line: int = 0           # a refusal that is not one line saying what is allowed
    accepted: int = 0
    refused: int = 0
    subprocess: int = 0
    problems: list[str] | None = None
    by_kind: Counter | None = None   # (mutation kind, check status) -> configs

    def line(self) -> str:
        return (f"configs {self.configs} (accepted {self.accepted}, refused {self.refused}; "
                f"{self.subprocess} also as subprocesses): tracebacks {self.tracebacks}, "
                f"disagreements {self.disagreements}, accepted-bad {self.accepted_bad}, "
                f"refused-good {self.refused_good}, check wrote files {self.check_wrote}, "
                f"refused start wrote files {self.refused_wrote}, refusals not one line with what is allowed "
                f"{self.multi_line}")


def run(count: int, seed: int, n_subprocess: int = 0, workdir: Path | None = None,
        libraries: Any = None) -> Figures:
    from cabinet.core.startup import Libraries
    libraries = libraries or Libraries()
    cases = generate(count, seed)
    figures = Figures(problems=[], by_kind=Counter())
    sub_every = max(1, count // n_subprocess) if n_subprocess else 0
    with tempfile.TemporaryDirectory(prefix="config-fuzz-") as tmp:
        root = Path(workdir or tmp)
        for i, case in enumerate(cases):
            folder = root / f"case{i:04d}"
            path = place(case, folder)
            before = snapshot(folder)
            check = run_check(path, libraries)
            wrote = snapshot(folder) != before
            start = run_start(path, libraries)
            results = [("check", check), ("start", start)]
            if sub_every and i % sub_every == 0 and figures.subprocess < n_subprocess:
                sub_folder = root / f"case{i:04d}-sub"
                sub_check, sub_start = run_subprocess(place(case, sub_folder))
                for res in (sub_check, sub_start):    # the same line, in the other folder
                    res.line = res.line.replace(str(sub_folder), str(folder))
                results += [("subprocess check", sub_check), ("subprocess start", sub_start)]
                figures.subprocess += 1
            figures.configs += 1
            tag = f"case {i} {'+'.join(case.kinds)}"
            for name, res in results:
                if res.status == "traceback":
                    figures.tracebacks += 1
                    figures.problems.append(f"{tag}: {name} traceback: {res.line.strip().splitlines()[-1][:300]}")
                elif res.status == "refused" and ("\n" in res.line or "allowed" not in res.line):
                    figures.multi_line += 1
                    figures.problems.append(f"{tag}: {name} refusal of several lines or not saying what "
                                            f"is allowed: {res.line[:200]}")
            statuses = {res.status for _, res in results}
            lines = {res.line for _, res in results if res.status == "refused"}
            if statuses - {"traceback"} == {"ok", "refused"}:
                figures.disagreements += 1
                figures.problems.append(f"{tag}: " + "; ".join(f"{n} {r.status} {r.line[:160]}" for n, r in results))
            elif statuses == {"refused"} and len(lines) > 1:
                figures.disagreements += 1        # both refuse, but not with the same line
                figures.problems.append(f"{tag}: different lines: {sorted(lines)}")
            accepted = check.status == "ok"
            for kind in case.kinds:
                figures.by_kind[kind, check.status] += 1
            figures.accepted += accepted
            figures.refused += check.status == "refused"
            if accepted and case.expect is BAD:
                figures.accepted_bad += 1
                figures.problems.append(f"{tag}: accepted but must be refused")
            if check.status == "refused" and case.expect is GOOD:
                figures.refused_good += 1
                figures.problems.append(f"{tag}: refused but must start: {check.line[:200]}")
            if wrote:
                figures.check_wrote += 1
                figures.problems.append(f"{tag}: --check-config changed files")
            if start.status == "refused" and snapshot(folder) != before:
                figures.refused_wrote += 1
                figures.problems.append(f"{tag}: a refused start changed files")
    return figures


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--count", type=int, default=500)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--subprocess", type=int, default=0, metavar="N", help="also run N configs as real processes")
    p.add_argument("--show", type=int, default=20, help="problems to list")
    p.add_argument("--by-kind", action="store_true", help="print accepted/refused per mutation kind")
    args = p.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(ROOT))
    t0 = time.perf_counter()
    figures = run(args.count, args.seed, args.subprocess)
    for problem in (figures.problems or [])[:args.show]:
        print(problem)
    if args.by_kind:
        for name, _fn, _w in MUTATIONS:
            print(f"  {name:15s} accepted {figures.by_kind[name, 'ok']:4d}  refused {figures.by_kind[name, 'refused']:4d}")
    print(figures.line())
    print(f"{time.perf_counter() - t0:.1f} s")
    bad = (figures.tracebacks or figures.disagreements or figures.accepted_bad or figures.refused_good
           or figures.check_wrote or figures.refused_wrote or figures.multi_line)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
