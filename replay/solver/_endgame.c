/* The tricks of a hand once its trump is open, searched in C: where most of the solver's nodes
 * are.
 *
 * ``replay.solver.search`` hands every trick start over to ``Endgame.search`` once the trump is
 * open (no face-down card), in hands with no undertaking and no early stop: the play there is plain
 * (follow suit, else any card; a trump beats every other suit; the highest of the led suit wins
 * otherwise), the rules of ``replay.solver.board`` with those set aside. The search is the same
 * fail-soft null-window alpha-beta as the Python one (docs/ANALYSIS.md), over the callers' points
 * still to come, with equal cards searched once and a table of bounds per trick-start position
 * (hands and leader, one slot per hash, the newest kept); only the move ordering is simpler. Most
 * of the Python search's nodes lay in these tricks, at about a microsecond each; here a node costs
 * a small part of that. Values are exact, so no result changes (``tests/test_solver_endgame.py``).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PLAYERS 6
#define MAX_BITS 64
#define TABLE_BITS 16

typedef struct {
    uint64_t hands[MAX_PLAYERS];
    int8_t leader; /* -1: an empty slot */
    uint8_t low, high;
} Slot;

typedef struct {
    PyObject_HEAD
    int players, callers, trump, bonus, bits;
    uint8_t suit[MAX_BITS], power[MAX_BITS], points[MAX_BITS];
    uint64_t suit_mask[4];
    Slot *slots;
    long long nodes;
    /* the position being searched */
    uint64_t hands[MAX_PLAYERS];
    int leader, trick[MAX_PLAYERS], placed, win, win_trump, table_points, left, count;
} Endgame;

static Slot *slot_of(Endgame *e) {
    uint64_t h = (uint64_t)e->leader * 0x9E3779B97F4A7C15ULL;
    for (int seat = 0; seat < e->players; seat++) {
        h ^= e->hands[seat];
        h *= 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    return &e->slots[h >> (64 - TABLE_BITS)];
}

static int holds(Slot *slot, Endgame *e) {
    if (slot->leader != e->leader) return 0;
    for (int seat = 0; seat < e->players; seat++)
        if (slot->hands[seat] != e->hands[seat]) return 0;
    return 1;
}

static int beats(Endgame *e, int card, int top, int top_trump) {
    int card_trump = e->suit[card] == e->trump;
    if (card_trump != top_trump) return card_trump;
    return e->suit[card] == e->suit[top] && e->power[card] > e->power[top];
}

/* Every player holds one card and the trick has not begun: the points go to its winner. */
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

/* The moves of the player to move, one of each run of equal cards (same suit and points, no live
 * card between), likeliest best first. */
static int moves_of(Endgame *e, int seat, int *moves) {
    uint64_t hand = e->hands[seat], live = 0;
    for (int other = 0; other < e->players; other++) live |= e->hands[other];
    for (int place = 0; place < e->placed; place++) live |= 1ULL << e->trick[place];
    if (e->placed) {
        uint64_t follow = hand & e->suit_mask[e->suit[e->trick[0]]];
        if (follow) hand = follow;
    }
    int scores[MAX_BITS], count = 0, previous = -1;
    int ours = e->placed && (e->placed - e->win) % 2 == 0;
    int top = e->placed ? e->trick[e->win] : -1;
    for (uint64_t rest = hand; rest; rest &= rest - 1) {
        int card = __builtin_ctzll(rest);
        if (previous >= 0 && e->suit[previous] == e->suit[card] &&
            e->points[previous] == e->points[card] &&
            !(live & (((1ULL << card) - 1) & ~((1ULL << (previous + 1)) - 1)))) {
            previous = card;
            continue;
        }
        previous = card;
        int score;
        if (!e->placed)
            score = e->power[card] * 4 + e->points[card];
        else if (ours)
            score = e->points[card];
        else if (beats(e, card, top, e->win_trump))
            score = 50 + e->points[card];
        else
            score = -e->points[card];
        int at = count++;
        while (at > 0 && scores[at - 1] < score) {
            scores[at] = scores[at - 1];
            moves[at] = moves[at - 1];
            at--;
        }
        scores[at] = score;
        moves[at] = card;
    }
    return count;
}

/* The callers' points still to come, fail-soft: exact strictly between ``alpha`` and ``beta``,
 * else a bound on the same side. */
static int search(Endgame *e, int alpha, int beta) {
    e->nodes++;
    int low = 0, high = e->left;
    Slot *slot = NULL;
    if (!e->placed) {
        if (!e->count) return 0;
        if (e->count == e->players) return last_round(e);
        slot = slot_of(e);
        if (holds(slot, e)) {
            low = slot->low;
            high = slot->high;
            if (low >= beta || low == high) return low;
            if (high <= alpha) return high;
        } else {
            memcpy(slot->hands, e->hands, sizeof e->hands);
            slot->leader = (int8_t)e->leader;
            slot->low = 0;
            slot->high = (uint8_t)e->left;
        }
    }
    int seat = (e->leader + e->placed) % e->players;
    int moves[MAX_BITS];
    int count = moves_of(e, seat, moves);
    int maximising = seat % 2 == e->callers;
    int best = maximising ? low : high;
    int saved_trick[MAX_PLAYERS];
    for (int index = 0; index < count; index++) {
        int card = moves[index];
        int win = e->win, win_trump = e->win_trump, table_points = e->table_points;
        int leader = e->leader, left = e->left, place = e->placed;
        int trumps = e->suit[card] == e->trump;
        e->hands[seat] &= ~(1ULL << card);
        e->trick[place] = card;
        e->placed++;
        e->count--;
        e->table_points += e->points[card];
        if (!place) {
            e->win = 0;
            e->win_trump = trumps;
        } else if (beats(e, card, e->trick[e->win], e->win_trump)) {
            e->win = place;
            e->win_trump = trumps;
        }
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
            value = gain + search(e, a - gain, b - gain);
            memcpy(e->trick, saved_trick, sizeof saved_trick);
        } else {
            value = search(e, a, b);
        }
        e->hands[seat] |= 1ULL << card;
        e->placed = place;
        e->count++;
        e->win = win;
        e->win_trump = win_trump;
        e->table_points = table_points;
        e->leader = leader;
        e->left = left;
        if (maximising ? value > best : value < best) {
            best = value;
            if (maximising ? best >= beta : best <= alpha) break;
        }
    }
    if (slot != NULL) {
        if (!holds(slot, e)) { /* taken by a later position of the same slot: claimed again */
            memcpy(slot->hands, e->hands, sizeof e->hands);
            slot->leader = (int8_t)e->leader;
            slot->low = 0;
            slot->high = (uint8_t)e->left;
        }
        if (best > alpha && best > slot->low) slot->low = (uint8_t)best;
        if (best < beta && best < slot->high) slot->high = (uint8_t)best;
    }
    return best;
}

