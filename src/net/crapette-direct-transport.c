/* crapette-direct-transport.c: a game on the same network, over TCP and TLS
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One connection at a time carries the lines; each connection gets a new generation
 * number, and a callback of an older one finds its number stale and does nothing, so a cut
 * and a reconnect never mix the lines of two connections. Reading keeps at most one line's
 * worth of bytes: a line that grows past the limit closes the transport at once, without
 * being read to its end.
 */

#define G_LOG_DOMAIN "crapette-net"

#include "config.h"

#include "crapette-direct-transport.h"

#include <string.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <glib/gi18n-lib.h>

#include "crapette-direct-certificate.h"

#define READ_CHUNK 16384
#define RETRY_INTERVAL_MS 1000
#define MAX_RETRIES 30

struct _CrapetteDirectTransport
{
  GObject parent_instance;

  gboolean is_host;
  GSocketService *service;        /* the host's */
  guint16 port;
  GTlsCertificate *certificate;   /* the host's own */
  char *host;                     /* the guest's: where to connect */
  char *pin;                      /* the guest's: the certificate it accepts */
  gboolean pin_refused;           /* the last handshake met another certificate */

  guint generation;               /* of the connection in use, or being made */
  GIOStream *stream;              /* the TLS connection in use, or %NULL */
  GCancellable *cancellable;      /* of the connection in use, or being made */
  gboolean connecting;
  GByteArray *in;
  guint8 chunk[READ_CHUNK];
  GString *out;                   /* lines waiting to be written */
  GBytes *writing;                /* the bytes being written */
  guint retry_id;
  guint retries;
  gboolean closed;
};

static void crapette_direct_transport_iface_init (CrapetteTransportInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CrapetteDirectTransport, crapette_direct_transport,
                               G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (CRAPETTE_TYPE_TRANSPORT,
                                                      crapette_direct_transport_iface_init))

enum { PROP_0, PROP_STATE, PROP_ERROR };

/* What an asynchronous call needs to find its transport, and to know if it is stale. */
typedef struct
{
  CrapetteDirectTransport *self;
  guint generation;
} Call;

static Call *
call_new (CrapetteDirectTransport *self)
{
  Call *call = g_new (Call, 1);

  call->self = g_object_ref (self);
  call->generation = self->generation;
  return call;
}

static void
call_free (Call *call)
{
  g_object_unref (call->self);
  g_free (call);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Call, call_free)

static gboolean
call_is_current (Call *call)
{
  return !call->self->closed && call->generation == call->self->generation;
}

static void start_connecting (CrapetteDirectTransport *self);
static void start_reading (CrapetteDirectTransport *self);
static void start_writing (CrapetteDirectTransport *self);

/* ---- Losing a connection ---------------------------------------------------- */

static void
drop_stream (CrapetteDirectTransport *self)
{
  self->generation++;
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->stream != NULL)
    g_io_stream_close_async (self->stream, G_PRIORITY_DEFAULT, NULL, NULL, NULL);
  g_clear_object (&self->stream);
  g_byte_array_set_size (self->in, 0);
  g_string_truncate (self->out, 0);
  g_clear_pointer (&self->writing, g_bytes_unref);
  self->connecting = FALSE;
}

static gboolean
on_retry_cb (gpointer data)
{
  CrapetteDirectTransport *self = data;

  self->retry_id = 0;
  start_connecting (self);
  return G_SOURCE_REMOVE;
}

/* The connection is gone: the host waits for the guest to come back, the guest tries again
 * every second for a while. */
static void
lose_connection (CrapetteDirectTransport *self,
                 const char              *why)
{
  drop_stream (self);
  if (self->closed)
    return;
  if (self->is_host)
    {
      crapette_transport_set_state (CRAPETTE_TRANSPORT (self), CRAPETTE_TRANSPORT_RECONNECTING, why);
      return;
    }
  if (++self->retries > MAX_RETRIES)
    {
      crapette_transport_set_state (CRAPETTE_TRANSPORT (self), CRAPETTE_TRANSPORT_CLOSED,
                                    _("The other player’s computer cannot be reached"));
      self->closed = TRUE;
      return;
    }
  crapette_transport_set_state (CRAPETTE_TRANSPORT (self),
                                crapette_transport_get_state (CRAPETTE_TRANSPORT (self)) ==
                                CRAPETTE_TRANSPORT_CONNECTING ? CRAPETTE_TRANSPORT_CONNECTING
                                                              : CRAPETTE_TRANSPORT_RECONNECTING,
                                why);
  self->retry_id = g_timeout_add (RETRY_INTERVAL_MS, on_retry_cb, self);
}

