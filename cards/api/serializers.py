"""Card data over the API: the core card's fields, flattened for JSON consumers.

Every field is read from the stored core card (``Card.card``, rebuilt once per row from ``Card.data``)
or from plain columns, so serializing a page of cards runs no query per card.
"""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from vtesdeck.core.domain import DISCIPLINES, VIRTUES, Discipline

from ..models import Card, CardSet, Printing

__all__ = ["CardSerializer", "CardDetailSerializer", "CardSetSerializer"]


class CardSetSerializer(serializers.ModelSerializer):
    class Meta:
        model = CardSet
        fields = ["abbrev", "vekn_id", "name", "release_date", "company"]


class DisciplineSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="lower-case trigram, e.g. dom")
    name = serializers.CharField()
    superior = serializers.BooleanField(help_text="vampires only: the superior level; always false on library cards")


class CostSerializer(serializers.Serializer):
    value = serializers.IntegerField(allow_null=True, help_text="null when the cost is X")
    x = serializers.BooleanField(source="is_x", help_text="the cost is X, chosen when the card is played")


class RequirementsSerializer(serializers.Serializer):
    clans = serializers.ListField(child=serializers.CharField(), help_text="any of these clans")
    titles = serializers.ListField(child=serializers.CharField(), help_text='any of these titles ("titled": any)')
    sects = serializers.ListField(child=serializers.CharField(), help_text="any of these sects")
    capacity_min = serializers.IntegerField(allow_null=True)
    capacity_max = serializers.IntegerField(allow_null=True)
    other = serializers.ListField(child=serializers.CharField(), help_text='"black hand", "non-sterile"…')


class RulingSerializer(serializers.Serializer):
    text = serializers.CharField()
    references = serializers.ListField(child=serializers.CharField(), help_text='e.g. "LSJ 20030502"')


class PreconCopiesSerializer(serializers.Serializer):
    code = serializers.CharField(help_text='as the card data writes it: "PTr" (precon), "SKTr" (starter kit), "DoF"')
    name = serializers.CharField(
        help_text='the precon\'s name in the card data: "Tremere", "Starter Kit Tremere antitribu"; empty if none'
    )
    copies = serializers.IntegerField(help_text="copies of the card in that precon")
    starter_kit = serializers.BooleanField(help_text="a Third Edition starter kit rather than a precon")


class PrintingSerializer(serializers.ModelSerializer):
    set = serializers.CharField(source="set_id", help_text="set abbreviation")
    set_name = serializers.CharField(source="set.name")
    release_date = serializers.DateField(source="set.release_date", allow_null=True)
    code = serializers.CharField(help_text='the printing\'s code as the card data writes it: "C", "PL7/PM12/PTr12"')
    # Read from `code` by the one reader (vtesdeck.core.printings), as the collection reads it.
    rarity = serializers.CharField(source="reading.rarity", help_text='"C", "U2"…; empty for a precon-only printing')
    precon = serializers.CharField(
        source="reading.precon", help_text='the precons\' deck codes: "To" (PTo3); several "/"-joined: "L/M/Tr"'
    )
    copies = serializers.IntegerField(
        source="reading.copies",
        allow_null=True,
        help_text="copies in the printing's one precon or fixed set; null when in several precons (see `precons`)",
    )
    precons = PreconCopiesSerializer(
        source="reading.precons", many=True, read_only=True, help_text="every precon it came in, with its copies"
    )

    class Meta:
        model = Printing
        fields = ["set", "set_name", "release_date", "code", "rarity", "precon", "copies", "precons"]


def _strings(source: str, help_text: str = "") -> serializers.ListField:
    return serializers.ListField(child=serializers.CharField(), source=source, read_only=True, help_text=help_text)


