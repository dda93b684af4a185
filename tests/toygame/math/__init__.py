"""Toy Reels' math (no pygame): the template every game's `math/` follows.

    tables.py    math.yaml -> plain tables (numbers live only in math.yaml)
    rules.py     play(rng, mode, force) -> Round: the round generator books replay
    events.py    the closed event vocabulary (cabinet/core/events.py records)
    sim.py       simulate(seed_sequence, mode, n): the same rules, vectorised
    paytable.py  evaluate(board) and paytable() for `python -m cabinet.math evaluate`
    help.py      help_pages(): the info screen's text, from the math file
    par.py       par_info() and payout_sources(round) for the PAR sheet
"""
