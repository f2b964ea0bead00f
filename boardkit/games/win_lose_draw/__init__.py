"""Win, Lose or Draw (Milton Bradley, 1988): sketch a name or phrase for your team to guess."""
from .card_box import CATEGORIES, Card, box_order, load_cards
