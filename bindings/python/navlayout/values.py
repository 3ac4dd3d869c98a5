"""Value types and enumerations of the navlayout bindings (pure Python, no library needed).

All lengths are points (``float``); coordinates have their origin at the map view's top-left
corner, x to the right, y down.
"""

from __future__ import annotations

import enum
from typing import NamedTuple, Union

__all__ = [
    "Point",
    "Size",
    "Rect",
    "Insets",
    "Priority",
    "AnchorAttribute",
    "Relation",
    "Axis",
    "LayoutDirection",
    "ButtonType",
    "PromptKind",
    "SpeedWidgetMode",
    "Curve",
    "StackPosition",
    "StackAlignment",
    "Corner",
    "UIStateKind",
    "DiagnosticCode",
    "Severity",
    "ConstraintOwner",
    "ViewKind",
    "LegacyGuide",
    "PaddingAdjustmentBehavior",
    "NO_INTRINSIC_METRIC",
    "button_type",
]

#: Value of an intrinsic-size dimension that has no intrinsic metric (``NL_NO_INTRINSIC_METRIC``).
NO_INTRINSIC_METRIC: float = -1.0


class Point(NamedTuple):
    """A point ``(x, y)`` in points, in the map view's coordinate space."""

    x: float
    y: float


class Size(NamedTuple):
    """A size ``(width, height)`` in points."""

    width: float
    height: float


class Rect(NamedTuple):
    """A rectangle ``(x, y, width, height)`` in points, in the map view's coordinate space."""

    x: float
    y: float
    width: float
    height: float

    @property
    def min_x(self) -> float:
        """The left edge (``x``)."""
        return self.x

    @property
    def min_y(self) -> float:
        """The top edge (``y``)."""
        return self.y

    @property
    def max_x(self) -> float:
        """The right edge (``x + width``)."""
        return self.x + self.width

    @property
    def max_y(self) -> float:
        """The bottom edge (``y + height``)."""
        return self.y + self.height

    @property
    def center(self) -> Point:
        """The centre point."""
        return Point(self.x + self.width / 2.0, self.y + self.height / 2.0)

    @property
    def size(self) -> Size:
        """``Size(width, height)``."""
        return Size(self.width, self.height)


class Insets(NamedTuple):
    """Edge insets ``(top, left, bottom, right)`` in points.

    For a map view's safe area, ``left``/``right`` are the physical edges; the engine maps
    them to leading/trailing according to the layout direction.
    """

    top: float = 0.0
    left: float = 0.0
    bottom: float = 0.0
    right: float = 0.0


class Priority:
    """Named constraint priority levels (floats in 1…1000; 1000 means required).

    Any number in 1…1000 is a valid priority; these are the named Auto Layout levels.
    Optional priorities are strictly hierarchical: one satisfied 751 is never traded for any
    number of 750s.
    """

    REQUIRED: float = 1000.0
    DEFAULT_HIGH: float = 750.0
    DEFAULT_LOW: float = 250.0
    FITTING_SIZE: float = 50.0


class AnchorAttribute(enum.IntEnum):
    """The ten anchors of a view or layout guide (``NL_ANCHOR_*``)."""

    LEADING = 0
    TRAILING = 1
    LEFT = 2
    RIGHT = 3
    TOP = 4
    BOTTOM = 5
    WIDTH = 6
    HEIGHT = 7
    CENTER_X = 8
    CENTER_Y = 9


class Relation(enum.IntEnum):
    """Relation of a constraint (``NL_EQUAL`` …)."""

    EQUAL = 0
    LESS_OR_EQUAL = 1
    GREATER_OR_EQUAL = 2


class Axis(enum.IntEnum):
    """Layout axis for hugging / compression-resistance priorities (``NL_AXIS_*``)."""

    HORIZONTAL = 0
    VERTICAL = 1


class LayoutDirection(enum.IntEnum):
    """Map-view layout direction; in right-to-left, ``leading`` is the right edge."""

    LEFT_TO_RIGHT = 0
    RIGHT_TO_LEFT = 1


