"""The Cluedo Card Game's knobs for the design lab (read by ``bk.design.knobs`` and ``bk.design.lab_space``).

``LAB``: the rules the lab's page offers, with a range a lesson finds sensible
(a number's ``(low, high)``, a switch's or a choice's list).  Every other rule
of ``Rules`` is a knob too, in code, within the rules' own ``LIMITS``.
``CHOICES``: the values a rule that is a word may take.
"""
from .rules import EMPTY_DRAW_RULES, STARTER_RULES, TIE_RULES

LAB = {"n_players": (2, 4), "hand_size": (3, 8), "target": (4, 20), "going_out_points": (0, 6),
       "floor_at_zero": [False, True], "starter": list(STARTER_RULES)}
CHOICES = {"empty_draw": list(EMPTY_DRAW_RULES), "ties": list(TIE_RULES), "starter": list(STARTER_RULES)}
