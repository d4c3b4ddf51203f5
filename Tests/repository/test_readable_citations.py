"""User-visible text cites its sources by name (guideline, year, section or URL), never by a path into research notes.

Issue 17 item 8: strings such as "nutrition.md §2.8 [R8]" reached the terminal, the PDF and the web pages, but the
notes they point to do not ship with the product. This test reads every Swift string literal under `Sources/` and
fails on one that contains `.md §`, `research/`, `.md#` or a bare note tag like `[R8]`. Comments may still name the
note a number came from; only literals are checked. The scanner is tried on small examples first, so a pass means
"no literal cites a note", not "the scanner saw nothing".
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

FORBIDDEN = [
    (re.compile(r"\.md §"), "a section of a Markdown note"),
    # A note's path, not a web address that happens to hold the word (nlm.nih.gov/research/umls/rxnorm).
    (re.compile(r"(?<![/\w])research/"), "a path into research notes"),
    (re.compile(r"(?<![/\w])shared/"), "a path into the shared folder"),
    (re.compile(r"\.md#"), "an anchor in a Markdown note"),
    (re.compile(r"\[R[0-9][0-9a-z]*\]|\[R-[A-Za-z0-9]+\]"), "a research-note reference tag"),
]


def string_literals(source: str):
    """Yields (line number, text) for each string literal of Swift source, skipping comments.

    Handles `"…"`, multi-line `\"\"\"…\"\"\"`, escapes and `//` / `/* */` comments; interpolations are kept as text,
    which is enough to find a citation inside one.
    """
    i, line, n = 0, 1, len(source)
    while i < n:
        c = source[i]
        if c == "\n":
            line += 1
            i += 1
        elif source.startswith("//", i):
            end = source.find("\n", i)
            i = n if end < 0 else end
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            end = n if end < 0 else end + 2
            line += source.count("\n", i, end)
            i = end
        elif source.startswith('"""', i):
            end = source.find('"""', i + 3)
            end = n if end < 0 else end
            yield line, source[i + 3 : end]
            line += source.count("\n", i, end)
            i = end + 3
        elif c == '"':
            j, start = i + 1, line
            while j < n and source[j] != '"' and source[j] != "\n":
                j += 2 if source[j] == "\\" else 1
            yield start, source[i + 1 : j]
            i = j + 1
        else:
            i += 1


def offences(source: str):
    found = []
    for line, text in string_literals(source):
        for pattern, what in FORBIDDEN:
            if pattern.search(text):
                found.append((line, what, text))
    return found


def test_scanner_finds_literals_and_skips_comments():
    example = (
        '// nutrition.md §2.8 in a comment is fine\n'
        'let a = "KDOQI 2020"  // [R8] here too\n'
        'let b = "Potassium (nutrition.md §2.8)"\n'
        '/* research/x.md#y */ let c = "see research/nutrition.md"\n'
        'let d = """\n  multi nutrition.md#top\n  """\n'
        'let e = "escaped \\" quote [R22b]"\n'
    )
    lines = sorted({line for line, _, _ in offences(example)})
    assert lines == [3, 4, 5, 8]


def test_no_string_literal_cites_a_research_note():
    problems = []
    for path in sorted((ROOT / "Sources").rglob("*.swift")):
        for line, what, text in offences(path.read_text(encoding="utf-8")):
            problems.append(f"{path.relative_to(ROOT)}:{line}: {what}: {text[:120]!r}")
    assert not problems, "cite sources by name, not by note:\n" + "\n".join(problems)
