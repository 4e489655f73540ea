"""Sign-up URLs, under /clubs/<club>/t/<tournament>/entries/."""

from django.urls import path

from entries.views import tournament as views

app_name = "entries"

urlpatterns = [
    path("sign-up/", views.sign_up, name="sign_up"),
    path("take-back/", views.take_back, name="take_back"),
    path("check-in/", views.check_in, name="check_in"),
    path("check-in.svg", views.check_in_qr, name="check_in_qr"),
    path("manage/", views.entry_list, name="list"),
    path("manage/rules/", views.signup_rules, name="rules"),
    path("manage/bulk/", views.bulk_add, name="bulk"),
]
