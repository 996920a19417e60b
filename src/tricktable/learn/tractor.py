"""Tractor's first lesson: the trump rank and suit, declaring and reinforcing, the kitty, and leading
pairs, tractors and throws; the levels are told at the end. From docs/rules/tractor.md.

The first round is played at rank 2. You draw a two of hearts at once and declare it; the other twos
and a joker of each kind are in the kitty, so no bot can overturn you, and you take the kitty."""

from __future__ import annotations

from collections.abc import Mapping

from .lesson import Course, Lesson, Step, stack

__all__ = ["COURSE"]

_SEED = 1

FIRST = Lesson(
    game="tractor",
    name="tractor.first",
    seat=0,
    seed=_SEED,
    deck=stack(
        "tractor",
        _SEED,
        {0: "2H AS AS KS KS QS QS AD AD KD 2H KD QD AC 3C 4C 5H 7H 9H JH 6D 8D 9S 3S 4S"},
        after="2S 2S 2D 2D 2C 2C BJ LJ",
    ),
    steps=(
        Step("declare", ("declare 2H",)),
        Step("reinforce", ("declare 2H 2H",)),
        Step("pass", ("pass",)),
        Step("kitty"),
        Step("pair", ("play AS AS",)),
        Step("tractor", ("play KS KS QS QS",)),
        Step("throw", ("play AD AD KD KD QD",)),
    ),
    auto=frozenset({"draw"}),
)

