"""What the Veto validator says to people, in Polish first and in English: every sentence by message id.

    render("DECK_TOO_SMALL", {"count": 59, "min": 60, "short": 1, "ruleset": "veto"}, "pl")
    → "Kredens ma 59 kart; w formacie kwarcianym musi mieć co najmniej 60 (brakuje 1)."

Veto is a Polish game: its rules (the "Artykuły Henrykowskie"), its cards and its words (Kredens, Sakwa,
elekt, Biesiadny) are Polish, so each message is written here in Polish and in English, side by side, and
the core renders either (``Lang``). Unlike the VTES messages (English gettext msgids that the shells
translate through locale/), these need no catalogue: the Veto package carries its own two languages.

Every function that renders takes ``lang`` and defaults to Polish, the game's language; the English
sentence is one argument away. Parameters are plain JSON values (counts, card names, line numbers, lists
of names): a list parameter ``x`` is also offered joined, as ``x_and`` ("A, B i C") and ``x_or`` ("A, B lub
C"), card names (``names``, ``versions``, ``suggestions``) in the language's quotation marks; ``hint`` is the
"did you mean" of ``suggestions``; ``in_format`` names the format of ``ruleset``.

Citations name the articles of the rules: ``cite(("204.7", "A 103.3"), "pl")`` → "Artykuły Henrykowskie
3.0.3, 204.7, A 103.3". Appendices A and B reuse the chapters' numbers, hence "A 103.3", "B 207.5".
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Iterable, Mapping
from typing import Any, Literal

logger = logging.getLogger(__name__)

Lang = Literal["pl", "en"]
LANGUAGES: tuple[Lang, ...] = ("pl", "en")

# The rules every citation points into. There is no official page to link: veto.pl is gone with the game.
SOURCE: dict[Lang, str] = {"pl": "Artykuły Henrykowskie 3.0.3", "en": "Henrician Articles 3.0.3"}


@dataclasses.dataclass(frozen=True)
class Message:
    """One sentence in both languages. A plural sentence gives its forms, picked by the parameter named
    ``number``: Polish has three (one: 1 karta; few: 2-4, 22-24… karty; many: 0, 5-21, 25… kart), English
    two (one, other). ``grouped`` parameters are written as large numbers ("20 000", "20,000")."""

    pl: str | tuple[str, str, str]
    en: str | tuple[str, str]
    number: str = ""
    grouped: tuple[str, ...] = ()

    def template(self, lang: Lang) -> str | tuple[str, ...]:
        return self.pl if lang == "pl" else self.en


def plural_form(lang: Lang, n: int) -> int:
    """Which form of a plural sentence ``n`` takes: Polish one/few/many, English one/other."""
    if lang == "en":
        return 0 if n == 1 else 1
    if n == 1:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


MESSAGES: dict[str, Message] = {
    # --- the card list (cards.CardListError): each problem is rendered after "Wiersz N: " ---
    # Params: line, message (the problem's own sentence).
    "AT_LINE": Message("Wiersz %(line)s: %(message)s", "Line %(line)s: %(message)s"),
    "CARDS_EMPTY": Message("Lista kart jest pusta.", "The card list is empty."),
    "CARDS_NO_ROWS": Message(
        "Lista kart ma nagłówek, ale nie ma w niej żadnej karty.", "The card list has a header but no cards."
    ),
    # Params: size, limit.
    "CARDS_TOO_LARGE": Message(
        (
            "Lista kart jest za duża: %(size)s znak (limit to %(limit)s).",
            "Lista kart jest za duża: %(size)s znaki (limit to %(limit)s).",
            "Lista kart jest za duża: %(size)s znaków (limit to %(limit)s).",
        ),
        (
            "The card list is too large: %(size)s character (the limit is %(limit)s).",
            "The card list is too large: %(size)s characters (the limit is %(limit)s).",
        ),
        number="size",
        grouped=("size", "limit"),
    ),
    "CARDS_BINARY": Message(
        "To nie jest plik tekstowy (zawiera dane binarne); lista kart to plik CSV zapisany w UTF-8.",
        "This is not a text file (it holds binary data); a card list is a CSV file saved as UTF-8.",
    ),
    "CARDS_NOT_UTF8": Message(
        "Tekst nie jest zapisany w UTF-8; zapisz listę kart jako CSV w UTF-8.",
        "The text is not UTF-8; save the card list as a CSV file in UTF-8.",
    ),
    # Params: detail (Python's csv module's words, in English).
    "CARDS_CSV_ERROR": Message("Nie można odczytać pliku CSV: %(detail)s.", "The CSV cannot be read: %(detail)s."),
    # Params: column.
    "CARDS_MISSING_COLUMN": Message(
        "W nagłówku brakuje wymaganej kolumny „%(column)s”.", "The header lacks the required column “%(column)s”."
    ),
    # Params: column, known.
    "CARDS_UNKNOWN_COLUMN": Message(
        "Nieznana kolumna „%(column)s”; znane kolumny to %(known_and)s.",
        "Unknown column “%(column)s”; the known columns are %(known_and)s.",
    ),
    "CARDS_DUPLICATE_COLUMN": Message(
        "Kolumna „%(column)s” występuje w nagłówku dwa razy.", "The column “%(column)s” appears twice in the header."
    ),
    # Params: count, expected.
    "CARDS_TOO_MANY_FIELDS": Message(
        (
            "Wiersz ma %(count)s pole, a nagłówek %(expected)s.",
            "Wiersz ma %(count)s pola, a nagłówek tylko %(expected)s.",
            "Wiersz ma %(count)s pól, a nagłówek tylko %(expected)s.",
        ),
        (
            "This row has %(count)s field; the header has %(expected)s.",
            "This row has %(count)s fields; the header has only %(expected)s.",
        ),
        number="count",
    ),
    "CARDS_NAME_MISSING": Message(
        "Karta nie ma nazwy (kolumna „name” jest pusta).", "The card has no name (the “name” column is empty)."
    ),
    # Params: value, known.
    "CARDS_BAD_TYPE": Message(
        "Nieznany typ karty „%(value)s”; dozwolone typy to %(known_or)s.",
        "Unknown card type “%(value)s”; the types are %(known_or)s.",
    ),
    "CARDS_UNKNOWN_KEYWORD": Message(
        "Nieznane słowo kluczowe „%(value)s”; lista kart zna %(known_and)s.",
        "Unknown keyword “%(value)s”; the card list knows %(known_and)s.",
    ),
    # Params: name (with its epithet), first_line.
    "CARDS_DUPLICATE_CARD": Message(
        "Karta „%(name)s” jest już na liście (wiersz %(first_line)s): nazwa z przydomkiem wskazuje jedną kartę.",
        "The card “%(name)s” is already on the list (line %(first_line)s): a name and epithet name one card.",
    ),
    # Params: column, length, limit.
    "CARDS_FIELD_TOO_LONG": Message(
        (
            "Pole „%(column)s” ma %(length)s znak (limit to %(limit)s).",
            "Pole „%(column)s” ma %(length)s znaki (limit to %(limit)s).",
            "Pole „%(column)s” ma %(length)s znaków (limit to %(limit)s).",
        ),
        (
            "The “%(column)s” field has %(length)s character (the limit is %(limit)s).",
            "The “%(column)s” field has %(length)s characters (the limit is %(limit)s).",
        ),
        number="length",
        grouped=("length", "limit"),
    ),
    # Params: column.
    "CARDS_CONTROL_CHARACTER": Message(
        "Pole „%(column)s” zawiera znak sterujący albo koniec wiersza.",
        "The “%(column)s” field holds a control character or a line break.",
    ),
    # Params: limit.
    "CARDS_TOO_MANY_ROWS": Message(
        "Lista kart ma więcej niż %(limit)s kart; tu kończy się czytanie.",
        "The card list has more than %(limit)s cards; reading stops here.",
        grouped=("limit",),
    ),
    "CARDS_TOO_MANY_ERRORS": Message(
        "Ponad %(limit)s błędów; tu kończy się czytanie.",
        "More than %(limit)s errors; reading stops here.",
        grouped=("limit",),
    ),
    # --- decklists that cannot be read at all (decklist.VetoDecklistError) ---
    "DECKLIST_EMPTY": Message("Spis talii jest pusty.", "The decklist is empty."),
    # Params: size, limit.
    "DECKLIST_TOO_LARGE": Message(
        (
            "Spis talii jest za duży: %(size)s znak (limit to %(limit)s).",
            "Spis talii jest za duży: %(size)s znaki (limit to %(limit)s).",
            "Spis talii jest za duży: %(size)s znaków (limit to %(limit)s).",
        ),
        (
            "The decklist is too large: %(size)s character (the limit is %(limit)s).",
            "The decklist is too large: %(size)s characters (the limit is %(limit)s).",
        ),
        number="size",
        grouped=("size", "limit"),
    ),
    # Params: limit.
    "DECKLIST_TOO_MANY_LINES": Message(
        "Spis talii ma więcej niż %(limit)s wierszy; żadna talia nie jest tak długa.",
        "The decklist has more than %(limit)s lines; no deck is that long.",
        grouped=("limit",),
    ),
    # Params: line.
    "DECKLIST_BINARY": Message(
        "To nie jest plik tekstowy (dane binarne w wierszu %(line)s); wklej spis talii jako tekst.",
        "This is not a text file (binary data at line %(line)s); send the decklist as text.",
    ),
    "DECKLIST_NOT_UTF8": Message(
        "Tekst nie jest zapisany w UTF-8 (wiersz %(line)s).", "The text is not UTF-8 (line %(line)s)."
    ),
    # --- lines of a decklist naming no card (validation errors, code UNKNOWN_CARD) ---
    # Params: line, text, suggestions.
    "UNKNOWN_CARD": Message(
        "Wiersz %(line)s: „%(text)s” nie wskazuje żadnej karty z listy kart.%(hint)s",
        "Line %(line)s: “%(text)s” names no card of the card list.%(hint)s",
    ),
    "AMBIGUOUS_CARD": Message(
        "Wiersz %(line)s: „%(text)s” pasuje do kilku kart: %(suggestions_or)s; dopisz przydomek.",
        "Line %(line)s: “%(text)s” fits several cards: %(suggestions_or)s; add the epithet.",
    ),
    # Params: line, text, count, max.
    "BAD_COUNT": Message(
        (
            "Wiersz %(line)s: „%(text)s” podaje %(count)s kopię; wiersz podaje od 1 do %(max)s kopii.",
            "Wiersz %(line)s: „%(text)s” podaje %(count)s kopie; wiersz podaje od 1 do %(max)s kopii.",
            "Wiersz %(line)s: „%(text)s” podaje %(count)s kopii; wiersz podaje od 1 do %(max)s kopii.",
        ),
        (
            "Line %(line)s: “%(text)s” asks for %(count)s copy; a line holds 1 to %(max)s copies.",
            "Line %(line)s: “%(text)s” asks for %(count)s copies; a line holds 1 to %(max)s copies.",
        ),
        number="count",
    ),
    # Params: line, text (its start), length, limit.
    "LINE_TOO_LONG": Message(
        "Wiersz %(line)s („%(text)s”) ma %(length)s znaków: za dużo jak na wiersz karty (limit to %(limit)s).",
        "Line %(line)s (“%(text)s”) has %(length)s characters: too many for a card line (the limit is %(limit)s).",
    ),
    # Params: name (a deck's card that the card list given to the validator does not hold).
    "CARD_NOT_IN_LIST": Message(
        "Karty „%(name)s” nie ma na liście kart.", "The card “%(name)s” is not on the card list."
    ),
    # --- the rules (rules.validate) ---
    # Params: count, min, short, ruleset.
    "DECK_TOO_SMALL": Message(
        (
            "Kredens ma %(count)s kartę; %(in_format)s musi mieć co najmniej %(min)s (brakuje %(short)s).",
            "Kredens ma %(count)s karty; %(in_format)s musi mieć co najmniej %(min)s (brakuje %(short)s).",
            "Kredens ma %(count)s kart; %(in_format)s musi mieć co najmniej %(min)s (brakuje %(short)s).",
        ),
        (
            "The deck has %(count)s card; %(in_format)s it needs at least %(min)s (%(short)s short).",
            "The deck has %(count)s cards; %(in_format)s it needs at least %(min)s (%(short)s short).",
        ),
        number="count",
    ),
    # Params: name, count, max.
    "TOO_MANY_COPIES": Message(
        (
            "Kredens ma %(count)s kopię karty „%(name)s”; wolno mieć najwyżej %(max)s kopie karty o tej samej "
            "nazwie i przydomku.",
            "Kredens ma %(count)s kopie karty „%(name)s”; wolno mieć najwyżej %(max)s kopie karty o tej samej "
            "nazwie i przydomku.",
            "Kredens ma %(count)s kopii karty „%(name)s”; wolno mieć najwyżej %(max)s kopie karty o tej samej "
            "nazwie i przydomku.",
        ),
        (
            "The deck holds %(count)s copy of “%(name)s”; at most %(max)s copies of a card with the same name and "
            "epithet are allowed.",
            "The deck holds %(count)s copies of “%(name)s”; at most %(max)s copies of a card with the same name "
            "and epithet are allowed.",
        ),
        number="count",
    ),
    "ELEKT_MISSING": Message(
        "Brak karty elekta/frakcji; gracz używa dokładnie jednej, poza Kredensem.",
        "No elekt/faction card; a player uses exactly one, outside the deck.",
    ),
    # Params: count, names.
    "ELEKT_TOO_MANY": Message(
        (
            "Spis ma %(count)s kartę elekta/frakcji (%(names_and)s); gracz używa tylko jednej.",
            "Spis ma %(count)s karty elekta/frakcji (%(names_and)s); gracz używa tylko jednej.",
            "Spis ma %(count)s kart elekta/frakcji (%(names_and)s); gracz używa tylko jednej.",
        ),
        (
            "The decklist has %(count)s elekt/faction card (%(names_and)s); a player uses only one.",
            "The decklist has %(count)s elekt/faction cards (%(names_and)s); a player uses only one.",
        ),
        number="count",
    ),
    # Params: name.
    "ELEKT_IN_DECK": Message(
        "Karta elekta/frakcji „%(name)s” jest wpisana do Kredensu; jej miejsce to Pole Kart Specjalnych, poza talią.",
        "The elekt/faction card “%(name)s” is listed in the deck; it belongs on the Special Cards Field, outside "
        "the deck.",
    ),
    "STRATEGY_IN_DECK": Message(
        "Karta strategii „%(name)s” jest wpisana do Kredensu; jej miejsce to Pole Kart Specjalnych, poza talią.",
        "The strategy card “%(name)s” is listed in the deck; it belongs on the Special Cards Field, outside the deck.",
    ),
    "NOT_SPECIAL_CARD": Message(
        "„%(name)s” nie jest kartą elekta/frakcji ani strategii, a jest wpisana wśród kart specjalnych.",
        "“%(name)s” is neither an elekt/faction card nor a strategy card, yet it is listed among the special cards.",
    ),
    "ELEKT_IN_SIDEBOARD": Message(
        "Karta elekta/frakcji „%(name)s” jest w Sakwie, a w Sakwie nie wolno mieć karty elekta/frakcji.",
        "The elekt/faction card “%(name)s” is in the sideboard (Sakwa), where no elekt/faction card may be.",
    ),
    # Params: name, factions (the card's crests), elekt, elekt_factions.
    "OFF_FACTION": Message(
        "„%(name)s” (%(factions_and)s) nie należy do frakcji elekta „%(elekt)s” (%(elekt_factions_or)s); w "
        "Kredensie mogą być tylko karty bezfrakcyjne i karty tej frakcji.",
        "“%(name)s” (%(factions_and)s) is not of the faction of the elekt “%(elekt)s” (%(elekt_factions_or)s); a "
        "deck holds only factionless cards and cards of that faction.",
    ),
    "OFF_FACTION_SIDEBOARD": Message(
        "„%(name)s” w Sakwie (%(factions_and)s) nie należy do frakcji elekta „%(elekt)s” "
        "(%(elekt_factions_or)s); karta elekta decyduje także o Sakwie.",
        "“%(name)s” in the sideboard (%(factions_and)s) is not of the faction of the elekt “%(elekt)s” "
        "(%(elekt_factions_or)s); the elekt card decides the sideboard too.",
    ),
    # Params: name, factions, alliances, elekt, elekt_factions.
    "OFF_FACTION_DUAL": Message(
        "„%(name)s” (herb: %(factions_and)s; sojusz: %(alliances_and)s) nie należy do frakcji elekta "
        "„%(elekt)s” (%(elekt_factions_or)s), a w Kredensie nie ma innych kart jej sojuszu.",
        "“%(name)s” (crest: %(factions_and)s; alliance: %(alliances_and)s) is not of the faction of the elekt "
        "“%(elekt)s” (%(elekt_factions_or)s), and no other card of its alliance is in the deck.",
    ),
    # Params: alliances, count, ruleset.
    "TOO_MANY_ALLIANCES": Message(
        "Kredens ma karty z %(count)s sojuszy (%(alliances_and)s); %(in_format)s wolno mieć karty tylko z "
        "jednego sojuszu.",
        "The deck holds cards of %(count)s alliances (%(alliances_and)s); %(in_format)s a deck holds cards of "
        "one alliance at most.",
    ),
    # Params: name, count.
    "LEGENDARY_COPIES": Message(
        (
            "Kredens ma %(count)s kopię Legendarnej karty „%(name)s”; karta Legendarna może być tylko w jednej kopii.",
            "Kredens ma %(count)s kopie Legendarnej karty „%(name)s”; karta Legendarna może być tylko w jednej kopii.",
            "Kredens ma %(count)s kopii Legendarnej karty „%(name)s”; karta Legendarna może być tylko w jednej kopii.",
        ),
        (
            "The deck holds %(count)s copy of the Legendary card “%(name)s”; a Legendary card is allowed one copy.",
            "The deck holds %(count)s copies of the Legendary card “%(name)s”; a Legendary card is allowed one copy.",
        ),
        number="count",
    ),
    # Params: count, max, per, names.
    "LEGENDARY_TOTAL": Message(
        (
            "Kredens ma %(count)s kartę Legendarną; wolno mieć jedną na każde %(per)s kart Kredensu, tu najwyżej "
            "%(max)s.",
            "Kredens ma %(count)s karty Legendarne; wolno mieć jedną na każde %(per)s kart Kredensu, tu najwyżej "
            "%(max)s.",
            "Kredens ma %(count)s kart Legendarnych; wolno mieć jedną na każde %(per)s kart Kredensu, tu najwyżej "
            "%(max)s.",
        ),
        (
            "The deck holds %(count)s Legendary card; one is allowed per %(per)s deck cards, so at most %(max)s here.",
            "The deck holds %(count)s Legendary cards; one is allowed per %(per)s deck cards, so at most %(max)s here.",
        ),
        number="count",
    ),
    # Params: name (the name without epithet), count, max, versions (the cards of that name, with epithets).
    "LIMITED_COPIES": Message(
        (
            "Kredens i Sakwa mają razem %(count)s kopię Limitowanej karty „%(name)s” (%(versions_and)s); wolno "
            "najwyżej %(max)s, bez względu na przydomek.",
            "Kredens i Sakwa mają razem %(count)s kopie Limitowanej karty „%(name)s” (%(versions_and)s); wolno "
            "najwyżej %(max)s, bez względu na przydomek.",
            "Kredens i Sakwa mają razem %(count)s kopii Limitowanej karty „%(name)s” (%(versions_and)s); wolno "
            "najwyżej %(max)s, bez względu na przydomek.",
        ),
        (
            "The deck and the sideboard hold %(count)s copy of the Limited card “%(name)s” (%(versions_and)s); at "
            "most %(max)s are allowed, whatever the epithet.",
            "The deck and the sideboard hold %(count)s copies of the Limited card “%(name)s” (%(versions_and)s); at "
            "most %(max)s are allowed, whatever the epithet.",
        ),
        number="count",
    ),
    # The same, in a format whose Sakwa is the rest of the pool (only the Kredens counts).
    "LIMITED_COPIES_DECK": Message(
        (
            "Kredens ma %(count)s kopię Limitowanej karty „%(name)s” (%(versions_and)s); wolno najwyżej %(max)s, "
            "bez względu na przydomek.",
            "Kredens ma %(count)s kopie Limitowanej karty „%(name)s” (%(versions_and)s); wolno najwyżej %(max)s, "
            "bez względu na przydomek.",
            "Kredens ma %(count)s kopii Limitowanej karty „%(name)s” (%(versions_and)s); wolno najwyżej %(max)s, "
            "bez względu na przydomek.",
        ),
        (
            "The deck holds %(count)s copy of the Limited card “%(name)s” (%(versions_and)s); at most %(max)s are "
            "allowed, whatever the epithet.",
            "The deck holds %(count)s copies of the Limited card “%(name)s” (%(versions_and)s); at most %(max)s are "
            "allowed, whatever the epithet.",
        ),
        number="count",
    ),
    # Params: name, count.
    "CONVIVIAL_CARD": Message(
        "„%(name)s” ma słowo kluczowe Biesiadny: takiej karty nie może być w Kredensie na turnieju.",
        "“%(name)s” has the keyword Biesiadny (convivial): no such card may be in a tournament deck.",
    ),
    # Params: count, allowed, ruleset.
    "SIDEBOARD_SIZE": Message(
        (
            "Sakwa ma %(count)s kartę; %(in_format)s Sakwa ma %(allowed_or)s kart.",
            "Sakwa ma %(count)s karty; %(in_format)s Sakwa ma %(allowed_or)s kart.",
            "Sakwa ma %(count)s kart; %(in_format)s Sakwa ma %(allowed_or)s kart.",
        ),
        (
            "The sideboard (Sakwa) has %(count)s card; %(in_format)s it has %(allowed_or)s cards.",
            "The sideboard (Sakwa) has %(count)s cards; %(in_format)s it has %(allowed_or)s cards.",
        ),
        number="count",
    ),
    # Params: count, names.
    "TOO_MANY_STRATEGIES": Message(
        (
            "Spis ma %(count)s kartę strategii (%(names_and)s); gracz może używać tylko jednej.",
            "Spis ma %(count)s karty strategii (%(names_and)s); gracz może używać tylko jednej.",
            "Spis ma %(count)s kart strategii (%(names_and)s); gracz może używać tylko jednej.",
        ),
        (
            "The decklist has %(count)s strategy card (%(names_and)s); a player may use only one.",
            "The decklist has %(count)s strategy cards (%(names_and)s); a player may use only one.",
        ),
        number="count",
    ),
    # --- warnings: how a card with both a crest and an alliance mark was read (A 103.3.a-b) ---
    # Params: name, factions, alliances, elekt_factions.
    "DUAL_MARK_ALLIANCE_ONLY": Message(
        "„%(name)s” (herb: %(factions_and)s; sojusz: %(alliances_and)s): pozostałe karty frakcyjne należą do "
        "innej frakcji (%(elekt_factions_and)s), więc liczy się tylko jako karta sojuszu.",
        "“%(name)s” (crest: %(factions_and)s; alliance: %(alliances_and)s): the deck's other faction cards are "
        "of another faction (%(elekt_factions_and)s), so it counts as an alliance card only.",
    ),
    # Params: name, factions, alliances, others (the deck's alliance).
    "DUAL_MARK_FACTION_ONLY": Message(
        "„%(name)s” (herb: %(factions_and)s; sojusz: %(alliances_and)s): pozostałe karty sojusznicze należą do "
        "innego sojuszu (%(others_and)s), więc liczy się tylko jako karta frakcji.",
        "“%(name)s” (crest: %(factions_and)s; alliance: %(alliances_and)s): the deck's other alliance cards are "
        "of another alliance (%(others_and)s), so it counts as a faction card only.",
    ),
}

# A readable title for each issue code (``rules.ERROR_CODES``, ``rules.WARNING_CODES``), for people.
TITLES: dict[str, tuple[str, str]] = {
    "UNKNOWN_CARD": ("Nieznana karta", "Unknown card"),
    "DECK_TOO_SMALL": ("Za mały Kredens", "Deck too small"),
    "TOO_MANY_COPIES": ("Za dużo kopii karty", "Too many copies of a card"),
    "ELEKT_COUNT": ("Nie jedna karta elekta", "Not exactly one elekt card"),
    "ELEKT_IN_DECK": ("Karta elekta w Kredensie", "Elekt card in the deck"),
    "STRATEGY_IN_DECK": ("Karta strategii w Kredensie", "Strategy card in the deck"),
    "NOT_SPECIAL_CARD": ("Zwykła karta wśród kart specjalnych", "Ordinary card among the special cards"),
    "ELEKT_IN_SIDEBOARD": ("Karta elekta w Sakwie", "Elekt card in the sideboard"),
    "OFF_FACTION": ("Karta spoza frakcji elekta", "Card outside the elekt's faction"),
    "TOO_MANY_ALLIANCES": ("Więcej niż jeden sojusz", "More than one alliance"),
    "LEGENDARY_COPIES": ("Więcej niż jedna kopia karty Legendarnej", "More than one copy of a Legendary card"),
    "LEGENDARY_TOTAL": ("Za dużo kart Legendarnych", "Too many Legendary cards"),
    "LIMITED_COPIES": ("Za dużo kart Limitowanych", "Too many Limited cards"),
    "CONVIVIAL_CARD": ("Karta Biesiadna", "Biesiadny (convivial) card"),
    "SIDEBOARD_SIZE": ("Zła liczba kart w Sakwie", "Wrong sideboard size"),
    "TOO_MANY_STRATEGIES": ("Więcej niż jedna karta strategii", "More than one strategy card"),
    "DUAL_MARK": ("Karta z herbem i znakiem sojuszu", "Card with a crest and an alliance mark"),
}

# How a sentence names a format (``in_format``), by ruleset name (``rules.RULESETS``).
FORMATS: dict[str, tuple[str, str]] = {
    "veto": ("w formacie kwarcianym", "in the constructed format (kwarciany)"),
    "veto-sealed": ("w formacie wybranieckim", "in the sealed format (wybraniecki)"),
}
FORMAT_LABELS: dict[str, tuple[str, str]] = {
    "veto": ("Format kwarciany", "Constructed (kwarciany)"),
    "veto-sealed": ("Format wybraniecki", "Sealed (wybraniecki)"),
}

# Parameters holding card names: quoted when joined.
_QUOTED = frozenset({"names", "versions", "suggestions"})
_QUOTES: dict[Lang, tuple[str, str]] = {"pl": ("„", "”"), "en": ("“", "”")}
_AND: dict[Lang, str] = {"pl": "i", "en": "and"}
_OR: dict[Lang, str] = {"pl": "lub", "en": "or"}
_DID_YOU_MEAN: dict[Lang, str] = {"pl": " Czy chodziło o %s?", "en": " Did you mean %s?"}
_SEPARATOR: dict[Lang, str] = {"pl": " ", "en": ","}  # thousands: "20 000", "20,000"


def join(items: Iterable[str], word: str) -> str:
    """ "A, B i C" / "A, B and C" (no comma before the last word: Polish writes none); "—" for none."""
    items = list(items)
    if not items:
        return "—"
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def _derived(params: Mapping[str, Any], lang: Lang) -> dict[str, Any]:
    opening, closing = _QUOTES[lang]
    values: dict[str, Any] = {}
    for key, value in params.items():
        if isinstance(value, list | tuple):
            words = [f"{opening}{item}{closing}" if key in _QUOTED else str(item) for item in value]
            values[f"{key}_and"] = join(words, _AND[lang])
            values[f"{key}_or"] = join(words, _OR[lang])
    suggestions = params.get("suggestions")
    values["hint"] = _DID_YOU_MEAN[lang] % values["suggestions_or"] if suggestions else ""
    ruleset = params.get("ruleset")
    if isinstance(ruleset, str) and ruleset in FORMATS:
        values["in_format"] = FORMATS[ruleset][0 if lang == "pl" else 1]
    return values


def _grouped(n: int, lang: Lang) -> str:
    return f"{n:,}".replace(",", _SEPARATOR[lang])


def render(message_id: str, params: Mapping[str, Any], lang: Lang = "pl") -> str:
    """The sentence of ``message_id`` filled with ``params``, in Polish (the default) or English."""
    message = MESSAGES[message_id]
    template = message.template(lang)
    if isinstance(template, tuple):
        number = params.get(message.number)
        template = template[plural_form(lang, number if isinstance(number, int) else 0)]
    values = {**params, **_derived(params, lang)}
    for key in message.grouped:
        if isinstance(values.get(key), int):
            values[key] = _grouped(values[key], lang)
    return template % values


def title(code: str, lang: Lang = "pl") -> str:
    """The readable title of an issue code ("Za mały Kredens"); the code itself when it has none."""
    found = TITLES.get(code)
    return found[0 if lang == "pl" else 1] if found else code


def format_label(ruleset: str, lang: Lang = "pl") -> str:
    found = FORMAT_LABELS.get(ruleset)
    return found[0 if lang == "pl" else 1] if found else ruleset


def cite(articles: Iterable[str], lang: Lang = "pl") -> str:
    """The articles a rule stands on: "Artykuły Henrykowskie 3.0.3, 204.7, A 103.3"."""
    numbers = ", ".join(articles)
    return f"{SOURCE[lang]}, {numbers}" if numbers else SOURCE[lang]
