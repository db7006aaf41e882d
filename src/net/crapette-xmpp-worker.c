/* crapette-xmpp-worker.c: the one thread that talks to an XMPP server through libstrophe
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The thread's loop: take the main thread's lines, let libstrophe write and read once
 * without waiting, then wait in poll() on the wake pipe and on a duplicate of libstrophe's
 * socket (it exposes its socket only to the socket-options callback). Waiting there instead
 * of inside xmpp_run_once() lets a queued line leave at once instead of at the next tick.
 */

/* For F_DUPFD_CLOEXEC and TCP options, which strict C11 hides. */
#define _GNU_SOURCE
#define G_LOG_DOMAIN "crapette-net"

#include "config.h"

#include "crapette-xmpp-worker.h"

#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <glib-unix.h>
#include <glib/gi18n-lib.h>
#include <strophe.h>

#include "crapette-xmpp-room.h"

/* Pauses before signing in again after a drop: doubled from the first up to the last. The
 * first is short because a server restart or a cut Wi-Fi is often back within a second. */
#define RETRY_FIRST_US (250 * G_TIME_SPAN_MILLISECOND)
#define RETRY_LONGEST_US (5 * G_TIME_SPAN_SECOND)
/* After this long without getting back in, the worker gives up and the transport closes. */
#define RETRY_GIVE_UP_US (180 * G_TIME_SPAN_SECOND)
/* A room still locked by its creator, who unlocks it within milliseconds of joining. */
#define JOIN_RETRY_US (200 * G_TIME_SPAN_MILLISECOND)
#define MAX_JOIN_RETRIES 50
/* Numbers tried after the nickname when it is taken (often by our own ghost). */
#define MAX_NICKNAME_SUFFIX 20
/* Lines queued while out of the room; the protocol resends what is lost beyond these. */
#define MAX_PENDING_LINES 4096
/* How long leaving may take before the thread ends anyway. */
#define LEAVE_TIMEOUT_US (1 * G_TIME_SPAN_SECOND)
/* The wait when nothing is due; libstrophe's own timers (connection timeout, stream
 * management) are checked at least this often. */
#define IDLE_WAIT_MS 50
/* After reading, libstrophe may hold decrypted bytes poll() cannot see (it reads 4 kB at a
 * time from a TLS record of up to 16 kB): so many more passes, and a short wait for a while. */
#define READ_PASSES 5
#define HOT_ROUNDS 16

typedef enum
{
  PHASE_WAITING,      /* out; next_attempt_us says when to sign in */
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
  gboolean certificate_refused;
  gboolean attempt_secured;   /* this attempt's stream got as far as TLS */
  gint64 next_attempt_us;
  gint64 dropped_since_us;
  gint64 retry_pause_us;
  gint64 rejoin_at_us;
  gint64 leave_deadline_us;
  guint join_retries;
  guint nickname_suffix;
  char *nickname;
  GQueue pending;
  CrapetteTransportState posted_state;
  char *posted_error;
};

/* The worker whose thread this is, for libstrophe's certificate callback, which gets none. */
static GPrivate current_worker;

static CrapetteXmppWorker *
worker_ref (CrapetteXmppWorker *self)
{
  g_atomic_int_inc (&self->ref_count);
  return self;
}

static void
command_free (gpointer data)
{
  Command *command = data;

  g_free (command->line);
  g_free (command);
}

static void
news_free (gpointer data)
{
  CrapetteXmppNews *news = data;

  g_free (news->text);
  g_free (news);
}

static void
worker_unref (gpointer data)
{
  CrapetteXmppWorker *self = data;

  if (!g_atomic_int_dec_and_test (&self->ref_count))
    return;
  g_free (self->jid);
  if (self->password != NULL)
    memset (self->password, 0, strlen (self->password));
  g_free (self->password);
  g_free (self->host);
  g_free (self->ca_file);
  g_free (self->room);
  g_free (self->base_nickname);
  g_free (self->nickname);
  g_free (self->posted_error);
  g_main_context_unref (self->main_context);
  g_async_queue_unref (self->commands);
  close (self->wake_fds[0]);
  close (self->wake_fds[1]);
  g_weak_ref_clear (&self->owner);
  g_queue_clear_full (&self->news, news_free);
  g_queue_clear_full (&self->pending, g_free);
  g_mutex_clear (&self->lock);
  g_free (self);
}

/* News, from the thread to the main context */

