"""What every game's setup checks alike: the player count, the seats' colours, the start seat, the seed.

A game's `Setup.__post_init__` calls `check_seating` with its own title, player range and colour
names, and keeps the colours it returns (the default: seat i takes colour i).
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import SetupError


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_seating(title: str, min_players: int, max_players: int, colour_names: Sequence[str], num_players: object,
                  colours: object, start_player: object, seed: object) -> tuple[int, ...]:
    """The seats' colour indexes (given, or one per seat in order); SetupError in one line when the
    seating cannot be played."""
    if not _whole(num_players) or not min_players <= num_players <= max_players:  # type: ignore[operator]
        seats = f"{min_players} to {max_players}" if min_players < max_players else f"{min_players}"
        raise SetupError(f"{title} is for {seats} players, not {num_players!r}")
    assert isinstance(num_players, int)
    if colours == ():
        colours = tuple(range(num_players))
    if not isinstance(colours, tuple) or len(colours) != num_players:
        given = len(colours) if isinstance(colours, (tuple, list)) else "no"
        raise SetupError(f"{given} colours given for {num_players} players")
    if len(set(colours)) != len(colours) or not all(_whole(c) and 0 <= c < len(colour_names) for c in colours):
        raise SetupError(f"colours must be distinct, from {', '.join(colour_names)}")
    if not _whole(start_player) or not 0 <= start_player < num_players:  # type: ignore[operator]
        raise SetupError(f"start seat {start_player!r} is not one of the {num_players} seats")
    if not _whole(seed):
        raise SetupError(f"seed must be an integer, not {seed!r}")
    return colours
