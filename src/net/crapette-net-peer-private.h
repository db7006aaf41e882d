/* crapette-net-peer-private.h: what the network peer's source files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "crapette-net-peer.h"

#include "crapette-match.h"

G_BEGIN_DECLS

#define CRAPETTE_NET_SEED_SIZE 32

typedef struct _CrapetteNetHidden CrapetteNetHidden;

struct _CrapetteNetPeer
{
  GObject parent_instance;

  CrapetteSession *session;
  CrapetteTransport *transport;
  CrapetteNetRole role;
  guint8 key[CRAPETTE_NET_KEY_SIZE];
  char *name;
  char *peer_name;

  /* The match the host proposes, or the guest received in the host's hello. */
  CrapetteVariant variant;
  CrapetteRules rules;
  guint length;
  gboolean have_hello;            /* the other's hello was read */

  /* The deal: each end's seed, committed to before either is seen. */
  guint8 seed[CRAPETTE_NET_SEED_SIZE];
  gboolean committed;             /* our commit is sent */
  gboolean have_commit;
  guint8 peer_commit[32];
  gboolean revealed;              /* our seed is sent */
  gboolean rematch_offered, peer_rematch_offered;
  gboolean gone;                  /* the other player left after the match ended */

  CrapetteNetPeerState state;
  CrapetteNetEnd end_reason;
  char *error;

  /* Sending: every line sealed, kept to be sent again after a cut. */
  GPtrArray *sent;                /* char *, line of seq i + 1 at index i */
  guint64 flushed;                /* lines handed to the transport */
  guint64 epoch;                  /* resynchronisations sent */
  gboolean awaiting_resync;       /* after a cut, until the other's resync came */
  gboolean was_connected;
  gboolean applying_remote;       /* a move of the other player's is being played */
  guint64 call_round, call_index; /* where this end's call out was made (-call.c) */
  gboolean call_waiting;          /* the other's call, waiting for a card here to be shown */
  guint64 waiting_round, waiting_index;
  guint waiting_id;               /* plays it once the card is shown */

  /* Receiving. */
  CrapetteNetReader reader;
  guint64 peer_acked;             /* our last line the other's pings say it has heard */
  gint64 last_sent_us, last_heard_us, absent_since_us;
  gboolean ever_heard;            /* a line from the other program has passed the reader */
  gint64 flood_window_us;
  guint flood_count;
  gboolean peer_present;
  guint grace_left;
  guint silence_ms, grace_ms;
  guint tick_id;

  /* Kept on disk to rejoin after a restart (crapette-net-peer-saved.c). */
  char *state_path;
  char *carrier;                  /* how to reach the other end again, the caller's words */
  GPtrArray *moves;               /* char *, every "ROUND INDEX NOTATION" of the match */
  gboolean restoring;             /* moves kept on disk are being played again */
  CrapetteMatch *kept_match;      /* (weak) the session's match the file describes */
  char *kept_header;              /* the header last written, so it is written only on change */
  guint kept_sent, kept_moves;    /* lines and moves already in the journal */
  guint64 kept_seq;               /* the last number received already in the journal */
  guint64 kept_seed;              /* the match the journal is for */
  guint64 acting_seq;             /* a line of the hidden deal being acted on, 0 if none */

  /* The hidden deal (crapette-net-peer-hidden.c). */
  gboolean hidden_offered;        /* this end's hello offers it */
  gboolean peer_offers_hidden;    /* the other's hello did */
  gboolean hidden;                /* this match is dealt hidden */
  CrapetteNetHidden *hidden_state;

  /* The position before the last move seen, so the move can be written in notation. */
  CrapettePosition before;
  guint before_round, before_moves;
};

/* crapette-net-peer.c */
void     crapette_net_peer_send     (CrapetteNetPeer  *self,
                                     CrapetteNetKind   kind,
                                     const char       *payload);
void     crapette_net_peer_fail     (CrapetteNetPeer  *self,
                                     const GError     *error);
void     crapette_net_peer_end      (CrapetteNetPeer  *self,
                                     CrapetteNetEnd    reason,
                                     const char       *message);
