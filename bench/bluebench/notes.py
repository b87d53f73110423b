"""The Notes section of bench/RESULTS.md, which both benchmarks share: bench.py rewrites what
comes before it and keeps it; playback.py writes its block between its markers in it."""
from pathlib import Path

NOTES_HEADING = "## Notes"
NOTES_PLACEHOLDER = "<!-- notes -->"
BLOCK_BEGIN = "<!-- playback-results:begin (bench/playback.py writes what is between these markers) -->"
BLOCK_END = "<!-- playback-results:end -->"
SECTION_HEADING = "### Playback (issue 27)"


def existing_notes(output: Path) -> str:
    """Everything from the `## Notes` line to the end of an existing report, or a fresh
    Notes section with its placeholder."""
    try:
        lines = output.read_text(encoding="utf-8").splitlines(keepends=True)
    except FileNotFoundError:
        lines = []
    for index, text in enumerate(lines):
        if text.strip() == NOTES_HEADING:
            return "".join(lines[index:]).rstrip("\n") + "\n"
    return f"{NOTES_HEADING}\n\n{NOTES_PLACEHOLDER}\n"


def write_block(output: Path, block: str) -> None:
    """Puts block between the markers in output's Notes (a Playback section is made at the
    top of the Notes when there are no markers), keeping everything else."""
    text = output.read_text(encoding="utf-8") if output.exists() else f"{NOTES_HEADING}\n"
    generated = f"{BLOCK_BEGIN}\n\n{block}\n\n{BLOCK_END}"
    if BLOCK_BEGIN in text and BLOCK_END in text:
        before, rest = text.split(BLOCK_BEGIN, 1)
        _, after = rest.split(BLOCK_END, 1)
        text = before + generated + after
    else:
        section = f"{SECTION_HEADING}\n\n{generated}\n\n"
        lines = text.splitlines(keepends=True)
        index = next((i for i, line in enumerate(lines) if line.strip() == NOTES_HEADING), None)
        if index is None:
            text = text.rstrip("\n") + f"\n\n{NOTES_HEADING}\n\n{section}"
        else:
            text = "".join(lines[:index + 1]) + "\n" + section + "".join(lines[index + 1:]).lstrip("\n")
    output.write_text(text, encoding="utf-8")
