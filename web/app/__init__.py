"""The page's Python (PyScript, main thread), one job per module.

`web/main.py` boots and routes: it reads the address, builds the one `context.App`, and hands the page
to the chosen game's controller (`controller.PageController`, which plays any game from its page parts,
or the game's own subclass in `games/<name>.py`). Everything else is game-agnostic: the frame (`shell`,
`language`, `start_screen`), playing forward and pacing computer turns (`turns`), the move log (`log`),
keyboard and screen readers (`access`), saving and opening games (`storage`, `lazy_wheels`), undo
(`undo`) and the replay (`replay`). Only a module of `games/` imports a game package (`toledo.games.*`),
and only its own; a test keeps it so.

The build (`scripts/build_site.py`) copies this folder to `site/app/` and lists its modules in the
PyScript config's `files`, so they are in Pyodide's file system, importable, before main.py runs.
"""
