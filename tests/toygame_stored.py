"""Toy Reels whose top_coin books keep their rounds (GameSpec.math.stored_rounds), by name
for the math tools (`python -m cabinet.math show tests.toygame_stored ...`)."""
import dataclasses

from tests.toygame import GAME as _TOY

GAME = dataclasses.replace(_TOY, math=dataclasses.replace(_TOY.math, stored_rounds={"base": ("top_coin",)}))
