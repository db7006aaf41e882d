/* crapette-net-peer.c: this program's end of a network match
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every line this end seals is kept, numbered, until the match is over, so that after a cut
 * the lines the other end missed go again exactly as they were (their MACs still hold) and
 * nothing is played twice. A tick each second sends a ping when nothing else went out for a
 * while, notices a silent peer and counts its grace period down. The hello and the deal are
 * in crapette-net-peer-deal.c, reading messages in crapette-net-peer-receive.c.
 */

#define G_LOG_DOMAIN "crapette-net"

#include "config.h"

#include "crapette-net-peer.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "crapette-net-peer-private.h"
#include "crapette-notation.h"

#define DEFAULT_SILENCE_MS 10000
#define DEFAULT_GRACE_MS 60000

G_DEFINE_FINAL_TYPE (CrapetteNetPeer, crapette_net_peer, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STATE,
  PROP_END_REASON,
  PROP_ERROR,
  PROP_PEER_NAME,
  PROP_PEER_PRESENT,
  PROP_GRACE_LEFT,
  PROP_DEAL_HIDDEN,
  N_PROPS
};

enum {
  PRESET_RECEIVED,
  REMATCH_OFFERED,
  REMATCH_ACCEPTED,
  ENDED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static const char *const preset_ids[] = { CRAPETTE_NET_PRESETS, NULL };

gboolean
crapette_net_preset_is_known (const char *id)
{
  g_return_val_if_fail (id != NULL, FALSE);

  return g_strv_contains (preset_ids, id);
}

/* ---- Sending ---------------------------------------------------------------- */

static gboolean
may_send_now (CrapetteNetPeer *self)
{
  return self->transport != NULL && !self->awaiting_resync &&
         crapette_transport_get_state (self->transport) == CRAPETTE_TRANSPORT_CONNECTED;
}

/* Hands the transport every kept line it has not carried yet, when it is connected. */
void
crapette_net_peer_flush (CrapetteNetPeer *self)
{
  if (!may_send_now (self))
    return;
  while (self->flushed < self->sent->len)
    crapette_transport_send (self->transport, g_ptr_array_index (self->sent, self->flushed++));
  self->last_sent_us = g_get_monotonic_time ();
}

/* Seals the next message, keeps it and sends it if the connection allows. */
void
crapette_net_peer_send (CrapetteNetPeer *self,
                        CrapetteNetKind  kind,
                        const char      *payload)
{
  if (self->state == CRAPETTE_NET_PEER_FAILED)
    return;
  g_ptr_array_add (self->sent, crapette_net_message_seal (self->key, self->role,
                                                          self->sent->len + 1, kind, payload));
  /* On disk before it goes out: after a restart the line is sent again, never forgotten. */
  crapette_net_peer_keep_state (self);
  crapette_net_peer_flush (self);
}

/* ---- Ending ----------------------------------------------------------------- */

static void
set_error (CrapetteNetPeer *self,
           const char      *message)
{
  if (g_strcmp0 (self->error, message) == 0)
    return;
  g_free (self->error);
  self->error = g_strdup (message);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
}

/* A resignation is written in the match's own record, with who gave up, so that the match
 * saved or exported says so (docs/notation.md, "Matches"). */
static void
record_resignation (CrapetteNetPeer *self,
                    CrapetteNetEnd   reason)
{
  CrapetteMatch *match = crapette_session_get_match (self->session);
  CrapetteSeat remote = crapette_net_peer_get_remote_seat (self);

  if (match == NULL || remote == CRAPETTE_NO_SEAT)
    return;
  if (reason == CRAPETTE_NET_END_RESIGNED)
    crapette_match_resign (match, crapette_seat_opponent (remote));
  else if (reason == CRAPETTE_NET_END_PEER_RESIGNED)
    crapette_match_resign (match, remote);
}

void
crapette_net_peer_end (CrapetteNetPeer *self,
                       CrapetteNetEnd   reason,
                       const char      *message)
{
  if (self->state == CRAPETTE_NET_PEER_FAILED || self->state == CRAPETTE_NET_PEER_ENDED)
    return;
  self->state = reason == CRAPETTE_NET_END_PEER_FAULT ? CRAPETTE_NET_PEER_FAILED
                                                      : CRAPETTE_NET_PEER_ENDED;
  self->end_reason = reason;
  record_resignation (self, reason);
  g_object_freeze_notify (G_OBJECT (self));
  if (message != NULL)
    set_error (self, message);
  crapette_net_peer_keep_state (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_END_REASON]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
  g_object_thaw_notify (G_OBJECT (self));
  g_signal_emit (self, signals[ENDED], 0);
}

/* The other program broke the protocol or the rules: the match ends as its fault. The
 * session keeps the match as it stands, so the record of every move played is kept. */
void
crapette_net_peer_fail (CrapetteNetPeer *self,
                        const GError    *error)
{
  g_debug ("Network match ended: %s", error->message);
  crapette_net_peer_end (self, CRAPETTE_NET_END_PEER_FAULT, error->message);
  if (self->transport != NULL)
    crapette_transport_close (self->transport);
}

void
crapette_net_peer_emit_preset (CrapetteNetPeer *self,
                               const char      *id)
{
  g_signal_emit (self, signals[PRESET_RECEIVED], 0, id);
}

void
crapette_net_peer_emit_rematch (CrapetteNetPeer *self,
                                gboolean         accepted)
{
  g_signal_emit (self, signals[accepted ? REMATCH_ACCEPTED : REMATCH_OFFERED], 0);
}

/* The other player left after the match ended: gone at once, not after the silence. */
void
crapette_net_peer_mark_gone (CrapetteNetPeer *self)
{
  self->gone = TRUE;
  if (self->peer_present)
    {
      self->peer_present = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PEER_PRESENT]);
    }
}

