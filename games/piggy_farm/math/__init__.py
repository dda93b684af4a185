"""Piggy Farm's math (no pygame; every number from ../math.yaml).

    tables.py     math.yaml -> integer tables (PiggyMath)
    rules.py      play(rng, mode, force) -> Round: the round generator books replay;
                  book_forces()
    events.py     the closed event vocabulary (GameSpec.events)
    sim.py        simulate(): the same rules vectorised
    batch.py      play_batch(): the free-spin buys' books, vectorised, exactly play's
    paytable.py   evaluate(board) and paytable()
    help.py       help_pages() (the info screen) and the full rules text
    par.py        par_info() and payout_sources(round) for the PAR sheet
"""
