"""axe-core (the npm package, pinned in package-lock.json) run inside the page by Playwright:
WCAG 2.0, 2.1 and 2.2, levels A and AA. ``Audit(page, source)(state)`` keeps each state's
violations; the ``axe_source`` fixture (tests/e2e/conftest.py) reads the script once."""

from pathlib import Path

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]


class Audit:
    """axe-core run on the page as it stands; every violation kept under the state's name."""

    def __init__(self, page, source: str):
        self.page, self.source, self.found = page, source, {}

    def __call__(self, state: str) -> None:
        page = self.page
        page.wait_for_load_state("networkidle")
        page.wait_for_timeout(400)  # let a toast's or a pop's animation end: axe reads colours
        if not page.evaluate("typeof window.axe === 'object'"):
            page.evaluate(self.source)  # by the DevTools protocol: no page policy refuses it
        options = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}
        result = page.evaluate("options => axe.run(document, options)", options)
        for violation in result["violations"]:
            nodes = [
                (" ".join(map(str, node["target"])), node.get("failureSummary", ""))
                for node in violation["nodes"]
            ]
            self.found.setdefault(state, []).append((violation["id"], violation["help"], nodes))

    def in_both_schemes(self, state: str) -> None:
        """The state audited light, then dark (the device's scheme, which the palette's
        ``light-dark()`` follows without a reload), then back to light."""
        for scheme in ("light", "dark"):
            self.page.emulate_media(color_scheme=scheme)
            self(f"{state} ({scheme})")
        self.page.emulate_media(color_scheme="light")

    def report(self) -> str:
        rules = {rule for found in self.found.values() for rule, _, _ in found}
        elements = {
            (rule, target)
            for found in self.found.values()
            for rule, _, nodes in found
            for target, _ in nodes
        }
        lines = [f"{len(rules)} rules on {len(elements)} elements over {len(self.found)} states"]
        for state, violations in self.found.items():
            for rule, message, nodes in violations:
                lines.append(f"{state}: {rule} ({len(nodes)}): {message}")
                for target, summary in nodes[:8]:
                    lines.append(f"    {target}: {' '.join(summary.split())[:300]}")
        return "\n".join(lines)
