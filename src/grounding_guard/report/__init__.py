"""Stage ⑦, the report: the JSON shape (``schema/report.schema.json``), text summaries and
HTML renderings of a :class:`~grounding_guard.types.Report`."""

from __future__ import annotations

from grounding_guard.report.render import (
    SCHEMA_PATH,
    SCHEMA_VERSION,
    load_schema,
    summary,
    summary_line,
    to_dict,
    to_html,
    to_html_fragment,
)

__all__ = [
    "SCHEMA_PATH",
    "SCHEMA_VERSION",
    "load_schema",
    "summary",
    "summary_line",
    "to_dict",
    "to_html",
    "to_html_fragment",
]
