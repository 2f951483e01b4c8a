"""The /veto/cards/ upload: a CSV file or the pasted CSV, one of the two."""

from __future__ import annotations

from django import forms
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext_lazy as _

from . import services


class CardListForm(forms.Form):
    file = forms.FileField(
        label=_("A CSV file"),
        required=False,
        help_text=_("UTF-8, comma-separated, a header row first (as a spreadsheet saves “CSV UTF-8”)."),
    )
    text = forms.CharField(
        label=_("…or the CSV, pasted"),
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false", "autocapitalize": "off"}),
    )

    def clean(self) -> dict:
        super().clean()
        data = self.cleaned_data
        upload, text = data.get("file"), (data.get("text") or "")
        if "file" in self.errors:
            return data
        if upload is None and not text.strip():
            raise forms.ValidationError(_("Choose a CSV file or paste the card list."), code="empty")
        if upload is not None and text.strip():
            raise forms.ValidationError(_("Send a file or a pasted list, not both."), code="both")
        limit = services.max_upload_bytes()
        size = upload.size if upload is not None else len(text.encode("utf-8", "surrogatepass"))
        if size > limit:
            raise forms.ValidationError(
                _("The card list is too large (%(size)s; the limit is %(limit)s).")
                % {"size": filesizeformat(size), "limit": filesizeformat(limit)},
                code="too_large",
            )
        return data

    def source(self) -> bytes | str:
        """What the user sent: the file's bytes (the core decodes them, naming a line that is not UTF-8), or the
        pasted text."""
        upload = self.cleaned_data.get("file")
        if upload is not None:
            return upload.read(services.max_upload_bytes() + 1)
        return self.cleaned_data["text"]
