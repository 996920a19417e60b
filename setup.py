"""Compiles :data:`tricktable.builds.COMPILED_MODULES` with mypyc, in place, when asked to:

    python setup.py build_ext --inplace --parallel 2      (make does this; TRICKTABLE_COMPILE=0 skips it)

The same typed source, one C extension module per listed module, built by the machine's C compiler next
to its ``.py`` file (``tricktable.builds`` loads the ``.py`` instead when the two disagree). Every other
command (``pip install``, an editable install, a wheel) builds the pure package: an extension module
packed by them would outlive the source edits of a checkout.

mypyc writes one C file per module (``multi_file``), so that ``--parallel`` compiles them on every core
instead of one 40 MB file on one core. Each built file is put in place by a rename, the shared runtime first:
a process starting meanwhile (``make serve`` runs while the build goes on in the background) finds a
module either whole or missing, never half written, and runs the pure source until all are there.
"""

import os
import sys
from concurrent.futures import ThreadPoolExecutor
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
    """``build_ext`` that compiles an extension's C files side by side (``--parallel``: setuptools alone
    builds only whole extensions side by side, and mypyc's runtime library is one extension of 89 C
    files), and with ``--inplace`` renames each extension into place instead of writing over it."""

    def build_extensions(self) -> None:
        workers = os.cpu_count() if self.parallel is True else self.parallel
        if workers and workers > 1:
            compile_each = self.compiler.compile

            def compile_side_by_side(sources: list[str], *args: object, **kwargs: object) -> list[str]:
                with ThreadPoolExecutor(workers) as pool:  # each source a gcc process; the largest first
                    largest_first = sorted(sources, key=lambda source: -os.path.getsize(source))
                    done = {s: pool.submit(compile_each, [s], *args, **kwargs) for s in largest_first}
                    return [obj for source in sources for obj in done[source].result()]

            self.compiler.compile = compile_side_by_side
        super().build_extensions()

    def copy_extensions_to_source(self) -> None:
        build_py = self.get_finalized_command("build_py")
        # the runtime library (no package: tricktable__mypyc) before the modules that load it
        for ext in sorted(self.extensions, key=lambda e: "." in e.name):
            inplace_file, regular_file = self._get_inplace_equivalent(build_py, ext)
            partial = f"{inplace_file}.partial"
            self.copy_file(regular_file, partial, level=self.verbose)
            os.replace(partial, inplace_file)


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildInPlaceAtomically})
