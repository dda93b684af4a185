"""The lines a real-play config needs besides `real_play: true` and its own PIN: the
ledger's key and witness outside the data folder (config.py refuses real play
without them)."""
from pathlib import Path


def trust_lines(tmp_path: Path) -> str:
    """`ledger_key` and `ledger_witness` in folders of their own under `tmp_path`."""
    (tmp_path / "keys").mkdir(parents=True, exist_ok=True)
    (tmp_path / "witness").mkdir(parents=True, exist_ok=True)
    return f"ledger_key: {tmp_path / 'keys' / 'cabinet.key'}\nledger_witness: {tmp_path / 'witness'}\n"
