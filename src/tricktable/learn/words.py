"""The lesson panel's own words in English, Italian and Welsh (each lesson's are in its module).
``{action}``, ``{best}``: actions in notation; ``{loss}``: a number; ``{unit}``: the game's score unit (``learn.unit.<unit>``); ``{label}``: the
review's label (``learn.label.<label>``)."""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["COMMON"]

COMMON: Mapping[str, Mapping[str, str]] = {
    "en": {
        "learn.heading": "Learn",
        "learn.lesson": "Lesson {n}",
        "learn.step": "Step {n} of {of}",
        "learn.about": "About this lesson",
        "learn.right": "Right.",
        "learn.refused": "Not allowed: {reason}",
        "learn.poor": "{action} is allowed, but the analysis values it {loss} {unit} below {best} ({label}).",
        "learn.poor_even": "{action} is allowed and the analysis values it about the same as {best}; this step practises {best}.",
        "learn.poor_unvalued": "{action} is allowed, but this step practises {best}.",
        "learn.poor_better": "{action} is allowed, and the analysis even values it above {best} in the deals it sampled; this step practises {best}.",
        "learn.unreadable": "That is not an action: {reason}",
        "learn.done": "Lesson complete.",
        "learn.start": "Start",
        "learn.label.inaccuracy": "an inaccuracy",
        "learn.label.mistake": "a mistake",
        "learn.label.blunder": "a blunder",
        "learn.label.none": "a small loss",
        "learn.unit.points": "points",
        "learn.unit.levels": "levels",
    },
    "it": {
        "learn.heading": "Impara",
        "learn.lesson": "Lezione {n}",
        "learn.step": "Passo {n} di {of}",
        "learn.about": "Di che cosa tratta la lezione",
        "learn.right": "Giusto.",
        "learn.refused": "Non è permesso: {reason}",
        "learn.poor": "{action} è permesso, ma l'analisi lo valuta {loss} {unit} sotto {best} ({label}).",
        "learn.poor_even": "{action} è permesso e l'analisi lo valuta più o meno come {best}; questo passo fa esercitare {best}.",
        "learn.poor_unvalued": "{action} è permesso, ma questo passo fa esercitare {best}.",
        "learn.poor_better": "{action} è permesso, e l'analisi lo valuta persino sopra {best} nelle smazzate campionate; questo passo fa esercitare {best}.",
        "learn.unreadable": "Questa non è un'azione: {reason}",
        "learn.done": "Lezione completata.",
        "learn.start": "Inizia",
        "learn.label.inaccuracy": "un'imprecisione",
        "learn.label.mistake": "un errore",
        "learn.label.blunder": "un grave errore",
        "learn.label.none": "una piccola perdita",
        "learn.unit.points": "punti",
        "learn.unit.levels": "livelli",
    },
    "cy": {
        "learn.heading": "Dysgu",
        "learn.lesson": "Gwers {n}",
        "learn.step": "Cam {n} o {of}",
        "learn.about": "Am y wers hon",
        "learn.right": "Cywir.",
        "learn.refused": "Nid yw hynny'n cael ei ganiatáu: {reason}",
        "learn.poor": "Caniateir {action}, ond mae'r dadansoddiad yn ei brisio {loss} {unit} yn is na {best} ({label}).",
        "learn.poor_even": "Caniateir {action} ac mae'r dadansoddiad yn ei brisio tua'r un faint â {best}; mae'r cam hwn yn ymarfer {best}.",
        "learn.poor_unvalued": "Caniateir {action}, ond mae'r cam hwn yn ymarfer {best}.",
        "learn.poor_better": "Caniateir {action}, ac mae'r dadansoddiad hyd yn oed yn ei brisio uwchlaw {best} yn y deliadau a samplwyd; mae'r cam hwn yn ymarfer {best}.",
        "learn.unreadable": "Nid gweithred yw honno: {reason}",
        "learn.done": "Gwers wedi'i chwblhau.",
        "learn.start": "Dechrau",
        "learn.label.inaccuracy": "anghywirdeb",
        "learn.label.mistake": "camgymeriad",
        "learn.label.blunder": "camgymeriad mawr",
        "learn.label.none": "colled fach",
        "learn.unit.points": "pwynt",
        "learn.unit.levels": "lefel",
    },
}
