"""Piggy Farm's screen parts: the board, the feature pictures, the side panels."""
