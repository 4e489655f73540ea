"""Match files: a match's uploads, their download and their moves (the match's page is
``pages.match``)."""
