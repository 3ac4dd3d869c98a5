"""Writing the files the package makes (viewer pages, gallery pictures, sweep pages, snapshots):
a path that cannot be written raises the ``OSError`` subclass the operating system chose
(``FileNotFoundError``, ``NotADirectoryError``, ``IsADirectoryError``, ``PermissionError``, …)
with its ``errno``, and a message that names the caller's argument — ``"out: cannot create
'/proc/gal': No such file or directory"`` — instead of Python's bare ``[Errno 2] No such file or
directory: '/proc/gal'``. ``os.strerror(exc.errno)`` gives the reason alone (the command line
prints it after the flag). Private to the package."""

from __future__ import annotations

import errno
import os
from typing import Callable, Optional, Tuple

__all__ = ["check_output_file", "make_directories", "output_file_problem", "write_text"]


def _named(exc: OSError, message: str) -> OSError:
    """``exc``'s class with its errno and ``message`` (the caller chains ``exc``)."""
    return type(exc)(exc.errno, message)


def make_directories(path: str, name: str) -> None:
    """Creates the directory ``path`` and its missing parents (``mkdir -p``); nothing when it is
    one already. Raises ``OSError`` whose message names the argument ``name``; a file standing at
    ``path`` is ``NotADirectoryError`` (``os.makedirs`` says "File exists" there)."""
    try:
        os.makedirs(path, exist_ok=True)
    except FileExistsError:
        raise NotADirectoryError(errno.ENOTDIR, f"{name}: cannot create {path!r}: {os.strerror(errno.ENOTDIR)}") from None
    except OSError as exc:
        raise _named(exc, f"{name}: cannot create {path!r}: {exc.strerror}") from exc


def write_text(path: str, text: str, name: str) -> None:
    """Writes ``text`` to the file ``path`` as UTF-8, replacing it. Raises ``OSError`` whose
    message names the argument ``name`` (the directory or ``path`` itself cannot be written)."""
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as exc:
        raise _named(exc, f"{name}: cannot write {path!r}: {exc.strerror}") from exc


def output_file_problem(path: str, show: Callable[[str], str] = repr) -> Optional[Tuple[int, str]]:
    """Why the file ``path`` cannot be made, checked before anything is written: ``None`` when
    the directory that would hold it exists and ``path`` is not a directory, else ``(errno,
    reason)`` — ``EISDIR`` "Is a directory", ``ENOENT`` "the directory D does not exist" or
    ``ENOTDIR`` "D is not a directory" (a file stands there), D the absolute directory as ``show``
    writes it (``repr`` in messages of the API, ``str`` on the command line)."""
    if os.path.isdir(path):
        return errno.EISDIR, os.strerror(errno.EISDIR)
    directory = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(directory):
        return None
    if os.path.exists(directory):
        return errno.ENOTDIR, f"{show(directory)} is not a directory"
    return errno.ENOENT, f"the directory {show(directory)} does not exist"


def check_output_file(path: str, name: str) -> None:
    """Raises ``IsADirectoryError`` / ``FileNotFoundError`` / ``NotADirectoryError``
    (:func:`output_file_problem`) with a message naming the argument ``name`` when the file
    ``path`` cannot be made."""
    problem = output_file_problem(path)
    if problem is not None:
        code, reason = problem
        error = {errno.EISDIR: IsADirectoryError, errno.ENOTDIR: NotADirectoryError}.get(code, FileNotFoundError)
        raise error(code, f"{name}: cannot write {path!r}: {reason}")
