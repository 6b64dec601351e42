"""The page's own words in another language (``director serve --lang pt``).

The ruling's words come from the ruling (its rules' Portuguese and the interface catalogue of
bridge_director.ruling.i18n); these are the page's labels and buttons. ``LANG`` is the
language of the request being answered (the app sets it for each request); ``t`` gives a
label in it, English as written when there is no translation.
"""
from __future__ import annotations

import contextvars

#: the language of the page being served, set for each request (bridge_director.web.app)
LANG: "contextvars.ContextVar[str]" = contextvars.ContextVar("bridge_director_page_lang", default="en")

PT = {
    "Board": "Bolsa", "Set": "Mudar", "Dealer": "Dá as cartas", "Board number": "Número da Bolsa",
    "Start": "Começar", "Board number not known? Tap the dealer:": "Não se sabe o número da Bolsa? Toque em quem deu as cartas:",
    "New case": "Caso novo", "Saved as": "Salvo como", "Download": "Baixar", "All saved cases": "Todos os casos salvos",
    "This evening's saved cases": "Os casos salvos desta noite", "load a case file there.": "abra ali um arquivo de caso.",
    "Ask": "Pergunte", "These": "Estes", "Tell the table": "Diga à mesa",
    "Add what was found with the events above (a hand count, a card seen...).":
        "Acrescente o que encontrar com os eventos acima (uma contagem de cartas, uma carta vista...).",
    "No irregularity found by the laws encoded so far: nothing to rule yet.":
        "Nenhuma irregularidade encontrada pelas leis já codificadas: nada a decidir por enquanto.",
    "Tap the calls as they were made; the ruling appears here.":
        "Toque nas vozes como foram feitas; a decisão aparece aqui.",
    "Recorded so far": "Registrado até agora", "event": "evento", "events": "eventos",
    "judgement": "julgamento", "judgements": "julgamentos",
    "Print": "Imprimir", "Cases": "Casos", "New": "Novo", "Undo": "Desfazer", "Save": "Salvar",
    "Who calls": "Quem fala", "In turn": "Na vez", "As": "Como", "A call": "Uma voz",
    "Replacing their own call": "Substituindo a própria voz", "Level": "Nível", "Pass": "Passe",
    "Director called": "Diretor chamado", "Accepts or not": "Aceita ou não", "Who decides:": "Quem decide:",
    "Accepts": "Aceita", "Does not accept": "Não aceita", "Hand count": "Contagem de cartas",
    "Whose hand:": "Mão de quem:", "Cards in it": "Cartas na mão", "Add hand count": "Acrescentar contagem",
    "Card seen": "Carta vista", "Seen by:": "Vista por:", "A card of:": "Uma carta de:",
    "Add card seen": "Acrescentar carta vista", "Wrong board": "Bolsa errada",
    "Who holds cards of another board:": "Quem está com as cartas de outra Bolsa:",
    "Their cards are from board": "As cartas são da Bolsa", "Add wrong board": "Acrescentar Bolsa errada",
    "Something else": "Outra coisa", "What happened": "O que aconteceu", "Add": "Acrescentar",
    "Fill in the capitals the line names (SEAT, BY, OF, POCKET, SIDE, BOARD, CARDS...); leave the rest empty.":
        "Preencha os campos em maiúsculas que a linha nomeia (SEAT: lugar, BY: por, OF: de, BOARD: Bolsa, "
        "CARDS: cartas...); deixe o resto vazio.",
    "What happened": "O que aconteceu", "Depends on a judgement": "Depende de um julgamento",
    "Ruling": "Decisão", "Options": "Opções", "Judgements needed": "Julgamentos necessários",
    "Not covered yet": "Ainda não coberto", "Judgements stated but not used": "Julgamentos informados mas não usados",
    "out of turn": "fora de vez", "replaced": "substituída", "pass put in": "passe posto no lugar",
    "to replace": "a substituir", "cancelled": "cancelada", "withdrawn": "retirada", "superseded": "corrigida",
    "void": "nula", "No calls yet": "Nenhuma voz ainda", "Auction ended": "Fim do Leilão", "passed out": "todos passaram",
    "yes": "sim", "no": "não", "not known yet": "ainda não se sabe", "not yet": "ainda não",
    "denominations": "naipes", "add what was found": "acrescentar o que foi encontrado", "the call made": "a voz feita",
    "Neither side vulnerable": "Nenhum lado vulnerável", "North-South vulnerable": "Norte-Sul vulnerável",
    "East-West vulnerable": "Leste-Oeste vulnerável", "Both sides vulnerable": "Os dois lados vulneráveis",
    "Vulnerability not known": "Vulnerabilidade não conhecida", "NT": "SA",
    "awaiting decision": "aguardando decisão",
    # the error page (a refused request)
    "Refused": "Recusado", "Not found": "Não encontrado", "Something went wrong": "Algo deu errado",
    "Not accepted": "Não aceito", "Back to the page (a new case)": "Voltar à página (um caso novo)",
    "Saved cases": "Casos salvos", "Status": "Código",
    "The page's state was not made by this server (it was changed, or made by another server); start a new case.":
        "O estado da página não foi feito por este servidor (foi alterado, ou feito por outro servidor); comece um caso novo.",
    "The page's state is damaged (it was not made by this page); start a new case.":
        "O estado da página está danificado (não foi feito por esta página); comece um caso novo.",
    "The page's state is damaged.": "O estado da página está danificado.",
    "The page's state is too large.": "O estado da página é grande demais.",
    "There is no such page.": "Esta página não existe.",
    "That page does not take this kind of request.": "Esta página não aceita este tipo de pedido.",
}
WORDS = {"pt": PT}


def t(english: str) -> str:
    """``english`` in the language of the request being answered."""
    return WORDS.get(LANG.get(), {}).get(english, english)