/* ---- The game's moves ------------------------------------------------------- */

/* The local player's move goes to the other end as "ROUND INDEX NOTATION"; the other
 * player's own moves, played here from the network, do not go back. */
static void
on_move_applied_cb (CrapetteGame       *game,
                    const CrapetteMove *move,
                    CrapetteNetPeer    *self)
{
  const CrapetteRound *round = crapette_game_get_round (game);
  CrapetteMatch *match = crapette_session_get_match (self->session);
  guint n_moves = crapette_round_get_n_moves (round);
  guint round_number = match != NULL ? crapette_match_get_round_number (match) : 0;
  CrapettePosition before;

  if (self->before_round == round_number && self->before_moves + 1 == n_moves)
    before = self->before;
  else
    crapette_round_get_position_after (round, n_moves - 1, &before);
  self->before = *crapette_round_get_position (round);
  self->before_round = round_number;
  self->before_moves = n_moves;

  if (self->applying_remote || self->state != CRAPETTE_NET_PEER_PLAYING)
    return;
  {
    g_autofree char *notation = crapette_notation_format_move (&before, move);
    g_autofree char *payload = g_strdup_printf ("%u %u %s", round_number, n_moves - 1, notation);

    g_ptr_array_add (self->moves, g_strdup (payload));
    crapette_net_peer_send (self, CRAPETTE_NET_MOVE, payload);
  }
}

static void
on_round_started_cb (CrapetteGame    *game,
                     CrapetteNetPeer *self)
{
  CrapetteMatch *match = crapette_session_get_match (self->session);
  const CrapetteRound *round = crapette_game_get_round (game);

  self->before = *crapette_round_get_position (round);
  self->before_round = match != NULL ? crapette_match_get_round_number (match) : 0;
  self->before_moves = crapette_round_get_n_moves (round);
}

/* ---- The connection --------------------------------------------------------- */

static void
on_received_cb (CrapetteTransport *transport,
                const char        *line,
                CrapetteNetPeer   *self)
{
  g_autoptr(CrapetteNetPeer) hold = g_object_ref (self);

  crapette_net_peer_receive (self, line);
}

/* A connection back after a cut: nothing more goes out until both ends have said where
 * they stand, so the lines lost in the cut go again first, in order. */
static void
on_transport_state_cb (CrapetteTransport *transport,
                       GParamSpec        *pspec,
                       CrapetteNetPeer   *self)
{
  if (crapette_transport_get_state (transport) != CRAPETTE_TRANSPORT_CONNECTED)
    return;
  self->last_heard_us = g_get_monotonic_time ();
  if (self->was_connected && self->state != CRAPETTE_NET_PEER_FAILED)
    {
      self->awaiting_resync = TRUE;
      crapette_net_peer_send_resync (self);
      return;
    }
  self->was_connected = TRUE;
  crapette_net_peer_flush (self);
}

