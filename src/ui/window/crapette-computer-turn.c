/* crapette-computer-turn.c: plays the computer's moves on the table, one by one, at a person's pace
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The session says who sits where: when the player to move is the computer,
 * the session's player for that seat is asked for a move in a worker thread, so the window never waits for a search. The move is played
 * once the table has no card in flight and a short pause has passed, through
 * crapette_session_play(), which plays it as a person's move is played, so it
 * animates the same way.
 * Each choice is tied to the round and the move it was asked for: a choice
 * that comes back after a new deal or another move is thrown away, never
 * played. Nothing ticks while the computer waits for nothing.
 *
 * With mistakes called, the computer also calls the person's mistakes that its level
 * notices (crapette_session_computer_calls()): as a person would, once the card has landed
 * and after the same pause as before a move of its own.
 *
 * The pace is the Computer Speed setting's: a pause before each move, longer for the first
 * few moves of a turn, when the person looks up from their own, shorter for the next few and
 * shorter still for the rest of a long run; at Fast the computer's cards also fly quicker. The figures are in
 * docs/architecture-ui.md, with the time they give a long turn.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include "crapette-computer-turn.h"

#include "crapette-player-async.h"

/* After a call of "Stop!", by either player, the computer's next move waits this many paces,
 * so that the person reads what was called before the table moves on. */
#define PACES_AFTER_CALL 3
/* The first moves of a turn get the full pause; the fourth to the tenth the short one; from
 * the eleventh on, the run's. Three are enough to see where the turn is heading, ten to follow
 * its plan; after that a long run goes on briskly, each card still flying in full and marked.
 * A run of 31 moves (the 95th percentile of Medium's and Hard's turns, bench/turn-shape.sh)
 * then takes 19 s at Normal, where one pause for every move gave 40 s. bench/turn-shape.sh
 * reads these figures from this file to give that time for each level. */
#define FULL_PAUSE_MOVES 3
#define SHORT_PAUSE_MOVES 10

/* The pause before a move of the first few of a turn, of the next few and of the rest, and
 * the longest a computer's card flies (0: as long as the table's Card Animation says), at
 * each speed. */
typedef struct
{
  guint first_pause_ms;
  guint later_pause_ms;
  guint run_pause_ms;
  guint flight_limit_ms;
} Pace;

/* Slow, normal, fast. At Normal with the table's flight of 300 ms: 1.3 s a move for the first
 * three moves of a turn (a newcomer sees each card leave and land and has a moment to read
 * the move in words), then 0.65 s up to the tenth: the flight and a short look at the marked
 * card; then 0.5 s. Fast is under half of Normal at every move (0.45 s, 0.3 s, then 0.23 s),
 * so its cards fly in 150 ms. */
static const Pace paces[] = {
  [CRAPETTE_SPEED_SLOW] = { 1600, 700, 500, 0 },
  [CRAPETTE_SPEED_NORMAL] = { 1000, 350, 200, 0 },
  [CRAPETTE_SPEED_FAST] = { 300, 150, 80, 150 },
};

struct _CrapetteComputerTurn
{
  GObject parent_instance;

  CrapetteSession *session;
  CrapetteGame *game;         /* the session's */
  CrapetteTable *table;

  CrapettePlayer *thinking_player; /* the player a worker is using right now, or %NULL */
  gboolean thinking;
  GCancellable *cancellable;  /* of the choice being made */
  guint generation;           /* changes whenever earlier choices stop being valid */
  gboolean stopped;           /* cancelled by the window, until it resumes */

  gboolean have_choice;
  CrapetteMove choice;
  guint choice_generation;
  guint choice_move_number;

  Pace pace;
  guint turn_number;          /* the turn the computer played moves_in_turn moves of */
  guint moves_in_turn;
  guint pace_source;
  guint call_source;          /* the pause before calling the person's mistake */
};

G_DEFINE_FINAL_TYPE (CrapetteComputerTurn, crapette_computer_turn, G_TYPE_OBJECT)

