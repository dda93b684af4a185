"""`python -m cabinet.math VERB ...`: see `cabinet.math.cli`."""
import sys

from .cli import main

sys.exit(main())
