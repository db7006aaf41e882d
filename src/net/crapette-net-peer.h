/* crapette-net-peer.h: this program's end of a network match
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A #CrapetteNetPeer speaks the protocol of docs/network.md over a #CrapetteTransport for a
 * #CrapetteSession. It agrees the match with the other program (hello, then the deal by
 * commit and reveal), starts it on the session with the other player at the remote seat
 * (the host sits South, the guest North), sends the local player's moves as they are played
 * and plays the other player's through the session's judge. Anything the other program
 * sends that the protocol or the rules refuse ends the match as its fault, with the record
 * kept as it stands.
 *
 *   ::preset-received   the other player sent a short message (@id: good-game, …)
 *   ::rematch-offered   the other player offers a new match
 *   ::rematch-accepted  the other player accepted this end's offer: the new deal begins
 *   ::ended             the match across the network is over (see :end-reason and :error)
 *   :state, :end-reason, :error, :peer-name, :peer-present, :grace-left
 */

#pragma once

#include <gio/gio.h>

#include "crapette-net-message.h"
#include "crapette-net-enums.h"
#include "crapette-session.h"
#include "crapette-transport.h"

G_BEGIN_DECLS

typedef enum
{
  CRAPETTE_NET_PEER_AGREEING,   /* hello and the deal */
  CRAPETTE_NET_PEER_PLAYING,    /* the match is on the table */
  CRAPETTE_NET_PEER_ENDED,      /* over: finished, resigned, left or claimed */
  CRAPETTE_NET_PEER_FAILED,     /* the other program broke the protocol or the rules */
} CrapetteNetPeerState;

typedef enum
{
  CRAPETTE_NET_END_NONE,
  CRAPETTE_NET_END_RESIGNED,        /* the local player gave up */
  CRAPETTE_NET_END_PEER_RESIGNED,   /* the other player gave up */
  CRAPETTE_NET_END_LEFT,            /* the local player left */
  CRAPETTE_NET_END_PEER_LEFT,       /* the other player left */
  CRAPETTE_NET_END_CLAIMED,         /* the other player stayed away past the grace period */
  CRAPETTE_NET_END_PEER_FAULT,      /* the other program sent what may not be sent */
} CrapetteNetEnd;

/* The short messages players may send each other; the words are the window's. */
#define CRAPETTE_NET_PRESETS "hello", "good-game", "well-played", "your-turn", "thanks", "oops"

#define CRAPETTE_TYPE_NET_PEER (crapette_net_peer_get_type ())

G_DECLARE_FINAL_TYPE (CrapetteNetPeer, crapette_net_peer, CRAPETTE, NET_PEER, GObject)

/* Makes this program's end of a match over @transport under @key, for @session. */
CrapetteNetPeer      *crapette_net_peer_new            (CrapetteSession     *session,
                                                        CrapetteTransport   *transport,
                                                        CrapetteNetRole      role,
                                                        const guint8        *key,
                                                        const char          *name);

/* Host only: the game, rules and length the match is played with (before start). */
void                  crapette_net_peer_set_match      (CrapetteNetPeer     *self,
                                                        CrapetteVariant      variant,
                                                        const CrapetteRules *rules,
                                                        guint                length);

/* Says hello and commits to a seed; the match starts once both ends have revealed theirs. */
void                  crapette_net_peer_start          (CrapetteNetPeer     *self);

/* The connection the match goes over now. */
CrapetteTransport    *crapette_net_peer_get_transport  (CrapetteNetPeer     *self);
/* Carries on over @transport, a new connection after a cut: both ends resynchronise. */
void                  crapette_net_peer_set_transport  (CrapetteNetPeer     *self,
                                                        CrapetteTransport   *transport);

/* Returns where the agreement or the match stands. */
CrapetteNetPeerState  crapette_net_peer_get_state      (CrapetteNetPeer     *self);

/* Returns why the match ended, or %CRAPETTE_NET_END_NONE. */
CrapetteNetEnd        crapette_net_peer_get_end_reason (CrapetteNetPeer     *self);

/* Returns what went wrong, in plain words, or %NULL. */
const char           *crapette_net_peer_get_error      (CrapetteNetPeer     *self);

/* Returns the other player's name (from their hello), or %NULL before it came. */
const char           *crapette_net_peer_get_peer_name  (CrapetteNetPeer     *self);

/* Returns the seat the other player sits at (%CRAPETTE_SOUTH for the guest's host). */
CrapetteSeat          crapette_net_peer_get_remote_seat (CrapetteNetPeer    *self);