/* For good: no more reconnecting. */
static void
close_for_good (CrapetteDirectTransport *self,
                const char              *why)
{
  self->closed = TRUE;
  drop_stream (self);
  g_clear_handle_id (&self->retry_id, g_source_remove);
  if (self->service != NULL)
    {
      g_socket_service_stop (self->service);
      g_socket_listener_close (G_SOCKET_LISTENER (self->service));
    }
  crapette_transport_set_state (CRAPETTE_TRANSPORT (self), CRAPETTE_TRANSPORT_CLOSED, why);
}

/* ---- Reading and writing ---------------------------------------------------- */

/* Hands on every whole line read; %FALSE when a line is too long to be one of ours. */
static gboolean
emit_lines (CrapetteDirectTransport *self,
            guint                    generation)
{
  gsize start = 0;

  while (generation == self->generation && !self->closed)
    {
      guint8 *newline = memchr (self->in->data + start, '\n', self->in->len - start);
      g_autofree char *line = NULL;

      if (newline == NULL)
        break;
      line = g_strndup ((const char *) self->in->data + start,
                        (gsize) (newline - (self->in->data + start)));
      start = (gsize) (newline - self->in->data) + 1;
      if (strlen (line) > CRAPETTE_TRANSPORT_MAX_LINE)
        return FALSE;
      crapette_transport_emit_received (CRAPETTE_TRANSPORT (self), line);
    }
  if (generation != self->generation || self->closed)
    return TRUE;
  g_byte_array_remove_range (self->in, 0, (guint) start);
  return self->in->len <= CRAPETTE_TRANSPORT_MAX_LINE;
}

static void
on_read_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  g_autoptr(Call) call = data;
  CrapetteDirectTransport *self = call->self;
  g_autoptr(GError) error = NULL;
  gssize n = g_input_stream_read_finish (G_INPUT_STREAM (source), result, &error);

  if (!call_is_current (call))
    return;
  if (n <= 0)
    {
      lose_connection (self, error != NULL ? error->message
                                           : _("The other player’s computer closed the connection"));
      return;
    }
  g_byte_array_append (self->in, self->chunk, (guint) n);
  if (!emit_lines (self, call->generation))
    {
      close_for_good (self, _("The other player’s computer sent a message far longer than any "
                              "game needs"));
      return;
    }
  if (call_is_current (call))
    start_reading (self);
}

static void
start_reading (CrapetteDirectTransport *self)
{
  g_input_stream_read_async (g_io_stream_get_input_stream (self->stream), self->chunk,
                             sizeof self->chunk, G_PRIORITY_DEFAULT, self->cancellable,
                             on_read_cb, call_new (self));
}

static void
on_written_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  g_autoptr(Call) call = data;
  g_autoptr(GError) error = NULL;

  if (!g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, &error))
    {
      if (call_is_current (call))
        lose_connection (call->self, error->message);
      return;
    }
  if (!call_is_current (call))
    return;
  g_clear_pointer (&call->self->writing, g_bytes_unref);
  start_writing (call->self);
}

/* Writes what has gathered since the last write, in one go. */
static void
start_writing (CrapetteDirectTransport *self)
{
  gsize size;
  gconstpointer data;

  if (self->stream == NULL || self->writing != NULL || self->out->len == 0)
    return;
  self->writing = g_bytes_new (self->out->str, self->out->len);
  g_string_truncate (self->out, 0);
  data = g_bytes_get_data (self->writing, &size);
  g_output_stream_write_all_async (g_io_stream_get_output_stream (self->stream), data, size,
                                   G_PRIORITY_DEFAULT, self->cancellable, on_written_cb,
                                   call_new (self));
}

/* ---- Making a connection ---------------------------------------------------- */

/* Moves count in milliseconds: a move must not wait for more bytes to fill a packet. */
static void
set_no_delay (GSocketConnection *connection)
{
  g_autoptr(GError) error = NULL;

  if (!g_socket_set_option (g_socket_connection_get_socket (connection), IPPROTO_TCP,
                            TCP_NODELAY, 1, &error))
    g_debug ("TCP_NODELAY: %s", error->message);
}

static void
adopt_stream (CrapetteDirectTransport *self,
              GIOStream               *stream)
{
  self->stream = g_object_ref (stream);
  self->connecting = FALSE;
  self->retries = 0;
  crapette_transport_set_state (CRAPETTE_TRANSPORT (self), CRAPETTE_TRANSPORT_CONNECTED, NULL);
  if (self->stream != NULL)
    start_reading (self);
}

static gboolean
pin_matches (CrapetteDirectTransport *self,
             GTlsCertificate         *certificate)
{
  g_autofree char *pin = certificate != NULL ? crapette_direct_certificate_get_pin (certificate)
                                             : NULL;

  return pin != NULL && g_ascii_strcasecmp (pin, self->pin) == 0;
}

