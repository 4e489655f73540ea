"""The online game and the director's actions, moved from ``matches`` with every row: their
tables are renamed there (matches 0010), here they enter the model state as they are."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


MOVED = ["onlinegame", "directoraction"]


def content_types_to_play(apps, schema_editor):
    """The admin's log and the permissions keep pointing at the same models."""
    content_types = apps.get_model("contenttypes", "ContentType")
    content_types.objects.filter(app_label="matches", model__in=MOVED).update(app_label="play")


def content_types_to_matches(apps, schema_editor):
    content_types = apps.get_model("contenttypes", "ContentType")
    content_types.objects.filter(app_label="play", model__in=MOVED).update(app_label="matches")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('matches', '0010_online_game_from_matches'),
        ('contenttypes', '0002_remove_content_type_name'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
            migrations.CreateModel(
                name='DirectorAction',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='created')),
                    ('updated_at', models.DateTimeField(auto_now=True, verbose_name='updated')),
                    ('kind', models.CharField(choices=[('pause', 'Paused'), ('resume', 'Resumed'), ('add_time', 'Time added'), ('take_back', 'Play taken back'), ('forfeit', 'Forfeit declared'), ('score', 'Agreed score declared')], max_length=16, verbose_name='action')),
                    ('reason', models.CharField(max_length=300, verbose_name='reason')),
                    ('side', models.PositiveSmallIntegerField(blank=True, choices=[(0, 'first player'), (1, 'second player')], null=True, verbose_name='player')),
                    ('seconds', models.PositiveIntegerField(blank=True, null=True, verbose_name='seconds')),
                    ('match', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='director_actions', to='matches.match', verbose_name='match')),
                    ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='by')),
                ],
                options={
                    'verbose_name': "director's action",
                    'verbose_name_plural': "director's actions",
                    'ordering': ['match', 'created_at'],
                    'constraints': [models.CheckConstraint(condition=models.Q(('kind__in', ['pause', 'resume', 'add_time', 'take_back', 'forfeit', 'score'])), name='director_action_kind_valid', violation_error_message='Choose one of the listed options.')],
                },
            ),
            migrations.CreateModel(
                name='OnlineGame',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='created')),
                    ('updated_at', models.DateTimeField(auto_now=True, verbose_name='updated')),
                    ('state', models.JSONField(default=dict, verbose_name='state')),
                    ('sequence', models.PositiveIntegerField(default=0, help_text='Grows with every action; clients send it back.', verbose_name='sequence')),
                    ('flag_at', models.BigIntegerField(blank=True, help_text='When the running clock falls (milliseconds since 1970), if nobody acts.', null=True, verbose_name='time runs out at')),
                    ('match', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='online_game', to='matches.match', verbose_name='match')),
                ],
                options={
                    'verbose_name': 'online game',
                    'verbose_name_plural': 'online games',
                    'indexes': [models.Index(fields=['flag_at'], name='matches_onl_flag_at_edf9d9_idx')],
                },
            ),
            ],
        ),
        migrations.RenameIndex(
            model_name='onlinegame',
            new_name='online_game_flag_at',
            old_name='matches_onl_flag_at_edf9d9_idx',
        ),
        migrations.RunPython(content_types_to_play, content_types_to_matches),
    ]
