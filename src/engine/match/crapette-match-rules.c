/* crapette-match-rules.c: the rules of a match, apart from its state: the lengths a match
 * may have, when it is over and who won it, and which deal each round is
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * crapette-match.c keeps a match's state (its rounds, its score) and signals; what follows
 * from the match's variant, length and seed alone is here. It reads the match's fields
 * (crapette-match-private.h) and calls nothing of crapette-match.c, so the two files do not
 * call each other.
 */

#define G_LOG_DOMAIN "crapette-match"

#include "config.h"

#include "crapette-match.h"

#include "crapette-match-private.h"
#include "crapette-random.h"

/* Deal numbers stay short enough for a person to read out and type in. */
#define DEAL_NUMBER_LIMIT G_GUINT64_CONSTANT (1000000000)
/* Odd multiplier that spreads round indices over the generator's seeds. */
#define ROUND_STREAM_STEP G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)

/* Whether @length is a match length @variant knows: a Russian Bank target score
 * (or %CRAPETTE_MATCH_SINGLE_ROUND), or an odd American Bank "best of". */
gboolean
crapette_match_length_is_valid (CrapetteVariant variant,
                                guint           length)
{
  if (variant == CRAPETTE_VARIANT_RUSSIAN)
    return length <= 100000;
  if (variant == CRAPETTE_VARIANT_AMERICAN)
    return length % 2 == 1 && length < CRAPETTE_MATCH_MAX_ROUNDS;
  return FALSE;
}

/* Whether a match of @variant and @length is over once @n_rounds rounds are played and the
 * score stands at @score; *@winner is the leader then (%CRAPETTE_NO_SEAT on a tie). */
gboolean
crapette_match_decide (CrapetteVariant  variant,
                       guint            length,
                       const guint      score[CRAPETTE_N_SEATS],
                       guint            n_rounds,
                       CrapetteSeat    *winner)
{
  guint south = score[CRAPETTE_SOUTH];
  guint north = score[CRAPETTE_NORTH];
  CrapetteSeat leader = south > north ? CRAPETTE_SOUTH
                        : north > south ? CRAPETTE_NORTH : CRAPETTE_NO_SEAT;

  *winner = CRAPETTE_NO_SEAT;
  if (n_rounds == 0)
    return FALSE;

  if (variant == CRAPETTE_VARIANT_RUSSIAN)
    {
      if (length == CRAPETTE_MATCH_SINGLE_ROUND || MAX (south, north) >= length)
        {
          *winner = leader;
          return TRUE;
        }
    }
  else if (MAX (south, north) >= length / 2 + 1)
    {
      /* Drawn rounds do not count towards the "best of": the match goes on
       * until one player has won a majority of the rounds it names. */
      *winner = leader;
      return TRUE;
    }

  if (n_rounds >= CRAPETTE_MATCH_MAX_ROUNDS)
    {
      *winner = leader;
      return TRUE;
    }
  return FALSE;
}

static guint64
candidate_deal_number (guint64 seed,
                       guint   round_index,
                       guint   attempt)
{
  CrapetteRandom random;

  crapette_random_init (&random, seed + ROUND_STREAM_STEP * round_index);
  for (guint i = 0; i < attempt; i++)
    crapette_random_next (&random);
  return crapette_random_next (&random) % DEAL_NUMBER_LIMIT;
}

/* The deal number of round @round_index. The first round is dealt from the
 * seed itself. In American Bank the deal itself draws the first dealer, so
 * later rounds take the first deal number whose draw agrees with the first
 * round's: the deal then alternates as the rules say. */
static guint64
compute_deal_number (CrapetteMatch *self,
                     guint          round_index)
{
  CrapettePosition first;
  CrapettePosition candidate;

  guint64 seed = self->seed;
  CrapetteVariant variant = self->variant;
  const CrapetteRules *rules = &self->rules;

  if (round_index == 0)
    return seed;
  if (variant != CRAPETTE_VARIANT_AMERICAN)
    return candidate_deal_number (seed, round_index, 0);

  crapette_position_deal (&first, variant, rules, crapette_match_get_deal_number (self, 0), 0);
  for (guint attempt = 0; attempt < 64; attempt++)
    {
      guint64 number = candidate_deal_number (seed, round_index, attempt);

      crapette_position_deal (&candidate, variant, rules, number, round_index);
      if (candidate.dealer == (first.dealer ^ (round_index & 1)))
        return number;
    }
  /* Every draw is a fair coin; 64 wrong ones in a row do not happen. */
  return candidate_deal_number (seed, round_index, 0);
}

/* The deal number of round @round_index (from 0), played or to come. */
guint64
crapette_match_get_deal_number (CrapetteMatch *self,
                                guint          round_index)
{
  g_return_val_if_fail (CRAPETTE_IS_MATCH (self), 0);

  if (round_index < self->finished_rounds->len)
    {
      const CrapetteRound *round = g_ptr_array_index (self->finished_rounds, round_index);

      return crapette_round_get_start (round)->deal_number;
    }
  if (round_index == self->finished_rounds->len && self->round_in_play)
    return crapette_round_get_start (crapette_game_get_round (self->game))->deal_number;
  return compute_deal_number (self, round_index);
}

/* Fills @start with the deal of the next round, to tell who will deal and who
 * will start it; %FALSE when the match is over or a round is in play. */
gboolean
crapette_match_peek_next_deal (CrapetteMatch    *self,
                               CrapettePosition *start)
{
  guint index;

  g_return_val_if_fail (CRAPETTE_IS_MATCH (self), FALSE);
  g_return_val_if_fail (start != NULL, FALSE);

  if (self->finished || self->round_in_play)
    return FALSE;
  index = self->finished_rounds->len;
  crapette_position_deal (start, self->variant, &self->rules,
                          crapette_match_get_deal_number (self, index), index);
  return TRUE;
}
