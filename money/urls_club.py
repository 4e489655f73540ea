"""A club's ledger and money settings, under /clubs/<club>/money/ (organizers only)."""

from django.urls import path

from money.views import cashup, ledger, pools

app_name = "money_club"

urlpatterns = [
    path("", ledger.ledger, name="ledger"),
    path("<int:row>/reverse/", ledger.reverse, name="reverse"),
    path("seasons/<slug:season>/", pools.season_pot, name="season_pot"),
    path("cash-up/", cashup.cash_up, name="cash_up"),
    path("cash-up/<int:number>/", cashup.sheet, name="cash_up_sheet"),
]
