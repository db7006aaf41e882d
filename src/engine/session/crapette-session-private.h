/* crapette-session-private.h: what the session's source files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "crapette-session.h"

#include "crapette-save-writer.h"
#include "crapette-scoreboard.h"

G_BEGIN_DECLS

struct _CrapetteSession
{
  GObject parent_instance;

  GSettings *settings;            /* the preferences, or %NULL when not installed */
  CrapetteGame *game;
  CrapetteMatch *match;
  CrapetteOpponent opponent;      /* who plays North in the next new match */

  CrapetteSeat computer_seat;
  CrapettePlayer *computer_player;
  CrapetteComputerMistakes computer_mistakes; /* whether that player errs on purpose */
  CrapetteSeat remote_seat;       /* the seat a player on another machine plays, or none */
  gboolean playing_remote;        /* a move from the other machine is being played */
  gboolean call_out;              /* a local call went to the other machine (-call-out.c) */
  CrapetteSeat call_out_seat;     /* who made it */
  GCancellable *hint_cancellable; /* of the hint being looked for */

  gboolean persistent;            /* keeps the scores and the saved game */
  CrapetteScoreboard *scoreboard;
  CrapetteSaveWriter *writer;
  guint writer_watch;             /* while read-only: looks for the writer to be gone */
};

/* crapette-session.c */

/* Makes @match (made on the session's game) the match in play, as @how says it came: a new
 * match has its first round dealt; every match but a resumed one is saved at once. */
void crapette_session_adopt_match (CrapetteSession    *self,
                                   CrapetteMatch      *match,
                                   CrapetteMatchStart  how);

/* Sets who plays North in the next new match, notifying if it changed. */
void crapette_session_take_opponent (CrapetteSession  *self,
                                     CrapetteOpponent  opponent);

/* Emit ::save-writer-gone and ::save-set-aside. */
void crapette_session_emit_writer_gone     (CrapetteSession    *self);
void crapette_session_emit_save_set_aside  (CrapetteSession    *self,
                                            const GError       *error,
                                            const char         *kept_as);

/* crapette-session-take-over.c */

/* While another copy holds the save, looks once a second for it to be gone; and stops. */
void crapette_session_watch_writer   (CrapetteSession *self);
void crapette_session_unwatch_writer (CrapetteSession *self);

/* crapette-session-remote.c */

/* Whether @seat's move may be played now (the remote seat's only from the other machine). */
gboolean crapette_session_may_play_seat (CrapetteSession  *self,
                                         CrapetteSeat      seat,
                                         GError          **error);

/* crapette-session-call-out.c */

void     crapette_session_class_init_call_out (GObjectClass     *object_class);
/* Whether @seat may move or call now: not while a local call is out. */
gboolean crapette_session_may_act_locally     (CrapetteSession  *self,
                                               CrapetteSeat      seat,
                                               GError          **error);
/* Sends @caller's call to the other machine if its player is to move; %TRUE if it did. */
gboolean crapette_session_relay_call          (CrapetteSession  *self,
                                               CrapetteSeat      caller);
void     crapette_session_drop_call           (CrapetteSession  *self);

/* crapette-session-play.c */

/* Stops looking for the hint asked for: it was for a position that is gone. */
void crapette_session_cancel_hint  (CrapetteSession *self);

G_END_DECLS
