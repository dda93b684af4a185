"""SVG text for the art tools (`make assets`): a few shapes, written deterministically
(the same call gives the same bytes), in the subset nanosvg (SDL_image's SVG reader,
what `pygame.image.load_sized_svg` uses) draws: circle, ellipse, rect, path, polygon,
groups with opacity and transforms, linear and radial gradients. Nothing here runs when
the cabinet plays; the cabinet reads the files through cabinet/ui/asset_files.py.
"""
from __future__ import annotations

from typing import Iterable, Sequence

Color = Sequence[int]


def num(v: float) -> str:
    """A number as the files write it: at most two decimals, no trailing zeros."""
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def pct(v: float) -> str:
    return f"{num(v * 100)}%"


def rgb(c: Color) -> str:
    return "#%02x%02x%02x" % tuple(int(v) for v in c[:3])


def lerp(a: Color, b: Color, t: float) -> tuple[int, int, int]:
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


def _paint(fill: Color | str | None, stroke: Color | None, width: float, opacity: float | None,
           extra: str = "") -> str:
    out = f' fill="{fill if isinstance(fill, str) else rgb(fill) if fill is not None else "none"}"'
    if fill is not None and not isinstance(fill, str) and len(fill) == 4:
        out += f' fill-opacity="{num(fill[3] / 255)}"'
    if stroke is not None:
        out += f' stroke="{rgb(stroke)}" stroke-width="{num(width)}"'
        if len(stroke) == 4:
            out += f' stroke-opacity="{num(stroke[3] / 255)}"'
    if opacity is not None:
        out += f' opacity="{num(opacity)}"'
    return out + extra


def circle(cx: float, cy: float, r: float, fill: Color | str | None = None, stroke: Color | None = None,
           width: float = 0, opacity: float | None = None) -> str:
    return f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}"{_paint(fill, stroke, width, opacity)}/>\n'


def ellipse(cx: float, cy: float, rx: float, ry: float, fill: Color | str | None = None,
            stroke: Color | None = None, width: float = 0, opacity: float | None = None) -> str:
    return (f'<ellipse cx="{num(cx)}" cy="{num(cy)}" rx="{num(rx)}" ry="{num(ry)}"'
            f'{_paint(fill, stroke, width, opacity)}/>\n')


def rect(x: float, y: float, w: float, h: float, rx: float = 0, fill: Color | str | None = None,
         stroke: Color | None = None, width: float = 0, opacity: float | None = None) -> str:
    return (f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" rx="{num(rx)}" ry="{num(rx)}"'
            f'{_paint(fill, stroke, width, opacity)}/>\n')


def polygon(points: Iterable[tuple[float, float]], fill: Color | str | None = None, stroke: Color | None = None,
            width: float = 0, opacity: float | None = None) -> str:
    pts = " ".join(f"{num(x)},{num(y)}" for x, y in points)
    paint = _paint(fill, stroke, width, opacity, ' stroke-linejoin="round"')
    return f'<polygon points="{pts}"{paint}/>\n'


def path(d: str, fill: Color | str | None = None, stroke: Color | None = None, width: float = 0,
         opacity: float | None = None, cap: str = "round") -> str:
    extra = f' stroke-linecap="{cap}" stroke-linejoin="round"' if stroke is not None else ""
    return f'<path d="{d}"{_paint(fill, stroke, width, opacity, extra)}/>\n'


def line(x0: float, y0: float, x1: float, y1: float, stroke: Color, width: float, cap: str = "round") -> str:
    return path(f"M{num(x0)},{num(y0)} L{num(x1)},{num(y1)}", None, stroke, width, cap=cap)


def group(body: str, opacity: float | None = None, transform: str = "") -> str:
    attrs = (f' opacity="{num(opacity)}"' if opacity is not None else "") + \
        (f' transform="{transform}"' if transform else "")
    return f"<g{attrs}>\n{body}</g>\n"


def radial(gid: str, stops: Sequence[tuple[float, Color]], cx: float = 0.5, cy: float = 0.5, r: float = 0.5,
           fx: float | None = None, fy: float | None = None) -> str:
    """A radial gradient in the shape's box (0..1, written as percentages: nanosvg reads
    bare fractions as user units), `stops` (offset, colour[, alpha])."""
    focus = f' fx="{pct(fx)}" fy="{pct(fy)}"' if fx is not None and fy is not None else ""
    return (f'<radialGradient id="{gid}" cx="{pct(cx)}" cy="{pct(cy)}" r="{pct(r)}"{focus}>\n'
            + _stops(stops) + "</radialGradient>\n")


def linear(gid: str, stops: Sequence[tuple[float, Color]], x1: float = 0, y1: float = 0, x2: float = 0,
           y2: float = 1) -> str:
    return (f'<linearGradient id="{gid}" x1="{pct(x1)}" y1="{pct(y1)}" x2="{pct(x2)}" y2="{pct(y2)}">\n'
            + _stops(stops) + "</linearGradient>\n")


def _stops(stops: Sequence[tuple[float, Color]]) -> str:
    return "".join(f'<stop offset="{num(o)}" stop-color="{rgb(c)}"'
                   + (f' stop-opacity="{num(c[3] / 255)}"' if len(c) == 4 else "") + "/>\n" for o, c in stops)


def document(w: float, h: float, body: str, defs: str = "", title: str = "") -> str:
    """A whole file: `w` x `h` user units (the file's own size in px), `defs` first."""
    head = f"<title>{title}</title>\n" if title else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(w)}" height="{num(h)}" '
            f'viewBox="0 0 {num(w)} {num(h)}">\n{head}' + (f"<defs>\n{defs}</defs>\n" if defs else "") + body
            + "</svg>\n")


def tile(w: float, h: float, radius: float, fill: Color | None, border: Color | None = None, width: float = 0,
         title: str = "") -> str:
    """A whole file: a rounded rectangle filling `w` x `h`, its border (if any) drawn inside
    the edge as pygame draws one."""
    body = rect(0, 0, w, h, radius, fill) if fill is not None else ""
    if border is not None and width:
        body += rect(width / 2, width / 2, w - width, h - width, max(radius - width / 2, 0), None, border, width)
    return document(w, h, body, title=title)
