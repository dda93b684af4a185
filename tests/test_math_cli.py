"""The `python -m cabinet.math` verbs on the toy game: JSON shapes of rtp, evaluate and
--paytable, show replays a book, par writes its files, verify and bench report."""
from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from cabinet.math.cli import main
from tests.toygame.math import rules

TOY = "tests.toygame"


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    out = tmp_path_factory.mktemp("toybooks")
    assert main(["build", TOY, "--books", "6000", "--out", str(out)]) == 0
    return out


def _json(capsys):
    return json.loads(capsys.readouterr().out)


@pytest.mark.slow
def test_rtp_json_shape_and_figures(books, capsys):
    assert main(["rtp", TOY, "--json", "--books-dir", str(books)]) == 0
    doc = _json(capsys)
    assert doc["game"] == "toygame" and set(doc["modes"]) == {"base", "buy_bonus"}
    for mode, target in (("base", 0.945), ("buy_bonus", 0.952)):
        m = doc["modes"][mode]
        assert set(m) == {"cost", "rtp", "hit_rate", "max_win_x", "max_win_odds", "features"}
        assert abs(m["rtp"] - target) < 1e-6
        assert set(m["features"]) == {"bonus", "jackpot", "top_coin"}
    assert doc["modes"]["buy_bonus"]["cost"] == 20.0
    assert doc["modes"]["base"]["max_win_x"] >= 1000 and doc["modes"]["base"]["max_win_odds"] > 1000
    assert abs(doc["modes"]["base"]["features"]["jackpot"] - rules.JACKPOT_RATE) < 1e-12


def test_show_replays_the_book_with_its_payout(books, capsys):
    assert main(["show", TOY, "--mode", "base", "--book", "6010", "--json", "--books-dir", str(books)]) == 0
    doc = _json(capsys)
    assert doc["force"] == "jackpot" and "jackpot" in doc["features"]
    assert doc["payout_x100"] == doc["library_payout_x100"] >= 100_000
    assert doc["events"][0]["type"] == "reel_stop"


def test_missing_library_is_a_clear_error(tmp_path, capsys):
    assert main(["rtp", TOY, "--books-dir", str(tmp_path)]) == 2
    assert "manifest.json: book manifest missing" in capsys.readouterr().err


def test_evaluate_prints_one_result_per_board(monkeypatch, capsys):
    boards = [[["A", "A", "A"], ["J", "Q", "K"], ["CROWN", "CROWN", "CROWN"]],
              [["J", "Q", "K"], ["STAR", "STAR", "STAR"], ["K", "Q", "J"]]]
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(json.dumps({"board": b}) + "\n" for b in boards)))
    assert main(["evaluate", TOY]) == 0
    first, second = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert first["total_x"] == 1015.0
    assert [(w["symbol"], w["count"], w["line"], w["pay_x"]) for w in first["wins"]] == \
        [("A", 3, 0, 15.0), ("CROWN", 3, 2, 1000.0)]
    assert first["wins"][1]["positions"] == [[2, 0], [2, 1], [2, 2]]
    assert second == {"wins": [], "total_x": 0}


def test_paytable_shape(capsys):
    assert main(["evaluate", TOY, "--paytable"]) == 0
    pt = _json(capsys)
    assert {"symbols", "wild", "not_substituted", "scatters", "lines", "pays"} <= set(pt)
    assert pt["wild"] is None and pt["scatters"] == ["STAR"]
    assert pt["pays"]["CROWN"] == {"3": 1000.0}
    assert all(len(line) == 3 for line in pt["lines"])


