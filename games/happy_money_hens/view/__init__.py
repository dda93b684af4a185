"""Happy Money Hens on screen (pygame).

    scene.py      HensScene: one present_<type> per event, pot levels, fortune bet;
                  scene_bonus.py: the pots' and the bonus's steps
    layout.py     screen positions and the combinations' names
    board.py      the base game's picture (reels, lines, pots, fortune panel, banner)
    features.py   the mini-reel bonus (bonus_state.py: snapshots; bonus_side.py: side panels)
    offers.py     what follows a round: gamble (gamble_scene.py, gamble_draw.py), spin chance
                  (spin_chance_scene.py)
    art.py, sounds.py, shots.py   pictures, cues, the gallery's shots
"""
