/* net-test-loopback.c: two transports joined inside one process, for the network tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "net-test"

#include "config.h"

#include "net-test-loopback.h"

struct _NetTestLoopback
{
  GObject parent_instance;

  NetTestLoopback *partner;   /* weak */
  GQueue incoming;            /* char *, waiting to be received */
  guint deliver_id;
  GPtrArray *sent;
  NetTestFilter filter;       /* changes what goes to the partner, as a cheat would */
  gpointer filter_data;
};

static void net_test_loopback_iface_init (CrapetteTransportInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (NetTestLoopback, net_test_loopback, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (CRAPETTE_TYPE_TRANSPORT,
                                                      net_test_loopback_iface_init))

static gboolean
deliver_cb (gpointer data)
{
  g_autoptr(NetTestLoopback) self = g_object_ref (data);
  char *line;

  self->deliver_id = 0;
  /* Bounded: what arrives while delivering waits for the next turn of the loop. */
  for (guint n = g_queue_get_length (&self->incoming); n > 0; n--)
    {
      line = g_queue_pop_head (&self->incoming);
      if (crapette_transport_get_state (CRAPETTE_TRANSPORT (self)) == CRAPETTE_TRANSPORT_CONNECTED)
        crapette_transport_emit_received (CRAPETTE_TRANSPORT (self), line);
      g_free (line);
    }
  if (!g_queue_is_empty (&self->incoming))
    self->deliver_id = g_idle_add (deliver_cb, self);
  return G_SOURCE_REMOVE;
}

static void
queue_line (NetTestLoopback *self,
            const char      *line)
{
  g_queue_push_tail (&self->incoming, g_strdup (line));
  if (self->deliver_id == 0)
    self->deliver_id = g_idle_add (deliver_cb, self);
}

static void
loopback_send (CrapetteTransport *transport,
               const char        *line)
{
  NetTestLoopback *self = NET_TEST_LOOPBACK (transport);

  g_ptr_array_add (self->sent, g_strdup (line));
  if (self->partner != NULL &&
      crapette_transport_get_state (transport) == CRAPETTE_TRANSPORT_CONNECTED)
    {
      g_autofree char *changed = self->filter != NULL ? self->filter (line, self->filter_data)
                                                      : NULL;

      queue_line (self->partner, changed != NULL ? changed : line);
    }
}

void
net_test_loopback_set_filter (NetTestLoopback *self,
                              NetTestFilter    filter,
                              gpointer         data)
{
  self->filter = filter;
  self->filter_data = data;
}

static void
loopback_close (CrapetteTransport *transport)
{
  NetTestLoopback *self = NET_TEST_LOOPBACK (transport);

  crapette_transport_set_state (transport, CRAPETTE_TRANSPORT_CLOSED, NULL);
  if (self->partner != NULL)
    crapette_transport_set_state (CRAPETTE_TRANSPORT (self->partner), CRAPETTE_TRANSPORT_CLOSED,
                                  "The other end closed the connection");
}

static void
net_test_loopback_iface_init (CrapetteTransportInterface *iface)
{
  iface->send = loopback_send;
  iface->close = loopback_close;
}

static void
net_test_loopback_dispose (GObject *object)
{
  NetTestLoopback *self = NET_TEST_LOOPBACK (object);

  g_clear_handle_id (&self->deliver_id, g_source_remove);
  g_queue_clear_full (&self->incoming, g_free);
  if (self->partner != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->partner), (gpointer *) &self->partner);
  self->partner = NULL;
  g_clear_pointer (&self->sent, g_ptr_array_unref);

  G_OBJECT_CLASS (net_test_loopback_parent_class)->dispose (object);
}

static void
net_test_loopback_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  switch (prop_id)
    {
    case 1:
      g_value_set_enum (value, crapette_transport_get_state (CRAPETTE_TRANSPORT (object)));
      break;
    case 2:
      g_value_set_string (value, crapette_transport_get_error (CRAPETTE_TRANSPORT (object)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
net_test_loopback_class_init (NetTestLoopbackClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = net_test_loopback_dispose;
  object_class->get_property = net_test_loopback_get_property;
  g_object_class_override_property (object_class, 1, "state");
  g_object_class_override_property (object_class, 2, "error");
}

static void
net_test_loopback_init (NetTestLoopback *self)
{
  g_queue_init (&self->incoming);
  self->sent = g_ptr_array_new_with_free_func (g_free);
}

void
net_test_loopback_new_pair (NetTestLoopback **a,
                            NetTestLoopback **b)
{
  *a = g_object_new (NET_TEST_TYPE_LOOPBACK, NULL);
  *b = g_object_new (NET_TEST_TYPE_LOOPBACK, NULL);
  (*a)->partner = *b;
  (*b)->partner = *a;
  g_object_add_weak_pointer (G_OBJECT (*b), (gpointer *) &(*a)->partner);
  g_object_add_weak_pointer (G_OBJECT (*a), (gpointer *) &(*b)->partner);
  crapette_transport_set_state (CRAPETTE_TRANSPORT (*a), CRAPETTE_TRANSPORT_CONNECTED, NULL);
  crapette_transport_set_state (CRAPETTE_TRANSPORT (*b), CRAPETTE_TRANSPORT_CONNECTED, NULL);
}

void
net_test_loopback_set_cut (NetTestLoopback *self,
                           gboolean         cut)
{
  CrapetteTransportState state = cut ? CRAPETTE_TRANSPORT_RECONNECTING
                                     : CRAPETTE_TRANSPORT_CONNECTED;

  /* Lines on their way when the cut comes are lost with it. */
  if (cut)
    {
      g_queue_clear_full (&self->incoming, g_free);
      if (self->partner != NULL)
        g_queue_clear_full (&self->partner->incoming, g_free);
    }
  crapette_transport_set_state (CRAPETTE_TRANSPORT (self), state, NULL);
  if (self->partner != NULL)
    crapette_transport_set_state (CRAPETTE_TRANSPORT (self->partner), state, NULL);
}

void
net_test_loopback_inject (NetTestLoopback *self,
                          const char      *line)
{
  queue_line (self, line);
}

GPtrArray *
net_test_loopback_get_sent (NetTestLoopback *self)
{
  return self->sent;
}

gboolean
net_test_run_until (gboolean (*done) (gpointer data),
                    gpointer   data,
                    gint64     limit_us)
{
  gint64 deadline = g_get_monotonic_time () + limit_us;

  while (!done (data))
    {
      if (g_get_monotonic_time () >= deadline)
        return FALSE;
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  return TRUE;
}
