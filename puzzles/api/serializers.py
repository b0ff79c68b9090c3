"""Request bodies (validated here) and response shapes (for the OpenAPI schema)."""

from rest_framework import serializers

from solver.game import TURNS


class CredentialsIn(serializers.Serializer):
    username = serializers.CharField(max_length=150, trim_whitespace=False)
    password = serializers.CharField(trim_whitespace=False)


class RegisteredOut(serializers.Serializer):
    username = serializers.CharField()
    token = serializers.CharField()


class TokenOut(serializers.Serializer):
    token = serializers.CharField()


class GameIn(serializers.Serializer):
    date = serializers.DateField(required=False, help_text="default: today (UTC)")
    goals = serializers.DictField(
        child=serializers.CharField(),
        required=False,
        allow_null=True,
        help_text='{"r,c": goal id} for the three goal spaces, when the setup asks',
    )


class LeaderboardQuery(serializers.Serializer):
    """The leaderboard's query string (a filter serializer: ``page=²`` is a 400, not a 500)."""

    page = serializers.IntegerField(min_value=1, default=1)
    hints = serializers.ChoiceField(["include", "exclude"], default="include")


class MoveIn(serializers.Serializer):
    turn = serializers.IntegerField(help_text=f"the turn this move is for (1-{TURNS})")
    hand_index = serializers.IntegerField()
    cell = serializers.CharField(help_text='"row,col"')
    market_index = serializers.IntegerField(allow_null=True, required=False)


class RunOut(serializers.Serializer):
    status = serializers.ChoiceField(["none", "pending", "ready", "failed"])
    score = serializers.IntegerField(allow_null=True)


class HintOut(serializers.Serializer):
    id = serializers.IntegerField()
    turn = serializers.IntegerField()
    status = serializers.ChoiceField(["pending", "ready", "failed"])
    move = serializers.JSONField(allow_null=True)
    expected_score = serializers.FloatField(allow_null=True)
    reasons = serializers.ListField(child=serializers.CharField())
    message = serializers.CharField(allow_blank=True, help_text="why a hint is not ready")


class ErrorOut(serializers.Serializer):
    error = serializers.CharField()
    detail = serializers.CharField()


# Response shapes, for the schema (the selectors build the JSON itself).


class PatchOut(serializers.Serializer):
    color = serializers.CharField()
    pattern = serializers.CharField()


class CatOut(serializers.Serializer):
    cat = serializers.CharField()
    points = serializers.IntegerField()
    patterns = serializers.ListField(child=serializers.CharField())
    requirement = serializers.CharField(help_text="in the caller's language (Accept-Language)")
    size = serializers.IntegerField(help_text="patches needed: the group's or the shape's size")
    shape = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        allow_null=True,
        help_text="axial [q, r] cells of a shape cat; null for a size cat",
    )


class ChallengeOut(serializers.Serializer):
    date = serializers.DateField()
    number = serializers.IntegerField(help_text="the puzzle number: days since the first daily")
    setup = serializers.CharField()
    variant = serializers.CharField(allow_null=True)
    board = serializers.CharField()
    border = serializers.DictField(child=PatchOut(), help_text='{"r,c": patch}')
    cats = CatOut(many=True)
    goal_options = serializers.ListField(child=serializers.CharField(), required=False)
    goals = serializers.DictField(child=serializers.CharField(), required=False)
    commitment = serializers.CharField(help_text="SHA-256 of the seed, public all day")
    seed = serializers.CharField(allow_null=True, help_text="null until the day closes")
    closed = serializers.BooleanField()
    par = RunOut()
    best_known = RunOut(allow_null=True, help_text="null until the day closes")
    ranked_game = serializers.IntegerField(allow_null=True)


class ChallengePageOut(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = ChallengeOut(many=True)


class AwardOut(serializers.Serializer):
    button = serializers.CharField(allow_null=True)
    cat = serializers.CharField(allow_null=True)
    rainbow = serializers.BooleanField()


class GameSetupOut(serializers.Serializer):
    board = serializers.CharField()
    border = serializers.DictField(child=PatchOut())
    goals = serializers.DictField(child=serializers.CharField())
    cats = CatOut(many=True)


class CheckOut(serializers.Serializer):
    """A scenario's condition as the rules state it."""

    kind = serializers.CharField()
    text = serializers.CharField()
    target = serializers.IntegerField()


class ConditionOut(CheckOut):
    """A condition on a scenario game, as it stands."""

    have = serializers.IntegerField()
    status = serializers.ChoiceField(
        ["met", "open", "missed"], help_text="missed: can no longer be met"
    )
    met = serializers.BooleanField()


class ScenarioProgressOut(serializers.Serializer):
    number = serializers.IntegerField()
    min_score = serializers.IntegerField()
    passed = serializers.BooleanField(allow_null=True, help_text="null until the game ends")
    conditions = ConditionOut(many=True)


class PracticeFromOut(serializers.Serializer):
    game = serializers.IntegerField(allow_null=True, help_text="null once that game is deleted")
    turn = serializers.IntegerField()


class ShareOut(serializers.Serializer):
    text = serializers.CharField(help_text="the words to paste: day, number, score, par, link")
    url = serializers.URLField(help_text="the share page (Open Graph tags naming the image)")
    image = serializers.URLField(help_text="a PNG: the quilt once the day has closed")
    image_width = serializers.IntegerField()
    image_height = serializers.IntegerField()
    spoiler_free = serializers.BooleanField(
        help_text="true before the day closes: the image shows the score, not the quilt"
    )


class AttributeProgressOut(serializers.Serializer):
    counts = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="the filled neighbours' counts, largest first: [2, 1] is a pair and a single",
    )
    possible = serializers.BooleanField(help_text="some filling of the empty neighbours meets it")
    met = serializers.BooleanField(help_text="all six filled and meeting it")


