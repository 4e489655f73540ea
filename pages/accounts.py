"""Sign-up, log-in (Django's, then the player's saved language) and the language switch;
log-out and password reset are Django's own.

The log-in and sign-up forms are the same for every visitor but for the CSRF token: a
visitor's GET is served from this process's copy of the page with his own token put in
(``tournaments.pagecache``); rendering the form and the page around it was most of its cost."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from clubs import services
from clubs.forms import LoginForm, SignupForm
from clubs.selectors import player_of
from tournaments import pagecache

#: A visitor's GET of a page built from the code and the settings alone (no data).
code_cached = pagecache.anonymous_cached_under(pagecache.code_version, shared=False)


@code_cached
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("dashboard")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = services.account_register(
            username=form.cleaned_data["username"],
            email=form.cleaned_data["email"],
            password=form.cleaned_data["password1"],
            first_name=form.cleaned_data["first_name"],
            last_name=form.cleaned_data["last_name"],
            language=translation.get_language() or "",
        )
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome to Crawford!"))
        return redirect("dashboard")
    return render(request, "registration/signup.html", {"form": form})


@require_POST
def language_set(request: HttpRequest) -> HttpResponse:
    """Django's language switch, remembered on the player so mails come in that language too."""
    response = set_language(request)
    language = request.POST.get("language")
    if request.user.is_authenticated and language in dict(settings.LANGUAGES):
        services.player_set_language(user=request.user, language=language)
    return response


def language_remember(response: HttpResponse, language: str) -> None:
    """The language cookie Django's language switch sets (``set_language``)."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


class LoginView(auth_views.LoginView):
    """Django's log-in, then the language the player chose (on another device, say): his
    pages in the language his e-mails come in."""

    form_class = LoginForm

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        response = super().form_valid(form)
        player = player_of(form.get_user())
        language = player.language if player is not None else ""
        if language in dict(settings.LANGUAGES):
            translation.activate(language)
            language_remember(response, language)
        return response


login_page = code_cached(LoginView.as_view())
