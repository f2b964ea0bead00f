"""Philo Vance's knobs for the design lab (read by ``bk.design.knobs`` and ``bk.design.lab_space``).

``LAB``: the rules the lab's page offers, with a range a lesson finds sensible
(a number's ``(low, high)``, a switch's or a choice's list).  Every other rule
of ``Rules`` is a knob too, in code, within the rules' own ``LIMITS``.
``CHOICES``: the values a rule that is a word may take.
"""
LAB = {"n_players": (2, 6), "declare_correct": (1, 6), "convict_correct": (5, 9), "court_size": (9, 12),
       "retire_after_failures": (1, 6), "judge_needed": [True, False], "arrow_rewards": [True, False]}
CHOICES = {"board": ["estate"]}
