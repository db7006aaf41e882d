/* crapette-xmpp-transport.c: a transport through a multi-user chat room on XMPP servers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-net"

#include "config.h"

#include "crapette-xmpp-transport.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "crapette-xmpp-room.h"
#include "crapette-xmpp-worker.h"

/* News handled per main-loop dispatch, so that a burst of lines never holds the main
 * thread for long; the rest waits for the next dispatch. */
#define MAX_NEWS_PER_DISPATCH 64

struct _CrapetteXmppTransport
{
  GObject parent_instance;

  CrapetteXmppWorker *worker;
  char *nickname;
  guint reconnections;
  gboolean was_reconnecting;
};

enum
{
  PROP_0,
  PROP_STATE,
  PROP_ERROR,
  N_PROPS
};

static void crapette_xmpp_transport_iface_init (CrapetteTransportInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CrapetteXmppTransport, crapette_xmpp_transport, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (CRAPETTE_TYPE_TRANSPORT,
                                                      crapette_xmpp_transport_iface_init))

static void
stop_worker (CrapetteXmppTransport *self)
{
  if (self->worker != NULL)
    crapette_xmpp_worker_stop (g_steal_pointer (&self->worker));
}

static void
handle_news (CrapetteXmppTransport *self,
             CrapetteXmppNews      *news)
{
  if (crapette_transport_get_state (CRAPETTE_TRANSPORT (self)) == CRAPETTE_TRANSPORT_CLOSED)
    return;
  switch (news->kind)
    {
    case CRAPETTE_XMPP_NEWS_STATE:
      if (news->state == CRAPETTE_TRANSPORT_RECONNECTING)
        self->was_reconnecting = TRUE;
      else if (news->state == CRAPETTE_TRANSPORT_CONNECTED && self->was_reconnecting)
        {
          self->was_reconnecting = FALSE;
          self->reconnections++;
        }
      if (news->state == CRAPETTE_TRANSPORT_CLOSED)
        stop_worker (self);
      crapette_transport_set_state (CRAPETTE_TRANSPORT (self), news->state, news->text);
      break;
    case CRAPETTE_XMPP_NEWS_LINE:
      crapette_transport_emit_received (CRAPETTE_TRANSPORT (self), news->text);
      break;
    case CRAPETTE_XMPP_NEWS_NICKNAME:
      g_free (self->nickname);
      self->nickname = g_strdup (news->text);
      break;
    }
}

static void
on_news (GObject            *owner,
         CrapetteXmppWorker *worker)
{
  CrapetteXmppTransport *self = CRAPETTE_XMPP_TRANSPORT (owner);
  CrapetteXmppNews news;

  for (guint i = 0; i < MAX_NEWS_PER_DISPATCH; i++)
    {
      /* A handler may close the transport, which lets go of the worker. */
      if (self->worker != worker || !crapette_xmpp_worker_pop_news (worker, &news))
        return;
      handle_news (self, &news);
      g_free (news.text);
    }
}

static void
crapette_xmpp_transport_send (CrapetteTransport *transport,
                              const char        *line)
{
  CrapetteXmppTransport *self = CRAPETTE_XMPP_TRANSPORT (transport);

  if (self->worker == NULL)
    return;
  if (!crapette_xmpp_room_line_is_valid (line, strlen (line)))
    {
      stop_worker (self);
      crapette_transport_set_state (transport, CRAPETTE_TRANSPORT_CLOSED,
                                    _("A message too long or not made of text could not be sent."));
      return;
    }
  crapette_xmpp_worker_send (self->worker, line);
}

static void
crapette_xmpp_transport_close (CrapetteTransport *transport)
{
  CrapetteXmppTransport *self = CRAPETTE_XMPP_TRANSPORT (transport);

  stop_worker (self);
  crapette_transport_set_state (transport, CRAPETTE_TRANSPORT_CLOSED,
                                crapette_transport_get_error (transport));
}

static void
crapette_xmpp_transport_iface_init (CrapetteTransportInterface *iface)
{
  iface->send = crapette_xmpp_transport_send;
  iface->close = crapette_xmpp_transport_close;
}

static void
crapette_xmpp_transport_dispose (GObject *object)
{
  CrapetteXmppTransport *self = CRAPETTE_XMPP_TRANSPORT (object);

  stop_worker (self);
  G_OBJECT_CLASS (crapette_xmpp_transport_parent_class)->dispose (object);
}

static void
crapette_xmpp_transport_finalize (GObject *object)
{
  CrapetteXmppTransport *self = CRAPETTE_XMPP_TRANSPORT (object);

  g_free (self->nickname);
  G_OBJECT_CLASS (crapette_xmpp_transport_parent_class)->finalize (object);
}

static void
crapette_xmpp_transport_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  CrapetteTransport *transport = CRAPETTE_TRANSPORT (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_enum (value, crapette_transport_get_state (transport));
      break;
    case PROP_ERROR:
      g_value_set_string (value, crapette_transport_get_error (transport));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_xmpp_transport_class_init (CrapetteXmppTransportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = crapette_xmpp_transport_dispose;
  object_class->finalize = crapette_xmpp_transport_finalize;
  object_class->get_property = crapette_xmpp_transport_get_property;

  g_object_class_override_property (object_class, PROP_STATE, "state");
  g_object_class_override_property (object_class, PROP_ERROR, "error");
}

static void
crapette_xmpp_transport_init (CrapetteXmppTransport *self)
{
}

CrapetteXmppTransport *
crapette_xmpp_transport_new (const CrapetteXmppAccount *account,
                             const char                *room,
                             const char                *nickname)
{
  CrapetteXmppTransport *self;
  g_autoptr(GMainContext) context = g_main_context_ref_thread_default ();

  g_return_val_if_fail (account != NULL && account->jid != NULL, NULL);
  g_return_val_if_fail (room != NULL && strchr (room, '@') != NULL, NULL);
  g_return_val_if_fail (nickname != NULL && *nickname != '\0', NULL);

  self = g_object_new (CRAPETTE_TYPE_XMPP_TRANSPORT, NULL);
  self->nickname = g_strdup (nickname);
  self->worker = crapette_xmpp_worker_start (account, room, nickname, context,
                                             G_OBJECT (self), on_news);
  return self;
}

const char *
crapette_xmpp_transport_get_nickname (CrapetteXmppTransport *self)
{
  g_return_val_if_fail (CRAPETTE_IS_XMPP_TRANSPORT (self), NULL);

  return self->nickname;
}

guint
crapette_xmpp_transport_get_reconnections (CrapetteXmppTransport *self)
{
  g_return_val_if_fail (CRAPETTE_IS_XMPP_TRANSPORT (self), 0);

  return self->reconnections;
}
