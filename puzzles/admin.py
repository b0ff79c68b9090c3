from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from .models import Challenge, Game, Hint, Player, ScenarioPassRate, SolverRun


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


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "challenge", "player", "ranked", "status", "turn", "score", "hints_used")
    list_filter = ("ranked", "status", "challenge__date")
    search_fields = ("player__username",)
    # Scores are computed from the moves, never edited by hand (DESIGN.md).
    readonly_fields = ("score", "cat_tokens", "button_tokens", "turn", "moves", "finished_at")
    raw_id_fields = ("player", "challenge")


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
