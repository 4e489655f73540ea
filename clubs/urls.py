from django.urls import path

from clubs import views

app_name = "clubs"

urlpatterns = [
    path("", views.club_list, name="list"),
    path("new/", views.club_create, name="create"),
    path("<slug:club>/", views.club_detail, name="detail"),
    path("<slug:club>/edit/", views.club_edit, name="edit"),
    path("<slug:club>/members/add/", views.member_add, name="member_add"),
    path("<slug:club>/members/<int:membership>/role/", views.membership_role, name="member_role"),
    path(
        "<slug:club>/members/<int:membership>/remove/",
        views.membership_remove,
        name="member_remove",
    ),
]
