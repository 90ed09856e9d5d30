/* The tricks of a hand from any trick start, searched in C: where nearly all of the solver's
 * nodes are.
 *
 * ``replay.solver.search`` hands every trick start over to ``Endgame.search`` in hands with no
 * undertaking and no early stop, the trump open or still face down. The play is the rules of
 * ``replay.solver.board`` with those two set aside: follow suit, else any card; while the trump is
 * face down, a player who cannot follow may ask for it (and must then play a trump if he holds
 * one), the caller may show it (cut with it, or with a trump of his hand where the table allows),
 * the caller leads no trump unless his call allows it or he holds nothing else, and he plays the
 * face-down card itself once his hand is empty; a trump revealed during a trick beats the cards
 * before it under the retro-trump rule, only the cards after it otherwise. The search is the same
 * fail-soft null-window alpha-beta as the Python one (docs/ANALYSIS.md), over the callers' points
 * still to come, with equal cards searched once and a table of bounds per trick-start position
 * (hands, leader and face-down card, one slot per hash, the newest kept); only the move ordering is
 * simpler. A node costs here a small part of what it costs in Python. Values are exact, so no
 * result changes (``tests/test_solver_endgame.py``).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PLAYERS 6
#define MAX_BITS 64
#define TABLE_BITS 16
#define CARD 63
#define ASK (1 << 6)
#define SHOW (2 << 6)

typedef struct {
    uint64_t hands[MAX_PLAYERS];
    int8_t leader; /* -1: an empty slot */
    int8_t face_down;
    uint8_t low, high;
} Slot;

typedef struct {
    PyObject_HEAD
    int players, caller, callers, trump, bonus, bits;
    /* the table's and the call's rules of the hidden trump (``replay.solver.rules``) */
    int retro, free_lead, no_hidden_discard, cuts_with_face_down, show_on_trump_lead;
    uint8_t suit[MAX_BITS], power[MAX_BITS], points[MAX_BITS];
    uint64_t suit_mask[4], trumps;
    Slot *slots;
    long long nodes;
    /* the position being searched */
    uint64_t hands[MAX_PLAYERS];
    int leader, trick[MAX_PLAYERS], placed, win, win_trump, table_points, left, count;
    int face_down, reveal_at; /* -1: the trump open; -1: not revealed in this trick */
} Endgame;

