"""``python -m tricktable``: the same command as ``tricktable``."""

import sys

from tricktable.cli.main import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
