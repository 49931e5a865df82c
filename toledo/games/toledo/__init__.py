"""Toledo (Martin Wallace, Kosmos 2008): rules, data, views, drawing, words and AI heuristics."""
