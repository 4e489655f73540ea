"""The online game and the director's actions move to ``play`` (its 0001), with every row:
their tables are renamed here and leave this app's model state."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('matches', '0009_report_recorded_on_the_clock'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.AlterModelTable(name='onlinegame', table='play_onlinegame'),
                migrations.AlterModelTable(name='directoraction', table='play_directoraction'),
            ],
            state_operations=[
                migrations.DeleteModel(name='DirectorAction'),
                migrations.DeleteModel(name='OnlineGame'),
            ],
        ),
    ]
