"""Run every benchmark module (``bench_*.py``) in name order, or those named on the command line."""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time

import benchmarks


def main(names: list[str]) -> int:
    modules = sorted(
        info.name
        for info in pkgutil.iter_modules(benchmarks.__path__)
        if info.name.startswith("bench_")
    )
    chosen = [name for name in modules if not names or name in names or name[6:] in names]
    for name in chosen:
        print(f"== {name}", flush=True)
        started = time.perf_counter()
        importlib.import_module(f"benchmarks.{name}").main()
        print(f"   ({time.perf_counter() - started:.1f} s)\n", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
