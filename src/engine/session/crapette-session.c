/* crapette-session.c: the session object: its match, its seats, its scores and its saved game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The session follows its game and its match rather than being told: whoever plays a move
 * (the table, the computer, a test), the game's "move-applied" makes the session save, and
 * the match's "round-finished" makes it keep the score, so no caller can forget either. It
 * emits its own signals only after its work is done, so a window that shows a round's result
 * finds the scoreboard and the save already up to date. Starting matches lives in
 * crapette-session-start.c, playing and hints in crapette-session-play.c.
 */

#define G_LOG_DOMAIN "crapette-session"

#include "config.h"

#include "crapette-session.h"

#include <glib/gi18n-lib.h>

#include "crapette-enums.h"
#include "crapette-names.h"
#include "crapette-savegame.h"
#include "crapette-session-private.h"

G_DEFINE_FINAL_TYPE (CrapetteSession, crapette_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_GAME,
  PROP_MATCH,
  PROP_OPPONENT,
  PROP_COMPUTER_SEAT,
  PROP_COMPUTER_PLAYER,
  PROP_COMPUTER_MISTAKES,
  PROP_PERSISTENT,
  N_PROPS
};

enum {
  MATCH_STARTED,
  ROUND_FINISHED,
  MATCH_FINISHED,
  SAVE_FAILED,
  SAVE_RECOVERED,
  SAVE_SET_ASIDE,
  SAVE_WRITER_GONE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* ---- The match's and the game's signals ------------------------------------ */

static void
on_match_round_finished_cb (CrapetteMatch       *match,
                            guint                index,
                            CrapetteRoundResult *result,
                            CrapetteSession     *self)
{
  if (self->scoreboard != NULL)
    crapette_scoreboard_add_round (self->scoreboard, match, result);
  crapette_session_save (self);
  g_signal_emit (self, signals[ROUND_FINISHED], 0, index, result);
}

static void
on_match_finished_cb (CrapetteMatch   *match,
                      CrapetteSeat     winner,
                      CrapetteSession *self)
{
  if (self->scoreboard != NULL)
    crapette_scoreboard_add_match (self->scoreboard, match);
  g_signal_emit (self, signals[MATCH_FINISHED], 0, winner);
}

/* A move played or taken back: a hint asked for before it is stale, and the saved game
 * must hold the match as it now stands. */
static void
on_moves_changed_cb (CrapetteSession *self)
{
  crapette_session_cancel_hint (self);
  crapette_session_save (self);
}

/* ---- Adopting a match ------------------------------------------------------ */

/* Tells the computer player whether to make mistakes on purpose, as the person chose; the
 * player asks before each move, so a change reaches it from its next move. */
static void
apply_computer_mistakes (CrapetteSession *self)
{
  if (self->computer_player == NULL)
    return;
  switch (self->computer_mistakes)
    {
    case CRAPETTE_COMPUTER_MISTAKES_ALWAYS:
      crapette_player_set_makes_mistakes (self->computer_player, TRUE);
      break;
    case CRAPETTE_COMPUTER_MISTAKES_NEVER:
      crapette_player_set_makes_mistakes (self->computer_player, FALSE);
      break;
    case CRAPETTE_COMPUTER_MISTAKES_BY_LEVEL:
    default:
      crapette_player_set_makes_mistakes (self->computer_player,
                                          crapette_player_level_makes_mistakes (self->computer_player));
      break;
    }
}

static void
set_computer_mistakes (CrapetteSession          *self,
                       CrapetteComputerMistakes  computer_mistakes)
{
  if (self->computer_mistakes == computer_mistakes)
    return;
  self->computer_mistakes = computer_mistakes;
  apply_computer_mistakes (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPUTER_MISTAKES]);
}

/* Makes a computer player of its own for the match's opponent (a new one each match, so each
 * match's play is fresh), or none when two people play. */
static void
seat_players (CrapetteSession *self)
{
  const char *kind = crapette_opponent_player_kind (crapette_match_get_opponent (self->match));
  CrapetteSeat seat = kind != NULL ? CRAPETTE_NORTH : CRAPETTE_NO_SEAT;
  g_autoptr(CrapettePlayer) player = NULL;
  g_autoptr(GError) error = NULL;

  if (kind != NULL)
    {
      player = crapette_player_new (kind, g_random_int (), &error);
      /* The kinds come from the engine's own table, so this is a programmer's error. */
      if (player == NULL)
        {
          g_warning ("No computer player of the kind “%s”: %s", kind, error->message);
          seat = CRAPETTE_NO_SEAT;
        }
    }

  if (self->computer_seat != seat)
    {
      self->computer_seat = seat;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPUTER_SEAT]);
    }
  if (g_set_object (&self->computer_player, player))
    {
      apply_computer_mistakes (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPUTER_PLAYER]);
    }
}

