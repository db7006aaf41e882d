/* crapette-transport.c: a channel that carries one peer's messages to the other
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-net"

#include "config.h"

#include "crapette-transport.h"

/* What the interface keeps for every transport, whatever its kind. */
typedef struct
{
  CrapetteTransportState state;
  char *error;
} TransportState;

enum
{
  SIGNAL_RECEIVED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];
static GQuark state_quark;

G_DEFINE_INTERFACE (CrapetteTransport, crapette_transport, G_TYPE_OBJECT)

GType
crapette_transport_state_get_type (void)
{
  static gsize type_id = 0;
  static const GEnumValue values[] = {
    { CRAPETTE_TRANSPORT_CONNECTING, "CRAPETTE_TRANSPORT_CONNECTING", "connecting" },
    { CRAPETTE_TRANSPORT_CONNECTED, "CRAPETTE_TRANSPORT_CONNECTED", "connected" },
    { CRAPETTE_TRANSPORT_RECONNECTING, "CRAPETTE_TRANSPORT_RECONNECTING", "reconnecting" },
    { CRAPETTE_TRANSPORT_CLOSED, "CRAPETTE_TRANSPORT_CLOSED", "closed" },
    { 0, NULL, NULL },
  };

  if (g_once_init_enter (&type_id))
    g_once_init_leave (&type_id, g_enum_register_static ("CrapetteTransportState", values));
  return type_id;
}

static void
free_transport_state (gpointer data)
{
  TransportState *state = data;

  g_free (state->error);
  g_free (state);
}

static TransportState *
get_transport_state (CrapetteTransport *self)
{
  TransportState *state = g_object_get_qdata (G_OBJECT (self), state_quark);

  if (state == NULL)
    {
      state = g_new0 (TransportState, 1);
      state->state = CRAPETTE_TRANSPORT_CONNECTING;
      g_object_set_qdata_full (G_OBJECT (self), state_quark, state, free_transport_state);
    }
  return state;
}

static void
crapette_transport_default_init (CrapetteTransportInterface *iface)
{
  state_quark = g_quark_from_static_string ("crapette-transport-state");

  g_object_interface_install_property (iface,
    g_param_spec_enum ("state", NULL, NULL,
                       CRAPETTE_TYPE_TRANSPORT_STATE, CRAPETTE_TRANSPORT_CONNECTING,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_interface_install_property (iface,
    g_param_spec_string ("error", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  signals[SIGNAL_RECEIVED] =
    g_signal_new ("received",
                  G_TYPE_FROM_INTERFACE (iface),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

void
crapette_transport_send (CrapetteTransport *self,
                         const char        *line)
{
  g_return_if_fail (CRAPETTE_IS_TRANSPORT (self));
  g_return_if_fail (line != NULL);

  CRAPETTE_TRANSPORT_GET_IFACE (self)->send (self, line);
}

void
crapette_transport_close (CrapetteTransport *self)
{
  g_return_if_fail (CRAPETTE_IS_TRANSPORT (self));

  CRAPETTE_TRANSPORT_GET_IFACE (self)->close (self);
}

CrapetteTransportState
crapette_transport_get_state (CrapetteTransport *self)
{
  g_return_val_if_fail (CRAPETTE_IS_TRANSPORT (self), CRAPETTE_TRANSPORT_CLOSED);

  return get_transport_state (self)->state;
}

const char *
crapette_transport_get_error (CrapetteTransport *self)
{
  g_return_val_if_fail (CRAPETTE_IS_TRANSPORT (self), NULL);

  return get_transport_state (self)->error;
}

void
crapette_transport_set_state (CrapetteTransport      *self,
                              CrapetteTransportState  state,
                              const char             *error)
{
  TransportState *current;

  g_return_if_fail (CRAPETTE_IS_TRANSPORT (self));

  current = get_transport_state (self);
  if (g_strcmp0 (current->error, error) != 0)
    {
      g_free (current->error);
      current->error = g_strdup (error);
      g_object_notify (G_OBJECT (self), "error");
    }
  if (current->state != state)
    {
      current->state = state;
      g_object_notify (G_OBJECT (self), "state");
    }
}

void
crapette_transport_emit_received (CrapetteTransport *self,
                                  const char        *line)
{
  g_return_if_fail (CRAPETTE_IS_TRANSPORT (self));

  g_signal_emit (self, signals[SIGNAL_RECEIVED], 0, line);
}
