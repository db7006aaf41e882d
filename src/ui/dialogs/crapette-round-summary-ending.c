/* crapette-round-summary-ending.c: the round summary's words: who played, and why the round ended
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The players are named as everywhere else (crapette-player-names.c), with sentences of their
 * own for the person spoken to as "you". A round blocked by repetition says when its last
 * position came up, by the numbers of the moves the history lists.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "crapette-round-summary-private.h"

#include "crapette-locale.h"

/* The name of the player at @seat in @match, the same as everywhere else: its game's players
 * know who plays on another machine, so that the person at this screen is "You". */
const char *
crapette_summary_player_name (CrapetteMatch *match,
                              CrapetteSeat   seat)
{
  return crapette_player_names_get (crapette_game_get_players (crapette_match_get_game (match)),
                                    seat);
}

/* Whether @seat is the person spoken to as "you", whose sentences are written apart. */
gboolean
crapette_summary_is_you (CrapetteMatch *match,
                         CrapetteSeat   seat)
{
  return crapette_player_names_person (crapette_game_get_players (crapette_match_get_game (match)),
                                       seat) == CRAPETTE_PLAYER_YOU;
}

/* Who won @match, once it is over: "You win the match", "Anna wins the match", "The match is
 * drawn"; %NULL while it goes on. The summary says it, and so does the main window's message
 * line while the match's last round stays on the table. */
char *
crapette_round_summary_describe_match_result (CrapetteMatch *match)
{
  CrapetteSeat winner;

  g_return_val_if_fail (CRAPETTE_IS_MATCH (match), NULL);

  if (!crapette_match_is_finished (match))
    return NULL;
  winner = crapette_match_get_winner (match);
  if (winner < CRAPETTE_N_SEATS && crapette_summary_is_you (match, winner))
    return g_strdup (_("You win the match"));
  if (winner < CRAPETTE_N_SEATS)
    /* Translators: %s is the winner of the whole match. */
    return g_strdup_printf (_("%s wins the match"), crapette_summary_player_name (match, winner));
  return g_strdup (_("The match is drawn"));
}

/* "The position after move 41 came up again after moves 53 and 65.", or %NULL when the
 * round's moves do not show three times (a round read from an old save, say). */
char *
crapette_summary_describe_repetition (CrapetteMatch *match,
                                      guint          round_index)
{
  const CrapetteRound *round = crapette_match_get_finished_round (match, round_index);
  g_autoptr(GArray) occurrences = NULL;
  g_autofree char *second = NULL;
  g_autofree char *third = NULL;
  guint first;

  if (round == NULL)
    return NULL;
  occurrences = crapette_round_find_position_occurrences (round);
  if (occurrences->len < 3)
    return NULL;

  first = g_array_index (occurrences, guint, occurrences->len - 3);
  second = crapette_locale_format_number (g_array_index (occurrences, guint,
                                                         occurrences->len - 2));
  third = crapette_locale_format_number (g_array_index (occurrences, guint,
                                                        occurrences->len - 1));
  if (first == 0)
    /* Translators: a round blocked by repetition; %s are the numbers of moves as the move
     * history lists them. */
    return g_strdup_printf (_("The position at the start of the round came up again after "
                              "moves %s and %s."), second, third);
  else
    {
      g_autofree char *number = crapette_locale_format_number (first);

      /* Translators: a round blocked by repetition; each %s is the number of a move as the
       * move history lists it. */
      return g_strdup_printf (_("The position after move %s came up again after moves %s "
                                "and %s."), number, second, third);
    }
}

/* "Those turns began with move 41.", for a round blocked by passes or by the idle-turn rule,
 * or %NULL when they began with the round. */
