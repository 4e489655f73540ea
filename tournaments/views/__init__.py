"""Tournament pages: the public ones and the organizer's manage pages (the standings and
season pages are ``standings.views``)."""