class ButtonType(enum.IntEnum):
    """Known navigation button types (``NL_BUTTON_*``).

    Buttons of types a future SDK adds are reported with their raw ``int`` value instead;
    find buttons by type, never by index.
    """

    COMPASS = 1
    REPORTING = 2


def button_type(raw: int) -> Union[ButtonType, int]:
    """Return the :class:`ButtonType` for ``raw``, or ``raw`` itself (an ``int``) if unknown."""
    try:
        return ButtonType(raw)
    except ValueError:
        return int(raw)


class PromptKind(enum.IntEnum):
    """Kinds of navigation prompts (``NL_PROMPT_*``); heights 120, 96, 120, 152 points."""

    INCIDENT = 0
    SPEED_CAMERA = 1
    TRAFFIC = 2
    BETTER_ROUTE = 3


class SpeedWidgetMode(enum.IntEnum):
    """What the speed widget shows (``NL_SPEED_WIDGET_*``); it resizes accordingly."""

    NONE = 0
    SPEEDOMETER = 1
    SPEED_LIMIT = 2
    BOTH = 3


class Curve(enum.IntEnum):
    """Animation timing curves (``NL_CURVE_*``). Ease-in-out is the cubic Bézier (0.42, 0, 0.58, 1)."""

    EASE_IN_OUT = 0
    LINEAR = 1


class StackPosition(enum.IntEnum):
    """Where a hiding stack packs its arranged views (``NL_STACK_POSITION_*``).

    With ``BOTTOM`` the first arranged view is the bottom one.
    """

    TOP = 0
    CENTER = 1
    BOTTOM = 2


class StackAlignment(enum.IntEnum):
    """Which edge of a hiding stack its arranged views sit at (``NL_STACK_ALIGNMENT_*``)."""

    LEADING = 0
    TRAILING = 1


class Corner(enum.IntFlag):
    """Rounded-corner mask of a prompt (``NL_CORNER_*``); default: the two top corners."""

    NONE = 0
    MIN_X_MIN_Y = 1
    MAX_X_MIN_Y = 2
    MIN_X_MAX_Y = 4
    MAX_X_MAX_Y = 8
    TOP = MIN_X_MIN_Y | MAX_X_MIN_Y
    BOTTOM = MIN_X_MAX_Y | MAX_X_MAX_Y
    ALL = TOP | BOTTOM


class AccessibilityTraits(enum.IntFlag):
    """Accessibility traits of a view (``NL_ACCESSIBILITY_TRAIT_*``, Swift
    ``AccessibilityTraits``; NavLayout's own bits, not UIKit's). ``BUTTON``, ``LINK`` and
    ``ADJUSTABLE`` make a host view interactive (:attr:`INTERACTIVE`): it must be at least
    44 x 44 pt and have a label (``HIT_TARGET_TOO_SMALL``, ``MISSING_ACCESSIBILITY_LABEL``)."""

    NONE = 0
    BUTTON = 1
    LINK = 2
    IMAGE = 4
    STATIC_TEXT = 8
    HEADER = 16
    ADJUSTABLE = 32
    UPDATES_FREQUENTLY = 64
    NOT_ENABLED = 128
    SELECTED = 256
    SUMMARY_ELEMENT = 512
    ALL = 1023
    INTERACTIVE = BUTTON | LINK | ADJUSTABLE


class ViewKind(enum.IntEnum):
    """What a view is (``NL_VIEW_KIND_*``, from ``nl_view_kind_of``); see :attr:`View.view_kind`."""

    PLAIN = 0  #: a host view (``MapView.make_view``)
    MAP = 1  #: the map view's root view
    HIDING_STACK = 2  #: a hiding stack (``MapView.make_hiding_stack`` or the built-in layout's)
    PROMPT = 3  #: a navigation prompt
    COMPONENT = 4  #: another SDK component: logo, viewport, buttons, cards, trip bar, speed widget


