"""A seat's shape is drawn alike by every game: four shapes told apart without colour, painted as asked."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from toledo.core.seat_shapes import seat_shape

def test_each_shape_is_its_own_element_painted_as_asked() -> None:
    drawn = {shape: seat_shape(shape, 10, 20, 8, 'fill="#123456"', cls="mark") for shape in
             ("circle", "square", "triangle", "diamond")}
    assert [ET.fromstring(svg).tag for svg in drawn.values()] == ["circle", "rect", "polygon", "polygon"]
    assert drawn["triangle"] != drawn["diamond"]
    assert all('class="mark"' in svg and 'fill="#123456"' in svg for svg in drawn.values())
    assert 'rx="3"' in seat_shape("square", 0, 0, 5, "", rounded=3) and "rx=" not in seat_shape("square", 0, 0, 5, "")
