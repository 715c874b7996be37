"""Title-independent hot paths (route optimiser, track queries …): every ``bench/*_bench.py``.

Each such module offers ``bench_<name>()`` returning ``{measure: number}``; a function that
takes ``time_budget`` gets a short one in ``--quick`` runs.  Modules are found by name, so a
new hot-path benchmark needs no change here.  One that fails to import or run is reported,
not fatal.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from pathlib import Path


def run_all(quick: bool) -> tuple[dict[str, dict[str, float]], dict[str, str]]:
    """Results per benchmark function, and the error of each one that could not run."""
    results: dict[str, dict[str, float]] = {}
    errors: dict[str, str] = {}
    here = str(Path(__file__).parent)
    for info in sorted(pkgutil.iter_modules([here]), key=lambda m: m.name):
        if not info.name.endswith("_bench"):
            continue
        try:
            module = importlib.import_module(f"bench.{info.name}")
        except Exception as exc:
            errors[info.name] = f"{type(exc).__name__}: {exc}"
            continue
        for name, fn in sorted(vars(module).items()):
            if not (name.startswith("bench_") and inspect.isfunction(fn)):
                continue
            if fn.__module__ != module.__name__:
                continue
            try:
                if "time_budget" in inspect.signature(fn).parameters:
                    found = fn(time_budget=3.0 if quick else 30.0)
                else:
                    found = fn()
                results[name] = {str(k): float(v) for k, v in dict(found).items()}
            except Exception as exc:
                errors[name] = f"{type(exc).__name__}: {exc}"
    return results, errors
