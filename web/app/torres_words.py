"""Torres's words for the page: the game's catalogue, then the shell's, then the few sentences only
this page says (PAGE below: the phase scoring, the ranking, the variants), so one `tr` serves
every interface word whichever of those a key lives in.

PAGE is kept in the catalogues' shape (key -> text with `{name}` fields, plural
keys as KEY_one / KEY_other) so that it moves into the torres gettext catalogue in one go.
"""

from __future__ import annotations

from typing import Any, Final

from toledo.core.i18n import SHELL_DOMAIN, has_message, plural_key, render

DOMAIN: Final = "torres"
_SEARCH: Final = (DOMAIN, SHELL_DOMAIN)

_EN: Final[dict[str, str]] = {
    "setup_lead": "Build castles and climb them with your knights. 2 to 4 players; each seat is a person at this "
                  "device or the computer.",
    "info_hint": "Point at or focus a square, a knight, a tower or a card to see what it is.",
    "variant": "Variant",
    "variant_base": "Base game",
    "variant_own-deck": "Own card decks",
    "variant_master": "Master version",
    "phase_round": "Phase {phase} of 3 · round {round} of {rounds}",
    "ap_now": "{ap} AP",
    "scoring_title": "Scoring {phase}",
    "scoring_castle": "Castle at {square} ({area} squares): {name} on level {level} scores {points}",
    "scoring_king": "{name}: king's castle bonus {points}",
    "scoring_master": "{name}: master card {points}",
    "scoring_total": "{name}: +{points} → {score}",
    "scoring_none": "No knight scores on a castle.",
    "scoring_show": "Show scoring {phase}",
    "king_moved": "{name} moves the king to {square}.",
    "king_stays": "{name} leaves the king where he is.",
    "final_ranking": "Final ranking",
    "rank_line": "{rank}. {name}: {points}",
    "ranking_winner_one": "{names} wins.", "ranking_winner_other": "{names} share the win.",
    "score_chart": "Scores after each phase",
    "chart_phase": "Phase {phase}",
    "log_line": "{name}: {what}",
    "key_buttons": "1–9",
    "key_buttons_help": "choose the numbered button (end turn, cancel, scoring, …)",
    "key_escape_help": "cancel the selection",
    "key_end_help": "end the turn (then choose the tower)",
    "key_board_help": "Tab into the board, arrow keys walk the lit squares, Enter chooses",
    "master_card_line": "Master card: {name} ({points} at scorings 1/2/3)",
}
_DE: Final[dict[str, str]] = {
    "setup_lead": "Baue Burgen und erklimme sie mit deinen Rittern. 2 bis 4 Personen; jeder Platz ist eine "
                  "Person an diesem Gerät oder der Computer.",
    "info_hint": "Zeige auf ein Feld, einen Ritter, einen Turm oder eine Karte, um zu sehen, was es ist.",
    "variant": "Variante",
    "variant_base": "Grundspiel",
    "variant_own-deck": "Eigene Kartenstapel",
    "variant_master": "Meisterversion",
    "phase_round": "Phase {phase} von 3 · Runde {round} von {rounds}",
    "ap_now": "{ap} AP",
    "scoring_title": "Wertung {phase}",
    "scoring_castle": "Burg bei {square} ({area} Felder): {name} auf Ebene {level} erhält {points}",
    "scoring_king": "{name}: Bonus der Königsburg {points}",
    "scoring_master": "{name}: Meisterkarte {points}",
    "scoring_total": "{name}: +{points} → {score}",
    "scoring_none": "Kein Ritter punktet auf einer Burg.",
    "scoring_show": "Wertung {phase} zeigen",
    "king_moved": "{name} zieht den König nach {square}.",
    "king_stays": "{name} lässt den König stehen.",
    "final_ranking": "Endstand",
    "rank_line": "{rank}. {name}: {points}",
    "ranking_winner_one": "{names} gewinnt.", "ranking_winner_other": "{names} teilen sich den Sieg.",
    "score_chart": "Punkte nach jeder Phase",
    "chart_phase": "Phase {phase}",
    "log_line": "{name}: {what}",
    "key_buttons": "1–9",
    "key_buttons_help": "die nummerierte Schaltfläche wählen (Zug beenden, abbrechen, Wertung, …)",
    "key_escape_help": "die Auswahl abbrechen",
    "key_end_help": "den Zug beenden (dann den Turm wählen)",
    "key_board_help": "Mit Tab auf den Plan, Pfeiltasten wandern über die hellen Felder, Enter wählt",
    "master_card_line": "Meisterkarte: {name} ({points} bei Wertung 1/2/3)",
}
_FR: Final[dict[str, str]] = {
    "setup_lead": "Construisez des châteaux et gravissez-les avec vos chevaliers. 2 à 4 joueurs ; chaque place "
                  "est une personne devant cet appareil ou l'ordinateur.",
    "info_hint": "Pointez une case, un chevalier, une tour ou une carte pour voir ce que c'est.",
    "variant": "Variante",
    "variant_base": "Jeu de base",
    "variant_own-deck": "Pioches individuelles",
    "variant_master": "Version maître",
    "phase_round": "Phase {phase} sur 3 · tour {round} sur {rounds}",
    "ap_now": "{ap} PA",
    "scoring_title": "Décompte {phase}",
    "scoring_castle": "Château en {square} ({area} cases) : {name} au niveau {level} marque {points}",
    "scoring_king": "{name} : bonus du château du roi {points}",
    "scoring_master": "{name} : carte maître {points}",
    "scoring_total": "{name} : +{points} → {score}",
    "scoring_none": "Aucun chevalier ne marque sur un château.",
    "scoring_show": "Voir le décompte {phase}",
    "king_moved": "{name} déplace le roi en {square}.",
    "king_stays": "{name} laisse le roi en place.",
    "final_ranking": "Classement final",
    "rank_line": "{rank}. {name} : {points}",
    "ranking_winner_one": "{names} gagne.", "ranking_winner_other": "{names} se partagent la victoire.",
    "score_chart": "Points après chaque phase",
    "chart_phase": "Phase {phase}",
    "log_line": "{name} : {what}",
    "key_buttons": "1–9",
    "key_buttons_help": "choisir le bouton numéroté (fin du tour, annuler, décompte, …)",
    "key_escape_help": "annuler la sélection",
    "key_end_help": "terminer le tour (puis choisir la tour)",
    "key_board_help": "Tab vers le plateau, les flèches parcourent les cases éclairées, Entrée choisit",
    "master_card_line": "Carte maître : {name} ({points} aux décomptes 1/2/3)",
}
PAGE: Final[dict[str, dict[str, str]]] = {"en": _EN, "de": _DE, "fr": _FR}


