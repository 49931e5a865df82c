"""Helpers shared by test folders that are not about one game."""

from __future__ import annotations

from types import ModuleType


def load_script(name: str) -> ModuleType:
    """Import scripts/<name>.py by path (scripts/ is not a package); one module object per script."""
    import importlib.util
    import sys
    from pathlib import Path

    module_name = f"toledo_script_{name}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    path = Path(__file__).resolve().parent.parent / "scripts" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(module_name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return module

