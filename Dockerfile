# The bot in one container, installed and started with the README's first command:
#   docker compose up -d          (see compose.yaml; settings from .env)
FROM python:3.11-slim
RUN useradd --create-home --uid 1000 seepbot && install -d -o seepbot /app
WORKDIR /app
COPY --chown=seepbot pyproject.toml README.md ./
COPY --chown=seepbot bot bot
COPY --chown=seepbot cogs cogs
COPY --chown=seepbot engine engine
COPY --chown=seepbot renderers renderers
USER seepbot
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
RUN python3 -m venv .venv && . .venv/bin/activate && pip install -e . \
    && mkdir -p data
# `python` is the virtual environment's, as after `. .venv/bin/activate`
ENV PATH="/app/.venv/bin:$PATH" PYTHONUNBUFFERED=1
# The SQLite store (DATABASE_PATH=data/seepbot.sqlite3) lives on a volume.
VOLUME ["/app/data"]
# SIGINT: moves in progress are stored before the process ends.
STOPSIGNAL SIGINT
CMD ["python", "-m", "bot"]
