"""The mutations: each changes a config tree (or the file's bytes, or the folder
around it) and says whether the result must be refused (BAD), must start (GOOD), or
only must get the same answer from the check and the start (EITHER)."""
from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Callable

from .tree import (BAD, EITHER, GAMES, GOOD, UNICODE_DIGITS, Case, base, dump, game, get, leaves, put,
                   sections, some_game)

BAD_LADDERS = (["1.00", "1.00", "2.00"], [f"{i}.00" for i in range(1, 20001)], [f"{i}.00" for i in range(1, 66)],
               [], ["-1.00", "1.00"], ["0.00", "1.00"], ["1.000", "2.000"], [1, 2, 5], ["2.00", "1.00"])
# per game: (modes, must start?)
MODE_LISTS = (([], BAD), ("some", BAD), (["base", "base"], BAD), (["base"], GOOD),
              ({"happy_money_hens": ["buy_mystery"], "grinning_harvest": ["buy_harvest"],
                "piggy_farm": ["free_spins"]}, BAD),                       # a buy but no spin
              ({"happy_money_hens": ["base", "fortune_1_2", "buy_triple"], "grinning_harvest": ["base", "buy_patch"],
                "piggy_farm": ["base", "ante", "risk_the_farm"]}, GOOD))



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
    put(
        d,
        r.choice(ints),
        r.choice([-1, 0, 10**20, 2**63, -(2**63), 3.5, float("nan"), float("inf"), 10**400 // 10**390]),
    )
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


def m_bad_ladder(r, d, case):
    gid, g = some_game(r, d)
    pick = r.randrange(len(BAD_LADDERS) + 2)
    if pick == 0:                             # wins that would not be whole cents (from the books)
        d["math_source"] = "books"
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
        d["demo_credit"] = "1000.00"          # an amount still written with 2 decimals
        return BAD
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
        d["demo_tools"], d["operator_pin"] = False, "1234"      # the default PIN
        return BAD
    if choice == 1:
        d["demo_tools"], d["operator_pin"] = True, "4821"       # demo tools on
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
            try:
                case.expect = combine(case.expect, fn(r, d, case))
            except (TypeError, ValueError, KeyError, AttributeError, IndexError):
                case.expect = EITHER          # an earlier mutation left no place for this one
        if not case.text:
            case.text = dump(d)
        cases.append(case)
    return cases


