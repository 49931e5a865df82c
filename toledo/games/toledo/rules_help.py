"""The rules of Toledo explained in the project's own words, in English, German and French.

Organised like a turn: setup; the four actions; moving and the same-value chain; full spaces and
duels; using spaces and their costs by row; the businesses; the movement tile; the Alcazar; the end
and scoring; ties. Every paragraph names the numbered rules it explains (the ids of the project's
rules specification, e.g. "M6"), so players and maintainers can cross-reference; the page shows them
small and discreet.

    sections(lang) -> list[Section]        structured data (title, paragraphs with their rule ids)
    rules_html(lang, heading_level=2)      an escaped HTML fragment for the rules panel

Counts (cards, metal, gems...) come from `toledo.data`, so a corrected component count shows up
here too. The front end should insert `rules_html(lang)` as the content of its rules panel (it is
built only from this module's text, escaped, so inserting it as HTML is safe).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Final

from . import data as D
from ...core.i18n import LANGUAGES, normalise_language, translate


@dataclass(frozen=True, slots=True)
class Paragraph:
    text: str
    rules: tuple[str, ...]  # rule ids of the specification this paragraph explains


@dataclass(frozen=True, slots=True)
class Section:
    id: str  # stable, language-independent (used for anchors)
    title: str
    paragraphs: tuple[Paragraph, ...]


# The shape shared by every language: section ids, and per paragraph the rules it explains.
STRUCTURE: Final[tuple[tuple[str, tuple[tuple[str, ...], ...]], ...]] = (
    ("setup", (("S1",), ("S3",), ("S2", "S4"), ("S5",))),
    ("turn", (("A1", "K1"), ("A2",), ("A3",), ("A4",), ("A5",))),
    ("moving", (("M1", "M2"), ("M2",), ("M3",), ("M4",), ("M7",), ("K1", "K2"))),
    ("duels", (("M5",), ("M6",), ("D1",), ("D2",), ("D3", "D4"), ("D5", "D6"))),
    ("using", (("U1",), ("U1",), ("U2", "U3"), ("U7", "U8"))),
    ("businesses", (("U4",), ("U5",), ("U6",))),
    ("movement-tile", (("T1",), ("T2",), ("T3",))),
    ("alcazar", (("L1",), ("L2",), ("L3",))),
    ("end", (("E1",), ("E2",), ("E4",))),
    ("ties", (("E3",), ("I1",))),
)

# Component facts the texts quote, from the one data module.
FACTS: Final[dict[str, int]] = {
    "pawns": D.PAWNS_PER_PLAYER, "tiles": D.TILES_PER_PLAYER, "cards": D.NUM_CARDS, "hand": D.HAND_SIZE_AT_START,
    "swords": len(D.SWORDS), "fencing": sum(D.FENCING_TILES_PER_KIND), "metal": D.METAL_SUPPLY,
    "gems": D.GEM_SUPPLY, "paintings": len(D.PAINTINGS_BOTTOM_TO_TOP), "draw": D.CARDS_PER_DRAW_ACTION,
    "tavern": D.CARDS_PER_TAVERN, "max_fencing": D.MAX_FENCING_TILES, "end_pawns": D.ALCAZAR_PAWNS_TO_END,
    "penalty": D.MOVEMENT_TILE_PENALTY, "gems_per_point": D.GEMS_PER_POINT,
}

TEXT: Final[dict[str, dict[str, tuple[str, tuple[str, ...]]]]] = {
    "en": {
        "setup": ("Setting up", (
            "Toledo is for 2 to 4 players. You get {pawns} pawns in your colour, all standing on the Cathedral at "
            "the foot of the road, and {tiles} business tiles: a small one (1 circle) and a large one (2 circles) "
            "for each of the four trades: metal dealer, gem dealer, swordsmith and fencing master.",
            "The {cards} money cards are shuffled and everyone is dealt {hand}. The rest form a face-down draw "
            "pile; cards that have been used go to a discard pile.",
            "The {swords} sword tiles, the {fencing} fencing-master tiles, {metal} metal and {gems} gems lie ready "
            "as a common supply. The {paintings} paintings form a face-up stack with the most valuable on top.",
            "Who starts is chosen when the game is created (seat 1 unless you pick another seat); play then "
            "passes from seat to seat.",
        )),
        "turn": ("Your turn: one of four actions", (
            "Take {draw} cards: draw the top {draw} cards of the draw pile. There is no hand limit.",
            "Place a business tile: put one of your tiles, whichever you like, on any empty business space of the "
            "road. It belongs to you for the rest of the game.",
            "Move: play cards to move your pawns up the road and use the spaces they reach (see the next "
            "sections).",
            "Return a pawn: bring one of your pawns from the road back to the Cathedral. That is your whole turn.",
            "The game only offers what you can actually do; if nothing at all is possible, your turn is skipped.",
        )),
        "moving": ("Moving and the chain of equal cards", (
            "Lay a card from your hand face up: its value is how many spaces one of your pawns moves forward, "
            "towards the Alcazar. Pawns jump over everything on the way, taken or empty.",
            "A pawn may stop only on a space with a business tile, on a tavern, at the artist or on one of the two "
            "Alcazar entries. Stopping on an empty business space, or moving past the last entry, is not allowed.",
            "Your first card sets the value for the whole turn. After each move (and after using the space) you may "
            "play another card of exactly that value to move again, the same pawn or another one. You may stop "
            "whenever you like.",
            "Cards played after the first go straight to the discard pile; the first stays in front of you until "
            "your turn ends and is then discarded too.",
            "Only a pawn that arrived this turn may use its space; pawns that were already standing somewhere get "
            "nothing.",
            "Whenever a card is needed and the draw pile is empty, the discard pile is shuffled into a new draw "
            "pile. If both are empty, there is simply nothing to draw.",
        )),
        "duels": ("Full spaces and duels", (
            "Every space has 1 or 2 circles (taverns and the artist have 2). A pawn that lands where a circle is "
            "free takes it.",
            "If every circle is taken, you must either move that pawn on at once with another card, or challenge "
            "one of the pawns there that belongs to another player. Your own pawns can never be challenged: if "
            "only your pawns block a space and you could not move on, you cannot stop there at all.",
            "A duel is fought in rounds. For each round the challenger turns over the top card of the draw pile "
            "(it is discarded afterwards). Its picture shows a fencing scene in one of three colours, or a neutral "
            "one, with either the attacker or the defender highlighted.",
            "If exactly one of the two duellists owns a fencing tile of that colour, that player wins the round. "
            "Otherwise (a neutral scene, or both or neither own the tile) the highlighted figure decides: the "
            "attacker wins it for the challenger, the defender for the defender.",
            "Two rounds win the duel; a third card is turned only at one round each. The loser's pawn goes back "
            "to the Cathedral. A winning challenger takes the circle and may use the space; a winning defender "
            "simply stays.",
            "Won or lost, your turn goes on: you may keep playing cards, even to come back to the same space for "
            "a rematch. If no card at all can be turned over, the defender takes the round.",
        )),
        "using": ("Using a space, and what it costs by row", (
            "Using a space is up to you. The road climbs through three rows, and each row has a minimum card: 1 in "
            "the bottom row, 3 in the middle row, 5 in the top row.",
            "Your own business is free. At another player's business you hand that player exactly one card of at "
            "least the row's minimum; a higher card is allowed, but nobody gives change.",
            "Tavern: discard one card of at least the row's minimum and draw {tavern} cards. Artist: discard one "
            "card of 3 or more and take the top painting.",
            "Cards you receive during your turn may be played or paid later in the same turn. A space whose "
            "supply has run out cannot be used, though you may still stop there.",
        )),
        "businesses": ("The businesses", (
            "Metal dealer: take 1 metal. Gem dealer: take 1 gem.",
            "Swordsmith: pick one sword tile from the supply and pay the metal and gems printed on it back to the "
            "supply. The sword lies in front of you until one of your pawns carries it into the Alcazar.",
            "Fencing master: take one fencing-master tile. You may hold at most {max_fencing}, never two of the "
            "same kind (the three duel colours and the movement tile). Holding {max_fencing} already, you first "
            "give one back; that is the only way to get rid of a movement tile.",
        )),
        "movement-tile": ("The movement tile", (
            "Once per turn, the holder of a movement tile may play one extra card of any value to move a pawn, "
            "even in the turn the tile was taken. After that, further cards must match the turn's value again.",
            "The extra card may also open the turn: it is discarded, the pawn moves, and the next card you play "
            "sets the turn's value.",
            "At the end of the game a movement tile costs its holder {penalty} points.",
        )),
        "alcazar": ("The Alcazar", (
            "The last two spaces of the road are the Alcazar entries. A pawn that ends a move exactly on one of "
            "them goes straight into the Alcazar. The entries never fill up and nobody duels there.",
            "On its way in, the pawn may take along one sword lying in front of you: one sword per pawn, or none.",
            "Pawns in the Alcazar stay there for the rest of the game and cannot be returned.",
        )),
        "end": ("The end of the game and scoring", (
            "When a player ends a turn with {end_pawns} or more pawns in the Alcazar, every other player gets "
            "exactly one more turn, in order, and then the game is over.",
            "Points: a sword in the Alcazar scores its full value; a sword still in front of you scores half its "
            "value, rounded down; each painting scores its value; every {gems_per_point} gems score 1 point; a "
            "movement tile costs {penalty} points; metal scores nothing.",
            "For example, a sword of 12 in the Alcazar, a 7 still in front of you (3), two paintings of 2, three "
            "gems (1) and a movement tile (−2) make 12 + 3 + 4 + 1 − 2 = 18 points.",
        )),
        "ties": ("Ties, and what everyone can see", (
            "The most points win. On a tie, the player with more cards in hand wins; if still tied, the higher "
            "total value of those cards. If even that is equal, the tied players share the victory.",
            "How many cards each player holds is public, the cards themselves are not, and nobody knows the order "
            "of the draw pile. Everything else on the table is open to all.",
        )),
    },
    "de": {
        "setup": ("Vorbereitung", (
            "Toledo ist für 2 bis 4 Personen. Du bekommst {pawns} Figuren deiner Farbe, die zu Beginn alle auf der "
            "Kathedrale am Fuß des Wegs stehen, und {tiles} Geschäftsplättchen: ein kleines (1 Kreis) und ein "
            "großes (2 Kreise) für jedes der vier Gewerbe: Metallhändler, Edelsteinhändler, Schwertschmied und "
            "Fechtmeister.",
            "Die {cards} Geldkarten werden gemischt, und alle erhalten je {hand}. Der Rest bildet einen verdeckten "
            "Nachziehstapel; benutzte Karten kommen auf einen Ablagestapel.",
            "Die {swords} Schwertplättchen, die {fencing} Fechtmeisterplättchen, {metal} Metall und {gems} "
            "Edelsteine liegen als gemeinsamer Vorrat bereit. Die {paintings} Gemälde bilden einen offenen "
            "Stapel, das wertvollste oben.",
            "Wer beginnt, wird beim Anlegen des Spiels gewählt (Platz 1, wenn du keinen anderen Platz wählst); "
            "danach geht es von Platz zu Platz weiter.",
        )),
        "turn": ("Dein Zug: eine von vier Aktionen", (
            "{draw} Karten nehmen: Zieh die obersten {draw} Karten vom Nachziehstapel. Es gibt keine "
            "Höchstzahl an Handkarten.",
            "Ein Geschäftsplättchen legen: Leg eines deiner Plättchen, welches du willst, auf ein leeres "
            "Geschäftsfeld am Weg. Es gehört dir bis zum Spielende.",
            "Ziehen: Spiel Karten, um deine Figuren den Weg hinaufzubewegen, und nutze die Felder, die sie "
            "erreichen (siehe die nächsten Abschnitte).",
            "Eine Figur zurückholen: Stell eine deiner Figuren vom Weg zurück auf die Kathedrale. Das ist dein "
            "ganzer Zug.",
            "Das Spiel bietet nur an, was wirklich geht; ist gar nichts möglich, wird dein Zug übersprungen.",
        )),
        "moving": ("Ziehen und die Kette gleicher Karten", (
            "Leg eine Karte aus deiner Hand offen aus: Ihr Wert sagt, um wie viele Felder eine deiner Figuren in "
            "Richtung Alcazar vorrückt. Figuren springen dabei über alles hinweg, ob besetzt oder leer.",
            "Anhalten darf eine Figur nur auf einem Feld mit Geschäftsplättchen, auf einer Taverne, beim Künstler "
            "oder auf einem der beiden Eingänge zum Alcazar. Auf einem leeren Geschäftsfeld anzuhalten oder über "
            "den letzten Eingang hinauszuziehen ist nicht erlaubt.",
            "Deine erste Karte legt den Wert für den ganzen Zug fest. Nach jedem Schritt (und nach dem Nutzen des "
            "Feldes) darfst du eine weitere Karte mit genau diesem Wert spielen und wieder ziehen, mit derselben "
            "oder einer anderen Figur. Aufhören darfst du jederzeit.",
            "Karten nach der ersten kommen sofort auf den Ablagestapel; die erste bleibt bis zum Ende deines "
            "Zuges vor dir liegen und wird dann ebenfalls abgelegt.",
            "Nur eine Figur, die in diesem Zug angekommen ist, darf ihr Feld nutzen; Figuren, die schon irgendwo "
            "standen, bekommen nichts.",
            "Wird eine Karte gebraucht und der Nachziehstapel ist leer, wird der Ablagestapel zu einem neuen "
            "Nachziehstapel gemischt. Sind beide leer, gibt es eben nichts zu ziehen.",
        )),
        "duels": ("Volle Felder und Duelle", (
            "Jedes Feld hat 1 oder 2 Kreise (Tavernen und der Künstler haben 2). Eine Figur, die ein Feld mit "
            "freiem Kreis erreicht, besetzt ihn.",
            "Sind alle Kreise besetzt, musst du die Figur sofort mit einer weiteren Karte weiterziehen oder eine "
            "der Figuren dort herausfordern, die jemand anderem gehört. Eigene Figuren kannst du nie "
            "herausfordern: Blockieren nur deine eigenen Figuren ein Feld und kämst du nicht weiter, darfst du "
            "dort gar nicht anhalten.",
            "Ein Duell geht über Runden. In jeder Runde deckt der Herausforderer die oberste Karte des "
            "Nachziehstapels auf (danach wird sie abgelegt). Ihr Bild zeigt eine Fechtszene in einer von drei "
            "Farben oder eine neutrale, auf der entweder der Angreifer oder der Verteidiger hervorgehoben ist.",
            "Besitzt genau einer der beiden ein Fechtplättchen dieser Farbe, gewinnt er die Runde. Sonst (bei "
            "einer neutralen Szene, oder wenn beide oder keiner das Plättchen haben) entscheidet die "
            "hervorgehobene Figur: Der Angreifer gewinnt sie für den Herausforderer, der Verteidiger für den "
            "Verteidiger.",
            "Zwei Runden gewinnen das Duell; eine dritte Karte wird nur bei 1:1 aufgedeckt. Die Figur des "
            "Verlierers kehrt zur Kathedrale zurück. Gewinnt der Herausforderer, besetzt er den Kreis und darf "
            "das Feld nutzen; gewinnt der Verteidiger, bleibt er einfach stehen.",
            "Gewonnen oder verloren, dein Zug geht weiter: Du darfst weiter Karten spielen, sogar um für eine "
            "Revanche auf dasselbe Feld zurückzukehren. Lässt sich gar keine Karte aufdecken, geht die Runde an "
            "den Verteidiger.",
        )),
        "using": ("Felder nutzen und was sie je Reihe kosten", (
            "Ob du ein Feld nutzt, entscheidest du. Der Weg steigt durch drei Reihen, und jede Reihe hat eine "
            "Mindestkarte: 1 in der unteren, 3 in der mittleren, 5 in der oberen Reihe.",
            "Dein eigenes Geschäft ist kostenlos. Beim Geschäft einer anderen Person gibst du ihr genau eine "
            "Karte, mindestens so hoch wie das Minimum der Reihe; eine höhere ist erlaubt, aber niemand gibt "
            "heraus.",
            "Taverne: Leg eine Karte ab, mindestens so hoch wie das Minimum der Reihe, und zieh {tavern} Karten. "
            "Künstler: Leg eine Karte ab 3 ab und nimm das oberste Gemälde.",
            "Karten, die du während deines Zuges bekommst, darfst du im selben Zug noch spielen oder zahlen. Ein "
            "Feld, dessen Vorrat erschöpft ist, lässt sich nicht nutzen; anhalten darfst du dort trotzdem.",
        )),
        "businesses": ("Die Geschäfte", (
            "Metallhändler: Nimm 1 Metall. Edelsteinhändler: Nimm 1 Edelstein.",
            "Schwertschmied: Such dir ein Schwertplättchen aus dem Vorrat aus und zahl das darauf gedruckte "
            "Metall und die Edelsteine in den Vorrat zurück. Das Schwert liegt vor dir, bis eine deiner Figuren "
            "es in den Alcazar trägt.",
            "Fechtmeister: Nimm ein Fechtmeisterplättchen. Du darfst höchstens {max_fencing} haben und nie zwei "
            "derselben Art (die drei Duellfarben und das Bewegungsplättchen). Hast du schon {max_fencing}, gibst "
            "du zuerst eines zurück; nur so wirst du ein Bewegungsplättchen wieder los.",
        )),
        "movement-tile": ("Das Bewegungsplättchen", (
            "Einmal pro Zug darf, wer ein Bewegungsplättchen hat, eine zusätzliche Karte mit beliebigem Wert "
            "spielen, um eine Figur zu ziehen, auch in dem Zug, in dem das Plättchen genommen wurde. Danach "
            "müssen weitere Karten wieder zum Wert des Zuges passen.",
            "Die zusätzliche Karte darf den Zug auch eröffnen: Sie wird abgelegt, die Figur zieht, und die "
            "nächste Karte, die du spielst, legt den Wert des Zuges fest.",
            "Am Spielende kostet ein Bewegungsplättchen {penalty} Punkte.",
        )),
        "alcazar": ("Der Alcazar", (
            "Die letzten beiden Felder des Wegs sind die Eingänge zum Alcazar. Eine Figur, die genau auf einem "
            "davon ankommt, geht sofort in den Alcazar. Die Eingänge werden nie voll, und dort gibt es kein Duell.",
            "Beim Eintreten darf die Figur ein Schwert mitnehmen, das vor dir liegt: ein Schwert pro Figur, oder "
            "keines.",
            "Figuren im Alcazar bleiben dort bis zum Spielende und können nicht zurückgeholt werden.",
        )),
        "end": ("Spielende und Wertung", (
            "Beendet jemand einen Zug mit {end_pawns} oder mehr Figuren im Alcazar, haben alle anderen noch "
            "genau einen Zug, der Reihe nach; danach ist das Spiel vorbei.",
            "Punkte: Ein Schwert im Alcazar zählt seinen vollen Wert; ein Schwert, das noch vor dir liegt, die "
            "Hälfte, abgerundet; jedes Gemälde seinen Wert; je {gems_per_point} Edelsteine 1 Punkt; ein "
            "Bewegungsplättchen kostet {penalty} Punkte; Metall zählt nichts.",
            "Ein Beispiel: Ein Schwert mit 12 im Alcazar, eine 7 noch vor dir (3), zwei Gemälde mit je 2, drei "
            "Edelsteine (1) und ein Bewegungsplättchen (−2) ergeben 12 + 3 + 4 + 1 − 2 = 18 Punkte.",
        )),
        "ties": ("Gleichstand, und was alle sehen", (
            "Die meisten Punkte gewinnen. Bei Gleichstand gewinnt, wer mehr Karten auf der Hand hat; ist es "
            "dann noch gleich, der höhere Gesamtwert dieser Karten. Ist auch der gleich, teilen sich diese "
            "Personen den Sieg.",
            "Wie viele Karten jede Person hält, ist öffentlich, die Karten selbst nicht, und die Reihenfolge des "
            "Nachziehstapels kennt niemand. Alles andere auf dem Tisch ist für alle sichtbar.",
        )),
    },
    "fr": {
        "setup": ("Mise en place", (
            "Toledo se joue de 2 à 4. Vous recevez {pawns} pions de votre couleur, tous placés au départ sur la "
            "cathédrale au pied du chemin, et {tiles} tuiles de commerce : une petite (1 cercle) et une grande "
            "(2 cercles) pour chacun des quatre métiers : marchand de métal, marchand de gemmes, forgeron et "
            "maître d'armes.",
            "Les {cards} cartes d'argent sont mélangées et chacun en reçoit {hand}. Le reste forme une pioche face "
            "cachée ; les cartes utilisées vont dans une défausse.",
            "Les {swords} tuiles d'épée, les {fencing} tuiles de maître d'armes, {metal} métaux et {gems} gemmes "
            "forment une réserve commune. Les {paintings} tableaux forment une pile face visible, le plus précieux "
            "au-dessus.",
            "Le premier joueur est choisi à la création de la partie (la place 1 si vous n'en choisissez pas une "
            "autre) ; on joue ensuite de place en place.",
        )),
        "turn": ("Votre tour : une action parmi quatre", (
            "Prendre {draw} cartes : piochez les {draw} cartes du dessus de la pioche. Il n'y a pas de limite de "
            "cartes en main.",
            "Poser une tuile de commerce : placez l'une de vos tuiles, celle que vous voulez, sur un emplacement "
            "de commerce vide du chemin. Elle vous appartient jusqu'à la fin de la partie.",
            "Avancer : jouez des cartes pour faire monter vos pions le long du chemin et utilisez les cases qu'ils "
            "atteignent (voir les sections suivantes).",
            "Ramener un pion : remettez l'un de vos pions du chemin sur la cathédrale. C'est tout votre tour.",
            "Le jeu ne propose que ce qui est vraiment possible ; si rien ne l'est, votre tour est passé.",
        )),
        "moving": ("Avancer et la suite de cartes égales", (
            "Posez une carte de votre main face visible : sa valeur dit de combien de cases l'un de vos pions "
            "avance vers l'Alcazar. Les pions sautent par-dessus tout ce qui se trouve en chemin, occupé ou vide.",
            "Un pion ne peut s'arrêter que sur une case portant une tuile de commerce, sur une taverne, chez "
            "l'artiste ou sur l'une des deux entrées de l'Alcazar. S'arrêter sur un emplacement de commerce vide, "
            "ou aller au-delà de la dernière entrée, est interdit.",
            "Votre première carte fixe la valeur pour tout le tour. Après chaque déplacement (et après avoir "
            "utilisé la case), vous pouvez jouer une autre carte de cette valeur exacte pour avancer encore, le "
            "même pion ou un autre. Vous pouvez vous arrêter quand vous voulez.",
            "Les cartes jouées après la première vont aussitôt à la défausse ; la première reste devant vous "
            "jusqu'à la fin de votre tour, puis elle est défaussée à son tour.",
            "Seul un pion arrivé pendant ce tour peut utiliser sa case ; les pions qui étaient déjà en place ne "
            "reçoivent rien.",
            "Quand il faut une carte et que la pioche est vide, la défausse est mélangée pour former une nouvelle "
            "pioche. Si les deux sont vides, il n'y a tout simplement rien à piocher.",
        )),
        "duels": ("Cases pleines et duels", (
            "Chaque case a 1 ou 2 cercles (les tavernes et l'artiste en ont 2). Un pion qui arrive là où un cercle "
            "est libre l'occupe.",
            "Si tous les cercles sont pris, vous devez soit faire repartir ce pion aussitôt avec une autre carte, "
            "soit défier l'un des pions présents qui appartient à un autre joueur. Vos propres pions ne peuvent "
            "jamais être défiés : si seuls vos pions bloquent une case et que vous ne pourriez pas repartir, vous "
            "ne pouvez pas vous y arrêter.",
            "Un duel se joue en manches. À chaque manche, celui qui défie retourne la carte du dessus de la pioche "
            "(elle est défaussée ensuite). Son image montre une scène d'escrime dans l'une des trois couleurs, ou "
            "une scène neutre, où l'attaquant ou le défenseur est mis en avant.",
            "Si un seul des deux duellistes possède une tuile d'escrime de cette couleur, il gagne la manche. "
            "Sinon (scène neutre, ou tuile détenue par les deux ou par aucun), la figure mise en avant décide : "
            "l'attaquant la fait gagner à celui qui défie, le défenseur au défenseur.",
            "Deux manches remportent le duel ; une troisième carte n'est retournée qu'à une manche partout. Le "
            "pion du perdant retourne à la cathédrale. Si celui qui défie gagne, il prend le cercle et peut "
            "utiliser la case ; si le défenseur gagne, il reste simplement en place.",
            "Gagné ou perdu, votre tour continue : vous pouvez encore jouer des cartes, même pour revenir sur la "
            "même case prendre votre revanche. Si aucune carte ne peut être retournée, la manche va au défenseur.",
        )),
        "using": ("Utiliser une case, et son coût selon la rangée", (
            "Utiliser une case est à votre choix. Le chemin monte à travers trois rangées, chacune avec une carte "
            "minimale : 1 dans la rangée du bas, 3 dans celle du milieu, 5 dans celle du haut.",
            "Votre propre commerce est gratuit. Au commerce d'un autre joueur, vous lui donnez exactement une "
            "carte au moins égale au minimum de la rangée ; une carte plus forte est permise, mais personne ne "
            "rend la monnaie.",
            "Taverne : défaussez une carte au moins égale au minimum de la rangée et piochez {tavern} cartes. "
            "Artiste : défaussez une carte de 3 ou plus et prenez le tableau du dessus.",
            "Les cartes reçues pendant votre tour peuvent être jouées ou données plus tard dans ce même tour. "
            "Une case dont la réserve est épuisée ne peut pas être utilisée, mais vous pouvez quand même vous y "
            "arrêter.",
        )),
        "businesses": ("Les commerces", (
            "Marchand de métal : prenez 1 métal. Marchand de gemmes : prenez 1 gemme.",
            "Forgeron : choisissez une tuile d'épée dans la réserve et rendez à la réserve le métal et les gemmes "
            "imprimés dessus. L'épée reste devant vous jusqu'à ce qu'un de vos pions la porte dans l'Alcazar.",
            "Maître d'armes : prenez une tuile de maître d'armes. Vous pouvez en avoir {max_fencing} au plus, "
            "jamais deux de la même sorte (les trois couleurs de duel et la tuile de déplacement). Si vous en avez "
            "déjà {max_fencing}, rendez-en d'abord une ; c'est le seul moyen de se défaire d'une tuile de "
            "déplacement.",
        )),
        "movement-tile": ("La tuile de déplacement", (
            "Une fois par tour, qui détient une tuile de déplacement peut jouer une carte en plus, de n'importe "
            "quelle valeur, pour avancer un pion, même au tour où la tuile a été prise. Ensuite, les cartes "
            "suivantes doivent de nouveau avoir la valeur du tour.",
            "Cette carte en plus peut aussi ouvrir le tour : elle est défaussée, le pion avance, et la carte "
            "suivante que vous jouez fixe la valeur du tour.",
            "À la fin de la partie, une tuile de déplacement coûte {penalty} points à qui la détient.",
        )),
        "alcazar": ("L'Alcazar", (
            "Les deux dernières cases du chemin sont les entrées de l'Alcazar. Un pion qui termine son "
            "déplacement pile sur l'une d'elles entre aussitôt dans l'Alcazar. Les entrées ne sont jamais pleines "
            "et on ne s'y bat pas.",
            "En entrant, le pion peut emporter une épée posée devant vous : une épée par pion, ou aucune.",
            "Les pions dans l'Alcazar y restent jusqu'à la fin de la partie et ne peuvent pas être ramenés.",
        )),
        "end": ("Fin de la partie et décompte", (
            "Quand un joueur termine son tour avec {end_pawns} pions ou plus dans l'Alcazar, chacun des autres "
            "joue encore exactement un tour, dans l'ordre, puis la partie s'arrête.",
            "Points : une épée dans l'Alcazar rapporte sa valeur entière ; une épée encore devant vous, la moitié "
            "de sa valeur arrondie à l'inférieur ; chaque tableau, sa valeur ; chaque lot de {gems_per_point} "
            "gemmes, 1 point ; une tuile de déplacement coûte {penalty} points ; le métal ne rapporte rien.",
            "Par exemple, une épée de 12 dans l'Alcazar, une de 7 encore devant vous (3), deux tableaux de 2, "
            "trois gemmes (1) et une tuile de déplacement (−2) font 12 + 3 + 4 + 1 − 2 = 18 points.",
        )),
        "ties": ("Égalités, et ce que chacun voit", (
            "Le plus de points l'emporte. En cas d'égalité, gagne celui qui a le plus de cartes en main ; s'il y "
            "a encore égalité, la plus forte valeur totale de ces cartes. Si même cela ne départage pas, les "
            "joueurs à égalité partagent la victoire.",
            "Le nombre de cartes de chaque main est public, pas les cartes elles-mêmes, et personne ne connaît "
            "l'ordre de la pioche. Tout le reste sur la table est visible de tous.",
        )),
    },
}

_HEADINGS: Final[dict[str, tuple[str, str]]] = {  # (table of contents label, rule-number hint)
    "en": ("Contents", "Rule numbers"),
    "de": ("Inhalt", "Regelnummern"),
    "fr": ("Sommaire", "Numéros des règles"),
}


def sections(lang: str = "en") -> list[Section]:
    """The rules help as data, in `lang` (English for unknown languages)."""
    text = TEXT[normalise_language(lang)]
    out = []
    for section_id, refs in STRUCTURE:
        title, paragraphs = text[section_id]
        if len(paragraphs) != len(refs):
            raise ValueError(f"{lang} section {section_id!r}: {len(paragraphs)} paragraphs, {len(refs)} expected")
        out.append(Section(section_id, title, tuple(
            Paragraph(p.format_map(FACTS), r) for p, r in zip(paragraphs, refs))))
    return out


def rules_html(lang: str = "en", heading_level: int = 2) -> str:
    """An HTML fragment: an <article> with a title, a table of contents and one <section> per topic.

    Rule ids appear after each paragraph as <small class="rule-ref">. Everything is escaped.
    """
    lang = normalise_language(lang)
    if not 1 <= heading_level <= 5:
        raise ValueError("heading_level must be 1-5 (sections use the next level)")
    h, h2 = f"h{heading_level}", f"h{heading_level + 1}"
    contents, hint = _HEADINGS[lang]
    parts = [f'<article class="rules-help" lang="{lang}">',
             f"<{h}>{escape(translate('rules_title', lang))}</{h}>",
             f'<nav class="rules-toc" aria-label="{escape(contents)}"><ol>']
    secs = sections(lang)
    parts += [f'<li><a href="#rules-{s.id}">{escape(s.title)}</a></li>' for s in secs]
    parts.append("</ol></nav>")
    for s in secs:
        parts.append(f'<section id="rules-{s.id}" aria-labelledby="rules-{s.id}-title">')
        parts.append(f'<{h2} id="rules-{s.id}-title">{escape(s.title)}</{h2}>')
        for p in s.paragraphs:
            ref = escape(", ".join(p.rules))
            parts.append(f'<p>{escape(p.text)} <small class="rule-ref" title="{escape(hint)}">{ref}</small></p>')
        parts.append("</section>")
    parts.append("</article>")
    return "\n".join(parts)


__all__ = ["LANGUAGES", "Paragraph", "STRUCTURE", "Section", "rules_html", "sections"]
