/* crapette-xmpp-worker.c: the one thread that talks to an XMPP server through libstrophe
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The thread's loop: take the main thread's lines, let libstrophe write and read once
 * without waiting, then wait in poll() on the wake pipe and on a duplicate of libstrophe's
 * socket (it exposes its socket only to the socket-options callback). Waiting there instead
 * of inside xmpp_run_once() lets a queued line leave at once instead of at the next tick.
 */

/* For poll(), shutdown() and the other POSIX calls, which strict C11 hides. */
#define _GNU_SOURCE
#define G_LOG_DOMAIN "crapette-net"

#include "config.h"

#include "crapette-xmpp-worker-private.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <glib-unix.h>

#include "crapette-xmpp-room.h"

/* The wait when nothing is due; libstrophe's own timers (connection timeout, stream
 * management) are checked at least this often. */
#define IDLE_WAIT_MS 50
/* After reading, libstrophe may hold decrypted bytes poll() cannot see (it reads 4 kB at a
 * time from a TLS record of up to 16 kB): so many more passes, and a short wait for a while. */
#define READ_PASSES 5
#define HOT_ROUNDS 16
/* How often a worker waiting for the sign-in turn looks whether it is free. */
#define TURN_POLL_US (5 * G_TIME_SPAN_MILLISECOND)


GPrivate crapette_xmpp_current_worker;

/* The workers' threads not joined yet, under live_lock: a thread that has ended is joined by
 * the next worker made or by crapette_xmpp_worker_wait_all(), so that a program about to end
 * never exits while one still tears itself down. */
typedef struct _CrapetteXmppLiveThread
{
  GThread *thread;
  gboolean ended;
} CrapetteXmppLiveThread;

static GMutex live_lock;
static GCond live_ended;
static GPtrArray *live_threads;

/* Takes the threads that have ended out of live_threads (with live_lock held), for
 * join_threads(). */
static GPtrArray *
take_ended_threads (void)
{
  GPtrArray *ended = g_ptr_array_new ();

  for (guint i = 0; live_threads != NULL && i < live_threads->len;)
    {
      CrapetteXmppLiveThread *live = g_ptr_array_index (live_threads, i);

      if (live->ended)
        g_ptr_array_add (ended, g_ptr_array_steal_index_fast (live_threads, i));
      else
        i++;
    }
  return ended;
}

/* Joins @ended's threads (without live_lock: a thread that has ended only has to return). */
static void
join_threads (GPtrArray *ended)
{
  for (guint i = 0; i < ended->len; i++)
    {
      CrapetteXmppLiveThread *live = g_ptr_array_index (ended, i);

      g_thread_join (live->thread);
      g_free (live);
    }
  g_ptr_array_unref (ended);
}

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

