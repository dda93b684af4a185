"""METERS: the cabinet's meters, lifetime beside the period since the last reset, and
the same per game or per mode of one game, with the actual RTP beside the theoretical.

Every figure is summed from the ledger's entries (cabinet/core/ledger/meters.py); the
lifetime sums are cross-checked with the audited meters table first. The actual RTP is
won / (bet - refunded); the theoretical is each mode's stated RTP, weighted by what was
bet in it. PERIOD RESET asks for a second press and is an event in the ledger carrying
the closed period's figures.

The figures are read and the rows composed when the page opens and after each change
(REFRESH, PERIOD RESET, a table switch), never per frame: a frame only blits them.
"""
from __future__ import annotations

from typing import Any

from .. import draw as D
from ..lobby import rtp_text
from .page import Page, when

RESET_ARM_SECONDS = 5.0
CABINET_ROWS = (      # two blocks side by side
    (("Credits in", "credits_in", "money"), ("Credits out", "credits_out", "money"),
     ("  tickets out", "tickets_out", "money"), ("  handpays", "handpaid", "money"),
     ("Total bet", "total_bet", "money"), ("Total won", "total_won", "money"), ("Actual RTP", None, "rtp"),
     ("Refunded (voided)", "refunded", "money")),
    (("Games played", "games_played", "count"), ("Games won", "games_won", "count"),
     ("Games voided", "games_voided", "count"), ("Side stakes", "side_staked", "money"),
     ("Side wins", "side_won", "money"), ("Pot / jackpot rounds", "jackpot_rounds", "count"),
     ("Won in them", "jackpot_won", "money"), ("Tickets / handpays", None, "cash_counts")))
TABLE_ROWS = 9


def pct(value: float | None) -> str:
    return "-" if value is None else f"{value * 100:.2f}%"


def actual_rtp(m: dict[str, Any]) -> float | None:
    staked = m.get("total_bet", 0) - m.get("refunded", 0)
    return m.get("total_won", 0) / staked if staked > 0 else None


