"""The JSON API (docs/api.md): thin views over services and selectors."""
