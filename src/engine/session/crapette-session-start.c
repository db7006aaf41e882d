/* crapette-session-start.c: which match the session plays: new ones as the preferences say,
 * the next round, the same deal again, and matches opened from files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A match keeps the game, the opponent, the length and the rules it was started with; a
 * change in the preferences applies from the next new match, and
 * crapette_session_settings_differ() says when there is one to offer.
 */

#define G_LOG_DOMAIN "crapette-session"

#include "config.h"

#include "crapette-session.h"

#include <glib/gi18n-lib.h>

#include "crapette-match-record.h"
#include "crapette-rules.h"
#include "crapette-record-file.h"
#include "crapette-session-private.h"

/* Deal numbers small enough to read out or type in when sharing a deal. */
#define MAX_DEAL_NUMBER 1000000

/* ---- The preferences a match starts with ----------------------------------- */

static void
read_rules (CrapetteSession *self,
            CrapetteRules   *rules)
{
  if (self->settings != NULL)
    crapette_rules_init_from_settings (rules, self->settings);
  else
    crapette_rules_init_default (rules);
}

static guint
read_match_length (CrapetteSession *self,
                   CrapetteVariant  variant)
{
  guint length = variant == CRAPETTE_VARIANT_AMERICAN ? 3 : 300;

  if (self->settings != NULL)
    {
      guint chosen = (guint) g_settings_get_enum (self->settings,
                                                  variant == CRAPETTE_VARIANT_AMERICAN
                                                  ? "american-match-length"
                                                  : "russian-match-target");

      if (crapette_match_length_is_valid (variant, chosen))
        length = chosen;
    }
  return length;
}

static char *
read_name (CrapetteSession *self,
           const char      *key)
{
  return self->settings != NULL ? g_settings_get_string (self->settings, key) : g_strdup ("");
}

/* Returns a deal number short enough to read out. */
guint64
crapette_session_fresh_deal_number (void)
{
  return (guint64) g_random_int_range (1, MAX_DEAL_NUMBER);
}

/* Returns the game chosen in the preferences; Russian Bank when nothing is remembered. */
CrapetteVariant
crapette_session_get_chosen_variant (CrapetteSession *self)
{
  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), CRAPETTE_VARIANT_RUSSIAN);

  return self->settings != NULL &&
         g_settings_get_enum (self->settings, "variant") == CRAPETTE_VARIANT_AMERICAN
         ? CRAPETTE_VARIANT_AMERICAN : CRAPETTE_VARIANT_RUSSIAN;
}

/* Chooses who plays North in the next new match. */
void
crapette_session_set_opponent (CrapetteSession  *self,
                               CrapetteOpponent  opponent)
{
  g_return_if_fail (CRAPETTE_IS_SESSION (self));
  g_return_if_fail (opponent < CRAPETTE_N_OPPONENTS);

  crapette_session_take_opponent (self, opponent);
}

/* Returns who plays North in the next new match. */
CrapetteOpponent
crapette_session_get_opponent (CrapetteSession *self)
{
  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), CRAPETTE_OPPONENT_TWO_PLAYERS);

  return self->opponent;
}

/* Whether the match in play was started with other preferences than those set now. */
gboolean
crapette_session_settings_differ (CrapetteSession *self)
{
  CrapetteRules rules;
  const CrapetteRules *played;
  CrapetteVariant variant;

  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), FALSE);

  if (self->settings == NULL || self->match == NULL)
    return FALSE;

  if (g_settings_get_enum (self->settings, "opponent") !=
      (int) crapette_match_get_opponent (self->match))
    return TRUE;

  variant = crapette_session_get_chosen_variant (self);
  read_rules (self, &rules);
  played = crapette_match_get_rules (self->match);
  return variant != crapette_match_get_variant (self->match) ||
         read_match_length (self, variant) != crapette_match_get_length (self->match) ||
         rules.reserve_size != played->reserve_size ||
         rules.first_player != played->first_player ||
         rules.idle_turn_limit != played->idle_turn_limit;
}

/* Whether a person would lose something if the match in play were dropped now. */
gboolean
crapette_session_game_in_progress (CrapetteSession *self)
{
  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), FALSE);

  return self->match != NULL && !crapette_match_is_finished (self->match) &&
         crapette_match_count_moves (self->match) > 0;
}

/* ---- Starting a match ------------------------------------------------------ */

/* Starts a new match of @variant against the opponent set, its first round deal @deal_number,
 * with the rules, the length and the names of the preferences. */
void
crapette_session_new_match (CrapetteSession *self,
                            CrapetteVariant  variant,
                            guint64          deal_number)
{
  g_autoptr(CrapetteMatch) match = NULL;
  g_autofree char *south_name = NULL;
  g_autofree char *north_name = NULL;
  CrapetteRules rules;

  g_return_if_fail (CRAPETTE_IS_SESSION (self));
  g_return_if_fail (variant < CRAPETTE_N_VARIANTS);

  south_name = read_name (self, "south-name");
  north_name = read_name (self, "north-name");
  read_rules (self, &rules);
  match = crapette_match_new (self->game, variant, &rules, read_match_length (self, variant),
                              deal_number);
  crapette_match_set_players (match, self->opponent, south_name, north_name);
  /* A match of this screen's own: a friend on another machine has no seat in it. */
  crapette_session_set_remote_seat (self, CRAPETTE_NO_SEAT);
  crapette_session_adopt_match (self, match, CRAPETTE_MATCH_START_NEW);
}