static gboolean
deliver_news (gpointer data)
{
  CrapetteXmppWorker *self = data;
  g_autoptr(GObject) owner = g_weak_ref_get (&self->owner);
  gboolean again;

  if (owner != NULL)
    self->on_news (owner, self);
  /* The owner takes only so many at a time; the source stays while more is waiting. The
   * flag is cleared under the lock the thread queues under, so no news is left waiting
   * without a source to bring it. */
  g_mutex_lock (&self->lock);
  again = owner != NULL && !g_queue_is_empty (&self->news);
  self->news_scheduled = again;
  g_mutex_unlock (&self->lock);
  return again ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

static void
post_news (CrapetteXmppWorker     *self,
           CrapetteXmppNewsKind    kind,
           CrapetteTransportState  state,
           const char             *text)
{
  CrapetteXmppNews *news = g_new0 (CrapetteXmppNews, 1);
  gboolean schedule;

  news->kind = kind;
  news->state = state;
  news->text = g_strdup (text);
  g_mutex_lock (&self->lock);
  g_queue_push_tail (&self->news, news);
  /* One source drains everything queued so far, in order. */
  schedule = !self->news_scheduled;
  self->news_scheduled = TRUE;
  g_mutex_unlock (&self->lock);
  if (schedule)
    {
      /* Not g_main_context_invoke(): when nobody iterates the main context, it would call
       * the callback here, on this thread. */
      g_autoptr(GSource) source = g_idle_source_new ();

      g_source_set_priority (source, G_PRIORITY_DEFAULT);
      g_source_set_callback (source, deliver_news, worker_ref (self), worker_unref);
      g_source_set_static_name (source, "[crapette] XMPP news");
      g_source_attach (source, self->main_context);
    }
}

static void
post_state (CrapetteXmppWorker     *self,
            CrapetteTransportState  state,
            const char             *error)
{
  if (self->posted_state == state && g_strcmp0 (self->posted_error, error) == 0)
    return;
  self->posted_state = state;
  g_free (self->posted_error);
  self->posted_error = g_strdup (error);
  post_news (self, CRAPETTE_XMPP_NEWS_STATE, state, error);
}

gboolean
crapette_xmpp_worker_pop_news (CrapetteXmppWorker *self,
                               CrapetteXmppNews   *news)
{
  CrapetteXmppNews *first;

  g_mutex_lock (&self->lock);
  first = g_queue_pop_head (&self->news);
  g_mutex_unlock (&self->lock);
  if (first == NULL)
    return FALSE;
  *news = *first;
  g_free (first);
  return TRUE;
}

/* The room */

static void
send_stanza (CrapetteXmppWorker *self,
             xmpp_stanza_t      *stanza)
{
  xmpp_send (self->conn, stanza);
  xmpp_stanza_release (stanza);
}

static void
send_join (CrapetteXmppWorker *self)
{
  g_free (self->nickname);
  self->nickname = self->nickname_suffix == 0
                   ? g_strdup (self->base_nickname)
                   : g_strdup_printf ("%s %u", self->base_nickname, self->nickname_suffix + 1);
  self->phase = PHASE_JOINING;
  self->rejoin_at_us = 0;
  send_stanza (self, crapette_xmpp_room_join_stanza (self->ctx, self->room, self->nickname));
}

static void
send_line (CrapetteXmppWorker *self,
           const char         *line)
{
  send_stanza (self, crapette_xmpp_room_message_stanza (self->ctx, self->room, line));
}

static void
fail (CrapetteXmppWorker *self,
      const char         *error)
{
  post_state (self, CRAPETTE_TRANSPORT_CLOSED, error);
  if (self->conn != NULL && !xmpp_conn_is_disconnected (self->conn))
    xmpp_disconnect (self->conn);
  self->phase = PHASE_LEAVING;
  self->leave_deadline_us = g_get_monotonic_time () + LEAVE_TIMEOUT_US;
}

static void
on_joined (CrapetteXmppWorker *self,
           char               *nickname,
           gboolean            created)
{
  char *line;

  if (created)
    send_stanza (self, crapette_xmpp_room_unlock_stanza (self->ctx, self->room));
  self->phase = PHASE_JOINED;
  g_atomic_int_set (&self->in_room, 1);
  self->ever_joined = TRUE;
  self->join_retries = 0;
  self->retry_pause_us = RETRY_FIRST_US;
  self->dropped_since_us = 0;
  g_free (self->nickname);
  self->nickname = nickname;
  post_news (self, CRAPETTE_XMPP_NEWS_NICKNAME, CRAPETTE_TRANSPORT_CONNECTED, nickname);
  post_state (self, CRAPETTE_TRANSPORT_CONNECTED, NULL);
  while ((line = g_queue_pop_head (&self->pending)) != NULL)
    {
      send_line (self, line);
      g_free (line);
    }
}

static int
on_presence (xmpp_conn_t   *conn,
             xmpp_stanza_t *stanza,
             void          *data)
{
  CrapetteXmppWorker *self = data;
  char *nickname = NULL;

  if (self->phase != PHASE_JOINING && self->phase != PHASE_JOINED)
    return 1;
  switch (crapette_xmpp_room_read_presence (stanza, self->room, &nickname))
    {
    case CRAPETTE_XMPP_PRESENCE_OTHER:
      break;
    case CRAPETTE_XMPP_PRESENCE_JOINED:
      on_joined (self, nickname, FALSE);
      break;
    case CRAPETTE_XMPP_PRESENCE_CREATED:
      on_joined (self, nickname, TRUE);
      break;
    case CRAPETTE_XMPP_PRESENCE_REMOVED:
      post_state (self, CRAPETTE_TRANSPORT_RECONNECTING,
                  _("The game’s room was closed on the server; joining it again."));
      g_atomic_int_set (&self->in_room, 0);
      self->phase = PHASE_JOINING;
      self->rejoin_at_us = g_get_monotonic_time () + JOIN_RETRY_US;
      break;
    case CRAPETTE_XMPP_PRESENCE_CONFLICT:
      if (self->phase == PHASE_JOINING && self->nickname_suffix < MAX_NICKNAME_SUFFIX)
        {
          self->nickname_suffix++;
          send_join (self);
        }
      else
        fail (self, _("Another player in the game’s room already has this name."));
      break;
    case CRAPETTE_XMPP_PRESENCE_NOT_YET:
      if (self->phase == PHASE_JOINING && self->join_retries++ < MAX_JOIN_RETRIES)
        self->rejoin_at_us = g_get_monotonic_time () + JOIN_RETRY_US;
      else
        fail (self, _("The server did not let us into the game’s room."));
      break;
    case CRAPETTE_XMPP_PRESENCE_REFUSED:
      fail (self, _("The server did not let us into the game’s room."));
      break;
    }
  return 1;
}

static int
on_message (xmpp_conn_t   *conn,
            xmpp_stanza_t *stanza,
            void          *data)
{
  CrapetteXmppWorker *self = data;
  g_autofree char *line = NULL;

  if (self->nickname == NULL)
    return 1;
  line = crapette_xmpp_room_read_message (stanza, self->room, self->nickname);
  if (line != NULL)
    post_news (self, CRAPETTE_XMPP_NEWS_LINE, CRAPETTE_TRANSPORT_CONNECTED, line);
  return 1;
}

/* Connecting and reconnecting */

static void
forget_socket (CrapetteXmppWorker *self)
{
  g_mutex_lock (&self->lock);
  if (self->socket_copy >= 0)
    close (self->socket_copy);
  self->socket_copy = -1;
  g_mutex_unlock (&self->lock);
}

static int
on_socket_made (xmpp_conn_t *conn,
                void        *socket_pointer)
{
  CrapetteXmppWorker *self = g_private_get (&current_worker);
  int fd = *(int *) socket_pointer;
  int on = 1;

  /* Without it, a small message waits for the previous one's acknowledgement: stalls of
   * 40 ms were measured on loopback. */
  if (setsockopt (fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on) != 0)
    g_debug ("TCP_NODELAY could not be set: %s", g_strerror (errno));
  xmpp_sockopt_cb_keepalive (conn, socket_pointer);
  forget_socket (self);
  g_mutex_lock (&self->lock);
  self->socket_copy = fcntl (fd, F_DUPFD_CLOEXEC, 3);
  g_mutex_unlock (&self->lock);
  return 0;
}

static int
on_certificate_failed (const xmpp_tlscert_t *certificate,
                       const char *const     message)
{
  CrapetteXmppWorker *self = g_private_get (&current_worker);

  g_debug ("The server's certificate was refused: %s", message);
  self->certificate_refused = TRUE;
  return 0;
}

static void
schedule_retry (CrapetteXmppWorker *self)
{
  gint64 now = g_get_monotonic_time ();

  if (self->dropped_since_us == 0)
    self->dropped_since_us = now;
  if (now - self->dropped_since_us > RETRY_GIVE_UP_US)
    {
      fail (self, _("The server could not be reached again."));
      return;
    }
  post_state (self, CRAPETTE_TRANSPORT_RECONNECTING,
              _("The connection to the server was lost; trying again."));
  self->phase = PHASE_WAITING;
  self->next_attempt_us = now + self->retry_pause_us;
  self->retry_pause_us = MIN (self->retry_pause_us * 2, RETRY_LONGEST_US);
}

/* Why an attempt that never signed in failed, as a sentence for the player. */
static const char *
explain_failed_attempt (CrapetteXmppWorker *self)
{
  if (self->certificate_refused)
    return _("The server’s certificate could not be verified, so the connection was refused.");
  if (self->attempt_secured)
    {
      return strchr (self->jid, '@') == NULL
             ? _("This server does not let guests sign in.")
             : _("The server refused to sign in: check the address and the password.");
    }
  return _("The server could not be reached.");
}

static void
on_connection_event (xmpp_conn_t          *conn,
                     xmpp_conn_event_t     event,
                     int                   error,
                     xmpp_stream_error_t  *stream_error,
                     void                 *data)
{
  CrapetteXmppWorker *self = data;
  Phase phase = self->phase;

  if (event == XMPP_CONN_CONNECT)
    {
      xmpp_handler_delete (conn, on_presence);
      xmpp_handler_delete (conn, on_message);
      xmpp_handler_add (conn, on_presence, NULL, "presence", NULL, self);
      xmpp_handler_add (conn, on_message, NULL, "message", NULL, self);
      self->nickname_suffix = 0;
      send_join (self);
      return;
    }
  if (event == XMPP_CONN_RAW_CONNECT)
    return;

  forget_socket (self);
  g_atomic_int_set (&self->in_room, 0);
  g_debug ("Disconnected from %s (error %d%s)", self->jid, error,
           stream_error != NULL ? ", stream error" : "");
  if (phase == PHASE_LEAVING || phase == PHASE_DONE)
    {
      self->phase = PHASE_DONE;
      return;
    }
  /* A certificate refused is never retried: a server whose certificate changed under a
   * running match is the very thing TLS is there to catch. */
  if (self->certificate_refused || (phase == PHASE_SIGNING_IN && !self->ever_joined))
    {
      fail (self, explain_failed_attempt (self));
      self->phase = PHASE_DONE;
      return;
    }
  if (phase == PHASE_SIGNING_IN && self->attempt_secured)
    {
      /* Signed in before and refused now: the account is gone or its password changed. */
      fail (self, explain_failed_attempt (self));
      self->phase = PHASE_DONE;
      return;
    }
  schedule_retry (self);
}

static void
start_attempt (CrapetteXmppWorker *self)
{
  int result;

  self->certificate_refused = FALSE;
  self->attempt_secured = FALSE;
  self->phase = PHASE_SIGNING_IN;
  /* The same connection object is used again, so that an account's stream management
   * state (XEP-0198) is kept and the server may resume the stream with the room in it. */
  result = xmpp_connect_client (self->conn, self->host, self->port, on_connection_event, self);
  if (result != XMPP_EOK)
    {
      forget_socket (self);
      g_debug ("Could not start connecting to %s: %d", self->jid, result);
      if (!self->ever_joined)
        {
          fail (self, _("The server could not be reached."));
          self->phase = PHASE_DONE;
        }
      else
        schedule_retry (self);
    }
}

/* Commands from the main thread */

static void
begin_leaving (CrapetteXmppWorker *self)
{
  if (self->phase == PHASE_LEAVING || self->phase == PHASE_DONE)
    return;
  if (self->phase == PHASE_JOINED)
    send_stanza (self, crapette_xmpp_room_leave_stanza (self->ctx, self->room, self->nickname));
  if (!xmpp_conn_is_disconnected (self->conn))
    {
      xmpp_disconnect (self->conn);
      self->phase = PHASE_LEAVING;
      self->leave_deadline_us = g_get_monotonic_time () + LEAVE_TIMEOUT_US;
    }
  else
    self->phase = PHASE_DONE;
}

static void
take_commands (CrapetteXmppWorker *self)
{
  Command *command;
  char buffer[64];

  g_atomic_int_set (&self->wake_pending, 0);
  while (read (self->wake_fds[0], buffer, sizeof buffer) > 0)
    ;
  while ((command = g_async_queue_try_pop (self->commands)) != NULL)
    {
      if (command->kind == COMMAND_STOP)
        begin_leaving (self);
      else if (self->phase == PHASE_JOINED)
        send_line (self, command->line);
      else if (self->phase != PHASE_LEAVING && self->phase != PHASE_DONE)
        {
          g_queue_push_tail (&self->pending, g_steal_pointer (&command->line));
          if (self->pending.length > MAX_PENDING_LINES)
            g_free (g_queue_pop_head (&self->pending));
        }
      command_free (command);
    }
}

/* The thread */

static void
log_from_strophe (void             *data,
                  xmpp_log_level_t  level,
                  const char       *area,
                  const char       *message)
{
  g_debug ("libstrophe %s: %s", area, message);
}

static void
wait_for_news (CrapetteXmppWorker *self,
               int                 timeout_ms,
               gboolean           *socket_readable)
{
  struct pollfd fds[2] = { { self->wake_fds[0], POLLIN, 0 }, { -1, 0, 0 } };
  nfds_t n_fds = 1;

  /* Only this thread closes the copy, so it stays valid through poll(). */
  if (self->socket_copy >= 0)
    {
      fds[1].fd = self->socket_copy;
      fds[1].events = POLLIN;
      if (xmpp_conn_is_connecting (self->conn) || xmpp_conn_send_queue_len (self->conn) > 0)
        fds[1].events |= POLLOUT;
      n_fds = 2;
    }
  if (poll (fds, n_fds, timeout_ms) < 0 && errno != EINTR)
    g_debug ("poll: %s", g_strerror (errno));
  *socket_readable = n_fds == 2 && (fds[1].revents & (POLLIN | POLLHUP | POLLERR)) != 0;
}

/* How long the loop may wait, in milliseconds, until the next thing due. */
static int
next_wait_ms (CrapetteXmppWorker *self,
              guint               hot_rounds)
{
  gint64 now = g_get_monotonic_time ();
  gint64 due = G_MAXINT64;
  int wait = hot_rounds > 0 ? 1 : IDLE_WAIT_MS;

  if (self->conn != NULL && xmpp_conn_send_queue_len (self->conn) > 0
      && self->socket_copy < 0)
    return 0;
  if (self->phase == PHASE_WAITING)
    due = self->next_attempt_us;
  if (self->rejoin_at_us != 0)
    due = MIN (due, self->rejoin_at_us);
  if (self->phase == PHASE_LEAVING)
    due = MIN (due, self->leave_deadline_us);
  if (due != G_MAXINT64)
    wait = (int) CLAMP ((due - now + 999) / 1000, 0, wait);
  return wait;
}

/* Lets libstrophe write and read once without waiting. Whether the stream is secured is
 * noted here, since libstrophe forgets it by the time it reports a failed sign-in. */
static void
run_once (CrapetteXmppWorker *self)
{
  xmpp_run_once (self->ctx, 0);
  if (self->phase == PHASE_SIGNING_IN && !self->attempt_secured
      && xmpp_conn_is_secured (self->conn))
    self->attempt_secured = TRUE;
}

static void
run_loop (CrapetteXmppWorker *self)
{
  guint hot_rounds = 0;

  start_attempt (self);
  while (self->phase != PHASE_DONE)
    {
      gint64 now;
      gboolean readable = FALSE;

      take_commands (self);
      now = g_get_monotonic_time ();
      if (self->phase == PHASE_WAITING && now >= self->next_attempt_us)
        start_attempt (self);
      if (self->rejoin_at_us != 0 && now >= self->rejoin_at_us && self->phase == PHASE_JOINING)
        send_join (self);
      if (self->phase == PHASE_LEAVING && now >= self->leave_deadline_us)
        break;
      run_once (self);
      if (self->phase == PHASE_DONE)
        break;
      wait_for_news (self, next_wait_ms (self, hot_rounds), &readable);
      if (readable)
        {
          for (guint pass = 0; pass < READ_PASSES; pass++)
            run_once (self);
          hot_rounds = HOT_ROUNDS;
        }
      else if (hot_rounds > 0)
        {
          run_once (self);
          hot_rounds--;
        }
    }
}

static gpointer
worker_main (gpointer data)
{
  CrapetteXmppWorker *self = data;
  xmpp_log_t log = { log_from_strophe, self };
  long flags = XMPP_CONN_FLAG_MANDATORY_TLS;

  static gsize initialized = 0;

  /* Here rather than on the main thread: it sets up OpenSSL, which took milliseconds. */
  if (g_once_init_enter (&initialized))
    {
      xmpp_initialize ();
      g_once_init_leave (&initialized, 1);
    }
  g_private_set (&current_worker, self);
  self->ctx = xmpp_ctx_new (NULL, g_getenv ("CRAPETTE_XMPP_DEBUG") != NULL ? &log : NULL);
  self->conn = xmpp_conn_new (self->ctx);
  xmpp_conn_set_flags (self->conn, flags);
  xmpp_conn_set_jid (self->conn, self->jid);
  if (self->password != NULL)
    xmpp_conn_set_pass (self->conn, self->password);
  if (self->ca_file != NULL)
    xmpp_conn_set_cafile (self->conn, self->ca_file);
  xmpp_conn_set_certfail_handler (self->conn, on_certificate_failed);
  xmpp_conn_set_sockopt_callback (self->conn, on_socket_made);

  run_loop (self);

  forget_socket (self);
  xmpp_conn_release (self->conn);
  xmpp_ctx_free (self->ctx);
  self->conn = NULL;
  self->ctx = NULL;
  g_private_set (&current_worker, NULL);
  worker_unref (self);
  return NULL;
}

/* The main thread's side */

static void
push_command (CrapetteXmppWorker *self,
              CommandKind         kind,
              const char         *line)
{
  Command *command = g_new0 (Command, 1);

  command->kind = kind;
  command->line = g_strdup (line);
  g_async_queue_push (self->commands, command);
  /* One byte is enough to wake the thread, however many commands wait. */
  if (g_atomic_int_compare_and_exchange (&self->wake_pending, 0, 1))
    {
      if (write (self->wake_fds[1], "", 1) < 0 && errno != EAGAIN)
        g_debug ("Could not wake the XMPP thread: %s", g_strerror (errno));
    }
}

CrapetteXmppWorker *
crapette_xmpp_worker_start (const CrapetteXmppAccount *account,
                            const char                *room,
                            const char                *nickname,
                            GMainContext              *main_context,
                            GObject                   *owner,
                            CrapetteXmppNewsFunc       on_news)
{
  CrapetteXmppWorker *self = g_new0 (CrapetteXmppWorker, 1);
  g_autoptr(GError) error = NULL;
  GThread *thread;

  self->ref_count = 1;
  self->jid = g_strdup (account->jid);
  self->password = g_strdup (account->password);
  self->host = g_strdup (account->host);
  self->port = account->port;
  self->ca_file = g_strdup (account->ca_file);
  self->room = g_ascii_strdown (room, -1);
  self->base_nickname = g_strdup (nickname);
  self->main_context = g_main_context_ref (main_context);
  self->on_news = on_news;
  self->commands = g_async_queue_new_full (command_free);
  self->socket_copy = -1;
  self->retry_pause_us = RETRY_FIRST_US;
  self->posted_state = CRAPETTE_TRANSPORT_CONNECTING;
  g_mutex_init (&self->lock);
  g_weak_ref_init (&self->owner, owner);
  g_queue_init (&self->news);
  g_queue_init (&self->pending);
  if (!g_unix_open_pipe (self->wake_fds, FD_CLOEXEC, &error)
      || !g_unix_set_fd_nonblocking (self->wake_fds[0], TRUE, &error)
      || !g_unix_set_fd_nonblocking (self->wake_fds[1], TRUE, &error))
    g_error ("Could not make the XMPP thread's wake pipe: %s", error->message);

  thread = g_thread_new ("crapette-xmpp", worker_main, worker_ref (self));
  /* Never joined: leaving may wait on the network, and the main thread never does. */
  g_thread_unref (thread);
  return self;
}

void
crapette_xmpp_worker_send (CrapetteXmppWorker *self,
                           const char         *line)
{
  push_command (self, COMMAND_SEND, line);
}

void
crapette_xmpp_worker_stop (CrapetteXmppWorker *self)
{
  g_weak_ref_set (&self->owner, NULL);
  push_command (self, COMMAND_STOP, NULL);
  g_mutex_lock (&self->lock);
  /* A TLS handshake can block libstrophe for as long as a silent server keeps the socket
   * open; shutting the socket down ends it. In the room the thread is never blocked, and
   * leaves the room cleanly instead. */
  if (self->socket_copy >= 0 && !g_atomic_int_get (&self->in_room))
    shutdown (self->socket_copy, SHUT_RDWR);
  g_mutex_unlock (&self->lock);
  worker_unref (self);
}
