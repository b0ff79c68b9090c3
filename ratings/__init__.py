"""A rating across days: each closed daily is one match among its ranked players, in the
leaderboard's order, with par as a player of fixed rating that anchors the scale."""
