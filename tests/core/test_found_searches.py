"""A game's record of its forced books' searches (cabinet/core/found_searches.py), the
tool that writes it (`python -m cabinet.math find-books`, cabinet/math/find_books.py)
and the manifest's check of it (cabinet/math/found_record.py)."""
from __future__ import annotations

import json

import numpy as np
import pytest

from cabinet.core import program
from cabinet.core.books import resolve_game
from cabinet.core.forcing import ForceFailed, first_accepted, first_index
from cabinet.core.found_searches import FoundSearches, read_found
from cabinet.core.rng import Rng
from cabinet.math import find_books
from cabinet.math.build import DEFAULT_SEED, book_seeds
from cabinet.math.found_record import check_found

GAMES = ("grinning_harvest", "happy_money_hens", "piggy_farm")
KEY = 987_654_321_123


class Accepts:
    """Takes an attempt when its first draw below 1,000 is under 4 (about 1 in 250, so
    the first taken is past the first batch of 256 now and then); counts the attempts
    it is asked about."""

    def __init__(self) -> None:
        self.asked = 0

    def __call__(self, streams) -> np.ndarray:
        self.asked += len(streams)
        return streams.below(np.arange(len(streams)), 1000) < 4


def first(key: int = KEY) -> int:
    return first_index(key, Accepts(), 10**6, "a test category", streams=True)


def record(tmp_path, attempts: dict[int, int]) -> FoundSearches:
    path = tmp_path / "a_game" / "found.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps({"attempts": {str(k): v for k, v in attempts.items()}}, indent=1) + "\n")
    return FoundSearches(path)


def test_a_recorded_search_is_checked_with_one_attempt_and_gives_the_same_stream(tmp_path):
    rng = Rng(np.random.SeedSequence(5))
    key = Rng(np.random.SeedSequence(5)).seed64()
    rec = record(tmp_path, {key: first(key)})
    acc = Accepts()
    rec.noted = {}
    sub = first_accepted(rng, acc, 10**6, "a test category", streams=True, found=rec)
    assert acc.asked == 1 and rec.noted == {key: first(key)}
    plain = first_accepted(Rng(np.random.SeedSequence(5)), Accepts(), 10**6, "a test category", streams=True)
    assert sub.seed64() == plain.seed64()                # the very attempt a search from 0 keeps


def test_a_search_the_record_lacks_is_searched_and_noted(tmp_path):
    rec = record(tmp_path, {KEY + 1: 3})
    acc = Accepts()
    rec.noted = {}
    assert rec.resolve(KEY, acc, 10**6, "a test category", True) == first() and acc.asked >= 256
    assert rec.noted == {KEY: first()}


def test_a_recorded_attempt_the_category_does_not_take_stops_with_the_file_and_the_tool_named(tmp_path):
    k = first()
    rec = record(tmp_path, {KEY: k + 1 if k else 1})           # not taken: the next attempt is almost never
    acc = Accepts()
    if bool(acc(find_books_streams(KEY, rec.attempts[KEY]))[0]):
        pytest.skip("the altered attempt happens to be taken")
    with pytest.raises(ForceFailed) as err:
        rec.resolve(KEY, Accepts(), 10**6, "a test category", True)
    text = str(err.value)
    assert str(rec.path) in text and "python -m cabinet.math find-books a_game" in text and "stale or altered" in text


def find_books_streams(key: int, k: int):
    from cabinet.core.forcing import attempt_streams
    return attempt_streams(key, k, 1)


def test_an_ignored_record_searches_from_attempt_0(tmp_path):
    later = first() + 1
    acc = Accepts()
    while not acc(find_books_streams(KEY, later))[0]:           # a later attempt that is also taken
        later += 1
    rec = record(tmp_path, {KEY: later})
    assert rec.resolve(KEY, Accepts(), 10**6, "a test category", True) == later     # taken: used as recorded
    rec.ignored = True
    assert rec.resolve(KEY, Accepts(), 10**6, "a test category", True) == first()   # find-books --check


