/* crapette-hard-player.c: Hard, the strongest level offered to people, and the hint
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Hard plays the best few ways through its turn against the opponent's
 * reply in several guesses at the hidden cards, and keeps the plan it
 * settled on while the table follows it. docs/computer-players.md explains
 * how and gives the measurements behind every size below. Like every level
 * it decides from the view and its seed alone: its guesses are seeded
 * afresh for each decision from the two (crapette_search_view_seed()).
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include "crapette-player-private.h"
#include "crapette-search.h"

/* The sizes that keep a decision within 50 ms at the 99th percentile on a
 * two-core machine (docs/computer-players.md has the measurements). The
 * budget counts positions expanded by the look-ahead rather than time, so
 * that a choice does not depend on how busy the machine is. */
#define HARD_CANDIDATES 8
/* The best sequences by Medium's judgement, from which the candidates come. */
#define HARD_POOL 32
#define HARD_MAX_SAMPLES 8
#define HARD_ROLLOUT_NODES 150
/* A long Russian Bank turn plays many sequences (each reserve card shown
 * and each stock card turned starts one); with six, 7% of play-outs were
 * judged before the opponent's reply was over, with thirty 0.2%. */
#define HARD_ROLLOUT_SEQUENCES 30
#define HARD_WORK_BUDGET 30000

typedef struct
{
  CrapetteMove moves[CRAPETTE_SEARCH_MAX_DEPTH + 1];
  guint n_moves;
  gint64 static_score;
  guint64 key;
} Candidate;

typedef struct
{
  CrapetteSeat seat;
  Candidate pool[HARD_POOL];   /* best first */
  guint n_pool;
  Candidate candidates[HARD_CANDIDATES];
  guint n_candidates;
} CandidateList;

/* Hard keeps the sequence it settled on and plays it out while the table
 * follows it: choosing afresh after each move, with other guesses, could
 * wander back and forth and repeat positions. */
struct _CrapetteHardPlayer
{
  CrapettePlayer parent_instance;
  CrapetteMove plan[CRAPETTE_SEARCH_MAX_DEPTH + 1];
  guint plan_length;
  guint plan_next;
  CrapettePosition expected;   /* the view in which plan[plan_next] is due */
};

G_DEFINE_FINAL_TYPE (CrapetteHardPlayer, crapette_hard_player, CRAPETTE_TYPE_PLAYER)

/* Better judged first; between equals, the one fewer moves away (nothing
 * done for nothing), then the larger key. */
static gboolean
candidate_ranks_above (gint64           score,
                       guint            n_moves,
                       guint64          key,
                       const Candidate *other)
{
  if (score != other->static_score)
    return score > other->static_score;
  if (n_moves != other->n_moves)
    return n_moves < other->n_moves;
  return key > other->key;
}

/* Keeps the best sequences by Medium's judgement, each end position once. */
static void
collect_candidate (const CrapetteSequence *sequence,
                   gpointer                user_data)
{
  CandidateList *list = user_data;
  gint64 score = crapette_search_evaluate (sequence->end, list->seat, sequence->how);
  guint place;

  for (guint i = 0; i < list->n_pool; i++)
    {
      if (list->pool[i].key == sequence->key)
        return;
    }

  place = list->n_pool;
  while (place > 0 && candidate_ranks_above (score, sequence->n_moves, sequence->key,
                                                &list->pool[place - 1]))
    place--;
  if (place >= HARD_POOL)
    return;

  if (list->n_pool < HARD_POOL)
    list->n_pool++;
  for (guint i = list->n_pool - 1; i > place; i--)
    list->pool[i] = list->pool[i - 1];

  list->pool[place].n_moves = sequence->n_moves;
  for (guint i = 0; i < sequence->n_moves; i++)
    list->pool[place].moves[i] = sequence->moves[i];
  list->pool[place].static_score = score;
  list->pool[place].key = sequence->key;
}

/* Picks the candidates from the pool: first the best sequence of each way
 * to start, then the best of the rest. Sequences that differ only in where
 * a card went late in the turn often score alike, and the eight best alone
 * were often eight versions of one start. */
static void
choose_candidates (CandidateList *list)
{
  gboolean taken[HARD_POOL] = { FALSE };

  list->n_candidates = 0;
  if (list->n_pool <= HARD_CANDIDATES)
    {
      for (guint c = 0; c < list->n_pool; c++)
        list->candidates[list->n_candidates++] = list->pool[c];
      return;
    }
  for (guint c = 0; c < list->n_pool && list->n_candidates < HARD_CANDIDATES; c++)
    {
      gboolean new_start = TRUE;

      for (guint k = 0; k < list->n_candidates && new_start; k++)
        new_start = !crapette_move_equal (&list->candidates[k].moves[0], &list->pool[c].moves[0]);
      if (new_start)
        {
          list->candidates[list->n_candidates++] = list->pool[c];
          taken[c] = TRUE;
        }
    }
  for (guint c = 0; c < list->n_pool && list->n_candidates < HARD_CANDIDATES; c++)
    {
      if (!taken[c])
        list->candidates[list->n_candidates++] = list->pool[c];
    }
}

/* Plays @candidate in @world, the rest of the turn as Medium would, then
 * the opponent's reply as chosen by @reply, and judges the result by Hard's
 * own weights (crapette_search_evaluate_ahead()); adds the positions
 * expanded to @work. */
