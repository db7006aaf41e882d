/* test-player.c: the computer players play legally, fairly and to the end
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>

#include "crapette-card.h"
#include "crapette-game.h"
#include "crapette-hint.h"
#include "crapette-player.h"
#include "crapette-player-async.h"
#include "crapette-random.h"
#include "crapette-refusal.h"
#include "crapette-round.h"
#include "crapette-search.h"
#include "crapette-view.h"

/* Far above any real round; reaching it means the round would never end. */
#define MOVE_BOUND 20000

static const char * const kinds[] = { "random", "greedy", "easy", "medium", "hard" };

/* A position of a round in play, reached by random play from @deal_number;
 * different @steps give positions early and late in the round. */
static void
random_position (CrapetteVariant   variant,
                 guint64           deal_number,
                 guint             steps,
                 CrapettePosition *position)
{
  CrapetteRules rules;
  CrapetteRandom random;
  g_autoptr(CrapetteRound) round = NULL;

  crapette_rules_init_default (&rules);
  round = crapette_round_new_deal (variant, &rules, deal_number, 0);
  crapette_random_init (&random, deal_number * 7919 + steps);

  for (guint i = 0; i < steps; i++)
    {
      const CrapettePosition *now = crapette_round_get_position (round);
      CrapetteMove moves[CRAPETTE_MAX_MOVES];
      gsize n_moves = crapette_position_legal_moves (now, moves);
      CrapetteRound *before;

      if (n_moves == 0)
        break;
      /* Keep the last position still in play. */
      before = crapette_round_copy (round);
      g_assert_true (crapette_round_play (round, &moves[crapette_random_below (&random, n_moves)],
                                          NULL));
      if (crapette_round_get_position (round)->outcome != CRAPETTE_OUTCOME_PLAYING)
        {
          crapette_round_free (round);
          round = before;
          break;
        }
      crapette_round_free (before);
    }
  *position = *crapette_round_get_position (round);
  g_assert_cmpint (position->outcome, ==, CRAPETTE_OUTCOME_PLAYING);
}

/* A position reached by greedy play from @deal_number after at most @steps
 * moves, still in play: long enough into a round for wastes to have been
 * turned over, which random play, soon blocked by repetition, seldom does. */
static void
played_position (CrapetteVariant   variant,
                 guint64           deal_number,
                 guint             steps,
                 CrapettePosition *position)
{
  CrapetteRules rules;
  g_autoptr(CrapetteRound) round = NULL;
  g_autoptr(CrapettePlayer) greedy = crapette_player_new ("greedy", 1, NULL);

  crapette_rules_init_default (&rules);
  round = crapette_round_new_deal (variant, &rules, deal_number, 0);
  *position = *crapette_round_get_position (round);
  for (guint i = 0; i < steps; i++)
    {
      CrapettePosition view;
      CrapetteMove move;

      crapette_view_init_known (&view, position);
      crapette_player_choose (greedy, &view, &move);
      g_assert_true (crapette_round_play (round, &move, NULL));
      if (crapette_round_get_position (round)->outcome != CRAPETTE_OUTCOME_PLAYING)
        break;
      *position = *crapette_round_get_position (round);
    }
  g_assert_cmpint (position->outcome, ==, CRAPETTE_OUTCOME_PLAYING);
}

static void
test_kinds (void)
{
  const char * const *listed = crapette_player_list_kinds ();
  g_autoptr(GError) error = NULL;
  CrapettePlayer *player;

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autoptr(CrapettePlayer) made = crapette_player_new (kinds[i], 1, &error);

      g_assert_no_error (error);
      g_assert_true (g_strv_contains (listed, kinds[i]));
      g_assert_cmpstr (crapette_player_get_kind (made), ==, kinds[i]);
    }

  player = crapette_player_new ("grandmaster", 1, &error);
  g_assert_null (player);
  g_assert_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE);
}

