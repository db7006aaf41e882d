/* crapette-session.h: the match in play, who plays each seat, its scores and its saved game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A #CrapetteSession is what one window plays, without the window: it holds the
 * #CrapetteGame on the table and the #CrapetteMatch dealt into it, knows who sits at each
 * seat (a person, or a computer player it made for the opponent chosen), plays their moves,
 * takes moves back, finds hints, keeps the scoreboard and writes the saved game after every
 * move. The window only shows what the session says, through its signals and properties:
 *
 *   ::match-started     a match is on the table: a new one, the saved one picked up, or one
 *                       read from a file (#CrapetteMatchStart says which)
 *   ::round-finished    a round has ended; its points are in the score and on the scoreboard
 *   ::match-finished    the match is over
 *   ::save-failed       the game is not being saved (once, until a save works again)
 *   ::save-recovered    a save has worked after a failure
 *   ::save-set-aside    the saved game could not be read and was kept aside
 *   ::save-writer-gone  the other copy that held the saved game is gone: this one may take
 *                       it over (crapette_session_take_over())
 *   :match, :opponent, :computer-seat, :computer-player, :persistent
 *
 * Moves and calls. Every move a player makes reaches the game either through
 * crapette_session_play(), which knows whose turn it is (the computer plays this way), or
 * through the table's crapette_game_play(); either way the session sees the game's
 * "move-applied" and saves. A call on the opponent's play ("Stop!") belongs beside
 * crapette_session_play(): the session knows the seats and whose turn it is, can judge the
 * moves of the turn on the game's round and take them back with crapette_game_undo()
 * (saving after each, as undo does), then pass the turn.
 */

#pragma once

#include <gio/gio.h>

#include "crapette-game.h"
#include "crapette-match.h"
#include "crapette-player.h"

G_BEGIN_DECLS

#define CRAPETTE_TYPE_SESSION (crapette_session_get_type ())

G_DECLARE_FINAL_TYPE (CrapetteSession, crapette_session, CRAPETTE, SESSION, GObject)

/* Creates a session on a game of its own; @settings (or %NULL) holds the preferences. */
CrapetteSession  *crapette_session_new                 (GSettings           *settings);

/* Returns the game on the table. */
CrapetteGame     *crapette_session_get_game            (CrapetteSession     *self);

/* Returns the match in play, or %NULL before the first. */
CrapetteMatch    *crapette_session_get_match           (CrapetteSession     *self);

/* ---- Starting matches ------------------------------------------------------ */

/* Returns a deal number short enough to read out. */
guint64           crapette_session_fresh_deal_number   (void);

/* Returns the game chosen in the preferences, or Russian Bank without them. */
CrapetteVariant   crapette_session_get_chosen_variant  (CrapetteSession     *self);

/* Chooses who plays North in the next new match. */
void              crapette_session_set_opponent        (CrapetteSession     *self,
                                                        CrapetteOpponent     opponent);

/* Returns who plays North in the next new match. */
CrapetteOpponent  crapette_session_get_opponent        (CrapetteSession     *self);

/* Starts a new match of @variant against the opponent set, its first round deal @deal_number. */
void              crapette_session_new_match           (CrapetteSession     *self,
                                                        CrapetteVariant      variant,
                                                        guint64              deal_number);

/* Starts a new match of the game and against the opponent the preferences name. */
void              crapette_session_new_match_from_settings (CrapetteSession *self);

/* Remembers @variant and @opponent in the preferences and starts a new match of them. */
void              crapette_session_start_chosen        (CrapetteSession     *self,
                                                        CrapetteVariant      variant,
                                                        CrapetteOpponent     opponent);

/* Deals the match's next round, or starts a new match when it is over; %FALSE mid-round. */
gboolean          crapette_session_next_round          (CrapetteSession     *self);

/* Deals the round in play again from its start; %FALSE when no round is in play. */
gboolean          crapette_session_replay_deal         (CrapetteSession     *self);

/* Plays on from the match record @text; %FALSE, with @error set and nothing changed, if not. */
gboolean          crapette_session_open_record         (CrapetteSession     *self,
                                                        const char          *text,
                                                        gssize               length,
                                                        GError             **error);

/* Plays on from the match record in @file; %FALSE, with @error set and nothing changed, if not. */
gboolean          crapette_session_open_file           (CrapetteSession     *self,
                                                        GFile               *file,
                                                        GError             **error);

/* Returns whether dropping the match now would lose a person's play. */
gboolean          crapette_session_game_in_progress    (CrapetteSession     *self);

/* Returns whether the preferences now differ from those the match in play was started with. */
gboolean          crapette_session_settings_differ     (CrapetteSession     *self);

/* ---- Who plays ------------------------------------------------------------- */

/* Returns the seat the computer plays in the match in play, or %CRAPETTE_NO_SEAT. */
CrapetteSeat      crapette_session_get_computer_seat   (CrapetteSession     *self);

/* Returns the computer player at @seat, or %NULL when a person sits there. */
CrapettePlayer   *crapette_session_get_player          (CrapetteSession     *self,
                                                        CrapetteSeat         seat);