void
crapette_xmpp_worker_post_news (CrapetteXmppWorker     *self,
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

void
crapette_xmpp_worker_post_state (CrapetteXmppWorker     *self,
            CrapetteTransportState  state,
            const char             *error)
{
  if (self->posted_state == state && g_strcmp0 (self->posted_error, error) == 0)
    return;
  self->posted_state = state;
  g_free (self->posted_error);
  self->posted_error = g_strdup (error);
  crapette_xmpp_worker_post_news (self, CRAPETTE_XMPP_NEWS_STATE, state, error);
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

/* Commands from the main thread */

static void
begin_leaving (CrapetteXmppWorker *self)
{
  if (self->phase == PHASE_LEAVING || self->phase == PHASE_DONE)
    return;
  if (self->phase == PHASE_JOINED)
    crapette_xmpp_session_send_stanza (self, crapette_xmpp_room_leave_stanza (self->ctx, self->room, self->nickname));
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
      else if (self->phase == PHASE_JOINED && self->met_other)
        crapette_xmpp_session_send_line (self, command->line);
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
  /* Due and waiting for another worker's sign-in: look again every few milliseconds. */
  if (self->phase == PHASE_WAITING)
    due = MAX (self->next_attempt_us, now + TURN_POLL_US);
  if (self->rejoin_at_us != 0)
    due = MIN (due, self->rejoin_at_us);
  if (self->phase == PHASE_LEAVING)
    due = MIN (due, self->leave_deadline_us);
  if (due != G_MAXINT64)
    wait = (int) CLAMP ((due - now + 999) / 1000, 0, wait);
  return wait;
}

/* One worker of the process signs in at a time, from its connect to the end of its sign-in.
 * Two workers signing in at the same moment with SCRAM-SHA-1 (libstrophe 0.12.2) sent a proof
 * the server could not match about one time in four ("The response provided by the client
 * doesn't match the one we calculated", in Prosody's log), on a server long up; PLAIN over the
 * same TLS never failed. The turn is taken before connecting, not around each step: a worker
 * whose connection is open but that waits for another's TLS handshake (which libstrophe does
 * blocking, seconds on a loaded machine) hits libstrophe's 5 s connect timeout (error 110)
 * without ever having been slow itself. Waiting for the turn is a poll, so the thread still
 * takes commands (a close) meanwhile. Once signed in, workers run side by side again. */
static GMutex sign_in_turn;

static gboolean
take_sign_in_turn (CrapetteXmppWorker *self)
{
  if (!self->has_sign_in_turn)
    self->has_sign_in_turn = g_mutex_trylock (&sign_in_turn);
  return self->has_sign_in_turn;
}

/* libstrophe writes to its socket without MSG_NOSIGNAL: a server gone mid-write would kill
 * the whole program with SIGPIPE. Ignored only if nobody set a handler of their own. */
static void
ignore_sigpipe (void)
{
  struct sigaction current;

  if (sigaction (SIGPIPE, NULL, &current) == 0 && current.sa_handler == SIG_DFL)
    {
      struct sigaction ignore = { 0 };

      ignore.sa_handler = SIG_IGN;
      sigemptyset (&ignore.sa_mask);
      sigaction (SIGPIPE, &ignore, NULL);
    }
}

void
crapette_xmpp_library_init (void)
{
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      ignore_sigpipe ();
      xmpp_initialize ();
      g_once_init_leave (&initialized, 1);
    }
}

void
crapette_xmpp_sign_in_turn_lock (void)
{
  g_mutex_lock (&sign_in_turn);
}

void
crapette_xmpp_sign_in_turn_unlock (void)
{
  g_mutex_unlock (&sign_in_turn);
}

/* Called after each step: the turn is given back as soon as the attempt is no longer signing
 * in, whichever way it ended. */
static void
give_back_sign_in_turn (CrapetteXmppWorker *self)
{
  if (self->has_sign_in_turn && self->phase != PHASE_SIGNING_IN)
    {
      self->has_sign_in_turn = FALSE;
      g_mutex_unlock (&sign_in_turn);
    }
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
  give_back_sign_in_turn (self);
}

static void
run_loop (CrapetteXmppWorker *self)
{
  guint hot_rounds = 0;

  /* The first attempt is due at once, when the turn is ours. */
  self->phase = PHASE_WAITING;
  self->next_attempt_us = 0;
  while (self->phase != PHASE_DONE)
    {
      gint64 now;
      gboolean readable = FALSE;

      take_commands (self);
      now = g_get_monotonic_time ();
      if (self->phase == PHASE_WAITING && now >= self->next_attempt_us
          && take_sign_in_turn (self))
        {
          crapette_xmpp_session_start_attempt (self);
          give_back_sign_in_turn (self);
        }
      if (self->rejoin_at_us != 0 && now >= self->rejoin_at_us && self->phase == PHASE_JOINING)
        crapette_xmpp_session_send_join (self);
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
  self->phase = PHASE_DONE;
  give_back_sign_in_turn (self);
}

static gpointer
worker_main (gpointer data)
{
  CrapetteXmppWorker *self = data;
  CrapetteXmppLiveThread *live;
  xmpp_log_t log = { log_from_strophe, self };
  long flags = XMPP_CONN_FLAG_MANDATORY_TLS;

  /* Here rather than on the main thread: it sets up OpenSSL, which took milliseconds. */
  crapette_xmpp_library_init ();
  g_private_set (&crapette_xmpp_current_worker, self);
  self->ctx = xmpp_ctx_new (NULL, g_getenv ("CRAPETTE_XMPP_DEBUG") != NULL ? &log : NULL);
  self->conn = xmpp_conn_new (self->ctx);
  xmpp_conn_set_flags (self->conn, flags);
  xmpp_conn_set_jid (self->conn, self->jid);
  if (self->password != NULL)
    xmpp_conn_set_pass (self->conn, self->password);
  if (self->ca_file != NULL)
    xmpp_conn_set_cafile (self->conn, self->ca_file);
  xmpp_conn_set_certfail_handler (self->conn, crapette_xmpp_session_on_certificate_failed);
  xmpp_conn_set_sockopt_callback (self->conn, crapette_xmpp_session_on_socket_made);

  run_loop (self);

  crapette_xmpp_session_forget_socket (self);
  xmpp_conn_release (self->conn);
  xmpp_ctx_free (self->ctx);
  self->conn = NULL;
  self->ctx = NULL;
  g_private_set (&crapette_xmpp_current_worker, NULL);
  live = self->live;
  worker_unref (self);
  g_mutex_lock (&live_lock);
  live->ended = TRUE;
  g_cond_broadcast (&live_ended);
  g_mutex_unlock (&live_lock);
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
  GPtrArray *ended;

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

  /* Joined only once it has ended: leaving may wait on the network, and the main thread
   * never does (a program about to end may, crapette_xmpp_worker_wait_all()). */
  self->live = g_new0 (CrapetteXmppLiveThread, 1);
  g_mutex_lock (&live_lock);
  ended = take_ended_threads ();
  if (live_threads == NULL)
    live_threads = g_ptr_array_new ();
  g_ptr_array_add (live_threads, self->live);
  self->live->thread = g_thread_new ("crapette-xmpp", worker_main, worker_ref (self));
  g_mutex_unlock (&live_lock);
  join_threads (ended);
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

gboolean
crapette_xmpp_worker_wait_all (gint64 timeout_us)
{
  gint64 deadline = g_get_monotonic_time () + timeout_us;
  GPtrArray *ended;
  gboolean all_ended;

  g_mutex_lock (&live_lock);
  for (;;)
    {
      guint running = 0;

      for (guint i = 0; live_threads != NULL && i < live_threads->len; i++)
        running += !((CrapetteXmppLiveThread *) g_ptr_array_index (live_threads, i))->ended;
      if (running == 0 || !g_cond_wait_until (&live_ended, &live_lock, deadline))
        break;
    }
  ended = take_ended_threads ();
  all_ended = live_threads == NULL || live_threads->len == 0;
  g_mutex_unlock (&live_lock);
  join_threads (ended);
  return all_ended;
}
