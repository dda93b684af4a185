"""METERS: the cabinet's meters, lifetime beside the period since the last reset, and
the same per game or per mode of one game, with the actual RTP beside the theoretical.

Every figure is summed from the ledger's entries (cabinet/core/ledger/meters.py); the
lifetime sums are cross-checked with the audited meters table first. The actual RTP is
won / (bet - refunded); the theoretical is the return of each mode at each bet it was
played at (GameSetup.rtp_at: after the win limits, from the books, computed once at
offer), weighted by what was bet there: a money limit lowers the return at the top
bets, so one figure for every bet would not be what the actual RTP should approach.
A game or mode not played yet shows its range over the bets offered. PERIOD RESET asks for a second press and is an event in the ledger carrying
the closed period's figures. EXPORT REPORT writes the report set (CSV and a JSON
summary, cabinet/core/reports.py) into config report_dir after a full audit, and logs
it; the page says where, or why it could not (the folder, a full disk: nothing is left
half-written and the cabinet plays on). The export runs on the frame after the one
that says it is running (a long history takes seconds, as RUN AUDIT does).

The figures are read and the rows composed when the page opens and after each change
(REFRESH, PERIOD RESET, a table switch), never per frame: a frame only blits them.
"""
from __future__ import annotations

import os
from typing import Any

from cabinet.core.books import rtp_fraction
from cabinet.core.cabinet import CabinetLocked
from cabinet.core.i18n import N_, _, formats, translate
from cabinet.core.ledger.meters import rtp as actual_rtp
from cabinet.core.ledger.meters import theoretical
from cabinet.core.reports import EVENT as EXPORT_EVENT
from cabinet.core.reports import ExportFailed

from .. import draw as D
from ..figures import rtp_text, span_text
from cabinet.core.game_words import mode_label
from .page import Page, when

RESET_ARM_SECONDS = 5.0
CABINET_ROWS = (      # two blocks side by side
    ((N_("Credits in"), "credits_in", "money"), (N_("Credits out"), "credits_out", "money"),
     (N_("  tickets out"), "tickets_out", "money"), (N_("  handpays"), "handpaid", "money"),
     (N_("Total bet"), "total_bet", "money"), (N_("Total won"), "total_won", "money"), (N_("Actual RTP"), None, "rtp"),
     (N_("Refunded (voided)"), "refunded", "money")),
    ((N_("Games played"), "games_played", "count"), (N_("Games won"), "games_won", "count"),
     (N_("Games voided"), "games_voided", "count"), (N_("Side stakes"), "side_staked", "money"),
     (N_("Side wins"), "side_won", "money"), (N_("Pot / jackpot rounds"), "jackpot_rounds", "count"),
     (N_("Won in them"), "jackpot_won", "money"), (N_("Tickets / handpays"), None, "cash_counts")))
TABLE_ROWS = 9


def pct(value: float | None) -> str:
    return "-" if value is None else formats.percent(value * 100, 2)