def test_a_damaged_record_is_refused_with_what_is_allowed(tmp_path):
    assert read_found(tmp_path / "none.json") == {}
    bad = tmp_path / "found.json"
    for text in ("{", '{"attempts": [1, 2]}', '{"attempts": {"x": 1}}', "[]", "", '{"attempts": null}',
                 '{"attempts": {"1": Infinity}}', '{"attempts": {"1": NaN}}', '{"attempts": {"1": -3}}',
                 '{"attempts": {"1": true}}', '{"attempts": {"1": 3.5}}', '{"attempts": {"-1": 3}}',
                 '{"attempts": {"1": 4294967296}}', '{"attempts": {"18446744073709551616": 1}}'):
        bad.write_text(text)
        with pytest.raises(ValueError, match=r"found\.json: (not a record of found attempts|search .* is not a "
                                             r"whole number in range).*allowed: .*2\*\*32 - 1"):
            read_found(bad)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_record_holds_the_searches_of_the_forced_books_it_lists(game):
    """Every game keeps a record; it lists the forced books of every stratum the build
    makes, and the first book of some 8 strata spread over its modes looks up only
    recorded searches, each recorded attempt taken (as the build checks it)."""
    spec = resolve_game(game)
    rec = spec.math.found
    assert rec is not None and rec.path == program.ROOT / "games" / game / "found.json"
    tasks = find_books.plan(game, False)
    listed = json.loads(rec.path.read_text())["books"]
    want: dict[str, int] = {}
    for t in tasks:
        want[f"{t.mode}/{t.category}"] = want.get(f"{t.mode}/{t.category}", 0) + t.count
    assert listed == want
    looked_up = 0
    firsts = [t for t in tasks if t.start == 0]
    for t in firsts[::max(1, len(firsts) // 8)]:                 # about 8 strata a game, spread over its modes
        seed = int(book_seeds(DEFAULT_SEED, t.mode, t.stratum, 0, 1)[0])
        rec.noted = {}
        try:
            spec.play(Rng.recording(seed), t.mode, t.category)
            assert all(rec.attempts.get(k) == v for k, v in rec.noted.items()), (t.mode, t.category)
            looked_up += len(rec.noted)
        finally:
            rec.noted = None
    assert looked_up >= 3


def small_plan(game: str, again: bool) -> list[find_books.Task]:
    """Two chunks of Grinning Harvest's base max-win books (a few seconds)."""
    return [find_books.Task(game, "base", 0, "max_win", 0, 2, again),
            find_books.Task(game, "base", 0, "max_win", 10, 2, again)]


@pytest.mark.slow
def test_find_books_writes_checks_and_repairs_a_record(tmp_path, monkeypatch, capsys):
    from games.grinning_harvest.math.tables import FOUND
    assert list(resolve_game("grinning_harvest").math.book_forces["base"])[0] == "max_win"
    monkeypatch.setattr(find_books, "plan", small_plan)
    path = tmp_path / "grinning_harvest" / "found.json"
    path.parent.mkdir()
    monkeypatch.setattr(FOUND, "path", path)
    FOUND.forget()
    try:
        assert find_books.find_game("grinning_harvest", 1, False, False) == 0
        written = path.read_text()
        doc = json.loads(written)
        assert doc["books"] == {"base/max_win": 4} and len(doc["attempts"]) == 4
        assert check_found(FOUND) == {int(k): v for k, v in doc["attempts"].items()}
        assert find_books.find_game("grinning_harvest", 1, True, False) == 0 and path.read_text() == written
        key, k = next(iter(doc["attempts"].items()))
        doc["attempts"][key] = k + 1                                       # altered: not taken
        path.write_text(json.dumps(doc, indent=1) + "\n")
        FOUND.forget()
        assert find_books.find_game("grinning_harvest", 1, False, False) == 1
        err = capsys.readouterr().err
        assert "1 differ from the record" in err and "not written" in err
        assert json.loads(path.read_text())["attempts"][key] == k + 1        # left as it was
        assert find_books.find_game("grinning_harvest", 1, False, True) == 0 and path.read_text() == written
    finally:
        FOUND.forget()


def test_find_books_refuses_a_damaged_record_and_bad_arguments_in_one_line(tmp_path, monkeypatch, capsys):
    from cabinet.math.cli import main
    from games.grinning_harvest.math.tables import FOUND
    for args in (["find-books", "grinning_harvest", "--workers", "0"], ["find-books", "no_such_game"]):
        assert main(args) == 2
        assert len(capsys.readouterr().err.strip().splitlines()) == 1
    bad = tmp_path / "grinning_harvest" / "found.json"
    bad.parent.mkdir()
    bad.write_text("{not json")
    monkeypatch.setattr(FOUND, "path", bad)
    FOUND.forget()
    try:
        assert main(["find-books", "grinning_harvest"]) == 2
        err = capsys.readouterr().err
        assert str(bad) in err and "allowed" in err and len(err.strip().splitlines()) == 1
        assert bad.read_text() == "{not json"
        bad.unlink()
        bad.mkdir()                                  # a folder in its place: refused, not 'no record'
        FOUND.forget()
        assert main(["find-books", "grinning_harvest"]) == 2 and "found.json" in capsys.readouterr().err
    finally:
        FOUND.forget()


def test_the_manifest_will_not_vouch_for_a_damaged_record(tmp_path, monkeypatch, capsys):
    """`python -m cabinet.math manifest` reads each game's found.json as play reads it and
    refuses to hash a damaged one, naming it; manifest.sha256 is left as it was."""
    from cabinet.core import program
    from cabinet.math.cli import main
    from games.piggy_farm.math.tables import FOUND
    bad = tmp_path / "found.json"
    bad.write_text('{"attempts": {"12": 1.5}}')
    monkeypatch.setattr(FOUND, "path", bad)
    monkeypatch.setattr(program, "write_manifest", lambda *a: pytest.fail("the manifest was written"))
    before = (program.ROOT / "manifest.sha256").read_bytes()
    try:
        assert main(["manifest"]) == 2
        err = capsys.readouterr().err
        assert str(bad) in err and "allowed:" in err and "the manifest would vouch for it" in err
        assert err.count("\n") == 1 and (program.ROOT / "manifest.sha256").read_bytes() == before
    finally:
        FOUND.forget()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("change, says", [
    (lambda t, k: None, "missing (the forced books replay their searches from it)"),
    (lambda t, k: t.replace(f'"{k}"', f'" {k} "', 1), "is not a plain decimal number"),
    (lambda t, k: t.replace(f'"{k}"', f'"+{k}"', 1), "is not a plain decimal number"),
    (lambda t, k: t.replace(f'"{k}"', '"\u0661\u0662"', 1), "is not a plain decimal number"),
    (lambda t, k: t.replace('"attempts": {', f'"attempts": {{\n  "{k}": 12345,', 1), "given twice"),
    (lambda t, k: t.replace('\n "attempts"', ' "attempts"', 1), "not laid out as `python -m cabinet.math find-books"),
    (lambda t, k: t.replace('"attempts": {', '"deep": ' + "[" * 100_000 + "]" * 100_000 + ', "attempts": {', 1),
     "nested too deeply"),
])
def test_the_manifest_takes_found_json_only_as_find_books_writes_it(tmp_path, monkeypatch, change, says, game):
    """Keys the rounds would still read (spaces, a sign, other digits, one given twice
    with another attempt), another layout, a missing file: each refused, naming the file;
    the shipped record passes."""
    rec = resolve_game(game).math.found
    text = rec.path.read_text()
    assert check_found(rec) == read_found(rec.path) and len(read_found(rec.path)) >= 8
    changed = change(text, next(iter(json.loads(text)["attempts"])))
    bad = tmp_path / game / "found.json"
    bad.parent.mkdir()
    if changed is not None:
        bad.write_text(changed)
    with pytest.raises(ValueError, match="not |missing|given twice|nested") as err:
        check_found(FoundSearches(bad))
    assert says in str(err.value) and str(bad) in str(err.value) and "\n" not in str(err.value)
