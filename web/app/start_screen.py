"""The start screen: first the game (each registered game with its title and a line about it; games
without a controller yet are shown as coming soon, disabled), then the chosen game's seats.

The seat form's markup is static (it paints before Python starts); this module fills it for the
chosen game: player counts and colours, the computer levels, and the address's seats=, names=,
colours=, seed=, start= (1-based) and speed= parameters.
"""

from __future__ import annotations

import asyncio
import random
import sys
from html import escape
from typing import TYPE_CHECKING, Any

from pyscript import document  # type: ignore[import-not-found]
from toledo.core import registry
from toledo.core.page import page_of
from toledo.core.boundary.text import is_ascii_number

from . import import_slices
from .context import page_modules
from .controller import SeatSetup
from .dom import address_says, board_layout, by_id, lang, present, set_html

if TYPE_CHECKING:  # pragma: no cover
    from .context import App

WARM_SECONDS = 2.0  # after the start screen's first second, when pydantic starts loading
MAX_NAME = 40  # the save format's limit (toledo.core.save.MAX_NAME_LENGTH, a module that imports pydantic)
DEFAULT_SPEED = 700
_held: list[bool] = []  # while a chosen game's code loads: whether Start was enabled, then one entry per load


def seat_rows() -> list[Any]:
    return list(document.querySelectorAll("#seats .seat"))


def num_players() -> int:
    return int(by_id("num-players").value)


# --- the game chooser ---------------------------------------------------------------------------------
# The page's marked words that a game's own catalogue says (PageController.tr): what the game is about,
# and how to hear what a thing on its board does.
GAME_WORDS = ("setup_lead", "info_hint")


def tell_game_words(app: App) -> None:
    """The chosen game's own words in the places marked for them (the rest of the page stays as it is)."""
    for key in GAME_WORDS:
        for el in document.querySelectorAll(f'[data-i18n="{key}"]'):
            el.textContent = app.tr(key)


def take_game(app: App, name: str) -> None:
    """`name` becomes the page's game: its seats on the start screen, checked in the chooser, its own words."""
    app.use_game(name)
    fill_setup(app, from_address=False)
    show_games(app)
    tell_game_words(app)


def show_games(app: App) -> None:
    """One radio button per registered game, the chosen one checked (titles and lines as text)."""
    listing = by_id("game-list")
    listing.innerHTML = ""
    for name in registry.names():
        playable = name in app.games
        option = document.createElement("label")
        option.className = "game-option" + ("" if playable else " soon")
        option.setAttribute("data-game-option", name)
        radio = document.createElement("input")
        radio.type = "radio"
        radio.name = "game"
        radio.value = name
        radio.checked = app.controller is not None and name == app.game.name
        radio.disabled = not playable
        option.appendChild(radio)
        title = document.createElement("span")
        title.className = "game-title"
        title.textContent = registry.info(name).title
        option.appendChild(title)
        if not playable:
            soon = document.createElement("span")
            soon.className = "game-soon"
            soon.textContent = app.tr("game_coming_soon")
            option.appendChild(soon)
        lead = document.createElement("span")
        lead.className = "game-lead"
        lead.textContent = page_of(name).lead(lang()) if playable else ""
        option.appendChild(lead)
        listing.appendChild(option)


def choose_game(app: App, name: str) -> None:
    """The chooser's change: the named game's seats (only games with page parts can be chosen). A game
    whose page code is not imported yet is imported first, in slices, with Start held meanwhile (so it
    cannot start the game shown before)."""
    if name not in app.games or (app.controller is not None and app.game.name == name):
        return
    if not all(module in sys.modules for module in page_modules(name)):
        asyncio.ensure_future(_choose_when_loaded(app, name))
        return
    take_game(app, name)
    address_says("game", name)  # as the early form does: a reload boots the game chosen
    asyncio.ensure_future(_preview_next(app))


async def _choose_when_loaded(app: App, name: str) -> None:
    start = by_id("start")
    if not _held:
        _held.append(not start.disabled)  # whether Start is to be given back once every import is done
        start.disabled = True
    _held.append(False)
    try:
        await import_slices.load(name, *page_modules(name))
    finally:
        _held.pop()
        if len(_held) == 1 and _held.pop():
            start.disabled = False
    chosen = document.querySelector('#game-list input[name="game"]:checked')
    if app.session is None and present(chosen) and str(chosen.value) == name:  # still the player's choice
        choose_game(app, name)


