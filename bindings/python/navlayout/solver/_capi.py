"""The raw solver's C functions (``nl_solver_*``, ``nl_variable_*`` of ``navlayout.h``), declared
here on first use so the rest of the bindings do not depend on them, and how a failing status
becomes the solver's exception. Private to :mod:`navlayout.solver`."""

from __future__ import annotations

import ctypes
from ctypes import POINTER, Structure, c_bool, c_char_p, c_double, c_int32, c_size_t, c_void_p
from typing import Any, Optional

from .. import _ffi

class nl_term(Structure):
    _fields_ = [("variable", c_void_p), ("coefficient", c_double)]


_st = c_int32
_H = c_void_p
_SOLVER_PROTOTYPES = {
    "nl_solver_create": (_H, []),
    "nl_solver_destroy": (_st, [_H]),
    "nl_variable_create": (_H, [_H, c_char_p]),
    "nl_variable_destroy": (_st, [_H]),
    "nl_solver_variable_values": (_st, [_H, POINTER(c_void_p), c_size_t, POINTER(c_double)]),
    "nl_solver_add_constraint": (_st, [_H, POINTER(nl_term), c_size_t, c_double, c_int32, c_double, POINTER(c_void_p)]),
    "nl_solver_constraint_create": (_st, [_H, POINTER(nl_term), c_size_t, c_double, c_int32, c_double, POINTER(c_void_p)]),
    "nl_solver_add_constraints": (_st, [_H, POINTER(c_void_p), c_size_t]),
    "nl_solver_remove_constraint": (_st, [_H, _H]),
    "nl_solver_has_constraint": (_st, [_H, _H, POINTER(c_bool)]),
    "nl_solver_constraint_destroy": (_st, [_H]),
    "nl_solver_add_edit_variable": (_st, [_H, _H, c_double]),
    "nl_solver_remove_edit_variable": (_st, [_H, _H]),
    "nl_solver_has_edit_variable": (_st, [_H, _H, POINTER(c_bool)]),
    "nl_solver_suggest_value": (_st, [_H, _H, c_double]),
    "nl_solver_update_variables": (_st, [_H]),
    "nl_solver_reset": (_st, [_H]),
    "nl_solver_dump": (c_void_p, [_H]),
}

_clib: Optional[ctypes.CDLL] = None


def _lib() -> ctypes.CDLL:
    global _clib
    if _clib is None:
        lib = _ffi.load()
        for name, (restype, argtypes) in _SOLVER_PROTOTYPES.items():
            try:
                fn = getattr(lib, name)
            except AttributeError:
                from ..errors import LibraryNotFoundError

                raise LibraryNotFoundError(
                    f"navlayout: {_ffi.library_path()} has no raw-solver API ({name} missing); "
                    "rebuild libnavlayout"
                ) from None
            fn.restype = restype
            fn.argtypes = argtypes
        _clib = lib
    return _clib


def _raise(status: int, cls: Optional[type] = None, **attrs: Any) -> None:
    """Raise ``cls`` (or the status's class) for a non-zero status, with the C message."""
    msg = _ffi.last_error_message()
    if cls is None:
        _ffi.check(status)
        return
    exc = cls(msg, status=status)
    for k, v in attrs.items():
        setattr(exc, k, v)
    raise exc