class CardSerializer(serializers.ModelSerializer):
    """The card fields a list needs; the detail adds text, printings and rulings."""

    url = serializers.HyperlinkedIdentityField(view_name="cards-api:card-detail", lookup_field="pk")
    types = _strings("card.types", 'e.g. ["Action Modifier", "Reaction"]; crypt: ["Vampire"] or ["Imbued"]')
    clans = _strings("card.clans", "crypt: the clan or creed; library: the clans that may play it")
    disciplines = serializers.SerializerMethodField(
        help_text="crypt: the vampire's disciplines; library: the disciplines the card asks for"
    )
    discipline_mode = serializers.ChoiceField(
        choices=["none", "any", "all"],
        source="card.discipline_requirement.mode.value",
        read_only=True,
        help_text='library: "any" (A/B, one of them) or "all" (A & B); "none" without requirement',
    )
    base: serializers.PrimaryKeyRelatedField[Card] = serializers.PrimaryKeyRelatedField(
        read_only=True, allow_null=True, help_text="advanced vampire: the id of its base version"
    )
    pool_cost = CostSerializer(source="card.pool_cost", read_only=True, allow_null=True)
    blood_cost = CostSerializer(source="card.blood_cost", read_only=True, allow_null=True)
    conviction_cost = CostSerializer(source="card.conviction_cost", read_only=True, allow_null=True)
    banned = serializers.SerializerMethodField()

    class Meta:
        model = Card
        fields = [
            "id",
            "url",
            "kind",
            "name",
            "printed_name",
            "unique_name",
            "types",
            "clans",
            "disciplines",
            "discipline_mode",
            "group",
            "capacity",
            "sect",
            "title",
            "votes",
            "advanced",
            "base",
            "pool_cost",
            "blood_cost",
            "conviction_cost",
            "banned",
            "banned_year",
            "first_release",
        ]
        read_only_fields = fields

    @extend_schema_field(DisciplineSerializer(many=True))
    def get_disciplines(self, card: Card) -> list[dict]:
        core = card.card
        if core.is_crypt:
            return [{"code": d.code, "name": d.name, "superior": d.superior} for d in core.disciplines]
        return [
            {"code": code, "name": Discipline(code=code).name, "superior": False}
            for code in core.discipline_requirement.codes
        ]

    def get_banned(self, card: Card) -> bool:
        return card.banned_year is not None

    def to_representation(self, card: Card | dict) -> dict:
        """The declared fields' output, built straight from the stored JSON.

        A page of results is mostly this method, and DRF's field-by-field walk (plus rebuilding each core
        card and reversing each URL) costs several times the SQL. The fields above still define the
        schema, and ``declared_representation`` gives their output: the tests check both agree on every
        card. ``card`` may also be a card's ``listed`` dict, kept from an earlier request: only the URL,
        which names the request's host, is added.
        """
        if "_url_prefix" not in self.__dict__:
            list_url = reverse("cards-api:card-list")
            request = self.context.get("request")
            self._url_prefix = request.build_absolute_uri(list_url) if request is not None else list_url
        listed = card if isinstance(card, dict) else self.listed(card)
        # "id" comes first in `listed` too: this keeps the fields in their declared order.
        return {"id": listed["id"], "url": f"{self._url_prefix}{listed['id']}/", **listed}

    @staticmethod
    def listed(card: Card) -> dict:
        """Every field but ``url``: the same for every request (no field is translated), so a process may
        keep it for as long as the card list does not change. Callers must not modify it."""
        data = card.data
        if card.kind == Card.Kind.CRYPT:
            disciplines = [
                {"code": d["code"], "name": _trait_name(d["code"]), "superior": d["superior"]}
                for d in data["disciplines"]
            ]
        else:
            disciplines = [
                {"code": code, "name": _trait_name(code), "superior": False}
                for code in data["discipline_requirement"]["codes"]
            ]
        return {
            "id": card.id,
            "kind": card.kind,
            "name": card.name,
            "printed_name": card.printed_name,
            "unique_name": card.unique_name,
            "types": list(data["types"]),
            "clans": list(data["clans"]),
            "disciplines": disciplines,
            "discipline_mode": data["discipline_requirement"]["mode"],
            "group": card.group,
            "capacity": card.capacity,
            "sect": card.sect,
            "title": card.title,
            "votes": card.votes,
            "advanced": card.advanced,
            "base": card.base_id,
            "pool_cost": _cost(data.get("pool_cost")),
            "blood_cost": _cost(data.get("blood_cost")),
            "conviction_cost": _cost(data.get("conviction_cost")),
            "banned": card.banned_year is not None,
            "banned_year": card.banned_year,
            "first_release": card.first_release.isoformat() if card.first_release else None,
        }

    def declared_representation(self, card: Card) -> dict:
        """DRF's own rendering of the declared fields: the reference ``to_representation`` must match."""
        return super().to_representation(card)


def _trait_name(code: str) -> str:
    return DISCIPLINES.get(code) or VIRTUES.get(code, code)


def _cost(cost: dict | None) -> dict | None:
    return None if cost is None else {"value": cost["value"], "x": cost["value"] is None}


class CardDetailSerializer(CardSerializer):
    """One card in full: text, requirements, printings, rulings, and the stored core card itself."""

    def to_representation(self, card: Card | dict) -> dict:
        """One card: DRF's field-by-field rendering, no shortcut."""
        return serializers.ModelSerializer.to_representation(self, card)

    aka = _strings("card.aka", "other names the card is known by")
    flavor = serializers.CharField(source="card.flavor", read_only=True)
    artists = _strings("card.artists")
    traits = _strings("card.traits", 'vampires: "black hand", "red list", "infernal", "slave"…')
    requirements = RequirementsSerializer(source="card.requirements", read_only=True)
    burn_option = serializers.BooleanField(source="card.burn_option", read_only=True)
    capacity_change = serializers.CharField(
        source="card.capacity_change", read_only=True, help_text='library: e.g. "+1" on master disciplines'
    )
    printings = PrintingSerializer(many=True, read_only=True)
    rulings = RulingSerializer(source="card.rulings", many=True, read_only=True)
    advanced_versions: serializers.PrimaryKeyRelatedField[Card] = serializers.PrimaryKeyRelatedField(
        many=True, read_only=True, help_text="base vampire: the ids of its advanced versions"
    )
    # DRF's metaclass moves declared fields out of the class, so this field does not hide ``Serializer.data``;
    # the stubs cannot say so.
    data = serializers.JSONField(  # type: ignore[assignment]
        read_only=True, help_text="the stored core card: every structured field"
    )

    class Meta(CardSerializer.Meta):
        fields = CardSerializer.Meta.fields + [
            "text",
            "flavor",
            "aka",
            "artists",
            "path",
            "traits",
            "requirements",
            "burn_option",
            "capacity_change",
            "printings",
            "rulings",
            "advanced_versions",
            "data",
        ]
        read_only_fields = fields
