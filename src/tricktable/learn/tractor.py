"""Tractor's lessons, from docs/rules/tractor.md.

1. The trump rank and suit, declaring and reinforcing, the kitty, and leading pairs, tractors and
   throws. The first round is played at rank 2. You draw a two of hearts at once and declare it; the
   other twos and a joker of each kind are in the kitty, so no bot can overturn you, and you take
   the kitty.
2. Overturning, the levels, and following a pair. Round 1 (every card stacked): an opponent, seat 1,
   draws the two of diamonds with two more diamonds and declares it; your second two of spades comes
   after, and you overturn the single with your pair. No opponent holds a point card, a joker or a
   two, so nobody can overturn you and the opponents end the round (played for you after the kitty)
   with no points: your team goes up three levels, to 5, and stays. Round 2 (drawn from your
   partner, the new starter): your first card is the five of spades, which you declare, and your
   partner leads the pair of aces of hearts, the only sure unit it holds, while you hold the pair
   of nines of hearts that you must follow with."""

from __future__ import annotations

from collections.abc import Mapping

from .lesson import Course, Deal, Lesson, Step

__all__ = ["COURSE"]

_SEED = 1

FIRST = Lesson(
    game="tractor",
    name="tractor.first",
    seat=0,
    seed=_SEED,
    deal=Deal(
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

_SEED_LEVELS = 3

LEVELS = Lesson(
    game="tractor",
    name="tractor.levels",
    seat=0,
    seed=_SEED_LEVELS,
    deal=Deal(
        {
            0: "2S AS AS KS KS QS QS JS JS 2S TS TS 9S 9S BJ LJ AH AH KH KH AC AC KC KC 5S",
            1: "2D QD JD 8D 3C 3D 3H 3S 4C 4D 4H 4S 6C 6D 6H 6S 7C 7D 7H 7S 8C 8H 8S 9C 9D",
            2: "5H 5H 5D 5D 5C 5C 5S TH TH TD TD TC TC KD KD BJ LJ AD AD QD 2H 2H 2C 2C 2D",
            3: "3H 3S 4H 4S 6C 6H 6S 7C 7H 7S 8C 8D 8S 9C 9D 9H JC JC JD JH JH QC QC QH QH",
        },
        after="3C 4C 6D 7D 8H 9H 3D 4D",
    ),
    later=(
        # round 2 is drawn from the new starter, seat 2: stacked as a first round that seat 2 starts
        Deal(
            {
                0: "5S 2S 9H 9H 3H 4H BJ LJ 6S 7S 8S 9S TS JS QS KS AS 6C 7C 8C 9C 6D 7D 8D 9D",
                1: "BJ KH",
                2: "AH AH 5H 5D 5C 5H 5D 5C 5S",
                3: "LJ KH",
            },
            after="2C 3C 4C 2D 3D 4D 6H 7H",
            config={"first_round_starter": 2},
        ),
    ),
    steps=(
        Step("overturn", ("declare 2S 2S",)),
        Step("pass", ("pass",)),
        Step("kitty", ("bury 3C 4C 6D 7D 8H 9H 3D 4D",)),
        Step("level", ("declare 5S",)),
        Step("follow", ("play 9H 9H",)),
    ),
    bot="heuristic",
    auto=frozenset({"draw"}),
    stand_in=frozenset({"play"}),
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
        "learn.tractor.levels.title": "Tractor: overturning a declaration, and the levels",
        "learn.tractor.levels.intro": "Two rounds. The first is played at level 2: you draw first, and your partner sits opposite you. While the cards are drawn, a declaration can be overturned by a stronger one.",
        "learn.tractor.levels.overturn": "An opponent declared the two of diamonds, and you have just drawn your second two of spades. A single cannot overturn a single; a pair can. Declare your pair of twos of spades: spades become trumps and your team the declarers, and only a pair of identical jokers could overturn you now.",
        "learn.tractor.levels.pass": "The draw is over: each player has a last chance to declare or overturn. Your pair stands: pass.",
        "learn.tractor.levels.kitty": "Your declaration stood in the first round, so you start the round and took the kitty. Bury the eight small cards you picked up (clubs, diamonds and hearts from 3 to 9). The rest of the round is then played for you: watch the opponents' points.",
        "learn.tractor.levels.level": "The first round is over and the opponents took no points: your team goes up 3 levels, from 2 to 5, and stays the declarers (under 80 points the declarers go up 1 to 3 levels; from 80 the opponents take over). A round's trump rank is the declarers' level, so fives are trumps now; and your partner, the last starter's partner, drew first and will take the kitty. Declare the five of spades: a two is no longer the trump rank.",
        "learn.tractor.levels.follow": "Your partner leads the pair of aces of hearts. You must follow the led suit and its shape as far as you can: you hold the pair of nines of hearts, so you must play it. Try a nine with the three of hearts to see why it is refused, then play the pair.",
        "learn.tractor.levels.end": "The rest of the round is played for you. The opponents' points decide again, as the score sheet shows: from 80 they become the declarers (from 80 to 115 without going up a level) and the player after the last starter starts the next round; under 80 your team would stay and go up. The first team past the ace wins.",
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
        "learn.tractor.levels.title": "Trattore: superare una dichiarazione, e i livelli",
        "learn.tractor.levels.intro": "Due giri. Il primo si gioca al livello 2: peschi per primo, e il tuo compagno siede di fronte a te. Mentre si pescano le carte, una dichiarazione può essere superata da una più forte.",
        "learn.tractor.levels.overturn": "Un avversario ha dichiarato il due di quadri, e tu hai appena pescato il secondo due di picche. Una carta sola non può superare una carta sola; una coppia sì. Dichiara la tua coppia di due di picche: picche diventa briscola e la tua squadra dichiara, e ora solo una coppia di jolly uguali potrebbe superarti.",
        "learn.tractor.levels.pass": "La pesca è finita: ogni giocatore ha un'ultima occasione per dichiarare o superare. La tua coppia resta: passa.",
        "learn.tractor.levels.kitty": "La tua dichiarazione è rimasta nel primo giro, quindi inizi tu il giro e hai preso il monte. Scarta le otto carte piccole che hai raccolto (fiori, quadri e cuori dal 3 al 9). Il resto del giro viene poi giocato per te: guarda i punti degli avversari.",
        "learn.tractor.levels.level": "Il primo giro è finito e gli avversari non hanno fatto punti: la tua squadra sale di 3 livelli, dal 2 al 5, e continua a dichiarare (sotto 80 punti chi dichiara sale da 1 a 3 livelli; da 80 dichiarano gli avversari). Il valore di briscola di un giro è il livello di chi dichiara, quindi ora i cinque sono briscola; e il tuo compagno, compagno di chi ha iniziato l'ultimo giro, ha pescato per primo e prenderà il monte. Dichiara il cinque di picche: il due non è più il valore di briscola.",
        "learn.tractor.levels.follow": "Il tuo compagno esce con la coppia di assi di cuori. Devi rispondere al seme e alla forma dell'uscita finché puoi: hai la coppia di nove di cuori, quindi devi giocarla. Prova un nove con il tre di cuori per vedere perché viene rifiutato, poi gioca la coppia.",
        "learn.tractor.levels.end": "Il resto del giro viene giocato per te. Decidono di nuovo i punti degli avversari, come mostra il foglio dei punti: da 80 dichiarano loro (da 80 a 115 senza salire di livello) e il giro seguente lo inizia il giocatore dopo l'ultimo che ha iniziato; sotto 80 la tua squadra resterebbe e salirebbe. Vince la prima squadra che supera l'asso.",
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
        "learn.tractor.levels.title": "Tractor: trechu datganiad, a'r lefelau",
        "learn.tractor.levels.intro": "Dwy rownd. Chwaraeir y gyntaf ar lefel 2: chi sy'n codi gyntaf, ac mae'ch partner yn eistedd gyferbyn â chi. Tra codir y cardiau, gall datganiad cryfach drechu datganiad.",
        "learn.tractor.levels.overturn": "Datganodd gwrthwynebydd ddau diemwntau, ac rydych newydd godi'ch ail ddau rhawiau. Ni all cerdyn sengl drechu cerdyn sengl; gall pâr. Datganwch eich pâr o ddau rhawiau: rhawiau fydd y trympiau a'ch tîm chi fydd y datganwyr, a dim ond pâr o jocers unfath allai eich trechu bellach.",
        "learn.tractor.levels.pass": "Mae'r codi drosodd: mae gan bob chwaraewr gyfle olaf i ddatgan neu drechu. Mae'ch pâr yn sefyll: pasiwch.",
        "learn.tractor.levels.kitty": "Safodd eich datganiad yn y rownd gyntaf, felly chi sy'n dechrau'r rownd a chi gymerodd y gath. Claddwch yr wyth cerdyn bach a godoch (clybiau, diemwntau a chalonnau o 3 i 9). Yna chwaraeir gweddill y rownd ar eich rhan: gwyliwch bwyntiau'r gwrthwynebwyr.",
        "learn.tractor.levels.level": "Mae'r rownd gyntaf drosodd ac ni enillodd y gwrthwynebwyr yr un pwynt: mae'ch tîm yn codi 3 lefel, o 2 i 5, ac yn parhau i ddatgan (o dan 80 pwynt mae'r datganwyr yn codi 1 i 3 lefel; o 80 ymlaen y gwrthwynebwyr sy'n cymryd drosodd). Rheng y trwmp mewn rownd yw lefel y datganwyr, felly pumpau yw'r trympiau nawr; a'ch partner, partner yr un a ddechreuodd y rownd ddiwethaf, gododd gyntaf a bydd yn cymryd y gath. Datganwch bump rhawiau: nid dau yw rheng y trwmp mwyach.",
        "learn.tractor.levels.follow": "Mae'ch partner yn arwain y pâr o asau calonnau. Rhaid i chi ddilyn y siwt a arweiniwyd a'i siâp cyn belled ag y gallwch: mae gennych y pâr o nawiau calonnau, felly rhaid i chi ei chwarae. Rhowch gynnig ar naw gyda thri calonnau i weld pam y'i gwrthodir, yna chwaraewch y pâr.",
        "learn.tractor.levels.end": "Chwaraeir gweddill y rownd ar eich rhan. Pwyntiau'r gwrthwynebwyr sy'n penderfynu eto, fel y dengys y daflen sgôr: o 80 ymlaen nhw fydd y datganwyr (o 80 i 115 heb godi lefel) a'r chwaraewr ar ôl yr un a ddechreuodd ddiwethaf sy'n dechrau'r rownd nesaf; o dan 80 byddai'ch tîm yn aros ac yn codi. Y tîm cyntaf heibio'r as sy'n ennill.",
    },
}

COURSE = Course((FIRST, LEVELS), WORDS)