static Slot *slot_of(Endgame *e) {
    uint64_t h = (uint64_t)(e->leader * 64 + e->face_down + 1) * 0x9E3779B97F4A7C15ULL;
    for (int seat = 0; seat < e->players; seat++) {
        h ^= e->hands[seat];
        h *= 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    return &e->slots[h >> (64 - TABLE_BITS)];
}

static int holds(Slot *slot, Endgame *e) {
    if (slot->leader != e->leader || slot->face_down != e->face_down) return 0;
    for (int seat = 0; seat < e->players; seat++)
        if (slot->hands[seat] != e->hands[seat]) return 0;
    return 1;
}

static void claim(Slot *slot, Endgame *e) {
    memcpy(slot->hands, e->hands, sizeof e->hands);
    slot->leader = (int8_t)e->leader;
    slot->face_down = (int8_t)e->face_down;
    slot->low = 0;
    slot->high = (uint8_t)e->left;
}

/* Whether ``card`` takes the trick from ``top`` with the trump open. */
static int beats(Endgame *e, int card, int top, int top_trump) {
    int card_trump = e->suit[card] == e->trump;
    if (card_trump != top_trump) return card_trump;
    return e->suit[card] == e->suit[top] && e->power[card] > e->power[top];
}

/* Every player holds one card, the trump open and the trick not begun: the points go to its
 * winner. */
static int last_round(Endgame *e) {
    int points = e->bonus, winner = e->leader, top = -1, top_trump = 0;
    for (int step = 0; step < e->players; step++) {
        int seat = (e->leader + step) % e->players;
        int card = 63 - __builtin_clzll(e->hands[seat]);
        points += e->points[card];
        if (top < 0 || beats(e, card, top, top_trump)) {
            winner = seat;
            top = card;
            top_trump = e->suit[card] == e->trump;
        }
    }
    return winner % 2 == e->callers ? points : 0;
}

/* The cards the player to move may play, by kind: plainly, asking for the trump first, showing
 * it first (``Board.legal``). */
static void legal(Endgame *e, int seat, uint64_t *plain, uint64_t *ask, uint64_t *show) {
    uint64_t hand = e->hands[seat];
    int hidden = e->face_down >= 0, own = hidden && seat == e->caller;
    *plain = hand;
    *ask = *show = 0;
    if (own && !hand) { /* the caller's last card is the face-down one */
        *plain = 1ULL << e->face_down;
        return;
    }
    if (!e->placed) {
        if (own && !e->free_lead && hand & ~e->trumps) *plain = hand & ~e->trumps;
        return;
    }
    int led = e->suit[e->trick[0]];
    uint64_t follow = hand & e->suit_mask[led];
    if (follow) {
        *plain = follow;
    } else if (hidden && !own) {
        *ask = hand & e->trumps ? hand & e->trumps : hand;
    } else if (own) {
        int trump_led = led == e->trump;
        if (e->no_hidden_discard && !trump_led) *plain = hand & ~e->trumps;
        if (!trump_led || e->show_on_trump_lead) {
            *show = 1ULL << e->face_down;
            if (!e->cuts_with_face_down) *show |= hand & e->trumps;
        }
    }
}

/* The likelier a move is best, the higher its score: at a lead, strong cards; in a trick, points
 * thrown to the own team, else the trick taken, else the cheapest card. */
static int score_of(Endgame *e, int move) {
    int card = move & CARD;
    if (!e->placed) return e->power[card] * 4 + e->points[card];
    int top = e->trick[e->win];
    int revealing = e->face_down >= 0 && (move > CARD || card == e->face_down);
    int card_trump = (revealing || e->face_down < 0) && e->suit[card] == e->trump;
    int top_trump = e->win_trump || (revealing && e->retro && e->suit[top] == e->trump);
    int wins = card_trump != top_trump
                   ? card_trump
                   : e->suit[card] == e->suit[top] && e->power[card] > e->power[top];
    if ((e->placed - e->win) % 2 == 0) return e->points[card] - (wins && move > CARD ? 20 : 0);
    return wins ? 50 + e->points[card] : -e->points[card];
}

/* The moves of the player to move, one of each run of equal cards of a kind (same suit and
 * points, no card still in play between), likeliest best first. */
static int moves_of(Endgame *e, int seat, int *moves) {
    uint64_t kinds[3], live = e->face_down >= 0 ? 1ULL << e->face_down : 0;
    legal(e, seat, &kinds[0], &kinds[1], &kinds[2]);
    for (int other = 0; other < e->players; other++) live |= e->hands[other];
    for (int place = 0; place < e->placed; place++) live |= 1ULL << e->trick[place];
    int scores[3 * MAX_BITS], count = 0;
    for (int kind = 0; kind < 3; kind++) {
        int previous = -1;
        for (uint64_t rest = kinds[kind]; rest; rest &= rest - 1) {
            int card = __builtin_ctzll(rest);
            if (previous >= 0 && e->suit[previous] == e->suit[card] &&
                e->points[previous] == e->points[card] &&
                !(live & (((1ULL << card) - 1) & ~((1ULL << (previous + 1)) - 1)))) {
                previous = card;
                continue;
            }
            previous = card;
            int move = card | kind << 6;
            int score = score_of(e, move);
            int at = count++;
            while (at > 0 && scores[at - 1] < score) {
                scores[at] = scores[at - 1];
                moves[at] = moves[at - 1];
                at--;
            }
            scores[at] = score;
            moves[at] = move;
        }
    }
    return count;
}

/* The place in the trick of its winner, every trump of it counting (the retro-trump rule). */
static int retro_winner(Endgame *e) {
    int best = 0;
    for (int place = 1; place < e->placed; place++)
        if (beats(e, e->trick[place], e->trick[best], e->suit[e->trick[best]] == e->trump))
            best = place;
    return best;
}

/* Play ``move`` for the player at ``seat`` (``Board.play``); the caller of this restores. */
static void play(Endgame *e, int seat, int move) {
    int card = move & CARD, place = e->placed;
    int revealed = e->face_down >= 0 && (move > CARD || card == e->face_down);
    if (revealed) {
        e->hands[e->caller] |= 1ULL << e->face_down;
        e->face_down = -1;
        e->reveal_at = place;
    }
    e->hands[seat] &= ~(1ULL << card);
    e->trick[place] = card;
    e->placed++;
    e->count--;
    e->table_points += e->points[card];
    int trumps = e->suit[card] == e->trump && e->face_down < 0;
    int top = e->trick[e->win];
    if (!place) {
        e->win = 0;
        e->win_trump = trumps;
    } else if (revealed && e->retro) {
        e->win = retro_winner(e);
        e->win_trump = e->suit[e->trick[e->win]] == e->trump;
    } else if (trumps) {
        if (!e->win_trump || e->power[card] > e->power[top]) {
            e->win = place;
            e->win_trump = 1;
        }
    } else if (!e->win_trump && e->suit[card] == e->suit[top] && e->power[card] > e->power[top]) {
        e->win = place;
    }
}

/* The callers' points still to come, fail-soft: exact strictly between ``alpha`` and ``beta``,
 * else a bound on the same side. */
static int search(Endgame *e, int alpha, int beta) {
    e->nodes++;
    int low = 0, high = e->left;
    Slot *slot = NULL;
    if (!e->placed) {
        if (!e->count) return 0;
        if (e->count == e->players && e->face_down < 0) return last_round(e);
        slot = slot_of(e);
        if (holds(slot, e)) {
            low = slot->low;
            high = slot->high;
            if (low >= beta || low == high) return low;
            if (high <= alpha) return high;
        } else {
            claim(slot, e);
        }
    }
    int seat = (e->leader + e->placed) % e->players;
    int moves[3 * MAX_BITS];
    int count = moves_of(e, seat, moves);
    int maximising = seat % 2 == e->callers;
    int best = maximising ? low : high;
    int saved_trick[MAX_PLAYERS];
    for (int index = 0; index < count; index++) {
        uint64_t hand = e->hands[seat], callers_hand = e->hands[e->caller];
        int win = e->win, win_trump = e->win_trump, table_points = e->table_points;
        int leader = e->leader, left = e->left, place = e->placed;
        int face_down = e->face_down, reveal_at = e->reveal_at;
        play(e, seat, moves[index]);
        int a = maximising && best > alpha ? best : alpha;
        int b = !maximising && best < beta ? best : beta;
        int value;
        if (e->placed == e->players) {
            int winner = (e->leader + e->win) % e->players;
            int points = e->table_points + (e->count ? 0 : e->bonus);
            int gain = winner % 2 == e->callers ? points : 0;
            memcpy(saved_trick, e->trick, sizeof saved_trick);
            e->left -= points;
            e->placed = 0;
            e->table_points = 0;
            e->leader = winner;
            e->reveal_at = -1;
            value = gain + search(e, a - gain, b - gain);
            memcpy(e->trick, saved_trick, sizeof saved_trick);
        } else {
            value = search(e, a, b);
        }
        e->hands[e->caller] = callers_hand;
        e->hands[seat] = hand;
        e->placed = place;
        e->count++;
        e->win = win;
        e->win_trump = win_trump;
        e->table_points = table_points;
        e->leader = leader;
        e->left = left;
        e->face_down = face_down;
        e->reveal_at = reveal_at;
        if (maximising ? value > best : value < best) {
            best = value;
            if (maximising ? best >= beta : best <= alpha) break;
        }
    }
    if (slot != NULL) {
        if (!holds(slot, e)) claim(slot, e); /* taken by a later position of the same slot */
        if (best > alpha && best > slot->low) slot->low = (uint8_t)best;
        if (best < beta && best < slot->high) slot->high = (uint8_t)best;
    }
    return best;
}

static PyObject *Endgame_search(Endgame *e, PyObject *const *args, Py_ssize_t nargs) {
    if ((nargs != 4 && nargs != 5) || !PyList_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError,
                        "search(hands: list[int], leader, alpha, beta[, face_down])");
        return NULL;
    }
    PyObject *hands = args[0];
    if (PyList_GET_SIZE(hands) != e->players) {
        PyErr_SetString(PyExc_ValueError, "one hand a player");
        return NULL;
    }
    long leader = PyLong_AsLong(args[1]);
    long alpha = PyLong_AsLong(args[2]);
    long beta = PyLong_AsLong(args[3]);
    long face_down = nargs == 5 ? PyLong_AsLong(args[4]) : -1;
    if (PyErr_Occurred()) return NULL;
    if (leader < 0 || leader >= e->players) {
        PyErr_SetString(PyExc_ValueError, "no such leader");
        return NULL;
    }
    if (face_down >= e->bits || face_down < -1) {
        PyErr_SetString(PyExc_ValueError, "the face-down card is a card of the pack, or -1");
        return NULL;
    }
    e->count = face_down >= 0;
    e->left = face_down >= 0 ? e->points[face_down] : 0;
    uint64_t seen = face_down >= 0 ? 1ULL << face_down : 0;
    int size = 0;
    for (int seat = 0; seat < e->players; seat++) {
        uint64_t hand = PyLong_AsUnsignedLongLong(PyList_GET_ITEM(hands, seat));
        if (hand == (uint64_t)-1 && PyErr_Occurred()) return NULL;
        if (e->bits < 64 && hand >> e->bits) {
            PyErr_SetString(PyExc_ValueError, "a card outside the pack");
            return NULL;
        }
        int cards = __builtin_popcountll(hand) + (face_down >= 0 && seat == e->caller);
        if (!seat) size = cards;
        if (hand & seen || cards != size) {
            PyErr_SetString(PyExc_ValueError,
                            "a trick start: every hand of the same size (the caller's with the "
                            "face-down card), no card in two hands");
            return NULL;
        }
        seen |= hand;
        e->hands[seat] = hand;
        e->count += __builtin_popcountll(hand);
        for (uint64_t rest = hand; rest; rest &= rest - 1)
            e->left += e->points[__builtin_ctzll(rest)];
    }
    if (e->count) e->left += e->bonus;
    if (alpha < -1) alpha = -1;
    if (beta > e->left + 1) beta = e->left + 1;
    e->leader = (int)leader;
    e->face_down = (int)face_down;
    e->reveal_at = -1;
    e->placed = e->win = e->win_trump = e->table_points = 0;
    return PyLong_FromLong(search(e, (int)alpha, (int)beta));
}

