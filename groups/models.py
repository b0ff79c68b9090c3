"""Groups of friends: a board of the day narrowed to the members (``groups.selectors``).

The tables were ``puzzles``' until migration ``puzzles.0014_groups_move_out``, which renamed
them (``groups_group``, ``groups_membership``); their rows never moved."""

from django.db import models

from puzzles.models import Player


def pass_group_ownership(collector, field, sub_objs, using):
    """``on_delete`` of a group's owner: the group outlives them. Ownership passes to the
    longest-standing member who is not deleted with them; a group with no such member goes
    (as ``CASCADE``). Runs inside Django's deletion collector, so it covers every delete (a
    player, a queryset of guests, the admin) and the update lands in the delete's transaction."""
    leaving = {player.pk for player in collector.data.get(field.remote_field.model, ())}
    orphans = []
    for group in sub_objs:
        successor = (
            Membership.objects.using(using)
            .filter(group_id=group.pk)
            .exclude(player_id__in=leaving)
            .order_by("joined_at", "id")
            .values_list("player_id", flat=True)
            .first()
        )
        if successor is None:
            orphans.append(group)
        else:
            collector.add_field_update(field, successor, [group])
    if orphans:
        models.CASCADE(collector, field, orphans, using)


class Group(models.Model):
    """Friends who compare scores: a board of the day narrowed to the members. Joined with
    the invite code (or its link, which the owner can rotate); the owner may remove members.
    When the owner goes, the longest-standing member owns it (``pass_group_ownership``)."""

    name = models.CharField(max_length=60)
    invite_code = models.CharField(max_length=16, unique=True)
    owner = models.ForeignKey(Player, on_delete=pass_group_ownership, related_name="owned_groups")
    members = models.ManyToManyField(Player, through="Membership", related_name="player_groups")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"group {self.name}"


class Membership(models.Model):
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="memberships")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="memberships")
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["group", "player"], name="one_membership"),
        ]
