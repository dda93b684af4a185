"""Config fuzz: seeded mutations of the shipped config.yaml, each run through
`--check-config` and a start, which must agree.

    python -m tests.config_fuzz --count 500 --seed 1 [--subprocess 20]

A start is `main.open_cabinet` (the Cabinet) and the app headless to its lobby
(SDL_VIDEODRIVER=dummy), in-process, the book libraries loaded once and shared.
`--subprocess N` also runs N of the configs as `main.py --check-config FILE` and
`main.py --config FILE --meters`, real processes, comparing exit codes and lines.
Prints the figures: configs, tracebacks, disagreements (one accepts, the other
refuses), accepted-bad (a mutation that must be refused was accepted),
refused-good (a mutation that must start was refused). The suite runs a sample
(tests/core/test_config_fuzz.py); the figures in the notes come from this command.
"""
from .harness import Figures, Result, run, run_check, run_start, run_subprocess, snapshot
from .mutations import MUTATIONS, generate

__all__ = ["Figures", "MUTATIONS", "Result", "generate", "run", "run_check", "run_start", "run_subprocess",
           "snapshot"]
