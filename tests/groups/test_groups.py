"""Groups: create, join by code (twice changes nothing), privacy, removing and leaving, the
owner leaving, a guest joining then claiming; the group's board and standings."""

import datetime

import pytest
from helpers.games import goals_for, next_move
from rest_framework.test import APIClient

from groups.models import Group
from puzzles.game_state import today
from puzzles.models import Challenge, Game, Player, SolverRun
from puzzles.selectors.leaderboards import leaderboard
from puzzles.services.tallies import do_count_game


@pytest.fixture
def players(make_player, client_for):
    """Four registered players and their API clients."""
    return {name: client_for(make_player(name)) for name in ("alice", "bob", "carol", "dave")}


def create(client, name="Cat people") -> dict:
    response = client.post("/api/groups/", {"name": name}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def join(client, code: str):
    return client.post("/api/groups/join/", {"invite_code": code}, format="json")


def usernames(group: dict) -> list[str]:
    return [m["username"] for m in group["members"]]


def test_the_creator_owns_the_group_and_joining_twice_changes_nothing(players):
    group = create(players["alice"])
    assert (group["owner"], usernames(group), group["member_count"]) == ("alice", ["alice"], 1)
    assert group["members"][0]["owner"] is True
    first = join(players["bob"], group["invite_code"].lower())  # codes are typed by hand
    again = join(players["bob"], f" {group['invite_code']} ")
    assert first.status_code == again.status_code == 200
    assert usernames(again.json()) == ["alice", "bob"]
    listed = players["bob"].get("/api/groups/").json()
    assert [(g["id"], g["member_count"]) for g in listed] == [(group["id"], 2)]  # not only bob


@pytest.mark.parametrize(
    ("body", "field"),
    [({}, "name"), ({"name": "   "}, "name"), ({"name": "x" * 61}, "name"), ({"name": 7}, None)],
)
def test_a_bad_group_name_is_refused_naming_the_field(players, body, field):
    response = players["alice"].post("/api/groups/", body, format="json")
    if field is None:  # a number is read as its text: a fine name
        assert response.status_code == 201
        return
    assert response.status_code == 400
    assert response.json()["error"] == "bad_request"
    assert response.json()["detail"].startswith(f"{field}:")
    assert not Group.objects.exists()


def test_an_unknown_or_missing_invite_code(players):
    assert join(players["bob"], "NOPE2345").status_code == 404
    assert join(players["bob"], "NOPE2345").json()["detail"].startswith("invite_code:")
    missing = players["bob"].post("/api/groups/join/", {}, format="json")
    assert missing.status_code == 400
    assert missing.json()["detail"].startswith("invite_code:")


def test_a_group_is_private_to_its_members(players, daily):
    group = create(players["alice"])
    outsider = players["carol"]
    for path in (
        f"/api/groups/{group['id']}/",
        f"/api/groups/{group['id']}/leaderboard/{daily.date}/",
        f"/api/groups/{group['id']}/standings/",
    ):
        assert outsider.get(path).status_code == 404, path
        assert APIClient().get(path).status_code in (401, 403), path
    response = outsider.delete(f"/api/groups/{group['id']}/members/alice/")
    assert response.status_code == 404
    assert players["carol"].get("/api/groups/").json() == []


def test_the_owner_removes_members_and_members_remove_only_themselves(players):
    group = create(players["alice"])
    for name in ("bob", "carol", "dave"):
        join(players[name], group["invite_code"])
    url = f"/api/groups/{group['id']}/members/"
    refused = players["bob"].delete(url + "carol/")
    assert (refused.status_code, refused.json()["error"]) == (403, "forbidden")
    assert players["alice"].delete(url + "carol/").status_code == 204
    assert players["bob"].delete(url + "bob/").status_code == 204  # bob leaves
    assert players["alice"].delete(url + "bob/").status_code == 404  # not a member any more
    assert players["carol"].get(f"/api/groups/{group['id']}/").status_code == 404
    assert usernames(players["alice"].get(f"/api/groups/{group['id']}/").json()) == [
        "alice",
        "dave",
    ]


def test_when_the_owner_leaves_the_longest_member_owns_it_and_the_last_one_out_ends_it(players):
    group = create(players["alice"])
    join(players["bob"], group["invite_code"])
    join(players["carol"], group["invite_code"])
    url = f"/api/groups/{group['id']}/"
    assert players["alice"].delete(url + "members/alice/").status_code == 204
    after = players["bob"].get(url).json()
    assert (after["owner"], usernames(after)) == ("bob", ["bob", "carol"])
    assert players["bob"].delete(url + "members/carol/").status_code == 204  # bob now may
    assert players["bob"].delete(url + "members/bob/").status_code == 204
    assert not Group.objects.filter(pk=group["id"]).exists()


def test_a_player_may_be_in_several_groups(players):
    cats = create(players["alice"], "Cats")
    quilts = create(players["bob"], "Quilts")
    join(players["carol"], cats["invite_code"])
    join(players["carol"], quilts["invite_code"])
    mine = players["carol"].get("/api/groups/").json()
    assert sorted(g["name"] for g in mine) == ["Cats", "Quilts"]


def test_a_guest_joins_by_the_link_and_stays_a_member_after_claiming(players):
    group = create(players["alice"])
    browser = APIClient()
    page = browser.get(f"/groups/join/{group['invite_code']}/")
    assert page.status_code == 200
    assert group["name"] in page.content.decode()
    assert join(browser, group["invite_code"]).status_code == 200
    guest = Player.objects.get(is_guest=True)
    members = players["alice"].get(f"/api/groups/{group['id']}/").json()["members"]
    assert members[1]["name"] == f"Guest {guest.username[6:10]}"
    claimed = browser.post("/signup/", {"username": "erin", "password": "a long password 1"})
    assert claimed.status_code == 302
    assert usernames(browser.get(f"/api/groups/{group['id']}/").json()) == ["alice", "erin"]


def _finish(player: Player, challenge: Challenge, score: int, cats=0, buttons=0, hints=0):
    """A finished ranked game row and its tally, as the move service leaves them."""
    game = Game.objects.create(
        challenge=challenge,
        player=player,
        ranked=True,
        status="finished",
        turn=23,
        score=score,
        cat_tokens=cats,
        button_tokens=buttons,
        hints_used=hints,
    )
    do_count_game(game)
    return game


def test_the_group_board_is_the_days_board_narrowed_to_members(players, daily):
    group = create(players["alice"])
    join(players["bob"], group["invite_code"])
    join(players["carol"], group["invite_code"])
    by_name = {p.username: p for p in Player.objects.all()}
    _finish(by_name["alice"], daily, 60, cats=2)
    _finish(by_name["bob"], daily, 60, cats=2)  # tied with alice: they share a rank
    _finish(by_name["carol"], daily, 55, hints=1)
    _finish(by_name["dave"], daily, 70)  # not a member: better than all, not on the board
    for n in range(3):
        _finish(Player.objects.create(username=f"x{n}"), daily, 65)
    board = players["carol"].get(f"/api/groups/{group['id']}/leaderboard/{daily.date}/").json()
    day_board = leaderboard(daily, 1, False)
    assert set(board) == set(day_board)
    assert [(e["rank"], e["player"]) for e in board["entries"]] == [
        (1, "alice"),
        (1, "bob"),
        (3, "carol"),
    ]
    assert board["count"] == 3
    assert board["histogram"] == [{"score": 55, "count": 1}, {"score": 60, "count": 2}]
    assert board["me"]["rank"] == 3 and board["me"]["percentile"] == round(100 / 3, 1)
    no_hints = players["alice"].get(
        f"/api/groups/{group['id']}/leaderboard/{daily.date}/?hints=exclude"
    )
    assert [e["player"] for e in no_hints.json()["entries"]] == ["alice", "bob"]
    # On the global board the same games rank behind dave and the three others.
    assert [e["rank"] for e in day_board["entries"] if e["player"] in board_players(board)] == [
        5,
        5,
        7,
    ]
    bad = players["alice"].get(f"/api/groups/{group['id']}/leaderboard/2031-13-01/")
    assert bad.status_code == 400 and bad.json()["detail"].startswith("date:")


def board_players(board: dict) -> set[str]:
    return {e["player"] for e in board["entries"]}


def test_standings_over_the_last_days(players):
    group = create(players["alice"])
    join(players["bob"], group["invite_code"])
    alice, bob = Player.objects.get(username="alice"), Player.objects.get(username="bob")
    days = [today() - datetime.timedelta(days=n) for n in range(10)]
    challenges = [Challenge.objects.create(date=d, seed=str(d), commitment="c") for d in days]
    _finish(alice, challenges[0], 50)
    _finish(bob, challenges[0], 50)  # a shared first place: a day won by each
    _finish(alice, challenges[1], 40)
    _finish(bob, challenges[1], 45)
    _finish(bob, challenges[8], 90)  # 8 days ago: in the 30 days, not in the 7
    week = players["alice"].get(f"/api/groups/{group['id']}/standings/?days=7").json()
    assert week["days"] == 7 and week["until"] == str(days[0]) and week["since"] == str(days[6])
    rows = {r["username"]: r for r in week["members"]}
    assert (rows["bob"]["games"], rows["bob"]["average"], rows["bob"]["days_won"]) == (2, 47.5, 2)
    assert (rows["alice"]["games"], rows["alice"]["average"], rows["alice"]["days_won"]) == (
        2,
        45.0,
        1,
    )
    month = players["bob"].get(f"/api/groups/{group['id']}/standings/?days=30").json()
    assert {r["username"]: r["games"] for r in month["members"]} == {"alice": 2, "bob": 3}
    for days in ("9", "seven"):
        bad = players["bob"].get(f"/api/groups/{group['id']}/standings/?days={days}")
        assert bad.status_code == 400 and bad.json()["detail"].startswith("days:"), days
        assert "(7, 30)" in bad.json()["detail"]
    assert SolverRun.objects.count() == 0  # no solver work for rows made here


def test_a_whole_game_played_through_the_api_shows_on_the_group_board(players, daily):
    group = create(players["alice"])
    challenge = players["alice"].get(f"/api/challenges/{daily.date}/").json()
    game = (
        players["alice"].post("/api/games/", {"goals": goals_for(challenge)}, format="json").json()
    )
    while game["status"] == "playing":
        game = (
            players["alice"].post(f"/api/games/{game['id']}/moves/", next_move(game), "json").json()
        )
    board = players["alice"].get(f"/api/groups/{group['id']}/leaderboard/{daily.date}/").json()
    assert [(e["player"], e["score"]) for e in board["entries"]] == [
        ("alice", game["score"]["total"])
    ]


def test_deleting_the_owner_passes_the_group_to_the_longest_standing_member(players):
    group = create(players["alice"])
    join(players["bob"], group["invite_code"])
    join(players["carol"], group["invite_code"])
    Player.objects.get(username="alice").delete()  # an account closed, in the admin too
    after = players["bob"].get(f"/api/groups/{group['id']}/").json()
    assert (after["owner"], usernames(after)) == ("bob", ["bob", "carol"])
    assert after["members"][0]["owner"] is True


def test_deleting_the_owner_with_the_next_members_skips_them_and_the_last_one_ends_it(players):
    group = create(players["alice"])
    for name in ("bob", "carol", "dave"):
        join(players[name], group["invite_code"])
    Player.objects.filter(username__in=["alice", "bob"]).delete()  # one delete, as pruning does
    assert Group.objects.get(pk=group["id"]).owner.username == "carol"
    Player.objects.filter(username__in=["carol", "dave"]).delete()
    assert not Group.objects.filter(pk=group["id"]).exists()


def test_removing_a_member_rotates_the_invite_code(players):
    group = create(players["alice"])
    join(players["bob"], group["invite_code"])
    join(players["carol"], group["invite_code"])
    url = f"/api/groups/{group['id']}/"
    assert players["carol"].delete(url + "members/carol/").status_code == 204  # leaving: kept
    assert players["alice"].get(url).json()["invite_code"] == group["invite_code"]
    assert players["alice"].delete(url + "members/bob/").status_code == 204
    code = players["alice"].get(url).json()["invite_code"]
    assert code != group["invite_code"]
    refused = join(players["bob"], group["invite_code"])
    assert (refused.status_code, refused.json()["error"]) == (404, "not_found")
    assert join(players["dave"], code).status_code == 200  # the new code works


def test_the_owner_rotates_the_invite_code_on_demand(players):
    group = create(players["alice"])
    join(players["bob"], group["invite_code"])
    url = f"/api/groups/{group['id']}/invite-code/"
    response = players["alice"].post(url)
    assert response.status_code == 200, response.content
    rotated = response.json()
    assert rotated["id"] == group["id"] and usernames(rotated) == ["alice", "bob"]
    assert rotated["invite_code"] != group["invite_code"]
    assert join(players["carol"], group["invite_code"]).status_code == 404
    assert join(players["carol"], rotated["invite_code"]).status_code == 200
    member = players["bob"].post(url)
    assert (member.status_code, member.json()["error"]) == (403, "forbidden")
    assert players["dave"].post(url).status_code == 404  # not a member: no such group
    assert APIClient().post(url).status_code in (401, 403)
    assert Group.objects.get().invite_code == rotated["invite_code"]


def test_the_admin_deleting_an_owner_lists_and_deletes_only_the_groups_left_empty(
    admin_client, players
):
    shared = create(players["alice"], "Cats")
    join(players["bob"], shared["invite_code"])
    alone = create(players["alice"], "Solo")
    url = f"/admin/puzzles/player/{Player.objects.get(username='alice').pk}/delete/"
    confirm = admin_client.get(url).text
    assert "group Solo" in confirm and "group Cats" not in confirm
    assert admin_client.post(url, {"post": "yes"}).status_code == 302
    assert Group.objects.get(pk=shared["id"]).owner.username == "bob"
    assert not Group.objects.filter(pk=alone["id"]).exists()
