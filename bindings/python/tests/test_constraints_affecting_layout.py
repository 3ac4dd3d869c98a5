"""Issue 14, "why is it here?", from Python: ``constraints_affecting_layout(axis)`` on views and
guides, for the seed's sample delegate (examples/python/sample_delegate.py, docs/behaviour.md#the-sample-delegate) on
iphone-portrait, 393 x 852 pt, safe area (top 59, leading 0, bottom 34, trailing 0) (docs/behaviour.md#device-presets).

Hand derivation, active guidance, vertical axis of the viewport:

* viewport.top = turnCard.bottom = turnCard.top + turnCard.height = map.top + 163 = 0 + 163, so
  ``viewport.top == turnCard.bottom``, ``turnCard.top == map.top``, the turn card's component
  size (S.top 59 + header 104 = 163) and the map frame's ``map.top == 0``;
* viewport.bottom = mapContentsBottom.top = mapContentsBottom.bottom - 0, and that bottom sits on
  the ETA card's top (the ``<=`` is at its bound: 746 < 818) = etaCard.bottom - 106 = map.bottom
  - 106 = 0 + 852 - 106 = 746, so ``viewport.bottom == mapContentsBottom.top``,
  ``mapContentsBottom.height == 0``, ``mapContentsBottom.bottom <= etaCard.top``,
  ``etaCard.bottom == map.bottom``, the ETA card's component size (72 + S.bottom 34 = 106) and the
  map frame's ``map.height == 852``;
* the guide's resting constraint ``mapContentsBottom.bottom == safe.bottom @250`` pulls it to 818
  and loses by 72: listed, not holding.

Eleven constraints, in activation order — the same list as the Swift and C tests.
"""

from __future__ import annotations

import pytest

import navlayout as nl
from sample_delegate import SampleLayoutDelegate
from test_issue16 import find

O = nl.ConstraintOwner

VIEWPORT_VERTICAL = [
    ("map.top == 0", O.MAP_FRAME, True),
    ("map.height == 852", O.MAP_FRAME, True),
    ("mapContentsBottom.height == 0", O.HOST, True),
    ("mapContentsBottom.bottom == map.safeAreaLayoutGuide.bottom @250", O.HOST, False),
    ("turnCard.height == 163", O.COMPONENT_SIZE, True),
    ("etaCard.height == 106", O.COMPONENT_SIZE, True),
    ("turnCard.top == map.top", O.HOST, True),
    ("etaCard.bottom == map.bottom", O.HOST, True),
    ("mapContentsBottom.bottom <= etaCard.top", O.HOST, True),
    ("viewport.top == turnCard.bottom", O.HOST, True),
    ("viewport.bottom == mapContentsBottom.top", O.HOST, True),
]


def described(infos):
    return [(c.describe(), c.owner, c.holds_exactly) for c in infos]


@pytest.fixture
def guidance():
    with nl.MapView.preset("iphone-portrait") as m:
        m.set_layout_delegate(SampleLayoutDelegate())
        m.navigation_enabled = True
        m.start_guidance()
        yield m


def test_the_viewport_rests_on_the_turn_card_and_the_bottom_guide(guidance):
    viewport = find(guidance, "viewport")
    turn_card = find(guidance, "turnCard")
    assert viewport.frame == nl.Rect(0, 163, 393, 583)
    infos = viewport.constraints_affecting_layout(nl.Axis.VERTICAL)
    assert described(infos) == VIEWPORT_VERTICAL
    # The fields of one: viewport.top == turnCard.bottom, made by the delegate through the API.
    top = next(c for c in infos if c.second is not None and c.second.item is turn_card)
    assert top.first == viewport.top_anchor and top.second == turn_card.bottom_anchor
    assert (top.relation, top.multiplier, top.constant, top.priority) == (nl.Relation.EQUAL, 1, 0, 1000)
    assert top.identifier == "" and top.constraint is not None and top.constraint.active
    # The engine's own have no Constraint object.
    assert all(c.constraint is None for c in infos if c.owner != O.HOST)
    # The bottom guide is a LayoutGuide, reached through the list.
    guide = next(c.second.item for c in infos if c.describe() == "viewport.bottom == mapContentsBottom.top")
    assert isinstance(guide, nl.LayoutGuide)
    assert described(guide.constraints_affecting_layout(nl.Axis.VERTICAL)) == [
        ("map.top == 0", O.MAP_FRAME, True),
        ("map.height == 852", O.MAP_FRAME, True),
        ("mapContentsBottom.height == 0", O.HOST, True),
        ("mapContentsBottom.bottom == map.safeAreaLayoutGuide.bottom @250", O.HOST, False),
        ("etaCard.height == 106", O.COMPONENT_SIZE, True),
        ("etaCard.bottom == map.bottom", O.HOST, True),
        ("mapContentsBottom.bottom <= etaCard.top", O.HOST, True),
    ]


def test_horizontal_and_the_safe_area(guidance):
    # viewport.leading/trailing == safe.leading/trailing; the safe area is the map inset by 0 on
    # both sides; the map starts at x = 0 and is 393 wide.
    viewport = find(guidance, "viewport")
    assert described(viewport.constraints_affecting_layout(nl.Axis.HORIZONTAL)) == [
        ("map.left == 0", O.MAP_FRAME, True),
        ("map.width == 393", O.MAP_FRAME, True),
        ("map.safeAreaLayoutGuide.left == map.left", O.SAFE_AREA, True),
        ("map.safeAreaLayoutGuide.right == map.right", O.SAFE_AREA, True),
        ("viewport.leading == map.safeAreaLayoutGuide.leading", O.HOST, True),
        ("viewport.trailing == map.safeAreaLayoutGuide.trailing", O.HOST, True),
    ]


def test_bad_arguments_and_detached_items(guidance):
    viewport = find(guidance, "viewport")
    with pytest.raises(nl.InvalidArgumentError):
        viewport.constraints_affecting_layout(7)
    with pytest.raises(TypeError):
        viewport.constraints_affecting_layout("vertical")
    detached = guidance.make_view(identifier="detached")
    assert detached.constraints_affecting_layout(nl.Axis.VERTICAL) == []
    detached.destroy()
    with pytest.raises(nl.InvalidHandleError):
        detached.constraints_affecting_layout(nl.Axis.VERTICAL)