static int Endgame_init(Endgame *e, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"players",
                            "caller",
                            "trump",
                            "suits",
                            "powers",
                            "points",
                            "bonus",
                            "retro",
                            "free_lead",
                            "no_hidden_discard",
                            "cuts_with_face_down",
                            "show_on_trump_lead",
                            NULL};
    Py_buffer suits, powers, points;
    e->retro = 1;
    e->free_lead = e->no_hidden_discard = e->cuts_with_face_down = e->show_on_trump_lead = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "iiiy*y*y*i|ppppp", names, &e->players,
                                     &e->caller, &e->trump, &suits, &powers, &points, &e->bonus,
                                     &e->retro, &e->free_lead, &e->no_hidden_discard,
                                     &e->cuts_with_face_down, &e->show_on_trump_lead))
        return -1;
    int bits = (int)suits.len, fine = 1;
    if (e->players < 2 || e->players > MAX_PLAYERS || bits > MAX_BITS || powers.len != bits ||
        points.len != bits || e->caller < 0 || e->caller >= e->players || e->trump < -1 ||
        e->trump > 3 || e->bonus < 0)
        fine = 0;
    if (fine) {
        e->bits = bits;
        e->callers = e->caller % 2;
        memcpy(e->suit, suits.buf, bits);
        memcpy(e->power, powers.buf, bits);
        memcpy(e->points, points.buf, bits);
        memset(e->suit_mask, 0, sizeof e->suit_mask);
        for (int bit = 0; bit < bits; bit++) {
            if (e->suit[bit] > 3) fine = 0;
            else e->suit_mask[e->suit[bit]] |= 1ULL << bit;
        }
        e->trumps = e->trump >= 0 ? e->suit_mask[e->trump] : 0;
    }
    PyBuffer_Release(&suits);
    PyBuffer_Release(&powers);
    PyBuffer_Release(&points);
    if (!fine) {
        PyErr_SetString(PyExc_ValueError, "not a pack the endgame search knows");
        return -1;
    }
    free(e->slots);
    e->slots = malloc(sizeof(Slot) << TABLE_BITS);
    if (e->slots == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (size_t index = 0; index < ((size_t)1 << TABLE_BITS); index++) e->slots[index].leader = -1;
    e->nodes = 0;
    return 0;
}