static PyObject *Endgame_search(Endgame *e, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4 || !PyList_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "search(hands: list[int], leader, alpha, beta)");
        return NULL;
    }
    PyObject *hands = args[0];
    if (PyList_GET_SIZE(hands) != e->players) {
        PyErr_SetString(PyExc_ValueError, "one hand a player");
        return NULL;
    }
    e->count = 0;
    e->left = 0;
    uint64_t seen = 0;
    int size = 0;
    for (int seat = 0; seat < e->players; seat++) {
        uint64_t hand = PyLong_AsUnsignedLongLong(PyList_GET_ITEM(hands, seat));
        if (hand == (uint64_t)-1 && PyErr_Occurred()) return NULL;
        if (e->bits < 64 && hand >> e->bits) {
            PyErr_SetString(PyExc_ValueError, "a card outside the pack");
            return NULL;
        }
        int cards = __builtin_popcountll(hand);
        if (!seat) size = cards;
        if (hand & seen || cards != size) {
            PyErr_SetString(PyExc_ValueError,
                            "a trick start: every hand of the same size, no card in two hands");
            return NULL;
        }
        seen |= hand;
        e->hands[seat] = hand;
        e->count += cards;
        for (uint64_t rest = hand; rest; rest &= rest - 1)
            e->left += e->points[__builtin_ctzll(rest)];
    }
    if (e->count) e->left += e->bonus;
    long leader = PyLong_AsLong(args[1]);
    long alpha = PyLong_AsLong(args[2]);
    long beta = PyLong_AsLong(args[3]);
    if (PyErr_Occurred()) return NULL;
    if (leader < 0 || leader >= e->players) {
        PyErr_SetString(PyExc_ValueError, "no such leader");
        return NULL;
    }
    if (alpha < -1) alpha = -1;
    if (beta > e->left + 1) beta = e->left + 1;
    e->leader = (int)leader;
    e->placed = e->win = e->win_trump = e->table_points = 0;
    return PyLong_FromLong(search(e, (int)alpha, (int)beta));
}

static int Endgame_init(Endgame *e, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"players", "callers", "trump", "suits",
                            "powers",  "points",  "bonus", NULL};
    Py_buffer suits, powers, points;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "iiiy*y*y*i", names, &e->players, &e->callers,
                                     &e->trump, &suits, &powers, &points, &e->bonus))
        return -1;
    int bits = (int)suits.len, fine = 1;
    if (e->players < 2 || e->players > MAX_PLAYERS || bits > MAX_BITS || powers.len != bits ||
        points.len != bits || e->callers < 0 || e->callers > 1 || e->bonus < 0)
        fine = 0;
    if (fine) {
        e->bits = bits;
        memcpy(e->suit, suits.buf, bits);
        memcpy(e->power, powers.buf, bits);
        memcpy(e->points, points.buf, bits);
        memset(e->suit_mask, 0, sizeof e->suit_mask);
        for (int bit = 0; bit < bits; bit++) {
            if (e->suit[bit] > 3) fine = 0;
            else e->suit_mask[e->suit[bit]] |= 1ULL << bit;
        }
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
     "search(hands, leader, alpha, beta): the callers' points still to come from this trick "
     "start, fail-soft (exact strictly inside the window, else a bound on its side)."},
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
    .tp_doc = "One game, trump and table's open-trump tricks searched in C, with their table.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Endgame_init,
    .tp_dealloc = (destructor)Endgame_dealloc,
    .tp_methods = Endgame_methods,
    .tp_getset = Endgame_getset,
};

static struct PyModuleDef endgame_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "replay.solver._endgame",
    .m_doc = "The tricks of a hand once its trump is open, searched in C (see the file's head).",
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