void
crapette_session_take_opponent (CrapetteSession  *self,
                                CrapetteOpponent  opponent)
{
  if (self->opponent == opponent)
    return;
  self->opponent = opponent;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OPPONENT]);
}

void
crapette_session_adopt_match (CrapetteSession    *self,
                              CrapetteMatch      *match,
                              CrapetteMatchStart  how)
{
  g_assert (crapette_match_get_game (match) == self->game);

  crapette_session_cancel_hint (self);
  /* The notifications wait until the round is on the table, so nobody looks at the new
   * seats with the old round. */
  g_object_freeze_notify (G_OBJECT (self));
  if (self->match != NULL)
    g_signal_handlers_disconnect_by_data (self->match, self);
  g_set_object (&self->match, match);
  g_signal_connect_object (match, "round-finished", G_CALLBACK (on_match_round_finished_cb),
                           self, 0);
  g_signal_connect_object (match, "match-finished", G_CALLBACK (on_match_finished_cb), self, 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MATCH]);

  if (how != CRAPETTE_MATCH_START_NEW)
    crapette_session_take_opponent (self, crapette_match_get_opponent (match));
  seat_players (self);
  if (how == CRAPETTE_MATCH_START_NEW)
    crapette_match_deal_next_round (match);
  g_object_thaw_notify (G_OBJECT (self));

  if (how != CRAPETTE_MATCH_START_RESUMED)
    crapette_session_save (self);
  crapette_session_drop_call (self);
  g_signal_emit (self, signals[MATCH_STARTED], 0, match, how);
}

/* ---- The saved game -------------------------------------------------------- */

static void
on_save_failed_cb (CrapetteSaveWriter *writer,
                   const GError       *error,
                   const char         *details,
                   CrapetteSession    *self)
{
  g_signal_emit (self, signals[SAVE_FAILED], 0, error, details);
}

static void
on_save_recovered_cb (CrapetteSaveWriter *writer,
                      CrapetteSession    *self)
{
  g_signal_emit (self, signals[SAVE_RECOVERED], 0);
}

/* Makes the session the one writer of the saved game, or, when another copy of the game
 * holds it, one that saves nothing and says so. Called before the save is read, so that the
 * save read is the one this session goes on writing. */
static void
start_saving (CrapetteSession *self)
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;

  if (self->writer != NULL)
    return;

  path = crapette_savegame_get_path ();
  self->writer = crapette_save_writer_new (path);
  g_signal_connect_object (self->writer, "save-failed", G_CALLBACK (on_save_failed_cb), self, 0);
  g_signal_connect_object (self->writer, "save-recovered", G_CALLBACK (on_save_recovered_cb),
                           self, 0);
  if (!crapette_save_writer_lock (self->writer, &error))
    {
      g_autofree char *details =
        g_strdup_printf (_("Another copy of Crapette is writing “%s”. Once it closes, this "
                           "bar offers Take Over, which goes on with that copy's game and "
                           "saves here; the moves made here until then are dropped, and Save "
                           "As keeps them."), path);

      g_signal_emit (self, signals[SAVE_FAILED], 0, error, details);
      crapette_session_watch_writer (self);
    }
}

void
crapette_session_emit_writer_gone (CrapetteSession *self)
{
  g_signal_emit (self, signals[SAVE_WRITER_GONE], 0);
}

void
crapette_session_emit_save_set_aside (CrapetteSession *self,
                                      const GError    *error,
                                      const char      *kept_as)
{
  g_signal_emit (self, signals[SAVE_SET_ASIDE], 0, error, kept_as);
}

/* Keeps scores and the saved game from now on, and picks the saved match up; %TRUE if it
 * did. A saved game that cannot be read is set aside (::save-set-aside); a match that has
 * ended has nothing left to resume. */
gboolean
crapette_session_resume (CrapetteSession *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CrapetteMatch) match = NULL;
  g_autofree char *kept_as = NULL;

  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), FALSE);

  if (!self->persistent)
    {
      self->persistent = TRUE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PERSISTENT]);
    }
  if (self->settings != NULL && self->scoreboard == NULL)
    self->scoreboard = crapette_scoreboard_new (self->settings);

  start_saving (self);
  match = crapette_savegame_load (self->game, &kept_as, &error);
  if (error != NULL)
    g_signal_emit (self, signals[SAVE_SET_ASIDE], 0, error, kept_as);
  if (match == NULL || crapette_match_is_finished (match))
    return FALSE;

  crapette_session_adopt_match (self, match, CRAPETTE_MATCH_START_RESUMED);
  return TRUE;
}