enum
{
  ANNOUNCE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* One choice being made in a worker thread. Its task holds the player, which
 * the session may replace meanwhile; the request only says which position it was for. */
typedef struct
{
  CrapetteComputerTurn *self;
  guint generation;
  guint move_number;
} Request;

static void schedule (CrapetteComputerTurn *self);

static guint
current_move_number (CrapetteComputerTurn *self)
{
  return crapette_view_get_move_number (crapette_game_get_view (self->game));
}

/* Forgets the choice made and the pause before it, and cancels a choice
 * being made: they belonged to a position that is no longer on the table. */
static void
invalidate (CrapetteComputerTurn *self)
{
  self->generation++;
  self->have_choice = FALSE;
  g_clear_handle_id (&self->pace_source, g_source_remove);
  if (self->thinking)
    {
      g_cancellable_cancel (self->cancellable);
      g_clear_object (&self->cancellable);
    }
}

static CrapetteSeat
computer_seat (CrapetteComputerTurn *self)
{
  return crapette_session_get_computer_seat (self->session);
}

static void
play_choice (CrapetteComputerTurn *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *description = NULL;
  CrapetteMove move = self->choice;

  self->have_choice = FALSE;
  description = crapette_game_describe_move (self->game, &move);
  g_signal_emit (self, signals[ANNOUNCE], 0, description);

  /* The announcement's handlers may have started a new round. */
  if (self->game == NULL || self->choice_generation != self->generation ||
      self->choice_move_number != current_move_number (self))
    return;

  if (crapette_game_get_turn_number (self->game) != self->turn_number)
    {
      self->turn_number = crapette_game_get_turn_number (self->game);
      self->moves_in_turn = 0;
    }
  self->moves_in_turn++;
  if (self->table != NULL)
    crapette_table_limit_next_flight (self->table, self->pace.flight_limit_ms);
  if (!crapette_session_play (self->session, computer_seat (self), &move, &error))
    {
      g_warning ("The computer chose a move the rules refuse: %s", error->message);
      return;
    }
  /* Marked after the game has told the table, which clears the marks at every move. */
  if (self->table != NULL)
    crapette_table_mark_last_move (self->table, computer_seat (self), &move);
}

static gboolean
on_pace_cb (gpointer data)
{
  CrapetteComputerTurn *self = data;

  self->pace_source = 0;
  if (self->have_choice && self->choice_generation == self->generation &&
      self->choice_move_number == current_move_number (self) &&
      !crapette_table_is_animating (self->table))
    play_choice (self);
  else
    schedule (self);
  return G_SOURCE_REMOVE;
}

static gboolean
on_call_pace_cb (gpointer data)
{
  CrapetteComputerTurn *self = data;

  self->call_source = 0;
  if (self->game != NULL && !self->stopped && crapette_session_computer_calls (self->session))
    {
      if (crapette_table_is_animating (self->table))
        schedule (self);
      else
        crapette_session_call (self->session, computer_seat (self), NULL);
    }
  return G_SOURCE_REMOVE;
}

/* Whether the computer is about to call the person's mistake; if so, the pause before the
 * call starts once the table's cards have landed. */
static gboolean
schedule_call (CrapetteComputerTurn *self)
{
  if (self->game == NULL || self->stopped || !crapette_session_computer_calls (self->session))
    {
      g_clear_handle_id (&self->call_source, g_source_remove);
      return FALSE;
    }
  if (!crapette_table_is_animating (self->table) && self->call_source == 0)
    self->call_source = g_timeout_add (self->pace.first_pause_ms, on_call_pace_cb, self);
  return TRUE;
}

static void
on_choice_made_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  Request *request = data;
  CrapetteComputerTurn *self = request->self;
  g_autoptr(GError) error = NULL;
  CrapetteMove move;
  gboolean chosen;

  chosen = crapette_player_choose_finish (CRAPETTE_PLAYER (source), result, &move, &error);

  /* A player replaced (a new match) or let go (the window closed) while it
   * was thinking is not the one the turn waits for now. */
  if (CRAPETTE_PLAYER (source) == self->thinking_player)
    {
      self->thinking = FALSE;
      g_clear_object (&self->thinking_player);
    }

  if (self->game != NULL && chosen && request->generation == self->generation &&
      request->move_number == current_move_number (self))
    {
      self->have_choice = TRUE;
      self->choice = move;
      self->choice_generation = request->generation;
      self->choice_move_number = request->move_number;
    }
  else if (!chosen && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_debug ("The computer could not choose a move: %s", error->message);
    }

  if (self->game != NULL)
    schedule (self);

  g_object_unref (request->self);
  g_free (request);
}

