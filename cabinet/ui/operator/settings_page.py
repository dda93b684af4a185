"""SETTINGS: the cabinet's settings, each game's, and the PIN.

Every change goes through `operator_settings.change`: the value passes its config.yaml
key's own rule, the rules between keys, and for a game (or the buy-cost cap) the
game checks of a start (startup.reoffer); a refusal is shown in one line naming what
is allowed, and nothing changes. An accepted change is written to
<data_dir>/operator.json (it holds across restarts), applied at once, and logged
(`settings_changed`, from and to). Game changes reach a game the next time it opens
(an idle game under the menu goes back to the lobby when the menu closes).

The PIN (4 to 12 digits, entered twice) is not a setting of operator.json: a change is
a chained `pin_changed` event in the ledger (cabinet/core/pin.py), refused while the
ledger is locked.
"""
from __future__ import annotations

from typing import Any

from cabinet.core import jurisdiction
from cabinet.core import operator_settings as settings
from cabinet.core import pin
from cabinet.core.cabinet import CabinetLocked
from cabinet.core.config import DEFAULT_PIN, PIN_DIGITS
from cabinet.core.i18n import N_, _, translate
from cabinet.core.money import amount_text, parse_amount
from cabinet.core.schema import ConfigError
from cabinet.core.startup import reoffer, whole_bet_unit

from .. import draw as D
from .page import Page
from .settings_rows import CABINET_ROWS, GAME_ROWS, PROTECTION_ROWS, Row, candidate_bets, options_for, row_of

TOP = 218
ROW_H = 68
SECTIONS = (("cabinet", N_("CABINET")), ("protection", N_("PROTECTION")), ("games", N_("GAMES")), ("pin", N_("PIN")))
ROWS = {"cabinet": CABINET_ROWS, "protection": PROTECTION_ROWS}     # the sections of rows that are not a game's
BET_COLS, BET_ROWS = 5, 5


