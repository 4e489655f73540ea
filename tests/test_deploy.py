"""deploy/ as the machine will read it: every systemd unit starts a program and a module that
exist, the environment file names every setting the production settings read, and nginx's site
is what ``make deploy-check`` can run (scripts/deploy_check.py runs them all for real)."""

from __future__ import annotations

import importlib.util
import shlex
import subprocess
from pathlib import Path

from scripts.deploy_stack import (
    ENV_EXAMPLE,
    ENV_FILE,
    INSTALL_DIR,
    SITE,
    STATE_DIR,
    documented_names,
    parse_env_file,
    render_site,
    unit_command,
    units,
)
from tests.test_architecture import environment_variables

ROOT = Path(__file__).resolve().parent.parent
MAKEFILE = (ROOT / "Makefile").read_text()
PLACES = {ENV_FILE: "/etc/env", INSTALL_DIR: str(ROOT), STATE_DIR: "/tmp/state"}


def command(name: str) -> list[str]:
    env = parse_env_file(ENV_EXAMPLE.read_text())
    unit = units()[name]
    return unit_command(unit, instance="8000", places=PLACES, env_files={ENV_FILE: env}).argv


def test_every_process_has_its_unit_reading_the_environment_file():
    found = units()
    assert set(found) == {
        "crawford-web@.service",
        "crawford-ws@.service",
        "crawford-worker.service",
        "crawford-worker-analysis.service",
        "crawford-beat.service",
    }
    for unit in found.values():
        assert unit.get("Service", "EnvironmentFile") == [ENV_FILE], unit.name
        assert unit.get("Service", "WorkingDirectory") == [INSTALL_DIR], unit.name
        assert unit.get("Service", "Restart"), f"{unit.name} is not restarted when it dies"
        assert unit.get("Install", "WantedBy") == ["crawford.target"], unit.name


def test_the_units_start_programs_of_the_virtualenv_on_modules_that_exist():
    web = command("crawford-web@.service")
    assert web[1:3] == ["-c", "config/gunicorn.py"] and (ROOT / web[2]).is_file()
    assert "127.0.0.1:8000" in web
    ws = command("crawford-ws@.service")
    assert ws[-1] == "config.asgi:application" and "8000" in ws
    assert importlib.util.find_spec("config.asgi") is not None
    for name in ("crawford-worker.service", "crawford-worker-analysis.service"):
        assert command(name)[1:4] == ["-A", "config", "worker"]
    assert command("crawford-beat.service")[1:4] == ["-A", "config", "beat"]
    assert importlib.util.find_spec("config.celery") is not None


def test_the_analysis_worker_runs_as_make_worker_analysis_does():
    target = MAKEFILE.split("\nworker-analysis:", 1)[1].split("\n\n", 1)[0]
    make_flags = shlex.split(target.split("worker", 1)[1].replace("\\\n", " "))
    unit = command("crawford-worker-analysis.service")
    for flag in make_flags:
        assert flag in unit, f"make worker-analysis passes {flag}, the unit does not"


def test_the_environment_file_names_every_setting_the_production_settings_read():
    read = set()
    for module in ("settings.py", "settings_production.py", "env.py", "gunicorn.py"):
        read |= environment_variables(ROOT / "config" / module)
    read.add("DATABASE_URL")  # dj_database_url reads it
    missing = read - documented_names(ENV_EXAMPLE.read_text())
    assert not missing, f"not in deploy/crawford.env.example: {sorted(missing)}"
    env = parse_env_file(ENV_EXAMPLE.read_text())
    assert env["DJANGO_SETTINGS_MODULE"] == "config.settings_production"


def test_nginx_serves_the_static_files_from_the_environment_files_static_root():
    static_root = parse_env_file(ENV_EXAMPLE.read_text())["STATIC_ROOT"]
    site = render_site(
        SITE.read_text(),
        web_ports=[9000, 9001],
        ws_ports=[9100, 9101],
        http_port=9080,
        https_port=9443,
        server_name="localhost",
        certificate=Path("/tmp/cert.pem"),
        key=Path("/tmp/key.pem"),
        static_root=Path("/tmp/static"),
        production_static_root=static_root,
    )
    assert "alias /tmp/static/;" in site
    for port in (9000, 9001, 9100, 9101):
        assert f"server 127.0.0.1:{port};" in site
    assert "8000" not in site and "crawford.example.org;" not in site
    # The upstreams' ports are the units' instances the operations guide enables.
    enabled = (ROOT / "deploy" / "systemd" / "crawford.target").read_text()
    for port in ("8000", "8001", "8100", "8101"):
        assert f"server 127.0.0.1:{port};" in SITE.read_text() and port in enabled


def test_a_shell_reads_the_environment_file_as_systemd_does():
    """restore.sh and the operations guide load it with ``set -a; . FILE``."""
    script = f'set -a; . "{ENV_EXAMPLE}"; set +a; env -0'
    out = subprocess.run(["sh", "-c", script], env={}, capture_output=True, text=True, check=True)
    shell = dict(line.split("=", 1) for line in out.stdout.split("\0") if "=" in line)
    for name, value in parse_env_file(ENV_EXAMPLE.read_text()).items():
        assert shell.get(name) == value, name
