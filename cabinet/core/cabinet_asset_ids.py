"""The picture and sound ids the cabinet's screens ask for in
assets/cabinet/manifest.yaml: the start refuses a manifest without one of them,
naming it. Written by make assets with the manifest."""
IMAGES = (
    'icon.sound.on',
    'icon.sound.off',
    'icon.music.on',
    'icon.music.off',
    'icon.turbo.on',
    'icon.turbo.off',
    'pictogram.recovery',
    'pictogram.malfunction',
    'pictogram.outcome',
    'pictogram.limit',
    'pictogram.history',
    'pictogram.payback',
    'emblem.rings',
    'emblem.dots',
    'rules.cell',
    'rules.cell_lit',
    'rules.arrow',
    'celebration.coin',
)
SOUNDS = (
    'click',
    'spin',
    'reel_stop',
    'win',
    'coin',
    'bonus',
    'big_win',
    'refuse',
    'music',
)