/* Plays one whole round between @south and @north, checking every choice. */
static void
play_checked_round (CrapetteVariant  variant,
                    guint64          deal_number,
                    CrapettePlayer  *south,
                    CrapettePlayer  *north)
{
  CrapetteRules rules;
  g_autoptr(CrapetteRound) round = NULL;

  crapette_rules_init_default (&rules);
  round = crapette_round_new_deal (variant, &rules, deal_number, 0);
  while (crapette_round_get_position (round)->outcome == CRAPETTE_OUTCOME_PLAYING)
    {
      const CrapettePosition *position = crapette_round_get_position (round);
      CrapettePlayer *mover = position->to_move == CRAPETTE_SOUTH ? south : north;
      CrapettePosition view;
      CrapetteMove move;
      g_autoptr(GError) error = NULL;

      g_assert_cmpuint (crapette_round_get_n_moves (round), <, MOVE_BOUND);
      crapette_view_init_known (&view, position);
      crapette_player_choose (mover, &view, &move);
      if (!crapette_round_play (round, &move, &error))
        g_error ("%s chose an illegal move in deal %" G_GUINT64_FORMAT ": %s",
                 crapette_player_get_kind (mover), deal_number, error->message);
    }
}

/* Every pair of players, both ways round, finishes a round with legal moves
 * only, in both games. */
static void
test_rounds_end (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_UINT (data);

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      for (guint j = i; j < G_N_ELEMENTS (kinds); j++)
        {
          g_autoptr(CrapettePlayer) a = crapette_player_new (kinds[i], 11, NULL);
          g_autoptr(CrapettePlayer) b = crapette_player_new (kinds[j], 12, NULL);
          guint64 deal_number = 100 + i * G_N_ELEMENTS (kinds) + j;

          play_checked_round (variant, deal_number, a, b);
          play_checked_round (variant, deal_number, b, a);
        }
    }
}

/* Deals the cards lying in the hidden places of @position out again among
 * those places at random: a different truth behind the same view. */
static void
permute_hidden_cards (CrapettePosition *position,
                      CrapetteRandom   *random)
{
  CrapettePosition view;
  CrapettePileId piles[CRAPETTE_MAX_CARDS];
  guint8 depths[CRAPETTE_MAX_CARDS];
  CrapetteCard cards[CRAPETTE_MAX_CARDS];
  gsize n_hidden;

  crapette_view_init_known (&view, position);
  n_hidden = crapette_view_hidden_slots (&view, piles, depths);
  for (gsize i = 0; i < n_hidden; i++)
    cards[i] = position->piles[piles[i]].cards[depths[i]];
  crapette_random_shuffle (random, cards, n_hidden);
  for (gsize i = 0; i < n_hidden; i++)
    position->piles[piles[i]].cards[depths[i]] = cards[i];
}

/* No player reads a face-down card: the choice made from the view of a
 * position and from the view of the same position with its hidden cards
 * shuffled is the same. */
static void
test_fairness (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_UINT (data);
  CrapetteRandom random;
  guint changed_truths = 0;
  guint with_known_stock = 0;
  guint n_positions = g_test_thorough () ? 120 : 40;

  crapette_random_init (&random, 2024 + variant);
  for (guint p = 0; p < n_positions; p++)
    {
      CrapettePosition truth, other_truth, view, other_view;

      /* One position in five comes from a long greedy game, where wastes
       * have been turned over and the known view shows those stocks. */
      if (p % 5 == 4)
        played_position (variant, 500 + p, 200 + p * 10, &truth);
      else
        random_position (variant, 500 + p, (p * 37) % 160, &truth);
      with_known_stock += truth.stock_seen != 0;
      other_truth = truth;
      permute_hidden_cards (&other_truth, &random);
      g_assert_true (crapette_position_check_invariants (&other_truth, NULL));
      if (!crapette_position_equal (&truth, &other_truth))
        changed_truths++;

      crapette_view_init_known (&view, &truth);
      crapette_view_init_known (&other_view, &other_truth);
      g_assert_true (crapette_position_equal (&view, &other_view));

      for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
        {
          g_autoptr(CrapettePlayer) first = crapette_player_new (kinds[k], 77 + p, NULL);
          g_autoptr(CrapettePlayer) second = crapette_player_new (kinds[k], 77 + p, NULL);
          CrapetteMove move, other_move;

          crapette_player_choose (first, &view, &move);
          crapette_player_choose (second, &other_view, &other_move);
          g_assert_true (crapette_move_equal (&move, &other_move));
          g_assert_true (crapette_position_is_legal (&truth, &move));
          g_assert_true (crapette_position_is_legal (&other_truth, &move));
        }
    }
  /* The test means something only if the truths really differed, and
   * some of them behind a stock both players know. */
  g_assert_cmpuint (changed_truths, >, n_positions / 2);
  g_assert_cmpuint (with_known_stock, >, 0);
}

