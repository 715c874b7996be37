"""``bench/kernel_bench.py`` runs and reports old and new timings (never asserts a speed)."""

from __future__ import annotations

from bench import kernel_bench


def test_kernel_bench_reports_old_and_new_for_every_hot_path() -> None:
    found: dict[str, float] = {}
    for bench in (
        kernel_bench.bench_state_hash,
        kernel_bench.bench_decode,
        kernel_bench.bench_undo,
        kernel_bench.bench_clone,
    ):
        found.update(bench(time_budget=0.05))
    for path in ("canonical", "digest", "decode_json", "to_json", "undo_redo", "clone", "at_half"):
        assert found[f"{path}.v1_us"] > 0 and found[f"{path}.v2_us"] > 0
        assert found[f"{path}.speedup"] > 0
