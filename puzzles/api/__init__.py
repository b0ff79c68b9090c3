"""The JSON API (DESIGN.md, "Public API"): thin views over services and selectors."""
