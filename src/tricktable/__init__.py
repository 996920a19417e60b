"""tricktable: rules engines, bots and play surfaces for Tractor, Back Alley and All Fours."""

__version__ = "0.1.0"