/* Returns whether the player to move now is the computer. */
gboolean          crapette_session_is_computer_to_move (CrapetteSession     *self);

/* Seats a player on another machine at @seat (%CRAPETTE_NO_SEAT: nobody), whose moves come
 * through crapette_session_play() from the network; the window holds local input back. */
void              crapette_session_set_remote_seat     (CrapetteSession     *self,
                                                        CrapetteSeat         seat);

/* Returns the seat a player on another machine plays, or %CRAPETTE_NO_SEAT. */
CrapetteSeat      crapette_session_get_remote_seat     (CrapetteSession     *self);

/* Returns whether the player to move now plays on another machine. */
gboolean          crapette_session_is_remote_to_move   (CrapetteSession     *self);

/* Play the other machine's move or "Stop!" call for the remote seat; crapette_session_play()
 * and crapette_session_call() refuse that seat (%G_IO_ERROR_PERMISSION_DENIED). */
gboolean          crapette_session_play_remote         (CrapetteSession     *self,
                                                        const CrapetteMove  *move,
                                                        GError             **error);
gboolean          crapette_session_call_remote         (CrapetteSession     *self,
                                                        GError             **error);

/* A local call relayed to the other machine (::call-relayed; crapette-session-call-out.c):
 * whether it is out, the table held; its answer, played here if @stopped; and a local call
 * the other machine already played, played here without being sent again. */
gboolean          crapette_session_get_call_out        (CrapetteSession     *self);
gboolean          crapette_session_answer_call         (CrapetteSession     *self,
                                                        gboolean             stopped,
                                                        GError             **error);
gboolean          crapette_session_play_answered_call  (CrapetteSession     *self,
                                                        CrapetteSeat         caller,
                                                        GError             **error);
void              crapette_session_hold_for_call       (CrapetteSession     *self,
                                                        CrapetteSeat         caller);

/* Starts @match, made on the session's game and agreed with another machine, as a new match. */
void              crapette_session_start_match         (CrapetteSession     *self,
                                                        CrapetteMatch       *match);

/* Plays @move for @seat; refused (%CRAPETTE_MOVE_ERROR) unless @seat is to move, and
 * never for the remote seat (crapette_session_play_remote()). */
gboolean          crapette_session_play                (CrapetteSession     *self,
                                                        CrapetteSeat         seat,
                                                        const CrapetteMove  *move,
                                                        GError             **error);

/* ---- Taking moves back ----------------------------------------------------- */

/* Returns whether the person to move may take a move back now. */
CrapetteSeat      crapette_session_get_caller          (CrapetteSession     *self);
gboolean          crapette_session_may_call            (CrapetteSession     *self,
                                                        CrapetteSeat         seat);
gboolean          crapette_session_call                (CrapetteSession     *self,
                                                        CrapetteSeat         caller,
                                                        GError             **error);
gboolean          crapette_session_computer_calls      (CrapetteSession     *self);
gboolean          crapette_session_can_undo            (CrapetteSession     *self);

/* Returns whether the person to move may play a move taken back again now. */
gboolean          crapette_session_can_redo            (CrapetteSession     *self);

/* Takes the last move back for the person to move, and saves; %FALSE if it may not. */
gboolean          crapette_session_undo                (CrapetteSession     *self);

/* Plays the last move taken back again for the person to move, and saves. */
gboolean          crapette_session_redo                (CrapetteSession     *self);

/* ---- Hints ----------------------------------------------------------------- */

/* Looks for the move Hard would make for the person to move; a newer hint or move cancels it. */
void              crapette_session_find_hint_async     (CrapetteSession     *self,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);

/* Collects the hint; %FALSE with @error set when the game moved on or it was cancelled. */
gboolean          crapette_session_find_hint_finish    (CrapetteSession     *self,
                                                        GAsyncResult        *result,
                                                        CrapetteMove        *move,
                                                        GError             **error);

/* ---- Keeping the session: scores and the saved game ------------------------ */

/* Keeps scores and the saved game from now on, and picks the saved match up; %TRUE if it did. */
gboolean          crapette_session_resume              (CrapetteSession     *self);

/* Returns whether the session keeps the scores and saves after every move. */
gboolean          crapette_session_get_persistent      (CrapetteSession     *self);

/* Saves the match now, in a worker, if the session is persistent. */
void              crapette_session_save                (CrapetteSession     *self);

/* Waits until the last save asked for is on disk; %FALSE if it failed. */
gboolean          crapette_session_flush               (CrapetteSession     *self);

/* Whether another copy holds the saved game, so that this one saves nothing. */
gboolean          crapette_session_get_read_only       (CrapetteSession     *self);

/* Takes the saved game over from a copy that is gone, putting its match on the table. */
gboolean          crapette_session_take_over           (CrapetteSession     *self,
                                                        gboolean            *resumed,
                                                        GError             **error);

/* Writes what is left to write and lets go of the saved game and its lock. */
void              crapette_session_close               (CrapetteSession     *self);

G_END_DECLS
