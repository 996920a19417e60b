"""Compiles :data:`tricktable.builds.COMPILED_MODULES` with mypyc, in place, when asked to:

    python setup.py build_ext --inplace      (make does this; TRICKTABLE_COMPILE=0 skips it)

The same typed source, one C extension module per listed module, built by the machine's C compiler next
to its ``.py`` file (``tricktable.builds`` loads the ``.py`` instead when the two disagree). Every other
command (``pip install``, an editable install, a wheel) builds the pure package: an extension module
packed by them would outlive the source edits of a checkout.
"""

import os
import sys
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).parent


def extensions() -> list[object]:
    if os.environ.get("TRICKTABLE_COMPILE", "1") == "0" or "build_ext" not in sys.argv:
        return []
    sys.path.insert(0, str(HERE / "src"))
    from mypyc.build import mypycify

    from tricktable.builds import COMPILED_MODULES, source_path

    return mypycify(
        [str(source_path(m).relative_to(HERE)) for m in COMPILED_MODULES],
        opt_level="3",
        group_name="tricktable",  # its runtime library: tricktable__mypyc, next to the package
    )


setup(ext_modules=extensions())
