"""Pages that compose several apps (a tournament's page draws on its entries, its draw, its
standings and its live matches): the top layer, beside the API, so each app's own pages and
URLs import only its own layer and below. A module for each page; ``urls`` lists them for
config/urls.py, which mounts them in the namespaces of the pages they sit among."""
