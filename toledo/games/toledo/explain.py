"""What each thing on the table is, does and costs, told to one seat in its language.

Every function takes a `PlayerView` (what the seat may see, rule I1) and returns plain text: accessible
names for the board's elements (`space_label`, `pawn_label`...) and tooltips or info panels
(`space_help`, `sword_label`...). Because the input is a view, another player's hand can never leak
into a label: only hand sizes are used, plus the viewer's own cards where a cost is "for you".

Common keyword arguments:
    lang   "en", "de" or "fr" (anything else falls back to English)
    names  player names by seat; default: the translated colour ("Red", "Rot", "Rouge")
    you    False for a spectator (an all-computer game): the view's seat is then named like the others

The texts come from `EXPLAIN_MESSAGES` (same key and placeholder rules as `toledo.i18n`). Results
are plain text for `textContent`, `aria-label` or `<title>`; never insert them as HTML (names come
from users).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from . import data as D
from .actions import Action, Kind
from .state import fame_points
from ...core.i18n import format_message, join_list, plural_key, translate, translate_count
from .view import PlayerView

EXPLAIN_MESSAGES: Final[dict[str, dict[str, str]]] = {
    "en": {
        # accessible names of road spaces
        "space_cathedral": "Space 0, the Cathedral, where every pawn starts; {pawns}",
        "space_business": "Space {space}, {business}, {row}, {circles}, {occupancy}",
        "space_tavern": "Space {space}, tavern, {row}, {circles}, {occupancy}",
        "space_artist": "Space {space}, artist, {row}, {circles}, {occupancy}",
        "space_empty": "Space {space}, empty business space, {row}",
        "space_entry": "Space {space}, entry to the Alcazar; {inside}",
        "business_yours": "your {business}",
        "business_of": "{owner}'s {business}",
        "circles_one": "{count} circle",
        "circles_other": "{count} circles",
        "occupancy_free": "free",
        "occupancy_one_of_two": "one taken by {who}",
        "occupancy_both": "both taken by {who}",
        "occupancy_taken": "taken by {who}",
        "by_you": "you",
        "you_title": "You",
        "pawns_none": "no pawns here",
        "pawns_here": "pawns here: {list}",
        "pawn_count": "{player} ({count})",
        "alcazar_empty": "nobody has entered the Alcazar yet",
        "alcazar_inside": "in the Alcazar: {list}",
        # what a space does and costs
        "help_cathedral": "The Cathedral: every pawn starts here and comes back here after losing a duel "
                          "or being called back. Leaving it costs only the card you move with.",
        "help_empty": "Empty business space, {row}: room for a business tile (placing one is a whole turn). "
                      "No pawn can stop here until a tile lies on it. {tiles}",
        "tiles_left_one": "You have {count} business tile left.",
        "tiles_left_other": "You have {count} business tiles left.",
        "tiles_none": "You have placed all your business tiles.",
        "help_entry": "Entry to the Alcazar: a pawn that ends its move exactly here goes into the Alcazar "
                      "and may take one sword lying in front of its owner along. It is never full and "
                      "nobody duels here. Once a player ends a turn with 3 pawns inside, the final round begins.",
        "help_business_other": "{business}, {row}: costs you a card of {fee} or more, paid to {owner}{afford}; {benefit}.",
        "help_business_own": "{business}, {row}: free for you; {benefit}. Other players pay you a card of {fee} "
                             "or more to use it.",
        "help_tavern": "Tavern, {row}: costs you a card of {fee} or more, which is discarded{afford}; "
                       "you draw {count} cards (draw pile: {draw}).",
        "help_artist": "Artist, {row}: costs you a card of {fee} or more, which is discarded{afford}; {benefit}.",
        "afford_none": " (you have no card that high)",
        "benefit_metal": "gives 1 metal (supply: {count})",
        "benefit_metal_empty": "the metal supply is empty, so it gives nothing now",
        "benefit_gem": "gives 1 gem (supply: {count})",
        "benefit_gem_empty": "the gem supply is empty, so it gives nothing now",
        "benefit_sword": "lets you forge one sword by paying its metal and gems; you can pay for: {swords}",
        "benefit_sword_none": "lets you forge one sword by paying its metal and gems, but none on the board "
                              "fits what you have ({have})",
        "benefit_fence": "gives one fencing tile (at most 3, never two alike); open to you: {tiles}",
        "benefit_fence_back": "gives one fencing tile (at most 3, never two alike); you hold 3, so you would "
                              "give one back; open to you: {tiles}",
        "benefit_fence_none": "gives one fencing tile (at most 3, never two alike), but none is open to you now",
        "benefit_painting": "you take the top painting, worth {value} ({count} left)",
        "benefit_painting_none": "no paintings are left, so it gives nothing now",
        "full_others": "Full: a pawn of yours landing here must move on with another card or challenge "
                       "a pawn of another player.",
        "full_yours": "Full with your own pawns: you can only pass it or move on from it.",
        "you_have": "you have {metal} and {gems}",
        "metal_count_one": "{count} metal",
        "metal_count_other": "{count} metal",
        "gems_count_one": "{count} gem",
        "gems_count_other": "{count} gems",
        # pawns
        "pawn_yours": "your pawn {number}",
        "pawn_of": "{owner}'s pawn {number}",
        "pawn_on_cathedral": "{pawn}, on the Cathedral",
        "pawn_on_space": "{pawn}, on space {space} ({place})",
        "pawn_in_alcazar_sword": "{pawn}, in the Alcazar with the sword worth {value}",
        "pawn_in_alcazar": "{pawn}, in the Alcazar without a sword",
        "pawn_moving": "{pawn}, moving this turn",
        "place_tavern": "tavern",
        "place_artist": "artist",
        # cards
        "card_label": "Card {value}, {scene} scene, {figure} highlighted.",
        "duel_colour_attacker": "In a duel this round goes to the only duellist holding a {colour} tile; "
                                "if both or neither hold one, the challenger wins it.",
        "duel_colour_defender": "In a duel this round goes to the only duellist holding a {colour} tile; "
                                "if both or neither hold one, the defender wins it.",
        "duel_neutral_attacker": "In a duel this round goes to the challenger.",
        "duel_neutral_defender": "In a duel this round goes to the defender.",
        "card_you_hold": "You hold a {colour} tile.",
        # swords
        "sword_title": "Sword worth {value}, costs {cost}.",
        "sword_afford": "You can pay for it ({have}).",
        "sword_lack": "You cannot pay for it yet: you need {missing} more.",
        "sword_in_front": "It lies in front of {player}: {half} points at the end, or {value} if carried into the Alcazar.",
        "sword_delivered": "Carried into the Alcazar by {player}: {value} points.",
        "sword_points": "At the end: {value} points in the Alcazar, {half} if still in front of a player.",
        # fencing tiles
        "fencing_duel_title": "{colour} duel tile, {count} on the board.",
        "fencing_duel_what": "In a duel, a card with a {colour} scene wins the round for the duellist who "
                             "alone holds this tile.",
        "fencing_movement_title": "Movement tile, {count} on the board.",
        "fencing_movement_what": "Once per turn, play one extra card of any value to move a pawn. "
                                 "Costs 2 points at the end unless you give it back.",
        "held_by": "Held by {list}.",
        "held_by_nobody": "Nobody holds one.",
        "fencing_you_hold": "You hold one.",
        "fencing_you_full": "You hold 3 tiles: taking this one means giving one back.",
        # supply
        "supply_metal": "Metal supply: {count} left",
        "supply_gems": "Gem supply: {count} left",
        "supply_swords_one": "{count} sword tile on the board",
        "supply_swords_other": "{count} sword tiles on the board",
        "supply_fencing": "Fencing tiles on the board: {list}",
        "supply_fencing_item": "{tile} {count}",
        "supply_paintings": "Paintings: {count} left, the top one worth {value}",
        "supply_paintings_none": "Paintings: none left",
        "supply_draw": "Draw pile: {cards}; when it runs out, the discard pile is shuffled into a new one",
        "supply_discard": "Discard pile: {cards}",
        # player areas
        "area": "{player}: {parts}",
        "area_to_act": "to play now",
        "area_hand": "{cards} in hand",
        "area_goods": "{metal}, {gems}",
        "area_swords": "swords in front: {list}",
        "area_swords_none": "no swords in front",
        "area_fencing": "fencing tiles: {list}",
        "area_fencing_none": "no fencing tiles",
        "area_paintings": "paintings: {list}",
        "area_paintings_none": "no paintings",
        "area_pawns": "pawns: {alcazar} in the Alcazar, {road} on the road, {cathedral} on the Cathedral",
        "area_tiles": "business tiles left: {count}",
        "area_score_one": "{count} point so far",
        "area_score_other": "{count} points so far",
        "separator": "; ",
        # actions, for buttons and screen readers
        "act_draw": "Take 2 cards",
        "act_place": "Place your {circles}-circle {business} on space {space}",
        "act_move": "Play a {card} and move pawn {pawn} to {where}",
        "act_extra": "With the movement tile, play a {card} and move pawn {pawn} to {where}",
        "act_return": "Return pawn {pawn} to the Cathedral",
        "act_challenge": "Challenge {player}",
        "act_use": "Use the space",
        "act_pay": "Pay a {card} and use the space",
        "act_skip": "Leave the space unused",
        "act_sword": "Forge the sword worth {value} for {cost}",
        "act_fence": "Take the {tile} fencing tile",
        "act_fence_back": "Take the {tile} fencing tile, giving back the {back} one",
        "act_carry": "Carry the sword worth {value} ({cost}) into the Alcazar",
        "act_carry_none": "Enter the Alcazar without a sword",
        "act_end": "End the turn",
        "act_pass": "Pass",
        "where_space": "space {space} ({place})",
        "where_alcazar": "the Alcazar",
        "where_empty": "space {space}",
        "card_short": "{value} ({scene}, {figure})",
    },
    "de": {
        "space_cathedral": "Feld 0, die Kathedrale, auf der jede Figur beginnt; {pawns}",
        "space_business": "Feld {space}, {business}, {row}, {circles}, {occupancy}",
        "space_tavern": "Feld {space}, Taverne, {row}, {circles}, {occupancy}",
        "space_artist": "Feld {space}, Künstler, {row}, {circles}, {occupancy}",
        "space_empty": "Feld {space}, leeres Geschäftsfeld, {row}",
        "space_entry": "Feld {space}, Eingang zum Alcazar; {inside}",
        "business_yours": "dein {business}",
        "business_of": "{business} von {owner}",
        "circles_one": "{count} Kreis",
        "circles_other": "{count} Kreise",
        "occupancy_free": "frei",
        "occupancy_one_of_two": "einer besetzt von {who}",
        "occupancy_both": "beide besetzt von {who}",
        "occupancy_taken": "besetzt von {who}",
        "by_you": "dir",
        "you_title": "Du",
        "pawns_none": "keine Figuren hier",
        "pawns_here": "Figuren hier: {list}",
        "pawn_count": "{player} ({count})",
        "alcazar_empty": "noch niemand ist im Alcazar",
        "alcazar_inside": "im Alcazar: {list}",
        "help_cathedral": "Die Kathedrale: Jede Figur beginnt hier und kehrt hierher zurück, wenn sie ein Duell "
                          "verliert oder zurückgeholt wird. Hinaus kostet es nur die Karte, mit der du ziehst.",
        "help_empty": "Leeres Geschäftsfeld, {row}: Platz für ein Geschäftsplättchen (es zu legen ist ein ganzer Zug). "
                      "Keine Figur kann hier halten, bevor ein Plättchen darauf liegt. {tiles}",
        "tiles_left_one": "Du hast noch {count} Geschäftsplättchen.",
        "tiles_left_other": "Du hast noch {count} Geschäftsplättchen.",
        "tiles_none": "Du hast alle deine Geschäftsplättchen gelegt.",
        "help_entry": "Eingang zum Alcazar: Eine Figur, die genau hier ankommt, betritt den Alcazar und darf ein "
                      "Schwert mitnehmen, das vor ihrem Besitzer liegt. Er ist nie voll, und hier gibt es kein Duell. "
                      "Beendet jemand einen Zug mit 3 Figuren darin, beginnt die letzte Runde.",
        "help_business_other": "{business}, {row}: kostet dich eine Karte ab {fee}, die {owner} bekommt{afford}; {benefit}.",
        "help_business_own": "{business}, {row}: für dich kostenlos; {benefit}. Die anderen zahlen dir hier "
                             "eine Karte ab {fee}.",
        "help_tavern": "Taverne, {row}: kostet dich eine Karte ab {fee}, die abgelegt wird{afford}; "
                       "du ziehst {count} Karten (Nachziehstapel: {draw}).",
        "help_artist": "Künstler, {row}: kostet dich eine Karte ab {fee}, die abgelegt wird{afford}; {benefit}.",
        "afford_none": " (du hast keine so hohe Karte)",
        "benefit_metal": "bringt 1 Metall (Vorrat: {count})",
        "benefit_metal_empty": "der Metallvorrat ist leer, es bringt also gerade nichts",
        "benefit_gem": "bringt 1 Edelstein (Vorrat: {count})",
        "benefit_gem_empty": "der Edelsteinvorrat ist leer, es bringt also gerade nichts",
        "benefit_sword": "hier schmiedest du ein Schwert und zahlst sein Metall und seine Edelsteine; "
                         "bezahlen kannst du: {swords}",
        "benefit_sword_none": "hier schmiedest du ein Schwert und zahlst sein Metall und seine Edelsteine, aber "
                              "keines auf dem Plan passt zu deinem Vorrat ({have})",
        "benefit_fence": "bringt ein Fechtplättchen (höchstens 3, nie zwei gleiche); für dich offen: {tiles}",
        "benefit_fence_back": "bringt ein Fechtplättchen (höchstens 3, nie zwei gleiche); du hast 3, gibst also "
                              "eines zurück; für dich offen: {tiles}",
        "benefit_fence_none": "bringt ein Fechtplättchen (höchstens 3, nie zwei gleiche), aber gerade ist keines "
                              "für dich offen",
        "benefit_painting": "du nimmst das oberste Gemälde im Wert {value} (noch {count})",
        "benefit_painting_none": "es sind keine Gemälde mehr da, es bringt also gerade nichts",
        "full_others": "Voll: Kommt deine Figur hier an, muss sie mit einer weiteren Karte weiterziehen oder "
                       "eine Figur einer anderen Person herausfordern.",
        "full_yours": "Voll mit deinen eigenen Figuren: Du kannst nur darüber hinweg oder von hier weiterziehen.",
        "you_have": "du hast {metal} und {gems}",
        "metal_count_one": "{count} Metall",
        "metal_count_other": "{count} Metall",
        "gems_count_one": "{count} Edelstein",
        "gems_count_other": "{count} Edelsteine",
        "pawn_yours": "deine Figur {number}",
        "pawn_of": "Figur {number} von {owner}",
        "pawn_on_cathedral": "{pawn}, auf der Kathedrale",
        "pawn_on_space": "{pawn}, auf Feld {space} ({place})",
        "pawn_in_alcazar_sword": "{pawn}, im Alcazar mit dem Schwert im Wert {value}",
        "pawn_in_alcazar": "{pawn}, im Alcazar ohne Schwert",
        "pawn_moving": "{pawn}, zieht in diesem Zug",
        "place_tavern": "Taverne",
        "place_artist": "Künstler",
        "card_label": "Karte {value}, Szene {scene}, {figure} hervorgehoben.",
        "duel_colour_attacker": "Im Duell geht diese Runde an die Person, die als einzige ein Plättchen in "
                                "{colour} hat; haben es beide oder keiner, gewinnt der Herausforderer.",
        "duel_colour_defender": "Im Duell geht diese Runde an die Person, die als einzige ein Plättchen in "
                                "{colour} hat; haben es beide oder keiner, gewinnt der Verteidiger.",
        "duel_neutral_attacker": "Im Duell geht diese Runde an den Herausforderer.",
        "duel_neutral_defender": "Im Duell geht diese Runde an den Verteidiger.",
        "card_you_hold": "Du hast ein Plättchen in {colour}.",
        "sword_title": "Schwert im Wert {value}, kostet {cost}.",
        "sword_afford": "Du kannst es bezahlen ({have}).",
        "sword_lack": "Du kannst es noch nicht bezahlen: Dir fehlt noch {missing}.",
        "sword_in_front": "Es liegt vor {player}: {half} Punkte am Ende, oder {value}, wenn es in den Alcazar "
                          "getragen wird.",
        "sword_delivered": "Von {player} in den Alcazar getragen: {value} Punkte.",
        "sword_points": "Am Ende: {value} Punkte im Alcazar, {half}, wenn es noch vor jemandem liegt.",
        "fencing_duel_title": "Duellplättchen {colour}, {count} auf dem Plan.",
        "fencing_duel_what": "Im Duell gewinnt eine Karte mit einer Szene in {colour} die Runde für die Person, "
                             "die als einzige dieses Plättchen hat.",
        "fencing_movement_title": "Bewegungsplättchen, {count} auf dem Plan.",
        "fencing_movement_what": "Einmal pro Zug darfst du eine zusätzliche Karte mit beliebigem Wert spielen, um "
                                 "eine Figur zu ziehen. Kostet am Ende 2 Punkte, wenn du es nicht zurückgibst.",
        "held_by": "Im Besitz von {list}.",
        "held_by_nobody": "Niemand hat eines.",
        "fencing_you_hold": "Du hast eines.",
        "fencing_you_full": "Du hast 3 Plättchen: Nimmst du dieses, gibst du eines zurück.",
        "supply_metal": "Metallvorrat: noch {count}",
        "supply_gems": "Edelsteinvorrat: noch {count}",
        "supply_swords_one": "{count} Schwertplättchen auf dem Plan",
        "supply_swords_other": "{count} Schwertplättchen auf dem Plan",
        "supply_fencing": "Fechtplättchen auf dem Plan: {list}",
        "supply_fencing_item": "{tile} {count}",
        "supply_paintings": "Gemälde: noch {count}, das oberste im Wert {value}",
        "supply_paintings_none": "Gemälde: keine mehr",
        "supply_draw": "Nachziehstapel: {cards}; ist er leer, wird der Ablagestapel zu einem neuen gemischt",
        "supply_discard": "Ablagestapel: {cards}",
        "area": "{player}: {parts}",
        "area_to_act": "jetzt am Zug",
        "area_hand": "{cards} auf der Hand",
        "area_goods": "{metal}, {gems}",
        "area_swords": "Schwerter vor sich: {list}",
        "area_swords_none": "keine Schwerter vor sich",
        "area_fencing": "Fechtplättchen: {list}",
        "area_fencing_none": "keine Fechtplättchen",
        "area_paintings": "Gemälde: {list}",
        "area_paintings_none": "keine Gemälde",
        "area_pawns": "Figuren: {alcazar} im Alcazar, {road} unterwegs, {cathedral} auf der Kathedrale",
        "area_tiles": "übrige Geschäftsplättchen: {count}",
        "area_score_one": "bisher {count} Punkt",
        "area_score_other": "bisher {count} Punkte",
        "separator": "; ",
        "act_draw": "2 Karten nehmen",
        "act_place": "Deinen {business} mit {circles} Kreis(en) auf Feld {space} legen",
        "act_move": "Eine {card} spielen und Figur {pawn} auf {where} ziehen",
        "act_extra": "Mit dem Bewegungsplättchen eine {card} spielen und Figur {pawn} auf {where} ziehen",
        "act_return": "Figur {pawn} auf die Kathedrale zurückstellen",
        "act_challenge": "{player} herausfordern",
        "act_use": "Das Feld nutzen",
        "act_pay": "Eine {card} zahlen und das Feld nutzen",
        "act_skip": "Das Feld nicht nutzen",
        "act_sword": "Das Schwert im Wert {value} für {cost} schmieden",
        "act_fence": "Das Fechtplättchen {tile} nehmen",
        "act_fence_back": "Das Fechtplättchen {tile} nehmen und {back} zurückgeben",
        "act_carry": "Das Schwert im Wert {value} ({cost}) in den Alcazar tragen",
        "act_carry_none": "Den Alcazar ohne Schwert betreten",
        "act_end": "Den Zug beenden",
        "act_pass": "Passen",
        "where_space": "Feld {space} ({place})",
        "where_alcazar": "den Alcazar",
        "where_empty": "Feld {space}",
        "card_short": "{value} ({scene}, {figure})",
    },
    "fr": {
        "space_cathedral": "Case 0, la cathédrale, où chaque pion commence ; {pawns}",
        "space_business": "Case {space}, {business}, {row}, {circles}, {occupancy}",
        "space_tavern": "Case {space}, taverne, {row}, {circles}, {occupancy}",
        "space_artist": "Case {space}, artiste, {row}, {circles}, {occupancy}",
        "space_empty": "Case {space}, emplacement de commerce vide, {row}",
        "space_entry": "Case {space}, entrée de l'Alcazar ; {inside}",
        "business_yours": "votre {business}",
        "business_of": "{business} de {owner}",
        "circles_one": "{count} cercle",
        "circles_other": "{count} cercles",
        "occupancy_free": "libre",
        "occupancy_one_of_two": "un occupé par {who}",
        "occupancy_both": "les deux occupés par {who}",
        "occupancy_taken": "occupé par {who}",
        "by_you": "vous",
        "you_title": "Vous",
        "pawns_none": "aucun pion ici",
        "pawns_here": "pions ici : {list}",
        "pawn_count": "{player} ({count})",
        "alcazar_empty": "personne n'est encore entré dans l'Alcazar",
        "alcazar_inside": "dans l'Alcazar : {list}",
        "help_cathedral": "La cathédrale : chaque pion y commence et y revient après un duel perdu ou quand on "
                          "le rappelle. En sortir ne coûte que la carte jouée pour avancer.",
        "help_empty": "Emplacement de commerce vide, {row} : place pour une tuile de commerce (en poser une prend "
                      "tout le tour). Aucun pion ne peut s'y arrêter tant qu'aucune tuile n'y est posée. {tiles}",
        "tiles_left_one": "Il vous reste {count} tuile de commerce.",
        "tiles_left_other": "Il vous reste {count} tuiles de commerce.",
        "tiles_none": "Vous avez posé toutes vos tuiles de commerce.",
        "help_entry": "Entrée de l'Alcazar : un pion qui termine son déplacement pile ici entre dans l'Alcazar et "
                      "peut emporter une épée posée devant son propriétaire. Elle n'est jamais pleine et on ne s'y "
                      "bat pas. Quand un joueur finit son tour avec 3 pions à l'intérieur, le dernier tour de table "
                      "commence.",
        "help_business_other": "{business}, {row} : vous coûte une carte de {fee} ou plus, donnée à {owner}{afford} ; "
                               "{benefit}.",
        "help_business_own": "{business}, {row} : gratuit pour vous ; {benefit}. Les autres joueurs vous donnent une "
                             "carte de {fee} ou plus pour l'utiliser.",
        "help_tavern": "Taverne, {row} : vous coûte une carte de {fee} ou plus, défaussée{afford} ; vous piochez "
                       "{count} cartes (pioche : {draw}).",
        "help_artist": "Artiste, {row} : vous coûte une carte de {fee} ou plus, défaussée{afford} ; {benefit}.",
        "afford_none": " (vous n'avez aucune carte assez forte)",
        "benefit_metal": "donne 1 métal (réserve : {count})",
        "benefit_metal_empty": "la réserve de métal est vide, elle ne donne donc rien pour l'instant",
        "benefit_gem": "donne 1 gemme (réserve : {count})",
        "benefit_gem_empty": "la réserve de gemmes est vide, elle ne donne donc rien pour l'instant",
        "benefit_sword": "permet de forger une épée en payant son métal et ses gemmes ; vous pouvez payer : {swords}",
        "benefit_sword_none": "permet de forger une épée en payant son métal et ses gemmes, mais aucune sur le "
                              "plateau n'est à votre portée ({have})",
        "benefit_fence": "donne une tuile d'escrime (3 au plus, jamais deux pareilles) ; possibles pour vous : {tiles}",
        "benefit_fence_back": "donne une tuile d'escrime (3 au plus, jamais deux pareilles) ; vous en avez 3, vous "
                              "en rendriez donc une ; possibles pour vous : {tiles}",
        "benefit_fence_none": "donne une tuile d'escrime (3 au plus, jamais deux pareilles), mais aucune ne vous est "
                              "possible pour l'instant",
        "benefit_painting": "vous prenez le tableau du dessus, qui vaut {value} (il en reste {count})",
        "benefit_painting_none": "il ne reste aucun tableau, elle ne donne donc rien pour l'instant",
        "full_others": "Pleine : si votre pion s'arrête ici, il doit repartir avec une autre carte ou défier le "
                       "pion d'un autre joueur.",
        "full_yours": "Pleine de vos propres pions : vous pouvez seulement la dépasser ou en repartir.",
        "you_have": "vous avez {metal} et {gems}",
        "metal_count_one": "{count} métal",
        "metal_count_other": "{count} métaux",
        "gems_count_one": "{count} gemme",
        "gems_count_other": "{count} gemmes",
        "pawn_yours": "votre pion {number}",
        "pawn_of": "pion {number} de {owner}",
        "pawn_on_cathedral": "{pawn}, sur la cathédrale",
        "pawn_on_space": "{pawn}, sur la case {space} ({place})",
        "pawn_in_alcazar_sword": "{pawn}, dans l'Alcazar avec l'épée de valeur {value}",
        "pawn_in_alcazar": "{pawn}, dans l'Alcazar sans épée",
        "pawn_moving": "{pawn}, en mouvement ce tour-ci",
        "place_tavern": "taverne",
        "place_artist": "artiste",
        "card_label": "Carte {value}, scène {scene}, {figure} mis en avant.",
        "duel_colour_attacker": "En duel, cette manche va au seul duelliste qui a une tuile {colour} ; si les deux "
                                "en ont une ou aucun, celui qui défie la gagne.",
        "duel_colour_defender": "En duel, cette manche va au seul duelliste qui a une tuile {colour} ; si les deux "
                                "en ont une ou aucun, le défenseur la gagne.",
        "duel_neutral_attacker": "En duel, cette manche va à celui qui défie.",
        "duel_neutral_defender": "En duel, cette manche va au défenseur.",
        "card_you_hold": "Vous avez une tuile {colour}.",
        "sword_title": "Épée de valeur {value}, coûte {cost}.",
        "sword_afford": "Vous pouvez la payer ({have}).",
        "sword_lack": "Vous ne pouvez pas encore la payer : il vous manque {missing}.",
        "sword_in_front": "Elle est devant {player} : {half} points à la fin, ou {value} si elle est portée dans "
                          "l'Alcazar.",
        "sword_delivered": "Portée dans l'Alcazar par {player} : {value} points.",
        "sword_points": "À la fin : {value} points dans l'Alcazar, {half} si elle est encore devant un joueur.",
        "fencing_duel_title": "Tuile de duel {colour}, {count} sur le plateau.",
        "fencing_duel_what": "En duel, une carte à scène {colour} fait gagner la manche au duelliste qui est seul "
                             "à avoir cette tuile.",
        "fencing_movement_title": "Tuile de déplacement, {count} sur le plateau.",
        "fencing_movement_what": "Une fois par tour, jouez une carte en plus, de n'importe quelle valeur, pour "
                                 "avancer un pion. Coûte 2 points à la fin si vous ne la rendez pas.",
        "held_by": "Détenue par {list}.",
        "held_by_nobody": "Personne n'en a.",
        "fencing_you_hold": "Vous en avez une.",
        "fencing_you_full": "Vous avez 3 tuiles : prendre celle-ci oblige à en rendre une.",
        "supply_metal": "Réserve de métal : {count} restants",
        "supply_gems": "Réserve de gemmes : {count} restantes",
        "supply_swords_one": "{count} tuile d'épée sur le plateau",
        "supply_swords_other": "{count} tuiles d'épée sur le plateau",
        "supply_fencing": "Tuiles d'escrime sur le plateau : {list}",
        "supply_fencing_item": "{tile} {count}",
        "supply_paintings": "Tableaux : il en reste {count}, celui du dessus vaut {value}",
        "supply_paintings_none": "Tableaux : il n'en reste aucun",
        "supply_draw": "Pioche : {cards} ; quand elle est vide, la défausse est mélangée pour en faire une nouvelle",
        "supply_discard": "Défausse : {cards}",
        "area": "{player} : {parts}",
        "area_to_act": "joue maintenant",
        "area_hand": "{cards} en main",
        "area_goods": "{metal}, {gems}",
        "area_swords": "épées devant soi : {list}",
        "area_swords_none": "aucune épée devant soi",
        "area_fencing": "tuiles d'escrime : {list}",
        "area_fencing_none": "aucune tuile d'escrime",
        "area_paintings": "tableaux : {list}",
        "area_paintings_none": "aucun tableau",
        "area_pawns": "pions : {alcazar} dans l'Alcazar, {road} en route, {cathedral} sur la cathédrale",
        "area_tiles": "tuiles de commerce restantes : {count}",
        "area_score_one": "{count} point pour l'instant",
        "area_score_other": "{count} points pour l'instant",
        "separator": " ; ",
        "act_draw": "Prendre 2 cartes",
        "act_place": "Poser votre {business} à {circles} cercle(s) sur la case {space}",
        "act_move": "Jouer un {card} et avancer le pion {pawn} vers {where}",
        "act_extra": "Grâce à la tuile de déplacement, jouer un {card} et avancer le pion {pawn} vers {where}",
        "act_return": "Ramener le pion {pawn} à la cathédrale",
        "act_challenge": "Défier {player}",
        "act_use": "Utiliser la case",
        "act_pay": "Payer un {card} et utiliser la case",
        "act_skip": "Ne pas utiliser la case",
        "act_sword": "Forger l'épée de valeur {value} pour {cost}",
        "act_fence": "Prendre la tuile d'escrime {tile}",
        "act_fence_back": "Prendre la tuile d'escrime {tile} et rendre la tuile {back}",
        "act_carry": "Porter l'épée de valeur {value} ({cost}) dans l'Alcazar",
        "act_carry_none": "Entrer dans l'Alcazar sans épée",
        "act_end": "Terminer le tour",
        "act_pass": "Passer",
        "where_space": "la case {space} ({place})",
        "where_alcazar": "l'Alcazar",
        "where_empty": "la case {space}",
        "card_short": "{value} ({scene}, {figure})",
    },
}

SUPPLY_ITEMS: Final[tuple[str, ...]] = ("metal", "gems", "swords", "fencing", "paintings", "draw", "discard")


@dataclass(frozen=True, slots=True)
class PublicScore:
    """E2 as everyone can see it: all parts are public (I1); hands are only counted for tie-breaks."""

    swords_delivered: int
    swords_in_front: int  # already halved, rounded down
    paintings: int
    gems: int  # already converted, 2 gems a point
    movement_tile: int  # 0 or -2
    total: int
    cards_in_hand: int


def public_score(view: PlayerView, seat: int) -> PublicScore:
    """A seat's score so far by E2, from public facts only (equals `State.score` on every part)."""
    parts = fame_points(view, seat)
    return PublicScore(*parts, sum(parts), view.hand_sizes[seat])


