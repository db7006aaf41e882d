/* crapette-xmpp-session.c: signing in to the XMPP server and joining the game's room
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * On the worker's thread only. One attempt signs in (TLS required, the certificate checked),
 * joins the room, and unlocks it if it is new; a drop after having been in the room leads
 * to another attempt after a growing pause, with the same connection object so that an
 * account's stream may be resumed.
 */

/* For F_DUPFD_CLOEXEC and TCP options, which strict C11 hides. */
#define _GNU_SOURCE
#define G_LOG_DOMAIN "crapette-net"

#include "config.h"

#include "crapette-xmpp-worker-private.h"

#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>

#include "crapette-xmpp-room.h"

/* The room */

void
crapette_xmpp_session_send_stanza (CrapetteXmppWorker *self,
             xmpp_stanza_t      *stanza)
{
  xmpp_send (self->conn, stanza);
  xmpp_stanza_release (stanza);
}

void
crapette_xmpp_session_send_join (CrapetteXmppWorker *self)
{
  g_free (self->nickname);
  self->nickname = self->nickname_suffix == 0
                   ? g_strdup (self->base_nickname)
                   : g_strdup_printf ("%s %u", self->base_nickname, self->nickname_suffix + 1);
  self->phase = PHASE_JOINING;
  self->rejoin_at_us = 0;
  /* Every join, the first or again after a drop, may find the room empty (a server
   * restarted forgets its rooms, and the friend may not be back yet): lines wait until an
   * occupant's presence says someone is there to hear them. Without this, the first of two
   * to rejoin sent its resync into an empty room, and the match stalled. */
  self->met_other = FALSE;
  crapette_xmpp_session_send_stanza (self, crapette_xmpp_room_join_stanza (self->ctx, self->room, self->nickname));
}

void
crapette_xmpp_session_send_line (CrapetteXmppWorker *self,
           const char         *line)
{
  crapette_xmpp_session_send_stanza (self, crapette_xmpp_room_message_stanza (self->ctx, self->room, line));
}

static void
fail (CrapetteXmppWorker *self,
      const char         *error)
{
  crapette_xmpp_worker_post_state (self, CRAPETTE_TRANSPORT_CLOSED, error);
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
    crapette_xmpp_session_send_stanza (self, crapette_xmpp_room_unlock_stanza (self->ctx, self->room));
  self->phase = PHASE_JOINED;
  g_atomic_int_set (&self->in_room, 1);
  self->ever_joined = TRUE;
  self->join_retries = 0;
  self->retry_pause_us = RETRY_FIRST_US;
  self->dropped_since_us = 0;
  g_free (self->nickname);
  self->nickname = nickname;
  crapette_xmpp_worker_post_news (self, CRAPETTE_XMPP_NEWS_NICKNAME, CRAPETTE_TRANSPORT_CONNECTED, nickname);
  crapette_xmpp_worker_post_state (self, CRAPETTE_TRANSPORT_CONNECTED, NULL);
  if (!self->met_other)
    return;
  while ((line = g_queue_pop_head (&self->pending)) != NULL)
    {
      crapette_xmpp_session_send_line (self, line);
      g_free (line);
    }
}

/* Someone else's presence in the room. The room keeps no history for us, so a line sent
 * while we are alone in it would reach nobody: until another occupant has come (the friend,
 * when the host made the room), lines wait in the queue, and go as soon as one has. */
