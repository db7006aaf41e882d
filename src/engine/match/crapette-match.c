/* crapette-match.c: a match's state: its rounds, its running score, its result and its signals
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What follows from the match's variant, length and seed alone (the lengths allowed, when
 * the match is over, each round's deal) is in crapette-match-rules.c.
 */

#define G_LOG_DOMAIN "crapette-match"

#include "config.h"

#include "crapette-match.h"

#include <glib/gi18n-lib.h>

#include "crapette-match-private.h"
#include "crapette-match-record.h"

G_DEFINE_FINAL_TYPE (CrapetteMatch, crapette_match, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_SOUTH_SCORE,
  PROP_NORTH_SCORE,
  PROP_ROUND_NUMBER,
  PROP_ROUND_IN_PLAY,
  PROP_FINISHED,
  PROP_VARIANT,
  PROP_OPPONENT,
  N_PROPS
};

enum {
  ROUND_FINISHED,
  MATCH_FINISHED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
set_round_in_play (CrapetteMatch *self,
                   gboolean       round_in_play)
{
  if (self->round_in_play == round_in_play)
    return;
  self->round_in_play = round_in_play;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ROUND_IN_PLAY]);
}

/* Adds a round that has just ended to the match; returns whether the match is over. */
static gboolean
account_round (CrapetteMatch       *self,
               const CrapetteRound *round,
               CrapetteRoundResult *result)
{
  crapette_position_score (crapette_round_get_position (round), result);
  g_ptr_array_add (self->finished_rounds, crapette_round_copy (round));

  if (result->winner < CRAPETTE_N_SEATS && result->points > 0)
    {
      self->score[result->winner] += result->points;
      g_object_notify_by_pspec (G_OBJECT (self),
                                properties[result->winner == CRAPETTE_SOUTH ? PROP_SOUTH_SCORE
                                                                            : PROP_NORTH_SCORE]);
    }

  self->finished = crapette_match_decide (self->variant, self->length, self->score,
                                         self->finished_rounds->len, &self->winner);
  return self->finished;
}

static void
on_round_finished_cb (CrapetteGame        *game,
                      CrapetteRoundResult *game_result,
                      CrapetteMatch       *self)
{
  CrapetteRoundResult result;
  gboolean over;

  if (!self->round_in_play)
    return;

  g_object_freeze_notify (G_OBJECT (self));
  over = account_round (self, crapette_game_get_round (game), &result);
  set_round_in_play (self, FALSE);
  if (over)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FINISHED]);
  g_object_thaw_notify (G_OBJECT (self));

  g_signal_emit (self, signals[ROUND_FINISHED], 0, self->finished_rounds->len - 1, &result);
  if (over)
    g_signal_emit (self, signals[MATCH_FINISHED], 0, (guint) self->winner);
}

/* A round the match did not deal has replaced ours: stop keeping score for it. */
static void
on_round_started_cb (CrapetteGame  *game,
                     CrapetteMatch *self)
{
  if (!self->dealing)
    set_round_in_play (self, FALSE);
}

static void
crapette_match_dispose (GObject *object)
{
  CrapetteMatch *self = (CrapetteMatch *) object;

  if (self->game != NULL)
    {
      g_clear_signal_handler (&self->round_finished_id, self->game);
      g_clear_signal_handler (&self->round_started_id, self->game);
    }
  g_clear_object (&self->game);

  G_OBJECT_CLASS (crapette_match_parent_class)->dispose (object);
}

static void
crapette_match_finalize (GObject *object)
{
  CrapetteMatch *self = (CrapetteMatch *) object;

  g_clear_pointer (&self->finished_rounds, g_ptr_array_unref);
  g_clear_pointer (&self->names[CRAPETTE_SOUTH], g_free);
  g_clear_pointer (&self->names[CRAPETTE_NORTH], g_free);
  g_clear_pointer (&self->note, g_free);

  G_OBJECT_CLASS (crapette_match_parent_class)->finalize (object);
}

