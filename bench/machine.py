"""What the numbers were measured on: Python build, operating system and processor."""

from __future__ import annotations

import os
import platform
import sys


def machine() -> dict[str, str | int | None]:
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "build": " ".join(platform.python_build()),
        "compiler": platform.python_compiler(),
        "os": platform.platform(),
        "machine": platform.machine(),
        "processor": _cpu_name(),
        "cores": os.cpu_count(),
        "executable": sys.executable,
    }


def _cpu_name() -> str:
    """The CPU model from /proc/cpuinfo where there is one, else what platform reports."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"
