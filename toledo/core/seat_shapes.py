"""A seat's shape as SVG: players told apart without colour (circle, square, triangle, diamond), drawn
alike by every game's board and sized by the caller."""

from __future__ import annotations


def seat_shape(shape: str, x: float, y: float, r: float, paint: str, *, cls: str = "", rounded: float = 0,
               triangle: tuple[float, float] = (1.15, 0.8), diamond: float = 1.2) -> str:
    """`shape` ("circle", "square", "triangle", anything else a diamond) centred on (x, y) with radius
    about `r`, painted by the attributes `paint`; `triangle`: its height and how far its base lies below
    the centre, `diamond`: its half diagonal, each as a share of r."""
    head = f'class="{cls}" ' if cls else ""
    if shape == "circle":
        return f'<circle {head}cx="{x:g}" cy="{y:g}" r="{r:g}" {paint}/>'
    if shape == "square":
        s = r * 0.9
        corner = f' rx="{rounded:g}"' if rounded else ""
        return f'<rect {head}x="{x - s:g}" y="{y - s:g}" width="{2 * s:g}" height="{2 * s:g}"{corner} {paint}/>'
    if shape == "triangle":
        h, base = r * triangle[0], triangle[1]
        return f'<polygon {head}points="{x:g},{y - h:g} {x + h:g},{y + h * base:g} {x - h:g},{y + h * base:g}" {paint}/>'
    h = r * diamond
    return f'<polygon {head}points="{x:g},{y - h:g} {x + h:g},{y:g} {x:g},{y + h:g} {x - h:g},{y:g}" {paint}/>'
