"""EVENT LOG: the ledger's event log (hash-chained like every entry: each row is
verified before it is shown), newest first, 15 to a page, with filters: power-ups,
recoveries, audits, locks, PIN failures, operator logins and logouts, settings
changes, RAM CLEARs, report exports, handpays, cash-outs, closed rounds."""
from __future__ import annotations

import json
from typing import Any

from cabinet.core.i18n import N_, _, translate
from cabinet.core.money import parse_amount

from .. import draw as D
from cabinet.core.game_words import mode_label
from ..history import when_text
from .page import Page
from .settings_rows import row_of, value_words

PER_PAGE = 15
TOP = 214
FILTER_WORDS = (N_("ALL"), N_("SECURITY"), N_("MONEY"), N_("SYSTEM"))     # the filter buttons (FILTERS' keys)
FILTERS: dict[str, tuple[str, ...] | None] = {
    "ALL": None,
    "SECURITY": ("pin_failure", "pin_changed", "operator_login", "operator_logout", "lock", "audit", "ram_clear",
                 "settings_changed", "rng_selftest", "program_verified", "report_export", "game_locked",
                 "pending_forged", "pending_unverified"),
    "MONEY": ("credit_in", "cash_out", "handpay_pending", "handpay", "handpay_cancelled", "round_closed",
              "paid_unshown", "period_reset"),
    "SYSTEM": ("ledger_created", "power_up", "recovery", "shutdown", "session_reset", "pending_unreadable"),
}


KIND_WORDS = {
    "credit_in": N_("Credit in"),
    "cash_out": N_("Cash out (ticket)"),
    "handpay_pending": N_("Handpay waiting"),
    "handpay": N_("Handpay paid"),
    "handpay_cancelled": N_("Handpay cancelled"),
    "round_closed": N_("Open round closed"),
    "paid_unshown": N_("Paid, not shown"),
    "period_reset": N_("Period reset"),
    "pin_failure": N_("Wrong PIN"),
    "pin_changed": N_("PIN changed"),
    "operator_login": N_("Operator login"),
    "operator_logout": N_("Operator logout"),
    "lock": N_("Cabinet locked"),
    "audit": N_("Audit"),
    "ram_clear": N_("RAM clear"),
    "settings_changed": N_("Setting changed"),
    "rng_selftest": N_("RNG self-test"),
    "program_verified": N_("Program verified"),
    "report_export": N_("Report export"),
    "game_locked": N_("Game locked"),
    "ledger_created": N_("Ledger created"),
    "power_up": N_("Power up"),
    "recovery": N_("Recovery"),
    "shutdown": N_("Shutdown"),
    "session_reset": N_("Session reset"),
}
MONEY_KEYS = {"cents", "balance", "bet", "stake", "prize", "win", "cost", "credit", "paid", "amount"}
# A detail field's name as the operator reads it, for every key an event stores (the
# ledger keeps the raw key); a key not listed is shown as written, '_' as spaces.
KEY_WORDS = {
    "cents": N_("amount"), "cash_id": N_("cash no."), "in_a_row": N_("in a row"), "age_seconds": N_("age (s)"),
    "locked_seconds": N_("locked (s)"), "entry_value_cents": N_("entry value"), "page": N_("page"),
    "purpose": N_("for"), "passed": N_("passed"), "seconds": N_("seconds"), "p": N_("p values"),
    "files": N_("files"), "signer": N_("signer"), "differences": N_("differences"), "reason": N_("reason"),
    "balance": N_("balance"), "audit": N_("audit"), "checked": N_("checked"), "head": N_("chain head"),
    "closed_rounds": N_("closed rounds"), "result": N_("result"), "by": N_("by"), "game": N_("game"),
    "round": N_("round"), "mode": N_("mode"), "checkpoint": N_("checkpoint"), "closed_period": N_("closed period"),
    "pending": N_("waiting event"), "backup": N_("backup"), "folder": N_("folder"), "record": N_("record"),
    "key": N_("setting"), "from": N_("from"), "to": N_("to"), "validation": N_("validation no."),
    "cabinet": N_("cabinet"), "claimed_kind": N_("claimed kind"), "detail": N_("detail"), "why": N_("why"),
    "line": N_("line"), "bytes": N_("bytes"), "action": N_("action"),
    "state": N_("state"), "version": N_("version"), "pending_id": N_("pending no."),
    "recorded_outside_ledger_at": N_("recorded outside the ledger at"),
}


def kind_words(kind: str) -> str:
    """An event's kind as the operator reads it."""
    return translate(KIND_WORDS[kind]) if kind in KIND_WORDS else kind.replace("_", " ").capitalize()


def key_words(key: str) -> str:
    """A detail field's name as the operator reads it ('locked_seconds' -> 'locked (s)',
    'gesperrt (s)' in de-DE); a key the log does not know, with spaces for '_'."""
    return translate(KEY_WORDS[key]) if key in KEY_WORDS else key.replace("_", " ")


