/* crapette-transport.h: a channel that carries one peer's messages to the other
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A #CrapetteTransport carries whole messages, each a line of UTF-8 text without its
 * newline, between the two programs of a network match, in order and without loss while it
 * is connected. It knows nothing of the game: the protocol (crapette-net-protocol.h) frames,
 * authenticates and numbers what it sends. Two kinds implement it: a direct TCP + TLS
 * connection on the same network and a multi-user chat room on an XMPP server.
 *
 * Every signal is emitted on the main context the transport was made in, never from a
 * worker thread, and crapette_transport_send() returns at once: a transport that talks to
 * its network in a thread of its own queues the line for that thread.
 *
 *   ::received   a message arrived from the peer (@line: its text, without the newline)
 *   :state       #CrapetteTransportState: connecting, connected, reconnecting, closed
 *   :error       the last error, as a sentence a person can read, or %NULL
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The longest message a transport carries; a longer one, sent or received, is an error. */
#define CRAPETTE_TRANSPORT_MAX_LINE (64 * 1024)

typedef enum
{
  CRAPETTE_TRANSPORT_CONNECTING,
  CRAPETTE_TRANSPORT_CONNECTED,
  CRAPETTE_TRANSPORT_RECONNECTING,
  CRAPETTE_TRANSPORT_CLOSED,
} CrapetteTransportState;

#define CRAPETTE_TYPE_TRANSPORT_STATE (crapette_transport_state_get_type ())
GType crapette_transport_state_get_type (void);

#define CRAPETTE_TYPE_TRANSPORT (crapette_transport_get_type ())

G_DECLARE_INTERFACE (CrapetteTransport, crapette_transport, CRAPETTE, TRANSPORT, GObject)

/**
 * CrapetteTransportInterface:
 * @send: queue @line (no newline, at most %CRAPETTE_TRANSPORT_MAX_LINE bytes) for the peer
 * @close: let go of the connection for good; :state becomes closed
 */
struct _CrapetteTransportInterface
{
  GTypeInterface parent_iface;

  void (*send)  (CrapetteTransport *self,
                 const char        *line);
  void (*close) (CrapetteTransport *self);
};

/* Queues @line for the peer; returns at once. */
void                    crapette_transport_send      (CrapetteTransport *self,
                                                      const char        *line);

/* Lets go of the connection for good. */
void                    crapette_transport_close     (CrapetteTransport *self);

/* Returns whether the transport is connecting, connected, reconnecting or closed. */
CrapetteTransportState  crapette_transport_get_state (CrapetteTransport *self);

/* Returns the last error as a sentence a person can read, or %NULL. */
const char             *crapette_transport_get_error (CrapetteTransport *self);

/* For implementations: sets :state (and :error, which may be %NULL), notifying if changed. */
void                    crapette_transport_set_state (CrapetteTransport      *self,
                                                      CrapetteTransportState  state,
                                                      const char             *error);

/* For implementations: emits ::received for @line, on the transport's main context. */
void                    crapette_transport_emit_received (CrapetteTransport *self,
                                                          const char        *line);

G_END_DECLS