class MetersPage(Page):
    title = "METERS"

    def __init__(self, menu):
        super().__init__(menu)
        self.lifetime: dict[str, Any] = {}
        self.period: dict[str, Any] = {}
        self.table_period = False            # the per-game table shows the period, not the lifetime
        self.focus_game: str | None = None   # None: every game; else that game's modes
        self.cabinet_rows: list[list[list[str]]] = []   # the two cabinet blocks, composed by compose()
        self.rows: list[list[str]] = []                  # the per-game (or per-mode) table, likewise
        self.armed_at: float | None = None   # PERIOD RESET pressed once, waiting for the second press
        self.button((360, 940, 330, 76), lambda: "CONFIRM RESET" if self._armed() else "PERIOD RESET",
                    "period_reset", style="red", font_size=28)
        self.button((710, 940, 330, 76), lambda: "TABLE: " + ("PERIOD" if self.table_period else "LIFETIME"),
                    "table_period", font_size=28)
        self.button((1060, 940, 560, 76), lambda: "MODES OF " + self._game_name(self.focus_game).upper()
                    if self.focus_game else "TABLE BY GAME (PRESS: BY MODE)", "focus_game", font_size=26)
        self.button((1640, 940, 240, 76), "REFRESH", "refresh", font_size=28)

    def _armed(self) -> bool:
        return self.armed_at is not None and self.app.time - self.armed_at < RESET_ARM_SECONDS

    def _game_name(self, gid: str | None) -> str:
        setup = self.cab.games.get(gid) if gid else None
        return setup.spec.name if setup is not None else str(gid)

    def refresh(self) -> None:
        self.lifetime = self.cab.meters()
        self.period = self.cab.period_meters()
        self.compose()

    def compose(self) -> None:
        """The rows the page shows, from the figures read (once per read or switch)."""
        life, per = self.lifetime, self.period
        self.cabinet_rows = [[[label, self.cell(life, key, kind), self.cell(per, key, kind)]
                              for label, key, kind in block] for block in CABINET_ROWS]
        self.rows = self.game_rows(per if self.table_period else life)[:TABLE_ROWS]

    def on_action(self, action: str) -> bool:
        if action == "period_reset":
            if self._armed():
                self.cab.reset_period("operator")
                self.armed_at = None
                self.refresh()
                self.say("Period reset: the period meters start again from zero (logged)")
            else:
                self.armed_at = self.app.time
                self.say("Press CONFIRM RESET within 5 seconds to start a new period")
        elif action == "table_period":
            self.table_period = not self.table_period
            self.compose()
        elif action == "focus_game":
            ids = [None, *self.cab.games]
            self.focus_game = ids[(ids.index(self.focus_game) + 1) % len(ids)] if self.focus_game in ids else None
            self.compose()
        elif action == "refresh":
            self.refresh()
        else:
            return False
        return True

    # -- figures ---------------------------------------------------------------------
    def cell(self, m: dict[str, Any], key: str | None, kind: str) -> str:
        if not m:
            return "-"
        if kind == "rtp":
            theory = self.theoretical(m)
            return f"{pct(actual_rtp(m))} (theory {pct(theory)})"
        if kind == "cash_counts":
            return f"{m.get('tickets', 0)} / {m.get('handpays', 0)}"
        value = m.get(key, 0) if key else 0
        return self.money(value) if kind == "money" else f"{value:,}"

    def theoretical(self, m: dict[str, Any], game: str | None = None) -> float | None:
        """The stated RTP of what was played: each mode's, weighted by its bets."""
        num = den = 0.0
        for gid, g in m.get("per_game", {}).items():
            if game is not None and gid != game:
                continue
            setup = self.cab.games.get(gid)
            for mode, f in g["modes"].items():
                rtp = setup.spec.rtp.get(mode) if setup is not None else None
                staked = f["total_bet"] - f["refunded"]
                if rtp is not None and staked > 0:
                    num, den = num + rtp * staked, den + staked
        return num / den if den else None

    def game_rows(self, m: dict[str, Any]) -> list[list[str]]:
        """Per game (or per mode of the focused game): name, played, bet, won, refunded,
        actual RTP, theoretical RTP."""
        per = m.get("per_game", {})
        if self.focus_game is None:
            rows = []
            for gid in dict.fromkeys([*self.cab.games, *per]):
                f, setup = per.get(gid), self.cab.games.get(gid)
                theory = self.theoretical(m, gid) if f else None
                stated = pct(theory) if theory is not None or setup is None else rtp_text(setup.spec)[4:]
                rows.append([self._game_name(gid), *self._figures(f), stated])
            return rows
        setup = self.cab.games.get(self.focus_game)
        g = per.get(self.focus_game, {"modes": {}})
        offered = [x.id for x in setup.spec.modes if x.kind in ("spin", "buy")] if setup is not None else []
        rows = []
        for mode in dict.fromkeys([*offered, *g["modes"]]):
            try:
                label = setup.spec.mode(mode).label if setup is not None else mode
            except KeyError:
                label = mode
            rtp = setup.spec.rtp.get(mode) if setup is not None else None
            rows.append([label, *self._figures(g["modes"].get(mode)), pct(rtp)])
        return rows

    def _figures(self, f: dict[str, Any] | None) -> list[str]:
        if not f:
            return ["0", "-", "-", "-", "-"]
        return [f"{f['games_played']:,}", self.money(f["total_bet"]), self.money(f["total_won"]),
                self.money(f["refunded"]), pct(actual_rtp(f))]

    # -- frame -----------------------------------------------------------------------
    def draw(self, surface) -> None:
        life, per = self.lifetime, self.period
        for rows, x in zip(self.cabinet_rows, (360, 1140)):
            self.table(surface, x, 126, (("CABINET" if x == 360 else "", 0, "left"), ("LIFETIME", 520, "right"),
                                         ("PERIOD", 730, "right")), rows, size=23, row_h=40, width=752)
        since = per.get("since")
        self.text(surface, (f"Period since {when(since)}" if since else "Period: since the ledger began (no reset "
                            "yet)") + f"   ·   {life.get('open_rounds', 0)} round(s) open now", (360, 494), 24,
                  D.MUTED)
        heading = "BY GAME" if self.focus_game is None else f"{self._game_name(self.focus_game).upper()} BY MODE"
        self.text(surface, f"{heading}, {'PERIOD' if self.table_period else 'LIFETIME'}", (360, 536), 24, D.GOLD,
                  bold=True)
        columns = (("", 0, "left"), ("PLAYED", 560, "right"), ("BET", 800, "right"), ("WON", 1020, "right"),
                   ("REFUNDED", 1220, "right"), ("ACTUAL", 1380, "right"), ("THEORY", 1520, "right"))
        self.table(surface, 360, 566, columns, self.rows, size=22, row_h=38, width=1540)
