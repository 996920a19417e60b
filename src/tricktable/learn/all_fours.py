"""All Fours's lessons, from docs/rules/all-fours.md.

1. Standing on a good trump, High and Hang Jack, following suit or trumping, and the count (High,
   Low, Jack, Game) on the score sheet: you sit to the dealer's right with the ace, king and two of
   hearts; the five of hearts is turned up, and an opponent holds the jack of hearts alone.
2. Begging, giving and running, trumping when you could follow, and the Jack: you deal, holding the
   ace, king and jack of the turned-up suit, and the player to your right begs."""

from __future__ import annotations

from collections.abc import Mapping

from .lesson import Course, Deal, Lesson, Step

__all__ = ["COURSE"]

_SEED = 2  # the cut makes seat 3 the dealer: the learner, seat 0, decides first

FIRST = Lesson(
    game="all-fours",
    name="all-fours.first",
    seat=0,
    seed=_SEED,
    deal=Deal(
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

_SEED_DEALER = 1  # the cut makes the learner, seat 0, the dealer

GIVE = Lesson(
    game="all-fours",
    name="all-fours.give",
    seat=0,
    seed=_SEED_DEALER,
    deal=Deal({0: "AS KS JS QH 9D 8C", 1: "2H 3D 4C 5D 6C 7D"}, after="4S"),
    steps=(
        Step("give", ("give",)),
        Step("trump", ("play AS",)),
        Step("pull", ("play KS",)),
        Step("jack", ("play JS",)),
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
        "learn.all-fours.give.title": "All Fours: begging, giving and running, and the Jack",
        "learn.all-fours.give.intro": "This time you deal. The four of spades is turned up, so spades are proposed as trumps, and you hold the ace, king and jack of spades. The player to your right looked at a poor hand and begged: as dealer, you now choose.",
        "learn.all-fours.give.give": "Give one: the begging side scores a point and spades stay trumps, which suits your three top spades. Running the pack would deal three more cards each and turn up a new card, and your spades might stop being trumps.",
        "learn.all-fours.give.trump": "Diamonds were led and you hold a diamond, but you may trump even when you can follow. Trump with the ace of spades: nothing beats it, and the trick holds the jack of diamonds, card points for Game.",
        "learn.all-fours.give.pull": "You won the trick, so you lead. Lead the king of spades to draw the opponents' trumps.",
        "learn.all-fours.give.jack": "No higher trump is left in play: lead the jack of spades. The Jack scores for the side that wins it in a trick, and now nobody can take it from you.",
        "learn.all-fours.give.end": "Your jack is safe and High is yours. When the dealer gives, the beggars' point counts at once; when the dealer runs the pack and the new card is of the same suit, the dealer runs again.",
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
        "learn.all-fours.give.title": "Tutti i Quattro: chiedere, dare e rifare, e il Fante",
        "learn.all-fours.give.intro": "Questa volta distribuisci tu. È girato il quattro di picche, quindi picche è proposto come briscola, e hai l'asso, il re e il fante di picche. Il giocatore alla tua destra ha guardato una mano povera e ha chiesto: come mazziere, ora scegli tu.",
        "learn.all-fours.give.give": "Dai un punto: la squadra che ha chiesto segna un punto e picche resta briscola, che conviene alle tue tre picche alte. Rifacendo il mazzo si darebbero tre carte in più a testa e si girerebbe una nuova carta, e picche potrebbe non essere più briscola.",
        "learn.all-fours.give.trump": "Sono usciti quadri e hai una carta di quadri, ma puoi tagliare anche quando potresti rispondere. Taglia con l'asso di picche: niente lo batte, e la presa contiene il fante di quadri, punti carta per il Gioco.",
        "learn.all-fours.give.pull": "Hai vinto la presa, quindi esci tu. Esci con il re di picche per far uscire le briscole degli avversari.",
        "learn.all-fours.give.jack": "Non resta in gioco nessuna briscola più alta: esci con il fante di picche. Il Fante segna per la squadra che lo vince in una presa, e ora nessuno può portartelo via.",
        "learn.all-fours.give.end": "Il tuo fante è al sicuro e l'Alta è tua. Quando il mazziere dà, il punto di chi ha chiesto conta subito; quando il mazziere rifà il mazzo e la nuova carta è dello stesso seme, rifà di nuovo.",
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
        "learn.all-fours.give.title": "Pob Pedwar: erfyn, rhoi a rhedeg, a'r Gwas",
        "learn.all-fours.give.intro": "Y tro hwn chi sy'n delio. Trowyd pedwar rhawiau, felly cynigir rhawiau yn drympiau, ac mae gennych as, brenin a gwas rhawiau. Edrychodd y chwaraewr ar eich dde ar law wael ac erfyn: fel delïwr, chi sy'n dewis nawr.",
        "learn.all-fours.give.give": "Rhowch un: mae'r ochr a erfyniodd yn sgorio pwynt ac mae rhawiau'n aros yn drympiau, sy'n gweddu i'ch tair rhaw uchel. Byddai rhedeg y pac yn delio tri cherdyn arall yr un ac yn troi cerdyn newydd, ac efallai na fyddai rhawiau'n drympiau mwyach.",
        "learn.all-fours.give.trump": "Arweiniwyd diemwntau ac mae gennych ddiemwnt, ond cewch drympio hyd yn oed pan allwch ddilyn. Trympiwch gydag as rhawiau: nid oes dim yn ei guro, ac mae gwas diemwntau yn y tric, pwyntiau cardiau at y Gêm.",
        "learn.all-fours.give.pull": "Chi enillodd y tric, felly chi sy'n arwain. Arweiniwch gyda brenin rhawiau i dynnu trympiau'r gwrthwynebwyr allan.",
        "learn.all-fours.give.jack": "Nid oes trwmp uwch ar ôl yn y chwarae: arweiniwch gyda gwas rhawiau. Mae'r Gwas yn sgorio i'r ochr sy'n ei ennill mewn tric, a bellach ni all neb ei gymryd oddi arnoch.",
        "learn.all-fours.give.end": "Mae'ch gwas yn ddiogel ac Uchaf yn eiddo i chi. Pan fydd y delïwr yn rhoi, mae pwynt yr erfynwyr yn cyfrif ar unwaith; pan fydd y delïwr yn rhedeg y pac a'r cerdyn newydd o'r un siwt, mae'n rhedeg eto.",
    },
}

COURSE = Course((FIRST, GIVE), WORDS)
