"""The bots' judgement of single cards, one module per spec module (``playbook.judge`` registers each score and
stake by card name and mode index). Importing the package registers them all; ``compile.build`` does it once per
process, after the specs."""

from . import action, combat, combat_strikes, locations, master, modifier, permanent, political, reaction, vampires  # noqa: F401
