"""Tiny Tricks, a game package: its rules, view, computer player, words (`locales/`) and
/rules pages (`lessons/`). The bot finds it through the `seepbot.games` entry point."""
