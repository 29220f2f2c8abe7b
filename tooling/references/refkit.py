"""What the reference drivers under tooling/references/ share.

HF evaluate's metric scripts (`metrics/<name>/<name>.py`) import the `evaluate` and `datasets`
packages only to declare themselves (`evaluate.Metric`, `MetricInfo`, `datasets.Features`); the
`_compute` methods the drivers call use neither, and neither package is a Debian package. The
stand-ins below let those scripts load under Debian's Python unchanged. The drivers also load a
reference's file as a module by path and time a reference in CPU seconds of the process (the
machines these figures come from are shared, so wall time says little).

A driver imports this module with its parent folder on `sys.path`:

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    import refkit
"""

import importlib.util
import statistics
import sys
import time
import types


def stub_hf_evaluate():
    """Installs stand-ins for `evaluate` and `datasets` in `sys.modules` (declarations only)."""
    ev = types.ModuleType("evaluate")

    class Metric:  # the metric scripts subclass it; `_compute` needs nothing from it
        pass

    ev.Metric = Metric
    ev.MetricInfo = lambda **kw: kw
    ev.utils = types.SimpleNamespace(file_utils=types.SimpleNamespace(add_start_docstrings=lambda *a: (lambda c: c)))
    ds = types.ModuleType("datasets")
    ds.Features = lambda *a, **kw: None
    ds.Value = lambda *a, **kw: None
    ds.Sequence = lambda *a, **kw: None
    ds.features = types.SimpleNamespace(Sequence=ds.Sequence)
    sys.modules["evaluate"] = ev
    sys.modules["datasets"] = ds


def load_module(path, name):
    """Loads the Python file at `path` as the module `name` (registered in `sys.modules` first)."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def median_cpu_seconds(fn, runs=3, before=None):
    """The median over `runs` calls of `fn()` of the process's CPU time; `before()` runs untimed first."""
    times = []
    for _ in range(runs):
        if before is not None:
            before()
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return statistics.median(times)


def print_rate(name, count, unit, fn, runs=3, before=None):
    """Times `fn` (see median_cpu_seconds) and prints `name: T CPU s, R <unit> per CPU second`."""
    t = median_cpu_seconds(fn, runs, before)
    print(f"{name}: {t:.3f} CPU s, {count / t:,.0f} {unit} per CPU second")
