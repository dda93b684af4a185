"""Help pages for Happy Money Hens, written from math.yaml so that what the player
reads is what the math does. `help_pages()` -> [(title, text), ...]."""
from __future__ import annotations

from fractions import Fraction

from .tables import POT_NAMES, load


def _x(v: int) -> str:
    """x100 -> '0.5X', '10X'."""
    return (f"{v / 100:g}X").upper()


def _usd(cents: int) -> str:
    """25000000 -> '$250,000.00' (the sheet's currency)."""
    return f"${cents // 100:,}.{cents % 100:02d}"


def limit_sentences() -> dict[str, str]:
    """The sheet's two win limits as the help states them, from the math file:
    'game' (per game, jackpots excluded) and 'gamble' (min(2500x, $250,000.00))."""
    m = load()
    g = m.raw["gamble"]
    return {
        "game": f"ANY COMBINATION OF WINS IN A SINGLE GAME IS LIMITED AND WILL NOT EXCEED {_usd(m.max_win_cents)} "
                "EXCLUDING JACKPOTS (THE " + ", ".join(POT_NAMES[:-1]) + f" AND {POT_NAMES[-1]} POTS). IT MAY NOT "
                "BE POSSIBLE TO REACH THIS LIMIT IN A SINGLE GAME FROM EVERY BET CONFIGURATION.",
        "gamble": f"A WIN THAT WOULD EXCEED THE WIN LIMIT OF {g['limit_x']}X BASE BET OR "
                  f"{_usd(int(g['limit_cents']))}, WHICHEVER IS THE LOWER VALUE, IS COLLECTED AUTOMATICALLY "
                  "AND THE GAMBLE IS EXITED.",
    }