/* Returns whether the session keeps the scores and saves after every move. */
gboolean
crapette_session_get_persistent (CrapetteSession *self)
{
  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), FALSE);

  return self->persistent;
}

/* Saves the match now, in a worker, if the session is persistent and a round is dealt. */
void
crapette_session_save (CrapetteSession *self)
{
  g_return_if_fail (CRAPETTE_IS_SESSION (self));

  if (!self->persistent || self->writer == NULL || self->match == NULL ||
      crapette_match_get_round_number (self->match) == 0)
    return;
  crapette_save_writer_save (self->writer, self->match);
}

/* Waits until the last save asked for is on disk; %FALSE if it failed. */
gboolean
crapette_session_flush (CrapetteSession *self)
{
  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), FALSE);

  return self->writer == NULL || crapette_save_writer_flush (self->writer);
}

/* Writes what is left to write and lets go of the saved game and its lock; the session
 * saves nothing after. */
void
crapette_session_close (CrapetteSession *self)
{
  g_return_if_fail (CRAPETTE_IS_SESSION (self));

  crapette_session_cancel_hint (self);
  crapette_session_unwatch_writer (self);
  if (self->writer == NULL)
    return;
  crapette_save_writer_close (self->writer);
  g_signal_handlers_disconnect_by_data (self->writer, self);
  g_clear_object (&self->writer);
}

/* ---- GObject --------------------------------------------------------------- */

static void
crapette_session_dispose (GObject *object)
{
  CrapetteSession *self = CRAPETTE_SESSION (object);

  crapette_session_close (self);
  if (self->match != NULL)
    g_signal_handlers_disconnect_by_data (self->match, self);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->match);
  g_clear_object (&self->computer_player);
  g_clear_object (&self->scoreboard);
  g_clear_object (&self->game);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (crapette_session_parent_class)->dispose (object);
}