async def warm_games(app: App) -> None:
    """While the start screen idles: every game's page code imported (in slices) and its start board drawn
    ahead, so that choosing another game never holds the page up."""
    await asyncio.sleep(WARM_SECONDS)
    for name in app.games:
        if app.session is not None:
            return
        await import_slices.load(name, *page_modules(name))
        page = page_of(name)
        await asyncio.sleep(0)
        if app.session is None and page.min_players <= num_players() <= page.max_players:
            page.preview_svg(num_players(), lang(), board_layout(page))
            await asyncio.sleep(0)


async def _preview_next(app: App) -> None:
    """The chosen game's board in a task of its own: the choice answers at once, the drawing follows."""
    await asyncio.sleep(0)
    if app.session is None:
        preview(app)


# --- the seats ------------------------------------------------------------------------------------------
def _shape_form(app: App) -> None:
    """Player counts and colours of the chosen game (the static markup holds the largest form)."""
    game = app.game
    count = by_id("num-players")
    current = str(count.value)
    set_html("num-players", "".join(f'<option value="{n}">{n}</option>'
                                    for n in range(game.min_players, game.max_players + 1)))
    count.value = current if game.min_players <= int(current or 0) <= game.max_players else str(game.min_players)
    for i, row in enumerate(seat_rows()):
        select = row.querySelector(".seat-colour")
        select.innerHTML = "".join(f'<option value="{escape(c)}" data-i18n="colour_{escape(c)}">'
                                   f'{escape(game.colour_name(c, lang()))}</option>' for c in game.colours)
        select.value = game.colours[i % len(game.colours)]


def _variant_menu(app: App) -> None:
    """A menu of the game's variants (base, own-deck, master, ...), shown only for a game that has several."""
    variants = tuple(getattr(app.game, "variants", ()))
    row = by_id("variant-row")
    if not present(row):
        row = document.createElement("label")
        row.id = "variant-row"
        row.className = "row"
        row.innerHTML = '<span id="variant-label"></span><select id="variant" name="variant"></select>'
        by_id("game-choice").after(row)
    row.hidden = len(variants) < 2
    by_id("variant").innerHTML = "".join(f'<option value="{escape(v)}">{escape(v)}</option>' for v in variants)
    label_variants(app)


def label_variants(app: App) -> None:
    """The variant menu's words in the page's language (its values stay)."""
    name = getattr(app.game, "variant_name", None)
    label = by_id("variant-label")
    if not present(label) or name is None:
        return
    label.textContent = app.tr("variant")
    for option in by_id("variant").options:
        option.textContent = name(str(option.value), lang())


def chosen_variant() -> str:
    """The variant menu's choice ("" when the game has none to choose)."""
    row = by_id("variant-row")
    return "" if not present(row) or row.hidden else str(by_id("variant").value)


def fill_setup(app: App, from_address: bool = True) -> None:
    """Level menus from the game's computer players; defaults and (at start-up) the address into the form."""
    game = app.game
    levels = game.levels()
    _shape_form(app)
    _variant_menu(app)
    options = "".join(f'<option value="{escape(n)}">{escape(n)}</option>' for n in levels)  # label_setup names them
    for i, row in enumerate(seat_rows()):
        select = row.querySelector(".seat-kind")
        select.innerHTML = '<option value="human">Human</option>' + options
        select.removeAttribute("data-asked")
        select.value = "human" if i == 0 else ("medium" if "medium" in levels else levels[0])
    if from_address:
        _fill_from_address(app)
    label_setup(app)
    show_seats(app)


def _fill_from_address(app: App) -> None:
    params, game = app.params, app.game
    rows = seat_rows()
    seats = [x.strip() for x in params.get("seats", "").split(",") if x.strip()]
    names = params.get("names", "").split(",") if params.get("names") else []
    colours = [x.strip() for x in params.get("colours", "").split(",") if x.strip()]
    if game.min_players <= len(seats) <= game.max_players:
        by_id("num-players").value = str(len(seats))
        for i, kind in enumerate(seats):
            select = rows[i].querySelector(".seat-kind")
            select.value = kind
            if str(select.value) != kind:  # a level this game lacks: the menu has no such entry
                select.setAttribute("data-asked", kind[:MAX_NAME])
    for i, name in enumerate(names[:game.max_players]):
        rows[i].querySelector(".seat-name").value = name[:MAX_NAME]
    for i, colour in enumerate(colours[:game.max_players]):
        if colour in game.colours:
            rows[i].querySelector(".seat-colour").value = colour
    if params.get("variant") in tuple(getattr(game, "variants", ())):
        by_id("variant").value = params["variant"]
    if "seed" in params:
        by_id("seed").value = params["seed"]
    if "start" in params:
        by_id("start-player").value = str(max(0, app.int_param("start", 1) - 1))
    if "speed" in params:
        speed = by_id("speed")
        custom = app.int_param("speed", DEFAULT_SPEED)
        speed.innerHTML += f'<option value="{custom}" data-i18n="option_custom">custom</option>'
        speed.value = str(custom)


