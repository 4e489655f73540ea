"""The challenge ladder, pure (no Django): the ladder as a replay of its history of changes
(``ladder``), who may challenge whom (``challenges``) and the drops of players who have not
played for a while (``inactivity``)."""
