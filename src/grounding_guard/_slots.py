"""Fast construction for the frozen, slotted dataclasses of the hot path.

A frozen dataclass's generated ``__init__`` sets each field through
``object.__setattr__``, which costs about a microsecond per instance for two fields;
checking one answer builds thousands of spans, reasons and units. :func:`quick_init`
gives such a class an ``__init__`` with the same signature, defaults and
``__post_init__`` call that fills the slots through their descriptors instead (about
three times faster). The class stays frozen: assigning a field still raises.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

__all__ = ["quick_init"]

_C = TypeVar("_C", bound=type)


def quick_init(cls: _C) -> _C:
    """Replace the ``__init__`` of the frozen, slotted dataclass ``cls`` (see module)."""
    settings = getattr(cls, "__dataclass_params__", None)
    if settings is None or not (settings.frozen and "__slots__" in cls.__dict__):
        raise TypeError(f"quick_init needs a frozen dataclass with slots, got {cls.__name__}")
    namespace: dict[str, Any] = {"_MISSING": dataclasses.MISSING}
    arguments: list[str] = []
    body: list[str] = []
    for number, item in enumerate(dataclasses.fields(cls)):
        if not item.init:
            raise TypeError(f"quick_init does not handle init=False fields ({item.name})")
        setter = f"_set{number}"
        namespace[setter] = getattr(cls, item.name).__set__
        value = item.name
        if item.default is not dataclasses.MISSING:
            namespace[f"_default{number}"] = item.default
            arguments.append(f"{item.name}=_default{number}")
        elif item.default_factory is not dataclasses.MISSING:
            namespace[f"_factory{number}"] = item.default_factory
            arguments.append(f"{item.name}=_MISSING")
            value = f"_factory{number}() if {item.name} is _MISSING else {item.name}"
        else:
            arguments.append(item.name)
        body.append(f"    {setter}(self, {value})")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    source = f"def __init__(self, {', '.join(arguments)}):\n" + "\n".join(body or ["    pass"])
    exec(source, namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    generated = cls.__dict__["__init__"]
    init.__doc__ = generated.__doc__
    init.__annotations__ = dict(getattr(generated, "__annotations__", {}))
    cls.__init__ = init  # type: ignore[misc]
    return cls
