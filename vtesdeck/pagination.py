"""Page-number pagination that says no: a bad ``page`` or ``page_size`` is a 400 naming the parameter.

DRF's stock class quietly falls back to the default size on ``page_size=-1`` or ``abc`` and clamps a
huge one; an API client then gets a page it did not ask for and cannot tell. A page past the end
stays DRF's 404 ("Invalid page.").
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework.exceptions import ValidationError

from vtesdeck.api import Pagination
from vtesdeck.core.numbers import whole_number

__all__ = ["StrictPagination"]


class StrictPagination(Pagination):
    page_query_description = "Page number, from 1 (or `last`)."
    page_size_query_description = f"Results per page, 1 to {Pagination.max_page_size} (default {Pagination.page_size})."

    def get_page_size(self, request) -> int:
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None or raw == "":
            return self.page_size
        size = whole_number(raw, digits=18)
        if size is None or not 1 <= size <= self.max_page_size:
            raise ValidationError(
                {
                    self.page_size_query_param: [
                        _("Must be a whole number from 1 to %(most)d.") % {"most": self.max_page_size}
                    ]
                }
            )
        return size

    def get_page_number(self, request, paginator):
        raw = request.query_params.get(self.page_query_param)
        if raw is None or raw == "":
            return 1
        if raw in self.last_page_strings:
            return paginator.num_pages
        number = whole_number(raw, digits=18)
        if number is None or number < 1:
            raise ValidationError({self.page_query_param: [_("Must be a whole number from 1, or “last”.")]})
        return number

    def get_schema_operation_parameters(self, view) -> list[dict]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.page_size_query_param:
                parameter["schema"].update(minimum=1, maximum=self.max_page_size, default=self.page_size)
            elif parameter["name"] == self.page_query_param:
                parameter["schema"] = {
                    "oneOf": [{"type": "integer", "minimum": 1}, {"type": "string", "enum": ["last"]}]
                }
        return parameters