/* The host's certificate is its own, signed by nobody: it is judged by its pin alone. */
static gboolean
on_accept_certificate_cb (GTlsConnection       *connection,
                          GTlsCertificate      *certificate,
                          GTlsCertificateFlags  errors,
                          gpointer              data)
{
  CrapetteDirectTransport *self = data;

  self->pin_refused = !pin_matches (self, certificate);
  return !self->pin_refused;
}

static void
on_handshake_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  g_autoptr(Call) call = data;
  CrapetteDirectTransport *self = call->self;
  GTlsConnection *tls = G_TLS_CONNECTION (source);
  g_autoptr(GError) error = NULL;
  gboolean done = g_tls_connection_handshake_finish (tls, result, &error);

  if (!call_is_current (call))
    return;
  /* Checked again after the handshake: a certificate that validated never met the pin. */
  if (done && !self->is_host && !pin_matches (self, g_tls_connection_get_peer_certificate (tls)))
    {
      done = FALSE;
      self->pin_refused = TRUE;
    }
  if (!done && self->pin_refused)
    {
      close_for_good (self, _("The game at this address is not the one you were invited to: "
                              "its certificate does not match the invitation"));
      return;
    }
  if (!done)
    {
      g_debug ("TLS handshake failed: %s", error != NULL ? error->message : "");
      if (self->is_host)
        drop_stream (self);
      else
        lose_connection (self, error != NULL ? error->message : NULL);
      return;
    }
  adopt_stream (self, G_IO_STREAM (tls));
}

static void
on_connected_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  g_autoptr(Call) call = data;
  CrapetteDirectTransport *self = call->self;
  g_autoptr(GError) error = NULL;
  g_autoptr(GSocketConnection) connection =
    g_socket_client_connect_finish (G_SOCKET_CLIENT (source), result, &error);
  g_autoptr(GIOStream) tls = NULL;
  g_autoptr(GSocketConnectable) identity = NULL;

  if (!call_is_current (call))
    return;
  if (connection == NULL)
    {
      lose_connection (self, error->message);
      return;
    }
  set_no_delay (connection);
  identity = g_network_address_new (self->host, self->port);
  tls = g_tls_client_connection_new (G_IO_STREAM (connection), identity, &error);
  if (tls == NULL)
    {
      close_for_good (self, error->message);
      return;
    }
  g_signal_connect (tls, "accept-certificate", G_CALLBACK (on_accept_certificate_cb), self);
  g_tls_connection_handshake_async (G_TLS_CONNECTION (tls), G_PRIORITY_DEFAULT,
                                    self->cancellable, on_handshake_cb, call_new (self));
}

static void
start_connecting (CrapetteDirectTransport *self)
{
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GSocketConnectable) address = g_network_address_new (self->host, self->port);

  if (self->closed)
    return;
  drop_stream (self);
  self->cancellable = g_cancellable_new ();
  self->connecting = TRUE;
  g_socket_client_set_timeout (client, 10);
  g_socket_client_connect_async (client, address, self->cancellable, on_connected_cb,
                                 call_new (self));
}

/* A guest at the door: taken if nobody is playing, its TLS handshake made with the host's
 * certificate. Anyone may knock; only the one with the key gets past the protocol. */
static gboolean
on_incoming_cb (GSocketService    *service,
                GSocketConnection *connection,
                GObject           *source,
                gpointer           data)
{
  CrapetteDirectTransport *self = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GIOStream) tls = NULL;

  if (self->closed || self->stream != NULL || self->connecting)
    return FALSE;
  set_no_delay (connection);
  tls = g_tls_server_connection_new (G_IO_STREAM (connection), self->certificate, &error);
  if (tls == NULL)
    {
      g_debug ("No TLS for the guest: %s", error->message);
      return FALSE;
    }
  drop_stream (self);
  self->cancellable = g_cancellable_new ();
  self->connecting = TRUE;
  g_tls_connection_handshake_async (G_TLS_CONNECTION (tls), G_PRIORITY_DEFAULT,
                                    self->cancellable, on_handshake_cb, call_new (self));
  return TRUE;
}

/* ---- The transport ---------------------------------------------------------- */

static void
direct_send (CrapetteTransport *transport,
             const char        *line)
{
  CrapetteDirectTransport *self = CRAPETTE_DIRECT_TRANSPORT (transport);

  if (strlen (line) > CRAPETTE_TRANSPORT_MAX_LINE || strchr (line, '\n') != NULL)
    {
      g_critical ("A line of %zu bytes, or with a newline, cannot be sent", strlen (line));
      return;
    }
  /* Without a connection the line is lost, as the interface says: the protocol sends it
   * again after the reconnect. */
  if (self->stream == NULL)
    return;
  g_string_append (self->out, line);
  g_string_append_c (self->out, '\n');
  start_writing (self);
}

static void
direct_close (CrapetteTransport *transport)
{
  close_for_good (CRAPETTE_DIRECT_TRANSPORT (transport), NULL);
}

