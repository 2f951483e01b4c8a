"""Page-number pagination that says no: a bad ``page`` or ``page_size`` is a 400 naming the parameter.

DRF's stock class quietly falls back to the default size on ``page_size=-1`` or ``abc`` and clamps a
huge one; an API client then gets a page it did not ask for and cannot tell. A page past the end
stays DRF's 404 ("Invalid page.").
"""

from __future__ import annotations

import re

from rest_framework.exceptions import ValidationError

from vtesdeck.api import Pagination

__all__ = ["StrictPagination"]

_WHOLE_NUMBER = re.compile(r"^[0-9]{1,18}$")


class StrictPagination(Pagination):
    page_query_description = "Page number, from 1 (or `last`)."
    page_size_query_description = f"Results per page, 1 to {Pagination.max_page_size} (default {Pagination.page_size})."

    def get_page_size(self, request) -> int:
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None or raw == "":
            return self.page_size
        if not _WHOLE_NUMBER.match(raw.strip()) or not 1 <= int(raw) <= self.max_page_size:
            raise ValidationError(
                {self.page_size_query_param: [f"Must be a whole number from 1 to {self.max_page_size}."]}
            )
        return int(raw)

    def get_page_number(self, request, paginator):
        raw = request.query_params.get(self.page_query_param)
        if raw is None or raw == "":
            return 1
        if raw in self.last_page_strings:
            return paginator.num_pages
        if not _WHOLE_NUMBER.match(raw.strip()) or int(raw) < 1:
            raise ValidationError({self.page_query_param: ["Must be a whole number from 1, or 'last'."]})
        return int(raw)

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
