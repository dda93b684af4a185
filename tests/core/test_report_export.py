"""The operator's report export (cabinet/core/reports.py) on a real ledger of hand-built
rounds with known bets and wins: the CSVs hold the meters the ledger computes, in minor
units and formatted; the summary's sha256s are the files'; the export is a chain entry
and the audit still passes; a folder that cannot be written, a disk that fills during
the export and a damaged ledger leave nothing behind; nothing is ever overwritten; the
command line prints one line per file, or one line and exit 2."""
from __future__ import annotations

import csv
import errno
import hashlib
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from cabinet.core import program, report_command, reports
from cabinet.core.config import load_config
from cabinet.core.ledger import Ledger, LedgerError
from cabinet.core.ledger import closing, meters
from cabinet.core.money import Currency
from cabinet.core.schema import ConfigError
from cabinet.core.startup import prepare
from tests.toygame import GAME

ROOT = Path(__file__).resolve().parents[2]
CUR = Currency(symbol="EUR ", minor_units=100, thousands=".", decimal=",")
SPECS = {GAME.id: GAME}
BOOK = {"source": "books", "book": 3, "force": None}
NOW = 1_780_000_000.0                   # 2026-05-28T20:26:40Z
STAMP = "20260528T202640Z"

# (game, mode, bet, cost, win) of each round, settled in this order
BEFORE_RESET = [(GAME.id, "base", 100, 100, 0), (GAME.id, "base", 100, 100, 250), (GAME.id, "base", 200, 200, 1000),
                (GAME.id, "buy_bonus", 100, 5000, 12000), ("other", "base", 50, 50, 0)]
AFTER_RESET = [(GAME.id, "base", 100, 100, 400), (GAME.id, "buy_bonus", 100, 5000, 0)]


