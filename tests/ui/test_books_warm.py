"""Opening a game drawing from its books warms them (Library.warm: the first book of
every stratum, once per process); a book that does not play back keeps the game
closed with a toast naming it, and the cabinet goes on."""
from __future__ import annotations

from cabinet.core.books import Library

from .conftest import books_app, run


def test_a_book_that_does_not_play_back_keeps_its_game_closed(tmp_path, monkeypatch):
    app = books_app(tmp_path)
    try:
        setup = app.cabinet.games["grinning_harvest"]

        def broken(self, mode, book):
            raise RuntimeError(f"{mode} book {book}: the engines disagree")
        monkeypatch.setattr(Library, "regenerate", broken)
        monkeypatch.setattr(setup.library, "_warm", set())       # not warmed yet in this process
        assert app.open_game("grinning_harvest") is None
        assert "Grinning Harvest cannot open" in app.toast_text and "engines disagree" in app.toast_text
        assert app.stack.top.__class__.__name__ == "Lobby"
        run(app, 2)                                               # the cabinet goes on
        monkeypatch.undo()
        monkeypatch.setattr(setup.library, "_warm", set())
        scene = app.open_game("grinning_harvest")                 # a sound library opens, warmed
        assert scene is not None and set(setup.modes) <= setup.library._warm
    finally:
        app.checkpoints.close()


def test_the_books_play_back_without_reading_the_record_of_searches(tmp_path, monkeypatch):
    """A book replays its own hints (each search's kept attempt), so opening a game never
    reads found.json (cabinet/core/found_searches.py, the build's record): with a
    damaged one in place, Piggy Farm warms every stratum, its huge-win books included,
    and opens. An altered record is refused where it matters: by the program check
    (a critical file) and by find-books and the manifest tool (tests/core/test_found_searches.py)."""
    from games.piggy_farm.math import tables
    bad = tmp_path / "found.json"
    bad.write_text('{"attempts": {"1": "x"}}')
    app = books_app(tmp_path / "app")
    try:
        setup = app.cabinet.games["piggy_farm"]
        monkeypatch.setattr(tables.FOUND, "path", bad)
        tables.FOUND.forget()
        monkeypatch.setattr(setup.library, "_warm", set())
        assert app.open_game("piggy_farm") is not None
        assert "huge_win" in setup.library.spec.math.book_forces["free_spins"] and "free_spins" in setup.library._warm
    finally:
        monkeypatch.undo()
        tables.FOUND.forget()
        app.checkpoints.close()