def is_money(key: str) -> bool:
    return key in MONEY_KEYS or key.endswith("_cents") or key.startswith("balance")


def system_words(kind: str, detail: dict[str, Any], cab: Any) -> str | None:
    """A power-up's or a new ledger's row in words (the chain head, the cabinet id and
    the audit's counts stay in the ledger and the exported report)."""
    if kind == "ledger_created":
        return _("a new ledger (format version {version})").format(version=detail.get("version", "?"))
    if kind != "power_up":
        return None
    audit = _("audit passed") if detail.get("audit") == "ok" else _("audit {result}").format(result=detail.get("audit"))
    parts = [audit]
    if isinstance(detail.get("balance"), int):
        parts.append(_("balance {amount}").format(amount=cab.currency.format(detail["balance"])))
    closed = detail.get("closed_rounds") or []
    numbers = ", ".join(str(r) for r in closed[:5]) + (" ..." if len(closed) > 5 else "")
    parts.append(_("no unfinished round closed") if not closed else
                 _("1 unfinished round closed (no. {numbers})").format(numbers=numbers) if len(closed) == 1 else
                 _("{count} unfinished rounds closed (no. {numbers})").format(count=len(closed), numbers=numbers))
    return ", ".join(parts)


def summary(detail: dict[str, Any], cab: Any = None, kind: str = "") -> str:
    """An event's detail in one line, in words (a power-up and a new ledger by
    `system_words`): amounts with the currency, a game by its
    name, a mode and a setting by their labels, nested fields as JSON (a long one, like
    a report export's files, by its count). Without `cab`, the fields as recorded."""
    said = system_words(kind, detail, cab) if cab is not None else None
    if said is not None:
        return said
    parts = []
    game = detail.get("game")
    setup = cab.games.get(game) if cab is not None and isinstance(game, str) else None
    setting = detail.get("key") if "from" in detail and "to" in detail else None
    for k, v in detail.items():
        name = key_words(k)
        if k in ("head", "checked") and isinstance(v, str) and len(v) > 40:
            v = v[:16] + "..."
        if isinstance(v, (dict, list)):
            text = json.dumps(v, sort_keys=True)
            v = text if len(text) <= 60 else _("({count} entries)").format(count=len(v)) if isinstance(v, dict) \
                else _("({count} items)").format(count=len(v))
        elif cab is not None and is_money(k) and isinstance(v, (int, str)) and str(v).lstrip("-").isdigit():
            v = cab.currency.format(int(v))
        elif cab is not None and k == "game" and setup is not None:
            v = setup.spec.name
        elif cab is not None and k == "mode" and setup is not None:
            try:
                v = mode_label(setup.spec, setup.spec.mode(v).id)
            except KeyError:
                pass
        elif cab is not None and setting is not None and k == "key":
            row = row_of(str(v))
            v = translate(row.label) if row is not None else str(v).replace("_", " ")
        elif cab is not None and setting is not None and k in ("from", "to"):
            v = value_words(str(setting), v, lambda a: cab.currency.format(
                parse_amount(a, cab.config.currency.minor_units)))
        elif v is None:
            continue
        parts.append(f"{name} {v}")
    return ", ".join(parts)


class EventsPage(Page):
    title = N_("EVENT LOG")

    def __init__(self, menu):
        super().__init__(menu)
        self.filter = "ALL"
        self.pages: list[int | None] = [None]
        self.rows: list[tuple[int, str, dict[str, Any], float]] = []
        for i, name in enumerate(FILTERS):
            def filter_shown(name: str = name) -> bool:
                return self.filter == name

            self.button((360 + i * 250, 126, 230, 70), name, f"filter_{name}", font_size=26,
                        lit=filter_shown)

        def has_newer() -> bool:
            return len(self.pages) > 1

        def has_older() -> bool:
            return len(self.rows) == PER_PAGE

        self.button((360, 960, 280, 80), N_("< NEWER"), "newer", font_size=28, enabled=has_newer)
        self.button((660, 960, 280, 80), N_("OLDER >"), "older", font_size=28, enabled=has_older)

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
        said = _("page {number}, newest first; every row verified against the hash chain").format(
            number=len(self.pages))
        self.text(surface, said, (1400, 1000), self.app.assets.fit(said, 24, 940), D.MUTED, anchor="center")
        rows = [[f"#{eid}", when_text(at), kind_words(kind),
                 self.app.assets.shorten(summary(detail, self.cab, kind), 22, 960)]
                for eid, kind, detail, at in self.rows]
        if not rows:
            self.text(surface, _("No events of this kind"), (360, 260), 30, D.MUTED)
        self.table(surface, 360, TOP, ((_("EVENT"), 0, "left"), (_("TIME"), 110, "left"), (_("KIND"), 330, "left"),
                                       (_("DETAIL"), 560, "left")), rows, size=22, row_h=44, width=1540)
