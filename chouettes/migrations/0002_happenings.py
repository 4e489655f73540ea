"""A chouette's joins, leaves and games are its happenings (the word "event" is the bus's).

Renames only: the table, the sheet's column and the constraints that carried the old word;
every row stays. The constraints on the renamed column are dropped and made again with it.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("chouettes", "0001_initial"),
        ("clubs", "0008_club_version"),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="chouetteevent", name="chouette_event_once"),
        migrations.RemoveConstraint(
            model_name="chouetteevent", name="chouette_event_fields_fit_kind"
        ),
        migrations.RemoveConstraint(model_name="chouettesheet", name="chouette_sheet_version_once"),
        migrations.RenameModel(old_name="ChouetteEvent", new_name="ChouetteHappening"),
        migrations.AlterModelOptions(
            name="chouettehappening",
            options={
                "ordering": ["session", "sequence"],
                "verbose_name": "chouette happening",
                "verbose_name_plural": "chouette happenings",
            },
        ),
        migrations.AlterField(
            model_name="chouettehappening",
            name="session",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="happenings",
                to="chouettes.chouettesession",
                verbose_name="session",
            ),
        ),
        migrations.AlterField(
            model_name="chouettehappening",
            name="player",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="chouette_happenings",
                to="clubs.player",
                verbose_name="player",
            ),
        ),
        migrations.RenameField(model_name="chouettesheet", old_name="event", new_name="happening"),
        migrations.AlterModelOptions(
            name="chouettesheet",
            options={
                "ordering": ["happening", "version"],
                "verbose_name": "game sheet",
                "verbose_name_plural": "game sheets",
            },
        ),
        migrations.AddConstraint(
            model_name="chouettehappening",
            constraint=models.UniqueConstraint(
                fields=("session", "sequence"), name="chouette_happening_once"
            ),
        ),
        migrations.AddConstraint(
            model_name="chouettehappening",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("game_number__gte", 1), ("kind", "game"), ("player__isnull", True)),
                    models.Q(
                        ("game_number__isnull", True),
                        ("kind__in", ["join", "leave"]),
                        ("player__isnull", False),
                    ),
                    _connector="OR",
                ),
                name="chouette_happening_fields_fit_kind",
                violation_error_message="A game has a number; a join or leave has a player.",
            ),
        ),
        migrations.AddConstraint(
            model_name="chouettesheet",
            constraint=models.UniqueConstraint(
                fields=("happening", "version"), name="chouette_sheet_version_once"
            ),
        ),
    ]
