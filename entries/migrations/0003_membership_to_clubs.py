"""The requests to join a club and the invitations to it move to ``clubs`` (its 0010), with
every row: their tables are renamed here and leave this app's model state."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('entries', '0002_sane_moments'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.AlterModelTable(name='joinrequest', table='clubs_joinrequest'),
                migrations.AlterModelTable(name='clubinvitation', table='clubs_clubinvitation'),
            ],
            state_operations=[
                migrations.DeleteModel(name='JoinRequest'),
                migrations.DeleteModel(name='ClubInvitation'),
            ],
        ),
    ]