class LegacyGuide(enum.IntEnum):
    """The four legacy layout guides of the built-in layout (``NL_LEGACY_GUIDE_*``, docs/behaviour.md#legacy-layout-guides)."""

    #: Follows the turn card (a zero-height strip at the safe-area top without one).
    NAVIGATION_HEADER = 0
    #: Follows the ETA card (a zero-height strip at the safe-area bottom without one).
    NAVIGATION_FOOTER = 1
    #: The bottom-trailing buttons: the button stack's width, from the top of the stacked buttons
    #: to the stack's bottom.
    BOTTOM_TRAILING_BUTTONS = 2
    #: The free part of the button column above the buttons (8 pt gap), for a host's own buttons.
    BOTTOM_TRAILING_BUTTONS_ALTERNATE = 3


class PaddingAdjustmentBehavior(enum.IntEnum):
    """How the safe-area insets combine with the legacy ``padding`` in the built-in layout's
    camera (``NL_PADDING_ADJUSTMENT_*``, the SDK's ``GMSMapViewPaddingAdjustmentBehavior``)."""

    #: The safe-area insets are added to the padding (the default).
    ALWAYS = 0
    #: On each edge the larger of the safe-area inset and the padding.
    AUTOMATIC = 1
    #: The safe-area insets are not added.
    NEVER = 2


class UIStateKind(enum.IntEnum):
    """Navigation state kinds (``NL_UI_STATE_*``); state objects are READY or ACTIVE_GUIDANCE."""

    NO_NAVIGATION = 0
    NAVIGATION_READY = 1
    ACTIVE_GUIDANCE = 2


class DiagnosticCode(enum.IntEnum):
    """Diagnostic codes of docs/behaviour.md#diagnostic-codes (``NL_DIAG_*``); ``spec_name`` is the camelCase name in docs/behaviour.md#diagnostic-codes."""

    UNSATISFIABLE = 1
    AMBIGUOUS_LAYOUT = 2
    MISSING_REQUIRED_COMPONENT = 3
    SIZE_CONSTRAINT_ON_FIXED_COMPONENT = 4
    STALE_COMPONENT = 5
    VIEWPORT_OBSTRUCTED = 6
    OVERLAP = 7
    OFFSCREEN = 8
    WIDE_MODE_CARDS_NOT_LEADING = 9
    LEFT_RIGHT_ANCHOR = 10
    HIDDEN_IN_HIDING_STACK = 11
    LEGACY_API_IGNORED = 12
    EMPTY_VIEWPORT = 13
    # Accessibility (issue 16 item 8; docs/behaviour.md#accessibility)
    HIT_TARGET_TOO_SMALL = 16
    MISSING_ACCESSIBILITY_LABEL = 17
    ACCESSIBILITY_ELEMENT_COVERED = 18
    ACCESSIBILITY_ORDER_SKIPS_COMPONENT = 19
    # A refused call of the Swift UIKit spelling (NavLayoutUIKit); never from a map view driven
    # from Python.
    CALL_REFUSED = 20

    @property
    def spec_name(self) -> str:
        """The code as docs/behaviour.md#diagnostic-codes spells it, e.g. ``"viewportObstructed"``."""
        head, *rest = self.name.lower().split("_")
        return head + "".join("API" if part == "api" else part.capitalize() for part in rest)


class ConstraintOwner(enum.IntEnum):
    """Who made a constraint (``nl_constraint_owner``; Swift ``EngineConstraintKind``, with
    ``HOST`` for the host's own): :attr:`ConstraintInfo.owner` (issue 14)."""

    HOST = 0  #: the host's delegate (or the built-in layout acting as one)
    MAP_FRAME = 1  #: the map view's origin (0, 0) and size
    SAFE_AREA = 2  #: a safe-area guide's edges from its view
    LAYOUT_MARGINS = 3  #: a margins guide's edges from its view
    COMPONENT_SIZE = 4  #: the size the SDK fixes for a component (docs/behaviour.md#component-sizes)
    COMPRESSION_RESISTANCE = 5  #: size >= intrinsic size, at the compression-resistance priority
    CONTENT_HUGGING = 6  #: size <= intrinsic size, at the hugging priority
    HIDING_STACK = 7  #: a hiding stack's arrangement (docs/behaviour.md#hiding-stack)


class Severity(enum.IntEnum):
    """Severity of a layout diagnostic (``NL_SEVERITY_*``)."""

    INFO = 0
    WARNING = 1
    ERROR = 2
