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
  GQueue incoming;            /* Pending *, waiting to be received, in order */
  guint deliver_id;
  GPtrArray *sent;
  NetTestFilter filter;       /* changes what goes to the partner, as a cheat would */
  gpointer filter_data;
  guint delay_ms;             /* how long what goes to the partner is held, as a slow line */
};

typedef struct
{
  gint64 due_us;              /* when it may be received */
  char *line;
} Pending;

static void
pending_free (gpointer data)
{
  Pending *pending = data;

  g_free (pending->line);
  g_free (pending);
}

static void net_test_loopback_iface_init (CrapetteTransportInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (NetTestLoopback, net_test_loopback, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (CRAPETTE_TYPE_TRANSPORT,
                                                      net_test_loopback_iface_init))

static gboolean deliver_cb (gpointer data);

/* The next delivery: at once, or when the first line held is due. */
static void
schedule_delivery (NetTestLoopback *self)
{
  Pending *first = g_queue_peek_head (&self->incoming);
  gint64 wait_us;

  if (self->deliver_id != 0 || first == NULL)
    return;
  wait_us = first->due_us - g_get_monotonic_time ();
  if (wait_us <= 0)
    self->deliver_id = g_idle_add (deliver_cb, self);
  else
    self->deliver_id = g_timeout_add ((guint) ((wait_us + 999) / 1000), deliver_cb, self);
}

static gboolean
deliver_cb (gpointer data)
{
  g_autoptr(NetTestLoopback) self = g_object_ref (data);
  gint64 now = g_get_monotonic_time ();

  self->deliver_id = 0;
  /* Bounded: what arrives while delivering waits for the next turn of the loop. */
  for (guint n = g_queue_get_length (&self->incoming); n > 0; n--)
    {
      Pending *pending = g_queue_peek_head (&self->incoming);

      if (pending->due_us > now)
        break;
      g_queue_pop_head (&self->incoming);
      if (crapette_transport_get_state (CRAPETTE_TRANSPORT (self)) == CRAPETTE_TRANSPORT_CONNECTED)
        crapette_transport_emit_received (CRAPETTE_TRANSPORT (self), pending->line);
      pending_free (pending);
    }
  schedule_delivery (self);
  return G_SOURCE_REMOVE;
}

static void
queue_line (NetTestLoopback *self,
            const char      *line,
            guint            delay_ms)
{
  Pending *pending = g_new (Pending, 1);

  pending->due_us = g_get_monotonic_time () + (gint64) delay_ms * 1000;
  pending->line = g_strdup (line);
  g_queue_push_tail (&self->incoming, pending);
  schedule_delivery (self);
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

      queue_line (self->partner, changed != NULL ? changed : line, self->delay_ms);
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

void
net_test_loopback_set_delay (NetTestLoopback *self,
                             guint            delay_ms)
{
  self->delay_ms = delay_ms;
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
  g_queue_clear_full (&self->incoming, pending_free);
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
      g_queue_clear_full (&self->incoming, pending_free);
      if (self->partner != NULL)
        g_queue_clear_full (&self->partner->incoming, pending_free);
    }
  crapette_transport_set_state (CRAPETTE_TRANSPORT (self), state, NULL);
  if (self->partner != NULL)
    crapette_transport_set_state (CRAPETTE_TRANSPORT (self->partner), state, NULL);
}

void
net_test_loopback_inject (NetTestLoopback *self,
                          const char      *line)
{
  queue_line (self, line, 0);
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