def _page(key: str, lang: str, params: dict[str, Any]) -> str | None:
    table = PAGE.get(lang, _EN)
    text = table.get(key, _EN.get(key))
    if text is None and "count" in params:
        count = params["count"]
        one = count == 1 or (lang == "fr" and count == 0)
        form = f"{key}_one" if one else f"{key}_other"
        text = table.get(form, _EN.get(form))
    return None if text is None else text.format(**params)


def tr(key: str, lang: str = "en", /, **params: Any) -> str:
    """An interface word in `lang`: the catalogues first, then the page's own words; an
    unknown key is shown as itself (a missing word must never stop a game)."""
    count = params.get("count")
    if isinstance(count, int) and has_message(f"{key}_other", lang, domains=_SEARCH):
        return render(plural_key(key, count, lang), lang, params, domains=_SEARCH)
    if has_message(key, lang, domains=_SEARCH):
        return render(key, lang, params, domains=_SEARCH)
    text = _page(key, lang, params)
    return key if text is None else text


def colour_name(colour: str, lang: str) -> str:
    return tr(f"colour_{colour}", lang)


def level_name(level: str, lang: str) -> str:
    key = f"level_{level}"
    return tr(key, lang) if has_message(key, lang, domains=_SEARCH) else level


def card_name(card_id: str, lang: str) -> str:
    return tr(f"card_{card_id}", lang)
