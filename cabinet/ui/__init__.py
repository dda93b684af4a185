"""The cabinet shell (pygame). Imports point down: nothing in cabinet/core or the
games' math imports this package.

Map:
    app.py          App: window, frame loop, global keys (sound, music, turbo,
                    fullscreen, screenshot, operator), open(name), recall, start_scenes
    launch.py       run_app: `python main.py` until the app stops
    window.py       the display window: open, desktop fullscreen <-> window
    scene.py        Scene, the scene registry (@register, scene_class) and SceneStack
                    (top first, pass down, opaque hides below)
    screens.py      imports every scene module once so each registers by name
    layout.py       Layout (logical 1920x1080 -> real pixels), Assets (fonts, labels,
                    pre-rendered surfaces, all converted once)
    input.py        InputMap: keys -> named actions from config `keys`
    clock.py        RealClock / ManualClock (animations run on injected time)
    widgets.py      Button (mouse and touch become actions)
    draw.py         gradients, rounded panels, glows, the palette
    presentation.py Step, Presentation, wait, instant, count_up
    timeline.py     Timeline: running totals and money while a round's steps are built
    game_scene.py   GameScene: the base of every game's scene (HUD, bets, modes,
                    rounds, checkpoints, settle, resume, autoplay, recall, force)
    hud.py          the shared bars and buttons of a game screen
    reels.py        ReelSet: each reel its own strip, a planned spin as steps, blurred
                    faces at speed, paylines (reel_motion.py: the spin's arithmetic)
    symbol_anim.py  winning symbols' loops (flap, grin, spin, bounce ...), pre-rendered
    celebration.py  big-win tiers and their overlay
    overlay.py      menus over a dimmed snapshot of the paused game
    buy_menu.py, autoplay.py, info.py, history.py, operator.py, demo.py, kiosk.py,
    locked.py       the menus and full-screen pages
    audio.py        numpy-synthesised cues and music through pygame.mixer
    checkpoints.py  presentation checkpoints written on a worker thread
    bench.py        python -m cabinet.ui.bench  (frame times per scene, launch time)
    monkey.py       python -m cabinet.ui.monkey (random events, audit must hold)
"""
