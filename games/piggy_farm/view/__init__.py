"""Piggy Farm on screen (pygame).

    scene.py      PiggyFarmScene: one present_<type> per board and free-spin event;
                  scene_features.py: the wheel's, hunts' and barn's
    layout.py     screen positions
    board.py      the 7x7 tumble board
    features.py   THE FARM WHEEL, the egg hunt, RISK THE FARM's barn, the banner
    panels.py     the panels' backs and the counters (left); right_panel.py: the wheel
                  guide, small paytable and odds (right); ante_card.py: the ante card
    art.py, sounds.py, shots.py   symbols and backdrop, cues, the gallery's shots
"""
