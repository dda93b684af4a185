"""A command-line refusal as the project promises it: exit status 2 (returned or raised
through SystemExit, as argparse does), one line on stderr, no traceback."""
from __future__ import annotations

from typing import Callable


def refused_in_one_line(capsys, main: Callable[[list[str]], int | None], argv: list[str]) -> str:
    """Run main(argv), check it refused in one line with exit 2 and return that line."""
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err
