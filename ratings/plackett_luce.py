"""openskill's Plackett-Luce update (Weng and Lin 2011, Algorithm 4, as
``openskill.models.PlackettLuce().rate`` computes it for one-player teams with its defaults)
for a whole day at once, in O(n log n) with numpy instead of the library's O(n²) loops: a day
of 100,000 ranked players is one match. tests/ratings/test_plackett_luce.py holds it to the
library called directly.

For each player i, with c² = Σ (σ² + β²) over the day and the sums over the rank groups q at
or above i's (ties share a rank), S_q = Σ_{r(s) ≥ r(q)} e^{μ_s/c}:
ω_i = 1/A_i − e^{μ_i/c} Σ_q 1/S_q and δ_i = e^{μ_i/c} Σ_q 1/S_q − e^{2μ_i/c} Σ_q 1/S_q²,
μ_i += σ_i²/c · ω_i, σ_i *= √max(1 − σ_i³/c³ · δ_i, κ), after σ² += τ² (the library's dynamics).
"""

import numpy as np

MU = 25.0
SIGMA = 25.0 / 3.0
BETA = 25.0 / 6.0
KAPPA = 0.0001
TAU = 25.0 / 300.0


def rate(mu: np.ndarray, sigma: np.ndarray, rank: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The players' new (μ, σ) after one match; ``rank`` 1 is first, equal ranks tie."""
    mu = np.asarray(mu, dtype=float)
    sigma = np.sqrt(np.asarray(sigma, dtype=float) ** 2 + TAU * TAU)
    rank = np.asarray(rank)
    if len(mu) < 2:  # a match of one: nothing to learn (the library would divide by zero)
        return mu.copy(), sigma
    sigma2 = sigma * sigma
    c = np.sqrt(np.sum(sigma2 + BETA * BETA))
    # exp(μ/c) relative to the largest: every ratio below is unchanged, nothing overflows
    e = np.exp((mu - mu.max()) / c)
    groups, group_of, counts = np.unique(rank, return_inverse=True, return_counts=True)
    group_sum = np.bincount(group_of, weights=e, minlength=len(groups))
    s = np.cumsum(group_sum[::-1])[::-1]  # S_q: the group and every group ranked below it
    first = np.cumsum(1.0 / s)  # Σ over the groups at or above, of 1/S_q
    second = np.cumsum(1.0 / (s * s))
    omega = 1.0 / counts[group_of] - e * first[group_of]
    delta = e * first[group_of] - e * e * second[group_of]
    new_mu = mu + sigma2 / c * omega
    shrink = 1.0 - sigma2 / (c * c) * delta * (sigma / c)  # δ times the library's γ = σ/c
    return new_mu, sigma * np.sqrt(np.maximum(shrink, KAPPA))
