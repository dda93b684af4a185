"""`python -m cabinet.math VERB ...`: see `cabinet.math.cli`."""
import sys

from .blas import one_blas_thread

one_blas_thread()              # before numpy is imported (cabinet/math/blas.py)

from .compiled import activate  # noqa: E402

activate()                     # the compiled round code, when current, before any game is imported

from .cli import main  # noqa: E402

sys.exit(main())