static gint64
play_out (const CrapettePosition *world,
          const Candidate        *candidate,
          CrapetteSeat            seat,
          CrapetteEvaluateFunc    reply,
          guint                  *work)
{
  CrapettePosition position = *world;

  for (guint i = 0; i < candidate->n_moves; i++)
    {
      if (position.outcome != CRAPETTE_OUTCOME_PLAYING)
        break;
      crapette_position_apply_move (&position, &candidate->moves[i]);
    }
  if (position.outcome == CRAPETTE_OUTCOME_PLAYING && position.to_move == seat)
    *work += crapette_search_play_turn (&position, HARD_ROLLOUT_NODES, HARD_ROLLOUT_SEQUENCES,
                                        crapette_search_evaluate);
  if (position.outcome == CRAPETTE_OUTCOME_PLAYING && position.to_move != seat)
    *work += crapette_search_play_turn (&position, HARD_ROLLOUT_NODES, HARD_ROLLOUT_SEQUENCES,
                                        reply);
  return crapette_search_evaluate_ahead (&position, seat, CRAPETTE_SEQUENCE_ENDS_TURN);
}

/* Picks among @list by playing each candidate out in the same guessed
 * worlds; returns the index of the best. */
static guint
pick_by_look_ahead (CrapetteHardPlayer     *self,
                    const CrapettePosition *view,
                    const CandidateList    *list)
{
  gint64 totals[HARD_CANDIDATES] = { 0 };
  guint64 seed = crapette_player_get_random (CRAPETTE_PLAYER (self))->state;
  CrapetteRandom random;
  guint work = 0;
  guint best = 0;

  /* The same guesses serve every candidate, so that they are compared on
   * equal luck; a whole guess is always finished, so each candidate is
   * judged over as many as the others. Hard does not know whom it plays:
   * in every other guess the opponent replies as greedy would, who plays
   * cards off, and in the others as Medium would, who also loads. */
  crapette_random_init (&random, crapette_search_view_seed (view, seed));
  for (guint s = 0; s < HARD_MAX_SAMPLES && work < HARD_WORK_BUDGET; s++)
    {
      CrapetteEvaluateFunc reply = s % 2 == 0 ? crapette_search_greedy_key
                                              : crapette_search_evaluate;
      CrapettePosition world;

      crapette_search_determinize (view, &random, &world);
      for (guint c = 0; c < list->n_candidates; c++)
        totals[c] += play_out (&world, &list->candidates[c], list->seat, reply, &work);
    }

  /* Earlier candidates come first by the static judgement; they win ties. */
  for (guint c = 1; c < list->n_candidates; c++)
    {
      if (totals[c] > totals[best])
        best = c;
    }
  return best;
}

static gboolean
follow_plan (CrapetteHardPlayer     *self,
             const CrapettePosition *view,
             CrapetteMove           *move)
{
  if (self->plan_next >= self->plan_length || !crapette_position_equal (view, &self->expected) ||
      !crapette_position_is_legal (view, &self->plan[self->plan_next]))
    return FALSE;
  *move = self->plan[self->plan_next];
  return TRUE;
}

/* Remembers the rest of the plan after @move, which is about to be played. */
static void
advance_plan (CrapetteHardPlayer     *self,
              const CrapettePosition *view,
              const CrapetteMove     *move)
{
  self->plan_next++;
  if (self->plan_next >= self->plan_length)
    return;
  self->expected = *view;
  crapette_position_apply_move (&self->expected, move);
}

static void
hard_player_choose (CrapettePlayer         *player,
                    const CrapettePosition *view,
                    CrapetteMove           *move)
{
  CrapetteHardPlayer *self = CRAPETTE_HARD_PLAYER (player);
  CandidateList list = { .seat = view->to_move };
  gboolean one_first_move = TRUE;
  guint best = 0;

  if (follow_plan (self, view, move))
    {
      advance_plan (self, view, move);
      return;
    }
  self->plan_length = 0;
  self->plan_next = 0;

  crapette_search_sequences (view, crapette_player_get_turn_memory (player),
                             CRAPETTE_SEARCH_DEFAULT_NODES, collect_candidate, &list);
  choose_candidates (&list);
  if (list.n_candidates == 0)
    {
      crapette_search_choose (view, crapette_player_get_turn_memory (player),
                              CRAPETTE_SEARCH_DEFAULT_NODES, crapette_search_evaluate, move);
      return;
    }

  for (guint c = 1; c < list.n_candidates; c++)
    one_first_move = one_first_move &&
                     crapette_move_equal (&list.candidates[c].moves[0], &list.candidates[0].moves[0]);
  /* With one way to start, the first move is played and the rest chosen
   * afresh once it is made, when it may have shown more. */
  if (one_first_move)
    {
      *move = list.candidates[0].moves[0];
      return;
    }

  best = pick_by_look_ahead (self, view, &list);
  for (guint i = 0; i < list.candidates[best].n_moves; i++)
    self->plan[i] = list.candidates[best].moves[i];
  self->plan_length = list.candidates[best].n_moves;
  *move = self->plan[0];
  advance_plan (self, view, move);
}

static void
crapette_hard_player_class_init (CrapetteHardPlayerClass *klass)
{
  CrapettePlayerClass *player_class = CRAPETTE_PLAYER_CLASS (klass);

  player_class->kind = "hard";
  player_class->choose = hard_player_choose;
  /* Hard calls every mistake, and makes none unless asked to; asked, it makes the fewest. */
  player_class->notice_rate = 1000;
  player_class->mistake_rate = HARD_MISTAKE_RATE;
  player_class->makes_mistakes = FALSE;
}

static void
crapette_hard_player_init (CrapetteHardPlayer *self)
{
}
