"""The archive's forms live beside the query they feed: see ``twda.search``."""

from __future__ import annotations

from .search import TwdaPageForm, TwdaSearchForm

__all__ = ["TwdaPageForm", "TwdaSearchForm"]
