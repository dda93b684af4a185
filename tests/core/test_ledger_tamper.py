"""A lab's tampering tries on a real ledger (rounds, settlements, side draws, cash,
events, game state, written by the cabinet itself): every one locks the cabinet with
a message naming what is wrong, and the files are byte-identical (and dump the same)
before and after the cabinet opened them."""
from __future__ import annotations

import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from cabinet.core.cabinet import Cabinet
from cabinet.core.config import load_config
from tests.core.ledger_attack import refuses_play
from tests.toygame import GAME


def read_head(folder: Path):
    from cabinet.core.ledger.chain import Head
    return Head.parse(one(folder, "SELECT body FROM audit_head")[0])


def make_cabinet(folder: Path, seed: int = 5) -> Cabinet:
    folder.mkdir(parents=True, exist_ok=True)
    if not (folder / "config.yaml").exists():
        (folder / "config.yaml").write_text("data_dir: .\nmath_source: live\ndemo_credit: '500.00'\n")
    return Cabinet(load_config(folder / "config.yaml"), games={GAME.id: GAME}, seed=seed)


def play(cab: Cabinet, rounds: int) -> None:
    for i in range(rounds):
        played = cab.start_round(GAME.id, "base", 100)
        cab.checkpoint(played.round_id, 2)
        cab.settle(played.round_id, {"level": i % 4})


@pytest.fixture(scope="module", params=["walked", "sealed"])
def template(tmp_path_factory, request) -> Path:
    """A cabinet's data dir: 92 settled rounds, gamble draws, cash in and out, events,
    game state, and one round left open (as a crash leaves it). `walked`: started once,
    so its start's seal covers only its first entries and the next start walks every
    row tampered with; `sealed`: started again, so the seal covers them all and the
    next start finds them changed by its digest (then the full audit names them)."""
    folder = tmp_path_factory.mktemp("cabinet")
    cab = make_cabinet(folder)
    play(cab, 12)
    rid = cab.history(1)[0].id
    cab.side_draw("gamble", 100, 200, True, {"game": GAME.id, "wheel": "cash"}, rid)
    cab.side_draw("gamble", 200, 400, False, {"game": GAME.id, "wheel": "cash"}, rid)
    cab.deposit(10000)
    cab.ledger.cash_out(2500)
    play(cab, 80)
    cab.audit()
    cab.start_round(GAME.id, "base", 100)
    cab.ledger.close()
    if request.param == "sealed":
        again = make_cabinet(folder)
        assert not again.locked and again.ledger.report.sealed is not None
        checked = again.ledger.report.entries
        again.ledger.close()
        seal = read_head(folder).seal
        assert seal is not None and checked <= seal.seq       # the next start digests every row tried below
    return folder


def snapshot(folder: Path) -> tuple[dict[str, bytes], str | None]:
    """The ledger's and key's bytes, and an iterdump of the database (read-only)."""
    db = folder / "ledger.sqlite"
    files = {p.name: p.read_bytes() for p in (db, folder / "cabinet.key") if p.exists()}
    dump = None
    if db.exists() and db.stat().st_size:
        try:
            con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
            dump = "\n".join(con.iterdump())
            con.close()
        except sqlite3.DatabaseError as exc:
            dump = f"unreadable: {exc}"
    return files, dump


def sql(folder: Path, *statements: str) -> None:
    con = sqlite3.connect(folder / "ledger.sqlite", isolation_level=None)
    for s in statements:
        con.executescript(s)
    con.close()


def one(folder: Path, query: str):
    con = sqlite3.connect(f"file:{folder / 'ledger.sqlite'}?mode=ro", uri=True)
    try:
        return con.execute(query).fetchone()
    finally:
        con.close()


def meters(folder: Path, **deltas: int) -> str:
    return ";".join(f"UPDATE meters SET value = value + {d} WHERE name = '{m}'" for m, d in deltas.items())


