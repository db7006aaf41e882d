/* crapette-scoreboard.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The scores live in GSettings so that they follow the person, like their
 * preferences. Each game has one key, a dictionary from opponent to a
 * dictionary of named counts, which reads plainly in dconf-editor and lets a
 * later version add a count without a new key. Counts that a key does not
 * hold read as zero, and unknown names are ignored, so an old or edited
 * value never stops the program.
 */

#define G_LOG_DOMAIN "crapette-scoreboard"

#include "config.h"

#include "crapette-scoreboard.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "crapette-names.h"

#define HEAD_TO_HEAD_KEY "head-to-head"
/* Beyond this many pairs of names, the pair played least long ago is dropped. */
#define MAX_HEAD_TO_HEAD 50

/**
 * CrapetteScoreboard:
 *
 * Adds finished rounds and matches to the scores kept in GSettings, and reads
 * them back for the Scores window.
 */
struct _CrapetteScoreboard
{
  GObject parent_instance;

  GSettings *settings;
};

G_DEFINE_FINAL_TYPE (CrapetteScoreboard, crapette_scoreboard, G_TYPE_OBJECT)

/* The names of the counts in the settings, in the order of #CrapetteScoreStats. */
static const char * const stat_names[] = {
  "matches-played", "matches-won", "matches-lost", "matches-drawn",
  "rounds-played", "rounds-won", "rounds-lost", "rounds-drawn", "rounds-blocked",
  "best-winning-score", "total-winning-points", "current-streak", "longest-streak",
};

G_STATIC_ASSERT (G_N_ELEMENTS (stat_names) * sizeof (guint) == sizeof (CrapetteScoreStats));

static const char *
scores_key (CrapetteVariant variant)
{
  return variant == CRAPETTE_VARIANT_AMERICAN ? "american-scores" : "russian-scores";
}

static void
crapette_scoreboard_dispose (GObject *object)
{
  CrapetteScoreboard *self = (CrapetteScoreboard *) object;

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (crapette_scoreboard_parent_class)->dispose (object);
}

static void
crapette_scoreboard_class_init (CrapetteScoreboardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = crapette_scoreboard_dispose;
}

static void
crapette_scoreboard_init (CrapetteScoreboard *self)
{
}

/* A scoreboard that keeps its counts in @settings (the application's schema). */
CrapetteScoreboard *
crapette_scoreboard_new (GSettings *settings)
{
  CrapetteScoreboard *self;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (CRAPETTE_TYPE_SCOREBOARD, NULL);
  self->settings = g_object_ref (settings);
  return self;
}

static void
read_stats (GVariant           *counts,
            CrapetteScoreStats *stats)
{
  guint *fields = (guint *) stats;

  memset (stats, 0, sizeof *stats);
  if (counts == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (stat_names); i++)
    {
      guint32 value;

      if (g_variant_lookup (counts, stat_names[i], "u", &value))
        fields[i] = value;
    }
}

static GVariant *
write_stats (const CrapetteScoreStats *stats)
{
  const guint *fields = (const guint *) stats;
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{su}"));
  for (guint i = 0; i < G_N_ELEMENTS (stat_names); i++)
    g_variant_builder_add (&builder, "{su}", stat_names[i], (guint32) fields[i]);
  return g_variant_builder_end (&builder);
}

/* Fills @stats with South's record in @variant against @opponent. */
void
crapette_scoreboard_get_stats (CrapetteScoreboard *self,
                               CrapetteVariant     variant,
                               CrapetteOpponent    opponent,
                               CrapetteScoreStats *stats)
{
  g_autoptr(GVariant) table = NULL;
  g_autoptr(GVariant) counts = NULL;

  g_return_if_fail (CRAPETTE_IS_SCOREBOARD (self));
  g_return_if_fail (opponent < CRAPETTE_N_OPPONENTS);
  g_return_if_fail (stats != NULL);

  table = g_settings_get_value (self->settings, scores_key (variant));
  counts = g_variant_lookup_value (table, crapette_enum_to_nick (CRAPETTE_TYPE_OPPONENT, opponent),
                                   G_VARIANT_TYPE ("a{su}"));
  read_stats (counts, stats);
}

/* The average of the scores of the rounds won, rounded down; 0 with none won. */
guint
crapette_scoreboard_get_average_winning_score (const CrapetteScoreStats *stats)
{
  g_return_val_if_fail (stats != NULL, 0);

  return stats->rounds_won > 0 ? stats->total_winning_points / stats->rounds_won : 0;
}