static void
attach_transport (CrapetteNetPeer   *self,
                  CrapetteTransport *transport)
{
  if (self->transport != NULL)
    g_signal_handlers_disconnect_by_data (self->transport, self);
  g_set_object (&self->transport, transport);
  g_signal_connect_object (transport, "received", G_CALLBACK (on_received_cb), self, 0);
  g_signal_connect_object (transport, "notify::state", G_CALLBACK (on_transport_state_cb),
                           self, 0);
}

/* ---- Keepalive and the grace period ----------------------------------------- */

static void
set_presence (CrapetteNetPeer *self,
              gboolean         present,
              guint            grace_left)
{
  if (self->peer_present != present)
    {
      self->peer_present = present;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PEER_PRESENT]);
    }
  if (self->grace_left != grace_left)
    {
      self->grace_left = grace_left;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GRACE_LEFT]);
    }
}

/* A line from the other program has passed the reader: it is there, now, not only at the
 * next tick (up to a second later, while the status would still count the grace down). */
void
crapette_net_peer_heard (CrapetteNetPeer *self)
{
  self->last_heard_us = g_get_monotonic_time ();
  self->ever_heard = TRUE;
  if (self->state == CRAPETTE_NET_PEER_FAILED || self->gone || self->transport == NULL ||
      crapette_transport_get_state (self->transport) != CRAPETTE_TRANSPORT_CONNECTED)
    return;
  self->absent_since_us = 0;
  set_presence (self, TRUE, (guint) (((gint64) self->grace_ms * 1000 + 999999) / G_USEC_PER_SEC));
}

static gboolean
on_tick_cb (gpointer data)
{
  CrapetteNetPeer *self = data;
  gint64 now = g_get_monotonic_time ();
  gboolean connected = self->transport != NULL &&
                       crapette_transport_get_state (self->transport) == CRAPETTE_TRANSPORT_CONNECTED;
  gint64 grace_us = (gint64) self->grace_ms * 1000;

  /* After a match ends the two stay connected, for a rematch, until one leaves. */
  if (self->state == CRAPETTE_NET_PEER_FAILED || self->gone)
    return G_SOURCE_CONTINUE;
  /* A third of the silence the other end allows (both use the same, 10 s by default). The
   * ping says which of the other's lines this end has heard: what the hidden deal's limit
   * counts from (crapette-net-peer-hidden.c). */
  if (may_send_now (self) && now - self->last_sent_us >= (gint64) self->silence_ms * 1000 / 3)
    {
      char heard[G_ASCII_DTOSTR_BUF_SIZE];

      g_snprintf (heard, sizeof heard, "%" G_GUINT64_FORMAT, self->reader.last_seq);
      crapette_net_peer_send (self, CRAPETTE_NET_PING, heard);
    }

  /* Connected is not enough: in an XMPP room we are connected before the friend has come. */
  if (connected && self->ever_heard && now - self->last_heard_us < (gint64) self->silence_ms * 1000)
    {
      self->absent_since_us = 0;
      set_presence (self, TRUE, (guint) ((grace_us + 999999) / G_USEC_PER_SEC));
      return G_SOURCE_CONTINUE;
    }
  if (self->absent_since_us == 0)
    self->absent_since_us = now;
  set_presence (self, FALSE, (guint) ((MAX (0, grace_us - (now - self->absent_since_us)) +
                                       G_USEC_PER_SEC - 1) / G_USEC_PER_SEC));
  return G_SOURCE_CONTINUE;
}

void
crapette_net_peer_restart_tick (CrapetteNetPeer *self)
{
  guint interval = MIN (1000, MAX (50, self->silence_ms / 6));

  g_clear_handle_id (&self->tick_id, g_source_remove);
  self->tick_id = g_timeout_add (interval, on_tick_cb, self);
}

/* ---- GObject ---------------------------------------------------------------- */

static void
crapette_net_peer_dispose (GObject *object)
{
  CrapetteNetPeer *self = CRAPETTE_NET_PEER (object);

  g_clear_handle_id (&self->tick_id, g_source_remove);
  g_clear_weak_pointer (&self->kept_match);
  crapette_net_peer_drop_waiting_call (self);
  crapette_net_peer_hidden_free (self);
  if (self->transport != NULL)
    g_signal_handlers_disconnect_by_data (self->transport, self);
  if (self->session != NULL)
    {
      g_signal_handlers_disconnect_by_data (crapette_session_get_game (self->session), self);
      if (crapette_session_get_remote_seat (self->session) == crapette_net_peer_get_remote_seat (self))
        crapette_session_set_remote_seat (self->session, CRAPETTE_NO_SEAT);
    }
  g_clear_object (&self->transport);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (crapette_net_peer_parent_class)->dispose (object);
}

