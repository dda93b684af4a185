"""operator.json as the operator menu writes it: with its MAC under the ledger's key
(cabinet/core/operator_settings.py). A test that needs saved settings writes them
with `write_signed`, which makes the ledger's key first if the cabinet has none yet;
a file written without it is what an attacker writes, and is ignored."""
import json
from pathlib import Path
from typing import Any

from cabinet.core.ledger import files
from cabinet.core.operator_settings import MAC, _mac, settings_path


def ensure_key(cfg: Any) -> None:
    key_path = Path(cfg.ledger_key_path)
    if not key_path.exists():
        key_path.parent.mkdir(parents=True, exist_ok=True)
        files.write_key(key_path, files.new_key())


def write_signed(cfg: Any, data: dict[str, Any]) -> Path:
    ensure_key(cfg)
    path = settings_path(cfg)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({**data, MAC: _mac(cfg, data)}))
    return path