class GoalProgressOut(serializers.Serializer):
    cell = serializers.CharField()
    goal = serializers.CharField()
    filled = serializers.IntegerField(help_text="neighbours filled, 0-6")
    colors = AttributeProgressOut()
    patterns = AttributeProgressOut()
    points_possible = serializers.IntegerField(help_text="the most it can still score")


class CatProgressOut(serializers.Serializer):
    cat = serializers.CharField()
    largest = serializers.IntegerField(
        help_text="its largest group of its patterns that has no cat yet (border included)"
    )
    needed = serializers.IntegerField(help_text="patches it needs (a shape cat: in its shape)")


class GameOut(serializers.Serializer):
    id = serializers.IntegerField()
    date = serializers.DateField(allow_null=True, help_text="null for a scenario game")
    number = serializers.IntegerField(
        allow_null=True, help_text="the daily's puzzle number; null for a scenario game"
    )
    ranked = serializers.BooleanField()
    status = serializers.ChoiceField(["playing", "finished"])
    turn = serializers.IntegerField(help_text=f"the next turn, 1-{TURNS}")
    turns = serializers.IntegerField(help_text="turns in a game (the page's count)")
    hand = PatchOut(many=True)
    market = PatchOut(many=True, help_text="slot 0 nearest the bag")
    quilt = serializers.JSONField(help_text="a quilt file (docs/rules.md)")
    empty_cells = serializers.ListField(child=serializers.CharField())
    discarded = PatchOut(many=True)
    score = serializers.JSONField(help_text="the score object (docs/rules.md)")
    goal_progress = GoalProgressOut(many=True, help_text="how each goal's neighbours stand")
    cat_progress = CatProgressOut(many=True)
    button_colors = serializers.IntegerField(
        help_text="colours with a button (all six: the rainbow)"
    )
    hints_used = serializers.IntegerField()
    last_award = AwardOut(allow_null=True)
    practice_from = PracticeFromOut(
        allow_null=True, help_text='the game and turn a "try again from here" started from'
    )
    par = RunOut()
    setup = GameSetupOut()
    closes_at = serializers.DateTimeField(
        allow_null=True, help_text="the day's close: 00:00 UTC after it (none for a scenario)"
    )
    expired = serializers.BooleanField(
        help_text="a ranked game unfinished at its day's close: it never counts"
    )
    counts = serializers.BooleanField(help_text="on its day's leaderboard")
    disqualified = serializers.CharField(
        allow_null=True, help_text="why, when staff disqualified it"
    )
    scenario = ScenarioProgressOut(required=False, help_text="only on a scenario game")
    share = ShareOut(required=False, help_text="only on a finished game")
    seed = serializers.CharField(
        required=False, allow_null=True, help_text="a scenario game's seed, once it is finished"
    )


class EntryOut(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.CharField()
    name = serializers.CharField(help_text='what to show: the username, or "Guest 3f9a"')
    score = serializers.IntegerField()
    cats = serializers.IntegerField()
    buttons = serializers.IntegerField()
    hints_used = serializers.IntegerField()


class MeOut(serializers.Serializer):
    rank = serializers.IntegerField()
    percentile = serializers.FloatField(
        help_text="share of the day's finished ranked games scoring at or below yours"
    )
    score = serializers.IntegerField()
    game = serializers.IntegerField()


class BucketOut(serializers.Serializer):
    score = serializers.IntegerField()
    count = serializers.IntegerField()


class LeaderboardOut(serializers.Serializer):
    date = serializers.DateField()
    par = RunOut()
    count = serializers.IntegerField()
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    hints = serializers.ChoiceField(["include", "exclude"])
    entries = EntryOut(many=True)
    histogram = BucketOut(many=True)
    me = MeOut(allow_null=True)
