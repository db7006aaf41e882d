/* bench-turn-shape.c: the shape of the computer's turns, for bench/turn-shape.sh
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Plays seeded rounds of one level against itself and looks at every turn:
 * how many moves it takes, how many of them go from house to house (American
 * Bank: tableau to tableau), and how many are repeats — a move of a card that
 * has already moved in the same turn with no card turned up in between (a
 * stock card turned, or a reserve card uncovered). It also counts returns: a
 * card put back on a pile it left earlier in the same turn. Prints one JSON
 * object per run. With CRAPETTE_BENCH_LONG_TURN=N in the environment it also
 * prints, on standard error, what the moves of the turns longer than N do
 * (docs/computer-players.md, "Limiting shuffles").
 */

#include "config.h"

#include <string.h>

#include "crapette-card.h"
#include "crapette-enums.h"
#include "crapette-names.h"
#include "crapette-player.h"
#include "crapette-round.h"
#include "crapette-view.h"

/* Far above any real round; a round that gets here is a bug in the rules. */
#define MAX_MOVES_PER_ROUND 200000

/* What a move does, for the breakdown of long turns. */
typedef enum
{
  KIND_TURN,      /* a stock (hand) card turned */
  KIND_OWN,       /* a card of one's own stock, hand, waste or reserve played */
  KIND_FOUNDATION, /* a house card to a foundation */
  KIND_LOAD,      /* a house card onto the opponent's waste or reserve */
  KIND_SHUFFLE,   /* house to house */
  KIND_OTHER,
  N_KINDS
} Kind;

static const char *kind_names[N_KINDS] = {
  "turn", "own", "foundation", "load", "house_to_house", "other"
};

typedef struct
{
  GArray *lengths;            /* guint, moves of each turn */
  guint64 moves;
  guint64 house_to_house;
  guint64 repeats;
  guint64 returns;
  /* Turns longer than long_turn moves, by what their moves do (kinds). */
  guint long_turn;
  guint long_turns;
  guint long_won;
  guint long_own;             /* of which more than long_turn stock turns and own cards */
  guint64 long_kinds[N_KINDS];
  guint64 long_kinds_late[N_KINDS];
} Shape;

/* What one turn has done so far. */
typedef struct
{
  guint moves;
  guint8 kinds[MAX_MOVES_PER_ROUND / 100];
  /* Since the last card turned up: cards that moved. */
  gboolean moved[CRAPETTE_MAX_CARDS + 1];
  /* Since the turn began: the piles each card left, one bit per pile. */
  guint32 left[CRAPETTE_MAX_CARDS + 1];
} Turn;

static void
turn_begin (Turn *turn)
{
  memset (turn, 0, sizeof *turn);
}

static Kind
kind_of (const CrapettePosition *position,
         const CrapetteMove     *move)
{
  CrapetteSeat seat = position->to_move;

  if (move->kind == CRAPETTE_MOVE_TURN)
    return KIND_TURN;
  if (move->kind != CRAPETTE_MOVE_CARD)
    return KIND_OTHER;
  if (crapette_pile_seat (move->from) == seat)
    return KIND_OWN;
  if (crapette_pile_kind (move->to) == CRAPETTE_PILE_KIND_FOUNDATION)
    return KIND_FOUNDATION;
  if (crapette_pile_seat (move->to) == 1 - seat)
    return KIND_LOAD;
  if (crapette_pile_kind (move->to) == CRAPETTE_PILE_KIND_HOUSE)
    return KIND_SHUFFLE;
  return KIND_OTHER;
}

static void
turn_end (Turn                   *turn,
          const CrapettePosition *after,
          Shape                  *shape)
{
  if (shape->long_turn > 0 && turn->moves > shape->long_turn)
    {
      shape->long_turns++;
      guint own = 0;

      if (after->outcome == CRAPETTE_OUTCOME_WON)
        shape->long_won++;
      for (guint i = 0; i < turn->moves && i < G_N_ELEMENTS (turn->kinds); i++)
        own += turn->kinds[i] == KIND_TURN || turn->kinds[i] == KIND_OWN;
      if (own > shape->long_turn)
        shape->long_own++;
      for (guint i = 0; i < turn->moves && i < G_N_ELEMENTS (turn->kinds); i++)
        {
          shape->long_kinds[turn->kinds[i]]++;
          if (i >= shape->long_turn)
            shape->long_kinds_late[turn->kinds[i]]++;
        }
    }
  if (turn->moves > 0)
    g_array_append_val (shape->lengths, turn->moves);
  turn_begin (turn);
}

/* Counts @move, about to be played from @position by the player to move. */
static void
count_move (const CrapettePosition *position,
            const CrapetteMove     *move,
            Turn                   *turn,
            Shape                  *shape)
{
  CrapettePosition view, after;
  CrapetteCard card;

  if (turn->moves < G_N_ELEMENTS (turn->kinds))
    turn->kinds[turn->moves] = kind_of (position, move);
  turn->moves++;
  shape->moves++;
  if (move->kind == CRAPETTE_MOVE_TURN)
    {
      memset (turn->moved, 0, sizeof turn->moved);
      return;
    }
  if (move->kind != CRAPETTE_MOVE_CARD)
    return;

  card = crapette_position_top (position, move->from);
  g_assert (card < CRAPETTE_MAX_CARDS);
  if (crapette_pile_kind (move->from) == CRAPETTE_PILE_KIND_HOUSE &&
      crapette_pile_kind (move->to) == CRAPETTE_PILE_KIND_HOUSE)
    shape->house_to_house++;
  if (turn->moved[card])
    shape->repeats++;
  if (turn->left[card] & (1u << move->to))
    shape->returns++;
  turn->moved[card] = TRUE;
  turn->left[card] |= 1u << move->from;

  /* A card uncovered that the mover could not know is a card turned up. */
  crapette_view_init_known (&view, position);
  after = view;
  crapette_position_apply_move (&after, move);
  if (after.to_move == view.to_move &&
      crapette_position_top (&after, move->from) == CRAPETTE_CARD_UNKNOWN)
    memset (turn->moved, 0, sizeof turn->moved);
}

