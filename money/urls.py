"""A tournament's money, under /clubs/<club>/t/<tournament>/money/ (organizers only)."""

from django.urls import path

from money.views import fees, payouts

app_name = "money"

urlpatterns = [
    path("", fees.fees, name="fees"),
    path("settings/", fees.settings, name="settings"),
    path("payouts/", payouts.payouts, name="payouts"),
    path("fees/<int:entry>/<int:number>/<slug:action>/", fees.fee_action, name="fee_action"),
]