static void
start_choosing (CrapetteComputerTurn *self)
{
  Request *request = g_new0 (Request, 1);

  request->self = g_object_ref (self);
  request->generation = self->generation;
  request->move_number = current_move_number (self);

  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  self->thinking = TRUE;
  g_set_object (&self->thinking_player,
                crapette_session_get_player (self->session, computer_seat (self)));
  crapette_player_choose_async (self->thinking_player, crapette_game_get_known_view (self->game),
                                self->cancellable, on_choice_made_cb, request);
}

/* The pause before the computer's move, once the cards have landed: longer right after a call,
 * shorter once the turn has gone on for a few moves. */
static guint
pause_before_move (CrapetteComputerTurn *self)
{
  guint played = crapette_game_get_turn_number (self->game) == self->turn_number
                 ? self->moves_in_turn : 0;

  if (crapette_round_get_last_call (crapette_game_get_round (self->game), NULL))
    return self->pace.first_pause_ms * PACES_AFTER_CALL;
  if (played < FULL_PAUSE_MOVES)
    return self->pace.first_pause_ms;
  return played < SHORT_PAUSE_MOVES ? self->pace.later_pause_ms : self->pace.run_pause_ms;
}

/* Does the next thing the computer's turn needs, if any: ask for a move,
 * wait for the cards to land, pause, or play. */
static void
schedule (CrapetteComputerTurn *self)
{
  /* A call comes first: it takes back moves and passes the turn. */
  if (schedule_call (self))
    {
      if (self->have_choice || self->pace_source != 0)
        invalidate (self);
      return;
    }
  if (self->game == NULL || self->stopped || !crapette_computer_turn_is_computer_to_move (self))
    {
      if (self->have_choice || self->pace_source != 0)
        invalidate (self);
      return;
    }

  if (self->have_choice && self->choice_generation == self->generation &&
      self->choice_move_number == current_move_number (self))
    {
      /* The table says when its last card lands: the pause starts then. */
      if (!crapette_table_is_animating (self->table) && self->pace_source == 0)
        self->pace_source = g_timeout_add (pause_before_move (self), on_pace_cb, self);
      return;
    }

  self->have_choice = FALSE;
  if (!self->thinking)
    start_choosing (self);
}

static void
on_round_started_cb (CrapetteComputerTurn *self)
{
  invalidate (self);
  self->moves_in_turn = 0;
  schedule (self);
}

static void
on_game_changed_cb (CrapetteComputerTurn *self)
{
  schedule (self);
}

/* The session seated another player (a new match): a choice its predecessor is making or
 * has made is not this one's. */
static void
on_player_changed_cb (CrapetteComputerTurn *self)
{
  CrapetteSeat seat = computer_seat (self);
  CrapettePlayer *player = seat != CRAPETTE_NO_SEAT
                           ? crapette_session_get_player (self->session, seat) : NULL;

  if (self->thinking && self->thinking_player != player)
    {
      invalidate (self);
      self->thinking = FALSE;
      g_clear_object (&self->thinking_player);
    }
  schedule (self);
}

static void
crapette_computer_turn_dispose (GObject *object)
{
  CrapetteComputerTurn *self = CRAPETTE_COMPUTER_TURN (object);

  invalidate (self);
  g_clear_handle_id (&self->call_source, g_source_remove);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  if (self->table != NULL)
    g_signal_handlers_disconnect_by_data (self->table, self);
  g_clear_object (&self->game);
  g_clear_object (&self->session);
  g_clear_object (&self->table);
  /* A player still thinking is kept by its task until the worker is done. */
  g_clear_object (&self->thinking_player);

  G_OBJECT_CLASS (crapette_computer_turn_parent_class)->dispose (object);
}

static void
crapette_computer_turn_finalize (GObject *object)
{
  CrapetteComputerTurn *self = CRAPETTE_COMPUTER_TURN (object);

  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (crapette_computer_turn_parent_class)->finalize (object);
}