/* With mistakes called, neither a mistake made on purpose nor a call depends on
 * a face-down card: every level, making mistakes, chooses the same move behind
 * the same view whatever the hidden cards, and notices a mistake alike. Some
 * of the moves chosen are mistakes, or the test would prove nothing. */
static void
test_fairness_called (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_UINT (data);
  CrapetteRandom random;
  guint mistakes = 0;

  crapette_random_init (&random, 4048 + variant);
  for (guint p = 0; p < 16; p++)
    {
      CrapettePosition truth, other_truth, view, other_view;

      random_position (variant, 900 + p, (p * 41) % 120, &truth);
      truth.rules.mistakes = CRAPETTE_MISTAKES_CALLED;
      other_truth = truth;
      permute_hidden_cards (&other_truth, &random);
      crapette_view_init_known (&view, &truth);
      crapette_view_init_known (&other_view, &other_truth);

      for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
        {
          for (guint64 seed = 0; seed < 4; seed++)
            {
              g_autoptr(CrapettePlayer) first = crapette_player_new (kinds[k], seed * 97 + p, NULL);
              g_autoptr(CrapettePlayer) second = crapette_player_new (kinds[k], seed * 97 + p, NULL);
              CrapetteMove move, other_move;

              crapette_player_set_makes_mistakes (first, TRUE);
              crapette_player_set_makes_mistakes (second, TRUE);
              crapette_player_choose (first, &view, &move);
              crapette_player_choose (second, &other_view, &other_move);
              g_assert_true (crapette_move_equal (&move, &other_move));
              g_assert_true (crapette_position_is_legal (&truth, &move));
              mistakes += crapette_position_duty_broken (&truth, &move, NULL) !=
                          CRAPETTE_REFUSAL_NONE;
              g_assert_cmpint (crapette_player_notices_mistake (first, &view, p),
                               ==, crapette_player_notices_mistake (second, &other_view, p));
              /* Hard needs no shuffling to be slow: one seed is enough. */
              if (g_str_equal (kinds[k], "hard"))
                break;
            }
        }
    }
  g_assert_cmpuint (mistakes, >, 0);
}

/* A level with mistakes off never breaks a duty, and each level calls the
 * share of mistakes its class says: Hard all, Medium nearly all, Easy about half. */
static void
test_mistake_defaults (void)
{
  static const struct { const char *kind; gboolean makes_mistakes; guint low, high; } levels[] = {
    { "easy", TRUE, 400, 600 }, { "medium", TRUE, 850, 950 }, { "hard", FALSE, 1000, 1000 },
  };
  CrapettePosition view;

  random_position (CRAPETTE_VARIANT_RUSSIAN, 5, 10, &view);
  for (guint i = 0; i < G_N_ELEMENTS (levels); i++)
    {
      g_autoptr(CrapettePlayer) player = crapette_player_new (levels[i].kind, 3, NULL);
      guint noticed = 0;

      g_assert_cmpint (crapette_player_get_makes_mistakes (player), ==, levels[i].makes_mistakes);
      for (guint move_index = 0; move_index < 1000; move_index++)
        noticed += crapette_player_notices_mistake (player, &view, move_index);
      g_assert_cmpuint (noticed, >=, levels[i].low);
      g_assert_cmpuint (noticed, <=, levels[i].high);
      /* Asking twice gives the same answer. */
      g_assert_cmpint (crapette_player_notices_mistake (player, &view, 17), ==,
                       crapette_player_notices_mistake (player, &view, 17));
    }
}

/* Moves are made in the open, so a player who watches every move can
 * follow every card that has once been face up: a known view shows exactly
 * those cards, wherever they have gone since, and hides every card that
 * has never been face up. Checked after every move of long rounds played
 * by searching players, who load each other's reserves. */
