"""Tournament pages: the public ones, the organizer's manage pages and seasons."""