typedef void (*UpdateFunc) (CrapetteScoreStats *stats,
                            gconstpointer       data);

/* Reads one opponent's counts, lets @update change them, and writes the whole
 * dictionary back with the other opponents' counts as they were. */
static void
update_stats (CrapetteScoreboard *self,
              CrapetteVariant     variant,
              CrapetteOpponent    opponent,
              UpdateFunc          update,
              gconstpointer       data)
{
  const char *key = crapette_enum_to_nick (CRAPETTE_TYPE_OPPONENT, opponent);
  g_autoptr(GVariant) table = g_settings_get_value (self->settings, scores_key (variant));
  g_autoptr(GVariant) counts = NULL;
  CrapetteScoreStats stats;
  GVariantBuilder builder;
  GVariantIter iter;
  const char *name;
  GVariant *value;
  int known;

  g_assert (key != NULL);
  counts = g_variant_lookup_value (table, key, G_VARIANT_TYPE ("a{su}"));
  read_stats (counts, &stats);
  update (&stats, data);

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{sa{su}}"));
  g_variant_iter_init (&iter, table);
  while (g_variant_iter_next (&iter, "{&s@a{su}}", &name, &value))
    {
      /* Counts kept under a name no opponent has (an edited value) are dropped. */
      if (strcmp (name, key) != 0 && crapette_enum_from_nick (CRAPETTE_TYPE_OPPONENT, name, &known))
        g_variant_builder_add (&builder, "{s@a{su}}", name, value);
      g_variant_unref (value);
    }
  g_variant_builder_add (&builder, "{s@a{su}}", key, write_stats (&stats));
  g_settings_set_value (self->settings, scores_key (variant), g_variant_builder_end (&builder));
}

static void
add_round_to_stats (CrapetteScoreStats *stats,
                    gconstpointer       data)
{
  const CrapetteRoundResult *result = data;

  stats->rounds_played++;
  if (result->outcome == CRAPETTE_OUTCOME_BLOCKED)
    stats->rounds_blocked++;
  if (result->winner == CRAPETTE_SOUTH && result->points > 0)
    {
      stats->rounds_won++;
      stats->total_winning_points += result->points;
      stats->best_winning_score = MAX (stats->best_winning_score, result->points);
    }
  else if (result->winner == CRAPETTE_NORTH && result->points > 0)
    stats->rounds_lost++;
  else
    stats->rounds_drawn++;
}

/* Counts a round of @match that has just ended with @result. */
void
crapette_scoreboard_add_round (CrapetteScoreboard        *self,
                               CrapetteMatch             *match,
                               const CrapetteRoundResult *result)
{
  g_return_if_fail (CRAPETTE_IS_SCOREBOARD (self));
  g_return_if_fail (CRAPETTE_IS_MATCH (match));
  g_return_if_fail (result != NULL);

  update_stats (self, crapette_match_get_variant (match), crapette_match_get_opponent (match),
                add_round_to_stats, result);
}

static void
add_match_to_stats (CrapetteScoreStats *stats,
                    gconstpointer       data)
{
  CrapetteSeat winner = GPOINTER_TO_UINT (data);

  stats->matches_played++;
  if (winner == CRAPETTE_SOUTH)
    {
      stats->matches_won++;
      stats->current_streak++;
      stats->longest_streak = MAX (stats->longest_streak, stats->current_streak);
    }
  else
    {
      if (winner == CRAPETTE_NORTH)
        stats->matches_lost++;
      else
        stats->matches_drawn++;
      stats->current_streak = 0;
    }
}

static const char *
name_or_seat (const char   *name,
              CrapetteSeat  seat)
{
  if (name != NULL && *name != '\0')
    return name;
  return seat == CRAPETTE_SOUTH ? _("South") : _("North");
}

