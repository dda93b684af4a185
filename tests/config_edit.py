"""A test changes a running cabinet's settings the way the operator menu does: the
config is a frozen tree, so a new one (dataclasses.replace) is installed in the app
and its cabinet, which read the one config."""
from __future__ import annotations

import dataclasses
from typing import Any


def reconfigure(app: Any, **changes: Any) -> Any:
    """`app.config` and `app.cabinet.config` with `changes` (top-level keys; a section
    as a whole: cash=dataclasses.replace(app.config.cash, handpay_limit=50000))."""
    cfg = dataclasses.replace(app.config, **changes)
    app.config = app.cabinet.config = cfg
    return cfg


def handpay_limit(app: Any, cents: int | None) -> Any:
    return reconfigure(app, cash=dataclasses.replace(app.config.cash, handpay_limit=cents))
