# The bot in one container (see compose.yaml; settings from .env):
#   docker compose up -d
# Built in two stages: the first makes the bot's wheel from the checkout, the second installs
# it (not an editable checkout: what runs is what was built) with its dependencies pinned by
# constraints.txt, installed first so that a change of the code alone reuses their layer.
FROM python:3.11-slim AS build
WORKDIR /src
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
COPY pyproject.toml README.md ./
COPY bot bot
COPY cogs cogs
COPY engine engine
COPY renderers renderers
RUN pip wheel --no-deps --wheel-dir /wheels .

FROM python:3.11-slim
RUN useradd --create-home --uid 1000 seepbot \
    && install -d -o seepbot /app /app/data /app/backups
WORKDIR /app
USER seepbot
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
COPY --chown=seepbot constraints.txt ./
RUN python3 -m venv .venv && .venv/bin/pip install --require-virtualenv -r constraints.txt
COPY --from=build /wheels /wheels
RUN .venv/bin/pip install --no-deps --constraint constraints.txt /wheels/*.whl
# `python` is the virtual environment's, as after `. .venv/bin/activate`
ENV PATH="/app/.venv/bin:$PATH" PYTHONUNBUFFERED=1 HEALTH_FILE=/tmp/seepbot.health
# The SQLite store (DATABASE_PATH=data/seepbot.sqlite3) and the backups, each on a volume.
VOLUME ["/app/data", "/app/backups"]
# SIGINT: moves in progress are stored before the process ends.
STOPSIGNAL SIGINT
# Healthy while connected to Discord (the heartbeat the bot writes to HEALTH_FILE).
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot", "--health"]
CMD ["python", "-m", "bot"]
