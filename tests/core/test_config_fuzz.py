"""A sample of the config fuzz (tests/config_fuzz.py): seeded mutations of the shipped
config.yaml run through --check-config and a start must agree, never print a
traceback, refuse every mutation that must be refused and start every one that must
start. The full run: python -m tests.config_fuzz --count 500 --subprocess 20."""
import pytest
from tests.config_fuzz import MUTATIONS, generate, run


def test_the_generator_is_seeded_and_covers_every_kind():
    a, b = generate(300, 11), generate(40, 11)
    assert [c.text for c in a[:40]] == [c.text for c in b]
    assert {k for c in a for k in c.kinds} == {name for name, _fn, _w in MUTATIONS}


@pytest.mark.slow
def test_a_fuzz_sample_agrees_with_no_traceback_and_no_bad_config_accepted():
    figures = run(count=80, seed=20261201, n_subprocess=2)
    assert figures.configs == 80 and figures.subprocess == 2
    assert figures.accepted >= 10 and figures.refused >= 10       # both sides exercised
    assert (figures.tracebacks, figures.disagreements, figures.accepted_bad, figures.refused_good,
            figures.check_wrote, figures.refused_wrote, figures.multi_line) == (0,) * 7, figures.problems[:10]
