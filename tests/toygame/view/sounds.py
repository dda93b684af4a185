"""Toy Reels' sound cues: it has none of its own and plays the cabinet's shared cues
(`coin` for a line or a coin, `bonus` for the coin bonus). A game with its own cues
names their files in assets/<id>/manifest.yaml and registers them here with
`asset_files.load_sounds(audio, "<id>")`, as the shipped games do."""
from __future__ import annotations

from cabinet.ui import asset_files


def add_cues(audio) -> None:
    """Register the cues the scene plays, once (silent cabinets skip it)."""
    asset_files.load_sounds(audio)