def assert_locks(folder: Path, *expect: str) -> str:
    """Open the cabinet on the folder: it locks naming `expect`, refuses play, and
    leaves the files as they were."""
    before = snapshot(folder)
    cab = make_cabinet(folder, seed=9)
    refuses_play(cab, *expect)
    assert cab.open_round() is None and cab.history() == []
    if cab.ledger is not None:
        cab.ledger.close()
    assert snapshot(folder) == before
    return cab.locked


def shift_after(seq: int, delta: int) -> list[str]:
    """What a careful forger does after changing a balance: move every later balance."""
    return [f"UPDATE rounds SET balance_before = balance_before + {delta} WHERE seq > {seq}",
            f"UPDATE rounds SET balance_after = balance_after + {delta} WHERE settle_seq >= {seq}",
            *(f"UPDATE {t} SET balance_before = balance_before + {delta}, balance_after = balance_after + {delta}"
              f" WHERE seq > {seq}" for t in ("cash", "side_draws"))]


def test_the_untouched_copy_opens_and_audits(copy):
    cab = make_cabinet(copy)
    assert not cab.locked and cab.open_round() is not None
    ok, message = cab.audit()
    assert ok and "93 rounds (92 settled, 1 open), 3 cash, 2 side draws" in message


def test_a_settled_win_raised_by_50_dollars_with_the_meters_and_balances_to_match(copy):
    rid, seq = one(copy, "SELECT id, seq FROM rounds WHERE state = 'settled' ORDER BY id LIMIT 1 OFFSET 5")
    sql(copy, f"UPDATE rounds SET win_cents = win_cents + 5000 WHERE id = {rid}", *shift_after(seq, 5000),
        meters(copy, total_won=5000, balance=5000))
    assert_locks(copy, f"rounds row {rid} (chain entry {seq})", "does not match its MAC")


def test_a_forged_cash_in_of_10000_dollars_with_matching_meters(copy):
    seq, link = one(copy, "SELECT MAX(seq), 'ab' || substr(link, 3) FROM events")
    top = max(one(copy, f"SELECT MAX({c}) FROM {t}")[0] or 0
              for t, c in (("rounds", "seq"), ("rounds", "settle_seq"), ("cash", "seq"), ("side_draws", "seq"),
                           ("events", "seq")))
    bal = one(copy, "SELECT value FROM meters WHERE name = 'balance'")[0]
    sql(copy, "INSERT INTO cash (kind, cents, created_at, balance_before, balance_after, seq, link) VALUES "
              f"('in', 1000000, 1.5, {bal}, {bal + 1000000}, {top + 1}, '{link}')",
        meters(copy, credits_in=1000000, balance=1000000))
    assert_locks(copy, f"(chain entry {top + 1})", "cash row")


def test_a_deleted_round_with_the_meters_adjusted(copy):
    rid, seq, cost, win = one(copy, "SELECT id, seq, cost_cents, win_cents FROM rounds WHERE state = 'settled'"
                                    " ORDER BY id LIMIT 1 OFFSET 3")
    sql(copy, f"DELETE FROM rounds WHERE id = {rid}", *shift_after(seq, win - cost),
        meters(copy, total_bet=-cost, total_won=-win, games_played=-1, games_won=-int(win > 0),
               balance=win - cost))
    assert_locks(copy, f"chain entry {seq} is missing", "a row was deleted")


def test_the_last_round_deleted_with_the_meters_adjusted(copy):
    rid, seq, cost = one(copy, "SELECT id, seq, cost_cents FROM rounds ORDER BY id DESC LIMIT 1")
    sql(copy, f"DELETE FROM rounds WHERE id = {rid}", meters(copy, total_bet=-cost, games_played=-1, balance=cost))
    assert_locks(copy, f"chain entry {seq} is missing")     # the chain's end (walked), or before the restart's event


