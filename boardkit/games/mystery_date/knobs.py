"""Mystery Date's knobs for the design lab (read by ``bk.design.knobs`` and ``bk.design.lab_space``).

``LAB``: the rules the lab's page offers, with a range a lesson finds sensible
(a number's ``(low, high)``, a switch's or a choice's list).  Every other rule
of ``Rules`` is a knob too, in code, within the rules' own ``LIMITS``.
"""
LAB = {"n_players": (2, 4), "hand_limit": (3, 9), "deal_size": (0, 4), "dud_redraw": (0, 6),
       "die_sides": (2, 12), "copies": (2, 8), "dud_in_play": [True, False]}
