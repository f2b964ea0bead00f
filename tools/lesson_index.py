"""The notebook 00_index: the list of lessons."""
from notebook_builder import Builder


def index_notebook():
    b = Builder("index")
    b.md("""
    # boardkit: probability and game design with vintage board games

    Welcome! Each lesson is built around one old board game. You play it, then you use
    the computer to answer questions about it: *What are the odds? How long does a game
    last? Is it fair? What happens if we change a rule?*

    Every lesson opens two ways:

    * **in JupyterLab** — you see and run the code, and can change it;
    * **as a Voilà app** — code hidden, just the game, the buttons and the charts
      (handy on a projector).

    | # | Lesson | What it teaches | Open |
    |---|--------|-----------------|------|
    | 1 | **Mystery Date** (1965) | Exact odds as fractions, the law of large numbers, confidence intervals, testing whether a door is fair (chi-square, p-values), game length and first-player advantage, changing rules | [in JupyterLab](01_mystery_date.ipynb) · [as a Voilà app](../voila/render/notebooks/01_mystery_date.ipynb) |
    | 2 | **Mouse Trap** (1963) | Chains of chance: a contraption that works only if all 16 stages do (products of probabilities), the weakest link, backups, the geometric wait for a catch, game length by number of players | [in JupyterLab](02_mouse_trap.ipynb) · [as a Voilà app](../voila/render/notebooks/02_mouse_trap.ipynb) |
    | 3 | **Philo Vance** (1937) | Deduction: counting hands exactly (beyond the hypergeometric), the chance that 4 of 6 guesses are right, Bayes' rule from "yes" and "no", does reasoning beat guessing? | [in JupyterLab](03_philo_vance.ipynb) · [as a Voilà app](../voila/render/notebooks/03_philo_vance.ipynb) |
    | 4 | Cluedo Card Game | Counting with cards: sets, matches and penalties | *coming soon* |
    | 5 | Win, Lose or Draw | Timers, teams and scoring: is the board fair to every colour? | *coming soon* |

    **How the app links work.** The "as a Voilà app" link works when JupyterLab (or
    Jupyter Server) with Voilà is started from the top folder of this project. From a
    terminal in that folder you can also run a single lesson as an app:

    ```
    voila notebooks/01_mystery_date.ipynb
    ```

    On Binder, add `?urlpath=voila%2Frender%2Fnotebooks%2F01_mystery_date.ipynb` to the
    launch link, or use the links printed by the cell below (they know the server's
    address).
    """)
    b.code("""
    import pkgutil

    import pandas as pd
    import boardkit
    import boardkit.games

    print("boardkit version", boardkit.__version__)

    installed = {module.name for module in pkgutil.iter_modules(boardkit.games.__path__)}
    lessons = pd.DataFrame({
        "game": ["Mystery Date", "Mouse Trap", "Philo Vance", "Cluedo Card Game", "Win, Lose or Draw"],
        "module": ["mystery_date", "mouse_trap", "philo_vance", "cluedo_cards", "win_lose_draw"],
        "lesson": ["01_mystery_date.ipynb", "02_mouse_trap.ipynb", "03_philo_vance.ipynb", None, None],
    })
    lessons["status"] = ["ready" if m in installed and lesson else "coming"
                         for m, lesson in zip(lessons["module"], lessons["lesson"])]
    lessons
    """)
    b.md("""
    Links that work wherever this server runs (on your laptop or on Binder):
    """)
    b.code("""
    import os
    from IPython.display import HTML

    # Where this Jupyter server lives: "/" on a laptop, "/user/<name>/" on Binder or a hub.
    base = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/")
    links = [f'<li><b>{row.game}</b>: <a href="{base}voila/render/notebooks/{row.lesson}" target="_blank">'
             f'open as a Voilà app</a></li>'
             for row in lessons.itertuples() if row.status == "ready" and row.lesson]
    HTML("<ul style='font-size: 130%'>" + "".join(links) + "</ul>")
    """)
    return b.notebook()
