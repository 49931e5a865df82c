"""The caps on anything read from outside, chosen far above any real game so that only hostile or
broken input reaches them (the README's "Untrusted input" lists them).

A real game of Toledo has a few hundred actions, random players reach about 12,000; a game of
Torres has about 1,000 at most. Replaying `MAX_ACTIONS` takes well under a second natively.
"""

from __future__ import annotations

from typing import Final

MAX_DOCUMENT_BYTES: Final = 2_000_000  # a save file, a stored entry, a link's unpacked JSON (~250 KB at 12,000 actions)
MAX_LINK_CHARS: Final = 200_000  # the text after "game=" (a 12,000-action game packs into ~40,000)
MAX_DEPTH: Final = 32  # JSON nesting: a save nests 4 deep, a stored entry 5
MAX_ACTIONS: Final = 20_000  # actions in one game
MAX_ACTION_CHARS: Final = 64  # one action's text (the longest canonical one has about 30)
MAX_NUMBER_DIGITS: Final = 20  # a JSON integer's digits (a seed is below 2**63: 19 digits)
MAX_FLOAT_CHARS: Final = 32  # a JSON number with a fraction or exponent (never valid, but quoted)
MAX_MESSAGE_CHARS: Final = 120  # an error message about input, in one line
MAX_EXCERPT_CHARS: Final = 24  # the part of the input a message may quote
