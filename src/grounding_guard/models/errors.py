"""The error the model tier raises when a model cannot be loaded.

It subclasses :class:`~grounding_guard.errors.GroundingGuardError`, so code that catches
the package's base error catches it too. Its message names what is missing: a package
(with the extra that installs it), a file, or the option that allows a download.
"""

from __future__ import annotations

from grounding_guard.errors import ModelLoadError

__all__ = ["ModelLoadError"]
