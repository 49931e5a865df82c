"""Torres's knowledge for the generic computer players in `toledo.ai` (see `heuristics`)."""