def help_pages() -> list[tuple[str, str]]:
    """Every help page, numbers taken from the math file."""
    m = load()
    raw = m.raw
    fp = raw["feature_pots"]
    b = raw["bonus"]
    g = raw["gamble"]
    limits = limit_sentences()
    pages = []
    pays = "\n".join(f"{s}: " + ", ".join(f"{k} = {_x(v)}" for k, v in p.items()) for s, p in m.pays.items())
    pages.append(("WIN LINES", f"ALL GAMES ARE PLAYED WITH {len(m.lines)} WIN LINES. WINS PAY LEFT TO RIGHT ON "
                  "ADJACENT REELS STARTING WITH THE LEFTMOST REEL. ONLY THE HIGHEST AWARD IS PAID PER WINNING "
                  "COMBINATION. WINS ON DIFFERENT PLAYED LINES ARE ADDED. PAYS ARE MULTIPLES OF THE TOTAL BET:\n"
                  + pays + "\nWILD SUBSTITUTES FOR ALL SYMBOLS FOR LINE WINS AND APPEARS ONLY ON REELS 2, 3 & 4."))
    chances = ", ".join(f"{mode.upper()} {Fraction(n, fp['den'])} ({100 * n / fp['den']:.2f}%)"
                        for mode, n in fp["trigger"].items())
    pages.append(("FEATURE POTS", "EVERY FEATURE SYMBOL THAT LANDS IN VIEW IS ADDED TO ITS FEATURE POT: BLUE "
                  "(DOUBLE COINS), RED (POT FILL), GOLD (HAPPY BOOST). EACH ADDITION TRIGGERS ITS POT WITH A FIXED "
                  f"CHANCE: {chances}. MORE SYMBOLS GIVE MORE CHANCES. POTS TRIGGERED TOGETHER AWARD THE BONUS WITH "
                  "THAT COMBINATION OF FEATURES.\nEACH ADDITION MAY GROW ITS POT ONE LEVEL, UP TO LEVEL "
                  f"{fp['levels']}. THE LEVEL IS SHOWN ONLY: IT DOES NOT CHANGE THE CHANCE OF TRIGGERING THE BONUS "
                  "OR ANY AWARD. WHENEVER A BONUS IS AWARDED IN THE BASE GAME OR A FORTUNE BET, EVERY POT RETURNS "
                  "TO LEVEL 1."))
    counts = ", ".join(str(c) for c in b["row_counts"])
    cash = ", ".join(_x(v) for v in b["cash_values"])
    pots = "\n".join(f"{'-'.join(b['pots'][p]['letters'])}: {_x(b['pots'][p]['value'])}" for p in POT_NAMES)
    boosts = ", ".join(_x(v) for v in b["boost_values"])
    pages.append(("BONUS", f"THE BONUS HAS {b['rows'] * b['reels']} MINI REELS IN {b['rows']} ROWS OF {b['reels']}. "
                  f"THE BOTTOM {b['active_rows']} ROWS START ACTIVE; THE ROWS ABOVE START INACTIVE WITH COUNTS, "
                  f"FROM THE BOTTOM, {counts}. EVERY COIN LANDING ON AN ACTIVE ROW TAKES 1 OFF EACH COUNT (A DOUBLE "
                  "COIN 2); AT ZERO THE ROW ACTIVATES AND ITS POT FILL COINS ARE PROCESSED. EACH SPIN AN EMPTY MINI "
                  f"REEL LANDS A COIN WITH CHANCE {b['land_active'] / b['land_den']:.1%} ON AN ACTIVE ROW AND "
                  f"{b['land_inactive'] / b['land_den']:.1%} ON AN INACTIVE ROW. THE BONUS STARTS WITH "
                  f"{min(b['start_coins'])} TO {max(b['start_coins'])} COINS STUCK ON THE ACTIVE ROWS AND "
                  f"{b['lives']} LIVES; EACH SPIN TAKES A LIFE, A COIN ON AN ACTIVE ROW RESETS THEM TO "
                  f"{b['lives']}. AT 0 LIVES (EVEN WITH ALL MINI REELS FULL) THE SUM OF ALL COINS ON ACTIVE "
                  f"ROWS IS PAID. NO LINE WINS ARE PAID IN THE BONUS.\nCASH VALUES: {cash}.\nPOTS:\n{pots}\n"
                  f"DOUBLE COINS: A COIN LANDS DOUBLE WITH CHANCE {b['double']['num']}/{b['double']['den']}: "
                  "IT PAYS TWICE ITS VALUE, COUNTS 2 FOR THE ROW COUNTS AND, AS A POT FILL COIN, ADDS 2 LETTERS.\n"
                  f"POT FILL: A COIN LANDS AS A POT FILL COIN WITH CHANCE {b['pot_fill']['num']}/"
                  f"{b['pot_fill']['den']}. A COMPLETED NAME PAYS ITS POT INTO THE COMPLETING COIN AND EMPTIES; "
                  "OTHERWISE THE COIN TURNS INTO A CASH COIN.\nHAPPY BOOST: EACH SPIN, WITH CHANCE "
                  f"{b['boost']['num']}/{b['boost']['den']}, 1 TO {max(b['boost_count'])} COINS ON ACTIVE ROWS "
                  f"GAIN ONE OF {boosts} BASE GAME BET."))
    modes = raw["modes"]
    pages.append(("FORTUNE BET AND BONUS BUY", "FORTUNE BET 1.2X, 1.5X OR 2X THE BET RAISES THE TRIGGER CHANCE OF "
                  "THE FEATURE POTS (SEE FEATURE POTS). AT 1.5X EVERY BONUS STARTS WITH AT LEAST 2 FEATURES, AT 2X "
                  "WITH ALL 3 (MISSING FEATURES ARE ADDED AT RANDOM). AWARDS, GAMBLE ENTRY AND BIG WIN THRESHOLDS "
                  f"STAY THOSE OF THE BASE BET.\nMYSTERY BONUS: {_x(modes['buy_mystery']['cost'])} BET, ANY "
                  "COMBINATION OF 1, 2 OR 3 FEATURES (CHANCES "
                  + ", ".join(f"{k} {v}/{sum(raw['mystery_weights'].values())}" for k, v in raw["mystery_weights"].items())
                  + f").\nTRIPLE BONUS: {_x(modes['buy_triple']['cost'])} BET, ALL 3 FEATURES.\nA BOUGHT BONUS "
                  "SHOWS A BASE GAME DELIVERING THE 3 FEATURE SYMBOLS, THEN THE POTS TRIGGER THE PURCHASED "
                  "COMBINATION. FEATURE AWARDS ARE DETERMINED BY THE CURRENT BET."))
    pages.append(("GAMBLE AND SPIN CHANCE", "THE GAMBLE CAN BE ON, ON FOR WINS OF AT LEAST "
                  f"{g['entry_x']}X THE BASE BET (BEFORE ANY BET MULTIPLIER), OR OFF. THE LEFT WHEEL OFFERS X1.5, X2 "
                  "OR X3 THE WIN; THE RIGHT WHEEL OFFERS A BONUS ENTRY, CHOSEN WITH - AND +, UP TO HAPPY BOOST + "
                  "POT FILL + DOUBLE COINS. THE CHANCE OF THE GREEN SEGMENT IS EXACTLY THE WIN DIVIDED BY THE "
                  "PRIZE (A BONUS ENTRY IS VALUED AT THE AVERAGE WIN OF THAT BONUS). THE GREEN SEGMENT IS NEVER "
                  f"DRAWN SMALLER THAN {Fraction(g['min_green'])} OF THE WHEEL, SO AT ITS MINIMUM THE REAL CHANCE "
                  f"CAN BE SIGNIFICANTLY LESS THAN SHOWN. {limits['gamble']} THE EXPECTED PAYBACK FOR THE GAMBLE "
                  "GAME IS 100%.\nSPIN CHANCE: WHEN "
                  "THE CREDIT IS ABOVE ZERO BUT BELOW THE PRICE OF PLAY, THE CREDIT MAY BE WAGERED FOR A BASE GAME "
                  "SPIN AT THE CURRENT BET WITH CHANCE EXACTLY CREDIT / PRICE OF THAT SPIN."))
    pages.append(("PAYBACK", f"THE THEORETICAL AVERAGE RETURN TO PLAYER (RTP) IS {float(raw['rtp']) * 100:.2f}% IN "
                  f"THE BASE GAME, EVERY FORTUNE BET AND EVERY BONUS BUY. {limits['game']} BETS FROM "
                  f"{_usd(raw['bet_ladder'][0])} TO {_usd(raw['bet_ladder'][-1])}. AT THE HIGHEST BETS THE LIMIT "
                  "LOWERS THE RETURN OF THE BASE GAME: THE BET MODES AND RTP PAGE "
                  "SHOWS THE RETURN AT THE CURRENT BET. FORTUNE BETS AND BONUS BUYS ARE OFFERED ONLY AT THE BETS "
                  f"WHERE THE LIMIT CANNOT LOWER THEIR {float(raw['rtp']) * 100:.2f}%; THAT PAGE SHOWS UP TO "
                  "WHICH BET EACH IS OFFERED. THE PLAYER'S ODDS OF GETTING ANY PARTICULAR OUTCOME ARE ALWAYS "
                  "THE SAME."))
    return pages