static void
test_known_view (void)
{
  guint known_stock = 0, known_reserve = 0, known_aside = 0;

  for (guint variant = 0; variant < CRAPETTE_N_VARIANTS; variant++)
    {
      for (guint game = 0; game < 2; game++)
        {
          CrapetteRules rules;
          g_autoptr(CrapetteRound) round = NULL;
          g_autoptr(CrapettePlayer) south = crapette_player_new ("greedy", 1, NULL);
          g_autoptr(CrapettePlayer) north = crapette_player_new ("medium", 2, NULL);
          gboolean ever_up[CRAPETTE_MAX_CARDS] = { FALSE };

          crapette_rules_init_default (&rules);
          round = crapette_round_new_deal (variant, &rules, 1700 + game, 0);
          for (guint step = 0; step < 600; step++)
            {
              const CrapettePosition *truth = crapette_round_get_position (round);
              CrapettePosition plain, known;
              CrapetteMove move;

              if (truth->outcome != CRAPETTE_OUTCOME_PLAYING)
                break;
              crapette_view_init (&plain, truth);
              for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
                {
                  for (guint depth = 0; depth < plain.piles[pile].count; depth++)
                    {
                      if (plain.piles[pile].cards[depth] != CRAPETTE_CARD_UNKNOWN)
                        ever_up[plain.piles[pile].cards[depth]] = TRUE;
                    }
                }

              crapette_view_init_known (&known, truth);
              for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
                {
                  CrapettePileKind kind = crapette_pile_kind (pile);

                  g_assert_cmpuint (known.piles[pile].count, ==, truth->piles[pile].count);
                  for (guint depth = 0; depth < truth->piles[pile].count; depth++)
                    {
                      CrapetteCard card = truth->piles[pile].cards[depth];
                      gboolean face_down = plain.piles[pile].cards[depth] == CRAPETTE_CARD_UNKNOWN;

                      g_assert_cmpuint (known.piles[pile].cards[depth], ==,
                                        ever_up[card] ? card : CRAPETTE_CARD_UNKNOWN);
                      if (face_down && ever_up[card])
                        {
                          known_stock += kind == CRAPETTE_PILE_KIND_STOCK;
                          known_reserve += kind == CRAPETTE_PILE_KIND_RESERVE;
                          known_aside += kind == CRAPETTE_PILE_KIND_FOUNDATION;
                        }
                    }
                  known.piles[pile] = plain.piles[pile];
                }
              /* Apart from the cards, the two views are the same. */
              g_assert_true (crapette_position_equal (&known, &plain));

              crapette_view_init_known (&known, truth);
              crapette_player_choose (truth->to_move == CRAPETTE_SOUTH ? south : north, &known,
                                      &move);
              g_assert_true (crapette_round_play (round, &move, NULL));
            }
        }
    }
  g_test_message ("known face down: %u stock, %u reserve, %u aside",
                  known_stock, known_reserve, known_aside);
  /* Each way a face-down card becomes known happened, many times over:
   * wastes turned over, cards loaded under a reserve's top, and American
   * Bank's completed sequences set aside. */
  g_assert_cmpuint (known_stock, >, 100);
  g_assert_cmpuint (known_reserve, >, 100);
  g_assert_cmpuint (known_aside, >, 100);
}

/* A guessed world keeps every card the view shows, deals the unseen cards
 * into the hidden places, and in Russian Bank puts each player's own pack
 * in their hidden places, where the cards nobody has seen must be. From a
 * plain view, which forgets cards loaded under a reserve's top, it still
 * makes a whole table. */
