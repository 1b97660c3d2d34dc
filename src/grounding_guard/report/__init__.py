"""Stage ⑦, the report: the JSON shape (``schema/report.schema.json``), text summaries and
HTML renderings of a :class:`~grounding_guard.types.Report`."""

from __future__ import annotations

from grounding_guard.report.render import *  # noqa: F403  (the public names, listed once in that module)
from grounding_guard.report.render import __all__ as __all__
