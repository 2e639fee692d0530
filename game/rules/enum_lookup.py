"""Quick reads of enum members on Python 3.11.

Python 3.11's ``EnumType`` defines ``__getattr__``, and a metaclass with ``__getattr__``
sends every attribute read of its classes (``Phase.OVER``, ``Zone.HAND``,
``CardType.UNIT``) down CPython's slow path: about 80 ns a read instead of 15. The engine
reads such members on every action (~7 % of the instructions of random play). The method
is only a fallback to ``_member_map_``, and 3.11 also sets every member as a class
attribute, so the fallback never finds what the normal lookup missed; Python 3.12 dropped
it. ``quicken()`` drops it on 3.11 as well; on later versions it does nothing.
"""

from __future__ import annotations

import enum
import sys


def quicken() -> bool:
    """Remove 3.11's redundant ``EnumType.__getattr__``; True when it was removed."""
    if sys.version_info >= (3, 12) or "__getattr__" not in vars(enum.EnumType):
        return False
    del enum.EnumType.__getattr__  # type: ignore[attr-defined]
    return True


quicken()
