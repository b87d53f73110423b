"""Where things are: the repository, the binaries bench.py measures by default, the fixtures
and the report; a path as the reports show it."""
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
BASELINE_BINARY = REPO_ROOT / ".build" / "bench" / "baseline"
# The same window from libadwaita (bench/baseline.c built with -DBASELINE_LIBADWAITA).
ADW_BASELINE_BINARY = REPO_ROOT / ".build" / "bench" / "baseline-adw"
EQUIVALENT_BINARY = REPO_ROOT / ".build" / "bench" / "equivalent"
# A plain release build, next to the app's (see bench/run).
INPROCESS_BINARY = REPO_ROOT / ".build" / "release" / "bluelibrary-bench"
FIXTURES = REPO_ROOT / "Fixtures"
DEFAULT_OUTPUT = REPO_ROOT / "bench" / "RESULTS.md"


def shown_path(path: Path) -> Path:
    """path relative to the repository when it is inside it."""
    return path.relative_to(REPO_ROOT) if path.is_relative_to(REPO_ROOT) else path
