"""Piggy Farm's math (no pygame; every number from ../math.yaml).

    tables.py     math.yaml -> integer tables (PiggyMath)
    rules.py      the natural round: play(rng, mode) -> Round
    forced.py     play(rng, mode, force) -> Round, the round generator books replay: the
                  forced rounds (demo steering, book strata searches) and book_forces()
    board.py      a round's board: columns plus bitboards, tumbles (rules.py's engine)
    search.py     forced searches decided in batches (wheel triggers, max-win free spins)
    streams.py    each row's strip stops from its own generator, in play's order
    events.py     the closed event vocabulary (GameSpec.events)
    sim.py        simulate(): the same rules vectorised
    batch.py      play_batch(): every mode's books, vectorised, exactly play's
    paytable.py   evaluate(board) and paytable()
    help.py       help_pages() (the info screen) and the full rules text
    par.py        par_info() and payout_sources(round) for the PAR sheet
"""
