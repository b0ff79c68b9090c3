"""The daily's part of a player (``accounts.player_data``, declared on ``PuzzlesConfig``): their
games with hints and analyses, folded from a guest, deleted with an account, exported."""

from django.utils import timezone

from solver.search.analysis import on_expected_scale

from .models import Analysis, Game, Hint
from .selectors.players import profile
from .services import tallies

SET_ASIDE = "a second ranked attempt at an open day, made as a guest before logging in"


def fold_guest(guest, into) -> None:
    """The guest's games go to the account (so its streak, counted from them), with their
    hints and analyses.

    One ranked game per player and day: on a day both played ranked, the account's game
    stays ranked and the guest's becomes practice (out of the day's tallies), whichever
    scored more, so that logging in never picks the better of two attempts. On a day still
    open the guest's is set aside (``SET_ASIDE``, never played again): a practice game of an
    open day would show its deal before the account's own attempt is over."""
    games = Game.objects.filter(player=guest)
    taken = Game.objects.filter(player=into, ranked=True).values("challenge_id")
    for game in games.filter(ranked=True, challenge_id__in=taken).select_related("challenge"):
        if game.counts:
            tallies.do_uncount_game(game)
        game.ranked = False
        fields = ["ranked"]
        if game.challenge.closes_at > timezone.now():
            # an open day: its deal is secret until the account's own ranked game is over,
            # so the guest's attempt is kept as a trace and never played again
            game.disqualified, game.disqualified_reason = True, SET_ASIDE
            fields += ["disqualified", "disqualified_reason"]
        game.save(update_fields=fields)
    games.update(player=into)


def delete_player(player) -> None:
    """Practice and scenario games go, with every hint and analysis; ranked games stay on the
    past boards, under the account's new name that is nobody's (``accounts``)."""
    Hint.objects.filter(game__player=player).delete()
    Analysis.objects.filter(game__player=player).delete()
    Game.objects.filter(player=player, ranked=False).delete()


def _game(game: Game, hints: dict, analyses: dict) -> dict:
    return {
        "id": game.pk,
        "date": game.challenge.date if game.challenge else None,
        "ranked": game.ranked,
        "scenario": game.scenario,
        "status": game.status,
        "goals": game.goals,
        "moves": game.moves,
        "score": game.score,
        "cat_tokens": game.cat_tokens,
        "button_tokens": game.button_tokens,
        "hints_used": game.hints_used,
        "created_at": game.created_at,
        "finished_at": game.finished_at,
        "hints": hints.get(game.pk, []),
        "analysis": analyses.get(game.pk),
    }


def _on_scale(result: dict | None) -> dict | None:
    """A stored analysis with its values as the review shows them (expected final scores)."""
    if not result or "turns" not in result:
        return result
    return {**result, "turns": on_expected_scale(result["turns"])}


def export_player(player) -> dict:
    """The profile, and every game with its moves, hints and analysis."""
    games = Game.objects.filter(player=player).select_related("challenge").order_by("pk")
    hints: dict[int, list] = {}
    for hint in Hint.objects.filter(game__player=player).order_by("pk"):
        hints.setdefault(hint.game_id, []).append(
            {
                "turn": hint.turn,
                "status": hint.status,
                "move": hint.move,
                "expected_score": hint.expected_score,
                "reasons": hint.reasons,
            }
        )
    analyses = {
        row.game_id: {"status": row.status, "result": _on_scale(row.result)}
        for row in Analysis.objects.filter(game__player=player)
    }
    return {
        "profile": profile(player),
        "games": [_game(game, hints, analyses) for game in games],
    }
