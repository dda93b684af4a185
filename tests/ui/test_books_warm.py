"""Opening a game drawing from its books warms them (Library.warm: the first book of
every stratum, once per process); a book that does not play back keeps the game
closed with a toast naming it, and the cabinet goes on."""
from __future__ import annotations

from cabinet.core.books import Library

from .conftest import books_app, run
from .textcheck import text_problems


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


def test_a_damaged_record_of_found_attempts_keeps_piggy_farm_closed_with_its_reason(tmp_path, monkeypatch):
    """games/piggy_farm/found.json that is not a record (a lab's alteration) stops its
    huge-win books playing back: the game stays closed, the notice names the file and
    what is allowed, wrapped inside the window, and the other games open."""
    from games.piggy_farm.math import tables
    bad = tmp_path / "found.json"
    bad.write_text('{"attempts": {"1": "x"}}')
    app = books_app(tmp_path / "app")
    try:
        setup = app.cabinet.games["piggy_farm"]
        monkeypatch.setattr(tables.FOUND, "path", bad)
        tables.FOUND.forget()                                     # read again, from the damaged file
        monkeypatch.setattr(setup.library, "_warm", set())
        assert app.open_game("piggy_farm") is None
        text = app.toast_text
        assert text.startswith("Piggy Farm cannot open") and str(bad) in text and "allowed:" in text
        assert text_problems(app, "found.json notice") == []
        for _ in range(4):                     # a failed warm-up is met again: every later tap stays closed
            assert app.open_game("piggy_farm") is None and "found.json" in app.toast_text
        assert app.open_game("grinning_harvest") is not None
    finally:
        monkeypatch.undo()
        tables.FOUND.forget()
        app.checkpoints.close()
