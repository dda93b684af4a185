"""Toy Reels on screen (pygame): scene, layout, art, board."""
