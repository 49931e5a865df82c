"""The interface's words in English, German and French.

Every visible string of the browser game comes from `MESSAGES` through `translate(key, lang, **params)`
(or `translate_count` for words that depend on a number). The keys are a stable contract: the front
end (`web/main.py`) must use these keys and never write interface text of its own, so that no
string is ever left untranslated; a test checks that the three catalogues have the same keys and the
same {placeholders} per key. Add a key to all three languages at once; rename one only together with
every caller.

Other catalogues follow the same rules and are checked by the same helper (`catalogue_problems`):
the move log in `toledo.describe.LOG_MESSAGES`, the board explanations in `toledo.explain`, and the
rules help in `toledo.rules_help`.

Conventions:
- Parameters are plain text already translated by the caller (a player's name, a translated
  business word...). Results are plain text: the page must insert them with `textContent` or as an
  attribute value, never as HTML, because player names come from users.
- Words that change with a number have two keys, `KEY_one` and `KEY_other`; call
  `translate_count("KEY", n, lang)`, which also passes `count=n`.
- German addresses the player as "du", French as "vous".
- `choose_language(navigator.languages)` picks the language on first visit; the player may switch
  (the page stores the choice; the keys `language` and `language_name_*` label the switch).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from string import Formatter
from typing import Any, Final

LANGUAGES: Final[tuple[str, ...]] = ("en", "de", "fr")
DEFAULT_LANGUAGE: Final = "en"

MESSAGES: Final[dict[str, dict[str, str]]] = {
    "en": {
        # --- page frame, loading, language -----------------------------------------------------
        "app_title": "Toledo",
        "app_tagline": "A board game by Martin Wallace, for 2 to 4 players",
        "loading": "Loading…",
        "loading_python": "Starting Python…",
        "loading_game": "Preparing the game…",
        "loading_failed": "The game could not start: {detail}",
        "language": "Language",
        "language_name_en": "English",
        "language_name_de": "Deutsch",
        "language_name_fr": "Français",
        "skip_to_board": "Skip to the board",
        "menu": "Menu",
        "close": "Close",
        "cancel": "Cancel",
        "confirm": "Confirm",
        "back": "Back",
        "help": "Help",
        "rules": "Rules",
        "rules_title": "How to play Toledo",
        "keyboard_title": "Keyboard shortcuts",
        "shortcut": "{shortcut}: {action}",
        "offline_ready": "Ready to play offline.",
        "update_ready": "A new version is ready. Reload to use it.",
        "update_reload": "Reload",
        # --- start screen ------------------------------------------------------------------------
        "start_title": "New game",
        "start_players": "Players",
        "start_seat": "Seat {number}",
        "start_add_seat": "Add a player",
        "start_remove_seat": "Remove this player",
        "start_kind": "Who plays",
        "kind_human": "Human",
        "kind_computer": "Computer",
        "start_level": "Level",
        "level_easy": "Easy",
        "level_medium": "Medium",
        "level_hard": "Hard",
        "level_expert": "Expert",
        "level_easy_help": "Plays legal moves with a lot of chance.",
        "level_medium_help": "Follows sensible rules of thumb.",
        "level_hard_help": "Searches ahead; thinks for a moment.",
        "level_expert_help": "Searches longer; the strongest opponent.",
        "start_name": "Name",
        "start_name_default": "Player {number}",
        "start_colour": "Colour",
        "colour_red": "Red",
        "colour_blue": "Blue",
        "colour_green": "Green",
        "colour_yellow": "Yellow",
        "shape_circle": "circle",
        "shape_square": "square",
        "shape_triangle": "triangle",
        "shape_diamond": "diamond",
        "colour_with_shape": "{colour} ({shape})",
        "start_first_player": "Starting player",
        "start_seed": "Seed (optional)",
        "start_seed_help": "The same seed and seats always deal the same game.",
        "start_seed_random": "Random",
        "start_button": "Start",
        "start_resume": "Continue",
        "start_saved_games": "Unfinished games",
        "start_no_saved_games": "No unfinished games.",
        "saved_game_entry": "{players}: turn {turn}, {when}",
        "saved_game_delete": "Delete this game",
        "start_error_players": "Choose 2 to 4 players.",
        "start_error_colours": "Each player needs a different colour.",
        "start_error_name": "A name may have at most {max} characters.",
        "start_error_seed": "The seed must be a whole number.",
        # --- whose turn, what to decide --------------------------------------------------------
        "turn_of": "{player}'s turn",
        "your_turn": "Your turn, {player}",
        "turn_number": "Turn {number}",
        "final_round_one": "Final round: {count} turn left",
        "final_round_other": "Final round: {count} turns left",
        "phase_start": "Choose your action: take 2 cards, place a tile, move, or return a pawn.",
        "phase_full": "This space is full: move the pawn on with another card, or challenge a pawn there.",
        "phase_use": "Use the space (paying if it costs something) or skip it.",
        "phase_sword": "Choose the sword to forge.",
        "phase_fence": "Choose the fencing tile to take.",
        "phase_carry": "Which sword does the pawn carry into the Alcazar?",
        "phase_continue": "Play another {value} to move again, or end your turn.",
        "phase_continue_extra": "Play another {value}, or any card with the movement tile, or end your turn.",
        "phase_over": "The game is over.",
        "pick_card": "Pick a card to play.",
        "pick_pawn": "Pick the pawn to move.",
        "pick_space": "Pick a highlighted space.",
        "pick_tile": "Pick one of your business tiles.",
        "pick_payment": "Pick the card to pay with.",
        # --- actions (buttons) -----------------------------------------------------------------
        "action_draw": "Take 2 cards",
        "action_place": "Place a tile",
        "action_place_tile": "Place your {circles}-circle {business}",
        "action_place_on": "Place it on space {space}",
        "action_move": "Move",
        "action_move_pawn": "Play a {value} and move pawn {pawn} to space {space}",
        "action_move_on": "Move on with another card",
        "action_extra": "Play any card with the movement tile",
        "action_return": "Return a pawn",
        "action_return_pawn": "Return pawn {pawn} to the Cathedral",
        "action_pay": "Pay",
        "action_pay_card": "Pay with a {value}",
        "action_use": "Use",
        "action_use_free": "Use (free)",
        "action_skip": "Skip",
        "action_end": "End turn",
        "action_challenge": "Challenge {player}",
        "action_choose_sword": "Choose a sword",
        "action_sword": "Forge the {value} sword ({metal} metal, {gems} gems)",
        "action_take_fencing": "Take a fencing tile",
        "action_fence": "Take the {tile} tile",
        "action_fence_back": "Take the {tile} tile and give back the {back} tile",
        "action_give_back": "Give one back",
        "action_carry": "Carry a sword",
        "action_carry_sword": "Carry the {value} sword",
        "action_carry_none": "Enter without a sword",
        "action_pass": "Pass (nothing is possible)",
        "why_unavailable": "Why is this not possible?",
        "unavailable": "Not possible now: {reason}",
        # --- words used inside the messages above ------------------------------------------------
        "business_metal": "metal dealer",
        "business_gem": "gem dealer",
        "business_sword": "swordsmith",
        "business_fence": "fencing master",
        "fencing_violet": "violet",
        "fencing_brown": "brown",
        "fencing_teal": "teal",
        "fencing_movement": "movement",
        "scene_neutral": "neutral",
        "figure_attacker": "attacker",
        "figure_defender": "defender",
        "row_bottom": "bottom row",
        "row_middle": "middle row",
        "row_top": "top row",
        "list_and": "{items} and {last}",
        # --- board and player areas ------------------------------------------------------------
        "board": "Board",
        "supply": "Supply",
        "players": "Players",
        "your_hand": "Your hand",
        "hand_of": "{player}'s hand",
        "hand_hidden": "Hidden",
        "cards_one": "{count} card",
        "cards_other": "{count} cards",
        "draw_pile": "Draw pile",
        "discard_pile": "Discard pile",
        "metal": "Metal",
        "gems": "Gems",
        "swords": "Swords",
        "fencing_tiles": "Fencing tiles",
        "paintings": "Paintings",
        "business_tiles": "Business tiles",
        "pawns": "Pawns",
        "alcazar": "Alcazar",
        "cathedral": "Cathedral",
        "score_so_far": "Points so far: {points}",
        "you": "you",
        "player_you": "{player} (you)",
        "player_computer": "{player} (computer)",
        # --- hotseat privacy and computer players ------------------------------------------------
        "pass_title": "Pass the device to {player}",
        "pass_body": "The hand stays hidden until {player} is ready.",
        "pass_ready": "I am {player}: show my hand",
        "thinking": "{player} is thinking…",
        "computer_pace": "Computer speed",
        "pace_slow": "Slow",
        "pace_normal": "Normal",
        "pace_fast": "Fast",
        # --- duels ------------------------------------------------------------------------------
        "duel_title": "Duel: {challenger} challenges {defender}",
        "duel_round": "Round {number}: {card}, won by {winner}",
        "duel_round_none": "Round {number}: no card left, won by {winner}",
        "duel_score": "{challenger} {wins} : {losses} {defender}",
        "duel_winner": "{winner} wins the duel.",
        "duel_why_tile": "only {player} holds a {colour} tile",
        "duel_why_attacker": "the attacker is highlighted, so the challenger takes it",
        "duel_why_defender": "the defender is highlighted, so the defender takes it",
        "duel_continue": "Continue",
        # --- end of the game --------------------------------------------------------------------
        "end_title": "Game over",
        "score_caption": "Final scores",
        "score_player": "Player",
        "score_swords_delivered": "Swords in the Alcazar",
        "score_swords_in_front": "Swords in front (half)",
        "score_paintings": "Paintings",
        "score_gems": "Gems (2 per point)",
        "score_movement_tile": "Movement tile",
        "score_total": "Total",
        "score_cards_in_hand": "Cards in hand",
        "score_hand_value": "Hand value",
        "score_tiebreak": "Ties are broken by the most cards in hand, then by their total value.",
        "winner": "Winner",
        "winners": "Winners",
        "winner_announce": "{player} wins!",
        "winners_announce": "Shared victory: {players}",
        "play_again": "Play again",
        # --- saving, sharing, undo, replay, log --------------------------------------------------
        "new_game": "New game",
        "save_file": "Download game",
        "load_file": "Open game file",
        "share_link": "Share link",
        "share_copied": "Link copied.",
        "share_copy_manual": "Copy this link:",
        "autosaved": "Saved in this browser.",
        "resume_prompt": "Continue the game in progress?",
        "resume_yes": "Continue",
        "resume_no": "Start a new game",
        "undo": "Undo",
        "undo_none": "Nothing to undo.",
        "undo_stop_draw": "Undo stops here: cards were drawn.",
        "undo_stop_tavern": "Undo stops here: the tavern dealt cards.",
        "undo_stop_duel": "Undo stops here: a duel revealed cards.",
        "undo_stop_painting": "Undo stops here: a painting was taken.",
        "undo_stop_turn": "Undo stops here: it was another player's turn.",
        "replay": "Replay",
        "replay_first": "First move",
        "replay_previous": "Previous move",
        "replay_next": "Next move",
        "replay_last": "Last move",
        "replay_step": "Move {step} of {total}",
        "replay_exit": "Leave replay",
        "log_title": "Move log",
        "log_empty": "No moves yet.",
        # --- errors -----------------------------------------------------------------------------
        "error_file_read": "The file could not be read.",
        "error_file_too_large": "This file is too large to be a Toledo game.",
        "error_file_not_json": "This file is not a Toledo game (it is not JSON).",
        "error_file_not_toledo": "This file is not a Toledo game.",
        "error_file_version": "This game was saved by a version this page does not know ({version}).",
        "error_file_invalid": "The game file is damaged: {detail}",
        "error_link_invalid": "This link is damaged or incomplete: {detail}",
        "error_link_not_toledo": "This link does not hold a Toledo game.",
        "error_illegal": "That move is not possible now: {reason}",
        "error_storage": "This browser could not save the game: {detail}",
        "error_unexpected": "Something went wrong: {detail}",
        "error_game_kept": "Your current game and your saved games are unchanged.",
    },
    "de": {
        "app_title": "Toledo",
        "app_tagline": "Ein Brettspiel von Martin Wallace für 2 bis 4 Personen",
        "loading": "Lädt…",
        "loading_python": "Python startet…",
        "loading_game": "Das Spiel wird vorbereitet…",
        "loading_failed": "Das Spiel konnte nicht starten: {detail}",
        "language": "Sprache",
        "language_name_en": "English",
        "language_name_de": "Deutsch",
        "language_name_fr": "Français",
        "skip_to_board": "Zum Spielplan springen",
        "menu": "Menü",
        "close": "Schließen",
        "cancel": "Abbrechen",
        "confirm": "Bestätigen",
        "back": "Zurück",
        "help": "Hilfe",
        "rules": "Regeln",
        "rules_title": "So spielt man Toledo",
        "keyboard_title": "Tastenkürzel",
        "shortcut": "{shortcut}: {action}",
        "offline_ready": "Bereit zum Spielen ohne Netz.",
        "update_ready": "Eine neue Version ist bereit. Neu laden, um sie zu nutzen.",
        "update_reload": "Neu laden",
        "start_title": "Neues Spiel",
        "start_players": "Mitspielende",
        "start_seat": "Platz {number}",
        "start_add_seat": "Person hinzufügen",
        "start_remove_seat": "Diese Person entfernen",
        "start_kind": "Wer spielt",
        "kind_human": "Mensch",
        "kind_computer": "Computer",
        "start_level": "Stufe",
        "level_easy": "Leicht",
        "level_medium": "Mittel",
        "level_hard": "Schwer",
        "level_expert": "Experte",
        "level_easy_help": "Spielt erlaubte Züge mit viel Zufall.",
        "level_medium_help": "Folgt vernünftigen Faustregeln.",
        "level_hard_help": "Rechnet voraus; überlegt einen Moment.",
        "level_expert_help": "Rechnet länger; der stärkste Gegner.",
        "start_name": "Name",
        "start_name_default": "Person {number}",
        "start_colour": "Farbe",
        "colour_red": "Rot",
        "colour_blue": "Blau",
        "colour_green": "Grün",
        "colour_yellow": "Gelb",
        "shape_circle": "Kreis",
        "shape_square": "Quadrat",
        "shape_triangle": "Dreieck",
        "shape_diamond": "Raute",
        "colour_with_shape": "{colour} ({shape})",
        "start_first_player": "Wer beginnt",
        "start_seed": "Startwert (optional)",
        "start_seed_help": "Gleicher Startwert und gleiche Plätze ergeben immer dasselbe Spiel.",
        "start_seed_random": "Zufällig",
        "start_button": "Los geht's",
        "start_resume": "Fortsetzen",
        "start_saved_games": "Unbeendete Spiele",
        "start_no_saved_games": "Keine unbeendeten Spiele.",
        "saved_game_entry": "{players}: Zug {turn}, {when}",
        "saved_game_delete": "Dieses Spiel löschen",
        "start_error_players": "Wähle 2 bis 4 Mitspielende.",
        "start_error_colours": "Jede Person braucht eine andere Farbe.",
        "start_error_name": "Ein Name darf höchstens {max} Zeichen haben.",
        "start_error_seed": "Der Startwert muss eine ganze Zahl sein.",
        "turn_of": "{player} ist am Zug",
        "your_turn": "Du bist am Zug, {player}",
        "turn_number": "Zug {number}",
        "final_round_one": "Letzte Runde: noch {count} Zug",
        "final_round_other": "Letzte Runde: noch {count} Züge",
        "phase_start": "Wähle deine Aktion: 2 Karten nehmen, ein Plättchen legen, ziehen oder eine Figur zurückholen.",
        "phase_full": "Dieses Feld ist voll: Zieh die Figur mit einer weiteren Karte weiter oder fordere eine Figur dort heraus.",
        "phase_use": "Nutze das Feld (und zahle, falls es etwas kostet) oder lass es aus.",
        "phase_sword": "Wähle das Schwert, das du schmiedest.",
        "phase_fence": "Wähle das Fechtplättchen, das du nimmst.",
        "phase_carry": "Welches Schwert trägt die Figur in den Alcazar?",
        "phase_continue": "Spiel eine weitere {value}, um wieder zu ziehen, oder beende deinen Zug.",
        "phase_continue_extra": "Spiel eine weitere {value} oder mit dem Bewegungsplättchen eine beliebige Karte, oder beende deinen Zug.",
        "phase_over": "Das Spiel ist vorbei.",
        "pick_card": "Wähle eine Karte.",
        "pick_pawn": "Wähle die Figur, die ziehen soll.",
        "pick_space": "Wähle ein hervorgehobenes Feld.",
        "pick_tile": "Wähle eines deiner Geschäftsplättchen.",
        "pick_payment": "Wähle die Karte, mit der du zahlst.",
        "action_draw": "2 Karten nehmen",
        "action_place": "Plättchen legen",
        "action_place_tile": "Deinen {business} mit {circles} Kreis(en) legen",
        "action_place_on": "Auf Feld {space} legen",
        "action_move": "Ziehen",
        "action_move_pawn": "Eine {value} spielen und Figur {pawn} auf Feld {space} ziehen",
        "action_move_on": "Mit einer weiteren Karte weiterziehen",
        "action_extra": "Mit dem Bewegungsplättchen eine beliebige Karte spielen",
        "action_return": "Figur zurückholen",
        "action_return_pawn": "Figur {pawn} auf die Kathedrale zurückstellen",
        "action_pay": "Zahlen",
        "action_pay_card": "Mit einer {value} zahlen",
        "action_use": "Nutzen",
        "action_use_free": "Nutzen (kostenlos)",
        "action_skip": "Auslassen",
        "action_end": "Zug beenden",
        "action_challenge": "{player} herausfordern",
        "action_choose_sword": "Schwert wählen",
        "action_sword": "Das Schwert {value} schmieden ({metal} Metall, {gems} Edelsteine)",
        "action_take_fencing": "Fechtplättchen nehmen",
        "action_fence": "Das Plättchen {tile} nehmen",
        "action_fence_back": "Das Plättchen {tile} nehmen und {back} zurückgeben",
        "action_give_back": "Eines zurückgeben",
        "action_carry": "Ein Schwert mitnehmen",
        "action_carry_sword": "Das Schwert {value} mitnehmen",
        "action_carry_none": "Ohne Schwert eintreten",
        "action_pass": "Passen (nichts ist möglich)",
        "why_unavailable": "Warum geht das nicht?",
        "unavailable": "Jetzt nicht möglich: {reason}",
        "business_metal": "Metallhändler",
        "business_gem": "Edelsteinhändler",
        "business_sword": "Schwertschmied",
        "business_fence": "Fechtmeister",
        "fencing_violet": "violett",
        "fencing_brown": "braun",
        "fencing_teal": "türkis",
        "fencing_movement": "Bewegung",
        "scene_neutral": "neutral",
        "figure_attacker": "Angreifer",
        "figure_defender": "Verteidiger",
        "row_bottom": "untere Reihe",
        "row_middle": "mittlere Reihe",
        "row_top": "obere Reihe",
        "list_and": "{items} und {last}",
        "board": "Spielplan",
        "supply": "Vorrat",
        "players": "Mitspielende",
        "your_hand": "Deine Hand",
        "hand_of": "Hand von {player}",
        "hand_hidden": "Verdeckt",
        "cards_one": "{count} Karte",
        "cards_other": "{count} Karten",
        "draw_pile": "Nachziehstapel",
        "discard_pile": "Ablagestapel",
        "metal": "Metall",
        "gems": "Edelsteine",
        "swords": "Schwerter",
        "fencing_tiles": "Fechtplättchen",
        "paintings": "Gemälde",
        "business_tiles": "Geschäftsplättchen",
        "pawns": "Figuren",
        "alcazar": "Alcazar",
        "cathedral": "Kathedrale",
        "score_so_far": "Bisherige Punkte: {points}",
        "you": "du",
        "player_you": "{player} (du)",
        "player_computer": "{player} (Computer)",
        "pass_title": "Gib das Gerät an {player} weiter",
        "pass_body": "Die Hand bleibt verdeckt, bis {player} bereit ist.",
        "pass_ready": "Ich bin {player}: Hand zeigen",
        "thinking": "{player} überlegt…",
        "computer_pace": "Tempo des Computers",
        "pace_slow": "Langsam",
        "pace_normal": "Normal",
        "pace_fast": "Schnell",
        "duel_title": "Duell: {challenger} fordert {defender} heraus",
        "duel_round": "Runde {number}: {card}, gewonnen von {winner}",
        "duel_round_none": "Runde {number}: keine Karte mehr, gewonnen von {winner}",
        "duel_score": "{challenger} {wins} : {losses} {defender}",
        "duel_winner": "{winner} gewinnt das Duell.",
        "duel_why_tile": "nur {player} hat ein Plättchen in {colour}",
        "duel_why_attacker": "der Angreifer ist hervorgehoben, also gewinnt der Herausforderer",
        "duel_why_defender": "der Verteidiger ist hervorgehoben, also gewinnt der Verteidiger",
        "duel_continue": "Weiter",
        "end_title": "Spielende",
        "score_caption": "Endwertung",
        "score_player": "Person",
        "score_swords_delivered": "Schwerter im Alcazar",
        "score_swords_in_front": "Schwerter vor sich (halb)",
        "score_paintings": "Gemälde",
        "score_gems": "Edelsteine (2 je Punkt)",
        "score_movement_tile": "Bewegungsplättchen",
        "score_total": "Summe",
        "score_cards_in_hand": "Karten auf der Hand",
        "score_hand_value": "Wert der Hand",
        "score_tiebreak": "Bei Gleichstand entscheiden die meisten Handkarten, danach ihr Gesamtwert.",
        "winner": "Sieg",
        "winners": "Geteilter Sieg",
        "winner_announce": "{player} gewinnt!",
        "winners_announce": "Geteilter Sieg: {players}",
        "play_again": "Noch einmal spielen",
        "new_game": "Neues Spiel",
        "save_file": "Spiel herunterladen",
        "load_file": "Spieldatei öffnen",
        "share_link": "Link teilen",
        "share_copied": "Link kopiert.",
        "share_copy_manual": "Kopiere diesen Link:",
        "autosaved": "In diesem Browser gespeichert.",
        "resume_prompt": "Das laufende Spiel fortsetzen?",
        "resume_yes": "Fortsetzen",
        "resume_no": "Neues Spiel beginnen",
        "undo": "Rückgängig",
        "undo_none": "Nichts rückgängig zu machen.",
        "undo_stop_draw": "Weiter zurück geht es nicht: Es wurden Karten gezogen.",
        "undo_stop_tavern": "Weiter zurück geht es nicht: Die Taverne hat Karten ausgeteilt.",
        "undo_stop_duel": "Weiter zurück geht es nicht: Ein Duell hat Karten aufgedeckt.",
        "undo_stop_painting": "Weiter zurück geht es nicht: Ein Gemälde wurde genommen.",
        "undo_stop_turn": "Weiter zurück geht es nicht: Davor war jemand anderes am Zug.",
        "replay": "Wiederholung",
        "replay_first": "Erster Zug",
        "replay_previous": "Vorheriger Zug",
        "replay_next": "Nächster Zug",
        "replay_last": "Letzter Zug",
        "replay_step": "Zug {step} von {total}",
        "replay_exit": "Wiederholung verlassen",
        "log_title": "Spielverlauf",
        "log_empty": "Noch keine Züge.",
        "error_file_read": "Die Datei konnte nicht gelesen werden.",
        "error_file_too_large": "Diese Datei ist zu groß für ein Toledo-Spiel.",
        "error_file_not_json": "Diese Datei ist kein Toledo-Spiel (kein JSON).",
        "error_file_not_toledo": "Diese Datei ist kein Toledo-Spiel.",
        "error_file_version": "Dieses Spiel wurde von einer unbekannten Version gespeichert ({version}).",
        "error_file_invalid": "Die Spieldatei ist beschädigt: {detail}",
        "error_link_invalid": "Dieser Link ist beschädigt oder unvollständig: {detail}",
        "error_link_not_toledo": "Dieser Link enthält kein Toledo-Spiel.",
        "error_illegal": "Dieser Zug ist jetzt nicht möglich: {reason}",
        "error_storage": "Dieser Browser konnte das Spiel nicht speichern: {detail}",
        "error_unexpected": "Etwas ist schiefgegangen: {detail}",
        "error_game_kept": "Dein laufendes Spiel und deine gespeicherten Spiele sind unverändert.",
    },
    "fr": {
        "app_title": "Toledo",
        "app_tagline": "Un jeu de plateau de Martin Wallace, pour 2 à 4 joueurs",
        "loading": "Chargement…",
        "loading_python": "Démarrage de Python…",
        "loading_game": "Préparation de la partie…",
        "loading_failed": "Le jeu n'a pas pu démarrer : {detail}",
        "language": "Langue",
        "language_name_en": "English",
        "language_name_de": "Deutsch",
        "language_name_fr": "Français",
        "skip_to_board": "Aller au plateau",
        "menu": "Menu",
        "close": "Fermer",
        "cancel": "Annuler",
        "confirm": "Valider",
        "back": "Retour",
        "help": "Aide",
        "rules": "Règles",
        "rules_title": "Comment jouer à Toledo",
        "keyboard_title": "Raccourcis clavier",
        "shortcut": "{shortcut} : {action}",
        "offline_ready": "Prêt à jouer hors ligne.",
        "update_ready": "Une nouvelle version est prête. Rechargez pour l'utiliser.",
        "update_reload": "Recharger",
        "start_title": "Nouvelle partie",
        "start_players": "Joueurs",
        "start_seat": "Place {number}",
        "start_add_seat": "Ajouter un joueur",
        "start_remove_seat": "Retirer ce joueur",
        "start_kind": "Qui joue",
        "kind_human": "Humain",
        "kind_computer": "Ordinateur",
        "start_level": "Niveau",
        "level_easy": "Facile",
        "level_medium": "Moyen",
        "level_hard": "Difficile",
        "level_expert": "Expert",
        "level_easy_help": "Joue des coups permis, avec beaucoup de hasard.",
        "level_medium_help": "Suit des règles de bon sens.",
        "level_hard_help": "Calcule à l'avance ; réfléchit un instant.",
        "level_expert_help": "Calcule plus longtemps ; l'adversaire le plus fort.",
        "start_name": "Nom",
        "start_name_default": "Joueur {number}",
        "start_colour": "Couleur",
        "colour_red": "Rouge",
        "colour_blue": "Bleu",
        "colour_green": "Vert",
        "colour_yellow": "Jaune",
        "shape_circle": "rond",
        "shape_square": "carré",
        "shape_triangle": "triangle",
        "shape_diamond": "losange",
        "colour_with_shape": "{colour} ({shape})",
        "start_first_player": "Premier joueur",
        "start_seed": "Graine (facultative)",
        "start_seed_help": "La même graine et les mêmes places donnent toujours la même partie.",
        "start_seed_random": "Au hasard",
        "start_button": "Commencer",
        "start_resume": "Reprendre",
        "start_saved_games": "Parties en cours",
        "start_no_saved_games": "Aucune partie en cours.",
        "saved_game_entry": "{players} : tour {turn}, {when}",
        "saved_game_delete": "Supprimer cette partie",
        "start_error_players": "Choisissez de 2 à 4 joueurs.",
        "start_error_colours": "Chaque joueur doit avoir une couleur différente.",
        "start_error_name": "Un nom compte au plus {max} caractères.",
        "start_error_seed": "La graine doit être un nombre entier.",
        "turn_of": "Au tour de {player}",
        "your_turn": "À vous, {player}",
        "turn_number": "Tour {number}",
        "final_round_one": "Dernier tour de table : encore {count} tour",
        "final_round_other": "Dernier tour de table : encore {count} tours",
        "phase_start": "Choisissez votre action : prendre 2 cartes, poser une tuile, avancer ou ramener un pion.",
        "phase_full": "Cette case est pleine : avancez encore le pion avec une autre carte, ou défiez un pion qui s'y trouve.",
        "phase_use": "Utilisez la case (en payant si elle coûte quelque chose) ou passez.",
        "phase_sword": "Choisissez l'épée à forger.",
        "phase_fence": "Choisissez la tuile d'escrime à prendre.",
        "phase_carry": "Quelle épée le pion emporte-t-il dans l'Alcazar ?",
        "phase_continue": "Jouez un autre {value} pour avancer encore, ou terminez votre tour.",
        "phase_continue_extra": "Jouez un autre {value}, ou n'importe quelle carte grâce à la tuile de déplacement, ou terminez votre tour.",
        "phase_over": "La partie est terminée.",
        "pick_card": "Choisissez une carte à jouer.",
        "pick_pawn": "Choisissez le pion à déplacer.",
        "pick_space": "Choisissez une case en surbrillance.",
        "pick_tile": "Choisissez une de vos tuiles de commerce.",
        "pick_payment": "Choisissez la carte pour payer.",
        "action_draw": "Prendre 2 cartes",
        "action_place": "Poser une tuile",
        "action_place_tile": "Poser votre {business} à {circles} cercle(s)",
        "action_place_on": "La poser sur la case {space}",
        "action_move": "Avancer",
        "action_move_pawn": "Jouer un {value} et avancer le pion {pawn} sur la case {space}",
        "action_move_on": "Avancer encore avec une autre carte",
        "action_extra": "Jouer n'importe quelle carte grâce à la tuile de déplacement",
        "action_return": "Ramener un pion",
        "action_return_pawn": "Ramener le pion {pawn} à la cathédrale",
        "action_pay": "Payer",
        "action_pay_card": "Payer avec un {value}",
        "action_use": "Utiliser",
        "action_use_free": "Utiliser (gratuit)",
        "action_skip": "Passer",
        "action_end": "Terminer le tour",
        "action_challenge": "Défier {player}",
        "action_choose_sword": "Choisir une épée",
        "action_sword": "Forger l'épée de {value} ({metal} métal, {gems} gemmes)",
        "action_take_fencing": "Prendre une tuile d'escrime",
        "action_fence": "Prendre la tuile {tile}",
        "action_fence_back": "Prendre la tuile {tile} et rendre la tuile {back}",
        "action_give_back": "En rendre une",
        "action_carry": "Emporter une épée",
        "action_carry_sword": "Emporter l'épée de {value}",
        "action_carry_none": "Entrer sans épée",
        "action_pass": "Passer (rien n'est possible)",
        "why_unavailable": "Pourquoi est-ce impossible ?",
        "unavailable": "Impossible pour l'instant : {reason}",
        "business_metal": "marchand de métal",
        "business_gem": "marchand de gemmes",
        "business_sword": "forgeron",
        "business_fence": "maître d'armes",
        "fencing_violet": "violette",
        "fencing_brown": "marron",
        "fencing_teal": "turquoise",
        "fencing_movement": "déplacement",
        "scene_neutral": "neutre",
        "figure_attacker": "attaquant",
        "figure_defender": "défenseur",
        "row_bottom": "rangée du bas",
        "row_middle": "rangée du milieu",
        "row_top": "rangée du haut",
        "list_and": "{items} et {last}",
        "board": "Plateau",
        "supply": "Réserve",
        "players": "Joueurs",
        "your_hand": "Votre main",
        "hand_of": "Main de {player}",
        "hand_hidden": "Cachée",
        "cards_one": "{count} carte",
        "cards_other": "{count} cartes",
        "draw_pile": "Pioche",
        "discard_pile": "Défausse",
        "metal": "Métal",
        "gems": "Gemmes",
        "swords": "Épées",
        "fencing_tiles": "Tuiles d'escrime",
        "paintings": "Tableaux",
        "business_tiles": "Tuiles de commerce",
        "pawns": "Pions",
        "alcazar": "Alcazar",
        "cathedral": "Cathédrale",
        "score_so_far": "Points pour l'instant : {points}",
        "you": "vous",
        "player_you": "{player} (vous)",
        "player_computer": "{player} (ordinateur)",
        "pass_title": "Passez l'appareil à {player}",
        "pass_body": "La main reste cachée jusqu'à ce que {player} soit prêt.",
        "pass_ready": "Je suis {player} : montrer ma main",
        "thinking": "{player} réfléchit…",
        "computer_pace": "Vitesse de l'ordinateur",
        "pace_slow": "Lente",
        "pace_normal": "Normale",
        "pace_fast": "Rapide",
        "duel_title": "Duel : {challenger} défie {defender}",
        "duel_round": "Manche {number} : {card}, gagnée par {winner}",
        "duel_round_none": "Manche {number} : plus de carte, gagnée par {winner}",
        "duel_score": "{challenger} {wins} : {losses} {defender}",
        "duel_winner": "{winner} gagne le duel.",
        "duel_why_tile": "seul {player} a une tuile {colour}",
        "duel_why_attacker": "l'attaquant est mis en avant, la manche va donc à celui qui défie",
        "duel_why_defender": "le défenseur est mis en avant, la manche va donc au défenseur",
        "duel_continue": "Continuer",
        "end_title": "Fin de la partie",
        "score_caption": "Scores finaux",
        "score_player": "Joueur",
        "score_swords_delivered": "Épées dans l'Alcazar",
        "score_swords_in_front": "Épées devant soi (moitié)",
        "score_paintings": "Tableaux",
        "score_gems": "Gemmes (2 par point)",
        "score_movement_tile": "Tuile de déplacement",
        "score_total": "Total",
        "score_cards_in_hand": "Cartes en main",
        "score_hand_value": "Valeur de la main",
        "score_tiebreak": "En cas d'égalité, le plus de cartes en main l'emporte, puis leur valeur totale.",
        "winner": "Vainqueur",
        "winners": "Vainqueurs",
        "winner_announce": "{player} gagne !",
        "winners_announce": "Victoire partagée : {players}",
        "play_again": "Rejouer",
        "new_game": "Nouvelle partie",
        "save_file": "Télécharger la partie",
        "load_file": "Ouvrir un fichier de partie",
        "share_link": "Partager un lien",
        "share_copied": "Lien copié.",
        "share_copy_manual": "Copiez ce lien :",
        "autosaved": "Enregistrée dans ce navigateur.",
        "resume_prompt": "Reprendre la partie en cours ?",
        "resume_yes": "Reprendre",
        "resume_no": "Commencer une nouvelle partie",
        "undo": "Annuler le coup",
        "undo_none": "Rien à annuler.",
        "undo_stop_draw": "Impossible de revenir plus loin : des cartes ont été piochées.",
        "undo_stop_tavern": "Impossible de revenir plus loin : la taverne a donné des cartes.",
        "undo_stop_duel": "Impossible de revenir plus loin : un duel a révélé des cartes.",
        "undo_stop_painting": "Impossible de revenir plus loin : un tableau a été pris.",
        "undo_stop_turn": "Impossible de revenir plus loin : c'était le tour d'un autre joueur.",
        "replay": "Revoir la partie",
        "replay_first": "Premier coup",
        "replay_previous": "Coup précédent",
        "replay_next": "Coup suivant",
        "replay_last": "Dernier coup",
        "replay_step": "Coup {step} sur {total}",
        "replay_exit": "Quitter la relecture",
        "log_title": "Journal de la partie",
        "log_empty": "Aucun coup pour l'instant.",
        "error_file_read": "Le fichier n'a pas pu être lu.",
        "error_file_too_large": "Ce fichier est trop gros pour être une partie de Toledo.",
        "error_file_not_json": "Ce fichier n'est pas une partie de Toledo (ce n'est pas du JSON).",
        "error_file_not_toledo": "Ce fichier n'est pas une partie de Toledo.",
        "error_file_version": "Cette partie a été enregistrée par une version inconnue ({version}).",
        "error_file_invalid": "Le fichier de partie est abîmé : {detail}",
        "error_link_invalid": "Ce lien est abîmé ou incomplet : {detail}",
        "error_link_not_toledo": "Ce lien ne contient pas de partie de Toledo.",
        "error_illegal": "Ce coup n'est pas possible maintenant : {reason}",
        "error_storage": "Ce navigateur n'a pas pu enregistrer la partie : {detail}",
        "error_unexpected": "Une erreur est survenue : {detail}",
        "error_game_kept": "Votre partie en cours et vos parties enregistrées sont inchangées.",
    },
}

_VOWELS: Final = frozenset("aeiouyàâäéèêëîïôöùûüæœh")  # h: most French names with h elide (Hélène)
_ELIDE: Final = re.compile(r"\b([Dd]e|[Qq]ue) \{(\w+)\}")


def _elide_fr(template: str, params: Mapping[str, Any]) -> str:
    """'de {owner}' becomes "d'{owner}" when the value starts with a vowel (de Anna -> d'Anna)."""

    def fix(match: re.Match[str]) -> str:
        value = str(params.get(match.group(2), ""))
        if value[:1].lower() in _VOWELS:
            return f"{match.group(1)[:-1]}'{{{match.group(2)}}}"
        return match.group(0)

    return _ELIDE.sub(fix, template)


def normalise_language(lang: str | None) -> str:
    """A supported language code for `lang` ("de-AT" -> "de"); English for anything unknown."""
    if not lang:
        return DEFAULT_LANGUAGE
    primary = lang.strip().lower().replace("_", "-").split("-", 1)[0]
    return primary if primary in LANGUAGES else DEFAULT_LANGUAGE


def format_message(catalogues: Mapping[str, Mapping[str, str]], key: str, lang: str, /, **params: Any) -> str:
    """Fill `key` of `catalogues[lang]` with params. Unknown languages fall back to English.

    A missing key or parameter raises KeyError: a programming slip, caught by the tests, that
    must not silently show a raw key to players.
    """
    lang = normalise_language(lang)
    catalogue = catalogues.get(lang) or catalogues[DEFAULT_LANGUAGE]
    try:
        template = catalogue[key]
    except KeyError:
        raise KeyError(f"no message {key!r} in the {lang} catalogue") from None
    if lang == "fr":
        template = _elide_fr(template, params)
    return template.format_map(params)


def translate(key: str, lang: str = DEFAULT_LANGUAGE, /, **params: Any) -> str:
    """The interface text for `key` in `lang`, e.g. translate("turn_of", "de", player="Anna")."""
    return format_message(MESSAGES, key, lang, **params)


def plural_key(key: str, count: int, lang: str) -> str:
    """`key_one` or `key_other`: French treats 0 and 1 as singular, English and German only 1."""
    singular = count in (0, 1) if normalise_language(lang) == "fr" else count == 1
    return f"{key}_{'one' if singular else 'other'}"


def translate_count(key: str, count: int, lang: str = DEFAULT_LANGUAGE, /, **params: Any) -> str:
    """Like translate, for words that change with a number: translate_count("cards", 3, "fr")."""
    return translate(plural_key(key, count, lang), lang, count=count, **params)


def join_list(items: Sequence[str], lang: str = DEFAULT_LANGUAGE) -> str:
    """'Red', 'Red and Blue', 'Red, Blue and Green' in the language's words."""
    if len(items) <= 1:
        return "".join(items)
    return translate("list_and", lang, items=", ".join(items[:-1]), last=items[-1])


def choose_language(accept_languages: Iterable[str]) -> str:
    """The best of en/de/fr for a browser's language list (navigator.languages), else English.

    Entries may be tags ("de-CH", "fr_CA") or Accept-Language items with weights ("fr;q=0.8");
    the list order decides among equal weights.
    """
    ranked: list[tuple[float, int, str]] = []
    for position, entry in enumerate(accept_languages or ()):
        if not isinstance(entry, str):
            continue
        tag, _, rest = entry.partition(";")
        weight = 1.0
        match = re.search(r"q\s*=\s*([0-9.]+)", rest)
        if match:
            try:
                weight = float(match.group(1))
            except ValueError:
                weight = 0.0
        if weight <= 0:
            continue
        ranked.append((-weight, position, tag))
    for _, _, tag in sorted(ranked):
        primary = tag.strip().lower().replace("_", "-").split("-", 1)[0]
        if primary in LANGUAGES:
            return primary
    return DEFAULT_LANGUAGE


def placeholders(template: str) -> frozenset[str]:
    """The {names} a template uses."""
    return frozenset(name for _, name, _, _ in Formatter().parse(template) if name)


def catalogue_problems(catalogues: Mapping[str, Mapping[str, str]]) -> list[str]:
    """Differences between language catalogues: keys missing from one, placeholders that differ,
    empty texts. Empty list = consistent. Used by the tests of every catalogue in the package."""
    problems: list[str] = []
    reference = catalogues[DEFAULT_LANGUAGE]
    for lang in LANGUAGES:
        catalogue = catalogues.get(lang)
        if catalogue is None:
            problems.append(f"{lang}: catalogue missing")
            continue
        for key in sorted(set(reference) - set(catalogue)):
            problems.append(f"{lang}: key {key!r} missing")
        for key in sorted(set(catalogue) - set(reference)):
            problems.append(f"{lang}: key {key!r} not in {DEFAULT_LANGUAGE}")
        for key in sorted(set(reference) & set(catalogue)):
            text = catalogue[key]
            if not text.strip():
                problems.append(f"{lang}: {key!r} is empty")
            elif placeholders(text) != placeholders(reference[key]):
                problems.append(f"{lang}: {key!r} uses {sorted(placeholders(text))}, "
                                f"{DEFAULT_LANGUAGE} uses {sorted(placeholders(reference[key]))}")
    return problems
