"""Small DOM helpers: find elements, write text or markup, mark <html> for styles and tests, listen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy, jsnull, to_js  # type: ignore[import-not-found]  # exists only in the browser
from pyscript import document, window  # type: ignore[import-not-found]

from toledo.core.page import PHONE_UPRIGHT

NARROW = window.matchMedia(PHONE_UPRIGHT)  # a phone held upright


def by_id(name: str) -> Any:
    return document.getElementById(name)


def present(el: Any) -> bool:
    """True for an element; JavaScript's null arrives as None or as jsnull."""
    return el is not None and el is not jsnull


def set_html(name: str, html: str) -> None:
    by_id(name).innerHTML = html


def set_text(name: str, text: str) -> None:
    """Text, never markup: names and file contents come from users."""
    by_id(name).textContent = text


def mark(**attrs: object) -> None:
    """State markers on <html> for styling and for the end-to-end tests: `mark(scoring_line=2)` sets
    data-scoring-line="2" (in scripts, dataset.scoringLine)."""
    for key, value in attrs.items():
        document.documentElement.setAttribute(f"data-{key.replace('_', '-')}", str(value))


def show_game_over_controls() -> None:
    """Every game's end: the play controls give way to the end screen's, the pass screen is gone."""
    by_id("play").hidden = True
    by_id("end").hidden = False
    by_id("pass-device").hidden = True
    mark(turn="over", busy="false")


def set_title(text: str) -> None:
    """The chosen game's name in the top bar and the browser's tab."""
    document.title = text
    heading = document.querySelector("#topbar h1")
    if present(heading):
        heading.textContent = text


def lang() -> str:
    """The page's language (<html lang>, kept by the language switch)."""
    return str(document.documentElement.lang or "en")


class Layouts:
    """Which drawing of its board a game's page gets here: the first of its `layouts` whose screens these
    are, else "wide". Each query is watched from its first use, so turning a phone or a tablet redraws."""

    def __init__(self) -> None:
        self._queries: dict[str, Any] = {}
        self._watch: Callable[[Any], None] | None = None

    def watch(self, listen: Callable[[Any], None]) -> None:
        """`listen(media_query_list)` for every query asked about, before and after this call."""
        self._watch = listen
        for query in self._queries.values():
            listen(query)

    def _query(self, media: str) -> Any:
        query = self._queries.get(media)
        if query is None:
            query = self._queries[media] = window.matchMedia(media)
            if self._watch is not None:
                self._watch(query)
        return query

    def of(self, page: Any) -> str:
        # every query is asked (and so watched), not only those up to the first match
        matching = [name for name, media in page.layouts if self._query(media).matches]
        return matching[0] if matching else "wide"


LAYOUTS = Layouts()


def address_says(name: str, value: str, only_if_there: bool = False) -> None:
    """The page's address names `value` for its ?`name`= (without a new history entry): what it boots into
    on a reload. With only_if_there, only an address that names one already."""
    address = window.URL.new(window.location.href)
    if only_if_there and not address.searchParams.has(name):
        return
    address.searchParams.set(name, value)
    window.history.replaceState(window.history.state, "", address.href)


def board_layout(page: Any) -> str:
    """The drawing `page` (a game's page parts) gives its board on this screen now: one of its `layouts`
    or "wide"."""
    return LAYOUTS.of(page)


def now_ms() -> int:
    return int(window.Date.now())


def to_js_object(data: dict[str, Any]) -> Any:
    return to_js(data, dict_converter=window.Object.fromEntries)


class Listeners:
    """Keeps the Python functions handed to JavaScript alive: a proxy that is collected stops working."""

    def __init__(self) -> None:
        self._kept: list[Any] = []

    def keep(self, handler: Callable[..., Any]) -> Any:
        proxy = create_proxy(handler)
        self._kept.append(proxy)
        return proxy

    def hold(self, thing: Any) -> None:
        """Keep a JavaScript object (an observer) as long as the page lives."""
        self._kept.append(thing)

    def on(self, target: Any, event: str, handler: Callable[..., Any], **options: bool) -> None:
        proxy = self.keep(handler)
        if options:
            target.addEventListener(event, proxy, to_js_object(options))
        else:
            target.addEventListener(event, proxy)


def show_message(text: str) -> None:
    """The play panel's one line: why a choice is refused, or what went wrong."""
    set_text("message", text)


def announce(text: str) -> None:
    """Say `text` once in the polite live region (#announce) for screen readers."""
    set_text("announce", text)


def session_message(text: str, error: bool = False) -> None:
    """The line above the side panel: what was loaded, or what is wrong with a file or link."""
    line = by_id("session-message")
    line.textContent = text  # never markup: it may quote a file
    line.className = "error" if error else "note"
