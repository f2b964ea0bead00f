"""Mouse Trap's knobs for the design lab (read by ``bk.design.knobs`` and ``bk.design.lab_space``).

``LAB``: the rules the lab's page offers, with a range a lesson finds sensible
(a number's ``(low, high)``, a switch's or a choice's list).  Every other rule
of ``Rules`` is a knob too, in code, within the rules' own ``LIMITS``.
"""
LAB = {"n_players": (2, 4), "push_cost": (1, 5), "wheel_cheese": (0, 5), "cheese_count": (15, 60),
       "n_parts": (4, 24), "die_sides": (2, 12), "wheel_cheese_when_sent": [False, True],
       "crank_when_sent": [False, True]}
