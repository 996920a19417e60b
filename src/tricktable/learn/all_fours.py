"""All Fours's first lesson: standing on a good trump, High and Hang Jack, following suit or trumping,
and the count (High, Low, Jack, Game) on the score sheet. From docs/rules/all-fours.md.

You sit to the dealer's right with the ace, king and two of hearts; the five of hearts is turned up.
An opponent holds the jack of hearts alone: leading your ace pulls it out (Hang Jack)."""

from __future__ import annotations

from collections.abc import Mapping

from .lesson import Course, Lesson, Step, stack

__all__ = ["COURSE"]

_SEED = 2  # the cut makes seat 3 the dealer: the learner, seat 0, decides first

FIRST = Lesson(
    game="all-fours",
    name="all-fours.first",
    seat=0,
    seed=_SEED,
    deck=stack(
        "all-fours",
        _SEED,
        {0: "AH KH 2H QS 9D 4C", 1: "JH 8S 7S 6D 5C 3D", 3: "TH TS QD 5D AC 3C"},
        after="5H",
    ),
    steps=(
        Step("stand", ("stand",)),
        Step("high", ("play AH",)),
        Step("pull", ("play KH",)),
        Step("lose", ("play 4C",)),
        Step("follow", ("play 9D",)),
        Step("last", ("play QS",)),
    ),
)

WORDS: Mapping[str, Mapping[str, str]] = {
    "en": {
        "learn.all-fours.first.title": "All Fours: trumps, High, Hang Jack and the count",
        "learn.all-fours.first.intro": "You are seat 0, to the dealer's right, with six cards. The dealer turned up the five of hearts: it proposes hearts as trumps. Each deal scores High (the highest trump out), Low (the lowest), Jack (the jack of trumps) and Game (the most card points in the tricks won).",
        "learn.all-fours.first.stand": "Stand: you hold the ace, king and two of hearts, so hearts suit you as trumps. Begging would let the dealer give your side one point or run the pack for another trump.",
        "learn.all-fours.first.high": "Lead the ace of hearts. It is the highest trump out, so it wins the trick and your side scores High; and when trumps are led, everyone holding a trump must play one.",
        "learn.all-fours.first.pull": "The opponent to your left had to give up the jack of hearts to your ace: your side has hanged the Jack. Lead the king of hearts to draw out more trumps.",
        "learn.all-fours.first.lose": "Lead the four of clubs, a card you will not miss: the opponents are welcome to a trick with no card points in it.",
        "learn.all-fours.first.follow": "Diamonds were led. You must follow suit or trump: play the nine of diamonds and keep the two of hearts, your Low. A card of a third suit is not allowed while you hold a diamond.",
        "learn.all-fours.first.last": "Play the queen of spades; the two of hearts, the lowest trump, scores Low for the side that was dealt it whoever wins it.",
        "learn.all-fours.first.end": "The deal is over: look at the score sheet. High, Low, Hang Jack and Game each went to a side; the first side to the target wins the game.",
    },
    "it": {
        "learn.all-fours.first.title": "Tutti i Quattro: briscola, Alta, fante impiccato e il conto",
        "learn.all-fours.first.intro": "Sei il posto 0, alla destra del mazziere, con sei carte. Il mazziere ha girato il cinque di cuori: propone cuori come briscola. Ogni smazzata assegna l'Alta (la briscola più alta in gioco), la Bassa (la più bassa), il Fante (il fante di briscola) e il Gioco (più punti carta nelle prese).",
        "learn.all-fours.first.stand": "Sta': hai l'asso, il re e il due di cuori, quindi cuori come briscola ti conviene. Chiedendo, il mazziere potrebbe dare un punto alla tua squadra o rifare il mazzo per un'altra briscola.",
        "learn.all-fours.first.high": "Esci con l'asso di cuori. È la briscola più alta in gioco: vince la presa e la tua squadra segna l'Alta; e quando si esce di briscola, chi ha una briscola deve giocarla.",
        "learn.all-fours.first.pull": "L'avversario alla tua sinistra ha dovuto cedere il fante di cuori al tuo asso: la tua squadra ha impiccato il Fante. Esci con il re di cuori per far uscire altre briscole.",
        "learn.all-fours.first.lose": "Esci con il quattro di fiori, una carta che non ti serve: agli avversari va pure una presa senza punti carta.",
        "learn.all-fours.first.follow": "Sono usciti quadri. Devi rispondere al seme o tagliare: gioca il nove di quadri e tieni il due di cuori, la tua Bassa. Una carta di un terzo seme non è permessa finché hai quadri.",
        "learn.all-fours.first.last": "Gioca la donna di picche; il due di cuori, la briscola più bassa, segna la Bassa per la squadra che l'ha ricevuto, chiunque lo prenda.",
        "learn.all-fours.first.end": "La smazzata è finita: guarda il foglio dei punti. Alta, Bassa, fante impiccato e Gioco sono andati a una squadra; vince la prima squadra che arriva al traguardo.",
    },
    "cy": {
        "learn.all-fours.first.title": "Pob Pedwar: trympiau, Uchaf, Crogi'r Gwas a'r cyfrif",
        "learn.all-fours.first.intro": "Chi yw sedd 0, ar y dde i'r delïwr, gyda chwe cherdyn. Trodd y delïwr bump calon: mae'n cynnig calonnau yn drympiau. Mae pob deliad yn sgorio Uchaf (y trwmp uchaf allan), Isaf (yr isaf), Gwas (gwas y trympiau) a Gêm (y mwyaf o bwyntiau cardiau yn y triciau a enillwyd).",
        "learn.all-fours.first.stand": "Sefwch: mae gennych yr as, y brenin a'r dau galon, felly mae calonnau'n gweddu i chi fel trympiau. Pe baech yn erfyn, gallai'r delïwr roi un pwynt i'ch ochr neu redeg y pac am drwmp arall.",
        "learn.all-fours.first.high": "Arweiniwch gydag as calonnau. Hwn yw'r trwmp uchaf allan, felly mae'n ennill y tric ac mae'ch ochr yn sgorio Uchaf; a phan arweinir trwmp, rhaid i bawb sydd â thrwmp chwarae un.",
        "learn.all-fours.first.pull": "Bu rhaid i'r gwrthwynebydd ar eich chwith ildio gwas calonnau i'ch as: mae'ch ochr wedi crogi'r Gwas. Arweiniwch gyda brenin calonnau i dynnu rhagor o drympiau allan.",
        "learn.all-fours.first.lose": "Arweiniwch gyda phedwar clybiau, cerdyn na fyddwch yn ei golli: croeso i'r gwrthwynebwyr gael tric heb bwyntiau cardiau ynddo.",
        "learn.all-fours.first.follow": "Arweiniwyd diemwntau. Rhaid i chi ddilyn y siwt neu drympio: chwaraewch naw diemwntau a chadwch ddau galon, eich Isaf. Ni chaniateir cerdyn o drydedd siwt tra bo gennych ddiemwnt.",
        "learn.all-fours.first.last": "Chwaraewch frenhines rhawiau; mae dau galon, y trwmp isaf, yn sgorio Isaf i'r ochr a'i cafodd wrth ddelio, pwy bynnag sy'n ei ennill.",
        "learn.all-fours.first.end": "Mae'r deliad drosodd: edrychwch ar y daflen sgôr. Aeth Uchaf, Isaf, Crogi'r Gwas a Gêm i ochr bob un; yr ochr gyntaf i gyrraedd y nod sy'n ennill y gêm.",
    },
}

COURSE = Course((FIRST,), WORDS)
