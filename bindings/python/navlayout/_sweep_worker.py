"""Worker processes of the size sweep (issue 15): each runs the standard session at the sizes the
library asks for, with a Python delegate, so that several sizes run at once (a Python delegate
holds the GIL, so threads would run one at a time).

The workers are plain ``python -c`` processes (not ``multiprocessing``), so they never import the
parent's ``__main__``: a script that calls :func:`navlayout.sweep` at its top level without the
``if __name__ == "__main__":`` idiom works. The protocol, over the worker's stdin and stdout: each
message is a 4-byte big-endian length and a pickle. A request is ``(make_delegate, width, height,
safe_area, direction)``; the answer ``(verdict, text)``: ``(0, sample JSON)``, ``(1, message)``
when the delegate could not be made or set, ``(2, traceback)`` when the worker itself failed (the
sweep stops then). What the delegate prints goes to the worker's stderr (its stdout is the
protocol). Private to the package.
"""

from __future__ import annotations

import os
import pickle
import struct
import subprocess
import sys
import threading
import traceback
from typing import IO, Any, List, Optional, Tuple, cast

_HEADER = struct.Struct(">I")


def _read(stream: IO[bytes]) -> Optional[Any]:
    head = stream.read(_HEADER.size)
    if len(head) < _HEADER.size:
        return None
    (size,) = _HEADER.unpack(head)
    body = stream.read(size)
    if len(body) < size:
        return None
    return pickle.loads(body)


def _write(stream: IO[bytes], value: Any) -> None:
    body = pickle.dumps(value)
    stream.write(_HEADER.pack(len(body)) + body)
    stream.flush()


def main() -> None:
    """The worker's loop: answer requests until stdin closes."""
    protocol = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # the delegate's prints go to stderr, not into the protocol
    sys.stdout = sys.stderr
    from .size_sweep import _sample_here

    requests = sys.stdin.buffer
    while True:
        try:
            request = _read(requests)
        except Exception:  # noqa: BLE001 - an object that cannot be unpickled here
            _write(protocol, (2, "the sweep's worker process could not read make_delegate:\n" + traceback.format_exc()))
            continue
        if request is None:
            return
        try:
            answer: Tuple[int, str] = _sample_here(*request)
        except Exception:  # noqa: BLE001 - reported to the parent, which stops the sweep
            answer = (2, traceback.format_exc())
        _write(protocol, answer)


class WorkerPool:
    """``count`` worker processes; :meth:`run` sends a request to an idle one and waits for its
    answer (several threads may call it at once). Close with :meth:`close`."""

    def __init__(self, count: int, library: str) -> None:
        env = dict(os.environ)
        env["NAVLAYOUT_LIBRARY"] = library
        env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
        self._idle: List["subprocess.Popen[bytes]"] = []
        self._all: List["subprocess.Popen[bytes]"] = []
        self._ready = threading.Condition()
        for _ in range(count):
            worker = subprocess.Popen(
                [sys.executable, "-c", "from navlayout._sweep_worker import main; main()"],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, cwd=os.getcwd())
            self._all.append(worker)
            self._idle.append(worker)

    def run(self, request: Tuple[Any, ...]) -> Tuple[int, str]:
        with self._ready:
            while not self._idle:
                self._ready.wait()
            worker = self._idle.pop()
        try:
            assert worker.stdin is not None and worker.stdout is not None
            try:
                _write(worker.stdin, request)
                answer = _read(worker.stdout)
            except (BrokenPipeError, OSError):
                answer = None
            if answer is None:
                code = worker.wait()
                raise RuntimeError(f"a worker process of the sweep exited (status {code}); its error is above on stderr")
            return cast(Tuple[int, str], answer)
        finally:
            with self._ready:
                self._idle.append(worker)
                self._ready.notify()

    def close(self) -> None:
        for worker in self._all:
            try:
                if worker.stdin is not None:
                    worker.stdin.close()
            except OSError:
                pass
        for worker in self._all:
            try:
                worker.wait(timeout=10)
            except subprocess.TimeoutExpired:
                worker.kill()
                worker.wait()
            if worker.stdout is not None:
                worker.stdout.close()