static void
test_worlds (void)
{
  CrapetteRandom random;
  guint differ = 0, compared = 0;

  crapette_random_init (&random, 31);
  for (guint variant = 0; variant < CRAPETTE_N_VARIANTS; variant++)
    {
      for (guint p = 0; p < 10; p++)
        {
          CrapettePosition truth, views[2];

          played_position (variant, 2100 + p, 60 + p * 60, &truth);
          crapette_view_init_known (&views[0], &truth);
          crapette_view_init (&views[1], &truth);
          for (guint v = 0; v < G_N_ELEMENTS (views); v++)
            {
              CrapettePosition first;

              for (guint w = 0; w < 3; w++)
                {
                  CrapettePosition world;

                  crapette_search_determinize (&views[v], &random, &world);
                  g_assert_true (crapette_position_check_invariants (&world, NULL));
                  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
                    {
                      for (guint depth = 0; depth < truth.piles[pile].count; depth++)
                        {
                          CrapetteCard shown = views[v].piles[pile].cards[depth];
                          CrapetteCard dealt = world.piles[pile].cards[depth];

                          if (shown != CRAPETTE_CARD_UNKNOWN)
                            g_assert_cmpuint (dealt, ==, shown);
                          else if (v == 0 && variant == CRAPETTE_VARIANT_RUSSIAN)
                            g_assert_cmpuint (crapette_card_pack (dealt), ==,
                                              crapette_pile_seat (pile));
                        }
                    }
                  if (w == 0)
                    first = world;
                  else
                    {
                      differ += !crapette_position_equal (&world, &first);
                      compared++;
                    }
                }
            }
        }
    }
  /* Guesses differ from one another, or the look-ahead would see one world. */
  g_assert_cmpuint (differ, >, compared / 2);
}

/* Asked twice about the same view, a player answers the same. The random
 * baseline is left out: its generator runs on from call to call, so it is
 * repeatable only from a fresh seed, as the fairness test uses it. */
static void
test_deterministic (void)
{
  for (guint variant = 0; variant < CRAPETTE_N_VARIANTS; variant++)
    {
      for (guint p = 0; p < 10; p++)
        {
          CrapettePosition truth, view;

          random_position (variant, 900 + p, p * 11, &truth);
          crapette_view_init_known (&view, &truth);
          for (guint k = 1; k < G_N_ELEMENTS (kinds); k++)
            {
              g_autoptr(CrapettePlayer) player = crapette_player_new (kinds[k], 5, NULL);
              CrapetteMove move, again;

              crapette_player_choose (player, &view, &move);
              crapette_player_choose (player, &view, &again);
              if (!crapette_move_equal (&move, &again))
                g_error ("%s changed its mind in variant %u, position %u", kinds[k], variant, p);
            }
        }
    }
}

/* A hint is Hard choosing for the person at South: it must be South's move. */
static void
test_hint_is_legal_for_south (void)
{
  guint checked = 0;

  for (guint variant = 0; variant < CRAPETTE_N_VARIANTS; variant++)
    {
      for (guint p = 0; p < 30; p++)
        {
          CrapettePosition truth, view;
          g_autoptr(CrapettePlayer) hard = crapette_player_new ("hard", 3, NULL);
          CrapetteMove hint;

          random_position (variant, 1300 + p, p * 5, &truth);
          if (truth.to_move != CRAPETTE_SOUTH)
            continue;
          crapette_view_init_known (&view, &truth);
          crapette_player_choose (hard, &view, &hint);
          g_assert_true (crapette_position_is_legal (&truth, &hint));
          if (hint.kind == CRAPETTE_MOVE_CARD &&
              crapette_pile_seat (hint.from) != CRAPETTE_NO_SEAT)
            g_assert_cmpuint (crapette_pile_seat (hint.from), ==, CRAPETTE_SOUTH);
          checked++;
        }
    }
  g_assert_cmpuint (checked, >, 10);
}

/* A card moved from South's stock to South's reserve is a burden to South,
 * and Hard's judgement after the opponent's reply weighs it more than
 * Medium's judgement within a turn does: left over, it blocks the stock. */
