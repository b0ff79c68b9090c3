"""The browser game: server-rendered page shells; the numbers come from the JSON API."""
