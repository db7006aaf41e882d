/* crapette-xmpp-room.h: the stanzas of a multi-user chat room (XEP-0045), built and read
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Private to the XMPP worker: pure functions over libstrophe stanzas, with no connection
 * state, so the room's rules can be read in one place.
 */

#pragma once

#include <glib.h>
#include <strophe.h>

G_BEGIN_DECLS

typedef enum
{
  CRAPETTE_XMPP_PRESENCE_OTHER,      /* someone else's presence, or nothing for us */
  CRAPETTE_XMPP_PRESENCE_JOINED,     /* the room took us in under the nickname given */
  CRAPETTE_XMPP_PRESENCE_CREATED,    /* as JOINED, and the room is new: it must be unlocked */
  CRAPETTE_XMPP_PRESENCE_REMOVED,    /* we are out of the room (kicked, room gone, shutdown) */
  CRAPETTE_XMPP_PRESENCE_CONFLICT,   /* our nickname is taken */
  CRAPETTE_XMPP_PRESENCE_NOT_YET,    /* the room is locked by its creator for now */
  CRAPETTE_XMPP_PRESENCE_REFUSED,    /* the room will not let us in */
} CrapetteXmppPresence;

/* Returns the presence that joins @room as @nickname, asking for no history. */
xmpp_stanza_t        *crapette_xmpp_room_join_stanza      (xmpp_ctx_t *ctx,
                                                           const char *room,
                                                           const char *nickname);

/* Returns the presence that leaves @room. */
xmpp_stanza_t        *crapette_xmpp_room_leave_stanza     (xmpp_ctx_t *ctx,
                                                           const char *room,
                                                           const char *nickname);

/* Returns the request that accepts a new room's default configuration (an "instant room"),
 * unlisted. */
xmpp_stanza_t        *crapette_xmpp_room_unlock_stanza    (xmpp_ctx_t *ctx,
                                                           const char *room);

/* Returns the groupchat message carrying @line. */
xmpp_stanza_t        *crapette_xmpp_room_message_stanza   (xmpp_ctx_t *ctx,
                                                           const char *room,
                                                           const char *line);

/* Reads a presence for what it says about us in @room; @nickname_out gets the nickname the
 * room gave us when joined (free it with g_free()). */
CrapetteXmppPresence  crapette_xmpp_room_read_presence    (xmpp_stanza_t *presence,
                                                           const char    *room,
                                                           char         **nickname_out);

/* Returns the line a message carries from another occupant of @room, or %NULL for our own
 * echo, the room's history, its subject, a private or error message, or a body that is not
 * one line of at most CRAPETTE_TRANSPORT_MAX_LINE bytes. Free with g_free(). */
char                 *crapette_xmpp_room_read_message     (xmpp_stanza_t *message,
                                                           const char    *room,
                                                           const char    *nickname);

/* Whether @line can travel as a message body: valid UTF-8, short enough, and made only of
 * characters XML allows, without a line break. */
gboolean              crapette_xmpp_room_line_is_valid    (const char *line,
                                                           gsize       length);

G_END_DECLS
