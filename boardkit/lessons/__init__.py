"""What the lesson notebooks share (for notebooks and Voilà apps only; models never import it).

- ``page``: ``lesson_page()`` (big type and the Large type switch), ``chart()``, ``table()``, numbers with intervals;
- ``predict``: ``Prediction`` (predict, lock, then see), ``answer_table``, ``quick_check``, the class tally;
- ``further``: ``GoingFurther``, the folded part with the heavier maths;
- ``tinker``: ``RuleControls``, controls built from a game's Rules fields;
- ``pick``: ``PickSeveral``, choose a few of many options by tap, click or keyboard, with a count;
- ``convergence``: ``convergence_chart``, the student's own plays first, then the computer's;
- ``output``: ``show``, ``study_button``, ``disabled_while``, ``progress_bar``, the chart colours, ``folded``,
  ``greyed_during_studies``, ``printed_when_opened``, ``back_to_part_one``, ``in_words`` (an error said in one sentence);
- ``lab``: the design lab's ``GoalBuilder``, ``verdict_columns`` (each goal's met / missed / not sure yet);
- ``links``: ``lesson_links``, links to the other lessons that work however the page is served;
- ``teacher``: ``teacher_controls``, ``teacher_notes``, ``teacher_note`` (controls built only in a kernel that has
  verified the teacher), ``teacher_mode``.
"""
from .output import (CHART_COLOURS, CHART_HATCHES, back_to_part_one, disabled_while, folded, greyed_during_studies,
                     in_voila, in_words, printed_when_opened, progress_bar, show, study_button)
from .teacher import TEACHER_PARAMETER, teacher_controls, teacher_mode, teacher_note, teacher_notes
from .page import LARGE_TYPE, chart, chart_style, lesson_css, lesson_page, number, plain_header, share_with_interval, table, with_interval
from .predict import Prediction, answer_table, class_mode_switch, quick_check, set_class_mode
from .further import GoingFurther
from .tinker import RuleControls
from .pick import PickSeveral
from .convergence import convergence_chart
from .links import lesson_links

__all__ = ["CHART_COLOURS", "CHART_HATCHES", "back_to_part_one", "disabled_while", "greyed_during_studies",
           "folded", "in_voila", "in_words", "GoingFurther", "LARGE_TYPE", "PickSeveral", "Prediction",
           "RuleControls", "TEACHER_PARAMETER", "answer_table", "chart", "chart_style", "class_mode_switch",
           "convergence_chart", "lesson_css", "lesson_links", "lesson_page", "number", "plain_header",
           "printed_when_opened", "progress_bar", "quick_check", "set_class_mode", "share_with_interval", "show",
           "study_button", "table", "teacher_controls", "teacher_mode", "teacher_note", "teacher_notes",
           "with_interval"]
