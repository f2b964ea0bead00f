"""Win, Lose or Draw's knobs for the design lab (read by ``bk.design.knobs`` and ``bk.design.lab_space``).

``LAB``: the rules the lab's page offers, with a range a lesson finds sensible
(a number's ``(low, high)``, a switch's or a choice's list).  Every other rule
of ``Rules`` is a knob too, in code, within the rules' own ``LIMITS``.
``CHOICES``: the values a rule that is a word may take.
"""
from .rules import PLAYS

LAB = {"n_players": (4, 8), "team_target": (3, 15), "steal_seconds": (1, 30), "timer_seconds": (20, 120),
       "steal": [True, False]}
CHOICES = {"play": list(PLAYS)}