class _Teller:
    """One viewer, language and set of names: the shared helpers of the functions below."""

    def __init__(self, view: PlayerView, lang: str, names: Sequence[str] | None, you: bool) -> None:
        self.view, self.lang, self.names = view, lang, names
        self.me = view.seat if you else -1

    def t(self, key: str, **params: Any) -> str:
        return format_message(EXPLAIN_MESSAGES, key, self.lang, **params)

    def tc(self, key: str, count: int, **params: Any) -> str:
        return self.t(plural_key(key, count, self.lang), count=count, **params)

    def ui(self, key: str, **params: Any) -> str:
        return translate(key, self.lang, **params)

    def name(self, seat: int) -> str:
        if self.names is not None and seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return self.ui(f"colour_{D.COLOURS[self.view.colours[seat]]}")

    def who(self, seat: int) -> str:
        """A player as the agent of a passive ("taken by you")."""
        return self.t("by_you") if seat == self.me else self.name(seat)

    def title(self, seat: int) -> str:
        """A player heading an area ("Red (you)")."""
        return self.ui("player_you", player=self.name(seat)) if seat == self.me else self.name(seat)

    def join(self, items: Sequence[str]) -> str:
        return join_list(list(items), self.lang)

    def row(self, space: int) -> str:
        return self.ui(f"row_{D.ROW_NAMES[D.SPACE_FEES[space]]}")

    def business(self, space: int) -> str:
        """'your gem dealer' / "Blue's gem dealer"."""
        word = self.ui(f"business_{D.BUSINESS_NAMES[self.view.tile_business[space]]}")
        owner = self.view.tile_owner[space]
        if owner == self.me:
            return self.t("business_yours", business=word)
        return self.t("business_of", owner=self.name(owner), business=word)

    def place(self, space: int) -> str:
        """Short name of an occupied road space (tavern, artist, someone's business)."""
        kind = D.SPACE_KINDS[space]
        if kind == D.SpaceKind.TAVERN:
            return self.t("place_tavern")
        if kind == D.SpaceKind.ARTIST:
            return self.t("place_artist")
        return self.business(space)

    def goods(self, seat: int) -> tuple[str, str]:
        return (self.tc("metal_count", self.view.metal[seat]), self.tc("gems_count", self.view.gems[seat]))

    def fencing_word(self, kind: int) -> str:
        return self.ui(f"fencing_{D.FENCING_NAMES[kind]}")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _owners_in_order(pawns: Sequence[int]) -> list[int]:
    seen: list[int] = []
    for pawn in pawns:
        owner = pawn // D.PAWNS_PER_PLAYER
        if owner not in seen:
            seen.append(owner)
    return seen