void     crapette_net_peer_flush    (CrapetteNetPeer  *self);
void     crapette_net_peer_emit_preset  (CrapetteNetPeer *self,
                                         const char      *id);
void     crapette_net_peer_emit_rematch (CrapetteNetPeer *self,
                                         gboolean         accepted);
void     crapette_net_peer_mark_gone    (CrapetteNetPeer *self);
void     crapette_net_peer_restart_tick (CrapetteNetPeer *self);
void     crapette_net_peer_heard        (CrapetteNetPeer *self);

/* crapette-net-peer-saved.c */
void     crapette_net_peer_keep_state   (CrapetteNetPeer  *self);

/* crapette-net-peer-deal.c */
void     crapette_net_peer_send_hello   (CrapetteNetPeer  *self);
void     crapette_net_peer_begin_deal   (CrapetteNetPeer  *self);
gboolean crapette_net_peer_read_hello   (CrapetteNetPeer  *self,
                                         const char       *payload,
                                         GError          **error);
gboolean crapette_net_peer_read_commit  (CrapetteNetPeer  *self,
                                         const char       *payload,
                                         GError          **error);
gboolean crapette_net_peer_read_reveal  (CrapetteNetPeer  *self,
                                         const char       *payload,
                                         GError          **error);
char    *crapette_net_peer_position_hash (CrapetteNetPeer *self);

/* crapette-net-peer-call.c */
void     crapette_net_peer_watch_calls  (CrapetteNetPeer  *self);
void     crapette_net_peer_drop_waiting_call (CrapetteNetPeer *self);
gboolean crapette_net_peer_read_call    (CrapetteNetPeer  *self,
                                         const char       *payload,
                                         GError          **error);
gboolean crapette_net_peer_take_call_back (CrapetteNetPeer *self,
                                           GError         **error);
void     crapette_net_peer_keep_call    (CrapetteNetPeer  *self,
                                         GKeyFile         *file);
void     crapette_net_peer_restore_call (CrapetteNetPeer  *self,
                                         GKeyFile         *file);
void     crapette_net_peer_resume_waiting_call (CrapetteNetPeer *self,
                                                GKeyFile        *file);

/* crapette-net-peer-hidden.c */
void     crapette_net_peer_hidden_start_match (CrapetteNetPeer *self);
void     crapette_net_peer_hidden_free  (CrapetteNetPeer  *self);
gboolean crapette_net_peer_read_deck    (CrapetteNetPeer  *self,
                                         const char       *payload,
                                         GError          **error);
gboolean crapette_net_peer_read_key     (CrapetteNetPeer  *self,
                                         const char       *payload,
                                         GError          **error);
gboolean crapette_net_peer_hidden_check_move (CrapetteNetPeer *self,
                                              const char      *payload,
                                              GError         **error);
gboolean crapette_net_peer_hidden_check_acked (CrapetteNetPeer *self,
                                               GError         **error);
gboolean crapette_net_peer_read_secret  (CrapetteNetPeer  *self,
                                         const char       *payload,
                                         GError          **error);
void     crapette_net_peer_keep_hidden  (CrapetteNetPeer  *self,
                                         GKeyFile         *file);
gboolean crapette_net_peer_restore_hidden (CrapetteNetPeer *self,
                                           GKeyFile        *file,
                                           GError         **error);
void     crapette_net_peer_hidden_show_opened (CrapetteNetPeer *self);
void     crapette_net_peer_hidden_resume (CrapetteNetPeer *self);

/* crapette-net-peer-receive.c */
gboolean crapette_net_peer_refuse       (GError          **error,
                                         int               code,
                                         const char       *message);
gboolean crapette_net_peer_refuse_order (GError          **error);
gboolean crapette_net_peer_refuse_garbage (GError        **error);
void     crapette_net_peer_receive      (CrapetteNetPeer  *self,
                                         const char       *line);
void     crapette_net_peer_send_resync  (CrapetteNetPeer  *self);
gboolean crapette_net_split_move        (const char       *payload,
                                         guint64          *round_number,
                                         guint64          *index,
                                         const char      **notation);

G_END_DECLS
