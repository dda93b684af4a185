"""The cabinet service: config + ledger + RNG + games, with no pygame.

The UI drives a round through three calls:
    played = cabinet.start_round(game_id, mode_id, bet_cents)   # outcome drawn, bet debited, round recorded
    cabinet.checkpoint(played.round_id, step)                   # as the presentation advances
    cabinet.settle(played.round_id)                             # win credited once
On start, `open_round()` returns a round a crash interrupted, with its checkpoint,
so the scene resumes it; nothing is paid twice and no bet is lost.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .books import Library, load_library
from .config import Config
from .game import GameSpec, discover
from .ledger import InsufficientCredit, Ledger, LedgerError, RoundRecord
from .money import WinCap, win_cents
from .rng import Rng
from .round import Round


class BetRefused(ValueError):
    """A bet that cannot be placed; the message is for the player."""


class CabinetLocked(RuntimeError):
    """The audit failed or the ledger is unreadable; play stops, data stays untouched."""


@dataclass
class PlayedRound:
    round_id: int
    game: str
    mode: str
    bet_cents: int
    cost_cents: int
    round: Round
    win_cents: int
    capped: bool
    checkpoint: int = 0
    outcome: dict[str, Any] | None = None


@dataclass
class GameSetup:
    """A game as this cabinet offers it: its spec, ladder, modes and limits from config."""

    spec: GameSpec
    bet_ladder: tuple[int, ...]
    default_bet: int
    modes: tuple[str, ...]
    cap: WinCap
    library: Library | None = None      # the game's book libraries when math_source is books
    # Options (every mode but the first spin mode) are offered only at the ladder's
    # bets where the win limits cut no win, so they return their stated RTP exactly:
    # mode -> highest such bet (absent: every bet). See `limited_options`.
    option_max_bet: dict[str, int] = field(default_factory=dict)
    # config games.<id>.max_buy: the most one buy may cost (None: no limit); the buys
    # whose option_max_bet that price sets (not the win limit), for the refusal's reason
    max_buy_cents: int | None = None
    price_limited: frozenset[str] = frozenset()

    def offers(self, mode_id: str, bet_cents: int) -> bool:
        """Whether this mode is offered at this bet."""
        top = self.option_max_bet.get(mode_id)
        return top is None or bet_cents <= top


def _pays_whole_cents(library: Any, modes: tuple[str, ...], bet_cents: int) -> bool:
    """Whether every book of every mode pays an exact number of cents at this bet, so
    no win is rounded and the stated RTP holds to the cent."""
    import numpy as np
    for mode in modes:
        payouts = np.asarray(library.books(mode).payout_x100, dtype=np.int64)
        if np.any((payouts % 100) * (bet_cents % 100) % 100):
            return False
    return True


def limited_options(library: Any, ladder: tuple[int, ...], modes: tuple[str, ...], spin_mode: str,
                    cap: WinCap) -> dict[str, int]:
    """Mode -> the highest ladder bet at which the win limits cut none of its books,
    for each mode other than `spin_mode` that some bet of the ladder would cut.

    The sheet's bet range is the base spin's: it is offered on the whole ladder and
    its return above the limit's reach is shown per bet (info screen, PAR sheet).
    A fortune bet or a buy is an option the player chooses for its stated return, so
    it is offered only where that return holds to the cent. A limit cuts more as the
    bet grows, so the offered bets are the ladder up to one bet (none: not offered)."""
    out = {}
    for mode in modes:
        if mode != spin_mode:
            top = library.books(mode).last_uncut_bet(ladder, cap)
            if top is not None:
                out[mode] = top
    return out


def priced_options(spec: GameSpec, ladder: tuple[int, ...], modes: tuple[str, ...],
                   max_buy_cents: int | None) -> dict[str, int]:
    """Buy mode -> the highest ladder bet at which it costs at most `max_buy_cents`
    (0: at none), for each buy some bet of the ladder would price above it."""
    if max_buy_cents is None:
        return {}
    out = {}
    for mode in modes:
        bm = spec.mode(mode)
        if bm.kind == "buy" and bm.cost_cents(ladder[-1]) > max_buy_cents:
            out[mode] = max((b for b in ladder if bm.cost_cents(b) <= max_buy_cents), default=0)
    return out


class Cabinet:
    def __init__(self, config: Config, games: dict[str, GameSpec] | None = None, seed: int | None = None):
        self.config = config
        self.currency = config.currency
        self.rng = Rng(seed if seed is not None else config.rng_seed)
        self.refused: dict[str, str] = {}
        self.notes: dict[str, str] = {}     # operator notes, e.g. bets left off a ladder
        self.games: dict[str, GameSetup] = {}
        self.locked: str | None = None
        try:
            self.ledger = Ledger(config.data_path / "ledger.sqlite")
        except LedgerError as exc:
            self.ledger = None  # type: ignore[assignment]  # locked: every use checks self.locked first
            self.locked = str(exc)
            return
        if self.ledger.meter("credits_in") == 0 and self.ledger.meter("games_played") == 0 and config.demo_credit:
            self.ledger.deposit(config.demo_credit)
        self._check_audit()
        if games is None:
            broken: dict[str, str] = {}
            games = discover(errors=broken)
            self.refused.update({gid: f"cannot load: {err}" for gid, err in broken.items()})
        for gid, spec in games.items():
            self._offer(gid, spec)

    # -- set-up -------------------------------------------------------------------
    def _offer(self, gid: str, spec: GameSpec) -> None:
        gcfg = self.config.games.get(gid)
        if gcfg is not None and not gcfg.enabled:
            return
        ladder = (gcfg.bet_ladder if gcfg and gcfg.bet_ladder else None) or spec.bet_ladder
        modes = tuple(m.id for m in spec.modes)
        if gcfg is not None and gcfg.modes != "all":
            unknown = [m for m in gcfg.modes if m not in modes]
            if unknown:
                self.refused[gid] = f"config games.{gid}.modes names unknown modes {unknown}; allowed: {list(modes)}"
                return
            modes = tuple(gcfg.modes)
        default = (gcfg.default_bet if gcfg and gcfg.default_bet else None) or spec.default_bet or ladder[0]
        if default not in ladder:
            default = ladder[0]
        exempt = frozenset(spec.cap_exempt_modes)
        # the game's own money limit (its rules, spec.win_cap) always holds; an
        # operator's config limit can only lower it
        limits = [x for x in (spec.win_cap.max_cents if spec.win_cap else None,
                              gcfg.win_limit if gcfg else None) if x is not None]
        cap = WinCap(max_x=spec.max_win_x, max_cents=min(limits) if limits else None, exempt_modes=exempt)
        setup = GameSetup(spec, tuple(ladder), default, modes, cap)
        if self.config.math_source == "books":
            try:
                setup.library = load_library(spec)
            except Exception as exc:  # a missing, corrupt or mismatched library refuses the game
                self.refused[gid] = f"{spec.name}: book library unavailable ({exc})"
                return
            exact = tuple(b for b in setup.bet_ladder if _pays_whole_cents(setup.library, setup.modes, b))
            if exact != setup.bet_ladder:
                dropped = [self.currency.format(b) for b in setup.bet_ladder if b not in exact]
                self.notes[gid] = f"bets {', '.join(dropped)} not offered: some wins would not be whole cents"
                if not exact:
                    self.refused[gid] = f"{spec.name}: no bet on the ladder pays whole cents"
                    return
                setup.bet_ladder = exact
                setup.default_bet = setup.default_bet if setup.default_bet in exact else exact[0]
            bet_modes = [m for m in setup.modes if spec.mode(m).kind in ("spin", "buy")]
            spins = [m for m in bet_modes if spec.mode(m).kind == "spin"]
            if spins:
                setup.option_max_bet = limited_options(setup.library, setup.bet_ladder, tuple(bet_modes),
                                                       spins[0], cap)
        setup.max_buy_cents = gcfg.max_buy if gcfg else None
        priced = {m: top for m, top in priced_options(spec, setup.bet_ladder, setup.modes, setup.max_buy_cents).items()
                  if top < setup.option_max_bet.get(m, setup.bet_ladder[-1] + 1)}
        setup.option_max_bet.update(priced)
        setup.price_limited = frozenset(priced)
        self.games[gid] = setup

    def _check_audit(self) -> None:
        ok, message = self.ledger.audit()
        if not ok:
            self.locked = f"ledger audit failed: {message}"

    # -- state ----------------------------------------------------------------------
    @property
    def balance(self) -> int:
        return self.ledger.balance if self.ledger else 0

    def audit(self) -> tuple[bool, str]:
        if self.ledger is None:
            return False, self.locked or "no ledger"
        return self.ledger.audit()

    def meters(self) -> dict[str, Any]:
        return self.ledger.meters()

    def deposit(self, cents: int) -> None:
        self._require_unlocked()
        self.ledger.deposit(cents)

    def game_state(self, game_id: str) -> dict[str, Any]:
        return self.ledger.game_state(game_id)

    def _require_unlocked(self) -> None:
        if self.locked:
            raise CabinetLocked(self.locked)

    # -- rounds ---------------------------------------------------------------------
    def price(self, game_id: str, mode_id: str, bet_cents: int) -> int:
        return self.games[game_id].spec.mode(mode_id).cost_cents(bet_cents)

    def _draw(self, setup: GameSetup, mode: str, force: str | None) -> tuple[dict[str, Any], int]:
        """Pick the outcome: (outcome id, payout in hundredths of the bet)."""
        if setup.library is not None:
            book = setup.library.draw(self.rng, mode, force)
            return {"source": "books", "book": int(book), "force": force}, int(setup.library.payout_x100(mode, book))
        seed = self.rng.seed64()
        rnd = setup.spec.play(Rng.for_book(seed), mode, force)
        return {"source": "live", "seed": seed, "force": force}, rnd.payout_x100

    def regenerate(self, setup: GameSetup, mode: str, outcome: dict[str, Any]) -> Round:
        """The Round an outcome id stands for (books and live seeds both regenerate)."""
        if outcome["source"] == "books":
            assert setup.library is not None, "a books outcome is drawn only from a game's library"
            return setup.library.round(mode, outcome["book"])
        return setup.spec.play(Rng.for_book(outcome["seed"]), mode, outcome.get("force"))

    def start_round(self, game_id: str, mode_id: str, bet_cents: int, force: str | None = None,
                    funded_by: int | None = None) -> PlayedRound:
        """Draw the outcome, debit the cost and record the round, before anything is shown.

        `funded_by` names a side draw (a gamble's bonus entry) that already paid for it:
        the round then costs nothing."""
        self._require_unlocked()
        self._check_audit()
        self._require_unlocked()
        setup = self.games.get(game_id)
        if setup is None:
            raise BetRefused(self.refused.get(game_id, f"{game_id} is not available"))
        if funded_by is None and (mode_id not in setup.modes or setup.spec.mode(mode_id).kind not in ("spin", "buy")):
            raise BetRefused(f"{mode_id} is not a bet mode of {setup.spec.name}")
        if bet_cents not in setup.bet_ladder:
            raise BetRefused(f"{self.currency.format(bet_cents)} is not on the bet ladder")
        if funded_by is None and not setup.offers(mode_id, bet_cents):
            raise BetRefused(self.option_refusal(setup, mode_id))
        if force is not None and (not self.config.demo_tools or self.config.real_play):
            raise BetRefused("forcing outcomes is a demo tool and is off on this cabinet")
        cost = 0 if funded_by is not None else setup.spec.mode(mode_id).cost_cents(bet_cents)
        if cost > self.balance:
            raise BetRefused(f"Not enough credit: this play costs {self.currency.format(cost)}, "
                             f"balance is {self.currency.format(self.balance)}")
        outcome, payout = self._draw(setup, mode_id, force)
        rnd = self.regenerate(setup, mode_id, outcome)
        win, capped_money = setup.cap.apply(win_cents(bet_cents, payout), bet_cents, mode_id,
                                            jackpot=win_cents(bet_cents, rnd.jackpot_x100))
        try:
            rid = self.ledger.open_round(game_id, mode_id, bet_cents, cost, outcome, payout, win,
                                         capped_money or rnd.capped, rnd.features, funded_by)
        except InsufficientCredit as exc:
            raise BetRefused(str(exc)) from None
        return PlayedRound(rid, game_id, mode_id, bet_cents, cost, rnd, win, capped_money or rnd.capped, 0, outcome)

    def option_refusal(self, setup: GameSetup, mode_id: str) -> str:
        """Why a mode is not offered at the current bet, for the player."""
        top = setup.option_max_bet.get(mode_id, 0)
        label = setup.spec.mode(mode_id).label
        limit = setup.cap.max_cents
        if mode_id in setup.price_limited and setup.max_buy_cents is not None:
            why = f"a buy may cost at most {self.currency.format(setup.max_buy_cents)} on this cabinet"
        elif limit is not None:
            why = f"the {self.currency.format(limit)} win limit would lower its return"
        else:
            why = "the win limit would lower its return"
        if not top:
            return f"{label} is not offered on this cabinet: {why}"
        return f"{label} is offered at bets up to {self.currency.format(top)}: above, {why}"

    def checkpoint(self, round_id: int, step: int) -> None:
        self.ledger.checkpoint(round_id, step)

    def settle(self, round_id: int, game_state: dict[str, Any] | None = None) -> int:
        """Credit the round's win (once). Returns what was paid by this call."""
        return self.ledger.settle_round(round_id, game_state)

    def _played(self, rec: RoundRecord) -> PlayedRound:
        setup = self.games[rec.game]
        rnd = self.regenerate(setup, rec.mode, rec.outcome)
        return PlayedRound(rec.id, rec.game, rec.mode, rec.bet_cents, rec.cost_cents, rnd, rec.win_cents,
                           rec.capped, rec.checkpoint, rec.outcome)

    def open_round(self) -> PlayedRound | None:
        """The round a crash interrupted, if any (the oldest open one)."""
        if self.ledger is None:
            return None
        for rec in self.ledger.open_rounds():
            if rec.game in self.games:
                return self._played(rec)
        return None

    def settle_unpresentable(self) -> list[int]:
        """Settle open rounds whose game is no longer offered: the player can no
        longer influence them, so their recorded win is credited."""
        done = []
        for rec in self.ledger.open_rounds():
            if rec.game not in self.games:
                self.ledger.settle_round(rec.id)
                done.append(rec.id)
        return done

    def history(self, limit: int = 100, game: str | None = None) -> list[RoundRecord]:
        return self.ledger.history(limit, game)

    def replay(self, round_id: int) -> PlayedRound:
        """A past round, regenerated exactly as it played (for recall)."""
        return self._played(self.ledger.round(round_id))

    def side_draw(self, kind: str, stake_cents: int, prize_cents: int, won: bool, detail: dict[str, Any],
                  round_id: int | None = None) -> int:
        """Record and apply a gamble / spin-chance draw before it is shown."""
        self._require_unlocked()
        return self.ledger.side_draw(kind, stake_cents, prize_cents, won, detail, round_id)

    def unfunded_side_draws(self, kind: str) -> list[tuple[int, dict[str, Any]]]:
        """Won side draws of `kind` that no round names as `funded_by` yet: (id, detail).
        A gamble's won bonus entry interrupted before its round started is one of these;
        the game starts that round on its next start (recovery), so no entry is lost."""
        if self.ledger is None:
            return []
        import json
        rows = self.ledger.db.execute(
            "SELECT id, detail FROM side_draws WHERE kind = ? AND won = 1 AND id NOT IN "
            "(SELECT funded_by FROM rounds WHERE funded_by IS NOT NULL) ORDER BY id", (kind,)).fetchall()
        return [(int(r[0]), json.loads(r[1])) for r in rows]