def test_a_settled_round_set_back_to_open(copy):
    rid, sseq, win = one(copy, "SELECT id, settle_seq, win_cents FROM rounds WHERE state = 'settled' AND win_cents"
                               " > 0 ORDER BY id DESC LIMIT 1")
    sql(copy, "UPDATE rounds SET state = 'open', settle_seq = NULL, settle_link = NULL, balance_after = NULL,"
              f" settled_at = NULL WHERE id = {rid}", *shift_after(sseq, -win),
        meters(copy, total_won=-win, games_won=-1, balance=-win))
    assert_locks(copy, f"chain entry {sseq} is missing")


def test_only_the_state_set_back_to_open(copy):
    rid = one(copy, "SELECT id FROM rounds WHERE state = 'settled' ORDER BY id LIMIT 1")[0]
    sql(copy, f"UPDATE rounds SET state = 'open' WHERE id = {rid}")
    assert_locks(copy, f"rounds row {rid} (chain entry", "state 'open' does not agree with its settlement")


def test_a_balance_before_edit(copy):
    rid, seq = one(copy, "SELECT id, seq FROM rounds ORDER BY id LIMIT 1 OFFSET 7")
    sql(copy, f"UPDATE rounds SET balance_before = balance_before + 100 WHERE id = {rid}")
    assert_locks(copy, f"rounds row {rid} (chain entry {seq})")


@pytest.mark.parametrize(
    "table, column, value",
    [
        ("cash", "cents", "cents * 10"),
        ("side_draws", "prize_cents", "prize_cents + 1"),
        ("side_draws", "won", "1 - won"),
        ("events", "detail", "'{}'"),
        ("rounds", "outcome", "'{\"source\": 1}'"),
        ("rounds", "mode", "'nosuch'"),
        ("rounds", "features", "'[\"jackpot\"]'"),
        ("rounds", "payout_x100", "payout_x100 + 1"),
    ],
)
def test_any_covered_column_edited(copy, table, column, value):
    rid = one(copy, f"SELECT MIN(id) FROM {table}")[0]
    sql(copy, f"UPDATE {table} SET {column} = {value} WHERE id = {rid}")
    assert_locks(copy, f"{table} row {rid}", "does not match its MAC")


def test_the_meters_alone_the_head_the_game_state_and_a_checkpoint(tmp_path, template):
    cases = [
        (meters(tmp_path, balance=1), "meter balance"),
        ("UPDATE audit_head SET body = replace(body, '\"seq\":', '\"seq\":1')", "audit head"),
        ("DELETE FROM audit_head", "audit head"),
        ("UPDATE game_state SET state = '{\"level\": 9}'", "game_state"),
        ("DELETE FROM game_state", "game_state"),
        ("UPDATE rounds SET checkpoint = 99 WHERE state = 'open'", "checkpoint does not match its MAC"),
        ("UPDATE identity SET cabinet = 'someone else'", "ledger missing or replaced"),
        ("INSERT INTO meters VALUES ('jackpot', 5)", "jackpot"),
    ]
    for i, (statement, expect) in enumerate(cases):
        folder = tmp_path / f"case{i}"
        shutil.copytree(template, folder)
        sql(folder, statement)
        assert_locks(folder, expect)


def test_an_empty_file_a_missing_file_and_a_deleted_key(tmp_path, template):
    empty = tmp_path / "empty"
    shutil.copytree(template, empty)
    (empty / "ledger.sqlite").write_bytes(b"")
    assert_locks(empty, "ledger missing or replaced", "is empty")
    gone = tmp_path / "gone"
    shutil.copytree(template, gone)
    (gone / "ledger.sqlite").unlink()
    assert_locks(gone, "ledger missing or replaced", "is missing")
    assert not (gone / "ledger.sqlite").exists()            # nothing was recreated
    keyless = tmp_path / "keyless"
    shutil.copytree(template, keyless)
    (keyless / "cabinet.key").unlink()
    assert_locks(keyless, "ledger missing or replaced", "cabinet.key is missing")
    assert not (keyless / "cabinet.key").exists()


