/* crapette-xmpp-worker-private.h: what the XMPP worker's two files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * crapette-xmpp-worker.c has the thread, its loop and the queues to and from the main
 * thread; crapette-xmpp-session.c signs in, joins the room, and signs in again after a
 * drop. Everything here is touched by the worker's thread alone, unless marked shared.
 */

#pragma once

#include <strophe.h>

#include "crapette-xmpp-worker.h"

/* Pauses before signing in again after a drop: doubled from the first up to the last. The
 * first is short because a server restart or a cut Wi-Fi is often back within a second. */
#define RETRY_FIRST_US (250 * G_TIME_SPAN_MILLISECOND)
#define RETRY_LONGEST_US (5 * G_TIME_SPAN_SECOND)
/* Connects of the first sign-in that may time out (libstrophe gives each 5 s) before the
 * transport closes saying the server could not be reached. */
#define MAX_FIRST_TIMEOUTS 3
/* After this long without getting back in, the worker gives up and the transport closes. */
#define RETRY_GIVE_UP_US (180 * G_TIME_SPAN_SECOND)
/* A room still locked by its creator, who unlocks it within milliseconds of joining, or a
 * server just restarted whose room service is not back yet. */
#define JOIN_RETRY_US (200 * G_TIME_SPAN_MILLISECOND)
#define MAX_JOIN_RETRIES 50
/* Numbers tried after the nickname when it is taken (often by our own ghost). */
#define MAX_NICKNAME_SUFFIX 20
/* Lines queued while out of the room; the protocol resends what is lost beyond these. */
#define MAX_PENDING_LINES 4096
/* How long leaving may take before the thread ends anyway. */
#define LEAVE_TIMEOUT_US (1 * G_TIME_SPAN_SECOND)
typedef enum
{
  PHASE_WAITING,      /* out; next_attempt_us says when to sign in, once it is our turn */
  PHASE_SIGNING_IN,   /* xmpp_connect_client() called, no CONNECT event yet */
  PHASE_JOINING,      /* signed in, the join presence sent */
  PHASE_JOINED,       /* in the room */
  PHASE_LEAVING,      /* stop asked: the leave presence and the end of stream sent */
  PHASE_DONE,
} Phase;

typedef enum
{
  COMMAND_SEND,
  COMMAND_STOP,
} CommandKind;

typedef struct
{
  CommandKind kind;
  char *line;
} Command;

struct _CrapetteXmppWorker
{
  gint ref_count;

  /* Set once before the thread starts. */
  struct _CrapetteXmppLiveThread *live;   /* its thread, for crapette_xmpp_worker_wait_all() */
  char *jid;
  char *password;
  char *host;
  guint16 port;
  char *ca_file;
  char *room;
  char *base_nickname;
  GMainContext *main_context;
  CrapetteXmppNewsFunc on_news;

  /* Shared with the main thread. */
  GAsyncQueue *commands;
  int wake_fds[2];
  gint wake_pending;
  gint in_room;             /* whether the thread is in the room, never blocked then */
  GMutex lock;
  GWeakRef owner;
  GQueue news;
  gboolean news_scheduled;
  int socket_copy;          /* our duplicate of libstrophe's socket, or -1 */

  /* The thread's own. */
  xmpp_ctx_t *ctx;
  xmpp_conn_t *conn;
  Phase phase;
  gboolean ever_joined;
  gboolean met_other;        /* another occupant has been in the room: lines wait till then */
  gboolean certificate_refused;
  gboolean attempt_secured;   /* this attempt's stream got as far as TLS */
  gboolean has_sign_in_turn;  /* holds the process's one sign-in turn (crapette-xmpp-worker.c) */
  gint64 next_attempt_us;
  gint64 dropped_since_us;
  gint64 retry_pause_us;
  gint64 rejoin_at_us;
  gint64 leave_deadline_us;
  guint join_retries;
  guint first_timeouts;      /* connects of the first sign-in that timed out */
  guint nickname_suffix;
  char *nickname;
  GQueue pending;
  CrapetteTransportState posted_state;
  char *posted_error;
};

/* The worker whose thread this is, for libstrophe's callbacks that get no user data. */
extern GPrivate crapette_xmpp_current_worker;

/* Queues news for the main context (from the worker's thread). */
void crapette_xmpp_worker_post_news  (CrapetteXmppWorker     *self,
                                      CrapetteXmppNewsKind    kind,
                                      CrapetteTransportState  state,
                                      const char             *text);

/* Queues a change of state for the main context, unless it is the one posted last. */
void crapette_xmpp_worker_post_state (CrapetteXmppWorker     *self,
                                      CrapetteTransportState  state,
                                      const char             *error);

/* Starts signing in; a failure to start is handled (closed or retried) before returning. */
void crapette_xmpp_session_start_attempt (CrapetteXmppWorker *self);

/* Sends @stanza and lets go of it. */
void crapette_xmpp_session_send_stanza   (CrapetteXmppWorker *self,
                                          xmpp_stanza_t      *stanza);

/* Sends @line to the room. */
void crapette_xmpp_session_send_line     (CrapetteXmppWorker *self,
                                          const char         *line);

/* Asks to join the room under the nickname's next form. */
void crapette_xmpp_session_send_join     (CrapetteXmppWorker *self);

/* Closes our duplicate of libstrophe's socket. */
void crapette_xmpp_session_forget_socket (CrapetteXmppWorker *self);

/* libstrophe's socket-options callback: TCP_NODELAY, keepalive, and our duplicate. */
int  crapette_xmpp_session_on_socket_made (xmpp_conn_t *conn,
                                           void        *socket_pointer);

/* libstrophe's callback for a certificate it could not verify: always refused. */
int  crapette_xmpp_session_on_certificate_failed (const xmpp_tlscert_t *certificate,
                                                  const char *const     message);

/* Readies libstrophe (and OpenSSL under it) once for the process, and has a write to a
 * socket the server closed fail rather than kill the program (SIGPIPE); before any use of
 * libstrophe, on any thread (crapette-xmpp-worker.c). */
void crapette_xmpp_library_init          (void);

/* The process's one sign-in turn (crapette-xmpp-worker.c), taken blocking by a thread that
 * does nothing else meanwhile (crapette-xmpp-disco.c). */
void crapette_xmpp_sign_in_turn_lock     (void);
void crapette_xmpp_sign_in_turn_unlock   (void);
