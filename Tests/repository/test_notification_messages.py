"""Every notification the hub raises carries its message as data (`NotificationMessage`), so that a page in another
language can write it: each `NotificationDraft(` in `Sources/` passes `message:`. The check runs on small examples
first, so a pass means the sources follow the rule, not that the checker saw nothing.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Drafts that may go without a message, each with its reason (none today).
EXEMPT = set()


def drafts_without_message(text):
    """The line numbers of `NotificationDraft(` calls whose arguments hold no `message:`."""
    missing = []
    start = 0
    while (found := text.find("NotificationDraft(", start)) != -1:
        start = found + len("NotificationDraft(")
        depth, end = 1, start
        while depth and end < len(text):
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            end += 1
        if "message:" not in text[start:end]:
            missing.append(text.count("\n", 0, found) + 1)
    return missing


def test_the_checker_finds_a_draft_without_a_message_and_passes_one_with():
    without = 'let d = NotificationDraft(\n    type: .alert, title: "t(x)", body: f(a, b), dedupeKey: "k"\n)\n'
    assert drafts_without_message(without) == [1]
    with_message = 'NotificationDraft(type: .alert, title: "t", body: f(a), dedupeKey: "k", message: .doseDue(name: n, time: t))'
    assert drafts_without_message(with_message) == []


def test_every_notification_draft_in_the_sources_carries_its_message():
    checked = 0
    missing = []
    for path in sorted((ROOT / "Sources").rglob("*.swift")):
        relative = path.relative_to(ROOT).as_posix()
        if relative == "Sources/Care/Notifications/NotificationDraft.swift" or relative in EXEMPT:
            continue
        text = path.read_text()
        checked += text.count("NotificationDraft(")
        missing += [f"{relative}:{line}" for line in drafts_without_message(text)]
    assert checked >= 13, "the producers moved: update this check"
    assert not missing, "NotificationDraft without message: " + ", ".join(missing)
