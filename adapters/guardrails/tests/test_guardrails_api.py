"""The public surface: what the package exports, how the validator registers and builds."""

from __future__ import annotations

import guardrails_grounding_guard
import pytest
from guardrails import OnFailAction
from guardrails.validator_base import get_validator_class
from guardrails_grounding_guard import GroundedAnswer

import grounding_guard as gg


def test_all_is_the_public_api() -> None:
    assert sorted(guardrails_grounding_guard.__all__) == sorted(
        ["GroundedAnswer", "REPORT_KEY", "VALIDATOR_NAME", "__version__"]
    )
    for name in guardrails_grounding_guard.__all__:
        assert getattr(guardrails_grounding_guard, name) is not None


def test_registered_under_its_hub_style_name() -> None:
    assert guardrails_grounding_guard.VALIDATOR_NAME == "grounding-guard/grounded_answer"
    assert GroundedAnswer.rail_alias == "grounding-guard/grounded_answer"
    assert get_validator_class("grounding-guard/grounded_answer") is GroundedAnswer


@pytest.mark.parametrize(
    ("on_fail", "descriptor"),
    [
        (OnFailAction.FIX, OnFailAction.FIX),  # the default: the answer comes back filtered
        (None, OnFailAction.FIX),  # None means the default, not Guardrails' "exception"
        ("noop", OnFailAction.NOOP),
        ("exception", OnFailAction.EXCEPTION),
        ("filter", OnFailAction.FILTER),
        ("refrain", OnFailAction.REFRAIN),
        ("reask", OnFailAction.REASK),
        (OnFailAction.FIX_REASK, OnFailAction.FIX_REASK),
    ],
)
def test_on_fail_descriptor(on_fail: object, descriptor: OnFailAction) -> None:
    assert GroundedAnswer(on_fail=on_fail).on_fail_descriptor == descriptor


def test_default_on_fail_is_fix() -> None:
    assert GroundedAnswer().on_fail_descriptor == OnFailAction.FIX


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"mode": "block"}, gg.ConfigError),  # on_fail chooses the action, not mode
        ({"citations": "nonsense"}, gg.ConfigError),
        ({"fail_on": ["wrong"]}, gg.ConfigError),
        ({"threshold": 2.0}, gg.ConfigError),
        ({"no_such_option": 1}, TypeError),
    ],
)
def test_bad_options_fail_at_construction(options: dict[str, object], error: type) -> None:
    with pytest.raises(error):
        GroundedAnswer(**options)


def test_options_reach_guardrails_kwargs() -> None:
    validator = GroundedAnswer(citations="numeric", threshold=0.5)
    assert validator.get_args() == {"citations": "numeric", "threshold": 0.5}