def label_setup(app: App) -> None:
    """The seat menus' entries in the page's language (their values stay)."""
    language = lang()
    for select in document.querySelectorAll("#seats .seat-kind"):
        for option in select.options:
            kind = str(option.value)
            option.textContent = (app.tr("kind_human", language) if kind == "human"
                                  else app.tr("option_computer", language,
                                              level=app.game.level_name(kind, language)))
    label_variants(app)


def show_seats(app: App) -> None:
    n = num_players()
    for i, row in enumerate(seat_rows()):
        row.hidden = i >= n
        row.querySelector(".seat-name").placeholder = app.game.colour_name(
            str(row.querySelector(".seat-colour").value), lang())
        line = row.querySelector(".seat-help")  # what the chosen computer level is like, in a line
        line.textContent = level_help(app, str(row.querySelector(".seat-kind").value))
        line.hidden = not line.textContent


def level_help(app: App, kind: str) -> str:
    """A computer level in one line ("" for a person, or a level with no line in the catalogues)."""
    if kind == "human":
        return ""
    try:
        return app.tr(f"level_{kind}_help")
    except KeyError:
        return ""


def read_setup(app: App) -> SeatSetup | str:
    """The form's game, or a message saying what to fix."""
    game = app.game
    n = num_players()
    kinds, names, colours = [], [], []
    known = set(game.levels()) | {"human"}
    for row in seat_rows()[:n]:
        kind = str(row.querySelector(".seat-kind").value)
        colour = str(row.querySelector(".seat-colour").value)
        name = " ".join(str(row.querySelector(".seat-name").value).split())[:MAX_NAME] or game.colour_name(colour,
                                                                                                          lang())
        if kind not in known:
            asked = row.querySelector(".seat-kind").getAttribute("data-asked")
            levels = ", ".join(game.level_name(level, lang()) for level in game.levels())
            return app.tr("error_unknown_kind", kind=str(asked) if present(asked) else kind, levels=levels)
        kinds.append(kind)
        names.append(name)
        colours.append(game.colours.index(colour))
    if len(set(colours)) != len(colours):
        return app.tr("start_error_colours")
    seed_text = str(by_id("seed").value).strip()
    # ASCII digits, at most 19: isdigit() takes '²', and int() of 5,000 digits raises
    if seed_text and (not is_ascii_number(seed_text, 19) or int(seed_text) >= 2**63):
        return app.tr("error_seed")
    seed = int(seed_text) if seed_text else random.randrange(2**31)
    start = min(int(by_id("start-player").value), n - 1)
    return SeatSetup(kinds, names, colours, seed, start, int(by_id("speed").value), chosen_variant())


def current_speed() -> int:
    try:
        return int(by_id("speed").value)
    except (TypeError, ValueError):
        return DEFAULT_SPEED


def preview(app: App) -> None:
    """The start screen shows an empty board for the chosen number of players."""
    players = num_players()
    if not keep_skeleton(app.game.name, players, board_layout(app.game.page)):
        app.game.preview(players)


def keep_skeleton(game: str, players: int, layout: str) -> bool:
    """Keep the board the build drew into the page (by the same drawing code) as the preview when it
    shows what the preview would (its box says which players, language and layout): Python's start is
    spared a whole drawing. Once kept or replaced, the page has no skeleton left."""
    box = document.querySelector(f'#board .board-skeleton[data-game="{game}"][data-layout="{layout}"]')
    if not present(box):
        return False
    data = box.dataset
    if (str(data.players), str(data.lang)) != (str(players), lang()):
        return False
    by_id("board").replaceChildren(box.firstElementChild)
    return True
