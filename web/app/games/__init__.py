"""The games whose page shows more than their page parts can say: `<name>.py` holds the class
`Controller`, a subclass of `controller.PageController` (found by `context.controller_class`). A game
without a module here is played by `PageController` itself."""
