"""tricktable: rules engines, bots and play surfaces for Tractor, Back Alley and All Fours.

Some modules run compiled by mypyc when ``make`` has built them; ``TRICKTABLE_PURE=1`` runs the pure
Python source instead (:mod:`tricktable.builds`).
"""

from tricktable import builds

__version__ = "0.1.0"

builds.choose()
