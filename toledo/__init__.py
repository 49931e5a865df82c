"""Toledo rules engine (placeholder while the core is written)."""
__version__ = "0.1.0"
