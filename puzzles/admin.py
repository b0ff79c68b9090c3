from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ActionForm
from django.contrib.auth.admin import UserAdmin

from core.errors import ServiceError

from .models import Challenge, Game, Hint, Player, ScenarioPassRate, SolverRun
from .services.moderation import do_disqualify_game


@admin.register(Player)
class PlayerAdmin(UserAdmin):
    list_display = ("username", "is_guest", "is_staff", "date_joined")
    list_filter = ("is_guest", "is_staff")
    fieldsets = (*UserAdmin.fieldsets, ("Calico", {"fields": ("is_guest",)}))


class SolverRunInline(admin.TabularInline):
    model = SolverRun
    fields = ("kind", "status", "score", "updated_at")
    readonly_fields = fields
    extra = 0


@admin.register(Challenge)
class ChallengeAdmin(admin.ModelAdmin):
    list_display = ("date", "setup", "variant", "commitment", "created_at")
    readonly_fields = ("seed", "commitment", "created_at")
    inlines = [SolverRunInline]


class DisqualifyForm(ActionForm):
    reason = forms.CharField(
        required=False, max_length=200, label="Reason (to disqualify; the player sees it)"
    )


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = (
        *("id", "challenge", "player", "ranked", "status", "turn", "score", "hints_used"),
        "disqualified",
    )
    list_filter = ("ranked", "status", "disqualified", "challenge__date")
    search_fields = ("player__username",)
    raw_id_fields = ("player", "challenge")
    action_form = DisqualifyForm
    actions = ["disqualify"]

    def has_change_permission(self, request, obj=None):
        """A game is its goals and moves replayed by the engine, and its row is counted in
        its day's tallies (``services.tallies``): changing ``hints_used``, ``status``,
        ``ranked`` or ``challenge`` by hand left the tallies wrong, and goals, seed or player
        break the game or its one-ranked-game rule. So the form only shows a game (and
        deleting one uncounts it); disqualifying is the action below, which recounts."""
        return False

    @admin.action(description="Disqualify the selected games (give a reason)")
    def disqualify(self, request, queryset):
        reason = request.POST.get("reason", "")
        try:
            for game_id in queryset.values_list("pk", flat=True):
                do_disqualify_game(game_id, reason=reason)
        except ServiceError as error:
            self.message_user(request, error.detail, messages.ERROR)
            return
        self.message_user(request, f"Disqualified {queryset.count()} game(s): {reason.strip()}")


@admin.register(Hint)
class HintAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "turn", "status", "expected_score", "created_at")
    list_filter = ("status",)
    raw_id_fields = ("game",)


@admin.register(ScenarioPassRate)
class ScenarioPassRateAdmin(admin.ModelAdmin):
    list_display = ("number", "status", "passes", "deals", "updated_at")
    # Computed by a worker from the fixed deals; delete a row to have it computed again.
    readonly_fields = ("deals", "passes", "scores", "error", "updated_at")
