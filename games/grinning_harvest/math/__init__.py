"""Grinning Harvest's math (no pygame; every number from ../math.yaml).

    tables.py     math.yaml -> Maths (strips, values, row tables, buy options);
                  vaults_in_view(): the exact odds of 1-3 Vaults in view
    rules.py      play(rng, mode, force) -> Round: the round generator books replay
    bonus.py      the Hold-n-Win bonus, one spin at a time
    events.py     the closed event vocabulary (GameSpec.events)
    sim.py        simulate(): the same rules vectorised
    batch.py      play_batch(): books many at once, exactly play's per seed
    paytable.py   evaluate(board) and paytable()
    help.py       help_sections() and help_pages(): the info screen's text
    par.py        par_info() and payout_sources(round) for the PAR sheet
"""
