"""The requests to join a club and the invitations to it, moved from ``entries`` with every row:
their tables are renamed there (entries 0003), here they enter the model state as they are."""

import clubs.models
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


MOVED = ["joinrequest", "clubinvitation"]


def content_types_to_clubs(apps, schema_editor):
    """The admin's log and the permissions keep pointing at the same models."""
    content_types = apps.get_model("contenttypes", "ContentType")
    content_types.objects.filter(app_label="entries", model__in=MOVED).update(app_label="clubs")


def content_types_to_entries(apps, schema_editor):
    content_types = apps.get_model("contenttypes", "ContentType")
    content_types.objects.filter(app_label="clubs", model__in=MOVED).update(app_label="entries")


class Migration(migrations.Migration):

    dependencies = [
        ('clubs', '0009_country'),
        ('entries', '0003_membership_to_clubs'),
        ('contenttypes', '0002_remove_content_type_name'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
            migrations.CreateModel(
                name='ClubInvitation',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='created')),
                    ('updated_at', models.DateTimeField(auto_now=True, verbose_name='updated')),
                    ('email', models.EmailField(max_length=254, verbose_name='e-mail')),
                    ('role', models.CharField(choices=[('organizer', 'Organizer'), ('referee', 'Referee'), ('player', 'Player')], default='player', max_length=16, verbose_name='role')),
                    ('token', models.CharField(default=clubs.models.invitation_token, editable=False, max_length=64, unique=True)),
                    ('accepted_at', models.DateTimeField(blank=True, null=True, verbose_name='accepted')),
                    ('accepted_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='clubs.player', verbose_name='accepted by')),
                    ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='invitations', to='clubs.club', verbose_name='club')),
                    ('invited_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='invited by')),
                ],
                options={
                    'verbose_name': 'invitation',
                    'verbose_name_plural': 'invitations',
                    'ordering': ['club', '-created_at'],
                    'constraints': [models.CheckConstraint(condition=models.Q(('role__in', ['organizer', 'referee', 'player'])), name='club_invitation_role_valid', violation_error_message='Choose one of the listed options.')],
                },
            ),
            migrations.CreateModel(
                name='JoinRequest',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='created')),
                    ('updated_at', models.DateTimeField(auto_now=True, verbose_name='updated')),
                    ('message', models.CharField(blank=True, max_length=500, verbose_name='message')),
                    ('status', models.CharField(choices=[('pending', 'Waiting for an organizer'), ('approved', 'Approved'), ('declined', 'Declined')], default='pending', max_length=12, verbose_name='status')),
                    ('decided_at', models.DateTimeField(blank=True, null=True, verbose_name='decided')),
                    ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='join_requests', to='clubs.club', verbose_name='club')),
                    ('decided_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='decided by')),
                    ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='join_requests', to='clubs.player', verbose_name='player')),
                ],
                options={
                    'verbose_name': 'join request',
                    'verbose_name_plural': 'join requests',
                    'ordering': ['club', 'created_at', 'pk'],
                    'constraints': [models.UniqueConstraint(condition=models.Q(('status', 'pending')), fields=('club', 'player'), name='join_request_one_open_per_player'), models.CheckConstraint(condition=models.Q(('status__in', ['pending', 'approved', 'declined'])), name='join_request_status_valid', violation_error_message='Choose one of the listed options.')],
                },
            ),
            ],
        ),
        migrations.RunPython(content_types_to_clubs, content_types_to_entries),
    ]
