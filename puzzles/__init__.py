"""Calico Daily, the service: models, services (writes), selectors (reads), api, tasks."""