def _occupancy(t: _Teller, space: int) -> str:
    occupants = t.view.occupants[space]
    capacity = t.view.capacity[space]
    if not occupants:
        return t.t("occupancy_free")
    who = t.join([t.who(s) for s in _owners_in_order(occupants)])
    if capacity == 1:
        return t.t("occupancy_taken", who=who)
    if len(occupants) < capacity:
        return t.t("occupancy_one_of_two", who=who)
    return t.t("occupancy_both", who=who)


def _pawn_counts(t: _Teller, position: int) -> list[str]:
    counts = [0] * t.view.num_players
    for pawn, pos in enumerate(t.view.pawn_pos):
        if pos == position:
            counts[pawn // D.PAWNS_PER_PLAYER] += 1
    return [t.t("pawn_count", player=t.ui("you") if s == t.me else t.name(s), count=c)
            for s, c in enumerate(counts) if c]


def _check_space(space: int) -> None:
    if not 0 <= space <= D.LAST_SPACE:
        raise ValueError(f"no road space {space} (0-{D.LAST_SPACE})")


def space_label(view: PlayerView, space: int, lang: str = "en", names: Sequence[str] | None = None,
                you: bool = True) -> str:
    """The accessible name of road space `space` (0 = Cathedral, 20-21 = Alcazar entries), e.g.
    "Space 6, Blue's gem dealer, bottom row, 2 circles, one taken by Red"."""
    _check_space(space)
    t = _Teller(view, lang, names, you)
    kind = D.SPACE_KINDS[space]
    if kind == D.SpaceKind.CATHEDRAL:
        here = _pawn_counts(t, D.CATHEDRAL)
        pawns = t.t("pawns_here", list=", ".join(here)) if here else t.t("pawns_none")
        return t.t("space_cathedral", pawns=pawns)
    if kind == D.SpaceKind.ENTRY:
        inside = _pawn_counts(t, D.ALCAZAR)
        text = t.t("alcazar_inside", list=", ".join(inside)) if inside else t.t("alcazar_empty")
        return t.t("space_entry", space=space, inside=text)
    if kind == D.SpaceKind.BUSINESS and view.tile_owner[space] < 0:
        return t.t("space_empty", space=space, row=t.row(space))
    common = {"space": space, "row": t.row(space), "circles": t.tc("circles", view.capacity[space]),
              "occupancy": _occupancy(t, space)}
    if kind == D.SpaceKind.TAVERN:
        return t.t("space_tavern", **common)
    if kind == D.SpaceKind.ARTIST:
        return t.t("space_artist", **common)
    return t.t("space_business", business=t.business(space), **common)


def _fee(view: PlayerView, space: int, me: int) -> int:
    """The least card `me` pays to use `space` (U1-U3); 0 = free. Mirrors the engine's fee rule."""
    kind = D.SPACE_KINDS[space]
    if kind == D.SpaceKind.BUSINESS:
        return 0 if view.tile_owner[space] == me else D.SPACE_FEES[space]
    if kind == D.SpaceKind.ARTIST:
        return max(3, D.SPACE_FEES[space])
    return D.SPACE_FEES[space]


def _can_pay(view: PlayerView, fee: int) -> bool:
    """Does the viewer hold a card of at least `fee`? (Only the viewer's own hand is looked at.)"""
    return any(view.hand[k] for k in range((fee - 1) * D.SCENES_PER_VALUE, D.NUM_CARD_KINDS))


def _affordable_swords(view: PlayerView, seat: int) -> list[int]:
    return [i for i, s in enumerate(D.SWORDS)
            if view.sword_on_board[i] and s.metal <= view.metal[seat] and s.gems <= view.gems[seat]]


def _business_benefit(t: _Teller, space: int) -> str:
    view, me = t.view, t.view.seat  # costs are always the view's seat's
    business = view.tile_business[space]
    if business == D.Business.METAL:
        return t.t("benefit_metal", count=view.metal_supply) if view.metal_supply else t.t("benefit_metal_empty")
    if business == D.Business.GEM:
        return t.t("benefit_gem", count=view.gem_supply) if view.gem_supply else t.t("benefit_gem_empty")
    if business == D.Business.SWORD:
        swords = _affordable_swords(view, me)
        if swords:
            return t.t("benefit_sword", swords=", ".join(str(D.SWORDS[i].value) for i in swords))
        metal, gems = t.goods(me)
        return t.t("benefit_sword_none", have=t.t("you_have", metal=metal, gems=gems))
    held = view.fencing_held[me]
    open_kinds = [k for k in range(len(D.FENCING_NAMES)) if view.fencing_board[k] and not held >> k & 1]
    if not open_kinds:
        return t.t("benefit_fence_none")
    tiles = ", ".join(t.fencing_word(k) for k in open_kinds)
    full = bin(held).count("1") >= D.MAX_FENCING_TILES
    return t.t("benefit_fence_back" if full else "benefit_fence", tiles=tiles)


def space_help(view: PlayerView, space: int, lang: str = "en", names: Sequence[str] | None = None,
               you: bool = True) -> str:
    """What `space` does and what it costs the viewer here and now, e.g. "Blue's gem dealer, middle row:
    costs you a card of 3 or more, paid to Blue; gives 1 gem (supply: 12)." """
    _check_space(space)
    t = _Teller(view, lang, names, you)
    me = view.seat
    kind = D.SPACE_KINDS[space]
    if kind == D.SpaceKind.CATHEDRAL:
        return t.t("help_cathedral")
    if kind == D.SpaceKind.ENTRY:
        return t.t("help_entry")
    row = t.row(space)
    if kind == D.SpaceKind.BUSINESS and view.tile_owner[space] < 0:
        left = bin(view.tiles_left[me]).count("1")
        tiles = t.tc("tiles_left", left) if left else t.t("tiles_none")
        return t.t("help_empty", row=row, tiles=tiles)
    fee = _fee(view, space, me)
    afford = "" if fee == 0 or _can_pay(view, fee) else t.t("afford_none")
    if kind == D.SpaceKind.TAVERN:
        text = t.t("help_tavern", row=row, fee=fee, afford=afford, count=D.CARDS_PER_TAVERN,
                   draw=translate_count("cards", view.draw_size, lang))
    elif kind == D.SpaceKind.ARTIST:
        stack = view.paintings_stack
        benefit = (t.t("benefit_painting", value=stack[-1], count=len(stack)) if stack
                   else t.t("benefit_painting_none"))
        text = t.t("help_artist", row=row, fee=fee, afford=afford, benefit=benefit)
    else:
        business = _cap(t.business(space))
        benefit = _business_benefit(t, space)
        if view.tile_owner[space] == me:
            text = t.t("help_business_own", business=business, row=row, benefit=benefit, fee=D.SPACE_FEES[space])
        else:
            text = t.t("help_business_other", business=business, row=row, fee=fee,
                       owner=t.name(view.tile_owner[space]), afford=afford, benefit=benefit)
    occupants = view.occupants[space]
    if len(occupants) >= view.capacity[space]:
        mine_only = all(p // D.PAWNS_PER_PLAYER == me for p in occupants)
        text += " " + t.t("full_yours" if mine_only else "full_others")
    return text


def pawn_label(view: PlayerView, pawn: int, lang: str = "en", names: Sequence[str] | None = None,
               you: bool = True) -> str:
    """Pawn `pawn` (seat * 5 + index): whose, which, where, e.g. "Red's pawn 3, on space 6 (tavern)"."""
    if not 0 <= pawn < len(view.pawn_pos):
        raise ValueError(f"no pawn {pawn} in a {view.num_players}-player game")
    t = _Teller(view, lang, names, you)
    owner, number = divmod(pawn, D.PAWNS_PER_PLAYER)
    who = (t.t("pawn_yours", number=number + 1) if owner == t.me
           else t.t("pawn_of", owner=t.name(owner), number=number + 1))
    pos = view.pawn_pos[pawn]
    if pos == D.CATHEDRAL:
        text = t.t("pawn_on_cathedral", pawn=who)
    elif pos == D.ALCAZAR:
        sword = view.pawn_sword[pawn]
        text = (t.t("pawn_in_alcazar_sword", pawn=who, value=D.SWORDS[sword].value) if sword >= 0
                else t.t("pawn_in_alcazar", pawn=who))
    else:
        text = t.t("pawn_on_space", pawn=who, space=pos, place=t.place(pos))
    if pawn == view.active_pawn and pos != D.ALCAZAR:
        text = t.t("pawn_moving", pawn=text)
    return _cap(text)


def card_label(view: PlayerView, card: int, lang: str = "en", you: bool = True) -> str:
    """A money card (by kind): value, fencing scene, highlighted figure and what that means in a duel."""
    if not 0 <= card < D.NUM_CARD_KINDS:
        raise ValueError(f"no card kind {card}")
    t = _Teller(view, lang, None, you)
    colour, figure = D.CARD_COLOUR[card], D.CARD_FIGURE[card]
    figure_name = D.FIGURES[figure]
    if colour == D.NEUTRAL:
        scene = t.ui("scene_neutral")
        duel = t.t(f"duel_neutral_{figure_name}")
    else:
        scene = t.fencing_word(colour)
        duel = t.t(f"duel_colour_{figure_name}", colour=scene)
    parts = [t.t("card_label", value=D.CARD_VALUE[card], scene=scene, figure=t.ui(f"figure_{figure_name}")), duel]
    if colour != D.NEUTRAL and t.me >= 0 and view.fencing_held[t.me] >> colour & 1:
        parts.append(t.t("card_you_hold", colour=scene))
    return " ".join(parts)


def _sword_cost(t: _Teller, sword: int) -> str:
    """'2 metal and 3 gems' (a zero is left out)."""
    tile = D.SWORDS[sword]
    return t.join([t.tc("metal_count", tile.metal)] + ([t.tc("gems_count", tile.gems)] if tile.gems else []))


def sword_label(view: PlayerView, sword: int, lang: str = "en", names: Sequence[str] | None = None,
                you: bool = True) -> str:
    """Sword tile `sword` (index into data.SWORDS): value, cost, where it is and whether you can pay for it."""
    if not 0 <= sword < len(D.SWORDS):
        raise ValueError(f"no sword tile {sword}")
    t = _Teller(view, lang, names, you)
    tile = D.SWORDS[sword]
    parts = [t.t("sword_title", value=tile.value, cost=_sword_cost(t, sword))]
    half = tile.value // 2
    if view.sword_on_board[sword]:
        parts.append(t.t("sword_points", value=tile.value, half=half))
        if t.me >= 0:
            metal, gems = view.metal[t.me], view.gems[t.me]
            if tile.metal <= metal and tile.gems <= gems:
                have_metal, have_gems = t.goods(t.me)
                parts.append(t.t("sword_afford", have=t.t("you_have", metal=have_metal, gems=have_gems)))
            else:
                missing = []
                if tile.metal > metal:
                    missing.append(t.tc("metal_count", tile.metal - metal))
                if tile.gems > gems:
                    missing.append(t.tc("gems_count", tile.gems - gems))
                parts.append(t.t("sword_lack", missing=t.join(missing)))
        return " ".join(parts)
    for seat in range(view.num_players):
        if sword in view.swords_in_front[seat]:
            parts.append(t.t("sword_in_front", player=t.who(seat), half=half, value=tile.value))
    for pawn, carried in enumerate(view.pawn_sword):
        if carried == sword:
            parts.append(t.t("sword_delivered", player=t.who(pawn // D.PAWNS_PER_PLAYER), value=tile.value))
    return " ".join(parts)


def fencing_label(view: PlayerView, kind: int, lang: str = "en", names: Sequence[str] | None = None,
                  you: bool = True) -> str:
    """A kind of fencing-master tile (data.Fencing): what it does, how many lie on the board, who holds one."""
    if not 0 <= kind < len(D.FENCING_NAMES):
        raise ValueError(f"no fencing tile kind {kind}")
    t = _Teller(view, lang, names, you)
    count = view.fencing_board[kind]
    if kind == D.Fencing.MOVEMENT:
        parts = [t.t("fencing_movement_title", count=count), t.t("fencing_movement_what")]
    else:
        word = t.fencing_word(kind)
        parts = [_cap(t.t("fencing_duel_title", colour=word, count=count)), t.t("fencing_duel_what", colour=word)]
    holders = [s for s in range(view.num_players) if view.fencing_held[s] >> kind & 1]
    parts.append(t.t("held_by", list=t.join([t.who(s) for s in holders])) if holders else t.t("held_by_nobody"))
    if t.me >= 0:
        held = view.fencing_held[t.me]
        if held >> kind & 1:
            parts.append(t.t("fencing_you_hold"))
        elif bin(held).count("1") >= D.MAX_FENCING_TILES:
            parts.append(t.t("fencing_you_full"))
    return " ".join(parts)


def supply_label(view: PlayerView, item: str, lang: str = "en") -> str:
    """One part of the general supply: one of SUPPLY_ITEMS."""
    t = _Teller(view, lang, None, True)
    if item == "metal":
        return t.t("supply_metal", count=view.metal_supply)
    if item == "gems":
        return t.t("supply_gems", count=view.gem_supply)
    if item == "swords":
        return t.tc("supply_swords", sum(view.sword_on_board))
    if item == "fencing":
        items = [t.t("supply_fencing_item", tile=t.fencing_word(k), count=view.fencing_board[k])
                 for k in range(len(D.FENCING_NAMES))]
        return t.t("supply_fencing", list=", ".join(items))
    if item == "paintings":
        stack = view.paintings_stack
        return t.t("supply_paintings", count=len(stack), value=stack[-1]) if stack else t.t("supply_paintings_none")
    if item == "draw":
        return t.t("supply_draw", cards=translate_count("cards", view.draw_size, lang))
    if item == "discard":
        return t.t("supply_discard", cards=translate_count("cards", sum(view.discard), lang))
    raise ValueError(f"no supply item {item!r} (one of {', '.join(SUPPLY_ITEMS)})")


def supply_labels(view: PlayerView, lang: str = "en") -> dict[str, str]:
    """Every supply item's label, keyed by SUPPLY_ITEMS."""
    return {item: supply_label(view, item, lang) for item in SUPPLY_ITEMS}


def player_area_label(view: PlayerView, seat: int, lang: str = "en", names: Sequence[str] | None = None,
                      you: bool = True) -> str:
    """Everything public in front of `seat`, and its score so far (E2): hand size only, never the cards."""
    if not 0 <= seat < view.num_players:
        raise ValueError(f"no seat {seat} in a {view.num_players}-player game")
    t = _Teller(view, lang, names, you)
    parts = []
    if seat == view.current and view.phase.name != "OVER":
        parts.append(t.t("area_to_act"))
    parts.append(t.t("area_hand", cards=translate_count("cards", view.hand_sizes[seat], lang)))
    metal, gems = t.goods(seat)
    parts.append(t.t("area_goods", metal=metal, gems=gems))
    swords = [str(D.SWORDS[s].value) for s in view.swords_in_front[seat]]
    parts.append(t.t("area_swords", list=", ".join(swords)) if swords else t.t("area_swords_none"))
    fencing = [t.fencing_word(k) for k in range(len(D.FENCING_NAMES)) if view.fencing_held[seat] >> k & 1]
    parts.append(t.t("area_fencing", list=", ".join(fencing)) if fencing else t.t("area_fencing_none"))
    paintings = [str(v) for v in view.paintings[seat]]
    parts.append(t.t("area_paintings", list=", ".join(paintings)) if paintings else t.t("area_paintings_none"))
    base = seat * D.PAWNS_PER_PLAYER
    positions = view.pawn_pos[base:base + D.PAWNS_PER_PLAYER]
    alcazar = sum(1 for p in positions if p == D.ALCAZAR)
    cathedral = sum(1 for p in positions if p == D.CATHEDRAL)
    parts.append(t.t("area_pawns", alcazar=alcazar, cathedral=cathedral,
                     road=D.PAWNS_PER_PLAYER - alcazar - cathedral))
    parts.append(t.t("area_tiles", count=bin(view.tiles_left[seat]).count("1")))
    parts.append(t.tc("area_score", public_score(view, seat).total))
    return t.t("area", player=t.title(seat), parts=t.t("separator").join(parts))


def _card_short(t: _Teller, card: int) -> str:
    """'5 (violet, attacker)': the scene keeps labels of same-value cards apart."""
    colour = D.CARD_COLOUR[card]
    scene = t.ui("scene_neutral") if colour == D.NEUTRAL else t.fencing_word(colour)
    return t.t("card_short", value=D.CARD_VALUE[card], scene=scene,
               figure=t.ui(f"figure_{D.FIGURES[D.CARD_FIGURE[card]]}"))


def action_label(view: PlayerView, action: Action, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """A legal action of the viewer's, told as a button or menu entry (for keyboards and screen readers)."""
    t = _Teller(view, lang, names, True)
    kind = action.kind
    if kind is Kind.PLACE:
        return t.t("act_place", circles=action.circles, space=action.space,
                   business=t.ui(f"business_{D.BUSINESS_NAMES[action.business]}"))
    if kind is Kind.MOVE or kind is Kind.EXTRA:
        pawn = view.current * D.PAWNS_PER_PLAYER + action.pawn
        value = D.CARD_VALUE[action.card]
        dest = view.pawn_pos[pawn] + value
        if dest >= D.ENTRY_SPACES[0]:
            where = t.t("where_alcazar")
        elif view.capacity[dest] and (view.tile_owner[dest] >= 0 or D.SPACE_KINDS[dest] != D.SpaceKind.BUSINESS):
            where = t.t("where_space", space=dest, place=t.place(dest))
        else:
            where = t.t("where_empty", space=dest)
        return t.t("act_move" if kind is Kind.MOVE else "act_extra", card=_card_short(t, action.card),
                   pawn=action.pawn + 1, where=where)
    if kind is Kind.RETURN:
        return t.t("act_return", pawn=action.pawn + 1)
    if kind is Kind.CHALLENGE:
        seat = view.colours.index(action.colour)
        return t.t("act_challenge", player=t.name(seat))
    if kind is Kind.PAY:
        return t.t("act_pay", card=_card_short(t, action.card))
    if kind is Kind.SWORD:
        return t.t("act_sword", value=D.SWORDS[action.sword].value, cost=_sword_cost(t, action.sword))
    if kind is Kind.FENCE:
        if action.give_back >= 0:
            return t.t("act_fence_back", tile=t.fencing_word(action.take), back=t.fencing_word(action.give_back))
        return t.t("act_fence", tile=t.fencing_word(action.take))
    if kind is Kind.CARRY:
        if action.sword < 0:
            return t.t("act_carry_none")
        return t.t("act_carry", value=D.SWORDS[action.sword].value, cost=_sword_cost(t, action.sword))
    return t.t(f"act_{kind.name.lower()}")
