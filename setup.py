"""Compiles :data:`tricktable.builds.COMPILED_MODULES` with mypyc, in place, when asked to:

    python setup.py build_ext --inplace --parallel 2      (make does this; TRICKTABLE_COMPILE=0 skips it)

The same typed source, one C extension module per listed module, built by the machine's C compiler next
to its ``.py`` file (``tricktable.builds`` loads the ``.py`` instead when the two disagree). Every other
command (``pip install``, an editable install, a wheel) builds the pure package: an extension module
packed by them would outlive the source edits of a checkout.

mypyc writes one C file per module (``multi_file``), so that ``--parallel`` compiles them on every core
instead of one 40 MB file on one. Each built file is put in place by a rename, the shared runtime first:
a process starting meanwhile (``make serve`` runs while the build goes on in the background) finds a
module either whole or missing, never half written, and runs the pure source until all are there.
"""

import os
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

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
        multi_file=True,
        group_name="tricktable",  # its runtime library: tricktable__mypyc, next to the package
    )


class BuildInPlaceAtomically(build_ext):
    """``--inplace`` that renames each extension into place instead of writing over it."""

    def copy_extensions_to_source(self) -> None:
        build_py = self.get_finalized_command("build_py")
        # the runtime library (no package: tricktable__mypyc) before the modules that load it
        for ext in sorted(self.extensions, key=lambda e: "." in e.name):
            inplace_file, regular_file = self._get_inplace_equivalent(build_py, ext)
            partial = f"{inplace_file}.partial"
            self.copy_file(regular_file, partial, level=self.verbose)
            os.replace(partial, inplace_file)


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildInPlaceAtomically})
