"""``python -m navlayout``: the command line (:mod:`navlayout.cli`): ``demo``, ``gallery``,
``presets`` with the Swift CLI's flags, ``--help`` on each, ``--version``."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