static void
note_other (CrapetteXmppWorker *self,
            xmpp_stanza_t      *presence)
{
  const char *from = xmpp_stanza_get_from (presence);
  const char *type = xmpp_stanza_get_type (presence);
  gsize room_length = strlen (self->room);
  char *line;

  if (self->met_other || from == NULL || g_strcmp0 (type, "unavailable") == 0 ||
      g_strcmp0 (type, "error") == 0 || strlen (from) <= room_length + 1 ||
      g_ascii_strncasecmp (from, self->room, room_length) != 0 || from[room_length] != '/' ||
      g_strcmp0 (from + room_length + 1, self->nickname) == 0)
    return;
  self->met_other = TRUE;
  if (self->phase != PHASE_JOINED)
    return;
  while ((line = g_queue_pop_head (&self->pending)) != NULL)
    {
      crapette_xmpp_session_send_line (self, line);
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
  CrapetteXmppPresence presence = crapette_xmpp_room_read_presence (stanza, self->room,
                                                                     &nickname);

  g_debug ("%s: presence %d from %s in phase %d", self->jid, presence,
           xmpp_stanza_get_from (stanza), self->phase);
  switch (presence)
    {
    case CRAPETTE_XMPP_PRESENCE_OTHER:
      note_other (self, stanza);
      break;
    case CRAPETTE_XMPP_PRESENCE_JOINED:
      on_joined (self, nickname, FALSE);
      break;
    case CRAPETTE_XMPP_PRESENCE_CREATED:
      on_joined (self, nickname, TRUE);
      break;
    case CRAPETTE_XMPP_PRESENCE_REMOVED:
      crapette_xmpp_worker_post_state (self, CRAPETTE_TRANSPORT_RECONNECTING,
                  _("The game’s room was closed on the server; joining it again."));
      g_atomic_int_set (&self->in_room, 0);
      self->phase = PHASE_JOINING;
      self->rejoin_at_us = g_get_monotonic_time () + JOIN_RETRY_US;
      break;
    case CRAPETTE_XMPP_PRESENCE_CONFLICT:
      if (self->phase == PHASE_JOINING && self->nickname_suffix < MAX_NICKNAME_SUFFIX)
        {
          self->nickname_suffix++;
          crapette_xmpp_session_send_join (self);
        }
      else
        fail (self, _("Another player in the game’s room already has this name."));
      break;
    case CRAPETTE_XMPP_PRESENCE_NOT_YET:
    case CRAPETTE_XMPP_PRESENCE_REFUSED:
      /* A room still locked is tried again; so is any refusal once we have been in the
       * room: a server just restarted opens its port before its room service is back. */
      if ((presence == CRAPETTE_XMPP_PRESENCE_NOT_YET || self->ever_joined)
          && self->phase == PHASE_JOINING && self->join_retries++ < MAX_JOIN_RETRIES)
        self->rejoin_at_us = g_get_monotonic_time () + JOIN_RETRY_US;
      else
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
    crapette_xmpp_worker_post_news (self, CRAPETTE_XMPP_NEWS_LINE, CRAPETTE_TRANSPORT_CONNECTED, line);
  return 1;
}

/* Connecting and reconnecting */

void
crapette_xmpp_session_forget_socket (CrapetteXmppWorker *self)
{
  g_mutex_lock (&self->lock);
  if (self->socket_copy >= 0)
    close (self->socket_copy);
  self->socket_copy = -1;
  g_mutex_unlock (&self->lock);
}

int
crapette_xmpp_session_on_socket_made (xmpp_conn_t *conn,
                void        *socket_pointer)
{
  CrapetteXmppWorker *self = g_private_get (&crapette_xmpp_current_worker);
  int fd = *(int *) socket_pointer;
  int on = 1;

  /* Without it, a small message waits for the previous one's acknowledgement: stalls of
   * 40 ms were measured on loopback. */
  if (setsockopt (fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on) != 0)
    g_debug ("TCP_NODELAY could not be set: %s", g_strerror (errno));
  xmpp_sockopt_cb_keepalive (conn, socket_pointer);
  crapette_xmpp_session_forget_socket (self);
  g_mutex_lock (&self->lock);
  self->socket_copy = fcntl (fd, F_DUPFD_CLOEXEC, 3);
  g_mutex_unlock (&self->lock);
  return 0;
}

int
crapette_xmpp_session_on_certificate_failed (const xmpp_tlscert_t *certificate,
                       const char *const     message)
{
  CrapetteXmppWorker *self = g_private_get (&crapette_xmpp_current_worker);

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
  crapette_xmpp_worker_post_state (self, CRAPETTE_TRANSPORT_RECONNECTING,
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

  g_debug ("%s: connection event %d (error %d) in phase %d", self->jid, event, error, phase);

  if (event == XMPP_CONN_CONNECT)
    {
      xmpp_handler_delete (conn, on_presence);
      xmpp_handler_delete (conn, on_message);
      xmpp_handler_add (conn, on_presence, NULL, "presence", NULL, self);
      xmpp_handler_add (conn, on_message, NULL, "message", NULL, self);
      self->nickname_suffix = 0;
      crapette_xmpp_session_send_join (self);
      return;
    }
  if (event == XMPP_CONN_RAW_CONNECT)
    return;

  crapette_xmpp_session_forget_socket (self);
  g_atomic_int_set (&self->in_room, 0);
  g_debug ("Disconnected from %s (error %d%s)", self->jid, error,
           stream_error != NULL ? ", stream error" : "");
  if (phase == PHASE_LEAVING || phase == PHASE_DONE)
    {
      self->phase = PHASE_DONE;
      return;
    }
  /* A first connect that timed out is tried again a few times before the player is told:
   * a lost packet or a stalled machine, not a server that is not there (that one refuses). */
  if (phase == PHASE_SIGNING_IN && !self->ever_joined && error == ETIMEDOUT
      && !self->certificate_refused && !self->attempt_secured
      && ++self->first_timeouts < MAX_FIRST_TIMEOUTS)
    {
      self->phase = PHASE_WAITING;
      self->next_attempt_us = g_get_monotonic_time () + RETRY_FIRST_US;
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
  /* Signed in before and refused now: the account is gone or its password changed. A
   * refused sign-in is libstrophe hanging up cleanly once no way to sign in is left; a server
   * that shuts down (a stream error) or goes away (a socket error) while we sign in, as one
   * that restarts does, is tried again like any drop. */
  if (phase == PHASE_SIGNING_IN && self->attempt_secured && error == 0 && stream_error == NULL)
    {
      fail (self, explain_failed_attempt (self));
      self->phase = PHASE_DONE;
      return;
    }
  schedule_retry (self);
}

void
crapette_xmpp_session_start_attempt (CrapetteXmppWorker *self)
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
      crapette_xmpp_session_forget_socket (self);
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
