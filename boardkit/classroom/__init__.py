"""The class together: a class's predictions, quick-check answers and plays pooled in one store.

For the lesson toolkit (``boardkit.lessons``) and the teacher's page; games never import it.

- ``store``: :class:`ClassStore` (SQLAlchemy: an SQLite file by default, PostgreSQL through
  ``BOARDKIT_CLASS_DB``), what it reports (:class:`ClassView` and its summaries, :class:`PageState`)
  and its errors (:class:`ClassStoreError`, :class:`StoreUnavailable`, :class:`StoreVersionError`,
  :class:`Refused`, :class:`ClassNotOpen`);
- ``link``: :class:`ClassLink`, a page's link to its class, whose writes never block the page or raise into it.
"""
from .store import (MAX_NICKNAME, MAX_PAGES, MAX_TRIALS, SCHEMA_VERSION, CheckSummary, ClassNotOpen, ClassStore,
                    ClassStoreError, ClassView, PageState, PlaySummary, PredictionSummary, Refused, StoreUnavailable,
                    StoreVersionError, default_store_url, new_page_id, normal_code)
from .link import ClassLink

__all__ = ["MAX_NICKNAME", "MAX_PAGES", "MAX_TRIALS", "SCHEMA_VERSION", "CheckSummary", "ClassLink", "ClassNotOpen",
           "ClassStore", "ClassStoreError", "ClassView", "PageState", "PlaySummary", "PredictionSummary", "Refused",
           "StoreUnavailable", "StoreVersionError", "default_store_url", "new_page_id", "normal_code"]
