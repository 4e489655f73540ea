"""A tournament's money, under /clubs/<club>/t/<tournament>/money/ (organizers only)."""

from django.urls import path

from money.views import calcutta, fees, payouts, pools

app_name = "money"

urlpatterns = [
    path("", fees.fees, name="fees"),
    path("settings/", fees.settings, name="settings"),
    path("payouts/", payouts.payouts, name="payouts"),
    path("payouts/book/", payouts.book, name="payouts_book"),
    path("side-pools/", pools.side_pools, name="side_pools"),
    path("calcutta/", calcutta.calcutta, name="calcutta"),
    path("calcutta/lots/", calcutta.make_lots, name="calcutta_lots"),
    path("calcutta/lots/<int:number>/<slug:action>/", calcutta.lot_action, name="calcutta_lot"),
    path("calcutta/display/", calcutta.display, name="calcutta_display"),
    path("calcutta/statements/", calcutta.statements, name="calcutta_statements"),
    path("side-pools/<int:pool>/join/", pools.side_pool_join, name="side_pool_join"),
    path(
        "side-pools/entrants/<int:joined>/<slug:action>/",
        pools.side_pool_entrant,
        name="side_pool_entrant",
    ),
    path("fees/<int:entry>/<int:number>/<slug:action>/", fees.fee_action, name="fee_action"),
]