static void
play_round (CrapetteVariant      variant,
            const CrapetteRules *rules,
            guint64              deal_number,
            CrapettePlayer      *players[2],
            Shape               *shape)
{
  CrapetteRound *round = crapette_round_new_deal (variant, rules, deal_number, 0);
  guint32 turn_number = crapette_round_get_position (round)->turn_number;
  Turn turn;

  turn_begin (&turn);
  while (crapette_round_get_position (round)->outcome == CRAPETTE_OUTCOME_PLAYING)
    {
      const CrapettePosition *position = crapette_round_get_position (round);
      CrapettePosition view;
      CrapetteMove move;
      g_autoptr(GError) error = NULL;

      if (crapette_round_get_n_moves (round) >= MAX_MOVES_PER_ROUND)
        g_error ("Deal %" G_GUINT64_FORMAT " did not end", deal_number);
      if (position->turn_number != turn_number)
        {
          turn_end (&turn, position, shape);
          turn_number = position->turn_number;
        }
      crapette_view_init_known (&view, position);
      crapette_player_choose (players[position->to_move], &view, &move);
      count_move (position, &move, &turn, shape);
      if (!crapette_round_play (round, &move, &error))
        g_error ("An illegal move in deal %" G_GUINT64_FORMAT ": %s", deal_number,
                 error->message);
    }
  turn_end (&turn, crapette_round_get_position (round), shape);
  crapette_round_free (round);
}

static gint
compare_uints (gconstpointer a,
               gconstpointer b)
{
  guint x = *(const guint *) a;
  guint y = *(const guint *) b;

  return (x > y) - (x < y);
}

/* The @percent percentile of the sorted @values, by the nearest rank. */
static guint
percentile (GArray  *values,
            gdouble  percent)
{
  gsize rank = (gsize) (percent / 100 * values->len + 0.999999);

  if (values->len == 0)
    return 0;
  return g_array_index (values, guint, CLAMP (rank, 1, values->len) - 1);
}

int
main (int   argc,
      char *argv[])
{
  int variant;
  CrapetteRules rules;
  CrapettePlayer *players[2];
  Shape shape = { 0 };
  guint rounds;
  guint64 seed;

  if (argc != 5 || !crapette_enum_from_nick (CRAPETTE_TYPE_VARIANT, argv[1], &variant))
    {
      g_printerr ("Usage: bench-turn-shape russian|american LEVEL ROUNDS SEED\n");
      return 2;
    }
  rounds = (guint) g_ascii_strtoull (argv[3], NULL, 10);
  seed = g_ascii_strtoull (argv[4], NULL, 10);
  crapette_rules_init_default (&rules);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(GError) error = NULL;

      players[i] = crapette_player_new (argv[2], seed * 2 + i + 1, &error);
      if (players[i] == NULL)
        {
          g_printerr ("bench-turn-shape: %s\n", error->message);
          return 2;
        }
    }

  /* CRAPETTE_BENCH_LONG_TURN=N: also print what the moves of turns longer
   * than N moves do, on standard error. */
  shape.long_turn = (guint) g_ascii_strtoull (g_getenv ("CRAPETTE_BENCH_LONG_TURN") ?: "0", NULL, 10);
  shape.lengths = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint r = 0; r < rounds; r++)
    play_round (variant, &rules, seed + r, players, &shape);
  g_array_sort (shape.lengths, compare_uints);

  g_print ("{\"variant\": \"%s\", \"level\": \"%s\", \"rounds\": %u, \"turns\": %u, "
           "\"moves\": %" G_GUINT64_FORMAT ", \"median\": %u, \"p90\": %u, \"p95\": %u, "
           "\"p99\": %u, \"max\": %u, \"house_to_house\": %.4f, \"repeats\": %.4f, "
           "\"returns\": %.4f}\n",
           argv[1], argv[2], rounds, shape.lengths->len, shape.moves,
           percentile (shape.lengths, 50), percentile (shape.lengths, 90),
           percentile (shape.lengths, 95), percentile (shape.lengths, 99),
           percentile (shape.lengths, 100),
           (gdouble) shape.house_to_house / MAX (shape.moves, 1),
           (gdouble) shape.repeats / MAX (shape.moves, 1),
           (gdouble) shape.returns / MAX (shape.moves, 1));

  if (shape.long_turn > 0)
    {
      g_printerr ("{\"longer_than\": %u, \"turns\": %u, \"won\": %u, \"own_alone_longer\": %u",
                  shape.long_turn, shape.long_turns, shape.long_won, shape.long_own);
      for (guint k = 0; k < N_KINDS; k++)
        g_printerr (", \"%s\": [%" G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT "]", kind_names[k],
                    shape.long_kinds[k], shape.long_kinds_late[k]);
      g_printerr ("}\n");
    }
  g_array_unref (shape.lengths);
  g_object_unref (players[0]);
  g_object_unref (players[1]);
  return 0;
}
