/* crapette-xmpp-worker.h: the one thread that talks to an XMPP server through libstrophe
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Private to crapette-xmpp-transport.c. The worker alone touches its libstrophe context and
 * connection. The main thread hands it lines through a queue and wakes it through a pipe;
 * the worker hands back news (a state, a line, a nickname) through a queue of its own and
 * an idle callback on the main context, so both sides keep the order of what they say.
 */

#pragma once

#include "crapette-xmpp-transport.h"

G_BEGIN_DECLS

typedef struct _CrapetteXmppWorker CrapetteXmppWorker;

typedef enum
{
  CRAPETTE_XMPP_NEWS_STATE,
  CRAPETTE_XMPP_NEWS_LINE,
  CRAPETTE_XMPP_NEWS_NICKNAME,
} CrapetteXmppNewsKind;

/* One piece of news: for a state, @text is the error or %NULL; for a line, the line. */
typedef struct
{
  CrapetteXmppNewsKind kind;
  CrapetteTransportState state;
  char *text;
} CrapetteXmppNews;

/* Called on the main context when news is waiting, with the owner still alive. */
typedef void (*CrapetteXmppNewsFunc) (GObject            *owner,
                                      CrapetteXmppWorker *worker);

/* Starts a worker that signs in with @account and joins @room as @nickname; its news goes
 * to @on_news for @owner (held weakly) on @main_context. */
CrapetteXmppWorker *crapette_xmpp_worker_start    (const CrapetteXmppAccount *account,
                                                   const char                *room,
                                                   const char                *nickname,
                                                   GMainContext              *main_context,
                                                   GObject                   *owner,
                                                   CrapetteXmppNewsFunc       on_news);

/* Queues @line for the room; returns at once. */
void                crapette_xmpp_worker_send     (CrapetteXmppWorker *self,
                                                   const char         *line);

/* Takes the oldest news waiting into @news (free its text); FALSE when there is none. */
gboolean            crapette_xmpp_worker_pop_news (CrapetteXmppWorker *self,
                                                   CrapetteXmppNews   *news);

/* Asks the worker to leave the room and end; it brings no more news. Returns at once and
 * drops the caller's reference. */
void                crapette_xmpp_worker_stop     (CrapetteXmppWorker *self);

/* Waits up to @timeout_us for every worker of the process to have left its room and ended,
 * so that a program about to end has sent every line it queued; returns whether they all
 * did. */
gboolean            crapette_xmpp_worker_wait_all (gint64              timeout_us);

G_END_DECLS
