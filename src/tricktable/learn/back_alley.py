"""Back Alley's lessons, from docs/rules/back-alley.md.

1. Bidding your sure tricks, trumps not yet broken, following suit, breaking trumps on a void, and
   leading the big joker: you bid first in a 13-card hand with spades trumps (the seven of spades is
   turned up), holding the big joker, the ace and king of spades, the ace and king of hearts, the ace
   of diamonds and no clubs.
2. Boards: bidding one, the lead it gives and the trumps it opens, drawing the others' trumps with
   the jokers, and what a made board scores. You bid first holding both jokers and the spades from
   the ace to the eight (the two of spades is turned up) with four top cards of the other suits; the
   others' five trumps are stacked so that the two joker leads draw all of them, and the rest of the
   hand, every trick yours, is played for you to reach its score."""

from __future__ import annotations

from collections.abc import Mapping

from .lesson import Course, Deal, Lesson, Step

__all__ = ["COURSE"]

_SEED = 7  # seat 3 deals: the learner, seat 0, bids first

FIRST = Lesson(
    game="back-alley",
    name="back-alley.first",
    seat=0,
    seed=_SEED,
    deal=Deal(
        {
            0: "BJ AS KS 4S 3S AH KH 5H AD 9D 6D 4D 2D",
            1: "LJ QS TS 8S QH JH TH 8H 7D 3D AC KC 2C",
            2: "JS 9S 5S 9H 4H 2H KD JD TD 5C 4C QC 8C",
            3: "6S 2S 7H 6H 3H QD 8D 5D JC TC 9C 6C 3C",
        },
        after="7S",
    ),
    steps=(
        Step("bid", ("bid 6",)),
        Step("lead", ("play AH",)),
        Step("again", ("play KH",)),
        Step("low", ("play 2D",)),
        Step("ruff", ("play 3S",)),
        Step("joker", ("play BJ",)),
    ),
)

BOARD = Lesson(
    game="back-alley",
    name="back-alley.board",
    seat=0,
    seed=_SEED,
    deal=Deal(
        {0: "BJ LJ AS KS QS JS TS 9S 8S AH KH AD AC", 1: "7S 6S", 2: "5S 4S", 3: "3S"},
        after="2S",
    ),
    steps=(
        Step("board", ("bid board",)),
        Step("big", ("play BJ",)),
        Step("little", ("play LJ",)),
        Step("ace", ("play AH",)),
    ),
    stand_in=frozenset({"play"}),
)

