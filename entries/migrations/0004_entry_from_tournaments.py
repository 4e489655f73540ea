"""The entries and the pairing rules, moved from ``tournaments`` with every row: their tables
keep their names (``db_table``), here they enter the model state as they are; the other apps'
keys to them follow (analysis 0006, matches 0011, money 0007), then they leave the
tournaments' state (tournaments 0019)."""

import django.db.models.deletion
from django.db import migrations, models


MOVED = ["entry", "pairingrule"]


def content_types_to_entries(apps, schema_editor):
    """The admin's log and the permissions keep pointing at the same models."""
    content_types = apps.get_model("contenttypes", "ContentType")
    content_types.objects.filter(app_label="tournaments", model__in=MOVED).update(
        app_label="entries"
    )


def content_types_to_tournaments(apps, schema_editor):
    content_types = apps.get_model("contenttypes", "ContentType")
    content_types.objects.filter(app_label="entries", model__in=MOVED).update(
        app_label="tournaments"
    )


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0010_membership_from_entries'),
        ('entries', '0003_membership_to_clubs'),
        ('tournaments', '0018_late_rules'),
        ('contenttypes', '0002_remove_content_type_name'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
            migrations.CreateModel(
                name='Entry',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='created')),
                    ('updated_at', models.DateTimeField(auto_now=True, verbose_name='updated')),
                    ('seed', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='seed')),
                    ('status', models.CharField(choices=[('pending', 'Awaiting approval'), ('waiting', 'On the waiting list'), ('approved', 'Approved'), ('checked_in', 'Checked in'), ('no_show', 'Did not check in'), ('withdrawn', 'Withdrawn')], default='pending', max_length=16, verbose_name='status')),
                    ('joined_round', models.PositiveSmallIntegerField(blank=True, help_text='A late entry into a Swiss: the first round the player is paired in.', null=True, verbose_name='entered from round')),
                    ('starting_points', models.PositiveSmallIntegerField(default=0, help_text='Match points a late entry starts with.', verbose_name='starting score')),
                    ('waiting_number', models.PositiveIntegerField(blank=True, editable=False, help_text='Waiting entries move up in the order of these numbers.', null=True, verbose_name='place on the waiting list')),
                    ('requested_byes', models.JSONField(blank=True, default=dict, help_text='Swiss rounds the player asked not to be paired in, with the points given.', verbose_name='byes on request')),
                    ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='entries', to='clubs.player', verbose_name='player')),
                    ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='entries', to='tournaments.tournament', verbose_name='tournament')),
                ],
                options={
                    'verbose_name': 'entry',
                    'verbose_name_plural': 'entries',
                    'db_table': 'tournaments_entry',
                    'ordering': ['tournament', 'seed', 'player__name'],
                },
            ),
            migrations.CreateModel(
                name='PairingRule',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='created')),
                    ('updated_at', models.DateTimeField(auto_now=True, verbose_name='updated')),
                    ('kind', models.CharField(choices=[('forbidden', 'Never pair'), ('pinned', 'Always pair')], max_length=12, verbose_name='rule')),
                    ('reason', models.CharField(choices=[('family', 'Family'), ('household', 'Same household'), ('request', "A player's request"), ('other', 'Other')], default='other', max_length=12, verbose_name='reason')),
                    ('entry_a', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='entries.entry', verbose_name='player')),
                    ('entry_b', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='entries.entry', verbose_name='other player')),
                    ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='pairing_rules', to='tournaments.tournament', verbose_name='tournament')),
                ],
                options={
                    'verbose_name': 'pairing rule',
                    'verbose_name_plural': 'pairing rules',
                    'db_table': 'tournaments_pairingrule',
                    'ordering': ['tournament', 'kind', 'pk'],
                },
            ),
            migrations.AddConstraint(
                model_name='entry',
                constraint=models.UniqueConstraint(fields=('tournament', 'player'), name='entry_player_once_per_tournament'),
            ),
            migrations.AddConstraint(
                model_name='entry',
                constraint=models.UniqueConstraint(condition=models.Q(('seed__isnull', False)), fields=('tournament', 'seed'), name='entry_seed_once_per_tournament'),
            ),
            migrations.AddConstraint(
                model_name='entry',
                constraint=models.CheckConstraint(condition=models.Q(('seed__isnull', True), ('seed__gte', 1), _connector='OR'), name='entry_seed_positive', violation_error_message='Enter a whole number of at least 1.'),
            ),
            migrations.AddConstraint(
                model_name='entry',
                constraint=models.CheckConstraint(condition=models.Q(('status__in', ['pending', 'waiting', 'approved', 'checked_in', 'no_show', 'withdrawn'])), name='entry_status_valid', violation_error_message='Choose one of the listed options.'),
            ),
            migrations.AddConstraint(
                model_name='entry',
                constraint=models.CheckConstraint(condition=models.Q(models.Q(('status', 'waiting'), ('waiting_number__isnull', False)), models.Q(models.Q(('status', 'waiting'), _negated=True), ('waiting_number__isnull', True)), _connector='OR'), name='entry_waiting_number_iff_waiting', violation_error_message='An entry on the waiting list has a place on it, and only such an entry.'),
            ),
            migrations.AddConstraint(
                model_name='entry',
                constraint=models.UniqueConstraint(condition=models.Q(('waiting_number__isnull', False)), fields=('tournament', 'waiting_number'), name='entry_waiting_number_once_per_tournament'),
            ),
            migrations.AddConstraint(
                model_name='pairingrule',
                constraint=models.UniqueConstraint(fields=('tournament', 'entry_a', 'entry_b'), name='pairing_rule_pair_once'),
            ),
            migrations.AddConstraint(
                model_name='pairingrule',
                constraint=models.CheckConstraint(condition=models.Q(('entry_a', models.F('entry_b')), _negated=True), name='pairing_rule_two_players', violation_error_message='A pairing rule needs two different players.'),
            ),
            migrations.AddConstraint(
                model_name='pairingrule',
                constraint=models.CheckConstraint(condition=models.Q(('kind__in', ['forbidden', 'pinned'])), name='pairing_rule_kind_valid', violation_error_message='Choose one of the listed options.'),
            ),
            ],
        ),
        migrations.RunPython(content_types_to_entries, content_types_to_tournaments),
    ]
