"""A club's ledger and money settings, under /clubs/<club>/money/ (organizers only)."""

from django.urls import path

from money.views import ledger

app_name = "money_club"

urlpatterns = [
    path("", ledger.ledger, name="ledger"),
    path("<int:row>/reverse/", ledger.reverse, name="reverse"),
]