/* Adds the result of two named people's match to their record against each other. */
static void
add_head_to_head (CrapetteScoreboard *self,
                  CrapetteMatch      *match)
{
  g_autoptr(GVariant) pairs = g_settings_get_value (self->settings, HEAD_TO_HEAD_KEY);
  const char *south = name_or_seat (crapette_match_get_player_name (match, CRAPETTE_SOUTH),
                                    CRAPETTE_SOUTH);
  const char *north = name_or_seat (crapette_match_get_player_name (match, CRAPETTE_NORTH),
                                    CRAPETTE_NORTH);
  CrapetteSeat winner = crapette_match_get_winner (match);
  gboolean south_first = g_utf8_collate (south, north) <= 0;
  const char *first = south_first ? south : north;
  const char *second = south_first ? north : south;
  guint32 wins[2] = { 0, 0 };
  guint32 draws = 0;
  GVariantBuilder builder;
  GVariantIter iter;
  const char *a, *b;
  guint32 a_wins, b_wins, pair_draws;
  guint kept = 0;

  /* The pair just played goes first, so the oldest pairs are the ones dropped. */
  g_variant_iter_init (&iter, pairs);
  while (g_variant_iter_next (&iter, "(&s&suuu)", &a, &b, &a_wins, &b_wins, &pair_draws))
    {
      if (strcmp (a, first) == 0 && strcmp (b, second) == 0)
        {
          wins[0] = a_wins;
          wins[1] = b_wins;
          draws = pair_draws;
        }
    }

  if (winner == CRAPETTE_NO_SEAT)
    draws++;
  else
    wins[(winner == CRAPETTE_SOUTH) == south_first ? 0 : 1]++;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a(ssuuu)"));
  g_variant_builder_add (&builder, "(ssuuu)", first, second, wins[0], wins[1], draws);
  kept++;
  g_variant_iter_init (&iter, pairs);
  while (g_variant_iter_next (&iter, "(&s&suuu)", &a, &b, &a_wins, &b_wins, &pair_draws))
    {
      if ((strcmp (a, first) == 0 && strcmp (b, second) == 0) || kept >= MAX_HEAD_TO_HEAD)
        continue;
      g_variant_builder_add (&builder, "(ssuuu)", a, b, a_wins, b_wins, pair_draws);
      kept++;
    }
  g_settings_set_value (self->settings, HEAD_TO_HEAD_KEY, g_variant_builder_end (&builder));
}

/* Counts @match, which has just ended: its result, the winning streak and,
 * for two people at one screen, their record against each other. */
void
crapette_scoreboard_add_match (CrapetteScoreboard *self,
                               CrapetteMatch      *match)
{
  g_return_if_fail (CRAPETTE_IS_SCOREBOARD (self));
  g_return_if_fail (CRAPETTE_IS_MATCH (match));
  g_return_if_fail (crapette_match_is_finished (match));

  update_stats (self, crapette_match_get_variant (match), crapette_match_get_opponent (match),
                add_match_to_stats, GUINT_TO_POINTER (crapette_match_get_winner (match)));
  if (crapette_match_get_opponent (match) == CRAPETTE_OPPONENT_TWO_PLAYERS)
    add_head_to_head (self, match);
}

static void
head_to_head_clear (CrapetteHeadToHead *pair)
{
  g_clear_pointer (&pair->names[0], g_free);
  g_clear_pointer (&pair->names[1], g_free);
}

/* Every pair of named players' record, the pair played most recently first. */
GArray *
crapette_scoreboard_list_head_to_head (CrapetteScoreboard *self)
{
  g_autoptr(GVariant) pairs = NULL;
  GArray *list;
  GVariantIter iter;
  const char *a, *b;
  guint32 a_wins, b_wins, draws;

  g_return_val_if_fail (CRAPETTE_IS_SCOREBOARD (self), NULL);

  list = g_array_new (FALSE, TRUE, sizeof (CrapetteHeadToHead));
  g_array_set_clear_func (list, (GDestroyNotify) head_to_head_clear);
  pairs = g_settings_get_value (self->settings, HEAD_TO_HEAD_KEY);
  g_variant_iter_init (&iter, pairs);
  while (g_variant_iter_next (&iter, "(&s&suuu)", &a, &b, &a_wins, &b_wins, &draws))
    {
      CrapetteHeadToHead pair = { { g_strdup (a), g_strdup (b) }, { a_wins, b_wins }, draws };

      g_array_append_val (list, pair);
    }
  return list;
}

/* Forgets every score: both games, every opponent and every pair of names. */
void
crapette_scoreboard_reset (CrapetteScoreboard *self)
{
  g_return_if_fail (CRAPETTE_IS_SCOREBOARD (self));

  g_settings_reset (self->settings, scores_key (CRAPETTE_VARIANT_RUSSIAN));
  g_settings_reset (self->settings, scores_key (CRAPETTE_VARIANT_AMERICAN));
  g_settings_reset (self->settings, HEAD_TO_HEAD_KEY);
}