static void
crapette_net_peer_finalize (GObject *object)
{
  CrapetteNetPeer *self = CRAPETTE_NET_PEER (object);

  memset (self->key, 0, sizeof self->key);
  memset (&self->reader, 0, sizeof self->reader);
  g_ptr_array_unref (self->sent);
  g_ptr_array_unref (self->moves);
  g_free (self->state_path);
  g_free (self->kept_header);
  g_free (self->carrier);
  g_free (self->name);
  g_free (self->peer_name);
  g_free (self->error);

  G_OBJECT_CLASS (crapette_net_peer_parent_class)->finalize (object);
}

static void
crapette_net_peer_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  CrapetteNetPeer *self = CRAPETTE_NET_PEER (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;
    case PROP_END_REASON:
      g_value_set_enum (value, self->end_reason);
      break;
    case PROP_ERROR:
      g_value_set_string (value, self->error);
      break;
    case PROP_PEER_NAME:
      g_value_set_string (value, self->peer_name);
      break;
    case PROP_PEER_PRESENT:
      g_value_set_boolean (value, self->peer_present);
      break;
    case PROP_GRACE_LEFT:
      g_value_set_uint (value, self->grace_left);
      break;
    case PROP_DEAL_HIDDEN:
      g_value_set_boolean (value, self->hidden);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_net_peer_class_init (CrapetteNetPeerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = crapette_net_peer_dispose;
  object_class->finalize = crapette_net_peer_finalize;
  object_class->get_property = crapette_net_peer_get_property;

  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL, CRAPETTE_TYPE_NET_PEER_STATE,
                       CRAPETTE_NET_PEER_AGREEING, flags);
  properties[PROP_END_REASON] =
    g_param_spec_enum ("end-reason", NULL, NULL, CRAPETTE_TYPE_NET_END, CRAPETTE_NET_END_NONE,
                       flags);
  properties[PROP_ERROR] = g_param_spec_string ("error", NULL, NULL, NULL, flags);
  properties[PROP_PEER_NAME] = g_param_spec_string ("peer-name", NULL, NULL, NULL, flags);
  properties[PROP_PEER_PRESENT] =
    g_param_spec_boolean ("peer-present", NULL, NULL, FALSE, flags);
  /* Whole seconds left before an absent player's match may be claimed. */
  properties[PROP_GRACE_LEFT] =
    g_param_spec_uint ("grace-left", NULL, NULL, 0, G_MAXUINT, 0, flags);
  /* The match is dealt hidden (both offered it), not by seed (crapette-net-peer-hidden.c). */
  properties[PROP_DEAL_HIDDEN] =
    g_param_spec_boolean ("deal-hidden", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[PRESET_RECEIVED] =
    g_signal_new ("preset-received", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[REMATCH_OFFERED] =
    g_signal_new ("rematch-offered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 0);
  signals[REMATCH_ACCEPTED] =
    g_signal_new ("rematch-accepted", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 0);
  signals[ENDED] =
    g_signal_new ("ended", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
crapette_net_peer_init (CrapetteNetPeer *self)
{
  self->sent = g_ptr_array_new_with_free_func (g_free);
  /* NULL-terminated, so it can be written as a list as it stands. */
  self->moves = g_ptr_array_new_null_terminated (0, g_free, TRUE);
  self->silence_ms = DEFAULT_SILENCE_MS;
  self->grace_ms = DEFAULT_GRACE_MS;
  self->variant = CRAPETTE_VARIANT_RUSSIAN;
  self->length = 300;
  crapette_rules_init_default (&self->rules);
}

/* ---- Public API ------------------------------------------------------------- */

CrapetteNetPeer *
crapette_net_peer_new (CrapetteSession   *session,
                       CrapetteTransport *transport,
                       CrapetteNetRole    role,
                       const guint8      *key,
                       const char        *name)
{
  CrapetteNetPeer *self;
  CrapetteGame *game;

  g_return_val_if_fail (CRAPETTE_IS_SESSION (session), NULL);
  g_return_val_if_fail (CRAPETTE_IS_TRANSPORT (transport), NULL);
  g_return_val_if_fail (key != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  self = g_object_new (CRAPETTE_TYPE_NET_PEER, NULL);
  self->session = g_object_ref (session);
  self->role = role;
  memcpy (self->key, key, CRAPETTE_NET_KEY_SIZE);
  self->name = g_utf8_make_valid (name, -1);
  crapette_net_reader_init (&self->reader, key, role == CRAPETTE_NET_ROLE_HOST
                                                ? CRAPETTE_NET_ROLE_GUEST : CRAPETTE_NET_ROLE_HOST);
  attach_transport (self, transport);
  game = crapette_session_get_game (session);
  g_signal_connect_object (game, "move-applied", G_CALLBACK (on_move_applied_cb), self, 0);
  g_signal_connect_object (game, "round-started", G_CALLBACK (on_round_started_cb), self, 0);
  crapette_net_peer_watch_calls (self);
  return self;
}

void
crapette_net_peer_set_match (CrapetteNetPeer     *self,
                             CrapetteVariant      variant,
                             const CrapetteRules *rules,
                             guint                length)
{
  g_return_if_fail (CRAPETTE_IS_NET_PEER (self));
  g_return_if_fail (self->role == CRAPETTE_NET_ROLE_HOST);
  g_return_if_fail (variant < CRAPETTE_N_VARIANTS);
  g_return_if_fail (rules != NULL);
  g_return_if_fail (crapette_match_length_is_valid (variant, length));

  self->variant = variant;
  self->rules = *rules;
  self->length = length;
}

void
crapette_net_peer_start (CrapetteNetPeer *self)
{
  g_return_if_fail (CRAPETTE_IS_NET_PEER (self));
  g_return_if_fail (self->sent->len == 0);

  self->last_heard_us = g_get_monotonic_time ();
  self->was_connected = crapette_transport_get_state (self->transport) == CRAPETTE_TRANSPORT_CONNECTED;
  crapette_net_peer_send_hello (self);
  crapette_net_peer_begin_deal (self);
  crapette_net_peer_restart_tick (self);
}

void
crapette_net_peer_set_transport (CrapetteNetPeer   *self,
                                 CrapetteTransport *transport)
{
  g_return_if_fail (CRAPETTE_IS_NET_PEER (self));
  g_return_if_fail (CRAPETTE_IS_TRANSPORT (transport));

  attach_transport (self, transport);
  self->was_connected = TRUE;
  if (crapette_transport_get_state (transport) == CRAPETTE_TRANSPORT_CONNECTED)
    on_transport_state_cb (transport, NULL, self);
}

CrapetteTransport *
crapette_net_peer_get_transport (CrapetteNetPeer *self)
{
  g_return_val_if_fail (CRAPETTE_IS_NET_PEER (self), NULL);

  return self->transport;
}

CrapetteNetPeerState
crapette_net_peer_get_state (CrapetteNetPeer *self)
{
  g_return_val_if_fail (CRAPETTE_IS_NET_PEER (self), CRAPETTE_NET_PEER_FAILED);

  return self->state;
}

CrapetteNetEnd
crapette_net_peer_get_end_reason (CrapetteNetPeer *self)
{
  g_return_val_if_fail (CRAPETTE_IS_NET_PEER (self), CRAPETTE_NET_END_NONE);

  return self->end_reason;
}

const char *
crapette_net_peer_get_error (CrapetteNetPeer *self)
{
  g_return_val_if_fail (CRAPETTE_IS_NET_PEER (self), NULL);

  return self->error;
}

const char *
crapette_net_peer_get_peer_name (CrapetteNetPeer *self)
{
  g_return_val_if_fail (CRAPETTE_IS_NET_PEER (self), NULL);

  return self->peer_name;
}

CrapetteSeat
crapette_net_peer_get_remote_seat (CrapetteNetPeer *self)
{
  g_return_val_if_fail (CRAPETTE_IS_NET_PEER (self), CRAPETTE_NO_SEAT);

  return self->role == CRAPETTE_NET_ROLE_HOST ? CRAPETTE_NORTH : CRAPETTE_SOUTH;
}

gboolean
crapette_net_peer_get_peer_said_goodbye (CrapetteNetPeer *self)
{
  g_return_val_if_fail (CRAPETTE_IS_NET_PEER (self), FALSE);

  return self->gone;
}

gboolean
crapette_net_peer_get_peer_present (CrapetteNetPeer *self)
{
  g_return_val_if_fail (CRAPETTE_IS_NET_PEER (self), FALSE);

  return self->peer_present;
}

guint
crapette_net_peer_get_grace_left (CrapetteNetPeer *self)
{
  g_return_val_if_fail (CRAPETTE_IS_NET_PEER (self), 0);

  return self->grace_left;
}

void
crapette_net_peer_set_timing (CrapetteNetPeer *self,
                              guint            silence_ms,
                              guint            grace_ms)
{
  g_return_if_fail (CRAPETTE_IS_NET_PEER (self));
  g_return_if_fail (silence_ms > 0);

  self->silence_ms = silence_ms;
  self->grace_ms = grace_ms;
  if (self->tick_id != 0)
    crapette_net_peer_restart_tick (self);
}

gboolean
crapette_net_peer_send_preset (CrapetteNetPeer *self,
                               const char      *id)
{
  g_return_val_if_fail (CRAPETTE_IS_NET_PEER (self), FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  if (!crapette_net_preset_is_known (id) || self->state == CRAPETTE_NET_PEER_FAILED)
    return FALSE;
  crapette_net_peer_send (self, CRAPETTE_NET_PRESET, id);
  return TRUE;
}

void
crapette_net_peer_resign (CrapetteNetPeer *self)
{
  g_return_if_fail (CRAPETTE_IS_NET_PEER (self));

  if (self->state != CRAPETTE_NET_PEER_PLAYING)
    return;
  crapette_net_peer_send (self, CRAPETTE_NET_RESIGN, "");
  crapette_net_peer_end (self, CRAPETTE_NET_END_RESIGNED, NULL);
}

gboolean
crapette_net_peer_can_offer_rematch (CrapetteNetPeer *self)
{
  CrapetteMatch *match;

  g_return_val_if_fail (CRAPETTE_IS_NET_PEER (self), FALSE);

  match = crapette_session_get_match (self->session);
  if (self->rematch_offered || self->gone)
    return FALSE;
  if (self->state == CRAPETTE_NET_PEER_ENDED)
    return self->end_reason == CRAPETTE_NET_END_RESIGNED ||
           self->end_reason == CRAPETTE_NET_END_PEER_RESIGNED;
  return self->state == CRAPETTE_NET_PEER_PLAYING && match != NULL &&
         crapette_match_is_finished (match);
}

gboolean
crapette_net_peer_get_rematch_offered (CrapetteNetPeer *self,
                                       gboolean         by_peer)
{
  g_return_val_if_fail (CRAPETTE_IS_NET_PEER (self), FALSE);

  return by_peer ? self->peer_rematch_offered : self->rematch_offered;
}

gboolean
crapette_net_peer_offer_rematch (CrapetteNetPeer *self)
{
  g_return_val_if_fail (CRAPETTE_IS_NET_PEER (self), FALSE);

  if (!crapette_net_peer_can_offer_rematch (self))
    return FALSE;
  self->rematch_offered = TRUE;
  crapette_net_peer_send (self, CRAPETTE_NET_REMATCH, "");
  if (self->peer_rematch_offered)
    crapette_net_peer_begin_deal (self);
  return TRUE;
}

gboolean
crapette_net_peer_claim (CrapetteNetPeer  *self,
                         GError          **error)
{
  g_return_val_if_fail (CRAPETTE_IS_NET_PEER (self), FALSE);

  /* Judged on the clock itself, not on the last tick's countdown. */
  if (self->state != CRAPETTE_NET_PEER_PLAYING || self->peer_present ||
      self->absent_since_us == 0 ||
      g_get_monotonic_time () - self->absent_since_us < (gint64) self->grace_ms * 1000)
    {
      g_set_error_literal (error, CRAPETTE_NET_ERROR, CRAPETTE_NET_ERROR_PROTOCOL,
                           _("The other player may still come back: wait until the time "
                             "runs out"));
      return FALSE;
    }
  crapette_net_peer_send (self, CRAPETTE_NET_BYE, "");
  crapette_net_peer_end (self, CRAPETTE_NET_END_CLAIMED, NULL);
  return TRUE;
}

void
crapette_net_peer_leave (CrapetteNetPeer *self)
{
  g_return_if_fail (CRAPETTE_IS_NET_PEER (self));

  if (self->state != CRAPETTE_NET_PEER_FAILED)
    crapette_net_peer_send (self, CRAPETTE_NET_BYE, "");
  crapette_net_peer_end (self, CRAPETTE_NET_END_LEFT, NULL);
}