WORDS: Mapping[str, Mapping[str, str]] = {
    "en": {
        "learn.back-alley.first.title": "Back Alley: bids, trumps broken and the jokers",
        "learn.back-alley.first.intro": "You are seat 0 and bid first. Thirteen cards each; the seven of spades was turned up, so spades are trumps, and the two jokers are the highest trumps. Your side must take at least the tricks it bids together.",
        "learn.back-alley.first.bid": "Count your sure tricks: the big joker, the ace and king of spades, the ace and king of hearts and the ace of diamonds. Bid 6. A bid goes up to 12 with 13 cards; to promise every trick you would bid board instead.",
        "learn.back-alley.first.lead": "You bid highest, so you lead. Trumps are not broken yet: you may not lead a spade or a joker while you hold other suits. Lead the ace of hearts.",
        "learn.back-alley.first.again": "Lead the king of hearts too: the ace is gone, so it is now the highest heart.",
        "learn.back-alley.first.low": "Lead the two of diamonds, a small card, and let the others win a trick that costs you nothing.",
        "learn.back-alley.first.ruff": "Clubs were led and you have none: any card is allowed. Trump with the three of spades: it wins the trick, and trumps are broken from now on.",
        "learn.back-alley.first.joker": "Trumps are broken, so you may lead one. Lead the big joker: every other player must play their highest trump, and the little joker falls.",
        "learn.back-alley.first.end": "At the end of the hand a side that took its bid scores 5 points per trick bid and 1 per extra trick; one that fell short loses 5 per trick bid. A board that is made is worth far more, and a failed board costs as much.",
        "learn.back-alley.board.title": "Back Alley: bidding board, and what a board scores",
        "learn.back-alley.board.intro": "You bid first, with thirteen cards; the two of spades was turned up, so spades are trumps. Your hand is strong enough to promise every trick: that bid is board.",
        "learn.back-alley.board.board": "You hold both jokers and the spades from the ace down to the eight, nine trumps, with the ace and king of hearts and the aces of diamonds and clubs. Once the others' trumps are gone, every card you hold wins its trick. Bid board: your side promises all 13 tricks, and your partner's bid no longer counts. A number bid stops at 12.",
        "learn.back-alley.board.big": "A board was bid, so you lead (a board beats any number) and trumps are open from the first trick. Lead the big joker: every other player must play their highest trump.",
        "learn.back-alley.board.little": "Lead the little joker: now every other player must play their lowest trump. Count the trumps: 15 (13 spades and 2 jokers); you hold 9, the two of spades is turned up and three fell on your big joker, so only two are still out.",
        "learn.back-alley.board.ace": "Those two fell as well: nobody else holds a trump, so nothing can beat your aces and your king. Lead the ace of hearts. Every card you hold now wins its trick; the rest of the hand is played for you.",
        "learn.back-alley.board.end": "Your side took all 13 tricks: the board is made and scores 10 points a trick, 130, whatever your partner bid. One trick lost would have cost 130 instead. Had an opponent bid board after you, theirs would be a double board worth twice as much, and only the last board stands.",
    },
    "it": {
        "learn.back-alley.first.title": "Vicolo: dichiarazioni, briscole aperte e i jolly",
        "learn.back-alley.first.intro": "Sei il posto 0 e dichiari per primo. Tredici carte a testa; è stato girato il sette di picche, quindi picche è briscola, e i due jolly sono le briscole più alte. La tua squadra deve fare almeno le prese che dichiara insieme.",
        "learn.back-alley.first.bid": "Conta le prese sicure: il jolly grande, l'asso e il re di picche, l'asso e il re di cuori e l'asso di quadri. Dichiara 6. Con 13 carte si dichiara fino a 12; per promettere tutte le prese si dichiara invece tutte.",
        "learn.back-alley.first.lead": "Hai dichiarato di più, quindi esci tu. Le briscole non sono ancora aperte: non puoi uscire con una picche o un jolly finché hai altri semi. Esci con l'asso di cuori.",
        "learn.back-alley.first.again": "Esci anche con il re di cuori: l'asso è uscito, quindi ora è la carta di cuori più alta.",
        "learn.back-alley.first.low": "Esci con il due di quadri, una carta piccola, e lascia agli altri una presa che non ti costa nulla.",
        "learn.back-alley.first.ruff": "Sono usciti fiori e non ne hai: puoi giocare qualsiasi carta. Taglia con il tre di picche: vince la presa, e da ora le briscole sono aperte.",
        "learn.back-alley.first.joker": "Le briscole sono aperte, quindi puoi uscire di briscola. Esci con il jolly grande: ogni altro giocatore deve giocare la sua briscola più alta, e cade il jolly piccolo.",
        "learn.back-alley.first.end": "Alla fine della mano una squadra che ha fatto le sue prese segna 5 punti per presa dichiarata e 1 per ogni presa in più; una che non ci arriva perde 5 punti per presa dichiarata. Un tutte riuscito vale molto di più, e un tutte fallito costa altrettanto.",
        "learn.back-alley.board.title": "Vicolo: dichiarare tutte, e quanto vale",
        "learn.back-alley.board.intro": "Dichiari per primo, con tredici carte; è stato girato il due di picche, quindi picche è briscola. La tua mano è abbastanza forte da promettere tutte le prese: questa dichiarazione si chiama tutte.",
        "learn.back-alley.board.board": "Hai i due jolly e le picche dall'asso all'otto, nove briscole, con l'asso e il re di cuori e gli assi di quadri e di fiori. Quando gli altri non avranno più briscole, ogni tua carta vincerà la sua presa. Dichiara tutte: la tua squadra promette tutte le 13 prese e la dichiarazione del tuo compagno non conta più. Una dichiarazione in numeri si ferma a 12.",
        "learn.back-alley.board.big": "È stato dichiarato tutte, quindi esci tu (tutte batte qualsiasi numero) e le briscole sono aperte dalla prima presa. Esci con il jolly grande: ogni altro giocatore deve giocare la sua briscola più alta.",
        "learn.back-alley.board.little": "Esci con il jolly piccolo: ora ogni altro giocatore deve giocare la sua briscola più bassa. Conta le briscole: 15 (13 picche e 2 jolly); nove sono tue, il due di picche è girato e tre sono cadute sul tuo jolly grande, quindi ne restano fuori solo due.",
        "learn.back-alley.board.ace": "Sono cadute anche quelle due: nessun altro ha briscole, quindi niente può battere i tuoi assi e il tuo re. Esci con l'asso di cuori. Ogni tua carta ora vince la sua presa; il resto della mano viene giocato per te.",
        "learn.back-alley.board.end": "La tua squadra ha fatto tutte le 13 prese: il tutte è riuscito e vale 10 punti per presa, 130, qualunque cosa abbia dichiarato il tuo compagno. Una presa persa sarebbe costata 130. Se un avversario avesse dichiarato tutte dopo di te, il suo sarebbe stato un tutte doppio, che vale il doppio, e resta solo l'ultimo tutte.",
    },
    "cy": {
        "learn.back-alley.first.title": "Lôn Gefn: cynigion, torri'r trympiau a'r jocers",
        "learn.back-alley.first.intro": "Chi yw sedd 0 ac rydych yn cynnig yn gyntaf. Tri cherdyn ar ddeg yr un; trowyd saith rhawiau, felly rhawiau yw'r trympiau, a'r ddau jocer yw'r trympiau uchaf. Rhaid i'ch ochr ennill o leiaf y triciau y mae'n eu cynnig gyda'i gilydd.",
        "learn.back-alley.first.bid": "Cyfrifwch eich triciau sicr: y jocer mawr, as a brenin rhawiau, as a brenin calonnau ac as diemwntau. Cynigiwch 6. Mae cynnig yn mynd hyd at 12 gyda 13 cerdyn; i addo pob tric byddech yn cynnig bwrdd yn lle hynny.",
        "learn.back-alley.first.lead": "Chi gynigiodd uchaf, felly chi sy'n arwain. Nid yw'r trympiau wedi'u torri eto: ni chewch arwain rhaw na jocer tra bo gennych siwtiau eraill. Arweiniwch gydag as calonnau.",
        "learn.back-alley.first.again": "Arweiniwch gyda brenin calonnau hefyd: mae'r as wedi mynd, felly dyma'r galon uchaf bellach.",
        "learn.back-alley.first.low": "Arweiniwch gyda dau diemwntau, cerdyn bach, a gadewch i'r lleill ennill tric nad yw'n costio dim i chi.",
        "learn.back-alley.first.ruff": "Arweiniwyd clybiau ac nid oes gennych yr un: caniateir unrhyw gerdyn. Trympiwch gyda thri rhawiau: mae'n ennill y tric, ac mae'r trympiau wedi'u torri o hyn ymlaen.",
        "learn.back-alley.first.joker": "Mae'r trympiau wedi'u torri, felly cewch arwain un. Arweiniwch gyda'r jocer mawr: rhaid i bob chwaraewr arall chwarae ei drwmp uchaf, ac mae'r jocer bach yn syrthio.",
        "learn.back-alley.first.end": "Ar ddiwedd y llaw mae ochr a gafodd ei chynnig yn sgorio 5 pwynt am bob tric a gynigiwyd ac 1 am bob tric ychwanegol; mae ochr a fethodd yn colli 5 am bob tric a gynigiwyd. Mae bwrdd llwyddiannus yn werth llawer mwy, ac mae bwrdd a fethodd yn costio cymaint â hynny.",
        "learn.back-alley.board.title": "Lôn Gefn: cynnig bwrdd, a'r hyn y mae bwrdd yn ei sgorio",
        "learn.back-alley.board.intro": "Chi sy'n cynnig yn gyntaf, gyda thri cherdyn ar ddeg; trowyd dau rhawiau, felly rhawiau yw'r trympiau. Mae'ch llaw yn ddigon cryf i addo pob tric: bwrdd yw'r cynnig hwnnw.",
        "learn.back-alley.board.board": "Mae gennych y ddau jocer a'r rhawiau o'r as i lawr i'r wyth, naw trwmp, gydag as a brenin calonnau ac asau diemwntau a chlybiau. Unwaith y bydd trympiau'r lleill wedi mynd, bydd pob cerdyn sydd gennych yn ennill ei dric. Cynigiwch fwrdd: mae'ch ochr yn addo pob un o'r 13 tric, ac nid yw cynnig eich partner yn cyfrif mwyach. Mae cynnig rhif yn dod i ben ar 12.",
        "learn.back-alley.board.big": "Cynigiwyd bwrdd, felly chi sy'n arwain (mae bwrdd yn curo unrhyw rif) ac mae'r trympiau'n agored o'r tric cyntaf. Arweiniwch gyda'r jocer mawr: rhaid i bob chwaraewr arall chwarae ei drwmp uchaf.",
        "learn.back-alley.board.little": "Arweiniwch gyda'r jocer bach: nawr rhaid i bob chwaraewr arall chwarae ei drwmp isaf. Cyfrifwch y trympiau: 15 (13 rhaw a 2 jocer); mae 9 gennych, trowyd dau rhawiau a syrthiodd tri ar eich jocer mawr, felly dim ond dau sydd allan o hyd.",
        "learn.back-alley.board.ace": "Syrthiodd y ddau hynny hefyd: nid oes gan neb arall drwmp, felly ni all dim guro'ch asau a'ch brenin. Arweiniwch gydag as calonnau. Mae pob cerdyn sydd gennych bellach yn ennill ei dric; chwaraeir gweddill y llaw ar eich rhan.",
        "learn.back-alley.board.end": "Enillodd eich ochr bob un o'r 13 tric: mae'r bwrdd wedi'i wneud ac mae'n sgorio 10 pwynt y tric, 130, beth bynnag a gynigiodd eich partner. Byddai colli un tric wedi costio 130. Pe bai gwrthwynebydd wedi cynnig bwrdd ar eich ôl, bwrdd dwbl fyddai hwnnw, gwerth dwywaith cymaint, a dim ond y bwrdd olaf sy'n sefyll.",
    },
}

COURSE = Course((FIRST, BOARD), WORDS)
