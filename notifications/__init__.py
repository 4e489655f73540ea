"""Notifications: players know when to play, organizers know what is late.

Every message is a ``notifications.Notification`` row: rendered from templates in the
recipient's language (``templates/notifications/<kind>/``), shown in the in-app list (the
bell), and e-mailed in the background when the recipient has an address and wants it
(``Player.notify``). A ``dedupe_key`` per trigger makes every trigger safe to run twice.

Nobody imports this app: it listens to the event bus (``listeners``) and runs beat tasks.

Modules:
- ``kinds``: what can be sent, and which preference lets it through.
- ``services``: create one notification, deliver its e-mail, read/told/retry, preferences.
- ``match_notices``, ``deadlines``, ``tournament_notices``: the triggers (who gets what, when);
  ``placings``: the final places for "tournament finished".
- ``selectors``: the bell, the list pages, the organizer pages.
- ``calendar``: the iCalendar feed of a player's matches.
- ``listeners``: what happens elsewhere (results, draws, new members) → the triggers.
- ``tasks``: sending one e-mail, and the beat tasks.
"""