static void
crapette_match_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  CrapetteMatch *self = CRAPETTE_MATCH (object);

  switch (prop_id)
    {
    case PROP_SOUTH_SCORE:
      g_value_set_uint (value, self->score[CRAPETTE_SOUTH]);
      break;
    case PROP_NORTH_SCORE:
      g_value_set_uint (value, self->score[CRAPETTE_NORTH]);
      break;
    case PROP_ROUND_NUMBER:
      g_value_set_uint (value, crapette_match_get_round_number (self));
      break;
    case PROP_ROUND_IN_PLAY:
      g_value_set_boolean (value, self->round_in_play);
      break;
    case PROP_FINISHED:
      g_value_set_boolean (value, self->finished);
      break;
    case PROP_VARIANT:
      g_value_set_enum (value, self->variant);
      break;
    case PROP_OPPONENT:
      g_value_set_enum (value, self->opponent);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_match_class_init (CrapetteMatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = crapette_match_dispose;
  object_class->finalize = crapette_match_finalize;
  object_class->get_property = crapette_match_get_property;

  properties[PROP_SOUTH_SCORE] =
    g_param_spec_uint ("south-score", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NORTH_SCORE] =
    g_param_spec_uint ("north-score", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ROUND_NUMBER] =
    g_param_spec_uint ("round-number", NULL, NULL, 0, CRAPETTE_MATCH_MAX_ROUNDS, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ROUND_IN_PLAY] =
    g_param_spec_boolean ("round-in-play", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FINISHED] =
    g_param_spec_boolean ("finished", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The game the match is played at, fixed when the match is made. */
  properties[PROP_VARIANT] =
    g_param_spec_enum ("variant", NULL, NULL, CRAPETTE_TYPE_VARIANT, CRAPETTE_VARIANT_RUSSIAN,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_OPPONENT] =
    g_param_spec_enum ("opponent", NULL, NULL, CRAPETTE_TYPE_OPPONENT,
                       CRAPETTE_OPPONENT_TWO_PLAYERS,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CrapetteMatch::round-finished:
   * @index: the round's index in the match, from 0
   * @result: who won the round, why, and the points scored
   *
   * A round of the match has ended and its points are in the score.
   */
  signals[ROUND_FINISHED] =
    g_signal_new ("round-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT,
                  CRAPETTE_TYPE_ROUND_RESULT | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * CrapetteMatch::match-finished:
   * @winner: the #CrapetteSeat that won, or %CRAPETTE_NO_SEAT for a drawn match
   *
   * Emitted after #CrapetteMatch::round-finished for the round that ends the match.
   */
  signals[MATCH_FINISHED] =
    g_signal_new ("match-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, CRAPETTE_TYPE_SEAT);
}

static void
crapette_match_init (CrapetteMatch *self)
{
  self->finished_rounds = g_ptr_array_new_with_free_func ((GDestroyNotify) crapette_round_free);
  self->winner = CRAPETTE_NO_SEAT;
  self->resigned = CRAPETTE_NO_SEAT;
  self->opponent = CRAPETTE_OPPONENT_TWO_PLAYERS;
  self->names[CRAPETTE_SOUTH] = g_strdup ("");
  self->names[CRAPETTE_NORTH] = g_strdup ("");
}

/* A new match to be played on @game; nothing is dealt until
 * crapette_match_deal_next_round(). @seed fixes every deal of the match, the
 * first round being deal number @seed. */
CrapetteMatch *
crapette_match_new (CrapetteGame        *game,
                    CrapetteVariant      variant,
                    const CrapetteRules *rules,
                    guint                length,
                    guint64              seed)
{
  CrapetteMatch *self;

  g_return_val_if_fail (CRAPETTE_IS_GAME (game), NULL);
  g_return_val_if_fail (variant < CRAPETTE_N_VARIANTS, NULL);
  g_return_val_if_fail (rules != NULL && crapette_rules_validate (rules, NULL), NULL);
  g_return_val_if_fail (crapette_match_length_is_valid (variant, length), NULL);

  self = g_object_new (CRAPETTE_TYPE_MATCH, NULL);
  self->game = g_object_ref (game);
  self->variant = variant;
  self->rules = *rules;
  self->length = length;
  self->seed = seed;
  /* The game names the players as this match does, two people until told otherwise. */
  crapette_game_set_players (game, self->opponent, "", "");
  self->round_finished_id = g_signal_connect (game, "round-finished",
                                              G_CALLBACK (on_round_finished_cb), self);
  self->round_started_id = g_signal_connect (game, "round-started",
                                             G_CALLBACK (on_round_started_cb), self);
  return self;
}

/* The game the rounds of the match are played on. */
CrapetteGame *
crapette_match_get_game (CrapetteMatch *self)
{
  g_return_val_if_fail (CRAPETTE_IS_MATCH (self), NULL);

  return self->game;
}

/* The variant every round of the match plays. */
CrapetteVariant
crapette_match_get_variant (CrapetteMatch *self)
{
  g_return_val_if_fail (CRAPETTE_IS_MATCH (self), CRAPETTE_VARIANT_RUSSIAN);

  return self->variant;
}

/* The rule options every round of the match plays by. */
const CrapetteRules *
crapette_match_get_rules (CrapetteMatch *self)
{
  g_return_val_if_fail (CRAPETTE_IS_MATCH (self), NULL);

  return &self->rules;
}

/* The target score (Russian Bank) or the "best of" (American Bank). */
guint
crapette_match_get_length (CrapetteMatch *self)
{
  g_return_val_if_fail (CRAPETTE_IS_MATCH (self), 0);

  return self->length;
}

/* The number every deal of the match comes from; it is the first round's deal. */
guint64
crapette_match_get_seed (CrapetteMatch *self)
{
  g_return_val_if_fail (CRAPETTE_IS_MATCH (self), 0);

  return self->seed;
}

/* Records who plays: who is North's @opponent, and the names, which may be empty. */
void
crapette_match_set_players (CrapetteMatch    *self,
                            CrapetteOpponent  opponent,
                            const char       *south_name,
                            const char       *north_name)
{
  g_return_if_fail (CRAPETTE_IS_MATCH (self));
  g_return_if_fail (opponent < CRAPETTE_N_OPPONENTS);

  if (self->opponent != opponent)
    {
      self->opponent = opponent;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OPPONENT]);
    }
  g_free (self->names[CRAPETTE_SOUTH]);
  self->names[CRAPETTE_SOUTH] = g_strdup (south_name != NULL ? south_name : "");
  g_free (self->names[CRAPETTE_NORTH]);
  self->names[CRAPETTE_NORTH] = g_strdup (north_name != NULL ? north_name : "");
  crapette_game_set_players (self->game, opponent, south_name, north_name);
}

/* Who plays North: the computer at one of its levels, or a second person. */
CrapetteOpponent
crapette_match_get_opponent (CrapetteMatch *self)
{
  g_return_val_if_fail (CRAPETTE_IS_MATCH (self), CRAPETTE_OPPONENT_TWO_PLAYERS);

  return self->opponent;
}

/* The name of the player at @seat, "" when none was given. */
const char *
crapette_match_get_player_name (CrapetteMatch *self,
                                CrapetteSeat   seat)
{
  g_return_val_if_fail (CRAPETTE_IS_MATCH (self), NULL);
  g_return_val_if_fail (seat < CRAPETTE_N_SEATS, NULL);

  return self->names[seat];
}

static void
deal_round (CrapetteMatch *self,
            guint          index)
{
  self->dealing = TRUE;
  crapette_game_deal (self->game, self->variant, &self->rules,
                      crapette_match_get_deal_number (self, index), index);
  self->dealing = FALSE;
}

/* Deals the next round into the game. Returns %FALSE, and does nothing, when
 * the match is over or a round is still being played. */
gboolean
crapette_match_deal_next_round (CrapetteMatch *self)
{
  g_return_val_if_fail (CRAPETTE_IS_MATCH (self), FALSE);

  if (self->finished || self->round_in_play)
    return FALSE;

  g_object_freeze_notify (G_OBJECT (self));
  deal_round (self, self->finished_rounds->len);
  set_round_in_play (self, TRUE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ROUND_NUMBER]);
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

/* Starts the round in play again from its deal, for "Replay this deal". */
void
crapette_match_replay_round (CrapetteMatch *self)
{
  g_return_if_fail (CRAPETTE_IS_MATCH (self));

  if (!self->round_in_play)
    return;
  deal_round (self, self->finished_rounds->len);
}

/* The round being played or last played, from 1; 0 before the first deal. */
guint
crapette_match_get_round_number (CrapetteMatch *self)
{
  g_return_val_if_fail (CRAPETTE_IS_MATCH (self), 0);

  return self->finished_rounds->len + (self->round_in_play ? 1 : 0);
}

/* How many rounds of the match are over. */
guint
crapette_match_get_n_finished_rounds (CrapetteMatch *self)
{
  g_return_val_if_fail (CRAPETTE_IS_MATCH (self), 0);

  return self->finished_rounds->len;
}

/* Finished round @index, with its start and every move, for records. */
const CrapetteRound *
crapette_match_get_finished_round (CrapetteMatch *self,
                                   guint          index)
{
  g_return_val_if_fail (CRAPETTE_IS_MATCH (self), NULL);
  g_return_val_if_fail (index < self->finished_rounds->len, NULL);

  return g_ptr_array_index (self->finished_rounds, index);
}

/* Fills @result with how finished round @index ended; %FALSE if it is not over. */
gboolean
crapette_match_get_round_result (CrapetteMatch       *self,
                                 guint                index,
                                 CrapetteRoundResult *result)
{
  g_return_val_if_fail (CRAPETTE_IS_MATCH (self), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  if (index >= self->finished_rounds->len)
    return FALSE;
  crapette_position_score (crapette_round_get_position (g_ptr_array_index (self->finished_rounds,
                                                                           index)), result);
  return TRUE;
}

/* Whether the game holds a round of this match that is still being played. */
gboolean
crapette_match_is_round_in_play (CrapetteMatch *self)
{
  g_return_val_if_fail (CRAPETTE_IS_MATCH (self), FALSE);

  return self->round_in_play;
}

/* The points (Russian Bank) or rounds won (American Bank) of @seat so far. */
guint
crapette_match_get_score (CrapetteMatch *self,
                          CrapetteSeat   seat)
{
  g_return_val_if_fail (CRAPETTE_IS_MATCH (self), 0);
  g_return_val_if_fail (seat < CRAPETTE_N_SEATS, 0);

  return self->score[seat];
}

/* Whether the match is over. */
gboolean
crapette_match_is_finished (CrapetteMatch *self)
{
  g_return_val_if_fail (CRAPETTE_IS_MATCH (self), FALSE);

  return self->finished;
}

/* The winner of a finished match, %CRAPETTE_NO_SEAT while it goes on or when drawn. */
CrapetteSeat
crapette_match_get_winner (CrapetteMatch *self)
{
  g_return_val_if_fail (CRAPETTE_IS_MATCH (self), CRAPETTE_NO_SEAT);

  return self->winner;
}

/* Every move played in the match so far, the round in play included. */
guint
crapette_match_count_moves (CrapetteMatch *self)
{
  guint n_moves = 0;

  g_return_val_if_fail (CRAPETTE_IS_MATCH (self), 0);

  for (guint i = 0; i < self->finished_rounds->len; i++)
    n_moves += crapette_round_get_n_moves (g_ptr_array_index (self->finished_rounds, i));
  if (self->round_in_play)
    n_moves += crapette_round_get_n_moves (crapette_game_get_round (self->game));
  return n_moves;
}

/* Adds @round, read from a record, as the next round of the match. A round
 * over counts in the score; the last round of the record is also put on the
 * game's table, to be played on or to show how it ended. */
gboolean
crapette_match_restore_round (CrapetteMatch        *self,
                              const CrapetteRound  *round,
                              gboolean              is_last,
                              GError              **error)
{
  const CrapettePosition *position = crapette_round_get_position (round);
  guint index = self->finished_rounds->len;
  CrapetteRoundResult result;

  if (self->finished || self->round_in_play)
    {
      g_set_error (error, CRAPETTE_MATCH_RECORD_ERROR,
                   CRAPETTE_MATCH_RECORD_ERROR_INVALID,
                   _("Round %u comes after the end of the match"), index + 1);
      return FALSE;
    }
  if (position->variant != self->variant ||
      crapette_round_get_start (round)->round_index != MIN (index, G_MAXUINT8))
    {
      g_set_error (error, CRAPETTE_MATCH_RECORD_ERROR,
                   CRAPETTE_MATCH_RECORD_ERROR_INVALID,
                   _("Round %u does not belong to this match"), index + 1);
      return FALSE;
    }

  if (position->outcome != CRAPETTE_OUTCOME_PLAYING)
    account_round (self, round, &result);
  if (is_last)
    {
      self->dealing = TRUE;
      crapette_game_load_round (self->game, round);
      self->dealing = FALSE;
      set_round_in_play (self, position->outcome == CRAPETTE_OUTCOME_PLAYING);
    }
  else if (position->outcome == CRAPETTE_OUTCOME_PLAYING)
    {
      g_set_error (error, CRAPETTE_MATCH_RECORD_ERROR,
                   CRAPETTE_MATCH_RECORD_ERROR_INVALID,
                   _("Round %u was left unfinished, yet another round follows it"), index + 1);
      return FALSE;
    }
  return TRUE;
}

/* At the end of a round dealt hidden, its whole deal (crapette_round_show_deal()): the
 * finished round @index becomes a plain round, which the record writes out card by card. */
gboolean
crapette_match_show_deal (CrapetteMatch       *self,
                          guint                index,
                          const CrapetteCard  *deck,
                          GError             **error)
{
  g_return_val_if_fail (CRAPETTE_IS_MATCH (self), FALSE);
  g_return_val_if_fail (index < self->finished_rounds->len, FALSE);

  return crapette_round_show_deal (g_ptr_array_index (self->finished_rounds, index), deck, error);
}

/* A line the match record keeps in its header as a comment, such as why a network match
 * ended and what gave a cheat away; control characters become spaces. %NULL for none. */
void
crapette_match_set_note (CrapetteMatch *self,
                         const char    *note)
{
  g_return_if_fail (CRAPETTE_IS_MATCH (self));

  g_free (self->note);
  self->note = note != NULL ? g_utf8_make_valid (note, -1) : NULL;
  for (char *p = self->note; p != NULL && *p != '\0'; p++)
    if ((guchar) *p < 0x20 || *p == 0x7f)
      *p = ' ';
}

const char *
crapette_match_get_note (CrapetteMatch *self)
{
  g_return_val_if_fail (CRAPETTE_IS_MATCH (self), NULL);

  return self->note;
}

/* @seat gave the match up (a network match's resignation, docs/network.md): the record says
 * so (docs/notation.md, "Matches"), so a saved or exported match shows who resigned and in
 * which round. The score and the rounds stay as they were played. */
void
crapette_match_resign (CrapetteMatch *self,
                       CrapetteSeat   seat)
{
  g_return_if_fail (CRAPETTE_IS_MATCH (self));
  g_return_if_fail (seat == CRAPETTE_SOUTH || seat == CRAPETTE_NORTH);

  if (self->resigned == CRAPETTE_NO_SEAT)
    self->resigned = seat;
}

/* Who resigned the match, %CRAPETTE_NO_SEAT if nobody did. */
CrapetteSeat
crapette_match_get_resigned (CrapetteMatch *self)
{
  g_return_val_if_fail (CRAPETTE_IS_MATCH (self), CRAPETTE_NO_SEAT);

  return self->resigned;
}
