"""The chouette's sheet, pure (no Django): a game as it ended, scored against each member of
the team (``sheet``), the session replayed from its joins, leaves and games (``replay``), and
the settlement with the fewest transfers (``settlement``)."""
