"""The operator side of the cabinet: the PIN pad with its lockout (pin.py), the menu
of pages (menu.py: meters, cash, game recall, event log, settings, diagnostics, audit
and RAM CLEAR), the handpay notice (handpay.py) and the hardware test screens
(test_screens.py). Importing the package registers every one of their scenes."""
from . import test_screens  # noqa: F401  (registers the test screens)
from .handpay import HandpayNotice
from .menu import OperatorMenu
from .pin import PinPad
from .ram_clear import RamClearConfirm

__all__ = ["OperatorMenu", "PinPad", "RamClearConfirm", "HandpayNotice"]