static void
crapette_computer_turn_class_init (CrapetteComputerTurnClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = crapette_computer_turn_dispose;
  object_class->finalize = crapette_computer_turn_finalize;

  /**
   * CrapetteComputerTurn::announce:
   * @description: the move the computer is about to play, as a sentence
   *
   * Emitted just before each of the computer's moves, so that it can be
   * shown and read out.
   */
  signals[ANNOUNCE] =
    g_signal_new ("announce", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
crapette_computer_turn_init (CrapetteComputerTurn *self)
{
  self->pace = paces[CRAPETTE_SPEED_NORMAL];
}

/* Creates a driver that plays the moves of the computer @session seats, waiting for @table's
 * animations. */
CrapetteComputerTurn *
crapette_computer_turn_new (CrapetteSession *session,
                            CrapetteTable   *table)
{
  static const char * const game_signals[] = {
    "move-applied", "turn-changed", "round-finished",
  };
  CrapetteComputerTurn *self;

  g_return_val_if_fail (CRAPETTE_IS_SESSION (session), NULL);
  g_return_val_if_fail (CRAPETTE_IS_TABLE (table), NULL);

  self = g_object_new (CRAPETTE_TYPE_COMPUTER_TURN, NULL);
  self->session = g_object_ref (session);
  self->game = g_object_ref (crapette_session_get_game (session));
  self->table = g_object_ref (table);

  for (guint i = 0; i < G_N_ELEMENTS (game_signals); i++)
    g_signal_connect_swapped (self->game, game_signals[i], G_CALLBACK (on_game_changed_cb), self);
  g_signal_connect_swapped (self->game, "round-started", G_CALLBACK (on_round_started_cb), self);
  g_signal_connect_swapped (session, "notify::computer-player", G_CALLBACK (on_player_changed_cb),
                            self);
  g_signal_connect_swapped (table, "notify::animating", G_CALLBACK (on_game_changed_cb), self);
  return self;
}

/* Returns the seat the computer plays, or %CRAPETTE_NO_SEAT. */
CrapetteSeat
crapette_computer_turn_get_seat (CrapetteComputerTurn *self)
{
  g_return_val_if_fail (CRAPETTE_IS_COMPUTER_TURN (self), CRAPETTE_NO_SEAT);

  return self->session != NULL ? computer_seat (self) : CRAPETTE_NO_SEAT;
}

/* Plays at @speed's pace: the Computer Speed setting. */
void
crapette_computer_turn_set_speed (CrapetteComputerTurn *self,
                                  CrapetteSpeed         speed)
{
  g_return_if_fail (CRAPETTE_IS_COMPUTER_TURN (self));
  g_return_if_fail (speed < G_N_ELEMENTS (paces));

  self->pace = paces[speed];
}

/* Sets the pause before each of the computer's moves, in milliseconds, the same for every move
 * of a turn, with the table's own flights (for tests). */
void
crapette_computer_turn_set_pace (CrapetteComputerTurn *self,
                                 guint                 pace_ms)
{
  g_return_if_fail (CRAPETTE_IS_COMPUTER_TURN (self));

  self->pace.first_pause_ms = MIN (pace_ms, 10000);
  self->pace.later_pause_ms = self->pace.first_pause_ms;
  self->pace.run_pause_ms = self->pace.first_pause_ms;
  self->pace.flight_limit_ms = 0;
}

/* Returns whether the player to move now is the computer. */
gboolean
crapette_computer_turn_is_computer_to_move (CrapetteComputerTurn *self)
{
  g_return_val_if_fail (CRAPETTE_IS_COMPUTER_TURN (self), FALSE);

  return self->session != NULL && crapette_session_is_computer_to_move (self->session);
}

/* Returns whether a worker is choosing the computer's next move right now. */
gboolean
crapette_computer_turn_is_thinking (CrapetteComputerTurn *self)
{
  g_return_val_if_fail (CRAPETTE_IS_COMPUTER_TURN (self), FALSE);

  return self->thinking;
}

/* Returns whether a chosen move waits for the cards to land or for the pause to end. */
gboolean
crapette_computer_turn_has_move_ready (CrapetteComputerTurn *self)
{
  g_return_val_if_fail (CRAPETTE_IS_COMPUTER_TURN (self), FALSE);

  return self->have_choice;
}

/* Stops whatever the computer is thinking or about to play; it starts again on its next move. */
void
crapette_computer_turn_cancel (CrapetteComputerTurn *self)
{
  g_return_if_fail (CRAPETTE_IS_COMPUTER_TURN (self));

  self->stopped = TRUE;
  invalidate (self);
}

/* Looks again at the game and plays on if it is the computer's move (after a cancel). */
void
crapette_computer_turn_resume (CrapetteComputerTurn *self)
{
  g_return_if_fail (CRAPETTE_IS_COMPUTER_TURN (self));

  self->stopped = FALSE;
  schedule (self);
}