static void Endgame_dealloc(Endgame *e) {
    free(e->slots);
    Py_TYPE(e)->tp_free((PyObject *)e);
}

static PyObject *Endgame_nodes(Endgame *e, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(e->nodes);
}

static PyMethodDef Endgame_methods[] = {
    {"search", (PyCFunction)(void (*)(void))Endgame_search, METH_FASTCALL,
     "search(hands, leader, alpha, beta, face_down=-1): the callers' points still to come from "
     "this trick start, the trump open or face down, fail-soft (exact strictly inside the "
     "window, else a bound on its side)."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Endgame_getset[] = {
    {"nodes", (getter)Endgame_nodes, NULL, "Positions visited so far.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject EndgameType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "replay.solver._endgame.Endgame",
    .tp_basicsize = sizeof(Endgame),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One game, caller, trump and table's tricks searched in C, with its table of bounds.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Endgame_init,
    .tp_dealloc = (destructor)Endgame_dealloc,
    .tp_methods = Endgame_methods,
    .tp_getset = Endgame_getset,
};

static struct PyModuleDef endgame_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "replay.solver._endgame",
    .m_doc = "The tricks of a hand from any trick start, searched in C (see the file's head).",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__endgame(void) {
    if (PyType_Ready(&EndgameType) < 0) return NULL;
    PyObject *module = PyModule_Create(&endgame_module);
    if (module == NULL) return NULL;
    Py_INCREF(&EndgameType);
    if (PyModule_AddObject(module, "Endgame", (PyObject *)&EndgameType) < 0) {
        Py_DECREF(&EndgameType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
