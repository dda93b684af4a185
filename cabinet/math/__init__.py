"""The math toolchain: book libraries with exact RTP per bet mode, the optimizer,
live simulation, PAR sheets and benchmarks. Run as `python -m cabinet.math VERB`
(build, find-books, rtp, show, evaluate, sim, agree, rates, par, verify, bench, tamper, manifest,
compile; `--help` on each).

The runtime half of the books (load, verify, draw) is cabinet/core/books.py, so the
cabinet needs nothing of this package: `load_library(spec) -> Library`,
`Library.draw(rng, mode, category=None) -> book id`, `Library.round(mode, book_id)`,
`LibraryError` (missing, corrupt, altered or built from other math: refuse the game).

What the tools read from a GameSpec: modes, rtp, max_win_x, version, math_files,
book_forces (category -> target frequency per round), feature_names, play, and the
optional simulate / evaluate / paytable, cap_exempt_modes, forced_books
({mode: {category: forced book count}}, default 1% of natural, >= 50), book_counts,
play_batch (a fast path for building books, exactly equal to `play` per seed;
`verify` checks it), rate_targets (feature rates the game sets; else rates.json),
par_info, payout_sources and tail_odds (the PAR sheet), books_dir.
"""