static void
crapette_direct_transport_iface_init (CrapetteTransportInterface *iface)
{
  iface->send = direct_send;
  iface->close = direct_close;
}

static void
crapette_direct_transport_dispose (GObject *object)
{
  CrapetteDirectTransport *self = CRAPETTE_DIRECT_TRANSPORT (object);

  if (!self->closed)
    close_for_good (self, NULL);
  g_clear_object (&self->service);
  g_clear_object (&self->certificate);

  G_OBJECT_CLASS (crapette_direct_transport_parent_class)->dispose (object);
}

static void
crapette_direct_transport_finalize (GObject *object)
{
  CrapetteDirectTransport *self = CRAPETTE_DIRECT_TRANSPORT (object);

  g_byte_array_unref (self->in);
  g_string_free (self->out, TRUE);
  g_free (self->host);
  g_free (self->pin);

  G_OBJECT_CLASS (crapette_direct_transport_parent_class)->finalize (object);
}

static void
crapette_direct_transport_get_property (GObject    *object,
                                        guint       prop_id,
                                        GValue     *value,
                                        GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_enum (value, crapette_transport_get_state (CRAPETTE_TRANSPORT (object)));
      break;
    case PROP_ERROR:
      g_value_set_string (value, crapette_transport_get_error (CRAPETTE_TRANSPORT (object)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_direct_transport_class_init (CrapetteDirectTransportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = crapette_direct_transport_dispose;
  object_class->finalize = crapette_direct_transport_finalize;
  object_class->get_property = crapette_direct_transport_get_property;
  g_object_class_override_property (object_class, PROP_STATE, "state");
  g_object_class_override_property (object_class, PROP_ERROR, "error");
}

static void
crapette_direct_transport_init (CrapetteDirectTransport *self)
{
  self->in = g_byte_array_new ();
  self->out = g_string_new (NULL);
}

/* ---- Public API ------------------------------------------------------------- */

CrapetteDirectTransport *
crapette_direct_transport_listen (const char       *address,
                                  guint16           port,
                                  GTlsCertificate  *certificate,
                                  GError          **error)
{
  g_autoptr(CrapetteDirectTransport) self = NULL;
  g_autoptr(GInetAddress) inet = NULL;
  g_autoptr(GSocketAddress) socket_address = NULL;
  g_autoptr(GSocketAddress) effective = NULL;

  g_return_val_if_fail (address != NULL, NULL);
  g_return_val_if_fail (G_IS_TLS_CERTIFICATE (certificate), NULL);

  inet = g_inet_address_new_from_string (address);
  if (inet == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not an address this computer can listen on"), address);
      return NULL;
    }
  self = g_object_new (CRAPETTE_TYPE_DIRECT_TRANSPORT, NULL);
  self->is_host = TRUE;
  self->certificate = g_object_ref (certificate);
  self->service = g_socket_service_new ();
  socket_address = g_inet_socket_address_new (inet, port);
  if (!g_socket_listener_add_address (G_SOCKET_LISTENER (self->service), socket_address,
                                      G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, NULL,
                                      &effective, error))
    return NULL;
  self->port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective));
  g_signal_connect_object (self->service, "incoming", G_CALLBACK (on_incoming_cb), self, 0);
  g_socket_service_start (self->service);
  return g_steal_pointer (&self);
}

CrapetteDirectTransport *
crapette_direct_transport_connect (const char *host,
                                   guint16     port,
                                   const char *pin)
{
  CrapetteDirectTransport *self;

  g_return_val_if_fail (host != NULL, NULL);
  g_return_val_if_fail (pin != NULL, NULL);

  self = g_object_new (CRAPETTE_TYPE_DIRECT_TRANSPORT, NULL);
  self->host = g_strdup (host);
  self->port = port;
  self->pin = g_strdup (pin);
  start_connecting (self);
  return self;
}

guint16
crapette_direct_transport_get_port (CrapetteDirectTransport *self)
{
  g_return_val_if_fail (CRAPETTE_IS_DIRECT_TRANSPORT (self), 0);

  return self->port;
}

char *
crapette_direct_transport_get_short_code (CrapetteDirectTransport *self,
                                          const guint8            *key)
{
  g_autofree char *pin = NULL;

  g_return_val_if_fail (CRAPETTE_IS_DIRECT_TRANSPORT (self), NULL);

  pin = self->is_host ? crapette_direct_certificate_get_pin (self->certificate)
                      : g_strdup (self->pin);
  return pin != NULL ? crapette_direct_certificate_short_code (pin, key) : NULL;
}

gboolean
crapette_direct_transport_is_drained (CrapetteDirectTransport *self)
{
  g_return_val_if_fail (CRAPETTE_IS_DIRECT_TRANSPORT (self), TRUE);

  return self->writing == NULL && self->out->len == 0;
}
