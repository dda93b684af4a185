"""The math toolchain: book libraries with exact RTP per bet mode, the optimizer,
live simulation, PAR sheets and benchmarks. Run as `python -m cabinet.math VERB`
(build, rtp, show, evaluate, sim, par, verify, bench; `--help` on each).

Runtime API for the cabinet (no pygame, numpy only), in `cabinet.math.books`:
`load_library(spec) -> Library`, `Library.draw(rng, mode, category=None) -> book id`,
`Library.round(mode, book_id) -> Round`, `Library.payout_x100(mode, book_id)`,
`LibraryError` (missing, corrupt or built from other math: refuse the game).

What the tools read from a GameSpec: modes, rtp, max_win_x, version, math_files,
book_forces (category -> target frequency per round), feature_names, play, and the
optional simulate / evaluate / paytable. Optional `spec.extra` entries:

- `cap_exempt_modes`: modes without the max-win cap; `cap_x100`: {mode: cap or None};
- `forced_books`: {mode: {category: forced book count}} (default 1% of natural, >= 50);
- `play_batch(seeds, mode, force) -> (payouts, features per round)`: a fast path for
  building books, exactly equal to `play` per seed (`verify` checks it);
- `par_info() -> {"reel_strips": {...}, "notes": [...]}` and
  `payout_sources(round) -> {source: payout_x100}` for the PAR sheet;
- `books_dir`: where the libraries live (default `<game package>/books`).
"""