class SettingsPage(Page):
    title = N_("SETTINGS")

    def __init__(self, menu):
        super().__init__(menu)
        self.section = "cabinet"
        self.game = next(iter(self.cab.offer.specs), None)
        self.pin_changed = False            # the PIN is the ledger's record, not config.yaml's (refresh)
        self.build()

    # -- widgets ---------------------------------------------------------------------
    def build(self) -> None:
        self.widgets = []
        for i, (name, label) in enumerate(SECTIONS):
            def section_shown(name: str = name) -> bool:
                return self.section == name

            self.button((360 + i * 205, 126, 190, 70), label, f"section_{name}", font_size=24,
                        lit=section_shown)
        if self.section in ROWS:
            for i, row in enumerate(ROWS[self.section]):
                self._row_buttons(i, row)
        elif self.section == "games":
            for i, gid in enumerate(list(self.cab.offer.specs)[:3]):
                name = self.cab.offer.specs[gid].name.upper()

                def game_shown(gid: str = gid) -> bool:
                    return self.game == gid

                self.button((1180 + i * 238, 126, 230, 70), name if len(name) <= 17 else name[:16] + ".",
                            f"game_{gid}", font_size=20, lit=game_shown)
            for i, row in enumerate(GAME_ROWS):
                self._row_buttons(i, row)
            for j, cents in enumerate(self.bets()[:BET_COLS * BET_ROWS]):
                r, c = divmod(j, BET_COLS)

                def on_ladder(cents: int = cents) -> bool:
                    return cents in self.ladder()

                self.button((360 + c * 300, TOP + 3 * ROW_H + 90 + r * 74, 280, 66), self.money(cents),
                            f"bet_{cents}", font_size=26, lit=on_ladder)
        else:
            self.button((360, 260, 420, 84), N_("CHANGE PIN"), "change_pin", style="gold", font_size=30)
        if self.menu.current == "settings" and self.menu.page("settings") is self:
            self.menu.rebuild()

    def _row_buttons(self, i: int, row: Row) -> None:
        y, h = TOP + i * ROW_H, 64
        enabled = (lambda row=row: self.row_enabled(row))
        if row.kind == "toggle":
            def on_off(row: Row = row) -> str:
                return _("ON") if self.value(row) else _("OFF")

            self.button((1560, y, 320, h), on_off, f"set_{row.key}_next",
                        lit=lambda row=row: bool(self.value(row)), enabled=enabled, font_size=28)
        else:
            self.button((1560, y, 150, h), "<", f"set_{row.key}_prev", enabled=enabled, font_size=34)
            self.button((1730, y, 150, h), ">", f"set_{row.key}_next", enabled=enabled, font_size=34)

    def row_enabled(self, row: Row) -> bool:
        if self.forced(row) is not None:
            return False
        return not (row.key == "demo_tools" and self.app.config.real_play)

    def forced(self, row: Row) -> str | None:
        """Why the jurisdiction profile fixes this row's value (None: the operator's choice)."""
        if row.game:
            return None
        key, cfg = settings.KEYS.get(row.key, row.key), self.app.config
        if key == "max_buy_cost" and jurisdiction.locked(cfg, "buys_allowed") and not cfg.buys_allowed:
            return _("no bonus buys, so no buy price to cap")       # the profile's buys off make the cap moot
        return jurisdiction.forced_keys(cfg).get(key) if jurisdiction.locked(cfg, key) else None

    def bounded(self, row: Row) -> str | None:
        """Why the profile limits this row's values without fixing one (uk: a loss
        limit must be set), or None."""
        if row.game or self.forced(row) is not None:
            return None
        return jurisdiction.forced_keys(self.app.config).get(settings.KEYS.get(row.key, row.key))

    # -- values ----------------------------------------------------------------------
    def value(self, row: Row) -> Any:
        return settings.raw_value(self.app.config, row.key, self.game if row.game else None)

    def ladder(self) -> tuple[int, ...]:
        """The configured ladder: the offered one plus the bets taken off it where the
        base game returns less than rtp_bounds.min (saving the page keeps them)."""
        setup = self.cab.games.get(self.game)
        if setup is not None:
            return tuple(sorted({*setup.bet_ladder, *setup.withdrawn}))
        g = self.app.config.games.get(self.game)
        return tuple(getattr(g, "bet_ladder", None) or ())

    def bets(self) -> list[int]:
        """The bets the ladder can be made of: whole minor units for every book."""
        spec = self.cab.offer.specs.get(self.game)
        if spec is None:
            return []
        unit = 1
        setup = self.cab.games.get(self.game)
        if setup is not None and setup.library is not None:
            unit = whole_bet_unit(setup.library, setup.modes)
        return candidate_bets(spec, self.app.config.currency.minor_units, unit, self.ladder())

    def shown(self, row: Row) -> str:
        v = self.value(row)
        minor = self.app.config.currency.minor_units
        if row.kind == "toggle":
            return _("on") if v else _("off")
        if v is None:
            return translate(row.none_text)
        if row.kind == "amount":
            return self.money(parse_amount(v, minor))
        return row.fmt(v)

    # -- changes ---------------------------------------------------------------------
    def on_action(self, action: str) -> bool:
        if action.startswith("section_"):
            self.section = action[8:]
            self.build()
            return True
        if action.startswith("game_") and action[5:] in self.cab.offer.specs:
            self.game = action[5:]
            self.build()
            return True
        if action == "change_pin":
            self.app.open("pin_pad", "new_pin", on_ok=self.new_pin,
                          why=f"Enter the new PIN ({PIN_DIGITS[0]} to {PIN_DIGITS[1]} digits) twice")
            return True
        if action.startswith("bet_") and action[4:].isdigit():
            cents = int(action[4:])
            ladder = set(self.ladder())
            ladder.symmetric_difference_update({cents})
            minor = self.app.config.currency.minor_units
            self.apply("bet_ladder", [amount_text(b, minor) for b in sorted(ladder)], game=self.game)
            return True
        if action.startswith("set_"):
            key, _, step = action[4:].rpartition("_")
            row = next((r for r in (*CABINET_ROWS, *PROTECTION_ROWS, *GAME_ROWS) if r.key == key), None)
            if row is None or not self.row_enabled(row):
                return False
            options = options_for(row, self)
            current = self.value(row)
            if row.kind == "toggle":
                new = not current
            else:
                i = options.index(current) if current in options else (-1 if step == "next" else len(options))
                i = max(0, min(len(options) - 1, i + (1 if step == "next" else -1)))
                new = options[i]
                if new == current:
                    return True
            self.apply(key, new, game=self.game if row.game else None)
            return True
        return False

    def apply(self, key: str, raw: Any, game: str | None = None) -> bool:
        cfg, cab = self.app.config, self.cab
        before = settings.raw_value(cfg, key, game)
        try:
            cfg = settings.change(cfg, key, raw, lambda trial: reoffer(trial, cab.offer), game)
        except ConfigError as exc:
            self.say(_("Refused: {reason}").format(reason=exc), bad=True)
            return False
        except OSError as exc:
            self.say(_("Not saved ({reason}): nothing changed").format(reason=exc.strerror or exc), bad=True)
            return False
        self.app.config = cab.config = cfg        # the cabinet and the app read the one config
        if game is not None or key == "max_buy_cost":
            cab.adopt_offer(reoffer(cfg, cab.offer))
            self.menu.games_changed = True
        apply_to_app(self.app)
        cab.log("settings_changed", {"key": key, "game": game, "from": before, "to": raw, "by": "operator"})
        row = row_of(key)
        name = translate(row.label) if row is not None else key.replace("_", " ")
        self.say((_("{setting} of {game}: {before} > {after} (saved, logged)") if game else
                  _("{setting}: {before} > {after} (saved, logged)")).format(setting=name, game=game, before=before,
                                                                            after=raw))
        if game is not None:
            self.build()
        return True

    def new_pin(self, entered: str) -> bool:
        """The PIN entered twice: checked by config.yaml's rule for operator_pin, then a
        chained `pin_changed` event (nothing is written while the ledger is locked)."""
        allowed = _("allowed: {least} to {most} digits 0-9").format(least=PIN_DIGITS[0], most=PIN_DIGITS[1])
        try:
            settings.field_rule("operator_pin").validate("operator_pin", entered)
        except ConfigError:                  # its words would show the PIN typed: these do not
            self.say(_("Refused: a new PIN of {count} digits is not allowed; {allowed}").format(
                count=len(entered), allowed=allowed), bad=True)
            return False
        if self.app.config.real_play and entered == DEFAULT_PIN:
            self.say(_("Refused: the default PIN \"{pin}\" is not allowed with real_play = true; {allowed}, your own")
                     .format(pin=DEFAULT_PIN, allowed=allowed), bad=True)
            return False
        try:
            pin.set_pin(self.cab, entered, by="operator")
        except CabinetLocked as exc:
            self.say(_("Not changed: the ledger is locked ({reason}); config.yaml's PIN stays").format(reason=exc),
                     bad=True)
            return False
        self.pin_changed = True
        self.say(_("PIN changed: {count} digits, kept in the ledger (pin_changed, logged)").format(count=len(entered)))
        return True

    # -- frame -----------------------------------------------------------------------
    def draw(self, surface) -> None:
        if self.section == "pin":
            self._draw_pin(surface)
            return
        rows = ROWS.get(self.section, GAME_ROWS)
        mid, low = 32, 56
        for i, row in enumerate(rows):
            y = TOP + i * ROW_H
            self.text(surface, translate(row.label), (380, y + mid), 28, D.CREAM, anchor="midleft")
            why, bound = self.forced(row), self.bounded(row)
            note = (
                _("fixed by jurisdiction: {profile} ({why})").format(profile=self.profile, why=why)
                if why
                else _("{hint}; jurisdiction: {profile} ({bound})").format(
                    hint=translate(row.hint), profile=self.profile, bound=bound
                )
                if bound
                else translate(row.hint)
            )
            self.text(surface, note, (380, y + low), 20, D.CYAN if why or bound else D.MUTED, anchor="midleft")
            self.text(surface, self.shown(row), (1530, y + mid), 30, D.GOLD, anchor="midright", bold=True)
        if self.section in ROWS:
            profile = self.profile
            self.text(surface, _("JURISDICTION: {profile}  (config.yaml; its rows are fixed)").format(
                profile=profile.upper()) if profile != "none" else _("JURISDICTION: NONE  (no profile)"),
                      (1180, 161), 24, D.CYAN if profile != "none" else D.MUTED, anchor="midleft", bold=True)
        if self.section == "games":
            y = TOP + 3 * ROW_H + 16
            self.text(surface, _("BET LADDER: a lit bet is on it (press to add or remove; each pays whole units for "
                                 "every book)"), (360, y + 30), 22, D.MUTED, anchor="midleft")

    @property
    def profile(self) -> str:
        """The config's jurisdiction profile (config.yaml only: the menu does not change it)."""
        return self.app.config.jurisdiction

    def refresh(self) -> None:
        super().refresh()
        self.pin_changed = pin.current(self.cab) is not None     # read once per showing, not per frame

    def _draw_pin(self, surface) -> None:
        self.text(surface, _("The operator PIN ({least} to {most} digits) opens this menu and pays handpays.").format(
            least=PIN_DIGITS[0], most=PIN_DIGITS[1]), (360, 380), 28, D.CREAM)
        self.text(surface, _("It was changed here: kept in the ledger, keyed (scrypt, then HMAC with the ledger key).")
                  if self.pin_changed else _("It is config.yaml's operator_pin."), (360, 424), 26,
                  D.MUTED)
        self.text(surface, _("While the ledger is locked, and after a RAM CLEAR, config.yaml's operator_pin opens the "
                             "menu."), (360, 540), 24, D.MUTED)
        guard = self.app.pin_guard
        self.text(surface, _("Wrong PINs in a row now: {count}. After 3, each try waits 30 s, then 60 s, 120 s ... up "
                             "to 15 minutes; every one is in the event log.").format(count=guard.failures),
                  (360, 480), 24, D.MUTED)



def apply_to_app(app: Any) -> None:
    """The operator changed a setting: what the app holds from config follows at once."""
    cfg = app.config
    app.turbo_allowed = bool(cfg.turbo_allowed)
    app.turbo = app.turbo and app.turbo_allowed
    app.skip_allowed = bool(cfg.skip_allowed)
    app.min_round_seconds = float(cfg.min_round_seconds)
    app.attract_after = float(cfg.attract_idle_seconds)
    app.audio.set_volume(float(cfg.sound.volume))
    app.audio.set_music_volume(float(cfg.sound.music_volume))
    app.session.configure()