static void
test_reserve_card_weighs_more_ahead (void)
{
  CrapetteRules rules;
  CrapettePosition dealt, loaded;
  CrapettePile *stock, *reserve;
  gint64 medium_gap, ahead_gap;

  crapette_rules_init_default (&rules);
  crapette_position_deal (&dealt, CRAPETTE_VARIANT_RUSSIAN, &rules, 77, 0);
  loaded = dealt;
  stock = &loaded.piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, CRAPETTE_SOUTH)];
  reserve = &loaded.piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_SOUTH)];
  g_assert_cmpuint (stock->count, >, 0);
  reserve->cards[reserve->count++] = stock->cards[--stock->count];

  medium_gap = crapette_search_evaluate (&dealt, CRAPETTE_SOUTH, CRAPETTE_SEQUENCE_ENDS_TURN) -
               crapette_search_evaluate (&loaded, CRAPETTE_SOUTH, CRAPETTE_SEQUENCE_ENDS_TURN);
  ahead_gap =
    crapette_search_evaluate_ahead (&dealt, CRAPETTE_SOUTH, CRAPETTE_SEQUENCE_ENDS_TURN) -
    crapette_search_evaluate_ahead (&loaded, CRAPETTE_SOUTH, CRAPETTE_SEQUENCE_ENDS_TURN);
  g_assert_cmpint (medium_gap, >, 0);
  g_assert_cmpint (ahead_gap, >, medium_gap);
}

typedef struct
{
  GMainLoop *loop;
  CrapettePlayer *player;
  gboolean done;
  gboolean succeeded;
  CrapetteMove move;
  GError *error;
} AsyncResult;

static void
on_choose_ready_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  AsyncResult *outcome = user_data;

  /* The task is the player's: it is still alive here, whoever else let it go. */
  g_assert_true (CRAPETTE_IS_PLAYER (source));
  outcome->succeeded = crapette_player_choose_finish (CRAPETTE_PLAYER (source), result,
                                                      &outcome->move, &outcome->error);
  outcome->done = TRUE;
  g_main_loop_quit (outcome->loop);
}

/* The choice made in a worker thread is the one made directly, and the
 * main loop keeps running meanwhile. */
static void
test_async_choice (void)
{
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(CrapettePlayer) player = crapette_player_new ("hard", 9, NULL);
  g_autoptr(CrapettePlayer) twin = crapette_player_new ("hard", 9, NULL);
  AsyncResult outcome = { .loop = loop, .player = player };
  CrapettePosition truth, view;
  CrapetteMove direct;

  random_position (CRAPETTE_VARIANT_RUSSIAN, 4242, 60, &truth);
  crapette_view_init_known (&view, &truth);
  crapette_player_choose (twin, &view, &direct);

  crapette_player_choose_async (player, &view, NULL, on_choose_ready_cb, &outcome);
  /* The view was copied: changing it now must not matter. */
  view.piles[crapette_pile_house (0)].count = 0;
  g_main_loop_run (loop);

  g_assert_true (outcome.done);
  g_assert_no_error (outcome.error);
  g_assert_true (outcome.succeeded);
  g_assert_true (crapette_move_equal (&outcome.move, &direct));
  g_assert_true (crapette_position_is_legal (&truth, &outcome.move));
}

/* A choice cancelled (a new game started) reports G_IO_ERROR_CANCELLED. */
static void
test_async_cancelled (void)
{
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(CrapettePlayer) player = crapette_player_new ("hard", 9, NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  AsyncResult outcome = { .loop = loop, .player = player };
  CrapettePosition truth, view;

  random_position (CRAPETTE_VARIANT_AMERICAN, 4243, 30, &truth);
  crapette_view_init_known (&view, &truth);

  crapette_player_choose_async (player, &view, cancellable, on_choose_ready_cb, &outcome);
  g_cancellable_cancel (cancellable);
  g_main_loop_run (loop);

  g_assert_true (outcome.done);
  g_assert_false (outcome.succeeded);
  g_assert_error (outcome.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&outcome.error);
}

/* Every level is a GObject freed with its last reference. */
static void
test_finalized (void)
{
  CrapettePosition truth, view;

  random_position (CRAPETTE_VARIANT_RUSSIAN, 31, 20, &truth);
  crapette_view_init_known (&view, &truth);
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      CrapettePlayer *player = crapette_player_new (kinds[i], 1, NULL);
      CrapetteMove move;

      g_assert_true (G_TYPE_IS_FINAL (G_OBJECT_TYPE (player)));
      g_assert_true (g_type_is_a (G_OBJECT_TYPE (player), CRAPETTE_TYPE_PLAYER));
      crapette_player_choose (player, &view, &move);
      g_assert_finalize_object (player);
    }
}

/* The worker's task holds the player: the caller may let go of it at once, the
 * choice still comes, and the player is freed when the task is done. */