WORDS: Mapping[str, Mapping[str, str]] = {
    "en": {
        "learn.tractor.first.title": "Tractor: declaring trumps, the kitty, pairs, tractors and throws",
        "learn.tractor.first.intro": "The first round is played at level 2: every 2 and every joker is a trump, and whoever shows a 2 while the cards are drawn chooses the trump suit. You are seat 0 and draw first; your partner is seat 2.",
        "learn.tractor.first.declare": "You drew the two of hearts. Declare it now: hearts become the trump suit, your team are the declarers, and you will take the kitty. A single can be overturned by anyone who shows a pair of 2s.",
        "learn.tractor.first.reinforce": "You drew the second two of hearts. Show it too: a reinforced single becomes a pair, which only a pair of identical jokers can overturn.",
        "learn.tractor.first.pass": "The draw is over and each player has one last chance to declare. Your declaration stands: pass.",
        "learn.tractor.first.kitty": "You took the 8 kitty cards; now bury any 8 cards face down. Bury small cards of your short suits and keep the point cards (fives, tens, kings): if the opponents win the last trick, the kitty's points go to them, multiplied.",
        "learn.tractor.first.pair": "You lead the first trick. Two identical cards are a pair: lead your two aces of spades. Whoever holds a pair of spades must follow with it, and nothing beats your pair of aces.",
        "learn.tractor.first.tractor": "Two or more pairs of consecutive rank in one suit are a tractor. Lead the kings and queens of spades together; the others must follow with pairs of spades as far as they can.",
        "learn.tractor.first.throw": "A throw leads several units of one suit at once; it stands only if no other player can beat any of them. Every higher diamond is yours: throw the aces and kings of diamonds with the queen.",
        "learn.tractor.first.end": "The round goes on until the cards run out. Only the opponents count the points they win (fives 5, tens and kings 10). Under 80, your team goes up 1 to 3 levels and declares again; from 80 they become the declarers, and from 120 they go up levels too. The first team past the ace wins.",
    },
    "it": {
        "learn.tractor.first.title": "Trattore: dichiarare la briscola, il monte, coppie, trattori e calate",
        "learn.tractor.first.intro": "Il primo giro si gioca al livello 2: ogni 2 e ogni jolly è briscola, e chi mostra un 2 mentre si pescano le carte sceglie il seme di briscola. Sei il posto 0 e peschi per primo; il tuo compagno è il posto 2.",
        "learn.tractor.first.declare": "Hai pescato il due di cuori. Dichiaralo ora: cuori diventa il seme di briscola, la tua squadra dichiara e tu prenderai il monte. Una carta sola può essere superata da chiunque mostri una coppia di 2.",
        "learn.tractor.first.reinforce": "Hai pescato il secondo due di cuori. Mostra anche questo: la singola rinforzata diventa una coppia, che solo una coppia di jolly uguali può superare.",
        "learn.tractor.first.pass": "La pesca è finita e ogni giocatore ha un'ultima occasione per dichiarare. La tua dichiarazione resta: passa.",
        "learn.tractor.first.kitty": "Hai preso le 8 carte del monte; ora scartane 8 coperte. Scarta carte piccole dei semi corti e tieni le carte che valgono punti (cinque, dieci, re): se gli avversari vincono l'ultima presa, i punti del monte vanno a loro, moltiplicati.",
        "learn.tractor.first.pair": "Esci tu alla prima presa. Due carte uguali sono una coppia: esci con i tuoi due assi di picche. Chi ha una coppia di picche deve rispondere con quella, e niente batte la tua coppia di assi.",
        "learn.tractor.first.tractor": "Due o più coppie di valori consecutivi dello stesso seme sono un trattore. Esci con i re e le donne di picche insieme; gli altri devono rispondere con coppie di picche finché possono.",
        "learn.tractor.first.throw": "Una calata porta in tavola più unità dello stesso seme in una volta; vale solo se nessun altro può batterne una. Tutte le quadri più alte sono tue: cala gli assi e i re di quadri con la donna.",
        "learn.tractor.first.end": "Il giro continua finché le carte finiscono. Solo gli avversari contano i punti che vincono (i cinque 5, i dieci e i re 10). Sotto 80 la tua squadra sale da 1 a 3 livelli e dichiara ancora; da 80 dichiarano loro, e da 120 salgono anche di livello. Vince la prima squadra che supera l'asso.",
    },
    "cy": {
        "learn.tractor.first.title": "Tractor: datgan trympiau, y gath, parau, tractorau a thafliadau",
        "learn.tractor.first.intro": "Chwaraeir y rownd gyntaf ar lefel 2: mae pob 2 a phob jocer yn drwmp, a phwy bynnag sy'n dangos 2 tra codir y cardiau sy'n dewis siwt y trympiau. Chi yw sedd 0 ac rydych yn codi gyntaf; sedd 2 yw eich partner.",
        "learn.tractor.first.declare": "Codoch ddau calonnau. Datganwch ef nawr: calonnau fydd siwt y trympiau, eich tîm chi fydd y datganwyr, a chi fydd yn cymryd y gath. Gall unrhyw un sy'n dangos pâr o 2au drechu cerdyn sengl.",
        "learn.tractor.first.reinforce": "Codoch yr ail ddau calonnau. Dangoswch hwnnw hefyd: mae sengl wedi'i hatgyfnerthu yn troi'n bâr, na all dim ond pâr o jocers unfath ei drechu.",
        "learn.tractor.first.pass": "Mae'r codi drosodd ac mae gan bob chwaraewr un cyfle olaf i ddatgan. Mae eich datganiad yn sefyll: pasiwch.",
        "learn.tractor.first.kitty": "Cymeroch 8 cerdyn y gath; nawr claddwch unrhyw 8 cerdyn wyneb i lawr. Claddwch gardiau bach o'ch siwtiau byr a chadwch y cardiau pwyntiau (pumpau, degau, brenhinoedd): os yw'r gwrthwynebwyr yn ennill y tric olaf, pwyntiau'r gath sy'n mynd iddynt, wedi'u lluosi.",
        "learn.tractor.first.pair": "Chi sy'n arwain y tric cyntaf. Pâr yw dau gerdyn unfath: arweiniwch eich dau as rhawiau. Rhaid i bwy bynnag sydd â phâr o rawiau ddilyn ag ef, ac nid oes dim yn curo'ch pâr o asau.",
        "learn.tractor.first.tractor": "Tractor yw dau bâr neu fwy o safle olynol yn yr un siwt. Arweiniwch frenhinoedd a breninesau rhawiau gyda'i gilydd; rhaid i'r lleill ddilyn â pharau o rawiau cyn belled ag y gallant.",
        "learn.tractor.first.throw": "Mae tafliad yn arwain sawl uned o un siwt ar unwaith; mae'n sefyll dim ond os na all neb arall guro'r un ohonynt. Chi biau pob diemwnt uwch: taflwch asau a brenhinoedd diemwntau gyda'r frenhines.",
        "learn.tractor.first.end": "Mae'r rownd yn mynd ymlaen nes bod y cardiau'n darfod. Dim ond y gwrthwynebwyr sy'n cyfrif y pwyntiau a enillant (pumpau 5, degau a brenhinoedd 10). O dan 80, mae'ch tîm yn codi 1 i 3 lefel ac yn datgan eto; o 80 nhw fydd y datganwyr, ac o 120 maent yn codi lefelau hefyd. Y tîm cyntaf heibio'r as sy'n ennill.",
    },
}

COURSE = Course((FIRST,), WORDS)
