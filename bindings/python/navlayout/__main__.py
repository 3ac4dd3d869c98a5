"""``python -m navlayout [preset]``: runs the demo session with the sample layout delegate
(:mod:`navlayout.demo`) and prints every view's frame after each step; ``--version`` prints the
package's and the library's versions."""

import sys

from .demo import main

if __name__ == "__main__":
    sys.exit(main())
