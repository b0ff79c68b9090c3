"""The site's translation catalogs (puzzles/locale/*/LC_MESSAGES/*.po), read by a small parser
(polib is not installed): for the tests of languages, in Django and in the browser."""

import ast
import re
from pathlib import Path

LOCALE = Path(__file__).resolve().parent.parent / "puzzles" / "locale"


def catalogs() -> list[Path]:
    return sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))


def catalog_entries(path: Path) -> list[dict]:
    """The entries of a .po file, the header first: each with its flags, and msgctxt, msgid,
    msgid_plural and msgstr (or msgstr[n]) as strings."""
    entries, entry, key = [], None, None
    for line in [*path.read_text().splitlines(), ""]:
        if not line.strip():
            if entry and "msgid" in entry:
                entries.append(entry)
            entry, key = None, None
            continue
        entry = entry if entry is not None else {"flags": set()}
        if line.startswith("#,"):
            entry["flags"] |= {flag.strip() for flag in line[2:].split(",")}
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            entry[key] += ast.literal_eval(line)  # a quoted C string, as Python reads it
        else:
            key, _, quoted = line.partition(" ")
            entry[key] = ast.literal_eval(quoted)
    return entries


def english_words(language: str) -> set[str]:
    """The English interface texts that ``language`` says otherwise: each msgid whose
    translation differs, as a reader would see it (no markup, placeholders as wildcards are
    left out: only whole texts without them), and with its first letter capitalised, as the
    pages show the engine's words at the start of a line ("Rainbow button")."""
    found = set()
    for path in LOCALE.glob(f"{language}/LC_MESSAGES/*.po"):
        for entry in catalog_entries(path)[1:]:
            msgid = entry["msgid"]
            if "%(" in msgid or "<" in msgid or entry.get("msgstr") == msgid:
                continue
            text = msgid.strip()
            found |= {text, text[:1].upper() + text[1:]}
    return found - {""}


def english_patterns(language: str) -> list[re.Pattern]:
    """The English texts with placeholders that ``language`` says otherwise, each as a pattern
    of a whole text (a placeholder matches any words): those with enough words of their own
    (six letters or more) to tell English by ("a group of 3 or more", "2 cat tokens")."""
    found = set()
    for path in LOCALE.glob(f"{language}/LC_MESSAGES/*.po"):
        for entry in catalog_entries(path)[1:]:
            msgid = entry["msgid"].strip()
            literal = re.sub(r"%\(\w+\)s", "", msgid)
            if "%(" not in msgid or "<" in msgid or entry.get("msgstr") == msgid:
                continue
            if sum(c.isalpha() for c in literal) < 6:
                continue
            parts = re.split(r"%\(\w+\)s", msgid.replace("%%", "%"))
            body = "(.+?)".join(re.escape(part) for part in parts)
            found.add(f"(?:{body[:1].upper()}|{body[:1]}){body[1:]}" if parts[0] else body)
    return [re.compile(body, re.DOTALL) for body in sorted(found)]


def placeholders(text: str) -> list[str]:
    return sorted(re.findall(r"%\(\w+\)s|%%", text))
