"""The public surface: what is exported, how components are built, what a bad build says."""

from __future__ import annotations

import inspect
from typing import Any

import langchain_grounding_guard as lgg
import pytest
from langchain_grounding_guard._options import GUARD_OPTIONS
from pydantic import ValidationError

import grounding_guard as gg


def test_all_names_the_public_api() -> None:
    assert sorted(lgg.__all__) == sorted(
        [
            "REPORT_EVENT",
            "REPORT_KEY",
            "GroundingGuard",
            "GroundingOutputParser",
            "format_evidence",
            "to_evidence",
            "format_tool_evidence",
            "grounding_node",
            "next_citation_id",
            "tool_evidence",
        ]
    )
    for name in lgg.__all__:
        assert getattr(lgg, name) is not None
    assert lgg.REPORT_KEY == "grounding"
    assert lgg.REPORT_EVENT == "grounding_guard.report"


def test_every_guard_option_is_a_field() -> None:
    """The fields mirror ``Guard``'s keyword options: a new core option must show up here."""
    params = inspect.signature(gg.Guard.__init__).parameters.values()
    options = {p.name for p in params if p.kind is inspect.Parameter.KEYWORD_ONLY}
    assert set(GUARD_OPTIONS) == options
    for component in (lgg.GroundingGuard, lgg.GroundingOutputParser):
        assert set(GUARD_OPTIONS) <= set(component.model_fields)


@pytest.mark.parametrize("component", [lgg.GroundingGuard, lgg.GroundingOutputParser])
def test_options_reach_the_guard(component: Any) -> None:
    built = component(mode="filter", citations="numeric", refusal="No.", fail_on=["invalid"])
    guard = built.grounding_guard
    assert (guard.mode, guard.refusal, guard.fail_on) == ("filter", "No.", {gg.Status.INVALID})
    ready = gg.Guard(mode="block")
    assert component(guard=ready).grounding_guard is ready
    assert component().grounding_guard.mode == "flag"


BAD_BUILDS: list[tuple[dict[str, Any], type[Exception], str]] = [
    ({"mode": "loud"}, gg.ConfigError, "mode must be one of"),
    ({"citations": "roman"}, gg.ConfigError, "roman"),
    ({"threshold": 2}, gg.ConfigError, "threshold"),
    ({"mdoe": "filter"}, ValidationError, "mdoe"),  # a typo is not ignored
    ({"guard": gg.Guard(), "mode": "filter"}, ValidationError, "either guard= or Guard options"),
    ({"guard": "not a guard"}, ValidationError, "instance of Guard"),
]


@pytest.mark.parametrize(("kwargs", "error", "message"), BAD_BUILDS)
@pytest.mark.parametrize("component", [lgg.GroundingGuard, lgg.GroundingOutputParser])
def test_bad_options_fail_at_build(
    component: Any, kwargs: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        component(**kwargs)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"answer_key": "grounding"}, "answer_key cannot be 'grounding'"),
        ({"context_key": "grounding"}, "context_key cannot be 'grounding'"),
        ({"answer_key": "x", "context_key": "x"}, "must differ"),
        ({"report_format": "json"}, "report_format"),
    ],
)
def test_bad_keys_fail_at_build(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        lgg.GroundingGuard(**kwargs)
