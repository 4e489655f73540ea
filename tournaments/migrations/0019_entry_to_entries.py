"""The entries and the pairing rules leave the tournaments' model state: they are
``entries``' now (entries 0004), with their tables and every row."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('analysis', '0006_entry_to_entries'),
        ('matches', '0011_entry_to_entries'),
        ('money', '0007_entry_to_entries'),
        ('tournaments', '0018_late_rules'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
            migrations.RemoveField(
                model_name='pairingrule',
                name='entry_a',
            ),
            migrations.RemoveField(
                model_name='pairingrule',
                name='entry_b',
            ),
            migrations.RemoveField(
                model_name='pairingrule',
                name='tournament',
            ),
            migrations.DeleteModel(
                name='Entry',
            ),
            migrations.DeleteModel(
                name='PairingRule',
            ),
            ],
        ),
    ]
