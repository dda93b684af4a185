"""The math toolchain: book libraries with exact RTP per bet mode, the optimizer,
live simulation, PAR sheets and benchmarks. Run as `python -m cabinet.math VERB`
(build, rtp, show, evaluate, sim, par, verify, bench; `--help` on each).

The runtime half of the books (load, verify, draw) is cabinet/core/books.py, so the
cabinet needs nothing of this package: `load_library(spec) -> Library`,
`Library.draw(rng, mode, category=None) -> book id`, `Library.round(mode, book_id)`,
`LibraryError` (missing, corrupt or built from other math: refuse the game).

What the tools read from a GameSpec: modes, rtp, max_win_x, version, math_files,
book_forces (category -> target frequency per round), feature_names, play, and the
optional simulate / evaluate / paytable, cap_exempt_modes, forced_books
({mode: {category: forced book count}}, default 1% of natural, >= 50), book_counts,
play_batch (a fast path for building books, exactly equal to `play` per seed;
`verify` checks it), par_info and payout_sources (the PAR sheet), books_dir.
"""