def test_another_cabinets_ledger_in_its_place(tmp_path, template):
    other = make_cabinet(tmp_path / "other", seed=3)
    play(other, 5)
    other.ledger.close()
    swapped = tmp_path / "swapped"
    shutil.copytree(template, swapped)
    shutil.copy(tmp_path / "other" / "ledger.sqlite", swapped / "ledger.sqlite")
    assert_locks(swapped, "ledger missing or replaced", "was not written with the key")


@pytest.mark.parametrize("table", ["meters", "rounds", "cash", "side_draws", "events", "game_state", "audit_head",
                                   "identity"])
def test_a_dropped_table_locks_and_is_not_recreated(copy, table):
    sql(copy, f"DROP TABLE {table}")
    assert_locks(copy, f"table {table} is missing")
    assert one(copy, f"SELECT COUNT(*) FROM sqlite_master WHERE name = '{table}'")[0] == 0


@pytest.mark.parametrize("statement, expect", [
    ("ALTER TABLE rounds RENAME COLUMN win_cents TO prize", "table rounds"),
    ("DROP INDEX rounds_open", "index rounds_open"),
    ("CREATE TRIGGER pay AFTER INSERT ON rounds BEGIN UPDATE meters SET value = value + 1; END", "trigger 'pay'"),
    ("CREATE TABLE notes (x)", ""),
    ("PRAGMA journal_mode=DELETE", "is in delete mode, not the WAL mode"),
])
def test_schema_changes_lock(copy, statement, expect):
    sql(copy, statement)
    if statement.startswith("CREATE TABLE"):             # an extra table is harmless: the ledger opens
        cab = make_cabinet(copy)
        assert not cab.locked
        return
    assert_locks(copy, expect)


@pytest.mark.slow
@pytest.mark.parametrize("where", ["any byte", "a non-zero byte"])
def test_bit_flips_in_60_copies_lock_or_change_no_money(tmp_path, template, where):
    """Random single-bit flips in the database file, at any byte (many land in unused
    space) or at a non-zero byte (where the data, the schema and the page headers are):
    each copy either locks (SQLite's integrity check, the schema, the identity, a MAC)
    or opens with every amount exactly as it was; nothing raises."""
    money = ("SELECT group_concat(id || ':' || cost_cents || ':' || win_cents || ':' || state || ':' ||"
             " balance_before || ':' || ifnull(balance_after, '-'), ',') FROM rounds")
    others = ("SELECT (SELECT group_concat(name || value) FROM meters) ||"
              " (SELECT group_concat(cents || kind || balance_after) FROM cash) ||"
              " (SELECT group_concat(stake_cents || prize_cents || won) FROM side_draws)")
    original = (one(template, money), one(template, others))
    data = (template / "ledger.sqlite").read_bytes()
    positions = range(len(data)) if where == "any byte" else [i for i, b in enumerate(data) if b]
    rng = random.Random(20261201 + len(where))
    locked = 0
    for i in range(60):
        folder = tmp_path / f"flip{i}"
        shutil.copytree(template, folder)
        pos, bit = rng.choice(positions), rng.randrange(8)
        flipped = bytearray(data)
        flipped[pos] ^= 1 << bit
        (folder / "ledger.sqlite").write_bytes(bytes(flipped))
        before = snapshot(folder)
        cab = make_cabinet(folder, seed=9)
        if cab.locked:
            locked += 1
            assert "\n" not in cab.locked
        else:
            assert cab.audit()[0]
            assert (one(folder, money), one(folder, others)) == original, f"byte {pos} bit {bit}"
        if cab.ledger is not None:
            cab.ledger.close()
        if cab.locked:
            assert snapshot(folder) == before, f"byte {pos} bit {bit} changed the files"
    print(f"bit flips at {where}: {locked} of 60 copies locked, {60 - locked} opened with every amount unchanged")
    assert locked >= (15 if where == "any byte" else 50)
