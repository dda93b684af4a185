"""Happy Money Hens' math (no pygame; every number from ../math.yaml).

    tables.py     math.yaml -> arrays (HensMath), feature-combination codes
    rules.py      play(rng, mode, force) -> Round: the round generator books replay
    bonus.py      the mini-reel bonus, one at a time
    pots.py       feature pots and their exact odds; advance_levels (display state)
    events.py     the closed event vocabulary (GameSpec.events)
    sim.py        simulate(): the same rules vectorised (sim_bonus.py: its bonus)
    batch.py      play_batch(): books many at once, exactly play's per seed (batch_bonus.py)
    paytable.py   evaluate(board) and paytable()
    help.py       help_pages(), general_rules(): the info screen's text, the limits in the sheet's words
    par.py        par_info() and payout_sources(round) for the PAR sheet
    gamble.py     the gamble wheels' prizes, priced from the bonus_* libraries
    analysis.py   exact base-game figures (design)
"""
