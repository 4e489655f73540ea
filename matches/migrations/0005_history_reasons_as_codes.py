"""The match history stored the reasons the system writes as text in the language of whoever
caused the change ("Game 3 entered", "Partie 3 eingetragen"); now it stores a code and its
parameters, translated when shown. Known English and German texts become codes; a referee's
own words stay as typed."""

from django.db import migrations

from matches.reasons import legacy_code


def texts_to_codes(apps, schema_editor):
    for model_name in ("HistoricalMatch", "HistoricalGame"):
        model = apps.get_model("matches", model_name)
        rows = (
            model.objects.exclude(history_change_reason__isnull=True)
            .exclude(history_change_reason="")
            .values_list("history_id", "history_change_reason")
        )
        changed: dict[str, list[int]] = {}
        for history_id, stored in rows.iterator(chunk_size=2000):
            code = legacy_code(stored)
            if code is not None:
                changed.setdefault(code, []).append(history_id)
        for code, ids in changed.items():
            for start in range(0, len(ids), 500):
                model.objects.filter(history_id__in=ids[start : start + 500]).update(
                    history_change_reason=code
                )


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0004_report_dispute_note_and_score"),
    ]

    operations = [
        migrations.RunPython(texts_to_codes, migrations.RunPython.noop, elidable=True),
    ]
