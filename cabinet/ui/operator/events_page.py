"""EVENT LOG: the ledger's event log (hash-chained like every entry: each row is
verified before it is shown), newest first, 15 to a page, with filters: power-ups,
recoveries, audits, locks, PIN failures, operator logins and logouts, settings
changes, RAM CLEARs, report exports, handpays, cash-outs, closed rounds."""
from __future__ import annotations

import json
import time
from typing import Any

from .. import draw as D
from .page import Page

PER_PAGE = 15
TOP = 214
FILTERS: dict[str, tuple[str, ...] | None] = {
    "ALL": None,
    "SECURITY": ("pin_failure", "pin_changed", "operator_login", "operator_logout", "lock", "audit", "ram_clear",
                 "settings_changed", "rng_selftest", "program_verified", "report_export", "game_locked",
                 "pending_forged", "pending_unverified"),
    "MONEY": ("credit_in", "cash_out", "handpay_pending", "handpay", "handpay_cancelled", "round_closed",
              "paid_unshown", "period_reset"),
    "SYSTEM": ("ledger_created", "power_up", "recovery", "shutdown", "session_reset", "pending_unreadable"),
}


def summary(detail: dict[str, Any]) -> str:
    """An event's detail in one line: its scalar fields, nested ones as JSON (a long one,
    like a report export's files, by its count)."""
    parts = []
    for k, v in detail.items():
        if k in ("head", "checked") and isinstance(v, str) and len(v) > 40:
            v = v[:16] + "..."
        if isinstance(v, (dict, list)):
            text = json.dumps(v, sort_keys=True)
            v = text if len(text) <= 60 else f"({len(v)} {'entries' if isinstance(v, dict) else 'items'})"
        parts.append(f"{k} {v}")
    return ", ".join(parts)


class EventsPage(Page):
    title = "EVENT LOG"

    def __init__(self, menu):
        super().__init__(menu)
        self.filter = "ALL"
        self.pages: list[int | None] = [None]
        self.rows: list[tuple[int, str, dict[str, Any], float]] = []
        for i, name in enumerate(FILTERS):
            self.button((360 + i * 250, 126, 230, 70), name, f"filter_{name}", font_size=26,
                        lit=lambda name=name: self.filter == name)
        self.button((360, 960, 280, 80), "< NEWER", "newer", font_size=28, enabled=lambda: len(self.pages) > 1)
        self.button((660, 960, 280, 80), "OLDER >", "older", font_size=28,
                    enabled=lambda: len(self.rows) == PER_PAGE)

    def refresh(self) -> None:
        self.rows = self.cab.events(PER_PAGE, FILTERS[self.filter], self.pages[-1])

    def on_action(self, action: str) -> bool:
        if action.startswith("filter_") and action[7:] in FILTERS:
            self.filter, self.pages = action[7:], [None]
        elif action == "older" and self.rows:
            self.pages.append(self.rows[-1][0])
        elif action == "newer" and len(self.pages) > 1:
            self.pages.pop()
        else:
            return False
        self.refresh()
        return True

    def draw(self, surface) -> None:
        self.text(surface, f"page {len(self.pages)}, newest first; every row verified against the hash chain",
                  (1400, 1000), 24, D.MUTED, anchor="center")
        rows = [[f"#{eid}", time.strftime("%d %b %H:%M:%S", time.localtime(at)), kind, summary(detail)[:96]]
                for eid, kind, detail, at in self.rows]
        if not rows:
            self.text(surface, "No events of this kind", (360, 260), 30, D.MUTED)
        self.table(surface, 360, TOP, (("EVENT", 0, "left"), ("TIME", 110, "left"), ("KIND", 330, "left"),
                                       ("DETAIL", 560, "left")), rows, size=22, row_h=44, width=1540)
