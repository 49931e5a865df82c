"""The one way in for data from outside: save files, share links, stored games, action text, CLI
arguments. Every loader of every game goes through these modules, so one set of limits and one
error type (`toledo.core.errors.InputError`) hold everywhere.

- `limits`: the caps (bytes, nesting depth, number of actions, digits), stated in the README.
- `excerpt`: how a message may quote untrusted input (escaped, cut short, one line).
- `cap`: the one cap on a game's length, asked by every writer and every reader.
- `values`: telling a game's own action from a hand-built look-alike (a float square).
- `text`: strict decoding of bytes and bounded ASCII numbers.
- `document`: JSON with the byte, depth and number caps.
- `links`: a share link's fragment back to the JSON bytes it packs.

Pure Python without pydantic: the page's start path imports parts of it.
"""
