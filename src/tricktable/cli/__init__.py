"""The ``tricktable`` terminal interface: play, simulate, replay, rules.

An adapter over the public game protocol: it decides no rule, it only shows views and passes actions.
"""