/* Returns whether the other player has been heard from lately. */
gboolean              crapette_net_peer_get_peer_present (CrapetteNetPeer   *self);

/* Returns whether the other program has said goodbye (a `bye` line), before or after this
 * end left: unlike presence, a slow link never makes it so. */
gboolean              crapette_net_peer_get_peer_said_goodbye (CrapetteNetPeer *self);

/* Returns the seconds left before an absent player's match may be claimed (0: it may). */
guint                 crapette_net_peer_get_grace_left (CrapetteNetPeer     *self);

/* Sets how long silence means absence and how long absence is forgiven (tests shorten them). */
void                  crapette_net_peer_set_timing     (CrapetteNetPeer     *self,
                                                        guint                silence_ms,
                                                        guint                grace_ms);

/* Sends the short message @id (one of %CRAPETTE_NET_PRESETS); %FALSE for an unknown id. */
gboolean              crapette_net_peer_send_preset    (CrapetteNetPeer     *self,
                                                        const char          *id);

/* Gives the match up. */
void                  crapette_net_peer_resign         (CrapetteNetPeer     *self);

/* Whether a rematch may be offered (or accepted) now: the match is over, by its end or a
 * resignation, the other player is still there, and this end has not offered yet. */
gboolean              crapette_net_peer_can_offer_rematch (CrapetteNetPeer  *self);

/* Whether this end (@by_peer %FALSE) or the other has offered the next match. */
gboolean              crapette_net_peer_get_rematch_offered (CrapetteNetPeer *self,
                                                             gboolean         by_peer);

/* Offers, or accepts, a new match after this one ended; it starts when both have. %FALSE,
 * with nothing sent, when no rematch may be offered now. */
gboolean              crapette_net_peer_offer_rematch  (CrapetteNetPeer     *self);

/* Ends the match of a player absent past the grace period; %FALSE with @error if too soon. */
gboolean              crapette_net_peer_claim          (CrapetteNetPeer     *self,
                                                        GError             **error);

/* Says goodbye to the other program and lets go of the transport. */
void                  crapette_net_peer_leave          (CrapetteNetPeer     *self);

/* Keeps the match in @path from now on, after every line, with @carrier (the caller's words
 * for how to reach the other end again), so that crapette_net_peer_restore() can rejoin it
 * after a restart. %NULL stops keeping it. */
void                  crapette_net_peer_set_state_path (CrapetteNetPeer     *self,
                                                        const char          *path,
                                                        const char          *carrier);

/* Where the window keeps its network match: crapette/network-match.ini in the data folder. */
char                 *crapette_net_peer_get_default_state_path (void);

/* Whether @path holds a network match kept for the match on @session's table; if so, which
 * end this one was and the carrier words. %FALSE with @error when unreadable or another's. */
gboolean              crapette_net_peer_peek_state     (const char          *path,
                                                        CrapetteSession     *session,
                                                        CrapetteNetRole     *role,
                                                        char               **carrier,
                                                        GError             **error);

/* Takes the match kept in @path up again on @session (already holding the saved game) over
 * @transport: the other seat is remote at once, any move the saved game missed is played
 * again, and the first connection resynchronises; the other player is absent until then. */
CrapetteNetPeer      *crapette_net_peer_restore        (CrapetteSession     *session,
                                                        CrapetteTransport   *transport,
                                                        const char          *path,
                                                        GError             **error);

/* Offers the hidden deal in this end's hello (before start; docs/network.md "Hidden
 * cards"); it is used when both ends offer it, otherwise the seed deal. */
void                  crapette_net_peer_set_hidden_offered (CrapetteNetPeer *self,
                                                            gboolean         offered);

/* Whether this match is dealt hidden (the :deal-hidden property): %FALSE for the seed deal,
 * fair but readable by both programs. */
gboolean              crapette_net_peer_get_deal_hidden (CrapetteNetPeer    *self);

/* The backstop of the hidden deal: how long a key or the round's secrets may be owed while
 * the other program is present and says it has heard nothing more of ours, before the match
 * ends as its fault (120 s; tests shorten it). An answer owed after a line the other has
 * acknowledged is refused at once, whatever this limit. */
void                  crapette_net_peer_set_reveal_limit (CrapetteNetPeer   *self,
                                                          guint              reveal_ms);

/* What gave a cheat away (the line and why), or %NULL. */
const char           *crapette_net_peer_get_evidence   (CrapetteNetPeer     *self);

/* Returns whether @id names one of the short messages. */
gboolean              crapette_net_preset_is_known     (const char          *id);

G_END_DECLS