class MetersPage(Page):
    title = N_("METERS")

    def __init__(self, menu):
        super().__init__(menu)
        self.lifetime: dict[str, Any] = {}
        self.period: dict[str, Any] = {}
        self.table_period = False            # the per-game table shows the period, not the lifetime
        self.focus_game: str | None = None   # None: every game; else that game's modes
        self.cabinet_rows: list[list[list[str]]] = []   # the two cabinet blocks, composed by compose()
        self.rows: list[list[str]] = []                  # the per-game (or per-mode) table, likewise
        self.armed_at: float | None = None   # PERIOD RESET pressed once, waiting for the second press
        self.exporting = ""                  # "asked": the note says so this frame; "shown": export now
        self.last_export: tuple[float, dict[str, Any]] | None = None   # (time, detail) of the newest one

        def reset_label() -> str:
            return _("CONFIRM RESET") if self._armed() else _("PERIOD RESET")

        def table_label() -> str:
            return _("TABLE: PERIOD") if self.table_period else _("TABLE: LIFETIME")

        def focus_label() -> str:
            if self.focus_game:
                return _("MODES OF {game}").format(game=self._game_name(self.focus_game).upper())
            return _("BY GAME (PRESS: BY MODE)")

        self.button((360, 940, 270, 76), reset_label,
                    "period_reset", style="red", font_size=26)
        self.button((645, 940, 270, 76), table_label,
                    "table_period", font_size=26)
        self.button(
            (930, 940, 440, 76),
            focus_label,
            "focus_game",
            font_size=24,
        )
        self.button((1385, 940, 190, 76), N_("REFRESH"), "refresh", font_size=26)

        def export_label() -> str:
            return _("EXPORTING...") if self.exporting else _("EXPORT REPORT")

        self.button((1590, 940, 290, 76), export_label,
                    "export_report", style="gold", font_size=26, enabled=lambda: not self.exporting)

    def _armed(self) -> bool:
        return self.armed_at is not None and self.app.time - self.armed_at < RESET_ARM_SECONDS

    def _game_name(self, gid: str | None) -> str:
        setup = self.cab.games.get(gid) if gid else None
        return setup.spec.name if setup is not None else str(gid)

    def refresh(self) -> None:
        self.exporting = ""                  # the page shown again: an export asked for and not run is dropped
        self.lifetime = self.cab.meters()
        self.period = self.cab.period_meters()
        found = self.cab.events(1, (EXPORT_EVENT,))
        self.last_export = (found[0][3], found[0][2]) if found else None
        self.compose()

    def compose(self) -> None:
        """The rows the page shows, from the figures read (once per read or switch)."""
        life, per = self.lifetime, self.period
        self.cabinet_rows = [[[translate(label), self.cell(life, key, kind), self.cell(per, key, kind)]
                              for label, key, kind in block] for block in CABINET_ROWS]
        self.rows = self.game_rows(per if self.table_period else life)[:TABLE_ROWS]

    def on_action(self, action: str) -> bool:
        if action == "period_reset":
            if self._armed():
                self.cab.reset_period("operator")
                self.armed_at = None
                self.refresh()
                self.say(_("Period reset: the period meters start again from zero (logged)"))
            else:
                self.armed_at = self.app.time
                self.say(_("Press CONFIRM RESET within 5 seconds to start a new period"))
        elif action == "table_period":
            self.table_period = not self.table_period
            self.compose()
        elif action == "focus_game":
            ids = [None, *self.cab.games]
            self.focus_game = ids[(ids.index(self.focus_game) + 1) % len(ids)] if self.focus_game in ids else None
            self.compose()
        elif action == "refresh":
            self.refresh()
        elif action == "export_report" and not self.exporting:
            self.exporting = "asked"
            self.say(_("Auditing the ledger and writing the report set to {folder} ...").format(
                folder=self.cab.config.report_path))
        else:
            return False
        return True

    def update(self, dt: float) -> None:
        if self.exporting == "shown":
            self.exporting = ""
            self.export()

    def export(self) -> None:
        """The report set, written and logged (a failed audit locks: the menu goes to AUDIT)."""
        try:
            written = self.cab.export_report("operator")
        except (ExportFailed, CabinetLocked) as exc:
            self.say(_("Report NOT written: {reason}").format(reason=exc), bad=True)
            return
        folder = os.path.dirname(written[0].path)
        self.say(_("Report written: {count} files in {folder} (logged)").format(count=len(written), folder=folder))
        self.refresh()

    # -- figures ---------------------------------------------------------------------
    def cell(self, m: dict[str, Any], key: str | None, kind: str) -> str:
        if not m:
            return "-"
        if kind == "rtp":
            theory = self.theoretical(m)
            return _("{actual} (theory {theory})").format(actual=pct(actual_rtp(m)), theory=pct(theory))
        if kind == "cash_counts":
            return f"{m.get('tickets', 0)} / {m.get('handpays', 0)}"
        value = m.get(key, 0) if key else 0
        return self.money(value) if kind == "money" else formats.number(value)

    def theoretical(self, m: dict[str, Any], game: str | None = None) -> float | None:
        """The theoretical RTP of what was played: each mode's return at each bet it was
        played at, weighted by what was bet there (ledger/meters.py `theoretical`)."""
        return theoretical(m, self.rtp_at, game)

    def rtp_at(self, game: str, mode: str, bet: int) -> Any:
        """A mode's return at a bet: the offered game's figure there (after its win
        limits), else, for a game no longer offered, its stated RTP."""
        setup = self.cab.games.get(game)
        if setup is not None:
            return setup.rtp_at(mode, bet)
        spec = self.cab.offer.specs.get(game)
        stated = spec.rtp.get(mode) if spec is not None else None
        return None if stated is None else rtp_fraction(stated)

    def mode_span(self, setup: Any, mode: str) -> str:
        """A spin's or buy's return over the bets it is offered at ('-': none); another
        mode's (a gamble's bonus, played at no stake) stated RTP."""
        try:
            kind = setup.spec.mode(mode).kind
        except KeyError:
            return "-"
        if kind not in ("spin", "buy"):
            stated = setup.spec.rtp.get(mode)
            return "-" if stated is None else pct(stated)
        values = [r for b in setup.bet_ladder if setup.offers(mode, b) for r in (setup.rtp_at(mode, b),)
                  if r is not None]
        return span_text((min(values), max(values)) if values else None)

    def game_rows(self, m: dict[str, Any]) -> list[list[str]]:
        """Per game (or per mode of the focused game): name, played, bet, won, refunded,
        actual RTP, theoretical RTP."""
        per = m.get("per_game", {})
        if self.focus_game is None:
            rows = []
            for gid in dict.fromkeys([*self.cab.games, *per]):
                f, setup = per.get(gid), self.cab.games.get(gid)
                theory = self.theoretical(m, gid) if f else None
                stated = pct(theory) if theory is not None or setup is None else rtp_text(setup.spec, setup)[4:]
                rows.append([self._game_name(gid), *self._figures(f), stated])
            return rows
        setup = self.cab.games.get(self.focus_game)
        g = per.get(self.focus_game, {"modes": {}})
        offered = [x.id for x in setup.spec.modes if x.kind in ("spin", "buy")] if setup is not None else []
        rows = []
        for mode in dict.fromkeys([*offered, *g["modes"]]):
            try:
                label = mode_label(setup.spec, setup.spec.mode(mode).id) if setup is not None else mode
            except KeyError:
                label = mode
            f = g["modes"].get(mode)
            theory = self.theoretical({"per_game": {self.focus_game: {"modes": {mode: f}}}}) if f else None
            shown = pct(theory) if theory is not None or setup is None else self.mode_span(setup, mode)
            rows.append([label, *self._figures(f), shown])
        return rows

    def _figures(self, f: dict[str, Any] | None) -> list[str]:
        if not f:
            return ["0", "-", "-", "-", "-"]
        return [formats.number(f['games_played']), self.money(f["total_bet"]), self.money(f["total_won"]),
                self.money(f["refunded"]), pct(actual_rtp(f))]

    # -- frame -----------------------------------------------------------------------
    def draw(self, surface) -> None:
        if self.exporting == "asked":           # this frame says so; the next one exports
            self.exporting = "shown"
        life, per = self.lifetime, self.period
        for rows, x in zip(self.cabinet_rows, (360, 1140)):
            self.table(surface, x, 126, ((_("CABINET") if x == 360 else "", 0, "left"), (_("LIFETIME"), 520, "right"),
                                         (_("PERIOD"), 730, "right")), rows, size=23, row_h=40, width=752)
        since = per.get("since")
        self.text(surface, (_("Period since {time}").format(time=when(since)) if since else
                            _("Period: since the ledger began (no reset yet)"))
                  + "   ·   " + _("{count} round(s) open now").format(count=life.get('open_rounds', 0)), (360, 494),
                  24, D.MUTED)
        if self.last_export is not None:
            self.text(surface, _("Last report export {time}").format(time=when(self.last_export[0])), (1880, 494), 24,
                      D.MUTED, anchor="topright")
        heading = _("BY GAME") if self.focus_game is None else _("{game} BY MODE").format(
            game=self._game_name(self.focus_game).upper())
        self.text(surface, f"{heading}, {_('PERIOD') if self.table_period else _('LIFETIME')}", (360, 536), 24,
                  D.GOLD, bold=True)
        columns = (("", 0, "left"), (_("PLAYED"), 560, "right"), (_("BET"), 800, "right"), (_("WON"), 1020, "right"),
                   (_("REFUNDED"), 1220, "right"), (_("ACTUAL"), 1380, "right"), (_("THEORY"), 1520, "right"))
        self.table(surface, 360, 566, columns, self.rows, size=22, row_h=38, width=1540)