/* Starts a new match of the game and against the opponent the preferences name. */
void
crapette_session_new_match_from_settings (CrapetteSession *self)
{
  g_return_if_fail (CRAPETTE_IS_SESSION (self));

  if (self->settings != NULL)
    crapette_session_take_opponent (self, g_settings_get_enum (self->settings, "opponent"));
  crapette_session_new_match (self, crapette_session_get_chosen_variant (self),
                              crapette_session_fresh_deal_number ());
}

/* Remembers @variant and @opponent in the preferences, for the next new match and the next
 * start, and starts a new match of them. */
void
crapette_session_start_chosen (CrapetteSession  *self,
                               CrapetteVariant   variant,
                               CrapetteOpponent  opponent)
{
  g_return_if_fail (CRAPETTE_IS_SESSION (self));
  g_return_if_fail (variant < CRAPETTE_N_VARIANTS);
  g_return_if_fail (opponent < CRAPETTE_N_OPPONENTS);

  if (self->settings != NULL)
    {
      g_settings_set_enum (self->settings, "variant", (int) variant);
      g_settings_set_enum (self->settings, "opponent", (int) opponent);
    }
  crapette_session_take_opponent (self, opponent);
  crapette_session_new_match (self, variant, crapette_session_fresh_deal_number ());
}

/* Deals the next round of the match, or starts a new match of the same game when it is over;
 * %FALSE, with nothing dealt, while the round is still being played. */
gboolean
crapette_session_next_round (CrapetteSession *self)
{
  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), FALSE);

  if (self->match == NULL || crapette_match_is_finished (self->match))
    {
      crapette_session_new_match (self, crapette_game_get_variant (self->game),
                                  crapette_session_fresh_deal_number ());
      return TRUE;
    }
  if (!crapette_match_deal_next_round (self->match))
    return FALSE;
  crapette_session_save (self);
  return TRUE;
}

/* Deals the round in play again from its start, giving up its moves; %FALSE when no round
 * of the match is in play. */
gboolean
crapette_session_replay_deal (CrapetteSession *self)
{
  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), FALSE);

  if (self->match == NULL || !crapette_match_is_round_in_play (self->match))
    return FALSE;
  crapette_match_replay_round (self->match);
  crapette_session_save (self);
  return TRUE;
}

/* ---- Opening a match ------------------------------------------------------- */

/* A round of a network match dealt hidden and not over cannot be played on from a file: its
 * cards nobody has seen can only be turned up by the two programs that dealt it (its own copy
 * takes it up from the saved game, crapette_session_resume()). Read on a table of its own, so
 * that the one in play is untouched when it is refused. */
static gboolean
can_play_on (const char  *text,
             gssize       length,
             GError     **error)
{
  g_autoptr(CrapetteGame) table = crapette_game_new ();
  g_autoptr(CrapetteMatch) match = crapette_match_new_from_record (table, text, length, error);

  if (match == NULL)
    return FALSE;
  if (crapette_match_is_round_in_play (match) &&
      crapette_position_holds_stand_ins (crapette_round_get_start (crapette_game_get_round (table))))
    {
      g_set_error_literal (error, CRAPETTE_MATCH_RECORD_ERROR, CRAPETTE_MATCH_RECORD_ERROR_INVALID,
                           _("This network match hides its cards face down from both players; "
                             "it can only be played on with your friend"));
      return FALSE;
    }
  return TRUE;
}

/* Plays on from the match record @text (@length bytes, or -1 up to its NUL); %FALSE, with
 * @error set and the match in play untouched, if it does not read. */
gboolean
crapette_session_open_record (CrapetteSession  *self,
                              const char       *text,
                              gssize            length,
                              GError          **error)
{
  g_autoptr(CrapetteMatch) match = NULL;

  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), FALSE);
  g_return_val_if_fail (text != NULL || length == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!can_play_on (text, length, error))
    return FALSE;
  match = crapette_match_new_from_record (self->game, text, length, error);
  if (match == NULL)
    return FALSE;
  crapette_session_set_remote_seat (self, CRAPETTE_NO_SEAT);
  crapette_session_adopt_match (self, match, CRAPETTE_MATCH_START_OPENED);
  return TRUE;
}

/* Plays on from the match record in @file; %FALSE, with @error set and the match in play
 * untouched, if it cannot be read. Only a regular file is read, and no more of it than a
 * record can hold (crapette-record-file.c); this reads on the calling thread, so the window
 * reads in a worker first and hands the text to crapette_session_open_record(). */
gboolean
crapette_session_open_file (CrapetteSession  *self,
                            GFile            *file,
                            GError          **error)
{
  g_autofree char *text = NULL;
  gsize length;

  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  text = crapette_record_file_read (file, &length, NULL, error);
  if (text == NULL)
    return FALSE;
  return crapette_session_open_record (self, text, (gssize) length, error);
}