@pytest.mark.slow
def test_par_writes_markdown_json_and_plots(books, tmp_path):
    assert main(["par", TOY, "--out", str(tmp_path), "--books-dir", str(books), "--sim-rounds", "20000"]) == 0
    md = (tmp_path / "toygame_par.md").read_text()
    data = json.loads((tmp_path / "toygame_par.json").read_text())
    for png in data["plots"]:
        assert (tmp_path / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f"![{png}]({png})" in md
    base = data["modes"]["base"]
    assert abs(sum(base["rtp_by_source"]["sources"].values()) - 0.945) < 1e-9
    assert base["live_sim"]["rounds"] == 20_000
    assert set(base["rtp_band_90"]) == {"1000", "10000", "100000", "1000000", "10000000"}
    assert base["volatility_index_90"] > base["sd"]
    assert data["symbol_counts"]["base"][0]["CROWN"] == 1
    assert "| base | 1x | 0.945000 |" in md and "## Mode `buy_bonus`" in md


@pytest.mark.slow
def test_par_keeps_the_sources_by_library_digest_and_prints_the_reduced_row(books, tmp_path, capsys):
    from cabinet.math.par_markdown import markdown
    args = ["par", TOY, "--out", str(tmp_path), "--books-dir", str(books), "--sim-rounds", "20000"]
    assert main(args) == 0
    saved = json.loads((tmp_path / "toygame_sources.json").read_text())
    assert "computed" in capsys.readouterr().out and len(saved["library_key"]) == 64
    assert main(args) == 0                               # the same libraries: read back
    out = capsys.readouterr().out
    assert "RTP by source read from toygame_sources.json" in out and "CPU" in out
    saved["sources"]["base"]["sources"] = {"line wins": 0.5}
    (tmp_path / "toygame_sources.json").write_text(json.dumps(saved))
    data = json.loads((tmp_path / "toygame_par.json").read_text())
    assert main(args) == 0 and "read from" in capsys.readouterr().out
    assert json.loads((tmp_path / "toygame_par.json").read_text())["modes"]["base"]["rtp_by_source"]["sources"] == \
        {"line wins": 0.5}                               # (what the file said: it is trusted by its key)
    saved["library_key"] = "0" * 64                      # another library's: recomputed and rewritten
    (tmp_path / "toygame_sources.json").write_text(json.dumps(saved))
    assert main(args + ["--fresh-sources"]) == 0 and "computed" in capsys.readouterr().out
    assert json.loads((tmp_path / "toygame_sources.json").read_text())["library_key"] != "0" * 64
    live = data["modes"]["base"]["live_sim"]
    assert live["variance_reduced"] is None               # the toy has no live_rtp
    assert "No variance-reduced estimate for this mode" in (tmp_path / "toygame_par.md").read_text()
    live["variance_reduced"] = {"rtp": 0.9452, "ci99": [0.9432, 0.9472], "ci99_half_pp": 0.2, "rounds": 20000,
                                "method": "exact lines + a bonus run"}
    md = markdown(data)
    assert ("variance-reduced (unbiased): natural RTP 0.945200, 99% interval [0.943200, 0.947200] (±0.200 pp; "
            "+0.020 pp from stated). Method: exact lines + a bonus run") in md
    tops = data["modes"]["base"]["top_awards"]
    assert tops and all(a["rules_method"] == "the game's estimate (tail_odds)" for a in tops)


def test_verify_regenerates_and_passes(books, capsys):
    assert main(["verify", TOY, "--books-dir", str(books), "--sample", "500", "--workers", "1"]) == 0
    assert "verified" in capsys.readouterr().out


@pytest.mark.slow
def test_bench_json_without_build(capsys):
    assert main(["bench", TOY, "--rounds", "5000", "--no-build", "--json"]) == 0
    doc = _json(capsys)
    figs = doc["games"][TOY]["modes"]["base"]
    assert figs["play"]["1"] > 0 and figs["simulate"]["2"] > 0


@pytest.mark.slow
def test_module_entry_point_runs():
    out = subprocess.run([sys.executable, "-m", "cabinet.math", "evaluate", TOY, "--paytable"],
                         capture_output=True, text=True, check=True, cwd=Path(__file__).resolve().parents[1])
    assert json.loads(out.stdout)["symbols"][0] == "J"


@pytest.mark.parametrize("verb, out, words", [
    ("par", "{file}", "allowed: a folder"),
    ("par", "{file}/x", "allowed: a folder"),
    ("build", "{file}/x", "is not a folder"),
    ("rates", "{tmp}", "it is a folder"),
    ("rates", "{file}/r.json", "is not a folder"),
    ("par", " ", "an empty name"),
])
def test_an_out_that_cannot_be_written_is_refused_before_any_work(tmp_path, capsys, verb, out, words):
    afile = tmp_path / "afile"
    afile.write_text("x")
    argv = [verb, "piggy_farm", "--out", out.format(file=afile, tmp=tmp_path)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err
    assert afile.read_text() == "x"
