"""The shared WheelView (cabinet/ui/wheel_view.py) and Piggy Farm's drawn wheels:
a spin decelerates onto the drawn slice whatever the start angle, a skipped spin
lands exactly, and the drawn wheel mirrors the math's slices."""
from __future__ import annotations

import math
import os
from types import SimpleNamespace

import pygame
import pytest

from cabinet.ui.layout import Assets, Layout
from cabinet.ui.wheel_parts import WheelArt
from cabinet.ui.wheel_view import WheelSlice, WheelView, ease_out_spin
from games.piggy_farm.math.tables import load
from games.piggy_farm.view.features import visual_slices

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


@pytest.fixture(scope="module")
def app():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((480, 270))
    lay = Layout((480, 270))
    yield SimpleNamespace(layout=lay, assets=Assets(lay))
    pygame.display.quit()


def wheel(app, sizes=(1, 1, 2, 1, 3)) -> WheelView:
    slices = [WheelSlice(f"{i}x", (40 * i, 100, 200), size=s) for i, s in enumerate(sizes)]
    return WheelView(
        app, "test", (960, 540), 300, slices, WheelArt("piggy_farm", rim="wheel.bronze.rim"), hub_label="T"
    )


@pytest.mark.parametrize("start", [0.0, 37.0, 181.5, 359.0])
@pytest.mark.parametrize("offset", [-0.5, 0.0, 0.4])
def test_a_spin_lands_its_slice_under_the_pointer_from_any_start(app, start, offset):
    view = wheel(app)
    for index in range(len(view.slices)):
        view.angle = start
        step = view.spin_step(index, 4.0, offset=offset)
        step.begin()
        step.finish()                      # what a skip does: tick(1.0), end()
        assert view.slice_at_pointer() == index and view.result == index and view.highlight


def test_the_spin_turns_one_way_and_slows_down(app):
    view = wheel(app)
    view.angle = 10.0
    step = view.spin_step(3, 4.0)
    step.begin()
    travelled, last, speeds = 0.0, view.angle, []
    for k in range(1, 41):
        step.progress(k / 40)
        moved = (last - view.angle) % 360.0          # clockwise: the angle goes down
        travelled += moved
        speeds.append(moved)
        last = view.angle
    assert travelled >= view.turns * 360
    assert speeds[0] > speeds[20] > speeds[-1] >= 0
    assert ease_out_spin(0) == 0 and ease_out_spin(1) == 1


def test_the_wheel_draws_without_error_and_a_resting_wheel_is_cached(app):
    from cabinet.ui import wheel_caches as wc
    view = wheel(app)
    surface = pygame.Surface(app.layout.size)
    turned = wc.caches(app.assets).turned
    turned.clear()
    view.show(2)
    view.draw(surface)
    view.draw(surface)
    assert [k[0] for k in turned] == ["disc"]          # one rotation, built once, drawn twice
    assert surface.get_at(app.layout.pt(960, 540))[:3] != (0, 0, 0)


def test_discs_are_shared_by_content_and_their_cache_is_bounded(app):
    """The gamble builds a new WheelView for every - / +: equal wheels share one disc
    (and the rim whatever their slices), and the disc cache does not grow without end."""
    from cabinet.ui import wheel_caches as wc
    a, b = wheel(app, (1, 3)), wheel(app, (1, 3))
    assert a._disc() is b._disc()
    assert wheel(app, (1, 2))._disc() is not a._disc()
    assert wheel(app, (1, 2))._rim() is a._rim()
    for k in range(wc.DISC_CACHE + 5):
        wheel(app, (1, 1 + k))._disc()
    assert len(wc.caches(app.assets).discs) == wc.DISC_CACHE


def test_turned_pictures_are_shared_by_content_and_bounded_over_all_wheels(app):
    """Every wheel of a window size turns its disc into one LRU: equal wheels share their
    rotations, and many wheels turned to many angles hold TURNED_CACHE pictures in all (each
    view held its own dozen: Piggy Farm's tiers grew the soak's memory in steps)."""
    from cabinet.ui import wheel_caches as wc
    turned = wc.caches(app.assets).turned
    turned.clear()
    a, b = wheel(app, (1, 3)), wheel(app, (1, 3))
    a.angle = b.angle = 30.0
    assert a._rotated(a.angle) is b._rotated(b.angle)
    assert len(turned) == 1
    views = [wheel(app, (1, k)) for k in range(1, 5)]
    for step in range(2 * wc.TURNED_CACHE):
        for view in views:
            view._rotated(step * 7.5)
            assert len(turned) <= wc.TURNED_CACHE
    assert len(turned) == wc.TURNED_CACHE


def test_each_farm_wheel_draws_every_slice_at_exactly_its_chance(app):
    """The wedges of a slice cover exactly its share of the wheel: weight / total weight
    (gold's 1,000x: 20 / 1,000 = 2.0% of the wheel, the chance it lands)."""
    from games.piggy_farm.view.features import FarmWheel
    tiers = load().wheel.tiers
    farm = FarmWheel(app, tiers)
    for name, slices in tiers.items():
        wedges = visual_slices(slices)
        assert sorted({i for i, _ in wedges}) == list(range(len(slices)))
        view = farm.views[name]
        total = sum(s.weight for s in slices)
        for i, s in enumerate(slices):
            drawn = sum(span for span, w in zip(view.spans, farm.wedges[name]) if w == i) / 360.0
            assert drawn == pytest.approx(s.weight / total, abs=1e-9), (name, s.label)
        assert sum(view.spans) == pytest.approx(360.0)


def test_the_slice_drawn_under_the_pointer_is_the_result_for_every_farm_wedge(app):
    """Pixels beside the pointer's tip show the landed wedge's colour, for every wedge
    of the three farm wheels and landings off centre both ways."""
    from games.piggy_farm.view.features import FarmWheel
    farm = FarmWheel(app, load().wheel.tiers)
    surface = pygame.Surface(app.layout.size)
    for view in farm.views.values():
        colors = {sl.color for sl in view.slices}
        for index in range(len(view.slices)):
            for offset in (-0.3, 0.0, 0.3):
                view.show(index, offset)
                assert view.slice_at_pointer() == index
                if view.spans[index] < 30:        # a narrow wedge: the pixels beside the tip are its neighbours'
                    continue
                surface.fill((0, 0, 0))
                view.draw(surface)
                cx, cy = view.center
                # a sector under the pointer (+-15% of the wedge's width, 0.6 to 0.95 R): every
                # pixel there that shows a slice's own colour (not a label, not the pointer)
                # shows the landed wedge's colour
                slice_px = []
                for f in (-0.15, -0.05, 0.05, 0.15):
                    a = math.radians(view.spans[index] * f)
                    for k in (0.6, 0.7, 0.8, 0.9, 0.95):
                        px = surface.get_at(app.layout.pt(cx + k * view.radius * math.sin(a),
                                                          cy - k * view.radius * math.cos(a)))[:3]
                        near = min(colors, key=lambda c: sum((x - y) ** 2 for x, y in zip(c, px)))
                        if sum((x - y) ** 2 for x, y in zip(near, px)) < 30 ** 2:
                            slice_px.append(near)
                assert slice_px and set(slice_px) == {view.slices[index].color}, (view.key, index, offset, slice_px)