def build(path: Path) -> Ledger:
    """Credits in 1,000.00; the rounds above with a period reset between them; a gamble
    won on the second round; a round voided (its cost refunded); a ticket of 5.00."""
    led = Ledger(path)
    led.deposit(100000)
    ids = []
    for game, mode, bet, cost, win in BEFORE_RESET:
        ids.append(led.open_round(game, mode, bet, cost, BOOK, win * 100 // bet, win, False,
                                  ["pot_blue"] if win == 12000 else []))
        led.settle_round(ids[-1])
    led.side_draw("gamble", 250, 500, True, {"pick": "red"}, ids[1])
    meters.reset_period(led, "test")
    for game, mode, bet, cost, win in AFTER_RESET:
        led.settle_round(led.open_round(game, mode, bet, cost, BOOK, win * 100 // bet, win, False, []))
    voided = led.open_round(GAME.id, "base", 100, 100, BOOK, 0, 0, False, [])
    closing.close_round(led, voided, "refund", {"why": "test"})
    led.cash_out(500)
    return led


@pytest.fixture
def led(tmp_path):
    ledger = build(tmp_path / "data" / "ledger.sqlite")
    yield ledger
    ledger.close()


def read(path: Path) -> list[dict[str, str]]:
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def export(led: Ledger, folder: Path) -> dict[str, Path]:
    written = reports.export(led, folder, CUR, SPECS, by="test", now=NOW)
    return {w.path.name.split(f"-{STAMP}")[0]: w.path for w in written}


def test_the_csvs_hold_the_meters_the_ledger_computes(led, tmp_path):
    files = export(led, tmp_path / "out")
    assert sorted(files) == ["events", "meters-cabinet", "meters-games", "rounds", "side-draws", "summary"]
    assert all(p.name.endswith(f"-{STAMP}.csv") or p.name == f"summary-{STAMP}.json" for p in files.values())
    life, period = meters.lifetime(led), meters.period(led)
    lifetime_row, period_row = read(files["meters-cabinet"])
    # by hand: bets 100+100+200+5000+50 (+100+5000 after the reset, +100 voided), wins 0+250+1000+12000+0 (+400)
    assert lifetime_row["period"] == "lifetime" and int(lifetime_row["total_bet_minor"]) == 10650 == life["total_bet"]
    assert int(lifetime_row["total_won_minor"]) == 13650 == life["total_won"]
    assert lifetime_row["total_won"] == "EUR 136,50" and lifetime_row["credits_in"] == "EUR 1.000,00"
    assert int(lifetime_row["refunded_minor"]) == 100 and int(lifetime_row["games_voided"]) == 1
    assert int(lifetime_row["games_played"]) == 8 and int(lifetime_row["games_won"]) == 4
    assert int(lifetime_row["tickets_out_minor"]) == 500 and int(lifetime_row["side_won_minor"]) == 500
    assert int(lifetime_row["jackpot_won_minor"]) == 12000 and lifetime_row["jackpot_rounds"] == "1"
    assert int(lifetime_row["balance_minor"]) == led.balance and lifetime_row["balance"] == CUR.format(led.balance)
    assert lifetime_row["actual_rtp_percent"] == f"{13650 / (10650 - 100) * 100:.4f}"
    assert int(period_row["total_bet_minor"]) == 5200 == period["total_bet"]
    assert int(period_row["total_won_minor"]) == 400 == period["total_won"] and period_row["games_played"] == "3"
    for row, m in ((lifetime_row, life), (period_row, period)):
        for name in reports.CABINET_MONEY:
            assert int(row[f"{name}_minor"]) == m[name] and row[name] == CUR.format(m[name])
        for name in reports.CABINET_COUNTS:
            assert int(row[name]) == m[name]

    games = {(r["period"], r["game"], r["mode"]): r for r in read(files["meters-games"])}
    base = games[("lifetime", GAME.id, "base")]
    assert base["game_name"] == "Toy Reels" and base["mode_label"] == "Spin" and base["theoretical_rtp_percent"] == \
        "94.5000"
    assert (int(base["games_played"]), int(base["total_bet_minor"]), int(base["total_won_minor"])) == (
        5,
        600,
        1650,
    )  # 100+100+200+100 and the voided 100
    assert games[("period", GAME.id, "buy_bonus")]["total_bet"] == "EUR 50,00"
    assert games[("lifetime", GAME.id, "all")]["total_won_minor"] == "13650"
    assert games[("lifetime", "other", "all")]["game_name"] == "other"       # a game this cabinet does not offer
    for (name, gid, mode), row in games.items():
        m = (life if name == "lifetime" else period)["per_game"][gid]
        f = m if mode == "all" else m["modes"][mode]
        assert [int(row[k]) for k in reports.GAME_COUNTS] == [f[k] for k in reports.GAME_COUNTS]
        assert [int(row[f"{k}_minor"]) for k in reports.GAME_MONEY] == [f[k] for k in reports.GAME_MONEY]


def test_rounds_side_draws_and_events_are_every_row_of_the_ledger(led, tmp_path):
    logged = [k for _, k, _, _ in reversed(led.events(100))]
    files = export(led, tmp_path / "out")
    rounds = read(files["rounds"])
    built = BEFORE_RESET + AFTER_RESET
    assert len(rounds) == len(built) + 1 and [int(r["round_id"]) for r in rounds] == list(range(1, len(built) + 2))
    for row, (game, mode, bet, cost, win) in zip(rounds, built):
        assert (row["game"], row["mode"], row["state"]) == (game, mode, "settled")
        assert (int(row["bet_minor"]), int(row["cost_minor"]), int(row["win_minor"])) == (bet, cost, win)
        assert row["cost"] == CUR.format(cost) and row["outcome"] == "book 3"
        assert int(row["balance_after_minor"]) - int(row["balance_before_minor"]) == win - cost
    assert rounds[-1]["state"] == "voided" and rounds[-1]["win_minor"] == "" and rounds[3]["features"] == "pot_blue"
    draw, = read(files["side-draws"])
    assert (draw["round_id"], draw["kind"], draw["won"], draw["paid_minor"], draw["paid"]) == \
        ("2", "gamble", "yes", "500", "EUR 5,00")
    events = read(files["events"])
    assert [e["kind"] for e in events] == logged and logged[-1] == "round_closed"   # the export's own comes after
    closed = next(e for e in events if e["kind"] == "period_reset")
    assert json.loads(closed["detail"])["closed_period"]["total_bet"] == 5450


def test_the_summary_names_each_file_by_sha256_and_the_export_is_a_chain_entry(led, tmp_path):
    files = export(led, tmp_path / "out")
    summary = json.loads(files["summary"].read_text())
    listed = summary["files"]
    assert sorted(listed) == sorted(p.name for k, p in files.items() if k != "summary")
    for name, entry in listed.items():
        data = (tmp_path / "out" / name).read_bytes()
        assert entry["sha256"] == hashlib.sha256(data).hexdigest() and entry["bytes"] == len(data)
    assert listed[files["rounds"].name]["rows"] == 8
    assert summary["cabinet"]["id"] == led.db.execute("SELECT cabinet FROM identity").fetchone()[0]
    assert summary["program"]["manifest_sha256"] == program.manifest_digest()
    assert (
        summary["audit"]["result"] == "ok" and "8 rounds (7 settled, 1 voided, 0 open)" in summary["audit"]["checked"]
    )
    assert summary["span"]["to_utc"] >= summary["span"]["period_since_utc"] >= summary["span"]["from_utc"]
    (_, kind, detail, _), = led.events(1)
    assert kind == "report_export" and detail["by"] == "test"
    assert detail["files"] == {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in files.values()}
    assert led.audit()[0]
    led.close()
    again = Ledger(led.path, create=False, full_audit=True)          # the whole chain from the first entry
    assert again.report.entries == summary["audit"]["chain_entries"] + 1          # the export's own entry
    assert again.events(1)[0][1] == "report_export" and again.report.head != summary["audit"]["chain_head"]
    again.close()


def test_an_export_never_overwrites_a_file_nor_takes_a_part_file(led, tmp_path):
    first = export(led, tmp_path / "out")
    kept = {p: p.read_bytes() for p in first.values()}
    second = export(led, tmp_path / "out")                          # the same second
    assert all(p.name.endswith(f"-{STAMP}-2.csv") or p.name == f"summary-{STAMP}-2.json" for p in second.values())
    assert {p: p.read_bytes() for p in first.values()} == kept
    assert len(list((tmp_path / "out").iterdir())) == 12
    stale = tmp_path / "out" / f".rounds-{STAMP}-3.csv.part"      # another export's unfinished file
    stale.write_text("not ours")
    third = export(led, tmp_path / "out")
    assert third["rounds"].name == f"rounds-{STAMP}-4.csv" and stale.read_text() == "not ours"


@pytest.mark.parametrize("where", ["afile/sub", "afile"])
def test_a_folder_that_cannot_be_written_is_refused_in_one_line_and_nothing_is_logged(led, tmp_path, where):
    (tmp_path / "afile").write_text("a file")
    before = led.events(1)
    with pytest.raises(reports.ExportFailed) as refused:
        export(led, tmp_path / where)
    assert str(refused.value).startswith("report_dir ") and "a file, not a folder" in str(refused.value)
    assert "\n" not in str(refused.value) and led.events(1) == before
    assert (tmp_path / "afile").read_text() == "a file"


def test_a_disk_that_fills_during_the_export_leaves_nothing_and_the_ledger_plays_on(led, tmp_path, monkeypatch):
    real = reports._Hashing.write
    budget = [3000]                     # the meters fit, the rounds do not

    def filling(self, text):
        budget[0] -= len(text)
        if budget[0] < 0:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, text)
    monkeypatch.setattr(reports._Hashing, "write", filling)
    before = led.events(1)
    with pytest.raises(reports.ExportFailed) as full:
        export(led, tmp_path / "out")
    assert "No space left on device" in str(full.value) and "nothing was kept" in str(full.value)
    assert list((tmp_path / "out").iterdir()) == []               # no part file, no complete one
    assert led.events(1) == before and not led.broken
    led.deposit(100)                                                # the ledger writes on
    assert led.audit()[0]


def test_a_damaged_ledger_exports_nothing_and_refuses_writes(led, tmp_path):
    led.db.execute("UPDATE rounds SET win_cents = 99999 WHERE id = 2")
    with pytest.raises(LedgerError, match="rounds row 2"):
        export(led, tmp_path / "out")
    assert list((tmp_path / "out").iterdir()) == [] and led.broken
    with pytest.raises(LedgerError):
        led.deposit(100)


def test_report_dir_is_checked_at_start_like_data_dir(tmp_path):
    (tmp_path / "afile").write_text("")
    (tmp_path / "config.yaml").write_text(f"data_dir: {tmp_path / 'data'}\nmath_source: live\n"
                                          f"report_dir: {tmp_path / 'afile' / 'reports'}\n")
    with pytest.raises(ConfigError, match=r"^report_dir .*afile is a file, not a folder; allowed: a folder"):
        prepare(tmp_path / "config.yaml", create=False)
    (tmp_path / "config.yaml").write_text("data_dir: data\nmath_source: live\nreport_dir: ../exports\n")
    assert load_config(tmp_path / "config.yaml").report_path == tmp_path / "exports"      # relative to data_dir
    (tmp_path / "config.yaml").write_text("data_dir: data\nmath_source: live\n")
    assert load_config(tmp_path / "config.yaml").report_path == tmp_path / "data" / "reports"
    (tmp_path / "config.yaml").write_text("data_dir: data\nreport_dir: 7\n")
    with pytest.raises(ConfigError, match=r"^report_dir = 7 has the wrong type; allowed: a folder path"):
        load_config(tmp_path / "config.yaml")


# -- the command line ----------------------------------------------------------------------
def main_py(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


@pytest.mark.slow
def test_the_command_line_prints_one_line_per_file_or_one_line_and_exit_2(tmp_path):
    build(tmp_path / "data" / "ledger.sqlite").close()
    (tmp_path / "config.yaml").write_text("data_dir: data\nmath_source: live\n")
    config = str(tmp_path / "config.yaml")
    r = main_py("--config", config, "--export-report", str(tmp_path / "out"))
    assert r.returncode == 0 and r.stderr == "", r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == 6 and sorted(Path(line.split("  ", 1)[1]) for line in lines) == \
        sorted((tmp_path / "out").iterdir())
    for line in lines:                                              # sha256sum's format: "<sha256>  <path>"
        sha, path = line.split("  ", 1)
        assert hashlib.sha256(Path(path).read_bytes()).hexdigest() == sha
    assert main_py("--config", config, "--audit").returncode == 0   # the export's entry audits
    (tmp_path / "afile").write_text("")
    r = main_py("--config", config, "--export-report", str(tmp_path / "afile" / "x"))
    assert r.returncode == 2 and r.stdout == "" and len(r.stderr.splitlines()) == 1
    assert r.stderr.startswith("main.py: --export-report ") and "a file, not a folder" in r.stderr
    con = sqlite3.connect(tmp_path / "data" / "ledger.sqlite", isolation_level=None)
    con.execute("UPDATE cash SET cents = 1 WHERE id = 1")
    con.close()
    r = main_py("--config", config, "--export-report", str(tmp_path / "out2"))
    assert r.returncode == 2 and r.stdout == "" and len(r.stderr.splitlines()) == 1
    assert r.stderr.startswith("cabinet locked: ") and "Traceback" not in r.stderr
    assert not (tmp_path / "out2").exists() or list((tmp_path / "out2").iterdir()) == []


def test_help_names_the_export():
    r = main_py("--help")
    assert r.returncode == 0 and "--export-report DIR" in r.stdout and "report" in r.stdout


def test_the_theoretical_rtp_is_the_return_at_the_bets_played(led, tmp_path):
    """Where a win limit lowers a mode's return at the top bets, the report's theoretical
    RTP is the offered game's return at each bet played, weighted by the stakes there
    (the METERS page's figure), not the stated RTP."""
    class Setup:                                   # the offered game's returns: 94.5% at 1.00, 80% at 2.00
        @staticmethod
        def rtp_at(mode, bet):
            return {100: 0.945, 200: 0.80}.get(bet) if mode == "base" else 0.952
    written = reports.export(led, tmp_path / "r", CUR, reports.Specs(SPECS, {GAME.id: Setup}), by="test", now=NOW)
    files = {w.path.name.split(f"-{STAMP}")[0]: w.path for w in written}
    games = {(r["period"], r["game"], r["mode"]): r for r in read(files["meters-games"])}
    # base staked 300 at 1.00 (the voided round refunded) and 200 at 2.00
    assert (
        games[("lifetime", GAME.id, "base")]["theoretical_rtp_percent"]
        == f"{(0.945 * 300 + 0.80 * 200) / 500 * 100:.4f}"
    )
    assert games[("lifetime", GAME.id, "buy_bonus")]["theoretical_rtp_percent"] == "95.2000"


def _files_of(folder: Path) -> dict[str, bytes]:
    """The ledger, its key and witnesses byte for byte (SQLite's -shm index a reader may
    make is left out; a -wal holding frames is not)."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())
            if not p.name.endswith("-shm") and not (p.name.endswith("-wal") and p.stat().st_size == 0)}


def test_a_damaged_ledger_is_exported_forensically_read_only_and_marked_unverified(tmp_path, capsys):
    """Issue 36 item 6: the refusal offers --forensic; the forensic set holds the rows
    exactly as they are (the altered win included), every file and the summary marked
    UNVERIFIED with the audit's reason, and the ledger is not written to."""
    path = tmp_path / "data" / "ledger.sqlite"
    build(path).close()
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("UPDATE rounds SET win_cents = 99999 WHERE id = 2")
    con.close()
    ledger_files = _files_of(path.parent)
    assert report_command.command(path, str(tmp_path / "out"), CUR, SPECS) == 2
    said = capsys.readouterr().err
    assert said.startswith("cabinet locked: ") and "--forensic" in said and len(said.splitlines()) == 1
    assert report_command.command(path, str(tmp_path / "out"), CUR, SPECS, forensic=True) == 0
    out, err = capsys.readouterr()
    mark = err.strip()
    assert mark.startswith("UNVERIFIED: the ledger failed its audit: ") and "rounds row 2" in mark
    files = sorted((tmp_path / "out").iterdir())
    assert len(files) == 6 and all(f.name.startswith("unverified-") for f in files)
    assert sorted(Path(line.split("  ", 1)[1]) for line in out.splitlines()) == files
    for f in files:
        if f.suffix == ".csv":
            first = f.read_text(encoding="utf-8").splitlines()[0]
            assert first == mark or first == f'"{mark}"', (f.name, first)
    rounds = next(f for f in files if f.name.startswith("unverified-rounds-"))
    rows = list(csv.DictReader(rounds.read_text(encoding="utf-8").splitlines()[1:]))
    assert [int(r["round_id"]) for r in rows] == list(range(1, 9))
    assert next(r for r in rows if r["round_id"] == "2")["win_minor"] == "99999"     # exactly what is there
    draws = next(f for f in files if f.name.startswith("unverified-side-draws-"))
    assert len(draws.read_text(encoding="utf-8").splitlines()) == 3                  # mark, header, the gamble
    summary = json.loads(next(f for f in files if f.suffix == ".json").read_text())
    assert next(iter(summary)) == "UNVERIFIED" and summary["UNVERIFIED"] == mark
    assert summary["audit"] == {"result": mark}
    for f in files[:-1] if files[-1].suffix == ".json" else files:
        if f.suffix == ".csv":
            assert summary["files"][f.name]["sha256"] == hashlib.sha256(f.read_bytes()).hexdigest()
    assert _files_of(path.parent) == ledger_files            # not one byte written to the ledger (nor its WAL)


def test_forensic_refuses_a_ledger_that_passes_its_audit(led, tmp_path, capsys):
    path = led.path
    led.close()
    assert report_command.command(path, str(tmp_path / "out"), CUR, SPECS, forensic=True) == 2
    err = capsys.readouterr().err
    assert "passes its audit" in err and len(err.splitlines()) == 1
    assert not (tmp_path / "out").exists() or list((tmp_path / "out").iterdir()) == []


@pytest.mark.slow
def test_main_py_export_report_forensic(tmp_path):
    build(tmp_path / "data" / "ledger.sqlite").close()
    (tmp_path / "config.yaml").write_text("data_dir: data\nmath_source: live\n")
    config = str(tmp_path / "config.yaml")
    con = sqlite3.connect(tmp_path / "data" / "ledger.sqlite", isolation_level=None)
    con.execute("UPDATE cash SET cents = 1 WHERE id = 1")
    con.close()
    r = main_py("--config", config, "--export-report", str(tmp_path / "out"))
    assert r.returncode == 2 and "--forensic" in r.stderr and len(r.stderr.splitlines()) == 1
    r = main_py("--config", config, "--export-report", str(tmp_path / "out"), "--forensic")
    assert r.returncode == 0, r.stderr
    assert r.stderr.startswith("UNVERIFIED: the ledger failed its audit: ") and len(r.stdout.splitlines()) == 6
    assert main_py("--config", config, "--forensic").returncode == 2                  # only with --export-report