char *
crapette_summary_describe_idle_stretch (CrapetteMatch *match,
                                        guint          round_index)
{
  const CrapetteRound *round = crapette_match_get_finished_round (match, round_index);
  g_autofree char *first = NULL;
  guint stretch;

  if (round == NULL)
    return NULL;
  stretch = crapette_round_find_idle_stretch (round);
  if (stretch == 0 || stretch >= crapette_round_get_n_moves (round))
    return NULL;
  first = crapette_locale_format_number (stretch + 1);
  /* Translators: a round blocked by passes or by turns without progress; %s is the number of
   * the move, as the move history lists it, with which those turns began. */
  return g_strdup_printf (_("Those turns began with move %s."), first);
}

/* What blocked the round, in a sentence, or nothing for a round won. */
static void
append_block_reason (GString                   *text,
                     CrapetteMatch             *match,
                     guint                      round_index,
                     const CrapetteRoundResult *result)
{
  if (result->block_reason == CRAPETTE_BLOCK_REPETITION)
    {
      g_autofree char *when = crapette_summary_describe_repetition (match, round_index);

      g_string_append (text, _("The same position came up for the third time."));
      if (when != NULL)
        g_string_append_printf (text, " %s", when);
    }
  else if (result->block_reason == CRAPETTE_BLOCK_PASSES)
    {
      g_autofree char *from = crapette_summary_describe_idle_stretch (match, round_index);

      g_string_append (text, _("Both players passed, one after the other."));
      if (from != NULL)
        g_string_append_printf (text, " %s", from);
    }
  else if (result->block_reason == CRAPETTE_BLOCK_IDLE_TURNS)
    {
      guint limit = crapette_match_get_rules (match)->idle_turn_limit;
      g_autofree char *turns = crapette_locale_format_number (limit);
      g_autofree char *from = crapette_summary_describe_idle_stretch (match, round_index);

      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                                 "%s turn went by without progress.",
                                                 "%s turns in a row went by without progress.",
                                                 limit),
                              turns);
      if (from != NULL)
        g_string_append_printf (text, " %s", from);
    }
}

/* Who scores for a blocked round, in a sentence. */
static void
append_blocked_score (GString                   *text,
                      CrapetteMatch             *match,
                      const CrapetteRoundResult *result)
{
  CrapetteVariant variant = crapette_match_get_variant (match);

  if (result->winner >= CRAPETTE_N_SEATS)
    g_string_append (text, _("The counts are equal, so nobody scores."));
  else if (crapette_summary_is_you (match, result->winner))
    g_string_append (text, variant == CRAPETTE_VARIANT_AMERICAN
                           ? _("You held fewer cards and win the round.")
                           : _("You have the lower count and score the difference."));
  else if (variant == CRAPETTE_VARIANT_AMERICAN)
    /* Translators: %s is the player who held fewer cards when the round was blocked. */
    g_string_append_printf (text, _("%s held fewer cards and wins the round."),
                            crapette_summary_player_name (match, result->winner));
  else
    /* Translators: %s is the player with the lower count when the round was blocked. */
    g_string_append_printf (text, _("%s has the lower count and scores the difference."),
                            crapette_summary_player_name (match, result->winner));
}

/* Why round @round_index of @match ended, in a sentence or two, and who scores. */
char *
crapette_summary_describe_ending (CrapetteMatch             *match,
                                  guint                      round_index,
                                  const CrapetteRoundResult *result)
{
  GString *text = g_string_new (NULL);

  if (result->outcome == CRAPETTE_OUTCOME_WON && result->winner < CRAPETTE_N_SEATS &&
      crapette_summary_is_you (match, result->winner))
    g_string_append (text, _("You got rid of every card."));
  else if (result->outcome == CRAPETTE_OUTCOME_WON && result->winner < CRAPETTE_N_SEATS)
    /* Translators: %s is the round's winner. */
    g_string_append_printf (text, _("%s got rid of every card."),
                            crapette_summary_player_name (match, result->winner));
  else
    append_block_reason (text, match, round_index, result);

  if (result->outcome == CRAPETTE_OUTCOME_BLOCKED)
    {
      if (text->len > 0)
        g_string_append_c (text, ' ');
      append_blocked_score (text, match, result);
    }
  return g_string_free (text, FALSE);
}
