"""The scripts' argument parser: a wrong option ends with one line on stderr and exit status 2, never
a usage dump (`--help` still prints the full usage). Stdlib only, like every script here.

    sys.path.insert(0, str(Path(__file__).resolve().parent))  # scripts/ may be loaded by path
    from one_line_args import OneLineParser
    parser = OneLineParser(prog="serve.py", description=...)
"""

from __future__ import annotations

import argparse
from typing import NoReturn


class OneLineParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")
