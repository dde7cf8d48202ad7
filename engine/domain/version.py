"""The one version number of ledgermind.

Why a constant in a module: the wheel's metadata (pyproject's version is
``dynamic``, read from here by setuptools), ``ledgermind --version``, the HTTP
service's ``/healthz`` and its OpenAPI document all read this one value, so
they cannot disagree, and it is right in a checkout that was never installed.
It lives in the bottom layer so that every layer may read it, and imports
nothing, so ``--version`` stays as cheap as ``--help``.
"""

from __future__ import annotations

__all__ = ["__version__"]

__version__ = "0.1.0"
