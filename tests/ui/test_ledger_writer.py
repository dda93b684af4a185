"""The ledger's disk writes out of the frame (issue #34 item 2): a SPIN hands the round's
commit to the ledger's writer thread and nothing of the round moves before it returned
(record before show); the settlement goes there too; the balance shown is the cabinet's
state, not an SQL query at every frame; the cabinet's own connection reads and writes
after the writer's commits (one ledger, one order)."""
from __future__ import annotations

import threading
import time
from concurrent.futures import Future

import pygame

from tests.ui.conftest import finish_round, make_app, open_game, serve


class CountingDb:
    """The cabinet's connection, counting the statements run on it."""

    def __init__(self, db):
        self._db, self.queries = db, []

    def execute(self, query, *args):
        self.queries.append(query)
        return self._db.execute(query, *args)

    def __getattr__(self, name):
        return getattr(self._db, name)


def space(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0, scancode=0))
    app.step(1 / 60)


def test_a_spin_commits_on_the_writer_and_the_round_moves_only_after_it_returned(tmp_path):
    app = make_app(tmp_path)
    try:
        scene = open_game(app)
        before = app.cabinet.balance
        gate = threading.Event()
        app.checkpoints.call(lambda led: gate.wait(10))       # the writer busy (a slow disk)
        space(app)                                            # the SPIN frame returns at once
        for _ in range(5):
            app.step(1 / 60)
        assert scene.committing is not None and scene.played is None and scene.presentation is None
        assert scene.presenting and app.cabinet.balance == before       # nothing debited yet, nothing shown
        gate.set()
        app.checkpoints.flush()
        app.step(1 / 60)                                      # the frame after the commit presents it
        assert scene.committing is None and scene.played is not None
        rid = scene.played.round_id
        assert app.cabinet.ledger.round(rid).state == "open"  # recorded before anything moved
        assert app.cabinet.balance == before - scene.played.cost_cents
    finally:
        next(serve(app), None)


def test_the_settlement_goes_to_the_writer_and_the_win_counts_in_the_balance_meanwhile(tmp_path):
    app = make_app(tmp_path)
    try:
        scene = open_game(app)
        space(app)
        app.checkpoints.flush()
        app.step(1 / 60)
        played = scene.played
        gate = threading.Event()
        app.checkpoints.call(lambda led: gate.wait(10))
        debited = app.cabinet.balance
        for _ in range(2000):
            if scene.played is None:
                break
            scene.skip()
            app.step(0.1)
        assert scene.played is None and scene.settling is not None and not scene.settling.done()
        assert app.cabinet.balance == debited + played.win_cents          # the win shown while it commits
        assert app.cabinet.ledger.balance == debited                      # not yet in the ledger
        gate.set()
        finish_round(app, scene)
        assert app.cabinet.ledger.round(played.round_id).state == "settled"
        assert app.cabinet.balance == debited + played.win_cents
    finally:
        next(serve(app), None)


def test_the_balance_shown_is_not_an_sql_query_at_every_frame(tmp_path):
    app = make_app(tmp_path)
    try:
        open_game(app)
        led = app.cabinet.ledger
        led.db = counting = CountingDb(led.db)
        for _ in range(60):
            app.step(1 / 60)
        assert not [q for q in counting.queries if "meter" in q.lower()], counting.queries[:3]
        led.db = counting._db
    finally:
        next(serve(app), None)


def test_the_cabinets_connection_reads_after_the_writers_commits(tmp_path):
    app = make_app(tmp_path)
    try:
        cab = app.cabinet
        writer = app.checkpoints

        def slow_deposit(led):
            time.sleep(0.3)
            return led.deposit(1234)
        before = cab.ledger.balance
        cab.track(writer.call(slow_deposit))
        assert cab.meters()["balance"] == before + 1234     # waited for the writer's commit, then read
        assert cab.balance == before + 1234                 # and the cached balance was read again
    finally:
        next(serve(app), None)


def test_a_tracked_credit_counts_until_its_commit_is_done(tmp_path):
    app = make_app(tmp_path)
    try:
        cab = app.cabinet
        base = cab.balance
        future: Future = Future()
        cab.track(future, 500)
        assert cab.balance == base + 500 and cab.pending_credit == 500
        future.set_result(None)
        assert cab.balance == base and cab.pending_credit == 0
    finally:
        next(serve(app), None)
