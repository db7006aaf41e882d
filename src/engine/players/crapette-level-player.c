/* crapette-level-player.c: the two gentler levels offered to people — Easy and Medium
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/computer-players.md explains how each level plays and the
 * measurements behind the choices; Hard has a file of its own
 * (crapette-hard-player.c). Every level decides from the view and its seed
 * alone: whatever randomness it uses is seeded afresh for each decision
 * from the two (crapette_search_view_seed()), so the same view gets the
 * same answer.
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include "crapette-player-private.h"
#include "crapette-search.h"

/* ---- Easy: one move at a time, and now and then blind to one ------------ */

/* One move in three that is not forced goes unseen, as a beginner overlooks
 * a chance; out of a hundred. */
#define EASY_OVERLOOK_PERCENT 35

/* Easy sees no further than the move it makes, scored by where it leads. */
static gint64
easy_move_score (const CrapettePosition *view,
                 const CrapetteMove     *move)
{
  CrapetteSeat seat = view->to_move;
  CrapettePosition after;

  /* The card a turn shows is unknown, so a turn is judged by the position
   * it starts from; the small bonus makes Easy turn rather than shuffle
   * cards about for nothing, which could go round in circles. */
  if (move->kind == CRAPETTE_MOVE_TURN)
    return crapette_search_evaluate (view, seat, CRAPETTE_SEQUENCE_TURNS) + 1;

  after = *view;
  crapette_position_apply_move (&after, move);
  if (after.to_move != seat || after.outcome != CRAPETTE_OUTCOME_PLAYING)
    return crapette_search_evaluate (&after, seat, CRAPETTE_SEQUENCE_ENDS_TURN) + 1;
  return crapette_search_evaluate (&after, seat, CRAPETTE_SEQUENCE_REVEALS);
}

static void
easy_player_choose (CrapettePlayer         *player,
                    const CrapettePosition *view,
                    CrapetteMove           *move)
{
  const CrapetteTurnMemory *memory = crapette_player_get_turn_memory (player);
  CrapetteRandom random;
  CrapetteMove moves[CRAPETTE_MAX_MOVES];
  gsize n_moves = crapette_position_legal_moves (view, moves);
  gboolean found = FALSE;
  gint64 best_score = 0;

  g_assert (n_moves > 0);
  crapette_random_init (&random, crapette_search_view_seed (view,
                                                         crapette_player_get_random (player)->state));

  for (gsize i = 0; i < n_moves; i++)
    {
      gint64 score;

      /* A card does not go back where it was this turn, nor from house to
       * house twice before a card turns up: that is shuffling, not play. */
      if (!crapette_turn_memory_allows (memory, &moves[i]))
        continue;
      /* A card move may be overlooked; turning and ending never are, so
       * there is always something left to play. */
      if (moves[i].kind == CRAPETTE_MOVE_CARD && n_moves > 1 &&
          crapette_random_below (&random, 100) < EASY_OVERLOOK_PERCENT)
        continue;
      score = easy_move_score (view, &moves[i]);
      if (!found || score > best_score)
        {
          found = TRUE;
          best_score = score;
          *move = moves[i];
        }
    }

  /* Every card move was overlooked and there was nothing else: see them,
   * those the memory allows first. */
  if (!found)
    {
      gsize n_allowed = 0;

      for (gsize i = 0; i < n_moves; i++)
        {
          if (crapette_turn_memory_allows (memory, &moves[i]))
            moves[n_allowed++] = moves[i];
        }
      if (n_allowed == 0)
        n_allowed = n_moves;
      *move = moves[crapette_random_below (&random, (guint32) n_allowed)];
    }
}

struct _CrapetteEasyPlayer
{
  CrapettePlayer parent_instance;
};

G_DEFINE_FINAL_TYPE (CrapetteEasyPlayer, crapette_easy_player, CRAPETTE_TYPE_PLAYER)

static void
crapette_easy_player_class_init (CrapetteEasyPlayerClass *klass)
{
  CrapettePlayerClass *player_class = CRAPETTE_PLAYER_CLASS (klass);

  player_class->kind = "easy";
  player_class->choose = easy_player_choose;
  /* With mistakes called, Easy misses many of the person's mistakes and
   * makes the most of its own (rates per 100 turns in docs/computer-players.md). */
  player_class->notice_rate = EASY_NOTICE_RATE;
  player_class->mistake_rate = EASY_MISTAKE_RATE;
  player_class->makes_mistakes = TRUE;
}

static void
crapette_easy_player_init (CrapetteEasyPlayer *self)
{
}

/* ---- Medium: the whole turn searched, with a finer judgement ------------ */

/* Medium keeps the sequence it chose and plays it out while the table
 * follows it, as Hard does: searching afresh after each move, a search cut
 * short by its node budget could prefer another end, and a card that had
 * just moved moved again. */
struct _CrapetteMediumPlayer
{
  CrapettePlayer parent_instance;
  CrapetteMove plan[CRAPETTE_SEARCH_MAX_DEPTH + 1];
  guint plan_length;
  guint plan_next;
  CrapettePosition expected;   /* the view in which plan[plan_next] is due */
};

G_DEFINE_FINAL_TYPE (CrapetteMediumPlayer, crapette_medium_player, CRAPETTE_TYPE_PLAYER)

static void
medium_player_choose (CrapettePlayer         *player,
                      const CrapettePosition *view,
                      CrapetteMove           *move)
{
  CrapetteMediumPlayer *self = (CrapetteMediumPlayer *) player;

  if (self->plan_next >= self->plan_length || !crapette_position_equal (view, &self->expected) ||
      !crapette_position_is_legal (view, &self->plan[self->plan_next]))
    {
      const CrapetteTurnMemory *memory = crapette_player_get_turn_memory (player);
      gboolean found;

      self->plan_next = 0;
      /* In American Bank, a plan in which no card moves twice, if there is
       * one: a run turned over through a spare pile to be loaded from its
       * other end passes every card by twice (crapette-search-repeats.c). */
      if (view->variant == CRAPETTE_VARIANT_AMERICAN)
        found = crapette_search_best_plain_sequence (view, memory, CRAPETTE_SEARCH_DEFAULT_NODES,
                                                     crapette_search_evaluate, self->plan,
                                                     &self->plan_length);
      else
        found = crapette_search_best_sequence (view, memory, CRAPETTE_SEARCH_DEFAULT_NODES,
                                               crapette_search_evaluate, self->plan,
                                               &self->plan_length, NULL);
      if (!found)
        {
          self->plan_length = 0;
          crapette_search_choose (view, crapette_player_get_turn_memory (player),
                                  CRAPETTE_SEARCH_DEFAULT_NODES, crapette_search_evaluate, move);
          return;
        }
    }
  *move = self->plan[self->plan_next++];
  if (self->plan_next < self->plan_length)
    {
      self->expected = *view;
      crapette_position_apply_move (&self->expected, move);
    }
}

static void
crapette_medium_player_class_init (CrapetteMediumPlayerClass *klass)
{
  CrapettePlayerClass *player_class = CRAPETTE_PLAYER_CLASS (klass);

  player_class->kind = "medium";
  player_class->choose = medium_player_choose;
  player_class->notice_rate = MEDIUM_NOTICE_RATE;
  player_class->mistake_rate = MEDIUM_MISTAKE_RATE;
  player_class->makes_mistakes = TRUE;
}

static void
crapette_medium_player_init (CrapetteMediumPlayer *self)
{
}
