"""The five games, one package each."""
import importlib


def lazy_app_and_analysis(package: str):
    """A module ``__getattr__`` for a game package: ``App`` and ``analysis`` load when first asked for.

    The App needs ipywidgets and ipycanvas, the exact maths pandas or scipy
    (slow to import): loading them only on demand lets simulations start
    quickly and run without a browser stack.  A game's ``__init__`` says
    ``__getattr__ = lazy_app_and_analysis(__name__)``.
    """
    def __getattr__(name):
        if name == "App":
            return importlib.import_module(".view", package).App
        if name == "analysis":
            return importlib.import_module(".analysis", package)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    return __getattr__
