"""python -m cabinet.core.i18n VERB: the message and locale tools (tools.py)."""
from __future__ import annotations

import sys

from .tools import main

sys.exit(main(sys.argv[1:]))
