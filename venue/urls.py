from django.urls import path

from venue import views

app_name = "venue"

urlpatterns = [
    path("", views.night, name="night"),
    path("display/", views.display, name="display"),
    path("tables/", views.tables, name="tables"),
    path("tables/<int:table>/", views.table_edit, name="table"),
    path("t/<slug:tournament>/", views.tournament_tables, name="tournament"),
    path("matches/<int:match>/call/", views.call_create, name="call"),
    path("calls/<int:call>/move/", views.call_move, name="move"),
    path("calls/<int:call>/take-back/", views.call_take_back, name="take_back"),
]