static void
test_async_holds_player (void)
{
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  CrapettePlayer *player = crapette_player_new ("medium", 9, NULL);
  AsyncResult outcome = { .loop = loop, .player = player };
  CrapettePosition truth, view;
  GWeakRef weak;
  gint64 deadline;

  random_position (CRAPETTE_VARIANT_AMERICAN, 4244, 30, &truth);
  crapette_view_init_known (&view, &truth);

  crapette_player_choose_async (player, &view, NULL, on_choose_ready_cb, &outcome);
  /* A GWeakRef, because the worker thread may hold the last reference. */
  g_weak_ref_init (&weak, player);
  g_object_unref (player);
  g_main_loop_run (loop);

  g_assert_true (outcome.succeeded);
  g_assert_no_error (outcome.error);
  g_assert_true (crapette_position_is_legal (&truth, &outcome.move));

  /* The task lets the player go once both its callback and its worker are done. */
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  for (;;)
    {
      g_autoptr(GObject) alive = g_weak_ref_get (&weak);

      if (alive == NULL)
        break;
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  g_weak_ref_clear (&weak);
}

typedef struct
{
  GMainLoop *loop;
  gboolean found;
  CrapetteMove move;
  GError *error;
} HintResult;

static void
on_hint_ready_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  HintResult *outcome = user_data;

  outcome->found = crapette_hint_find_finish (CRAPETTE_GAME (source), result, &outcome->move,
                                              &outcome->error);
  g_main_loop_quit (outcome->loop);
}

/* The hint, in the engine beside the players, is a legal move of the player to
 * move; a hint for a position the game has left is refused. */
static void
test_hint (void)
{
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  CrapetteGame *game = crapette_game_new ();
  HintResult outcome = { .loop = loop };
  CrapetteRules rules;
  const CrapetteMove *moves;
  gsize n_moves;

  crapette_rules_init_default (&rules);
  crapette_game_deal (game, CRAPETTE_VARIANT_RUSSIAN, &rules, 77, 0);
  crapette_hint_find_async (game, NULL, on_hint_ready_cb, &outcome);
  g_main_loop_run (loop);
  g_assert_no_error (outcome.error);
  g_assert_true (outcome.found);
  g_assert_true (crapette_position_is_legal (crapette_round_get_position (
                                               crapette_game_get_round (game)),
                                             &outcome.move));

  crapette_hint_find_async (game, NULL, on_hint_ready_cb, &outcome);
  moves = crapette_game_get_legal_moves (game, &n_moves);
  g_assert_true (crapette_game_play (game, &moves[0], NULL));
  g_main_loop_run (loop);
  g_assert_false (outcome.found);
  g_assert_error (outcome.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&outcome.error);
  g_assert_finalize_object (game);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/player/kinds", test_kinds);
  g_test_add_func ("/player/finalized", test_finalized);
  g_test_add_func ("/player/async-holds-player", test_async_holds_player);
  g_test_add_func ("/player/hint", test_hint);
  g_test_add_data_func ("/player/rounds-end/russian",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), test_rounds_end);
  g_test_add_data_func ("/player/rounds-end/american",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN), test_rounds_end);
  g_test_add_data_func ("/player/fairness/russian",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), test_fairness);
  g_test_add_data_func ("/player/fairness/american",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN), test_fairness);
  g_test_add_data_func ("/player/fairness-called/russian",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), test_fairness_called);
  g_test_add_data_func ("/player/fairness-called/american",
                        GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN), test_fairness_called);
  g_test_add_func ("/player/mistake-defaults", test_mistake_defaults);
  g_test_add_func ("/player/known-view", test_known_view);
  g_test_add_func ("/player/worlds", test_worlds);
  g_test_add_func ("/player/deterministic", test_deterministic);
  g_test_add_func ("/player/hint-is-legal-for-south", test_hint_is_legal_for_south);
  g_test_add_func ("/player/reserve-card-weighs-more-ahead", test_reserve_card_weighs_more_ahead);
  g_test_add_func ("/player/async/choice", test_async_choice);
  g_test_add_func ("/player/async/cancelled", test_async_cancelled);

  return g_test_run ();
}
