"""Club pages: the clubs, their members, accounts and API tokens."""
