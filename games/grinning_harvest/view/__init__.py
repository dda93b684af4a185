"""Grinning Harvest on screen (pygame).

    scene.py      GrinningHarvestScene: one present_<type> per event
    layout.py     screen positions
    board.py      the reels / bonus board, pumpkins, vaults, lines, the row above
    panels.py     the jackpot ladder, paylines / bonus counter and the banners
    art.py, pictures.py   symbols; the field, frame, Big Pumpkin and lobby tile
    sounds.py, shots.py   cues and the gallery's shots
"""