static void
crapette_session_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  CrapetteSession *self = CRAPETTE_SESSION (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_MATCH:
      g_value_set_object (value, self->match);
      break;
    case PROP_OPPONENT:
      g_value_set_enum (value, self->opponent);
      break;
    case PROP_COMPUTER_SEAT:
      g_value_set_enum (value, self->computer_seat);
      break;
    case PROP_COMPUTER_PLAYER:
      g_value_set_object (value, self->computer_player);
      break;
    case PROP_COMPUTER_MISTAKES:
      g_value_set_enum (value, self->computer_mistakes);
      break;
    case PROP_PERSISTENT:
      g_value_set_boolean (value, self->persistent);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_session_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  CrapetteSession *self = CRAPETTE_SESSION (object);

  switch (prop_id)
    {
    case PROP_OPPONENT:
      crapette_session_take_opponent (self, g_value_get_enum (value));
      break;
    case PROP_COMPUTER_MISTAKES:
      set_computer_mistakes (self, g_value_get_enum (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
install_properties (GObjectClass *object_class)
{
  const GParamFlags read_only = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY |
                                G_PARAM_STATIC_STRINGS;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CRAPETTE_TYPE_GAME, read_only);
  properties[PROP_MATCH] =
    g_param_spec_object ("match", NULL, NULL, CRAPETTE_TYPE_MATCH, read_only);
  /* Who plays North in the next new match; the match in play keeps its own. */
  properties[PROP_OPPONENT] =
    g_param_spec_enum ("opponent", NULL, NULL, CRAPETTE_TYPE_OPPONENT,
                       CRAPETTE_OPPONENT_TWO_PLAYERS,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The seat the computer plays in the match in play, or %CRAPETTE_NO_SEAT. */
  properties[PROP_COMPUTER_SEAT] =
    g_param_spec_enum ("computer-seat", NULL, NULL, CRAPETTE_TYPE_SEAT, CRAPETTE_NO_SEAT,
                       read_only);
  /* The player at that seat; a new one with each match. */
  properties[PROP_COMPUTER_PLAYER] =
    g_param_spec_object ("computer-player", NULL, NULL, CRAPETTE_TYPE_PLAYER, read_only);
  /* Whether the computer player breaks a duty now and then, with mistakes called, for the
   * person to catch; bound to the "computer-mistakes" preference. Unlike the rules, it
   * applies to the match in play, from the computer's next move. */
  properties[PROP_COMPUTER_MISTAKES] =
    g_param_spec_enum ("computer-mistakes", NULL, NULL, CRAPETTE_TYPE_COMPUTER_MISTAKES,
                       CRAPETTE_COMPUTER_MISTAKES_BY_LEVEL,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PERSISTENT] =
    g_param_spec_boolean ("persistent", NULL, NULL, FALSE, read_only);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
install_signals (GObjectClass *object_class)
{
  GType type = G_TYPE_FROM_CLASS (object_class);

  /**
   * CrapetteSession::match-started:
   * @match: the match now in play, its round on the table
   * @how: a #CrapetteMatchStart: new, the saved game resumed, or opened from a file
   */
  signals[MATCH_STARTED] =
    g_signal_new ("match-started", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, CRAPETTE_TYPE_MATCH, CRAPETTE_TYPE_MATCH_START);

  /**
   * CrapetteSession::round-finished:
   * @index: the round's index in the match, from 0
   * @result: who won it, why, and the points
   *
   * Emitted once the round is in the match's score, on the scoreboard and being saved.
   */
  signals[ROUND_FINISHED] =
    g_signal_new ("round-finished", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT,
                  CRAPETTE_TYPE_ROUND_RESULT | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * CrapetteSession::match-finished:
   * @winner: the seat that won, or %CRAPETTE_NO_SEAT for a drawn match
   *
   * Emitted after ::round-finished for the last round, once the match is on the scoreboard.
   */
  signals[MATCH_FINISHED] =
    g_signal_new ("match-finished", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, CRAPETTE_TYPE_SEAT);

  /**
   * CrapetteSession::save-failed:
   * @error: why the game is not being saved, in a player's words (%CRAPETTE_SAVEGAME_ERROR)
   * @details: the technical detail: the file and the system's own words
   *
   * Emitted at the first save that fails (or when another copy of the game holds the save),
   * and not again until ::save-recovered. Play goes on; the last good save is kept.
   */
  signals[SAVE_FAILED] =
    g_signal_new ("save-failed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * CrapetteSession::save-recovered:
   *
   * Emitted at the first save that works after ::save-failed.
   */
  signals[SAVE_RECOVERED] =
    g_signal_new ("save-recovered", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /**
   * CrapetteSession::save-set-aside:
   * @error: why the saved game could not be read, and where it was kept, in a player's words
   * @kept_as: (nullable): the path it was kept under, or %NULL if it could not be moved
   *
   * Emitted by crapette_session_resume() when the saved game does not read back.
   */
  signals[SAVE_SET_ASIDE] =
    g_signal_new ("save-set-aside", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * CrapetteSession::save-writer-gone:
   *
   * Emitted once, a second or so after the other copy of the game that held the saved game
   * (making this one read-only) has quit or crashed: crapette_session_take_over() may take it.
   */
  signals[SAVE_WRITER_GONE] =
    g_signal_new ("save-writer-gone", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
crapette_session_class_init (CrapetteSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = crapette_session_dispose;
  object_class->get_property = crapette_session_get_property;
  object_class->set_property = crapette_session_set_property;

  install_properties (object_class);
  install_signals (object_class);
  crapette_session_class_init_call_out (object_class);
}

static void
crapette_session_init (CrapetteSession *self)
{
  self->opponent = CRAPETTE_OPPONENT_TWO_PLAYERS;
  self->computer_seat = CRAPETTE_NO_SEAT;
  self->remote_seat = CRAPETTE_NO_SEAT;
  self->game = crapette_game_new ();

  g_signal_connect_object (self->game, "move-applied", G_CALLBACK (on_moves_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "move-undone", G_CALLBACK (on_moves_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "round-started",
                           G_CALLBACK (crapette_session_cancel_hint), self, G_CONNECT_SWAPPED);
}

/* ---- Public API ------------------------------------------------------------ */

/* Creates a session on a game of its own; @settings (or %NULL) holds the preferences the
 * matches start with and the scores. Nothing is dealt until a match is started. */
CrapetteSession *
crapette_session_new (GSettings *settings)
{
  CrapetteSession *self;

  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  self = g_object_new (CRAPETTE_TYPE_SESSION, NULL);
  if (settings != NULL)
    {
      self->settings = g_object_ref (settings);
      g_settings_bind (settings, "computer-mistakes", self, "computer-mistakes",
                       G_SETTINGS_BIND_GET);
    }
  return self;
}

/* Returns the game on the table. */
CrapetteGame *
crapette_session_get_game (CrapetteSession *self)
{
  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), NULL);

  return self->game;
}

/* Returns the match in play, or %NULL before the first. */
CrapetteMatch *
crapette_session_get_match (CrapetteSession *self)
{
  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), NULL);

  return self->match;
}
