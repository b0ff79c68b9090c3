"""Page views: thin shells. Every number on a page is fetched from the JSON API."""

from django.shortcuts import render


def daily(request):
    return render(request, "puzzles/game.html", {"date": ""})


def practice(request, date):
    return render(request, "puzzles/game.html", {"date": date})


def leaderboard(request, date=""):
    return render(request, "puzzles/leaderboard.html", {"date": date})


def archive(request):
    return render(request, "puzzles/archive.html")


def signup(request):
    return render(request, "puzzles/signup.html")


def login_view(request):
    return render(request, "puzzles/login.html")


def logout_view(request):
    return render(request, "puzzles/login.html")
